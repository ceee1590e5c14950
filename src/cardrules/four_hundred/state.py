"""The data of a game of 400: the phases, the record of a finished hand and the state's data.

:class:`StateData` carries the whole match: the four scores, the level of FH-24, the dealer, the
hands, the bids, the tricks, the history of finished hands.  It is immutable, hashable, equal by
value and picklable, and has every read-only property of a state; the transitions (``apply``,
``claim``, ``penalize`` ...) are added by :class:`cardrules.four_hundred.State`, the engine's
subclass (:mod:`cardrules.four_hundred.engine`).

Inside, a state is one tuple of plain values (card masks, card indices, ints) and the per-hand
constants (:class:`_Match`) are shared between the states of a hand; ``Card``, ``CardSet`` and
``Trick`` objects are made only at the surface.
"""

from __future__ import annotations

import enum
from itertools import chain
from typing import Any, Final, NamedTuple

import attrs

from cardrules.core.cards import CARDS, Card, Suit
from cardrules.core.cardset import CardSet
from cardrules.core.checks import check_seat
from cardrules.core.deprecated import warn_renamed
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
    # tricks as (leader, c0, c1, c2, c3, winner), then the card indices of a trick cut short),
    # so that ending a hand builds nothing; compared by the cards alone.
    _played: tuple[tuple[tuple[int, ...], ...], tuple[int, ...]] = attrs.field(
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


def _card_indices(played: tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]) -> tuple[int, ...]:
    """The card indices of a hand's plays, in order, from :class:`HandResult`'s inner form."""
    done, trick = played
    return (*chain.from_iterable(t[1:5] for t in done), *trick)


class _Match(NamedTuple):
    """What stays the same during one hand."""

    rules: Rules
    seed: int
    #: The deck of the deal, top first; empty in a chance state (not dealt yet).
    deck: tuple[Card, ...]
    deal_number: int
    dealer: int
    scores: tuple[int, int, int, int]
    level: int
    history: tuple[HandResult, ...]
    hand_number: int
    offences: tuple[int, int]
    minimum_bids: tuple[int, int, int, int]
    winner: int | None
    #: True in a game with ``chance="explicit"``: every deal waits for a ``Deal``.
    explicit: bool
    #: The deck of deal 0 once it is over (``new_game(deck=...)`` may have fixed it, so the seed
    #: need not give it); empty during deal 0, whose deck is ``deck``.  Never observed.
    first_deck: tuple[Card, ...] = ()


# Positions in StateData._s: the match, the phase, the seat to act, the four hand masks, the
# bids, the tricks taken, the leader of the current trick, its card indices, and one
# ``(leader, c0, c1, c2, c3, winner)`` per completed trick.
_M, _PHASE, _TURN, _HANDS, _BIDS, _TAKEN, _LEADER, _TRICK, _DONE = range(9)
_DEAL: Final = Phase.DEAL


class StateData:
    """The data of a state of 400 and its read-only properties: immutable, hashable, equal by
    value, picklable.  Users meet it as :class:`cardrules.four_hundred.State`, which adds the
    transitions."""

    __slots__ = ("_s", "is_terminal")

    _s: tuple[Any, ...]
    #: True when the game is over.  (A stored attribute rather than a property: simulations read
    #: it after every action.)
    is_terminal: bool

    # -- the game protocol ------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` when the game is over or the cards are to be dealt."""
        turn: int | None = self._s[_TURN]
        return turn

    @property
    def winner(self) -> int | None:
        """The winning team, or ``None``: four players in two fixed partnerships, partners
        opposite (FH-1), team 0 = seats 0 and 2, team 1 = seats 1 and 3 (FH-2)."""
        return self._s[_M].winner  # type: ignore[no-any-return]

    @property
    def is_chance(self) -> bool:
        """True in a chance state: the cards are to be dealt with ``apply(Deal(deck))`` (only in
        a game with ``chance="explicit"``; always False in a seeded game)."""
        return self._s[_PHASE] is _DEAL

    @property
    def chance(self) -> str:
        """How the deals of the game are made: ``"seeded"`` (the game's seed shuffles) or
        ``"explicit"`` (each deal waits in a chance state for ``apply(Deal(deck))``)."""
        return "explicit" if self._s[_M].explicit else "seeded"

    # -- the match ---------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        """The ruleset."""
        return self._s[_M].rules  # type: ignore[no-any-return]

    @property
    def seed(self) -> int:
        """The seed of the game: every shuffle comes from it."""
        return self._s[_M].seed  # type: ignore[no-any-return]

    @property
    def deck(self) -> tuple[Card, ...]:
        """The 52 cards of the current deal, top card first (FH-7); empty in a chance state."""
        return self._s[_M].deck  # type: ignore[no-any-return]

    @property
    def deal_number(self) -> int:
        """The number ``k`` of the current deal: 0 for the first; every deal counts."""
        return self._s[_M].deal_number  # type: ignore[no-any-return]

    @property
    def hand_number(self) -> int:
        """The scoresheet line the current hand gets if it is scored (1 for the first)."""
        return self._s[_M].hand_number  # type: ignore[no-any-return]

    @property
    def dealer(self) -> int:
        """The dealer of the current hand."""
        return self._s[_M].dealer  # type: ignore[no-any-return]

    @property
    def scores(self) -> tuple[int, int, int, int]:
        """The four per-player scores in seat order (FH-3)."""
        return self._s[_M].scores  # type: ignore[no-any-return]

    @property
    def level(self) -> int:
        """The level of FH-24: 41, or 51, 61 ... after both teams qualified together."""
        return self._s[_M].level  # type: ignore[no-any-return]

    @property
    def history(self) -> tuple[HandResult, ...]:
        """The finished hands, first to last."""
        return self._s[_M].history  # type: ignore[no-any-return]

    @property
    def offences(self) -> tuple[int, int]:
        """Each team's conduct offences so far (FH-28)."""
        return self._s[_M].offences  # type: ignore[no-any-return]

    @property
    def minimum_bids(self) -> tuple[int, int, int, int]:
        """Each seat's minimum bid in this hand (FH-11)."""
        return self._s[_M].minimum_bids  # type: ignore[no-any-return]

    @property
    def minimum_total(self) -> int:
        """The minimum total of the bids in this hand (FH-13)."""
        m: _Match = self._s[_M]
        return minimum_total(m.scores, m.rules)

    # -- the hand --------------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """Bidding, play, over, or (in a chance state) deal."""
        return self._s[_PHASE]  # type: ignore[no-any-return]

    @property
    def trump(self) -> Suit:
        """Hearts, always (FH-5)."""
        return Suit.HEARTS

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's unplayed cards, in card-index order."""
        return tuple(tuple(CardSet.from_mask(mask)) for mask in self._s[_HANDS])

    def hand(self, seat: int) -> CardSet:
        """One seat's unplayed cards.

        :raises ArgumentError: if ``seat`` is not a seat 0 to 3.
        """
        return CardSet.from_mask(self._s[_HANDS][check_seat(seat)])

    @property
    def bids(self) -> tuple[int | None, int | None, int | None, int | None]:
        """The bids of this hand in seat order, ``None`` for a seat yet to bid."""
        return self._s[_BIDS]  # type: ignore[no-any-return]

    @property
    def tricks_taken(self) -> tuple[int, int, int, int]:
        """Tricks taken so far in this hand, per seat (FH-17)."""
        return self._s[_TAKEN]  # type: ignore[no-any-return]

    @property
    def leader(self) -> int:
        """The seat that leads (or led) the current trick."""
        return self._s[_LEADER]  # type: ignore[no-any-return]

    @property
    def current_trick(self) -> Trick:
        """The trick in progress (no cards between tricks)."""
        s = self._s
        return Trick(s[_LEADER], tuple(CARDS[i] for i in s[_TRICK]))

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks of this hand."""
        return tuple(
            Trick(t[0], (CARDS[t[1]], CARDS[t[2]], CARDS[t[3]], CARDS[t[4]]))
            for t in self._s[_DONE]
        )

    @property
    def trick_winners(self) -> tuple[int, ...]:
        """The winner of each completed trick of this hand."""
        return tuple(t[5] for t in self._s[_DONE])

    @property
    def played(self) -> CardSet:
        """Every card played in this hand (completed tricks and the current one)."""
        mask = 0
        for t in self._s[_DONE]:
            for i in t[1:5]:
                mask |= 1 << i
        for i in self._s[_TRICK]:
            mask |= 1 << i
        return CardSet.from_mask(mask)

    # -- value semantics -------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._s == other._s
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._s)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_restore, (self.__class__, self._s))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a State is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a State is immutable: cannot delete {name!r}")

    def __repr__(self) -> str:
        s = self._s
        m: _Match = s[_M]
        return (
            f"<State {s[_PHASE].value} deal={m.deal_number} dealer={m.dealer} "
            f"turn={s[_TURN]} scores={m.scores} bids={s[_BIDS]} taken={s[_TAKEN]}>"
        )


# The slots are written through their descriptors: StateData.__setattr__ refuses every write.
_set_s = StateData.__dict__["_s"].__set__
_set_terminal = StateData.__dict__["is_terminal"].__set__
_OVER: Final = Phase.OVER


def _restore(cls: type[StateData], s: tuple[Any, ...]) -> StateData:
    """Unpickle a state of class ``cls`` (the engine's ``State``) from its tuple."""
    state = object.__new__(cls)
    _set_s(state, s)
    _set_terminal(state, s[_PHASE] is _OVER)
    return state
