"""``cardrules replay``: step through a saved record, checking it as it goes."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from cardrules.cli import InputError
from cardrules.cli.common import game_from, read_input
from cardrules.cli.events import describe_deal_start, narrate
from cardrules.cli.messages import describe_error
from cardrules.cli.render import Style, format_hand, use_colour
from cardrules.errors import CardrulesError
from cardrules.games import find_game

__all__ = ["load_record", "run_replay"]


def load_record(path: Path) -> Any:
    """A record from a JSON or text-notation file, read within the loaders' limit of 16 MiB
    (:func:`~cardrules.cli.common.read_input`).

    :raises InputError: for a file that cannot be read or is not a record, whatever the loader
        found wrong (the command prints one line, never a traceback).
    """
    from cardrules.records import from_json, from_text

    data = read_input(path).removeprefix(b"\xef\xbb\xbf")  # a byte order mark is not text
    try:
        return from_json(data) if data.lstrip().startswith(b"{") else from_text(data)
    except CardrulesError as error:
        raise InputError(f"{path} is not a valid record: {describe_error(error)}") from None
    except (ValueError, TypeError, LookupError, RecursionError, MemoryError) as error:
        # the loaders mean to raise a RecordError for every bad input; should one slip through,
        # the person still gets one line that names the file
        raise InputError(
            f"{path} is not a valid record: {type(error).__name__}: {str(error)[:200]}"
        ) from None


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
                _print_hands(before, style, out)
            action = _action_of(step)
            for line in narrate(step.before, action, step.after, style=style):
                print(line, file=out)
            if _pack_was_run(step):  # three more cards each (AF-11): the hands as they are now
                print("  the hands after the run:", file=out)
                _print_hands(step.after, style, out)
            if args.pause and _trick_ended(step):
                out.write("[Enter: next, q: quit] ")
                out.flush()
                answer = stdin.readline()
                if not answer or answer.strip().lower() in ("q", "quit"):
                    print("", file=out)
                    return 0
    except CardrulesError as error:
        raise InputError(f"{path}: {describe_error(error)}") from None
    except (ValueError, TypeError, LookupError, RecursionError) as error:
        raise InputError(f"{path}: {type(error).__name__}: {str(error)[:200]}") from None
    word = find_game(record.game).side
    scores = " ".join(map(str, record.scores))
    outcome = "no winner yet" if record.winner is None else f"{word} {record.winner} wins"
    print(f"\nresult: {outcome}, scores {scores}", file=out)
    return 0


def _print_hands(state: Any, style: Style, out: TextIO) -> None:
    trump = state.trump
    for seat, hand in enumerate(state.hands):
        print(f"  seat {seat}: {format_hand(hand, trump, style)}", file=out)


def _pack_was_run(step: Any) -> bool:
    after, before = step.after, step.before
    return bool(
        after.deal_number == before.deal_number
        and not after.is_terminal
        and len(after.hands[0]) > len(before.hands[0])
    )


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _action_of(step: Any) -> Any:
    """The action object of a replayed step (for its card); a claim stays text."""
    try:
        return find_game(step.before).parse_action(step.action)
    except CardrulesError:
        return step.action


def _trick_ended(step: Any) -> bool:
    return bool(
        step.after.deal_number != step.before.deal_number
        or step.after.is_terminal
        or len(step.after.tricks) > len(step.before.tricks)
    )
