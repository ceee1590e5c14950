"""The All Fours actions: :class:`Stand`, :class:`Beg`, :class:`GiveOne`, :class:`RunPack` and
:class:`Play`.

Actions are small frozen values, equal by value.  ``str(action)`` is the text form and
:func:`parse_action` reads it back; :data:`ACTIONS` numbers every action (the 52 card plays first,
in card-index order, then stand, beg, give one, run the pack).

>>> from cardrules.all_fours import ACTIONS, Play, Stand, action_id, parse_action
>>> str(Stand()), str(Play.parse("QH")), parse_action("run")
('stand', 'QH', RunPack())
>>> len(ACTIONS), action_id(Play.parse("2C")), action_id(Stand())
(56, 0, 52)
"""

from __future__ import annotations

from typing import Any, Final, TypeAlias

import attrs

from cardrules.core.cards import CARDS, Card
from cardrules.core.chance import Deal
from cardrules.errors import ParseError, describe

__all__ = [
    "ACTIONS",
    "PLAYS",
    "Action",
    "Beg",
    "Deal",
    "GiveOne",
    "Play",
    "RunPack",
    "Stand",
    "action_id",
    "parse_action",
]


@attrs.frozen(slots=True)
class Stand:
    """AF-10: the beggar accepts the kick's suit as trumps; play begins."""

    def __str__(self) -> str:
        return "stand"


@attrs.frozen(slots=True)
class Beg:
    """AF-10: the beggar begs; the dealer answers (:class:`GiveOne` or :class:`RunPack`)."""

    def __str__(self) -> str:
        return "beg"


@attrs.frozen(slots=True)
class GiveOne:
    """AF-11: the dealer gives one point to the beggar's side; the kick's suit is trumps."""

    def __str__(self) -> str:
        return "give"


@attrs.frozen(slots=True)
class RunPack:
    """AF-11, AF-12: the dealer runs the pack (three more cards each and a new kick)."""

    def __str__(self) -> str:
        return "run"


def _check_card(instance: object, attribute: attrs.Attribute[Card], value: object) -> None:
    if not isinstance(value, Card):
        raise ParseError(
            f"Play takes a Card, not {describe(value)}; use Play.parse({describe(value)}) for text",
            text=value,
        )


@attrs.frozen(slots=True)
class Play:
    """Play a card to the current trick (AF-16 ... AF-20).  ``str(Play(card))`` is the card.

    The 52 plays are interned in :data:`PLAYS` (``PLAYS[card.index]``); ``Play(card)`` builds an
    equal value.
    """

    card: Card = attrs.field(validator=_check_card)

    @staticmethod
    def parse(text: str) -> Play:
        """The play of the card named by ``text`` (e.g. ``"QH"``).

        :raises ParseError: if ``text`` is not a card.
        """
        return PLAYS[Card.parse(text).index]

    def __str__(self) -> str:
        return str(self.card)


#: Anything that ``State.apply`` accepts: a player's action, or the chance action ``Deal``
#: (the core's, shared by both games: a game of explicit chance deals with it).
Action: TypeAlias = Stand | Beg | GiveOne | RunPack | Play | Deal

#: The 52 interned plays, ``PLAYS[card.index]``.
PLAYS: Final[tuple[Play, ...]] = tuple(Play(card) for card in CARDS)
STAND: Final = Stand()
BEG: Final = Beg()
GIVE_ONE: Final = GiveOne()
RUN_PACK: Final = RunPack()

# The plays of each suit's 13-bit patterns, filled in on first use (None until then): the
# legal plays of a mask are four lookups, joined (see State.legal_actions).
_SUIT_PLAYS: Final[tuple[list[Any], ...]] = tuple([(), *[None] * 8191] for _ in range(4))


def _plays(mask: int) -> tuple[Action, ...]:
    """The plays of the cards of ``mask``, in card order (filling in the table as needed)."""
    legal: tuple[Action, ...] = ()
    for suit, table in enumerate(_SUIT_PLAYS):
        pattern = mask >> (13 * suit) & 0x1FFF
        plays = table[pattern]
        if plays is None:
            plays = table[pattern] = tuple(
                PLAYS[suit * 13 + i] for i in range(13) if pattern >> i & 1
            )
        legal += plays
    return legal


#: Every action, in the fixed order of :func:`action_id`: plays 0..51, then stand (52), beg (53),
#: give one (54), run the pack (55).
ACTIONS: Final[tuple[Action, ...]] = (*PLAYS, STAND, BEG, GIVE_ONE, RUN_PACK)

_IDS: Final[dict[object, int]] = {action: i for i, action in enumerate(ACTIONS)}
_WORDS: Final[dict[str, Action]] = {"stand": STAND, "beg": BEG, "give": GIVE_ONE, "run": RUN_PACK}


def action_id(action: Action) -> int:
    """The position of ``action`` in :data:`ACTIONS` (stable: records and adapters use it).
    The chance action ``Deal`` is no player's action and has none.

    :raises ParseError: for a value that is not an All Fours player's action.
    """
    try:
        return _IDS[action]
    except (KeyError, TypeError):
        raise ParseError(f"{describe(action)} is not an All Fours action", text=action) from None


def parse_action(text: str) -> Action:
    """The action written as ``text``: ``stand``, ``beg``, ``give``, ``run`` or a card.

    >>> parse_action("beg"), parse_action("10h")
    (Beg(), Play(card=Card('TH')))

    :raises ParseError: for anything else.
    """
    if isinstance(text, str):
        word = _WORDS.get(text.strip().lower())
        if word is not None:
            return word
        try:
            return Play.parse(text.strip())
        except ParseError:
            pass
    raise ParseError(
        f"{describe(text)} is not an All Fours action: expected stand, beg, give, run or a card",
        text=text,
    )
