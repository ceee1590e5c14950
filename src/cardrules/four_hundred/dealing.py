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

The public names are those of All Fours' dealing, with the same arguments: :func:`deal_layout`
(the seat of each card), :func:`deck_for` (a deck from hands) and :func:`next_dealer` (who
deals the next deal, FH-8); :func:`seat_schedule`,
:func:`deal_masks` and :func:`deck_from_hands` are the engine's kernels on masks.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter, itemgetter
from typing import Any, Final

from cardrules.core.cards import Card
from cardrules.core.cardset import CardSet
from cardrules.core.checks import check_hands, check_seat, refuse
from cardrules.four_hundred.kernels import deal_seat
from cardrules.four_hundred.kernels import next_dealer as kernel_next_dealer
from cardrules.four_hundred.rules import Rules
from cardrules.four_hundred.state import HandResult

__all__ = [
    "deal_layout",
    "deal_masks",
    "deck_for",
    "deck_from_hands",
    "next_dealer",
    "seat_schedule",
]

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


def _rules(rules: object) -> Rules:
    if rules is None:
        return Rules()
    if not isinstance(rules, Rules):
        refuse("rules", "a four_hundred.Rules or None", rules)
    return rules


def deal_layout(rules: Rules | None, dealer: int) -> tuple[int, ...]:
    """FH-7: the seat that receives each of the 52 cards of the deck, top first (All Fours'
    :func:`~cardrules.all_fours.deal_layout`, the same arguments).

    >>> deal_layout(None, 3)[:6]   # the default packets: one card, then twos, from seat 0
    (0, 1, 2, 3, 0, 0)

    :raises ArgumentError: for rules that are not 400's or a dealer that is not a seat.
    """
    return seat_schedule(check_seat(dealer, name="dealer"), _rules(rules).deal_packets)


def deck_for(
    hands: Sequence[Sequence[Card | str] | str], *, dealer: int = 0, rules: Rules | None = None
) -> tuple[Card, ...]:
    """A deck that FH-7 deals into these four 13-card ``hands`` (seat order), as All Fours'
    :func:`~cardrules.all_fours.deck_for` (400 has no kick); within a packet the cards come in
    card order.  ``new_game(hands=...)`` does the same.

    >>> from cardrules.four_hundred import new_game
    >>> state = new_game(seed=1, dealer=2)
    >>> deck_for(state.hands, dealer=2) == new_game(seed=1, dealer=2, hands=state.hands).deck
    True

    :raises ArgumentError: for hands that are not four hands of 13 distinct cards, rules that
        are not 400's or a dealer that is not a seat.
    """
    masks = check_hands(hands, (13, 13, 13, 13))
    return deck_from_hands(masks, check_seat(dealer, name="dealer"), _rules(rules).deal_packets)


def next_dealer(result: HandResult, players: int = 4) -> int:
    """FH-8: the dealer of the deal after ``result``: the next seat (dealer + 1) after every
    hand, played, thrown in or void (the kernel
    :func:`~cardrules.four_hundred.kernels.next_dealer`).  The name and arguments are All
    Fours' (:func:`cardrules.all_fours.next_dealer`, which keeps the dealer after a void deal).

    >>> from cardrules.four_hundred import new_game
    >>> state = new_game(seed=4, dealer=3)
    >>> while not state.history:
    ...     state = state.apply(state.legal_actions()[0])
    >>> next_dealer(state.history[0]), state.dealer
    (0, 0)

    :raises ArgumentError: for a ``result`` that is not a 400 ``HandResult``, or ``players``
        other than 4 (FH-1).
    """
    if not isinstance(result, HandResult):
        refuse("result", "a four_hundred.HandResult", result)
    if type(players) is not int or players != 4:
        refuse("players", "4 (400 is played by four, FH-1)", players)
    return kernel_next_dealer(result.dealer)
