"""``cardrules replay``: step through a saved record, checking it as it goes."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from cardrules.cli import InputError
from cardrules.cli.events import describe_step
from cardrules.cli.render import format_hand
from cardrules.errors import CardrulesError

__all__ = ["load_record", "run_replay"]


def load_record(path: Path) -> Any:
    """A record from a JSON or text-notation file.

    :raises InputError: for a file that cannot be read or is not a record.
    """
    from cardrules.records import from_json, from_text

    try:
        text = path.read_text(encoding="utf-8")
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
    path = Path(args.file)
    record = load_record(path)
    print(
        f"{record.game} record: seed {record.seed}, first dealer seat {record.dealer}, "
        f"{len(record.deals)} deals",
        file=out,
    )
    deal = None
    try:
        for step in replay(record):
            if step.deal != deal:
                deal = step.deal
                print(f"\ndeal {deal}: dealer seat {step.before.dealer}", file=out)
                for seat, hand in enumerate(step.before.hands):
                    print(f"  seat {seat}: {format_hand(hand)}", file=out)
                kick = getattr(step.before, "kick", None)
                if kick is not None:
                    print(f"  kick {kick}", file=out)
            action = _action_of(step)
            for line in describe_step(step.before, action, step.after):
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
    print(f"\nresult: winner {record.winner}, scores {' '.join(map(str, record.scores))}", file=out)
    return 0


def _action_of(step: Any) -> str:
    return str(step.action)


def _trick_ended(step: Any) -> bool:
    return bool(
        step.after.deal_number != step.before.deal_number
        or step.after.is_terminal
        or len(step.after.tricks) > len(step.before.tricks)
    )
