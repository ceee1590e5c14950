"""The data of a game of 400: the phases, the record of a finished hand and the state's data.

:class:`StateData` carries the whole match: the four scores, the level of FH-24, the dealer, the
hands, the bids, the tricks, the history of finished hands.  It is immutable, hashable, equal by
value and picklable, and has every read-only property of a state; the transitions (``apply``,
``claim``, ``penalize`` ...) are added by :class:`cardrules.four_hundred.State`, the engine's
subclass (:mod:`cardrules.four_hundred.engine`).

Inside, a state is named slots of plain values (card masks, card indices, ints) and a deal record
(``_Deal``) shared between the states of a stage of the hand, laid out as All Fours' are
(:mod:`cardrules.core.frozen`); ``Card``, ``CardSet`` and ``Trick`` objects are made only at the
surface.
"""

from __future__ import annotations

import enum
from itertools import chain
from typing import Any, Final

import attrs

from cardrules.core.cards import CARDS, Card, Suit
from cardrules.core.cardset import CardSet
from cardrules.core.checks import check_seat
from cardrules.core.deprecated import warn_renamed
from cardrules.core.frozen import Frozen, copier
from cardrules.core.tricks import Trick
from cardrules.four_hundred.rules import Rules
from cardrules.four_hundred.scoring import minimum_total

__all__ = ["Ending", "HandEnd", "HandResult", "Outcome", "Phase", "StateData"]


class Phase(enum.StrEnum):
    """Where the game is: bidding (FH-10), play (FH-15), or over (FH-23); or waiting for the
    cards to be dealt (a chance state of a game with ``chance="explicit"``, FH-7)."""

    BIDDING = "bidding"
    PLAY = "play"
    OVER = "over"
    DEAL = "deal"


_DEAL: Final = Phase.DEAL
#: A completed trick in the engine's form: (leader, card indices in play order, winning seat).
_RawTrick = tuple[int, tuple[int, ...], int]


class Ending(enum.StrEnum):
    """How a hand ended: :class:`HandEnd`, the name All Fours' endings have too (the class
    keeps its old ``__name__`` for one release, so that error messages stay the same)."""

    #: All 13 tricks were played (FH-19).
    PLAYED = "played"
    #: A claim was accepted (FH-18).
    CLAIMED = "claimed"
    #: The bids were too low (FH-14, FH-29): nothing scored.
    THROWN_IN = "thrown_in"
    #: A player without pictures demanded a redeal (FH-30): nothing scored.
    VOID_REDEAL = "void_redeal"
    #: Talk before play; the other team demanded a redeal (FH-26): nothing scored.
    CONDUCT_REDEAL = "conduct_redeal"
    #: Talk during play (FH-27): scored as failed / made.
    CONDUCT_PENALTY = "conduct_penalty"


class Outcome(enum.StrEnum):
    """A player's result in a scored hand (FH-19)."""

    MADE = "made"
    FAILED = "failed"


#: How a hand ended, named as in All Fours (the package's ``four_hundred.Ending`` is the
#: deprecated spelling, which warns).
HandEnd = Ending


@attrs.frozen(slots=True)
class HandResult:
    """A finished hand, as a scoresheet line.

    Hands that were not scored (thrown in, void) have ``hand_number=None``, no outcomes and zero
    changes; they are in the history all the same, because the deal passed (FH-8).
    """

    #: The scoresheet line, 1 for the first scored hand; ``None`` for a hand not scored.
    hand_number: int | None
    #: The deal number ``k`` (0 for the first deal; every deal counts), the seed label.
    deal_number: int
    #: The dealer of the hand.
    dealer: int
    #: Each seat's bid, ``None`` for a seat that had not bid when the hand ended.
    bids: tuple[int | None, int | None, int | None, int | None]
    #: Tricks taken per seat (claimed tricks included), as ``State.tricks_taken``.
    tricks_taken: tuple[int, int, int, int]
    #: Each seat's score change.
    changes: tuple[int, int, int, int]
    #: The four scores after the hand.
    scores: tuple[int, int, int, int]
    #: Each seat's outcome, or ``None`` for every seat when the hand was not scored.
    outcomes: tuple[Outcome | None, Outcome | None, Outcome | None, Outcome | None]
    #: How the hand ended.
    ending: HandEnd
    #: The seat whose claim ended the hand (FH-18), or ``None``.
    claimer: int | None
    #: The offending team of a conduct penalty (FH-26, FH-27), or ``None``.
    offender: int | None
    #: The seat whose made high bid won the game (FH-21), or ``None``.
    high_bid_winner: int | None
    #: The level of FH-24 for the next hand.
    level: int
    #: Each team's offences so far in the game (FH-28).
    offences: tuple[int, int]
    #: The team that won the game with this hand, or ``None``.
    winner: int | None
    # Every card played in the hand, read as plays: kept in the engine's form (the completed
    # tricks as (leader, cards, winner), then the card indices of a trick cut short),
    # so that ending a hand builds nothing; compared by the cards alone.
    _played: tuple[tuple[_RawTrick, ...], tuple[int, ...]] = attrs.field(
        default=((), ()),
        repr=False,
        eq=attrs.cmp_using(eq=lambda a, b: a is b or _card_indices(a) == _card_indices(b)),
        hash=False,
        alias="played",
    )

    @property
    def plays(self) -> tuple[Card, ...]:
        """Every card played in the hand, in the order played (each trick's leader follows
        from FH-15 and FH-17).  Public, as every card played is; with the deal's deck it
        replays the hand (:func:`~cardrules.four_hundred.load_state` does).  Empty for a hand
        not played."""
        return tuple(map(CARDS.__getitem__, _card_indices(self._played)))

    @property
    def scored(self) -> bool:
        """True when the hand changed the scores' record (played, claimed or penalised)."""
        return self.hand_number is not None

    @property
    def tricks(self) -> tuple[int, int, int, int]:
        """Deprecated: :attr:`tricks_taken` (``tricks`` is the ``Trick`` objects elsewhere)."""
        warn_renamed("four_hundred.HandResult.tricks", "four_hundred.HandResult.tricks_taken")
        return self.tricks_taken


def _card_indices(played: tuple[tuple[_RawTrick, ...], tuple[int, ...]]) -> tuple[int, ...]:
    """The card indices of a hand's plays, in order, from :class:`HandResult`'s inner form."""
    done, trick = played
    return (*chain.from_iterable(t[1] for t in done), *trick)


@attrs.define(slots=True, kw_only=True, eq=True, hash=True, weakref_slot=False)
class _Deal:
    """The deal record (:mod:`cardrules.core.frozen`): what stays the same between two stages
    of one deal.  Changed only on a fresh copy (:func:`_copy`), before a state holds it."""

    rules: Rules
    seed: int
    dealer: int
    #: The deal number ``k`` (0 for the first; every deal counts).
    deal_number: int
    scores: tuple[int, int, int, int]
    #: The level of FH-24 for this hand.
    level: int
    history: tuple[HandResult, ...]
    #: The scoresheet line this hand gets if it is scored (FH-19).
    hand_number: int
    #: Each team's conduct offences so far (FH-28).
    offences: tuple[int, int]
    #: True in a game with ``chance="explicit"``: every deal waits for a ``Deal``.
    explicit: bool = False
    #: The deck of deal 0 once it is over (``new_game(deck=...)`` may have fixed it, so the seed
    #: need not give it); empty during deal 0, whose deck is ``deck``.  Never observed.
    first_deck: tuple[Card, ...] = ()
    #: The deck of the deal, top first; empty in a chance state (not dealt yet).
    deck: tuple[Card, ...] = ()
    #: Each seat's minimum bid in this hand (FH-11), set when the hand is dealt.
    minimum_bids: tuple[int, int, int, int] = (2, 2, 2, 2)
    phase: Phase = Phase.DEAL
    winner: int | None = None


_copy: Final = copier(_Deal)


class _Slots:
    """The storage of a state, writable (the engine fills one, then seals it as a ``State``:
    :mod:`cardrules.core.frozen`)."""

    __slots__ = (
        "_bids",
        "_deal",
        "_hands",
        "_leader",
        "_taken",
        "_trick",
        "_tricks",
        "_turn",
        "is_terminal",
    )

    _deal: _Deal
    _hands: tuple[int, int, int, int]  # each seat's card mask
    _turn: int | None
    _leader: int
    _trick: tuple[int, ...]  # card indices, the lead first
    _tricks: tuple[_RawTrick, ...]
    _bids: tuple[int | None, int | None, int | None, int | None]
    _taken: tuple[int, int, int, int]  # tricks taken per seat
    is_terminal: bool


class StateData(_Slots, Frozen):
    """The data of a state of 400 and its read-only properties: immutable, hashable, equal by
    value, picklable.  Users meet it as :class:`cardrules.four_hundred.State`, which adds the
    transitions.

    .. attribute:: is_terminal
       :type: bool

       True when the game is over.  (A stored attribute rather than a property: simulations
       read it after every action.)
    """

    __slots__ = ()

    # -- the game protocol ------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` when the game is over or the cards are to be dealt."""
        return self._turn

    @property
    def winner(self) -> int | None:
        """The winning team, or ``None``: four players in two fixed partnerships, partners
        opposite (FH-1), team 0 = seats 0 and 2, team 1 = seats 1 and 3 (FH-2)."""
        return self._deal.winner

    @property
    def is_chance(self) -> bool:
        """True in a chance state: the cards are to be dealt with ``apply(Deal(deck))`` (only in
        a game with ``chance="explicit"``; always False in a seeded game)."""
        return self._deal.phase is _DEAL

    @property
    def chance(self) -> str:
        """How the deals of the game are made: ``"seeded"`` (the game's seed shuffles) or
        ``"explicit"`` (each deal waits in a chance state for ``apply(Deal(deck))``)."""
        return "explicit" if self._deal.explicit else "seeded"

    # -- the match ---------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        """The ruleset."""
        return self._deal.rules

    @property
    def seed(self) -> int:
        """The seed of the game: every shuffle comes from it."""
        return self._deal.seed

    @property
    def deck(self) -> tuple[Card, ...]:
        """The 52 cards of the current deal, top card first (FH-7); empty in a chance state."""
        return self._deal.deck

    @property
    def deal_number(self) -> int:
        """The number ``k`` of the current deal: 0 for the first; every deal counts."""
        return self._deal.deal_number

    @property
    def hand_number(self) -> int:
        """The scoresheet line the current hand gets if it is scored (1 for the first)."""
        return self._deal.hand_number

    @property
    def dealer(self) -> int:
        """The dealer of the current hand."""
        return self._deal.dealer

    @property
    def scores(self) -> tuple[int, int, int, int]:
        """The four per-player scores in seat order (FH-3)."""
        return self._deal.scores

    @property
    def level(self) -> int:
        """The level of FH-24: 41, or 51, 61 ... after both teams qualified together."""
        return self._deal.level

    @property
    def history(self) -> tuple[HandResult, ...]:
        """The finished hands, first to last."""
        return self._deal.history

    @property
    def offences(self) -> tuple[int, int]:
        """Each team's conduct offences so far (FH-28)."""
        return self._deal.offences

    @property
    def minimum_bids(self) -> tuple[int, int, int, int]:
        """Each seat's minimum bid in this hand (FH-11)."""
        return self._deal.minimum_bids

    @property
    def minimum_total(self) -> int:
        """The minimum total of the bids in this hand (FH-13)."""
        d = self._deal
        return minimum_total(d.scores, d.rules)

    # -- the hand --------------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """Bidding, play, over, or (in a chance state) deal."""
        return self._deal.phase

    @property
    def trump(self) -> Suit:
        """Hearts, always (FH-5)."""
        return Suit.HEARTS

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's unplayed cards, in card-index order."""
        return tuple(tuple(CardSet.from_mask(mask)) for mask in self._hands)

    def hand(self, seat: int) -> CardSet:
        """One seat's unplayed cards.

        :raises ArgumentError: if ``seat`` is not a seat 0 to 3.
        """
        return CardSet.from_mask(self._hands[check_seat(seat)])

    @property
    def bids(self) -> tuple[int | None, int | None, int | None, int | None]:
        """The bids of this hand in seat order, ``None`` for a seat yet to bid."""
        return self._bids

    @property
    def tricks_taken(self) -> tuple[int, int, int, int]:
        """Tricks taken so far in this hand, per seat (FH-17)."""
        return self._taken

    @property
    def leader(self) -> int:
        """The seat that leads (or led) the current trick."""
        return self._leader

    @property
    def current_trick(self) -> Trick:
        """The trick in progress (no cards between tricks)."""
        return Trick(self._leader, tuple(CARDS[i] for i in self._trick))

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks of this hand."""
        return tuple(
            Trick(leader, tuple(CARDS[i] for i in cards)) for leader, cards, _ in self._tricks
        )

    @property
    def trick_winners(self) -> tuple[int, ...]:
        """The winner of each completed trick of this hand."""
        return tuple(winner for _, _, winner in self._tricks)

    @property
    def played(self) -> CardSet:
        """Every card played in this hand (completed tricks and the current one)."""
        mask = 0
        for _, cards, _ in self._tricks:
            for i in cards:
                mask |= 1 << i
        for i in self._trick:
            mask |= 1 << i
        return CardSet.from_mask(mask)

    # -- value semantics (cardrules.core.frozen) ---------------------------------------------
    def _key(self) -> tuple[Any, ...]:
        return (
            self._deal,
            self._hands,
            self._turn,
            self._leader,
            self._trick,
            self._tricks,
            self._bids,
            self._taken,
        )

    def __repr__(self) -> str:
        d = self._deal
        return (
            f"<State {d.phase.value} deal={d.deal_number} dealer={d.dealer} "
            f"turn={self._turn} scores={d.scores} bids={self._bids} taken={self._taken}>"
        )
