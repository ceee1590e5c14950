"""``cardrules play`` driven through a pseudo-terminal, as a person at a terminal uses it: a full
game with hint, undo, save, quit and resume, and colour only where it belongs."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from tests.cli.test_cli_command import (
    SOURCE,
    default_sigint,
    environment,
    final_state,
    human_script,
)

pexpect = pytest.importorskip("pexpect")

PROMPT = "your move> "
END = r"you (win!|lose\.)"


def spawn(*args: str, **env: str) -> pexpect.spawn:
    return pexpect.spawn(
        sys.executable,
        ["-m", "cardrules", *args],
        env=environment(**env),
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 200),
        cwd=SOURCE,
        preexec_fn=default_sigint,
    )


def test_a_full_game_with_hint_undo_save_quit_and_resume(tmp_path: Path) -> None:
    moves = human_script("all-fours", 5, 0)
    autosave = tmp_path / "game.json"
    snapshot = tmp_path / "snapshot.json"
    child = spawn("play", "all-fours", "--seed", "5", "--save", str(autosave), NO_COLOR="1")
    child.expect_exact(PROMPT)
    child.sendline("hint")
    child.expect_exact("hint: the PIMC agent would play ")
    child.expect_exact(PROMPT)
    child.sendline(moves[0])
    child.expect_exact(PROMPT)
    child.sendline(moves[1])
    child.expect_exact(PROMPT)
    child.sendline("undo")
    child.expect_exact("undone: back to your move")
    child.expect_exact(PROMPT)
    child.sendline(moves[1])  # the same move again: the bots answer as before
    for move in moves[2:10]:
        child.expect_exact(PROMPT)
        child.sendline(move)
    child.expect_exact(PROMPT)
    child.sendline(f"save {snapshot}")
    child.expect_exact(f"saved to {snapshot}")
    child.expect_exact(PROMPT)
    child.sendline("quit")
    child.expect_exact("game abandoned (seed 5)")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "\x1b[" not in child.before  # NO_COLOR is set
    saved = json.loads(autosave.read_text(encoding="utf-8"))
    assert saved == json.loads(snapshot.read_text(encoding="utf-8"))
    assert sum(1 for d in saved["deals"] for step in d["steps"] if step[0] == 0) == 10

    resumed = spawn("play", "--resume", str(autosave), NO_COLOR="1")
    resumed.expect_exact("resumed after ")
    for move in moves[10:]:
        resumed.expect_exact(PROMPT)
        resumed.sendline(move)
    resumed.expect(END)
    outcome = resumed.match.group(0)
    resumed.expect(pexpect.EOF)
    resumed.close()
    assert resumed.exitstatus == 0

    # The interrupted game ended as the whole game does.
    winner = final_state("all-fours", 5).winner
    assert outcome == ("you win!" if winner == 0 else "you lose.")
    final = json.loads(autosave.read_text(encoding="utf-8"))
    assert final["result"]["winner"] == (0 if "win!" in outcome else 1)


def test_colour_on_a_terminal_and_off_with_no_color() -> None:
    child = spawn("play", "400", "--seed", "3")
    child.expect_exact(PROMPT)
    screen = child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert "\x1b[31;1m" in screen  # hearts: red, and bold as trumps
    plain = spawn("play", "400", "--seed", "3", NO_COLOR="1")
    plain.expect_exact(PROMPT)
    assert "\x1b[" not in plain.before
    plain.sendline("quit")
    plain.expect(pexpect.EOF)


def test_interrupt_at_the_prompt_is_clean(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    child = spawn("play", "all-fours", "--seed", "9", "--save", str(path), NO_COLOR="1")
    child.expect_exact(PROMPT)
    child.sendintr()
    child.expect_exact(f"saved to {path}; go on with: cardrules play --resume {path}")
    child.expect_exact("cardrules: interrupted")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert "Traceback" not in child.before
