"""End-to-end tests of the ``cardrules`` command, driven as a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules.agents import make_agent
from cardrules.cli.common import module_of, rules_from
from cardrules.core.deck import derive_seed

COMMAND = [sys.executable, "-m", "cardrules"]
#: The package under test, for commands run from another directory.
SOURCE = str(Path(cardrules.__file__).resolve().parents[1])


def environment(**extra: str) -> dict[str, str]:
    """The environment of a command: this package first on the path, no colour unless asked."""
    path = os.pathsep.join(p for p in (SOURCE, os.environ.get("PYTHONPATH", "")) if p)
    return {**os.environ, "PYTHONPATH": path, **extra}


def run(
    *args: str, stdin: str = "", timeout: float = 120, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*COMMAND, *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        encoding="utf-8",
        cwd=cwd,
        env=environment(),
    )


def default_sigint() -> None:
    """For a child process: Ctrl-C as a terminal gives it, whatever this process inherited (a
    shell starts background jobs with SIGINT ignored, and children inherit that)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


def no_traceback(result: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in result.stderr
    assert "Traceback" not in result.stdout


def human_script(
    game: str, seed: int, seat: int, players: int | None = None, *, forced: bool = True
) -> list[str]:
    """The moves a person at ``seat`` types to play a whole game with the rule-based agent's
    choices, against the command's rule-based bots (a bot's generator is seeded by the game's
    seed and the number of steps so far, as in the command)."""
    import random

    rules = rules_from(game, None, players)
    state = module_of(game).new_game(rules, seed=seed)
    agent = make_agent(game, "rule")
    lines = []
    steps = 0
    while not state.is_terminal:
        current = state.current_player
        rng = random.Random(derive_seed(seed, "play", steps))
        action = agent.act(state.observe(current), rng)
        if current == seat and (forced or len(state.legal_actions()) > 1):
            lines.append(str(action))
        state = state.apply(action)
        steps += 1
    return lines


def final_state(game: str, seed: int, players: int | None = None) -> Any:
    """The end of the game ``human_script`` plays."""
    import random

    state = module_of(game).new_game(rules_from(game, None, players), seed=seed)
    agent = make_agent(game, "rule")
    steps = 0
    while not state.is_terminal:
        rng = random.Random(derive_seed(seed, "play", steps))
        state = state.apply(agent.act(state.observe(state.current_player), rng))
        steps += 1
    return state


def tricks_played(game: str, seed: int, players: int | None = None) -> int:
    """The number of tricks completed in the game ``human_script`` plays (from the history)."""
    state = final_state(game, seed, players)
    if game == "400":
        return sum(sum(r.tricks_taken) for r in state.history if r.ending.value == "played")
    return sum(len(r.tricks) for r in state.history)


# -- play -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("game", "seed", "seat", "players"),
    [("all-fours", 5, 0, None), ("all-fours", 6, 1, 2), ("400", 3, 2, None)],
)
def test_a_scripted_terminal_game_plays_to_the_end(
    game: str, seed: int, seat: int, players: int | None
) -> None:
    moves = human_script(game, seed, seat, players)
    args = ["play", game, "--seed", str(seed), "--seat", str(seat)]
    if players:
        args += ["--players", str(players)]
    result = run(*args, stdin="\n".join(moves) + "\n")
    no_traceback(result)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.count("your move> ") == len(moves)
    assert f"game over: {'team' if game == '400' else 'side'} " in out
    assert "you win!" in out or "you lose." in out
    assert "your hand: " in out
    assert "legal: " in out
    assert " wins trick 1 with " in out
    assert "deal 1 over" in out or "deal 1 thrown in" in out
    assert "\x1b[" not in out  # no colour when the output is not a terminal
    # Every trick's winner is printed, the last trick of each deal too.
    assert out.count(" wins trick ") == tricks_played(game, seed, players)


def test_bad_input_is_refused_with_the_reason_and_the_prompt_comes_again() -> None:
    moves = human_script("all-fours", 5, 0)
    # Before the first real move: text that is no move, a card not in the hand, an action of
    # the wrong phase; then help and a redisplay.
    bad = ["banana", "give", "help", "hand", ""]
    result = run("play", "all-fours", "--seed", "5", stdin="\n".join([*bad, *moves]) + "\n")
    no_traceback(result)
    assert result.returncode == 0
    out = result.stdout
    assert "not a move: 'banana' is not an All Fours action" in out
    assert "illegal: give is not legal" in out
    assert 'moves in All Fours: "stand" or "beg"' in out
    assert "hint       the PIMC agent's choice" in out
    assert "Bid" not in out  # All Fours moves only
    assert "400" not in out.split("seed 5")[1]
    assert "game over" in out
    assert out.count("your move> ") == len(moves) + len(bad)


def test_400_bids_below_the_minimum_are_refused_in_400_words() -> None:
    result = run("play", "400", "--seed", "3", stdin="1\n14\nbanana\nhelp\nquit\n")
    no_traceback(result)
    assert result.returncode == 0
    out = result.stdout
    assert "illegal: 1 is not legal now: the bid is below the minimum: with a score of 0" in out
    assert "bid_below_minimum" not in out
    assert "not a move: 'banana' is not a move of 400: type a bid" in out
    assert "talk_before_play" not in out
    assert "claim:S" not in out
    assert "moves in 400: a bid" in out
    assert "stand" not in out
    assert "minimum total 11 (lower: the deal is thrown in)" in out
    assert "game abandoned (seed 3)" in out


def test_scoring_events_are_narrated() -> None:
    moves = human_script("all-fours", 10, 0)
    out = run("play", "all-fours", "--seed", "10", stdin="\n".join(moves) + "\n").stdout
    for text in ("High: ", "Low: ", "Game: card points ", "scores: side 0 "):
        assert text in out
    assert "scores 2 for the dealer's side" in out or "scores 3 for the dealer's side" in out


def test_quitting_and_end_of_input_are_clean() -> None:
    for stdin in ("quit\n", ""):
        result = run("play", "all-fours", "--seed", "9", stdin=stdin)
        no_traceback(result)
        assert result.returncode == 0
        assert "game abandoned (seed 9)" in result.stdout


@pytest.mark.parametrize("game", ["all-fours", "400"])
def test_play_saves_a_record_that_replays(tmp_path: Path, game: str) -> None:
    moves = human_script(game, 5, 0)
    path = tmp_path / "game.json"
    result = run("play", game, "--seed", "5", "--save", str(path), stdin="\n".join(moves))
    assert result.returncode == 0, result.stderr
    assert f"record saved to {path}" in result.stdout
    replayed = run("replay", str(path))
    assert replayed.returncode == 0, replayed.stderr
    assert "result: " + ("team" if game == "400" else "side") in replayed.stdout
    # The replay prints every trick's winner, as play did.
    assert replayed.stdout.count(" wins trick ") == result.stdout.count(" wins trick ") > 0


def test_play_saves_when_the_game_is_quit_or_input_ends(tmp_path: Path) -> None:
    moves = human_script("all-fours", 5, 0)
    path = tmp_path / "game.json"
    for stdin in ("\n".join([*moves[:3], "quit"]) + "\n", "\n".join(moves[:3])):
        result = run(
            "play", "all-fours", "--seed", "5", "--save", str(path), "--force", stdin=stdin
        )
        assert result.returncode == 0, result.stderr
        assert f"go on with: cardrules play --resume {path} --seat 0 --bots rule" in result.stdout
        record = json.loads(path.read_text(encoding="utf-8"))
        assert [s[0] for d in record["deals"] for s in d["steps"]].count(0) == 3
    # Resuming goes on where the game stopped and plays it to the same end.
    resumed = run("play", "--resume", str(path), stdin="\n".join(moves[3:]) + "\n")
    assert resumed.returncode == 0, resumed.stderr
    assert "resumed after " in resumed.stdout
    assert resumed.stdout.count("your move> ") == len(moves) - 3
    whole = run("play", "all-fours", "--seed", "5", stdin="\n".join(moves) + "\n")
    assert resumed.stdout.splitlines()[-2] == whole.stdout.splitlines()[-1]


def test_save_is_checked_before_the_game(tmp_path: Path) -> None:
    missing = run("play", "all-fours", "--save", str(tmp_path / "no" / "such" / "dir.json"))
    assert missing.returncode == 1
    assert "cannot write" in missing.stderr
    assert "your move" not in missing.stdout
    existing = tmp_path / "old.json"
    existing.write_text("keep me", encoding="utf-8")
    refused = run("play", "all-fours", "--save", str(existing))
    assert refused.returncode == 2
    assert "--force" in refused.stderr
    assert existing.read_text(encoding="utf-8") == "keep me"


def test_undo_goes_back_to_your_previous_decision_and_the_game_is_the_same(
    tmp_path: Path,
) -> None:
    moves = human_script("all-fours", 5, 0)
    typed = [moves[0], moves[1], "undo", moves[1], "undo", "undo", "undo", *moves]
    undone, whole = tmp_path / "undone.json", tmp_path / "whole.json"
    result = run(
        "play", "all-fours", "--seed", "5", "--save", str(undone), stdin="\n".join(typed) + "\n"
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.count("undone: back to your move") == 3
    assert "nothing to undo: you have not moved yet" in out
    again = run(
        "play", "all-fours", "--seed", "5", "--save", str(whole), stdin="\n".join(moves) + "\n"
    )
    assert out.splitlines()[-2] == again.stdout.splitlines()[-2]  # the same result line
    # The autosaved record holds the game as played after the undos: the whole game's record.
    assert undone.read_text(encoding="utf-8") == whole.read_text(encoding="utf-8")


def test_commands_hint_last_score_rules_and_save(tmp_path: Path) -> None:
    moves = human_script("all-fours", 5, 0)
    saved = tmp_path / "mid.json"
    typed = ["last", *moves[:6], "hint", "last", "score", "rules", f"save {saved}", "save", "quit"]
    result = run(
        "play", "all-fours", "--seed", "5", "--hint", "search", stdin="\n".join(typed) + "\n"
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "no trick has been played yet" in out
    assert "hint: the search agent would play " in out
    assert "value " in out
    assert " rollouts " in out
    assert "last trick (" in out
    assert " won it" in out
    assert "target 14: side 0 needs " in out
    assert "kick values (AF-5, AF-9)" in out
    assert f"saved to {saved}; go on with: cardrules play --resume {saved} --seat 0" in out
    assert "save needs a file name" in out
    assert json.loads(saved.read_text(encoding="utf-8"))["game"] == "all_fours"


def test_400_score_shows_the_minimum_total_and_its_ladder() -> None:
    result = run("play", "400", "--seed", "3", stdin="score\nquit\n")
    assert result.returncode == 0, result.stderr
    assert "minimum total of the four bids (FH-13, from the highest score, 0): 11" in result.stdout
    assert "ladder: 11 at 0, 12 at 30, 13 at 40, 14 at 50, 15 at 60" in result.stdout


def test_autoplay_plays_forced_moves() -> None:
    moves = human_script("all-fours", 5, 0, forced=False)
    result = run("play", "all-fours", "--seed", "5", "--autoplay", stdin="\n".join(moves) + "\n")
    assert result.returncode == 0, result.stderr
    forced = result.stdout.count("(your only legal move: ")
    assert forced == len(human_script("all-fours", 5, 0)) - len(moves) > 0
    assert result.stdout.count("your move> ") == len(moves)
    assert "you win!" in result.stdout or "you lose." in result.stdout


def test_the_hand_and_the_legal_moves_are_in_the_same_order() -> None:
    result = run("play", "400", "--seed", "3", stdin="quit\n")
    lines = result.stdout.splitlines()
    hand = next(line for line in lines if line.startswith("your hand: "))
    assert hand.startswith("your hand: ♥ H: ")
    assert "(trumps)" in hand
    moves = human_script("400", 3, 0)
    played = run("play", "400", "--seed", "3", stdin="\n".join([moves[0], "quit"]) + "\n")
    screens = played.stdout.split("your move> ")
    screen = screens[1].splitlines()
    hand_line = next(line for line in screen if line.startswith("your hand: "))
    legal = next(line for line in screen if line.startswith("legal: ")).split()[1:]
    order = []
    for group in hand_line.removeprefix("your hand: ").split("   "):
        _, letter, *ranks = group.replace("(trumps)", "").split()
        order += [rank + letter[0] for rank in ranks if rank != "-"]
    assert [card for card in order if card in legal] == legal


@pytest.mark.parametrize(
    "args",
    [
        ["play", "chess"],
        ["play", "400", "--players", "2"],
        ["play", "all-fours", "--seat", "4"],
        ["play", "all-fours", "--players", "3"],
        ["play", "all-fours", "--preset", "nonsense"],
        ["play", "all-fours", "--bots", "genius"],
        ["play", "all-fours", "--seed", "x"],
        ["frobnicate"],
        [],
    ],
)
def test_bad_arguments_exit_2_with_a_message(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    from cardrules.cli import main

    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardrules: error: ")
    assert len(err.strip().splitlines()) == 1


# -- simulate ---------------------------------------------------------------------------------
def test_simulate_prints_a_summary_table() -> None:
    result = run(
        "simulate", "all-fours", "--games", "6", "--agents", "rule,random", "--processes", "1"
    )
    no_traceback(result)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "all-fours: rule against random, seed 0"
    assert lines[1].split()[:4] == ["agent", "games", "wins", "win"]
    assert lines[2].split()[:2] == ["rule", "6"]
    assert lines[3].split()[:2] == ["random", "6"]
    assert "6 games in 3 duplicate pairs" in lines[4]
    assert "deals per game" in lines[4]
    assert "games/s" in lines[4]
    assert "95% Wilson score interval" in lines[5]
    assert lines[6].startswith("pts/game, pts/deal: the final score difference, per game and")


def test_simulate_intervals_never_collapse() -> None:
    for agents in ("rule,random", "random,random"):
        result = run("simulate", "all-fours", "--games", "20", "--agents", agents, "--json")
        assert result.returncode == 0, result.stderr
        for agent in json.loads(result.stdout)["agents"]:
            assert agent["ci_low"] < agent["win_rate"] or agent["win_rate"] == 0.0
            assert agent["ci_high"] - agent["ci_low"] > 0.2
            assert "margin_per_deal" in agent
    one = run("simulate", "400", "--games", "2", "--agents", "rule,random", "--processes", "1")
    assert "2 games in 1 duplicate pair," in one.stdout


def test_simulate_json_and_records(tmp_path: Path) -> None:
    result = run(
        "simulate",
        "all-fours",
        "--games",
        "4",
        "--agents",
        "random,rule",
        "--preset",
        "all_twos",
        "--json",
        "--records",
        str(tmp_path),
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["game"] == "all-fours"
    assert data["games"] == 4
    assert data["rules"]["players"] == 2
    names = [agent["name"] for agent in data["agents"]]
    assert names == ["random", "rule"]
    assert sum(agent["wins"] for agent in data["agents"]) == 4
    saved = sorted(tmp_path.glob("game-*.json"))
    assert len(saved) == 4
    replayed = run("replay", str(saved[0]))
    assert replayed.returncode == 0, replayed.stderr


def test_simulate_400_and_the_same_seed_gives_the_same_games() -> None:
    args = ("simulate", "400", "--games", "2", "--agents", "rule,random", "--json")
    first, second = run(*args), run(*args, "--processes", "1")
    assert first.returncode == second.returncode == 0
    wins = [[a["wins"] for a in json.loads(r.stdout)["agents"]] for r in (first, second)]
    assert wins[0] == wins[1]


@pytest.mark.parametrize(
    "args",
    [
        ["--games", "3"],
        ["--games", "0"],
        ["--agents", "rule"],
        ["--agents", "rule,oracle"],
        ["--agents", "rule,search:zero"],
        ["--agents", "rule,search:infs"],
        ["--agents", "rule,search:1e308s"],
        ["--agents", "rule,search:nans"],
        ["--agents", "rule,search:0s"],
        ["--agents", "rule,search:99999999999"],
        ["--agents", "rule,nosuchmodule_xyz:Bot"],
        ["--agents", "rule,json:nothing_here"],
        ["--agents", "rule,json:dumps"],
        ["--processes", "0"],
        ["--processes", "100000"],
        ["--games", "1000000000"],
        ["--games", "-2"],
    ],
)
def test_simulate_rejects_bad_arguments(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    from cardrules.cli import main

    assert main(["simulate", "all-fours", *args]) == 2  # at once: nothing is played
    captured = capsys.readouterr()
    assert captured.err.startswith("cardrules: error:")
    assert len(captured.err.strip().splitlines()) == 1
    assert captured.out == ""


BOT = """
class TrumpCounter:
    name = "trump-counter"

    def act(self, observation, rng):
        legal = observation.legal_actions
        return legal[len(legal) // 2]


def make():
    return TrumpCounter()
"""


@pytest.mark.parametrize("spec", ["mybot:TrumpCounter", "mybot:make"])
def test_your_own_agent_from_the_current_directory(tmp_path: Path, spec: str) -> None:
    (tmp_path / "mybot.py").write_text(BOT, encoding="utf-8")
    result = run(
        "simulate",
        "all-fours",
        "--games",
        "4",
        "--agents",
        f"{spec},random",
        "--json",
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert [a["name"] for a in json.loads(result.stdout)["agents"]] == ["trump-counter", "random"]
    played = run("play", "all-fours", "--seed", "2", "--bots", spec, stdin="quit\n", cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    assert "bots: trump-counter" in played.stdout


def test_simulate_help_names_the_agents() -> None:
    result = run("simulate", "--help")
    assert result.returncode == 0
    text = " ".join(result.stdout.split())
    for name in ("random", "rule", "search:N", "search:Xs", "module:attribute"):
        assert name in text


def test_records_are_not_overwritten_without_force(tmp_path: Path) -> None:
    args = ["simulate", "all-fours", "--games", "2", "--records", str(tmp_path), "--processes", "1"]
    assert run(*args).returncode == 0
    first = (tmp_path / "game-0001.json").read_text(encoding="utf-8")
    again = run(*args[:-2], "--seed", "9")
    assert again.returncode == 2
    assert "--force" in again.stderr
    assert (tmp_path / "game-0001.json").read_text(encoding="utf-8") == first
    forced = run(*args, "--seed", "9", "--force")
    assert forced.returncode == 0, forced.stderr
    assert (tmp_path / "game-0001.json").read_text(encoding="utf-8") != first


def test_version_and_python_dash_m() -> None:
    from cardrules import __version__

    for command in (["-m", "cardrules"], ["-m", "cardrules.cli"]):
        result = subprocess.run(
            [sys.executable, *command, "--version"], capture_output=True, text=True, check=False
        )
        assert result.returncode == 0
        assert result.stdout.strip() == f"cardrules {__version__}"


def test_main_returns_the_status_and_the_module_exits_with_it() -> None:
    from cardrules.cli import main

    assert main(["rules", "400", "--preset", "nonsense"]) == 2
    result = subprocess.run(
        [sys.executable, "-m", "cardrules", "rules", "chess"], capture_output=True, check=False
    )
    assert result.returncode == 2


# -- replay -----------------------------------------------------------------------------------
def test_replay_steps_through_a_record(tmp_path: Path) -> None:
    from cardrules.agents.all_fours import RuleAgent
    from cardrules.all_fours import Rules
    from cardrules.records import final_state, to_json, to_text
    from cardrules.runner import play_game

    record = play_game(Rules(), [RuleAgent()] * 4, seed=8)
    json_path = tmp_path / "game.json"
    json_path.write_text(to_json(record), encoding="utf-8")
    text_path = tmp_path / "game.txt"
    text_path.write_text(to_text(record), encoding="utf-8")
    outputs = []
    for path in (json_path, text_path):
        result = run("replay", str(path))
        no_traceback(result)
        assert result.returncode == 0, result.stderr
        outputs.append(result.stdout)
    assert outputs[0] == outputs[1]
    out = outputs[0]
    assert out.startswith("all-fours record: seed 8")
    assert "deal 1: seat 0 deals" in out
    assert "  seat 0: ♠ S:" in out
    # Every trick's winner, the last of each deal too.
    assert out.count(" wins trick ") == sum(len(d.tricks) for d in final_state(record).history)
    assert "High: " in out
    assert "Game: card points" in out
    assert f"result: side {record.winner} wins" in out


def test_replay_pauses_after_each_trick_and_quits(tmp_path: Path) -> None:
    from cardrules.agents.all_fours import RuleAgent
    from cardrules.all_fours import Rules
    from cardrules.records import to_json
    from cardrules.runner import play_game

    path = tmp_path / "game.json"
    path.write_text(to_json(play_game(Rules(), [RuleAgent()] * 4, seed=8)), encoding="utf-8")
    result = run("replay", str(path), "--pause", stdin="\n\nq\n")
    assert result.returncode == 0
    assert result.stdout.count("[Enter: next, q: quit]") == 3
    assert "result: " not in result.stdout


def test_replay_refuses_bad_files(tmp_path: Path) -> None:
    missing = run("replay", str(tmp_path / "missing.json"))
    assert missing.returncode == 1
    assert "cannot read" in missing.stderr
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json", encoding="utf-8")
    bad = run("replay", str(garbage))
    assert bad.returncode == 1
    assert "is not a valid record" in bad.stderr
    # A record whose scores were tampered with: caught during the replay.
    from cardrules.agents.all_fours import RuleAgent
    from cardrules.all_fours import Rules
    from cardrules.records import to_json
    from cardrules.runner import play_game

    data = json.loads(to_json(play_game(Rules(), [RuleAgent()] * 4, seed=8)))
    data["deals"][0]["scores"] = [99, 99]
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(data), encoding="utf-8")
    result = run("replay", str(tampered))
    no_traceback(result)
    assert result.returncode == 1
    assert "deal 0" in result.stderr
    for r in (missing, bad):
        no_traceback(r)


def test_replay_reads_a_record_with_a_byte_order_mark(tmp_path: Path) -> None:
    from cardrules.agents.all_fours import RuleAgent
    from cardrules.all_fours import Rules
    from cardrules.records import to_json
    from cardrules.runner import play_game

    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + to_json(play_game(Rules(), [RuleAgent()] * 4, 8)).encode())
    result = run("replay", str(path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("all-fours record: seed 8")


# -- rules ------------------------------------------------------------------------------------
def test_rules_prints_options_and_scoring_tables() -> None:
    af = run("rules", "all-fours")
    assert af.returncode == 0
    assert "presets: trinidad, tournament, tobago, all_twos" in af.stdout
    assert "  kick value    1  0  0  3  0  0  0  0  2  0  0  0  0" in af.stdout
    assert "  hang jack  3" in af.stdout
    fh = run("rules", "400", "--preset", "pagat_41")
    assert fh.returncode == 0
    assert "  a bid of 10 or more never wins the game by itself (FH-21)" in fh.stdout
    assert "bid values V(bid, score)" in fh.stdout
    assert "14  16  18  20  22  24  26" in fh.stdout
    as_json = run("rules", "all-fours", "--players", "2", "--json")
    assert json.loads(as_json.stdout)["rules"]["players"] == 2


@pytest.mark.parametrize("game", ["400", "all-fours"])
def test_rules_says_every_option_in_a_players_words(game: str) -> None:
    import re

    from cardrules.cli.rules import describe_rules

    module = module_of(game)
    for preset in module.Rules.PRESETS:
        rules = module.Rules.preset(preset)
        lines = describe_rules(game, rules, preset)
        start = lines.index("options (--json prints them as data):") + 1
        options = lines[start : lines.index("", start)]
        assert len(options) == len(rules.to_dict())
        for line in options:
            assert re.search(r"\b[a-z]+_[a-z_]+\b", line) is None, line  # no option names
            assert '"' not in line  # no JSON values
            assert re.search(r"\((FH|AF)-\d+", line), line  # each cites its rule


def test_rules_rejects_unknown_presets() -> None:
    result = run("rules", "400", "--preset", "vegas")
    no_traceback(result)
    assert result.returncode == 2
    assert "vegas" in result.stderr


BROKEN = """
class Broken:
    name = "broken"

    def act(self, observation, rng):
        raise RuntimeError("no idea")


class Cheat:
    name = "cheat"

    def act(self, observation, rng):
        return "AS"
"""


@pytest.mark.parametrize(
    ("command", "spec"),
    [
        (
            ["simulate", "all-fours", "--games", "2", "--processes", "1", "--agents"],
            "b:Broken,rule",
        ),
        (["simulate", "all-fours", "--games", "2", "--agents"], "b:Broken,rule"),
        (["simulate", "all-fours", "--games", "2", "--processes", "1", "--agents"], "b:Cheat,rule"),
        (["play", "all-fours", "--seat", "1", "--seed", "4", "--bots"], "b:Broken"),
    ],
)
def test_a_failing_agent_is_one_line(tmp_path: Path, command: list[str], spec: str) -> None:
    (tmp_path / "b.py").write_text(BROKEN, encoding="utf-8")
    result = run(*command, spec, cwd=tmp_path, stdin="quit\n")
    no_traceback(result)
    assert result.returncode == 2
    assert result.stderr.startswith("cardrules: error: ")
    assert len(result.stderr.strip().splitlines()) == 1


def test_hint_from_the_pimc_agent() -> None:
    """``--hint pimc``: the PIMC agent's choice with each card's average over solved samples."""
    moves = human_script("all-fours", 5, 0)
    typed = [*moves[:6], "hint", "quit"]
    result = run(
        "play", "all-fours", "--seed", "5", "--hint", "pimc:4", stdin="\n".join(typed) + "\n"
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "hint: the PIMC agent would play " in out
    head = next(line for line in out.splitlines() if line.startswith("hint: the PIMC agent"))
    assert head.endswith("(4 solved samples)")
    assert "  value: the average over the samples" in out
    values = [line.split() for line in out.splitlines() if line.startswith("      ")]
    assert sorted(cards for cards, _, _ in values) == ["3H", "5H", "JD", "TC"]
    numbers = [float(value) for _, _, value in values]
    assert numbers == sorted(numbers, reverse=True)  # best first
    chosen = head.split("would play ")[1].split()[0]
    assert {cards: float(value) for cards, _, value in values}[chosen] == numbers[0]


def test_hint_must_be_a_search_or_pimc_agent() -> None:
    result = run("play", "all-fours", "--seed", "5", "--hint", "rule", stdin="quit\n")
    assert result.returncode != 0
    assert "--hint must be a search or pimc agent" in result.stderr
