"""``python -m cardrules``: deal a seeded hand of each table size and print it.

Usage: ``python -m cardrules [SEED]`` (default seed 2026).  The same seed prints the same deal on
any machine.
"""

from __future__ import annotations

import sys

from cardrules.core import CardSet, Suit, deal_packets, draw_for_dealer, shuffled_deck


def _format_hand(cards: CardSet) -> str:
    groups = cards.by_suit()
    return "  ".join(
        suit.symbol + " " + ("".join(c.rank.letter for c in reversed(groups[suit])) or "-")
        for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
    )


def main(argv: list[str] | None = None) -> int:
    """Print a seeded four-hand deal; returns the exit status."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) > 1 or (args and not args[0].lstrip("-").isdigit()):
        print("usage: python -m cardrules [SEED]  (SEED: an integer)", file=sys.stderr)
        return 2
    seed = int(args[0]) if args else 2026
    dealer = draw_for_dealer(seed, 4)
    deck = shuffled_deck(seed, "demo")
    hands, _ = deal_packets(deck, first=(dealer + 1) % 4, players=4, packets=(1, 2, 2, 2, 2, 2, 2))
    print(f"cardrules demo deal, seed {seed}: dealer is seat {dealer}")
    for seat, hand in enumerate(hands):
        print(f"  seat {seat} (team {seat % 2}): {_format_hand(CardSet(hand))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
