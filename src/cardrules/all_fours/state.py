"""The All Fours game state as data: :class:`StateData`, its :class:`Phase`, the
:class:`HandResult` history and why a deal ended (:class:`HandEnd`).

A state carries the whole match: scores per side, the dealer, the deck of the current deal, the
undealt stock (in order), the kicks turned this deal, trumps, hands, the cards dealt to each seat,
the tricks of the deal and the history of finished deals.  This module holds the data, its value
semantics (immutable, hashable, equal by value, picklable) and every read-only property; the
transitions (``legal_actions``, ``apply`` ...) are those of :class:`cardrules.all_fours.State`,
the engine's subclass (:mod:`cardrules.all_fours.engine`).

Inside, a state is named slots of plain values (the hands packed in one int, card indices,
masks) and a deal record (``_Deal``) shared between the states of a stage of the deal, laid
out as 400's are (:mod:`cardrules.core.frozen`).

>>> from cardrules.all_fours import new_game
>>> state = new_game(seed=7, dealer=0)
>>> state.phase, state.current_player, state.dealer, state.scores
(<Phase.BEG: 'beg'>, 1, 0, (0, 0))
>>> [len(hand) for hand in state.hands], len(state.stock), str(state.kick)
([6, 6, 6, 6], 27, '7C')
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from typing import Any, Final

import attrs

from cardrules.all_fours.actions import Action
from cardrules.all_fours.kernels import stock_place
from cardrules.all_fours.rules import Rules, Undertrump
from cardrules.all_fours.scoring import Award, _mask_points
from cardrules.core.cards import CARDS, Card, Suit, iter_cards
from cardrules.core.cardset import FULL_MASK, CardSet
from cardrules.core.checks import check_seat, refuse
from cardrules.core.deprecated import warn_renamed
from cardrules.core.frozen import Frozen, copier, seal
from cardrules.core.tricks import Trick
from cardrules.errors import ArgumentError

__all__ = ["HandEnd", "HandResult", "Phase", "StateData"]


class Phase(enum.StrEnum):
    """The phases of a deal (AF-7 ... AF-14)."""

    #: A chance state: the deal waits for ``Deal(deck)`` (``new_game(..., chance="explicit")``).
    DEAL = "deal"
    #: The beggar stands or begs (AF-10).
    BEG = "beg"
    #: The dealer answers a beg: give one or run the pack (AF-11).
    ANSWER = "answer"
    #: Trumps are fixed; tricks are played (AF-16 ... AF-20).
    PLAY = "play"
    #: A side reached the target (AF-14, AF-21).
    OVER = "over"


class HandEnd(enum.StrEnum):
    """Why a deal ended."""

    #: Every trick was played and the hand tallied (AF-23).
    PLAYED = "played"
    #: A run was due with too few cards in the stock: the deal is void (AF-13).
    EXHAUSTED_PACK = "exhausted_pack"
    #: A side reached the target during the deal (at a kick, a gift or in the tally; AF-14).
    TARGET_REACHED = "target_reached"


#: A completed trick in the engine's form: (leader, card indices in play order, winning seat).
_RawTrick = tuple[int, tuple[int, ...], int]
_CARD_AT: Final = CARDS.__getitem__
_SUITS: Final = tuple(Suit)


@attrs.frozen(slots=True, init=False, repr=False, weakref_slot=False)
class HandResult:
    """A finished deal: its awards in the order they were scored, and why it ended.

    * ``deal_number`` and ``dealer``;
    * ``kicks`` -- every card turned up, in order (AF-7, AF-11, AF-12);
    * ``trump`` -- the trump suit, or ``None`` if trumps were never fixed;
    * ``decisions`` -- the stand / beg / give one / run actions of the deal, in order;
    * ``awards`` -- each :class:`~cardrules.all_fours.Award`, in scoring order;
    * ``ending`` -- a :class:`HandEnd` (``reason`` before: deprecated);
    * ``card_points`` -- both sides' card points (AF-4) when the hand was played out, else None;
    * ``scores`` -- the scores per side after the deal;
    * ``tricks`` and ``trick_winners`` -- the tricks played in the deal (all public: every card
      in them was played face up) and the seat that won each; empty when no trick was completed.

    Nothing here tells who was dealt an unplayed card: a void deal's hands stay unknown.

    Immutable, hashable and equal by value.  (The engine keeps a deal's tricks in its own compact
    form and builds the :class:`~cardrules.Trick` objects when ``tricks`` is first read: a
    simulation that never reads them does not pay for them.)

    >>> from cardrules.all_fours import new_game
    >>> state = new_game(seed=4, dealer=0)
    >>> while not state.history:
    ...     state = state.apply(state.legal_actions()[0])
    >>> result = state.history[0]
    >>> result.ending, len(result.tricks), result.trick_winners, result.scores
    (<HandEnd.PLAYED: 'played'>, 6, (0, 1, 3, 1, 1, 1), (0, 4))
    """

    #: The number of the deal (every deal counts, void ones too).
    deal_number: int
    #: The dealer of the deal.
    dealer: int
    #: Every card turned up, in order (AF-7, AF-11, AF-12).
    kicks: tuple[Card, ...]
    #: The trump suit, or ``None`` if trumps were never fixed.
    trump: Suit | None
    #: The stand / beg / give one / run actions of the deal, in order.
    decisions: tuple[Action, ...]
    #: Each award of the deal, in scoring order.
    awards: tuple[Award, ...]
    #: Why the deal ended.
    ending: HandEnd
    #: Both sides' card points (AF-4) when the hand was played out, else None.
    card_points: tuple[int, int] | None
    #: The scores per side after the deal.
    scores: tuple[int, int]
    # The tricks in the engine's form, (leader, card indices, winner) each.
    _plays: tuple[_RawTrick, ...]
    # The number of players (it only shapes the Trick objects).
    _players: int = attrs.field(eq=False)

    def __init__(
        self,
        deal_number: int,
        dealer: int,
        kicks: tuple[Card, ...],
        trump: Suit | None,
        decisions: tuple[Action, ...],
        awards: tuple[Award, ...],
        ending: HandEnd,
        card_points: tuple[int, int] | None,
        scores: tuple[int, int],
        tricks: tuple[Trick, ...] = (),
        trick_winners: tuple[int, ...] = (),
    ) -> None:
        if not isinstance(tricks, Sequence) or not all(isinstance(t, Trick) for t in tricks):
            refuse("tricks", "a sequence of Trick", tricks)
        if not isinstance(trick_winners, Sequence) or not all(
            isinstance(w, int) and not isinstance(w, bool) for w in trick_winners
        ):
            refuse("trick_winners", "a sequence of seats", trick_winners)
        tricks = tuple(tricks)
        winners = tuple(trick_winners)
        if len(tricks) != len(winners):
            raise ArgumentError(
                f"a HandResult needs one winner per trick: {len(tricks)} tricks, "
                f"{len(winners)} winners",
                name="trick_winners",
                value=winners,
            )
        raw = tuple(
            (t.leader, tuple(c.index for c in t.cards), w)
            for t, w in zip(tricks, winners, strict=True)
        )
        self.__attrs_init__(
            deal_number,
            dealer,
            kicks,
            trump,
            decisions,
            awards,
            ending,
            card_points,
            scores,
            raw,
            tricks[0].players if tricks else 4,
        )

    @functools.cached_property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks of the deal, in order (built on first read)."""
        players = self._players
        return tuple(
            Trick.of(leader, tuple(map(_CARD_AT, cards)), players)
            for leader, cards, _ in self._plays
        )

    @property
    def trick_winners(self) -> tuple[int, ...]:
        """The seat that won each trick of :attr:`tricks`."""
        return tuple(winner for _, _, winner in self._plays)

    @property
    def reason(self) -> HandEnd:
        """Deprecated: :attr:`ending`, the name 400's ``HandResult`` has too."""
        warn_renamed("all_fours.HandResult.reason", "all_fours.HandResult.ending")
        return self.ending

    def __repr__(self) -> str:
        values = ", ".join(f"{name}={getattr(self, name)!r}" for name in _RESULT_FIELDS)
        return f"HandResult({values})"


_RESULT_FIELDS: Final = (
    "deal_number",
    "dealer",
    "kicks",
    "trump",
    "decisions",
    "awards",
    "ending",
    "card_points",
    "scores",
    "tricks",
    "trick_winners",
)
_new = object.__new__


class _ResultParts:
    """A HandResult's slots, assignable: the engine fills one and seals it as a HandResult (the
    engine makes one per deal, and a frozen class's own __init__ sets each field through
    object.__setattr__, several times slower; the trick of :mod:`cardrules.core.frozen`)."""

    __slots__ = HandResult.__slots__

    deal_number: int
    dealer: int
    kicks: tuple[Card, ...]
    trump: Suit | None
    decisions: tuple[Action, ...]
    awards: tuple[Award, ...]
    ending: HandEnd
    card_points: tuple[int, int] | None
    scores: tuple[int, int]
    _plays: tuple[_RawTrick, ...]
    _players: int


def _hand_result(
    deal: _Deal,
    *,
    ending: HandEnd,
    card_points: tuple[int, int] | None,
    tricks: tuple[_RawTrick, ...] = (),
) -> HandResult:
    """The record of the deal that ``deal`` describes (its number, dealer, kicks, trump,
    decisions, awards and scores), ended by ``ending`` with these card points and tricks (in
    the engine's form, built into :class:`~cardrules.Trick` objects on first read)."""
    trump = deal.trump
    result = _new(_ResultParts)
    result.deal_number = deal.deal_number
    result.dealer = deal.dealer
    result.kicks = deal.kicks
    result.trump = _SUITS[trump] if trump >= 0 else None
    result.decisions = deal.decisions
    result.awards = deal.awards
    result.ending = ending
    result.card_points = card_points
    result.scores = deal.scores
    result._plays = tricks
    result._players = deal.players
    return seal(result, HandResult)


def _stock_of(deal: _Deal) -> tuple[Card, ...]:
    """The undealt cards of a deal: the end of its deck after the deal and its runs (AF-7,
    AF-11); none before the deal."""
    if not deal.kicks:
        return ()
    return deal.deck[stock_place(len(deal.kicks) - 1, deal.rules.players) :]


def _simple(rules: Rules) -> bool:
    """AF-20 allows undertrumping and AF-25 is off: the legal plays are the core's
    follow-or-trump kernel."""
    return rules.undertrump is Undertrump.ALLOWED and not rules.exposed_cards


@attrs.define(slots=True, kw_only=True, eq=True, hash=True, weakref_slot=False)
class _Deal:
    """The deal record (:mod:`cardrules.core.frozen`): what stays the same between two stages
    of a deal (the deal, the beg and its answer, each run, trumps fixed, an award).  Changed only
    on a fresh copy (:func:`_copy`), before a state holds it; the last three fields follow from
    the others unless given."""

    rules: Rules
    seed: int
    dealer: int
    deal_number: int
    scores: tuple[int, int]
    history: tuple[HandResult, ...]
    #: True in a game with ``chance="explicit"``: every deal waits for ``Deal(deck)``.
    explicit: bool = False
    deck: tuple[Card, ...] = ()
    kicks: tuple[Card, ...] = ()
    #: The card mask dealt to each seat this deal, run cards included.
    dealt: tuple[int, ...] = attrs.field(
        default=attrs.Factory(lambda d: (0,) * d.rules.players, takes_self=True)
    )
    trump: int = -1  # a suit number, -1 until trumps are fixed
    phase: Phase = Phase.DEAL
    awards: tuple[Award, ...] = ()
    decisions: tuple[Action, ...] = ()
    winner: int | None = None
    exposed: int = 0  # the mask of the exposed cards (AF-25)
    called: int = -1  # card index of a called card (AF-25), -1 if none
    players: int = attrs.field(default=attrs.Factory(lambda d: d.rules.players, takes_self=True))
    stock: tuple[Card, ...] = attrs.field(default=attrs.Factory(_stock_of, takes_self=True))
    #: The legal plays are the core's follow-or-trump kernel (:func:`_simple`).
    simple: bool = attrs.field(default=attrs.Factory(lambda d: _simple(d.rules), takes_self=True))


_copy: Final = copier(_Deal)


class _Slots:
    """The storage of a state (internal; the engine fills it and then makes it a ``State``,
    whose attributes cannot be assigned)."""

    __slots__ = (
        "_best",
        "_deal",
        "_hands",
        "_leader",
        "_lmask",
        "_trick",
        "_tricks",
        "_turn",
        "_won",
        "is_terminal",
    )

    _deal: _Deal
    _hands: int  # every hand in one int: seat s's 52-bit mask at bit 52 * s
    _turn: int | None
    _leader: int
    _trick: tuple[int, ...]  # card indices, the lead first
    _best: int  # position in _trick of the winning card (AF-19)
    _won: tuple[int, int]  # cards in the tricks won, per side
    _tricks: tuple[_RawTrick, ...]  # (leader, cards, winner)
    _lmask: int  # the legal plays' mask (0 outside the play phase)
    #: True when a side has reached the target (AF-21).  A stored attribute, not a property:
    #: every simulation loop reads it after every action.
    is_terminal: bool


#: The bit offset of each seat's hand in ``_Slots._hands``.
_SHIFT = (0, 52, 104, 156)


def _unpack(hands: int, players: int) -> tuple[int, ...]:
    if players == 4:
        return (hands & FULL_MASK, hands >> 52 & FULL_MASK, hands >> 104 & FULL_MASK, hands >> 156)
    return (hands & FULL_MASK, hands >> 52)


def _pack(hands: Sequence[int]) -> int:
    if len(hands) == 4:
        return hands[0] | hands[1] << 52 | hands[2] << 104 | hands[3] << 156
    return hands[0] | hands[1] << 52


class StateData(_Slots, Frozen):
    """The data of an All Fours game state: every read-only property, and value semantics
    (immutable, hashable, equal by value, picklable).

    Every state is a :class:`cardrules.all_fours.State` (the engine's subclass, which adds
    ``legal_actions``, ``apply``, ``observe`` and the other transitions); this class holds what
    a state *is*.  At a chance state (:attr:`is_chance`, games of ``new_game(...,
    chance="explicit")``) the deal has not been made: the dealer, deal number, scores and
    history are set; the deck, stock, kicks and hands are empty and there is no :attr:`kick`.

    .. attribute:: is_terminal
       :type: bool

       True when a side has reached the target (AF-21).  (A stored attribute rather than a
       property: simulations read it after every action.)
    """

    __slots__ = ()

    # -- the protocol ----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat to act: the beggar (AF-10), the dealer answering a beg (AF-11), the next
        player in a trick (AF-16); ``None`` when the game is over or at a chance state."""
        return self._turn

    @property
    def is_chance(self) -> bool:
        """True at a chance state: the deal waits for ``Deal(deck)`` (only in games made with
        ``new_game(..., chance="explicit")``)."""
        return self._deal.phase is Phase.DEAL

    @property
    def winner(self) -> int | None:
        """The winning side (0 or 1), or ``None`` while the game goes on."""
        return self._deal.winner

    # -- the match -------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        """The ruleset."""
        return self._deal.rules

    @property
    def players(self) -> int:
        """The number of players, 4 or 2 (AF-1)."""
        return self._deal.players

    @property
    def seed(self) -> int:
        """The game's seed (every shuffle and the first dealer derive from it)."""
        return self._deal.seed

    @property
    def phase(self) -> Phase:
        """The :class:`Phase`."""
        return self._deal.phase

    @property
    def scores(self) -> tuple[int, int]:
        """The score of each side (side 0 = seats 0 and 2; with two players, side = seat)."""
        return self._deal.scores

    @property
    def history(self) -> tuple[HandResult, ...]:
        """The finished deals, oldest first (void and unfinished deals included)."""
        return self._deal.history

    # -- the deal --------------------------------------------------------------------------
    @property
    def dealer(self) -> int:
        """The dealer of the current deal (AF-6, AF-8)."""
        return self._deal.dealer

    @property
    def beggar(self) -> int:
        """The dealer's right-hand neighbour (dealer + 1), who stands or begs and leads first."""
        return (self._deal.dealer + 1) % self._deal.players

    @property
    def deal_number(self) -> int:
        """The number of the current deal, from 0 (every deal counts, void ones too)."""
        return self._deal.deal_number

    @property
    def deck(self) -> tuple[Card, ...]:
        """The full 52-card order of the current deal, top card first (AF-7); empty at a chance
        state, until ``Deal(deck)`` gives it."""
        return self._deal.deck

    @property
    def stock(self) -> tuple[Card, ...]:
        """The undealt cards, top first: the next run deals from here (AF-11, AF-13)."""
        return self._deal.stock

    @property
    def kicks(self) -> tuple[Card, ...]:
        """Every card turned up this deal, the current kick last (public; AF-7, AF-12)."""
        return self._deal.kicks

    @property
    def kick(self) -> Card:
        """The current kick: the card that proposes (or proposed) trumps (none at a chance
        state: an IndexError)."""
        return self._deal.kicks[-1]

    @property
    def trump(self) -> Suit | None:
        """The trump suit once it is fixed (a stand, a gift, or a run that turns a new suit);
        ``None`` while it is only proposed (see :attr:`proposed_trump`)."""
        trump = self._deal.trump
        return None if trump < 0 else Suit(trump)

    @property
    def proposed_trump(self) -> Suit:
        """The current kick's suit: trumps if the beggar stands or the dealer gives one."""
        return self._deal.kicks[-1].suit

    @property
    def decisions(self) -> tuple[Action, ...]:
        """The stand / beg / give one / run actions of this deal, in order."""
        return self._deal.decisions

    @property
    def awards(self) -> tuple[Award, ...]:
        """The awards scored so far in this deal (kicks, a gift), in order."""
        return self._deal.awards

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's unplayed cards, in card-index order."""
        return tuple(tuple(iter_cards(mask)) for mask in _unpack(self._hands, self._deal.players))

    def hand(self, seat: int) -> CardSet:
        """The unplayed cards of ``seat``."""
        seat = check_seat(seat, self._deal.players)
        return CardSet.from_mask(self._hands >> (52 * seat) & FULL_MASK)

    @property
    def dealt(self) -> tuple[CardSet, ...]:
        """Every card dealt to each seat this deal, run cards included: High and Low go to the
        holder's side (AF-22, AF-23)."""
        return tuple(CardSet.from_mask(mask) for mask in self._deal.dealt)

    @property
    def in_play(self) -> CardSet:
        """The cards in play (AF-22): every card dealt to a player this deal."""
        mask = 0
        for dealt in self._deal.dealt:
            mask |= dealt
        return CardSet.from_mask(mask)

    # -- tricks ----------------------------------------------------------------------------
    @property
    def current_trick(self) -> Trick:
        """The trick being played (empty before the lead)."""
        return Trick.of(self._leader, tuple(CARDS[i] for i in self._trick), self._deal.players)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks of this deal, in order."""
        players = self._deal.players
        return tuple(
            Trick.of(leader, tuple(CARDS[i] for i in cards), players)
            for leader, cards, _ in self._tricks
        )

    @property
    def trick_winners(self) -> tuple[int, ...]:
        """The seat that won each completed trick of this deal."""
        return tuple(winner for _, _, winner in self._tricks)

    @property
    def tricks_won(self) -> tuple[int, int]:
        """The number of tricks each side has won this deal."""
        count = [0, 0]
        for _, _, winner in self._tricks:
            count[winner % 2] += 1
        return count[0], count[1]

    @property
    def won_cards(self) -> tuple[CardSet, CardSet]:
        """The cards in the tricks each side has won this deal."""
        return CardSet.from_mask(self._won[0]), CardSet.from_mask(self._won[1])

    @property
    def card_points(self) -> tuple[int, int]:
        """The card points (AF-4) each side has won so far this deal."""
        return _mask_points(self._won[0]), _mask_points(self._won[1])

    # -- AF-25 -----------------------------------------------------------------------------
    @property
    def exposed(self) -> CardSet:
        """Cards shown out of turn, face up in their owners' hands (AF-25; public)."""
        return CardSet.from_mask(self._deal.exposed)

    @property
    def called(self) -> Card | None:
        """An exposed card that an opponent called: its owner must play it now (AF-25)."""
        called = self._deal.called
        return None if called < 0 else CARDS[called]

    # -- value semantics (cardrules.core.frozen) ---------------------------------------------
    def _key(self) -> tuple[Any, ...]:
        return (
            self._deal,
            self._hands,
            self._turn,
            self._leader,
            self._trick,
            self._tricks,
            self._won,
        )

    def __repr__(self) -> str:
        d = self._deal
        trump = "-" if d.trump < 0 else Suit(d.trump).letter
        kick = d.kicks[-1] if d.kicks else "-"
        return (
            f"<all_fours.State deal={d.deal_number} dealer={d.dealer} phase={d.phase.value} "
            f"scores={d.scores[0]}-{d.scores[1]} kick={kick} trump={trump} "
            f"turn={self._turn}>"
        )
