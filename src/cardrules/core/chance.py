"""Chance as an explicit step: the :class:`Deal` action.

A game started with ``new_game(..., chance="explicit")`` stops before every deal in a *chance
state*: ``state.is_chance`` is True, ``state.current_player`` is ``None`` and
``legal_actions()`` is empty.  ``state.apply(Deal(deck))`` deals that pack (top card first)
exactly as the seeded game deals a shuffled one.  Searches re-deal hidden cards this way, and a
replay reproduces every deal from its record.  With the default ``chance="seeded"`` the engine
takes the step itself, shuffling with the game's seed.

>>> from cardrules import STANDARD_DECK
>>> deal = Deal(STANDARD_DECK)
>>> len(deal.deck), str(deal)[:20]
(52, 'deal 2C 3C 4C 5C 6C ')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal, TypeAlias

import attrs

from cardrules.core.cards import Card, parse_cards
from cardrules.core.deck import parse_deck
from cardrules.errors import ArgumentError, IllegalActionError, ParseError, Reason, describe

__all__ = ["CHANCE_MODES", "ChanceMode", "Deal", "check_chance", "dealt_deck"]

#: How the deals of a game are made: by the seeded shuffle, or by the caller with ``Deal``.
ChanceMode: TypeAlias = Literal["seeded", "explicit"]
#: The accepted values of ``new_game(..., chance=...)``.
CHANCE_MODES: Final = ("seeded", "explicit")


def _cards(deck: Sequence[Card | str] | str) -> tuple[Card | str, ...]:
    if isinstance(deck, str):
        return parse_cards(deck)
    if not isinstance(deck, Sequence) or isinstance(deck, bytes):
        raise ArgumentError(
            f"deck: expected 52 cards (a sequence of cards or their text), got {describe(deck)}",
            name="deck",
            value=deck,
        )
    return tuple(deck)


@attrs.frozen(slots=True)
class Deal:
    """The chance action: deal this pack, top card first (both games).

    The cards are checked when the deal is applied: a pack that is not the 52 distinct cards is
    refused with :class:`~cardrules.errors.IllegalActionError` (reason ``bad_deck``).
    """

    #: The 52 cards, top card first (cards or their text).
    deck: tuple[Card | str, ...] = attrs.field(converter=_cards)

    def __str__(self) -> str:
        return "deal " + " ".join(str(card) for card in self.deck)


def check_chance(chance: object) -> ChanceMode:
    """``chance`` as ``"seeded"`` or ``"explicit"``.

    :raises ArgumentError: for anything else.
    """
    # the type first: a numpy array compared with == is an array, not a truth value
    if isinstance(chance, str) and chance == "seeded":
        return "seeded"
    if isinstance(chance, str) and chance == "explicit":
        return "explicit"
    raise ArgumentError(
        f"chance: expected 'seeded' or 'explicit', got {describe(chance)}",
        name="chance",
        value=chance,
    )


def dealt_deck(action: Deal, legal: Sequence[object] = ()) -> tuple[Card, ...]:
    """The pack of a ``Deal``, checked: the 52 distinct cards.

    :raises IllegalActionError: with reason ``bad_deck`` and what is missing or doubled.
    """
    try:
        return parse_deck(
            [card if isinstance(card, Card) else Card.parse(card) for card in action.deck]
        )
    except ParseError as error:
        raise IllegalActionError(
            Reason.BAD_DECK, seat=None, action=action, legal=legal, detail=str(error)
        ) from None
