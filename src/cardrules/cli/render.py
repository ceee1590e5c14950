"""Text rendering of cards, hands and tricks for the terminal (internal to the
``cardrules`` command, but usable by any text UI).

A hand is shown grouped by suit, trumps first and marked, then spades, hearts, diamonds, clubs,
high cards first; the legal moves are listed in the same order.  With a :class:`Style` that has
colour on, hearts and diamonds are red and trumps bold.

>>> from cardrules.all_fours import new_game
>>> print(format_hand(new_game(seed=3, dealer=0).observe(1).hand))
♠ S: J 6   ♥ H: -   ♦ D: 6 4   ♣ C: 6 4
>>> print(format_hand(new_game(seed=3, dealer=0).observe(1).hand, trump=Suit.DIAMONDS))
♦ D: 6 4 (trumps)   ♠ S: J 6   ♥ H: -   ♣ C: 6 4
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import Any, TextIO

import attrs

from cardrules.core.cards import Card, Suit
from cardrules.core.cardset import CardSet
from cardrules.core.tricks import Trick

__all__ = [
    "PLAIN",
    "Style",
    "format_actions",
    "format_hand",
    "format_trick",
    "ordered_actions",
    "seat_label",
    "suit_name",
    "suit_order",
    "use_colour",
]

_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SUIT_NAMES = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds"}


def suit_name(suit: Suit) -> str:
    """The suit's name in the plural, as players say it: ``"clubs"``."""
    return _SUIT_NAMES.get(suit, "clubs")


def use_colour(choice: str, stream: TextIO) -> bool:
    """Whether to colour the output: ``choice`` is ``"always"``, ``"never"`` or ``"auto"``
    (colour when ``stream`` is a terminal and the ``NO_COLOR`` variable is not set)."""
    if choice == "always":
        return True
    if choice == "never" or os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


@attrs.frozen
class Style:
    """How to mark cards: ``colour`` (ANSI) on or off, and the trump suit (or ``None``)."""

    colour: bool = False
    trump: Suit | None = None

    def card(self, card: Card) -> str:
        """A card's text (``QH``), red for hearts and diamonds and bold for a trump in colour."""
        text = str(card)
        if not self.colour:
            return text
        codes = []
        if card.suit in (Suit.HEARTS, Suit.DIAMONDS):
            codes.append("31")
        if card.suit is self.trump:
            codes.append("1")
        return f"\x1b[{';'.join(codes)}m{text}\x1b[0m" if codes else text

    def emphasis(self, text: str) -> str:
        """Bold text in colour (scoring events, the trick's winner), as is without."""
        return f"\x1b[1m{text}\x1b[0m" if self.colour else text


#: No colour, no trumps.
PLAIN = Style()


def suit_order(trump: Suit | None) -> tuple[Suit, ...]:
    """The order suits are shown in: trumps first, then spades, hearts, diamonds, clubs."""
    if trump is None:
        return _ORDER
    return (trump, *(suit for suit in _ORDER if suit is not trump))


def format_hand(
    hand: CardSet | Iterable[Card], trump: Suit | None = None, style: Style = PLAIN
) -> str:
    """A hand grouped by suit, trumps first and marked, high cards first:
    ``♥ H: A K (trumps)   ♠ S: 7 …``."""
    cards = hand if isinstance(hand, CardSet) else CardSet(hand)
    groups = cards.by_suit()
    style = attrs.evolve(style, trump=trump)
    parts = []
    for suit in suit_order(trump):
        ranks = " ".join(_rank(style, card) for card in reversed(groups[suit])) or "-"
        mark = " (trumps)" if suit is trump else ""
        parts.append(f"{suit.symbol} {suit.letter}: {ranks}{mark}")
    return "   ".join(parts)


def _rank(style: Style, card: Card) -> str:
    text = style.card(card)
    return text.replace(str(card), card.rank.letter)


def format_trick(trick: Trick, style: Style = PLAIN) -> str:
    """The cards of a trick with their seats: ``seat 1: 7C, seat 2: KC``."""
    if not trick.cards:
        return "(no card yet)"
    return ", ".join(f"seat {seat}: {style.card(card)}" for seat, card in trick.plays())


def ordered_actions(actions: Sequence[Any], trump: Suit | None) -> list[Any]:
    """The actions in the order the hand is shown: other actions (bids, stand, beg …) first
    in their own order, then the cards, trumps first, high cards first in each suit."""
    order = {suit: index for index, suit in enumerate(suit_order(trump))}
    cards = [a for a in actions if isinstance(getattr(a, "card", None), Card)]
    others = [a for a in actions if not isinstance(getattr(a, "card", None), Card)]
    cards.sort(key=lambda a: (order[a.card.suit], -a.card.rank))
    return [*others, *cards]


def format_actions(actions: Iterable[Any], trump: Suit | None = None, style: Style = PLAIN) -> str:
    """The legal actions in their text forms, as typed at the prompt, in the hand's order."""
    style = attrs.evolve(style, trump=trump)
    return " ".join(
        style.card(a.card) if isinstance(getattr(a, "card", None), Card) else str(a)
        for a in ordered_actions(list(actions), trump)
    )


def seat_label(seat: int, you: int | None, players: int) -> str:
    """``seat 2``, with ``(you)`` or ``(partner)`` when that is who sits there."""
    if seat == you:
        return f"seat {seat} (you)"
    if you is not None and players == 4 and seat == (you + 2) % 4:
        return f"seat {seat} (partner)"
    return f"seat {seat}"
