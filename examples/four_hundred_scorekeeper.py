"""A scoresheet for 400 played with real cards: enter bids and tricks, get the scores.

    python examples/four_hundred_scorekeeper.py

Uses only the pure scorekeeping functions (FH-11 ... FH-24), no engine.
"""

from __future__ import annotations

from cardrules.four_hundred import is_thrown_in, minimum_bid, minimum_total, score_hand

# (bids, tricks) per hand, seats 0-3; a hand whose bids are too low is thrown in.
HANDS = [
    ((2, 4, 3, 2), (3, 5, 2, 3)),
    ((3, 3, 3, 2), (3, 4, 3, 3)),
    ((5, 2, 4, 2), (5, 2, 4, 2)),
    ((6, 3, 5, 3), (6, 2, 4, 1)),
]


def main() -> None:
    scores, level = (0, 0, 0, 0), 41
    for number, (bids, tricks) in enumerate(HANDS, 1):
        lows = [minimum_bid(s) for s in scores]
        print(f"hand {number}: minimum bids {lows}, minimum total {minimum_total(scores)}")
        if is_thrown_in(scores, bids):
            print(f"  bids {bids}: thrown in")
            continue
        result = score_hand(scores, bids, tricks, level=level)
        scores, level = result.scores, result.level
        print(f"  bids {bids} tricks {tricks} -> changes {result.changes}, scores {scores}")
        if result.winner is not None:
            print(f"  team {result.winner} wins")
            break


if __name__ == "__main__":
    main()
