"""``cardrules replay``: step through a saved record, checking it as it goes."""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path
from typing import Any, TextIO

from cardrules.cli import InputError
from cardrules.cli.common import game_from
from cardrules.cli.events import describe_deal_start, narrate
from cardrules.cli.render import Style, format_hand, use_colour
from cardrules.core.cards import Suit
from cardrules.errors import CardrulesError

__all__ = ["load_record", "run_replay"]


def load_record(path: Path) -> Any:
    """A record from a JSON or text-notation file.

    :raises InputError: for a file that cannot be read or is not a record.
    """
    from cardrules.records import from_json, from_text

    try:
        text = path.read_text(encoding="utf-8-sig")  # a byte-order mark is not part of the text
    except OSError as error:
        raise InputError(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise InputError(f"{path} is not a text file") from None
    try:
        return from_json(text) if text.lstrip().startswith("{") else from_text(text)
    except CardrulesError as error:
        raise InputError(f"{path} is not a valid record: {error}") from None


def run_replay(
    args: argparse.Namespace, stdin: TextIO | None = None, out: TextIO | None = None
) -> int:
    """Replay the record; returns the exit status."""
    from cardrules.records import replay

    stdin = stdin or sys.stdin
    out = out or sys.stdout
    style = Style(use_colour(getattr(args, "color", "never"), out))
    path = Path(args.file)
    record = load_record(path)
    print(
        f"{game_from(record.game)} record: seed {record.seed}, first dealer seat {record.dealer}, "
        f"{_plural(len(record.deals), 'deal')}",
        file=out,
    )
    deal = None
    try:
        for step in replay(record):
            if step.deal != deal:
                before = step.before
                if deal is None:  # later deals are opened by the step that ends the one before
                    print("", file=out)
                    for line in describe_deal_start(before, style):
                        print(line, file=out)
                deal = step.deal
                trump = Suit.HEARTS if hasattr(before, "bids") else None
                for seat, hand in enumerate(before.hands):
                    print(f"  seat {seat}: {format_hand(hand, trump, style)}", file=out)
            action = _action_of(step)
            for line in narrate(step.before, action, step.after, style=style):
                print(line, file=out)
            if args.pause and _trick_ended(step):
                out.write("[Enter: next, q: quit] ")
                out.flush()
                answer = stdin.readline()
                if not answer or answer.strip().lower() in ("q", "quit"):
                    print("", file=out)
                    return 0
    except CardrulesError as error:
        raise InputError(f"{path}: {error}") from None
    word = "team" if record.game == "four_hundred" else "side"
    scores = " ".join(map(str, record.scores))
    outcome = "no winner yet" if record.winner is None else f"{word} {record.winner} wins"
    print(f"\nresult: {outcome}, scores {scores}", file=out)
    return 0


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _action_of(step: Any) -> Any:
    """The action object of a replayed step (for its card); a claim stays text."""
    module = importlib.import_module(f"cardrules.{step.before.__class__.__module__.split('.')[1]}")
    try:
        return module.parse_action(step.action)
    except CardrulesError:
        return step.action


def _trick_ended(step: Any) -> bool:
    return bool(
        step.after.deal_number != step.before.deal_number
        or step.after.is_terminal
        or len(step.after.tricks) > len(step.before.tricks)
    )
