"""The command against hostile input: files read within the limit, every loader failure one line
(never a traceback), records that lose no finished game (SIGINT, a full disk), a resumed game
checked as strictly as a replay, agents that are not agents, numbers in other scripts."""

from __future__ import annotations

import errno
import json
import os
import re
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from tests.cli.test_cli_command import COMMAND, default_sigint, environment, no_traceback, run

from cardrules.agents import RandomAgent
from cardrules.all_fours import Rules as AllFoursRules
from cardrules.cli import main
from cardrules.core.records import MAX_INPUT_BYTES
from cardrules.records import from_json, replay, to_json, to_text
from cardrules.runner import play_game


@pytest.fixture(scope="module")
def short_record() -> Any:
    """A short All Fours game (target 3) of random play."""
    return play_game(AllFoursRules(target=3), [RandomAgent()] * 4, seed=5)


def _json(record: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(to_json(record))
    return data


def _bad_files(record: Any) -> dict[str, bytes | None]:
    """Files that no loader may accept, by what is wrong with them (``None``: a directory)."""
    text = to_text(record)
    lines = text.splitlines()
    good = _json(record)
    tampered_scores = json.loads(json.dumps(good))
    tampered_scores["deals"][0]["scores"] = [7, 7]
    illegal_step = json.loads(json.dumps(good))
    illegal_step["deals"][0]["steps"][0][1] = "run"
    wrong_seat = json.loads(json.dumps(good))
    wrong_seat["deals"][0]["steps"][0][0] = 2
    no_deals = json.loads(json.dumps(good))
    no_deals["deals"] = []
    wrong_result = json.loads(json.dumps(good))
    wrong_result["result"]["winner"] = 1 - good["result"]["winner"]
    huge_seed = to_json(record).replace(f'"seed": {good["seed"]}', '"seed": ' + "9" * 5000, 1)

    def tagged(name: str, value: str) -> bytes:
        return "\n".join(
            f'[{name} "{value}"]' if line.startswith(f"[{name} ") else line for line in lines
        ).encode()

    return {
        "empty": b"",
        "not UTF-8": b"\xff\xfe\x00{",
        "not JSON": b"{not json",
        "JSON, not a record": b'{"format": "something else"}',
        "a JSON array": b"[1, 2, 3]",
        "nested too deep": b"{" + b'"a": [' * 200 + b"]" * 200 + b"}",
        "a 5,000-digit seed (JSON)": huge_seed.encode(),
        "a NaN": to_json(record).replace('"dealer": ', '"dealer": NaN, "x": ', 1).encode(),
        "no deals": json.dumps(no_deals).encode(),
        "deal-0 scores changed": json.dumps(tampered_scores).encode(),
        "an illegal step": json.dumps(illegal_step).encode(),
        "a step by the wrong seat": json.dumps(wrong_seat).encode(),
        "a result changed": json.dumps(wrong_result).encode(),
        "text: a 5,000-digit dealer": tagged("Dealer", "9" * 5000),
        "text: a 5,000-digit seed": tagged("Seed", "9" * 5000),
        "text: a 5,000-digit score": tagged("Scores", "9" * 5000 + " 0"),
        "text: a 5,000-digit deal number": text.replace(
            "Deal 0 ", "Deal " + "9" * 5000 + " ", 1
        ).encode(),
        "text: version 99": tagged("Version", "99"),
        "text: no blank line": b'[Game "all_fours"]\n',
        "text: bad rules": tagged("Rules", "{oops"),
        "text: a line too long": b'[Game "all_fours"]\n' + b"x" * (70 * 1024) + b"\n\n",
        "text: unknown game": tagged("Game", "chess"),
        "a directory": None,
    }


def _cases() -> list[str]:
    record = play_game(AllFoursRules(target=3), [RandomAgent()] * 4, seed=5)
    return list(_bad_files(record))


@pytest.mark.parametrize("case", _cases())
@pytest.mark.parametrize("command", ["replay", "resume"])
def test_every_loader_failure_is_one_line_with_status_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], short_record: Any, case: str, command: str
) -> None:
    content = _bad_files(short_record)[case]
    path = tmp_path / "bad-record"
    if content is None:
        path.mkdir()
    else:
        path.write_bytes(content)
    args = ["replay", str(path)] if command == "replay" else ["play", "--resume", str(path)]
    assert main(args) == 1, case
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("cardrules: error: ")
    assert str(path) in lines[0]
    assert "internal error" not in lines[0]
    assert "Traceback" not in captured.err + captured.out
    if content is not None:  # a refused resume rewrites nothing
        assert path.read_bytes() == content
    if case == "an illegal step":  # told in words, as at the prompt
        assert "is not legal now: " in lines[0]
        assert re.search(r"\b[a-z]+_[a-z_]+\b", lines[0].split("is not legal now")[1]) is None


def test_a_refused_resume_is_the_record_replay_refuses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], short_record: Any
) -> None:
    """``play --resume`` checks a record as ``replay`` does: changed deal-0 scores."""
    data = _json(short_record)
    data["deals"][0]["scores"] = [7, 7]
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    refused_by_replay = capsys.readouterr().err
    assert main(["play", "--resume", str(path)]) == 1
    refused_by_resume = capsys.readouterr().err
    assert "the record says the scores after the deal are [7, 7]" in refused_by_replay
    assert "the record says the scores after the deal are [7, 7]" in refused_by_resume


@pytest.mark.parametrize("command", [["replay"], ["play", "--resume"]])
def test_input_is_read_within_the_16_mib_limit(tmp_path: Path, command: list[str]) -> None:
    sparse = tmp_path / "huge.json"
    with sparse.open("wb") as file:  # 64 MiB of nothing, without writing them
        file.truncate(4 * MAX_INPUT_BYTES)
    sources = [str(sparse)]
    if Path("/dev/zero").exists():
        sources.append("/dev/zero")  # endless: read whole, it never ends
    for source in sources:
        start = time.perf_counter()
        result = run(*command, source, timeout=60)
        no_traceback(result)
        assert result.returncode == 1
        assert f"{source} is over the limit of 16,777,216 bytes (16 MiB)" in result.stderr
        assert time.perf_counter() - start < 30


@pytest.mark.parametrize("value", ["٤", "۴", "４", " 4", "4 ", "+4", "1_000", "0x10", "4.0", ""])
def test_numeric_options_take_the_digits_0_to_9_only(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "all-fours", "--games", value]) == 2
    err = capsys.readouterr().err
    assert "argument --games: " in err
    assert "is not a whole number written with the digits 0-9" in err
    assert main(["play", "all-fours", "--seed", value]) == 2
    assert main(["rules", "all-fours", "--players", value]) == 2
    capsys.readouterr()


NOT_AGENTS = ["builtins:exit", "builtins:quit", "builtins:print", "builtins:int", "os:getcwd"]


@pytest.mark.parametrize("spec", NOT_AGENTS)
def test_agents_that_are_not_agents_are_refused(
    spec: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "all-fours", "--games", "2", "--agents", f"{spec},rule"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardrules: error: agent ")
    assert "is not an agent" in err
    assert len(err.strip().splitlines()) == 1
    assert main(["play", "all-fours", "--bots", spec]) == 2
    assert "is not an agent" in capsys.readouterr().err


@pytest.mark.parametrize(
    "args",
    [
        [
            "simulate",
            "400",
            "--games",
            "2",
            "--agents",
            "cardrules.agents.all_fours:RuleAgent,rule",
        ],
        [
            "simulate",
            "all-fours",
            "--games",
            "2",
            "--agents",
            "rule,cardrules.agents.four_hundred:RuleAgent",
        ],
        ["play", "400", "--bots", "cardrules.agents.all_fours:RuleAgent"],
    ],
)
def test_an_agent_of_the_other_game_is_refused_before_the_first_move(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*args, "--seed", "1"]) == 2
    captured = capsys.readouterr()
    assert "does not play " in captured.err
    assert "asked for the first decision of a game of" in captured.err
    assert captured.out == ""  # no game started, no table printed
    assert len(captured.err.strip().splitlines()) == 1


def test_an_illegal_move_names_the_agent_and_the_seed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert (
        main(
            [
                "simulate",
                "400",
                "--games",
                "2",
                "--agents",
                "tests.cli.fake_agents:Cheat,rule",
                "--processes",
                "1",
            ]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert err.startswith("cardrules: error: the tournament stopped: agent 'cheat' at seat ")
    assert "of the game of seed " in err
    assert "is not legal now" in err
    assert "_" not in err.split("legal now", 1)[1]  # no programmer token in the reason


def _simulate(directory: Path, games: int) -> list[str]:
    return [
        "simulate", "all-fours", "--games", str(games), "--agents", "random,random",
        "--processes", "1", "--seed", "3", "--records", str(directory),
    ]  # fmt: skip


def _check_records(directory: Path) -> list[Path]:
    """Every record file in ``directory`` is whole and replays; no temporary file is left."""
    files = sorted(directory.glob("game-*.json"))
    for path in files:
        list(replay(from_json(path.read_bytes())))
    leftovers = [p.name for p in directory.iterdir() if p not in files]
    assert leftovers == []
    return files


def test_records_are_written_as_each_game_finishes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from cardrules.cli import simulate

    seen: list[list[str]] = []
    real = simulate.write_atomic

    def watching(path: Path, text: str) -> None:
        seen.append(sorted(p.name for p in tmp_path.glob("game-*.json")))
        real(path, text)

    monkeypatch.setattr(simulate, "write_atomic", watching)
    assert main(_simulate(tmp_path, 6)) == 0
    assert seen == [[f"game-{n:04d}.json" for n in range(1, k + 1)] for k in range(6)]
    assert len(_check_records(tmp_path)) == 6
    assert "6 records saved in " in capsys.readouterr().out


def test_a_full_disk_keeps_the_finished_records_and_the_summary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The writer fails part-way through the third record, as a full disk does."""
    from cardrules.cli import common

    real = common._write_all
    writes = [0]

    def filling_up(file: Any, data: bytes) -> None:
        writes[0] += 1
        if writes[0] < 3:
            real(file, data)
            return
        real(file, data[: len(data) // 2])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(common, "_write_all", filling_up)
    assert main(_simulate(tmp_path, 8)) == 1
    captured = capsys.readouterr()
    assert "agent " in captured.out
    assert "8 games in 4 duplicate pairs" in captured.out
    err = captured.err.strip().splitlines()
    assert len(err) == 1
    assert "cannot write " in err[0]
    assert "game-0003.json: No space left on device" in err[0]
    assert err[0].endswith(f"2 records saved in {tmp_path}")
    assert [p.name for p in _check_records(tmp_path)] == ["game-0001.json", "game-0002.json"]
    assert writes[0] == 3  # nothing more is written after the failure


def test_sigint_loses_no_finished_game(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [*COMMAND, *_simulate(tmp_path, 20_000)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment(),
        preexec_fn=default_sigint,
    )
    try:
        deadline = time.monotonic() + 60
        while len(list(tmp_path.glob("game-*.json"))) < 5 and time.monotonic() < deadline:
            time.sleep(0.05)
        process.send_signal(signal.SIGINT)
        _out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130
    assert "Traceback" not in err
    files = _check_records(tmp_path)
    assert len(files) >= 5
    assert [p.name for p in files] == [f"game-{n:04d}.json" for n in range(1, len(files) + 1)]
    assert f"cardrules: {len(files)} records saved in {tmp_path}" in err
    assert "interrupted" in err
