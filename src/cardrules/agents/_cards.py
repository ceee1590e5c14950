"""Card arithmetic on indices and masks shared by the rule-based agents (internal).

A card index is ``13 * suit + (rank - 2)``, as :attr:`cardrules.Card.index`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from cardrules.core.tricks import beats, winning_offset

__all__ = [
    "beats",
    "bits",
    "is_master",
    "is_top",
    "suit_cards",
    "suit_of",
    "winning_offset",
]

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
