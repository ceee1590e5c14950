"""The actions of 400: small frozen values with a text form.

* :class:`Bid` -- a bid of some tricks (FH-10); text: the number, e.g. ``4``;
* :class:`Play` -- a card played (FH-16); text: the card, e.g. ``QH``;
* :class:`Redeal` -- the no-picture redeal of FH-30; text ``redeal``;
* :class:`TalkBeforePlay`, :class:`TalkDuringPlay` -- the conduct penalties of FH-26 and FH-27
  against a team; text ``talk_before_play:0`` ... They are reported with
  :meth:`State.penalize <cardrules.four_hundred.State.penalize>`, not chosen with ``apply``;
* :class:`Claim` -- a claim of the remaining tricks (FH-18); text ``claim:3``; made with
  :meth:`State.claim <cardrules.four_hundred.State.claim>`;
* :class:`~cardrules.core.chance.Deal` -- the chance step of a game with explicit chance: the
  52 cards of the next deal, top first (FH-7).

:data:`Action` is what ``State.apply`` accepts: ``Bid``, ``Play``, ``Redeal`` and ``Deal``.

:data:`ACTIONS` lists every action in a fixed order (the 52 plays in card-index order, then
``Bid(1)`` ... ``Bid(13)``, ``Redeal()``, the conduct actions, then the claims
``Claim(0)`` ... ``Claim(3)``) and :func:`action_id` is the
position in it.

>>> from cardrules.four_hundred import ACTIONS, Bid, Play, action_id, parse_action
>>> str(Bid(4)), str(Play.parse("QH")), parse_action("qh") == Play.parse("QH")
('4', 'QH', True)
>>> action_id(Play.parse("2C")), action_id(Bid(1)), action_id(parse_action("redeal")), len(ACTIONS)
(0, 52, 65, 74)
"""

from __future__ import annotations

from typing import Any, Final, TypeAlias

import attrs

from cardrules.core.cards import CARDS, Card
from cardrules.core.chance import Deal
from cardrules.core.checks import check_seat
from cardrules.errors import ParseError, describe

__all__ = [
    "ACTIONS",
    "BIDS",
    "PLAYS",
    "Action",
    "Bid",
    "Claim",
    "ConductAction",
    "Deal",
    "Move",
    "Play",
    "Redeal",
    "TalkBeforePlay",
    "TalkDuringPlay",
    "action_id",
    "parse_action",
]


def _check_card(_instance: object, _attribute: object, value: Any) -> None:
    if not isinstance(value, Card):
        raise ParseError(
            f"Play takes a Card (use Play.parse for text), got {describe(value)}", text=value
        )


def _check_int(_instance: object, _attribute: object, value: Any) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ParseError(f"Bid takes an int number of tricks, got {describe(value)}", text=value)


def _check_team(_instance: object, _attribute: object, value: Any) -> None:
    check_seat(value, 2, name="team")


@attrs.frozen(slots=True, repr=False)
class Play:
    """Play ``card`` to the current trick (FH-16).

    >>> Play.parse("10h")
    Play('TH')
    """

    #: The card played.
    card: Card = attrs.field(validator=_check_card)

    @staticmethod
    def parse(text: str) -> Play:
        """The play of the card named by ``text`` (the interned object)."""
        return PLAYS[Card.parse(text).index]

    def __str__(self) -> str:
        return str(self.card)

    def __repr__(self) -> str:
        return f"Play({str(self.card)!r})"


@attrs.frozen(slots=True, repr=False)
class Bid:
    """A bid of ``tricks`` tricks (FH-10).

    Any int is accepted here, so that an out-of-range bid can be offered to ``apply`` and
    rejected there with its reason (FH-11, FH-12).

    >>> Bid(4), str(Bid(4))
    (Bid(4), '4')
    """

    #: The number of tricks bid.
    tricks: int = attrs.field(validator=_check_int)

    def __str__(self) -> str:
        return str(self.tricks)

    def __repr__(self) -> str:
        return f"Bid({self.tricks})"


@attrs.frozen(slots=True, repr=False)
class Redeal:
    """Demand a redeal for a hand without J, Q, K or A, instead of bidding (FH-30)."""

    def __str__(self) -> str:
        return "redeal"

    def __repr__(self) -> str:
        return "Redeal()"


@attrs.frozen(slots=True, repr=False)
class TalkBeforePlay:
    """Conduct penalty FH-26 against ``team``: it talked before play and the other team demands
    a redeal; the hand is void.  Counts towards FH-28."""

    #: The offending team.
    team: int = attrs.field(validator=_check_team)

    def __str__(self) -> str:
        return f"talk_before_play:{self.team}"

    def __repr__(self) -> str:
        return f"TalkBeforePlay({self.team})"


@attrs.frozen(slots=True, repr=False)
class TalkDuringPlay:
    """Conduct penalty FH-27 against ``team``: it talked during play; both its players score as
    having failed their bids, both opponents as having made theirs, and the hand ends.  Counts
    towards FH-28."""

    #: The offending team.
    team: int = attrs.field(validator=_check_team)

    def __str__(self) -> str:
        return f"talk_during_play:{self.team}"

    def __repr__(self) -> str:
        return f"TalkDuringPlay({self.team})"


def _check_seat(_instance: object, _attribute: object, value: Any) -> None:
    check_seat(value)


@attrs.frozen(slots=True, repr=False)
class Claim:
    """A claim of every remaining trick by ``seat`` (FH-18), made with
    :meth:`State.claim <cardrules.four_hundred.State.claim>`; kept as a value so that records
    can store it.  Text ``claim:3``."""

    #: The claiming seat.
    seat: int = attrs.field(validator=_check_seat)

    def __str__(self) -> str:
        return f"claim:{self.seat}"

    def __repr__(self) -> str:
        return f"Claim({self.seat})"


#: A conduct penalty (FH-26, FH-27).
ConductAction: TypeAlias = TalkBeforePlay | TalkDuringPlay
#: What ``State.apply`` accepts: a bid, a play, the redeal of FH-30, or (in a chance state) the
#: ``Deal`` of the next hand.
Action: TypeAlias = Play | Bid | Redeal | Deal
#: Every move of 400 that a record holds: an action, a claim (``State.claim``) or a conduct penalty
#: (``State.penalize``).
Move: TypeAlias = Action | ConductAction | Claim

#: ``PLAYS[card.index]``: the interned play of each card.
PLAYS: Final[tuple[Play, ...]] = tuple(Play(card) for card in CARDS)
#: ``BIDS[n]``: the interned ``Bid(n)`` for n = 1 .. 13 (``BIDS[0]`` is ``None``).
BIDS: Final[tuple[Bid | None, ...]] = (None, *(Bid(n) for n in range(1, 14)))
_REDEAL: Final = Redeal()

#: Every move of 400 in its fixed order (a Deal, holding a whole pack, is not numbered).
ACTIONS: Final[tuple[Move, ...]] = (
    *PLAYS,
    *(Bid(n) for n in range(1, 14)),
    _REDEAL,
    TalkBeforePlay(0),
    TalkBeforePlay(1),
    TalkDuringPlay(0),
    TalkDuringPlay(1),
    *(Claim(seat) for seat in range(4)),
)
_IDS: Final[dict[Move, int]] = {action: i for i, action in enumerate(ACTIONS)}
_BY_TEXT: Final[dict[str, Move]] = {str(action): action for action in ACTIONS[52:]}


def action_id(action: Move) -> int:
    """The position of ``action`` in :data:`ACTIONS`.

    :raises ParseError: for a value that is not one of them (e.g. ``Bid(14)``).
    """
    try:
        return _IDS[action]
    except (KeyError, TypeError):
        raise ParseError(f"{describe(action)} is not an action of 400", text=action) from None


def parse_action(text: str) -> Move:
    """The action whose text form is ``text``: a card (``QH``), a bid (``4``), ``redeal``, or a
    conduct penalty (``talk_before_play:0``).

    :raises ParseError: for anything else.
    """
    if isinstance(text, str):
        stripped = text.strip()
        action = _BY_TEXT.get(stripped.lower())
        if action is not None:
            return action
        try:
            return Play.parse(stripped)
        except ParseError:
            pass
    raise ParseError(
        f"{describe(text)} is not an action of 400: expected a card (e.g. QH), a bid from 1 to 13, "
        "'redeal', talk_before_play:T / talk_during_play:T with T = 0 or 1, or claim:S (S = 0-3)",
        text=text,
    )
