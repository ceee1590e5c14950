"""A scoresheet for 400 played with real cards: type each hand's bids and tricks, get the scores.

    python examples/four_hundred_scorekeeper.py          # asks for bids and tricks
    python examples/four_hundred_scorekeeper.py --demo   # replays four sample hands

For each hand it shows the minimum bids (FH-11) and the minimum total (FH-13), asks for the four
bids (seats 0-3), says when the hand is thrown in (FH-14), otherwise asks for the tricks taken
and prints the changes and the new scores, until a team wins or the input ends (an empty line or
Ctrl-D).  It uses only the pure scorekeeping functions, no engine.  Input can be piped, one line
of four numbers per question.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator

from cardrules.four_hundred import is_thrown_in, minimum_bid, minimum_total, score_hand

# Sample hands for --demo: (bids, tricks) per hand, seats 0-3.
DEMO = [
    ((2, 4, 3, 2), (3, 5, 2, 3)),
    ((3, 2, 2, 2), None),  # bids total 9, below the minimum total of 11: thrown in
    ((3, 3, 3, 2), (3, 4, 3, 3)),
    ((5, 2, 4, 2), (5, 2, 4, 2)),
    ((6, 3, 5, 3), (6, 2, 4, 1)),
]


def demo_lines() -> Iterator[str]:
    """The answers to the questions for the sample hands."""
    for bids, tricks in DEMO:
        yield " ".join(map(str, bids))
        if tricks is not None:
            yield " ".join(map(str, tricks))


def four_numbers(ask: Callable[[str], str | None], question: str) -> tuple[int, ...] | None:
    """Four integers typed on one line, asked again until they are; None at the end of input."""
    while True:
        line = ask(question)
        if line is None or not line.strip():
            return None
        try:
            numbers = tuple(int(word) for word in line.replace(",", " ").split())
        except ValueError:
            numbers = ()
        if len(numbers) == 4:
            return numbers
        print("  please type four whole numbers, for seats 0, 1, 2 and 3")


def main(argv: list[str]) -> None:
    if "--demo" in argv:
        answers = demo_lines()

        def ask(question: str) -> str | None:
            line = next(answers, None)
            print(question + (line or ""))
            return line

        print("replaying the sample hands (run without --demo to enter your own)")
    else:

        def ask(question: str) -> str | None:
            try:
                line = input(question)
            except EOFError:
                print()
                return None
            if not sys.stdin.isatty():  # piped input: echo it, so that the sheet reads well
                print(line)
            return line

    scores: tuple[int, ...] = (0, 0, 0, 0)
    level, number = 41, 1
    while True:
        lows = [minimum_bid(s) for s in scores]
        print(
            f"hand {number}: scores {list(scores)}, minimum bids {lows}, minimum total "
            f"{minimum_total(scores)}"
        )
        bids = four_numbers(ask, "  bids (seats 0-3): ")
        if bids is None:
            break
        if any(b < low or b > 13 for b, low in zip(bids, lows, strict=True)):
            print(f"  each bid must be from the seat's minimum bid {lows} to 13; again")
            continue
        number += 1
        if is_thrown_in(scores, bids):
            print(f"  the bids total {sum(bids)}, below {minimum_total(scores)}: thrown in")
            continue
        tricks = four_numbers(ask, "  tricks taken (seats 0-3): ")
        if tricks is None:
            break
        if sum(tricks) != 13 or min(tricks) < 0:
            print("  the tricks must add up to 13; enter the hand again")
            number -= 1
            continue
        result = score_hand(scores, bids, tricks, level=level)
        scores, level = result.scores, result.level
        print(f"  changes {list(result.changes)} -> scores {list(scores)}")
        if result.winner is not None:
            print(f"team {result.winner} wins")
            return
    print(f"final scores {list(scores)}")


if __name__ == "__main__":
    main(sys.argv[1:])
