"""The deal of 400 (FH-7) on masks: a deck to four hands and four hands back to a deck.

The layout is the kernel :func:`~cardrules.four_hundred.kernels.deal_seat`; these are its
forms for the per-state engine (tables per dealer and packet schedule).

>>> from cardrules import STANDARD_DECK, CardSet
>>> from cardrules.four_hundred.dealing import deal_masks, deck_from_hands
>>> hands = deal_masks(STANDARD_DECK, 0, (1, 2, 2, 2, 2, 2, 2))
>>> CardSet.from_mask(hands[1])   # dealer 0: seat 1 gets the top card, then packets of 2
CardSet('2C 6C 7C AC 2D 9D TD 4H 5H QH KH 7S 8S')
>>> deck_from_hands(hands, 0, (1, 2, 2, 2, 2, 2, 2)) == STANDARD_DECK
True
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter, itemgetter
from typing import Any, Final

from cardrules.core.cards import Card
from cardrules.core.cardset import CardSet
from cardrules.four_hundred.kernels import deal_seat

__all__ = ["deal_masks", "deck_from_hands", "seat_schedule"]

_SCHEDULES: Final[dict[tuple[int, tuple[int, ...]], tuple[int, ...]]] = {}


def seat_schedule(dealer: int, packets: tuple[int, ...]) -> tuple[int, ...]:
    """For each of the 52 deck positions (top first), the seat that receives that card (FH-7):
    packets go round from dealer+1 in play order (the kernel
    :func:`~cardrules.four_hundred.kernels.deal_seat`, as a table per dealer and schedule)."""
    key = (dealer, packets)
    schedule = _SCHEDULES.get(key)
    if schedule is None:
        schedule = _SCHEDULES[key] = tuple(
            deal_seat(position, dealer, packets) for position in range(52)
        )
    return schedule


_MASK: Final = attrgetter("mask")
#: Per ``(dealer, packets)``: for each seat, an item getter of its 13 places in the deck.
_PLACES: Final[dict[tuple[int, tuple[int, ...]], tuple[Any, ...]]] = {}


def deal_masks(
    deck: Sequence[Card], dealer: int, packets: tuple[int, ...]
) -> tuple[int, int, int, int]:
    """The four hands (masks, seat order) that dealing ``deck`` gives (FH-7)."""
    places = _PLACES.get((dealer, packets))
    if places is None:
        schedule = seat_schedule(dealer, packets)
        places = _PLACES[dealer, packets] = tuple(
            itemgetter(*(i for i, owner in enumerate(schedule) if owner == seat))
            for seat in range(4)
        )
    # the cards of one hand are distinct: the sum of their bits is their union
    return (
        sum(map(_MASK, places[0](deck))),
        sum(map(_MASK, places[1](deck))),
        sum(map(_MASK, places[2](deck))),
        sum(map(_MASK, places[3](deck))),
    )


def deck_from_hands(
    hands: Sequence[int], dealer: int, packets: tuple[int, ...]
) -> tuple[Card, ...]:
    """The deck that FH-7 deals into these four hands (masks); within a packet the cards come in
    index order."""
    remaining = [list(CardSet.from_mask(mask)) for mask in hands]
    return tuple(remaining[seat].pop(0) for seat in seat_schedule(dealer, packets))
