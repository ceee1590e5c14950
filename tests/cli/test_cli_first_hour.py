"""What a new player reads: refused moves in words and in the prompt's order, the resumed deal
told from its first kick, the last deal's header, why a bid counts what it counts, what ``hint``
sampled, and the hands after a run of the pack."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest

from cardrules.agents.all_fours import RuleAgent as AllFoursRule
from cardrules.agents.four_hundred import RuleAgent as FourHundredRule
from cardrules.all_fours import Rules as AllFoursRules
from cardrules.cli import main
from cardrules.cli.common import module_of
from cardrules.cli.play import Session, play_session
from cardrules.cli.render import Style, format_actions
from cardrules.core.cards import Card, Suit
from cardrules.four_hundred import Rules as FourHundredRules
from cardrules.records import recorder, replay, to_json
from cardrules.runner import play_game

SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")


class Mischief(io.StringIO):
    """A player's input that tries, at each decision, a claim, a move of the wrong phase and a
    card that may not be played, before a legal move; then quits after ``moves`` decisions."""

    def __init__(self, session: Session, moves: int) -> None:
        super().__init__()
        self.session = session
        self.moves = moves
        self.queue: list[str] = []
        self.seen = -1

    def readline(self, size: int | None = -1) -> str:
        state = self.session.state
        if len(self.session.steps) != self.seen:  # a new decision
            self.seen = len(self.session.steps)
            self.moves -= 1
            if self.moves < 0:
                return "quit\n"
            legal = state.legal_actions()
            cards = [a.card for a in legal if isinstance(getattr(a, "card", None), Card)]
            hand = state.hands[state.current_player]
            wrong = [c for c in hand if cards and c not in cards]
            self.queue = ["claim"] if self.session.game == "400" else ["stand", "give"]
            self.queue += [str(c) for c in wrong[:2]]
            self.queue.append("AC" if not cards else "2")
            self.queue.append(str(legal[-1]))
        return self.queue.pop(0) + "\n"


def _session(game: str, seed: int) -> Session:
    module = module_of(game)
    rules = FourHundredRules() if game == "400" else AllFoursRules()
    bot = FourHundredRule() if game == "400" else AllFoursRule()
    return Session(game, module.new_game(rules, seed=seed), 0, bot, style=Style())


@pytest.mark.parametrize(("game", "seed"), [("400", 1), ("400", 8), ("all-fours", 2)])
def test_refused_moves_are_in_words_and_in_the_prompts_order(game: str, seed: int) -> None:
    session = _session(game, seed)
    out = io.StringIO()
    play_session(session, Mischief(session, 14), out)
    lines = out.getvalue().splitlines()
    refused = 0
    prompt_legal = None
    for line in lines:
        if line.startswith("legal: "):
            prompt_legal = line.removeprefix("legal: ")
        if line.startswith(("your move> illegal: ", "illegal: ")):
            refused += 1
            text = line.split("illegal: ", 1)[1]
            assert SNAKE.search(text) is None, text
            assert "claim:" not in text
            assert text.endswith(f"; legal: {prompt_legal}"), (text, prompt_legal)
    assert refused >= 14


def test_the_prompts_order_is_the_hands_order() -> None:
    """``format_actions`` lists cards as the hand shows them: trumps first, high first."""
    session = _session("400", 3)
    state = session.state
    while state.phase.value == "bidding":
        state = state.apply(state.legal_actions()[3])
    legal = format_actions(state.legal_actions(), Suit.HEARTS).split()
    hand = state.hands[state.current_player]
    order = sorted(
        hand, key=lambda c: (c.suit is not Suit.HEARTS, "SHDC".index(c.suit.letter), -c.rank)
    )
    assert legal == [str(c) for c in order if any(str(c) == x for x in legal)]


def _record_after_a_run(seed: int) -> tuple[Any, str, str]:
    """A record of an All Fours game stopped a few moves after the pack was run in its first
    deal, with that deal's first and second kicks."""
    module = module_of("all-fours")
    for candidate in range(seed, seed + 50):
        state = module.new_game(AllFoursRules(), seed=candidate)
        kicks = [str(state.kick)]
        record = recorder(state)
        agent = AllFoursRule()
        import random

        ran = False
        for step in range(60):
            seat = state.current_player
            action = agent.act(state.observe(seat), random.Random(step))
            state = record.apply(action)
            if str(action) == "run":
                ran = True
                kicks.append(str(state.kick))
            if ran and len(state.current_trick.cards) == 2 and state.deal_number == 0:
                if state.current_player != 0:
                    continue
                return record.record(), kicks[0], kicks[-1]
    raise AssertionError("no seed runs the pack")


def test_a_resumed_game_tells_the_deal_from_its_first_kick(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record, first, last = _record_after_a_run(1)
    assert first != last
    path = tmp_path / "saved.json"
    path.write_text(to_json(record), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "--resume", str(path)]) == 0
    out = capsys.readouterr().out
    recap = out.split("resumed after ", 1)[1]
    assert f"  kick {first}: " in recap
    assert "runs the pack: three more cards each and a new kick (AF-11)" in recap
    assert f"  new kick {last}" in recap
    assert f"  kick {last}: " not in recap


def _replay_text(record: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    path = tmp_path / "record.json"
    path.write_text(to_json(record), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out: str = capsys.readouterr().out
    return out


@pytest.mark.rule("AF-14")
@pytest.mark.rule("AF-23")
def test_the_last_deal_is_told_and_game_not_scored_is_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 16 (dealer 0): the target is reached at High; seed 0: at a kick, before any trick
    at_high = play_game(AllFoursRules(), [AllFoursRule()] * 4, seed=16, dealer=0)
    out = _replay_text(at_high, tmp_path, capsys)
    assert out.count(": a side reaches the target of 14 (AF-14):") == 1
    tail = out.split(": a side reaches the target of 14 (AF-14):", 1)[1]
    assert "  High: " in tail
    assert "the tally stops there, so Game is not scored (AF-14, AF-23)" in tail
    assert "Game: card points" not in tail
    at_kick = play_game(AllFoursRules(), [AllFoursRule()] * 4, seed=0, dealer=0)
    out = _replay_text(at_kick, tmp_path, capsys)
    last = re.findall(r"\ndeal (\d+): seat \d deals\n", out)[-1]
    tail = out.split(f"\ndeal {last}: ", 1)[1]
    assert re.match(r"seat \d deals\n  kick \w\w: a \w+ turned up scores", tail), tail
    assert f"deal {last} over: a side reaches the target of 14 (AF-14):" in tail
    assert "Game is not scored" not in tail


@pytest.mark.rule("FH-20")
def test_a_bids_value_is_explained_when_it_is_not_its_tricks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = play_game(FourHundredRules(), [FourHundredRule()] * 4, seed=2)
    out = _replay_text(record, tmp_path, capsys)
    scored = re.findall(r"bid (\d+), took \d+: (?:made|failed), [+-](\d+) -> (-?\d+)(.*)", out)
    assert scored
    explained = 0
    for bid, value, _, note in scored:
        if bid == value:
            assert note == ""
            continue
        explained += 1
        assert note.startswith(f" (a bid of {bid} counts {value}"), note
        assert note.endswith(", FH-20)")
        if bid in ("5", "6"):
            assert ("below a score of 30" in note) != ("from 30 on" in note)
    assert explained


def test_the_400_header_says_what_wins() -> None:
    out = io.StringIO()
    session = _session("400", 4)
    play_session(session, io.StringIO("quit\n"), out)
    assert (
        "to win: a team with one player at 41 or more and the partner above 0 (FH-22, FH-23)"
        in out.getvalue()
    )
    out = io.StringIO()
    play_session(_session("all-fours", 4), io.StringIO("quit\n"), out)
    assert "to win: be the first side to 14 points (AF-21)" in out.getvalue()


@pytest.mark.parametrize("game", ["400", "all-fours"])
def test_hint_says_what_it_sampled(game: str) -> None:
    session = _session(game, 5)
    session.hint_spec = "search"  # the hint agent by default is PIMC's
    while session.state.current_player != 0 or len(session.state.legal_actions()) < 2:
        session.apply(session.state.current_player, session.bot_move())
    lines = session.hint()
    match = re.search(
        r"\((\d+) sampled deals, each of your moves played out from each: (\d+) rollouts", lines[0]
    )
    assert match, lines[0]
    rollouts = [int(line.rsplit("rollouts ", 1)[1]) for line in lines[2:]]
    assert sum(rollouts) == int(match.group(2))
    assert all(count == int(match.group(1)) for count in rollouts)
    assert "1 if it wins the game, 0 if it loses it, else 0.5 + " in lines[1]


@pytest.mark.rule("AF-11")
def test_replay_shows_the_hands_after_a_run_of_the_pack(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = play_game(AllFoursRules(), [AllFoursRule()] * 4, seed=0, dealer=0)
    steps = list(replay(record))
    assert steps[1].action == "run"
    out = _replay_text(record, tmp_path, capsys)
    after = out.split("  the hands after the run:\n", 1)[1].splitlines()[:4]
    for seat, line in enumerate(after):
        assert line.startswith(f"  seat {seat}: ")
        cards = [part for part in re.split(r"[♠♥♦♣] [SHDC]:", line) if part]
        count = sum(
            len([r for r in group.replace("(trumps)", "").split() if r != "-"])
            for group in cards[1:]
        )
        assert count == len(steps[1].after.hands[seat]) >= 9
