"""Speed figures for cardrules: ``python benchmarks/run.py [--quick]``.

Prints operations per second for the hot paths that bots and simulators lean on.  Figures are
wall-clock on the machine at hand; compare runs on the same machine only.  The first figure, a
fixed pure-Python loop, tells how fast the interpreter ran: if it is well below its usual value,
the machine was busy and every other figure is low too.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from collections.abc import Callable
from pathlib import Path

from cardrules import CARDS, Card, CardSet, Suit, parse_cards, shuffled_deck, trick_winner
from cardrules.core.tricks import must_follow_mask


def measure(
    name: str, unit: str, per_call: int, func: Callable[[], object], seconds: float
) -> None:
    """Run ``func`` repeatedly for about ``seconds`` and print ``per_call`` units per second."""
    calls = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        func()
        calls += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    rate = calls * per_call / (now - start)
    print(f"{name:<40} {rate:>14,.0f} {unit}/s")


def _reference_work() -> int:
    total = 0
    for i in range(10_000):
        total += i & 7
    return total


def core(seconds: float) -> None:
    # A fixed pure-Python loop, nothing of cardrules: compare it between runs and machines to see
    # how fast the interpreter ran (on a shared machine it can drop by half for a while).
    measure("reference loop (not cardrules)", "iterations", 10_000, _reference_work, seconds)
    texts = [str(c) for c in CARDS]
    measure("Card.parse", "cards", len(texts), lambda: [Card.parse(t) for t in texts], seconds)
    line = " ".join(texts)
    measure("parse_cards (52 cards)", "cards", 52, lambda: parse_cards(line), seconds)
    a = CardSet(CARDS[::2])
    b = CardSet(CARDS[::3])
    measure("CardSet | & - (3 ops)", "ops", 3, lambda: (a | b, a & b, a - b), seconds)
    measure("CardSet iteration (26 cards)", "cards", 26, lambda: list(a), seconds)
    hand = CardSet(CARDS[:13]).mask
    measure(
        "must_follow_mask", "calls", 4, lambda: [must_follow_mask(hand, s) for s in Suit], seconds
    )
    tricks = [shuffled_deck(1, i)[:4] for i in range(100)]
    measure(
        "trick_winner (4 cards)",
        "tricks",
        len(tricks),
        lambda: [trick_winner(t, 0, Suit.HEARTS) for t in tricks],
        seconds,
    )
    counter = iter(range(10**12))
    measure("shuffled_deck", "decks", 1, lambda: shuffled_deck(7, next(counter)), seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="0.2 s per figure instead of 1 s")
    parser.add_argument(
        "only", nargs="*", help="groups to run: core and the bench_*.py names (default: all)"
    )
    args = parser.parse_args()
    seconds = 0.2 if args.quick else 1.0
    if not args.only or "core" in args.only:
        print("== core")
        core(seconds)
    for path in sorted(Path(__file__).parent.glob("bench_*.py")):
        name = path.stem.removeprefix("bench_")
        if args.only and name not in args.only:
            continue
        print(f"== {name}")
        spec = importlib.util.spec_from_file_location(path.stem, path)
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[path.stem] = module
        spec.loader.exec_module(module)
        module.run(seconds)


if __name__ == "__main__":
    main()
