"""Card arithmetic on indices and masks shared by the rule-based agents (internal).

A card index is ``13 * suit + (rank - 2)``, as :attr:`cardrules.Card.index`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final

SUIT_MASK: Final = 0x1FFF


def suit_of(index: int) -> int:
    """The suit number of a card index."""
    return index // 13


def bits(mask: int) -> Iterator[int]:
    """The card indices of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def suit_cards(mask: int, suit: int) -> int:
    """The cards of ``mask`` in ``suit``."""
    return mask & (SUIT_MASK << (13 * suit))


def beats(card: int, best: int, trump: int) -> bool:
    """True when ``card`` beats the trick's winning card ``best`` (a higher card of its suit,
    or a trump on a non-trump)."""
    if card // 13 == best // 13:
        return card > best
    return card // 13 == trump


def winning_position(cards: Sequence[int], trump: int) -> int:
    """The position of the winning card among ``cards`` (the lead first)."""
    best = 0
    for position in range(1, len(cards)):
        if beats(cards[position], cards[best], trump):
            best = position
    return best


def is_master(card: int, others: int, trump: int) -> bool:
    """True when no card of ``others`` (cards another player may hold) can beat ``card`` if it
    is led: nothing higher in its suit and, for a non-trump, no trump out either."""
    suit = card // 13
    higher = suit_cards(others, suit) >> (card + 1) << (card + 1)
    if higher:
        return False
    return suit == trump or trump < 0 or not suit_cards(others, trump)


def is_top(card: int, others: int) -> bool:
    """True when no card of ``others`` is higher in ``card``'s suit (a ruff is still possible)."""
    suit = card // 13
    return not suit_cards(others, suit) >> (card + 1) << (card + 1)
