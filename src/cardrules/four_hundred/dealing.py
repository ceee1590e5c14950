"""The deal of 400 (FH-7, FH-9) on masks: a deck to four hands and four hands back to a deck.

>>> from cardrules import STANDARD_DECK, CardSet
>>> from cardrules.four_hundred.dealing import deal_masks, deck_from_hands
>>> hands = deal_masks(STANDARD_DECK, 0, (1, 2, 2, 2, 2, 2, 2))
>>> CardSet.from_mask(hands[1])   # dealer 0: seat 1 gets the top card, then packets of 2
CardSet('2C 6C 7C AC 2D 9D TD 4H 5H QH KH 7S 8S')
>>> deck_from_hands(hands, 0, (1, 2, 2, 2, 2, 2, 2)) == STANDARD_DECK
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from cardrules.core.cards import Card
from cardrules.core.cardset import CardSet, mask_of
from cardrules.errors import ParseError

__all__ = ["deal_masks", "deck_from_hands", "parse_hands", "seat_schedule"]

_SCHEDULES: Final[dict[tuple[int, tuple[int, ...]], tuple[int, ...]]] = {}


def seat_schedule(dealer: int, packets: tuple[int, ...]) -> tuple[int, ...]:
    """For each of the 52 deck positions (top first), the seat that receives that card (FH-7):
    packets go round from dealer+1 in play order."""
    key = (dealer, packets)
    schedule = _SCHEDULES.get(key)
    if schedule is None:
        seats: list[int] = []
        for size in packets:
            for offset in range(1, 5):
                seats.extend([(dealer + offset) % 4] * size)
        schedule = _SCHEDULES[key] = tuple(seats)
    return schedule


def deal_masks(
    deck: Sequence[Card], dealer: int, packets: tuple[int, ...]
) -> tuple[int, int, int, int]:
    """The four hands (masks, seat order) that dealing ``deck`` gives (FH-7)."""
    hands = [0, 0, 0, 0]
    for card, seat in zip(deck, seat_schedule(dealer, packets), strict=True):
        hands[seat] |= card.mask
    return hands[0], hands[1], hands[2], hands[3]


def deck_from_hands(
    hands: Sequence[int], dealer: int, packets: tuple[int, ...]
) -> tuple[Card, ...]:
    """The deck that FH-7 deals into these four hands (masks); within a packet the cards come in
    index order."""
    remaining = [list(CardSet.from_mask(mask)) for mask in hands]
    return tuple(remaining[seat].pop(0) for seat in seat_schedule(dealer, packets))


def parse_hands(hands: object) -> tuple[int, int, int, int]:
    """Four hands in seat order (each a sequence of cards, a ``CardSet`` or a string) as masks.

    :raises ParseError: unless they are four disjoint hands of 13 distinct cards (FH-9).
    """
    if isinstance(hands, str) or not isinstance(hands, Iterable):
        raise ParseError(f"hands: expected four hands in seat order, got {hands!r}", text=hands)
    items = list(hands)
    if len(items) != 4:
        raise ParseError(f"hands: expected four hands in seat order, got {len(items)}", text=hands)
    masks: list[int] = []
    seen = 0
    for seat, hand in enumerate(items):
        if isinstance(hand, CardSet):
            mask, count = hand.mask, len(hand)
        else:
            cards = CardSet.parse(hand) if isinstance(hand, str) else list(hand)
            if isinstance(cards, CardSet):
                mask, count = cards.mask, len(cards)
            else:
                mask, count = mask_of(cards), len(cards)
                if mask.bit_count() != count:
                    raise ParseError(f"hands: seat {seat}'s hand names a card twice", text=hands)
        if count != 13:
            raise ParseError(
                f"hands: seat {seat} holds {count} cards; every hand must hold 13 (FH-9)",
                text=hands,
            )
        if mask & seen:
            both = " ".join(str(c) for c in CardSet.from_mask(mask & seen))
            raise ParseError(f"hands: {both} dealt to more than one seat (FH-9)", text=hands)
        seen |= mask
        masks.append(mask)
    return masks[0], masks[1], masks[2], masks[3]
