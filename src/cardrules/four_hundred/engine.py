"""Every transition of 400: :func:`new_game` and :class:`State`, whose :meth:`~State.apply`,
:meth:`~State.claim` and :meth:`~State.penalize` move a game on, dealing each next hand itself.

A game runs from :func:`new_game` to a winner through ``legal_actions()`` and ``apply()`` alone.
The deals are the game's chance steps (FH-7).  With ``chance="seeded"`` (the default) the
engine takes them itself, deal ``k`` being ``shuffled_deck(seed, "deal", k)``.  With
``chance="explicit"`` every deal waits in a *chance state* (``state.is_chance``, no seat to act,
no legal actions) until ``state.apply(Deal(deck))`` gives the 52 cards, top first, which are
dealt exactly as the seeded game deals its shuffled pack:

>>> from cardrules import shuffled_deck
>>> from cardrules.four_hundred import Deal, new_game
>>> state = new_game(seed=3, dealer=0, chance="explicit")
>>> state.is_chance, state.phase, state.current_player, state.legal_actions()
(True, <Phase.DEAL: 'deal'>, None, ())
>>> dealt = state.apply(Deal(shuffled_deck(3, "deal", 0)))
>>> dealt.hands == new_game(seed=3, dealer=0).hands
True

The states are the data of :mod:`cardrules.four_hundred.state`: named slots of masks, card
indices and ints, and a deal record, laid out as All Fours' are (:mod:`cardrules.core.frozen`,
where the one speed trick of the play of a card is explained).  The steps have the same names in
both engines: ``_start_deal`` (deal a hand), ``_make`` (a state from its parts), ``_assemble``
(the same for determinization), ``_hand_result`` and ``_end_hand`` (the end of a hand).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import product
from typing import Final, NoReturn, cast

import attrs

from cardrules.core.cards import CARDS, Card
from cardrules.core.cardset import CardSet
from cardrules.core.chance import ChanceMode, Deal, dealt_deck
from cardrules.core.checks import check_hands, check_int, check_scores, check_seat
from cardrules.core.deck import labelled_deck, parse_deck
from cardrules.core.start import check_rules, game_start
from cardrules.core.tricks import winning_offset
from cardrules.errors import ArgumentError, IllegalActionError, Reason, describe
from cardrules.four_hundred.actions import (
    _REDEAL,
    BIDS,
    PLAYS,
    Action,
    Bid,
    Claim,
    Play,
    Redeal,
    TalkBeforePlay,
    TalkDuringPlay,
)
from cardrules.four_hundred.claims import CLAIM_BUDGET, settle_claim
from cardrules.four_hundred.dealing import deal_masks, deck_from_hands
from cardrules.four_hundred.kernels import (
    may_redeal,
    minimum_bid,
    next_dealer,
    play_mask,
    rule_params,
    thrown_in,
)
from cardrules.four_hundred.rules import Claims, Rules
from cardrules.four_hundred.scoring import (
    START_LEVEL,
    HandScore,
    _count_offence,
    _score_conduct,
    _score_played,
)
from cardrules.four_hundred.state import (
    Ending,
    HandResult,
    Outcome,
    Phase,
    StateData,
    _copy,
    _Deal,
    _RawTrick,
    _Slots,
)
from cardrules.four_hundred.view import Observation, observe

__all__ = ["State", "new_game"]

_BIDDING: Final = Phase.BIDDING
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER
_DEAL: Final = Phase.DEAL
#: Hearts, the trump suit of every hand (FH-5), as the core kernels take it.
_HEARTS: Final = 2
_ACTION_TYPES: Final = (Play, Bid, Redeal, Deal, TalkBeforePlay, TalkDuringPlay, Claim)
#: ``_BID_RANGES[low]``: Bid(low) ... Bid(13).
_BID_RANGES: Final[tuple[tuple[Bid, ...], ...]] = tuple(
    tuple(b for b in BIDS[max(low, 1) :] if b is not None) for low in range(14)
)


#: ``_CHUNKS[suit][bits]``: the plays of the cards of one suit whose 13 rank bits are ``bits``.
_CHUNKS: Final[tuple[dict[int, tuple[Play, ...]], ...]] = ({}, {}, {}, {})
#: ``_SUITED[mask]``: the plays of ``mask``, a set of cards of one suit (at most 4 x 8191 keys:
#: the legal plays of a player who follows suit are one look-up).
_SUITED: Final[dict[int, tuple[Play, ...]]] = {}


def _plays_of_suit(suit: int, bits: int) -> tuple[Play, ...]:
    chunk = _CHUNKS[suit].get(bits)
    if chunk is None:
        base = 13 * suit
        chunk = tuple(PLAYS[base + r] for r in range(13) if bits >> r & 1)
        _CHUNKS[suit][bits] = chunk
        _SUITED[bits << base] = chunk
    return chunk


_C0, _C1, _C2, _C3 = _CHUNKS


def _plays_of(mask: int) -> tuple[Play, ...]:
    """The plays of the cards of ``mask``, in card order (four table look-ups)."""
    bits = mask & 0x1FFF
    plays = (_C0.get(bits) or _plays_of_suit(0, bits)) if bits else ()
    bits = (mask >> 13) & 0x1FFF
    if bits:
        plays += _C1.get(bits) or _plays_of_suit(1, bits)
    bits = (mask >> 26) & 0x1FFF
    if bits:
        plays += _C2.get(bits) or _plays_of_suit(2, bits)
    bits = mask >> 39
    if bits:
        plays += _C3.get(bits) or _plays_of_suit(3, bits)
    return plays


def _lead(trick: tuple[int, ...]) -> int | None:
    """The suit led to a trick of card indices, ``None`` before the lead."""
    return trick[0] // 13 if trick else None


#: ``object.__new__`` for the engine's states: it makes the writable storage (``_Slots``) that
#: becomes a ``State`` once filled, when its class is set (the trick of
#: :mod:`cardrules.core.frozen`); typed as the ``State`` it becomes.
_blank: Final = cast("Callable[[type[_Slots]], State]", object.__new__)


def _make(
    deal: _Deal,
    *,
    hands: tuple[int, int, int, int],
    turn: int | None,
    leader: int,
    trick: tuple[int, ...],
    tricks: tuple[_RawTrick, ...],
    bids: tuple[int | None, int | None, int | None, int | None],
    taken: tuple[int, int, int, int],
) -> State:
    """A state of these parts, unchecked: the constructor of every path but the play of a card
    (which writes it out, :meth:`State.apply`).

    ``hands`` are masks in seat order, ``trick`` the card indices of the trick in progress and
    ``tricks`` one ``(leader, cards, winner)`` per completed trick.
    """
    new = _blank(_Slots)
    new._deal = deal
    new._hands = hands
    new._turn = turn
    new._leader = leader
    new._trick = trick
    new._tricks = tricks
    new._bids = bids
    new._taken = taken
    new.is_terminal = deal.phase is _OVER
    new.__class__ = State
    return new


#: A state from its parts (private: determinization builds mid-deal states with it; the tests
#: check that it rebuilds any state of the engine from that state's parts).  Every part of a 400
#: state is stored as given, so it is :func:`_make` (All Fours' works some parts out).
_assemble: Final = _make

_NO_BIDS: Final = (None, None, None, None)
#: No cards, no tricks taken, no score changes: four zeros.
_ZEROS: Final = (0, 0, 0, 0)


# -- dealing (FH-7, FH-8) -------------------------------------------------------------------------
def _start_deal(d: _Deal, deck: tuple[Card, ...] | None = None) -> State:
    """Deal the hand that ``d`` names: its rules, seed, dealer, deal number, scores, level,
    history, hand number, offences, chance and first deck; ``d`` is a fresh record (no state
    holds it yet), whose other fields are set here.  The whole 52-card deck (FH-4), 13 cards
    each by the packet schedule from dealer+1 (FH-7): ``deck`` if given, else the seed's deck;
    in a game with explicit chance, a chance state waiting for the deck instead.  Each seat's
    minimum bid is set from its score before the hand (FH-11)."""
    params = rule_params(d.rules)
    scores = d.scores
    d.minimum_bids = (
        minimum_bid(scores[0], params),
        minimum_bid(scores[1], params),
        minimum_bid(scores[2], params),
        minimum_bid(scores[3], params),
    )
    d.winner = None
    first = (d.dealer + 1) % 4
    if deck is None:
        if d.explicit:
            d.deck = ()
            d.phase = _DEAL
            return _make(
                d,
                hands=_ZEROS,
                turn=None,
                leader=first,
                trick=(),
                tricks=(),
                bids=_NO_BIDS,
                taken=_ZEROS,
            )
        deck = labelled_deck(d.seed, "deal", d.deal_number)
    d.deck = deck
    d.phase = _BIDDING
    return _make(
        d,
        hands=deal_masks(deck, d.dealer, d.rules.deal_packets),
        turn=first,
        leader=first,
        trick=(),
        tricks=(),
        bids=_NO_BIDS,
        taken=_ZEROS,
    )


# -- the end of a hand (FH-8, FH-19 ... FH-28) --------------------------------------------------
#: ``_OUTCOMES[made]``: each seat's outcome from whether it made its bid.
_OUTCOMES: Final[dict[tuple[bool, ...], tuple[Outcome, Outcome, Outcome, Outcome]]] = {
    made: (
        Outcome.MADE if made[0] else Outcome.FAILED,
        Outcome.MADE if made[1] else Outcome.FAILED,
        Outcome.MADE if made[2] else Outcome.FAILED,
        Outcome.MADE if made[3] else Outcome.FAILED,
    )
    for made in product((False, True), repeat=4)
}
_NO_OUTCOMES: Final[tuple[None, None, None, None]] = (None, None, None, None)


def _hand_result(
    match: _Deal,
    *,
    ending: Ending,
    bids: tuple[int | None, int | None, int | None, int | None],
    taken: tuple[int, int, int, int],
    scored: HandScore | None,
    claimer: int | None = None,
    offender: int | None = None,
    played: tuple[tuple[_RawTrick, ...], tuple[int, ...]] = ((), ()),
) -> HandResult:
    """The scoresheet line of a finished hand, from the match as it stood before the hand
    (``match``: its hand number, deal number, dealer, scores, level and offences) and the hand's
    ``scored`` result (``None`` for a hand not scored); a conduct offence counts towards FH-28.
    The engine and the saved-state check (:mod:`cardrules.four_hundred.persist`) both build
    every line here."""
    offences = match.offences
    outcomes: tuple[Outcome | None, Outcome | None, Outcome | None, Outcome | None]
    if scored is not None:
        new_scores, new_level, winner = scored.scores, scored.level, scored.winner
        changes, high = scored.changes, scored.high_bid_winner
        outcomes = _OUTCOMES[scored.made]
        number: int | None = match.hand_number
    else:
        new_scores, new_level, winner, changes, high = (
            match.scores,
            match.level,
            None,
            _ZEROS,
            None,
        )
        outcomes = _NO_OUTCOMES
        number = None
    if offender is not None:
        offences, loser_winner = _count_offence(offences, offender)
        if loser_winner is not None:
            winner = loser_winner
    return HandResult(
        number,
        match.deal_number,
        match.dealer,
        bids,
        taken,
        changes,
        new_scores,
        outcomes,
        ending,
        claimer,
        offender,
        high,
        new_level,
        offences,
        winner,
        played,
    )


def _full_bids(
    bids: tuple[int | None, int | None, int | None, int | None],
) -> tuple[int, int, int, int]:
    """The four bids of a hand whose bidding is over (FH-10: every seat bids once, so none is
    missing; the saved-state check calls this only after checking it)."""
    b0, b1, b2, b3 = bids
    assert b0 is not None
    assert b1 is not None
    assert b2 is not None
    assert b3 is not None
    return (b0, b1, b2, b3)


def _end_hand(
    s: State,
    ending: Ending,
    *,
    bids: tuple[int | None, int | None, int | None, int | None],
    taken: tuple[int, int, int, int],
    scored: HandScore | None = None,
    claimer: int | None = None,
    offender: int | None = None,
) -> State:
    """Record the hand of ``s`` (the cards played in it: its tricks and the trick in progress)
    in the history and deal the next one (FH-8), or end the game."""
    d = s._deal
    result = _hand_result(
        d,
        ending=ending,
        bids=bids,
        taken=taken,
        scored=scored,
        claimer=claimer,
        offender=offender,
        played=(s._tricks, s._trick),
    )
    history = (*d.history, result)
    next_number = d.hand_number + (scored is not None)
    if result.winner is not None:
        over = _copy(d)  # a fresh copy, changed before anyone sees it (cheaper than evolve)
        over.scores = result.scores
        over.level = result.level
        over.history = history
        over.hand_number = next_number
        over.offences = result.offences
        over.winner = result.winner
        over.phase = _OVER
        return _make(
            over,
            hands=s._hands,
            turn=None,
            leader=s._leader,
            trick=s._trick,
            tricks=s._tricks,
            bids=bids,
            taken=taken,
        )
    following = _copy(d)
    following.deal_number = d.deal_number + 1
    following.dealer = next_dealer(d.dealer)
    following.scores = result.scores
    following.level = result.level
    following.history = history
    following.hand_number = next_number
    following.offences = result.offences
    following.first_deck = d.first_deck or d.deck
    return _start_deal(following)


def _complete_trick(s: State, hands: tuple[int, int, int, int], cards: tuple[int, ...]) -> State:
    """FH-17: the fourth card completes the trick; its winner (the core kernel,
    :func:`~cardrules.core.tricks.winning_offset`) takes it and leads the next one.  After the
    13th trick the hand is scored (FH-19)."""
    leader = s._leader
    winner = (leader + winning_offset(cards, _HEARTS)) % 4
    t0, t1, t2, t3 = s._taken
    if winner == 0:
        taken = (t0 + 1, t1, t2, t3)
    elif winner == 1:
        taken = (t0, t1 + 1, t2, t3)
    elif winner == 2:
        taken = (t0, t1, t2 + 1, t3)
    else:
        taken = (t0, t1, t2, t3 + 1)
    tricks = s._tricks + ((leader, cards, winner),)  # noqa: RUF005 (faster)
    if len(tricks) < 13:
        new = _blank(_Slots)
        new._deal = s._deal
        new._hands = hands
        new._turn = winner
        new._leader = winner
        new._trick = ()
        new._tricks = tricks
        new._bids = s._bids
        new._taken = taken
        new.is_terminal = False
        new.__class__ = State
        return new
    d = s._deal
    bids = s._bids
    scored = _score_played(d.scores, _full_bids(bids), taken, d.level, d.rules)
    last = _make(
        d, hands=hands, turn=None, leader=winner, trick=(), tricks=tricks, bids=bids, taken=taken
    )
    return _end_hand(last, Ending.PLAYED, bids=bids, taken=taken, scored=scored)


def _bid(s: State, seat: int, tricks: int) -> State:
    """FH-10: ``seat`` bids, once, in seat order from dealer+1 (FH-2); after the dealer's bid
    FH-13, FH-14 and FH-29 decide whether the hand is played (dealer+1 leads, FH-15) or thrown
    in."""
    d = s._deal
    b0, b1, b2, b3 = s._bids
    bids: tuple[int | None, int | None, int | None, int | None]
    if seat == 0:
        bids = (tricks, b1, b2, b3)
    elif seat == 1:
        bids = (b0, tricks, b2, b3)
    elif seat == 2:
        bids = (b0, b1, tricks, b3)
    else:
        bids = (b0, b1, b2, tricks)
    hands, taken = s._hands, s._taken
    if seat != d.dealer:
        turn = (seat + 1) % 4
        return _make(
            d, hands=hands, turn=turn, leader=s._leader, trick=(), tricks=(), bids=bids, taken=taken
        )
    if thrown_in(d.scores, _full_bids(bids), rule_params(d.rules)):  # legal bids: no check
        return _end_hand(s, Ending.THROWN_IN, bids=bids, taken=taken)
    first = (d.dealer + 1) % 4
    playing = _copy(d)
    playing.phase = _PLAY
    return _make(
        playing, hands=hands, turn=first, leader=first, trick=(), tricks=(), bids=bids, taken=taken
    )


class State(StateData):
    """A state of a game of 400: immutable, hashable, equal by value, picklable.

    Made by :func:`new_game`; moved on by :meth:`apply` (bids, plays, the redeal of FH-30 and,
    in a game with explicit chance, the ``Deal`` of each hand), :meth:`claim` (FH-18) and
    :meth:`penalize` (FH-26 ... FH-28).  Its read-only properties are those of
    :class:`~cardrules.four_hundred.state.StateData`.

    >>> from cardrules.four_hundred import new_game, Bid
    >>> state = new_game(seed=7, dealer=0)
    >>> state.phase, state.current_player, state.legal_actions()[:3]
    (<Phase.BIDDING: 'bidding'>, 1, (Bid(2), Bid(3), Bid(4)))
    >>> state.apply(Bid(4)).bids
    (None, 4, None, None)
    """

    __slots__ = ()

    def legal_actions(self) -> tuple[Action, ...]:
        """The current player's legal actions, in a stable order: bids from the player's minimum
        (FH-11) to 13 (FH-12), then ``Redeal()`` when FH-30 allows it; or the plays that FH-16
        allows (the kernel :func:`~cardrules.four_hundred.kernels.play_mask`), in card order.
        Empty when the game is over and in a chance state."""
        d = self._deal
        phase = d.phase
        if phase is _PLAY:  # the hot path
            trick = self._trick
            seat: int = self._turn  # type: ignore[assignment]  # a seat acts (core.frozen)
            hand = self._hands[seat]
            if trick:  # FH-16 binds a follower; its cards are often one suit: one look-up
                mask = play_mask(hand, trick[0] // 13)
                return _SUITED.get(mask) or _plays_of(mask)
            return _plays_of(hand)  # a leader may play any card it holds
        if phase is _BIDDING:
            bidder = self._turn
            assert bidder is not None  # a seat bids
            bids: tuple[Action, ...] = _BID_RANGES[d.minimum_bids[bidder]]
            if d.rules.no_picture_redeal and may_redeal(self._hands[bidder], rule_params(d.rules)):
                bids = (*bids, _REDEAL)
            return bids
        return ()

    def apply(self, action: Action) -> State:
        """The state after the current player's ``action`` (or, in a chance state, after the
        ``Deal`` of the next hand).

        :raises IllegalActionError: unless ``action`` is in :meth:`legal_actions` (or is a
            ``Deal`` of 52 distinct cards in a chance state), with the most specific
            :class:`~cardrules.errors.Reason`: ``wrong_phase`` for anything but a ``Deal`` in a
            chance state and for a ``Deal`` elsewhere, ``bad_deck`` for a pack that is not the
            52 cards.
        """
        d = self._deal
        phase = d.phase
        if phase is _PLAY:
            if action.__class__ is Play:  # (cheaper than isinstance: cardrules.core.frozen)
                # The hot path of every simulation, written out: the next state's slots are
                # stored one by one and sealed (the trick of cardrules.core.frozen).
                seat: int = self._turn  # type: ignore[assignment]  # a seat acts (core.frozen)
                old = self._hands
                hand = old[seat]
                index = action.card.index
                bit = 1 << index
                trick = self._trick
                # FH-16 binds a follower (the kernel); a leader may play any card it holds
                if (play_mask(hand, trick[0] // 13) if trick else hand) & bit:
                    rest = hand ^ bit
                    if seat == 0:
                        hands = (rest, old[1], old[2], old[3])
                    elif seat == 1:
                        hands = (old[0], rest, old[2], old[3])
                    elif seat == 2:
                        hands = (old[0], old[1], rest, old[3])
                    else:
                        hands = (old[0], old[1], old[2], rest)
                    cards = trick + (index,)  # noqa: RUF005 (faster)
                    if len(cards) < 4:
                        new = _blank(_Slots)
                        new._deal = d
                        new._hands = hands
                        new._turn = (seat + 1) % 4
                        new._leader = self._leader
                        new._trick = cards
                        new._tricks = self._tricks
                        new._bids = self._bids
                        new._taken = self._taken
                        new.is_terminal = False
                        new.__class__ = State
                        return new
                    return _complete_trick(self, hands, cards)
        elif phase is _BIDDING:
            bidder = self._turn
            assert bidder is not None  # a seat bids
            if isinstance(action, Bid):
                if d.minimum_bids[bidder] <= action.tricks <= 13:
                    return _bid(self, bidder, action.tricks)
            elif (
                isinstance(action, Redeal)
                and d.rules.no_picture_redeal
                and may_redeal(self._hands[bidder], rule_params(d.rules))
            ):
                return _end_hand(self, Ending.VOID_REDEAL, bids=self._bids, taken=self._taken)
        elif phase is _DEAL and isinstance(action, Deal):
            return _start_deal(_copy(d), dealt_deck(action))
        return self._reject(action)

    def _reject(self, action: object) -> NoReturn:
        """Work out why ``action`` is not legal and raise (only on the failure path)."""
        d = self._deal
        phase = d.phase
        seat = self._turn

        def fail(reason: Reason, detail: str = "") -> NoReturn:
            raise IllegalActionError(
                reason, seat=seat, action=action, legal=self.legal_actions(), detail=detail
            )

        if phase is _OVER:
            fail(Reason.GAME_OVER)
        if phase is _DEAL:
            fail(Reason.WRONG_PHASE, "the cards are to be dealt: apply Deal(deck) (FH-7)")
        assert seat is not None  # a seat acts in the bidding and in play
        if isinstance(action, Deal):
            fail(Reason.WRONG_PHASE, "a Deal is applied only in a chance state (FH-7)")
        if not isinstance(action, _ACTION_TYPES):
            fail(Reason.NOT_AN_ACTION, f"{describe(action)} is not an action of 400")
        if isinstance(action, TalkBeforePlay | TalkDuringPlay):
            if not d.rules.conduct_penalties:
                fail(Reason.NOT_ALLOWED_BY_RULES, "conduct penalties are off in these rules")
            fail(
                Reason.NOT_ALLOWED_BY_RULES,
                "a conduct penalty is reported with state.penalize(action), not chosen",
            )
        if isinstance(action, Claim):
            fail(Reason.CLAIM_NOT_ALLOWED, "a claim is made with state.claim(seat)")
        if isinstance(action, Redeal):
            if phase is not _BIDDING:
                fail(Reason.WRONG_PHASE, "a redeal is demanded instead of a bid (FH-30)")
            if not d.rules.no_picture_redeal:
                fail(Reason.NOT_ALLOWED_BY_RULES, "no_picture_redeal is off (FH-30)")
            fail(Reason.NOT_ALLOWED_BY_RULES, f"seat {seat} holds a J, Q, K or A (FH-30)")
        if isinstance(action, Bid):
            if phase is not _BIDDING:
                fail(Reason.WRONG_PHASE, "the bidding is over")
            low = d.minimum_bids[seat]
            if action.tricks < low:
                fail(
                    Reason.BID_BELOW_MINIMUM,
                    f"with a score of {d.scores[seat]} the minimum bid is {low} (FH-11)",
                )
            fail(Reason.BID_ABOVE_MAXIMUM, "the maximum bid is 13 (FH-12)")
        assert isinstance(action, Play)
        if phase is not _PLAY:
            fail(Reason.WRONG_PHASE, "the bidding is not over")
        hand = self._hands[seat]
        if not hand & action.card.mask:
            fail(Reason.CARD_NOT_IN_HAND, f"seat {seat} does not hold {action.card}")
        # held but refused: FH-16 asks for the suit led
        lead = _lead(self._trick)
        assert lead is not None
        assert not play_mask(hand, lead) & action.card.mask
        fail(Reason.MUST_FOLLOW_SUIT, f"{CARDS[13 * lead].suit.name.lower()} were led (FH-16)")

    # -- claims and conduct ----------------------------------------------------------------
    def claim(self, seat: int, *, budget: int | None = CLAIM_BUDGET) -> State:
        """``seat`` claims every remaining trick (FH-18).

        Allowed between tricks during play, by any seat.  The claim is checked by an exact
        search (:func:`~cardrules.four_hundred.claim_holds`: the claimer chooses their cards;
        every legal reply of the other three is tried); an accepted claim credits the claimer
        with every remaining trick and scores the hand like a played one.  The search visits
        at most ``budget`` positions (``None``: no bound); real claims settle in milliseconds,
        inside the default :data:`~cardrules.four_hundred.claims.CLAIM_BUDGET` (20,000
        positions: at most about 0.15 s of CPU).

        :raises IllegalActionError: ``CLAIM_NOT_ALLOWED`` (claims off, not during play, or in
            the middle of a trick), ``CLAIM_REJECTED`` (the claim does not hold),
            ``CLAIM_UNSETTLED`` (the search could not settle it within ``budget``: play on),
            ``GAME_OVER``.
        :raises ArgumentError: if ``seat`` is not a seat 0 to 3, or ``budget`` not a positive
            int or ``None``.
        """
        seat = check_seat(seat)
        if budget is not None:
            budget = check_int(budget, name="budget", low=1)
        d = self._deal
        action = Claim(seat)

        def fail(reason: Reason, detail: str) -> NoReturn:
            raise IllegalActionError(
                reason, seat=seat, action=action, legal=self.legal_actions(), detail=detail
            )

        if d.phase is _OVER:
            fail(Reason.GAME_OVER, "the game is over")
        if d.rules.claims is Claims.OFF:
            fail(Reason.CLAIM_NOT_ALLOWED, "claims are off in these rules (FH-18)")
        if d.phase is not _PLAY or self._trick:
            fail(Reason.CLAIM_NOT_ALLOWED, "a claim is made during play, between tricks (FH-18)")
        hands = self._hands
        verdict = settle_claim(hands, self._leader, seat, budget=budget)
        if verdict is None:
            fail(
                Reason.CLAIM_UNSETTLED,
                f"the claim could not be settled within {budget:,} positions: play on (FH-18)",
            )
        if not verdict:
            fail(Reason.CLAIM_REJECTED, "the other players can take a trick (FH-18)")
        taken = list(self._taken)
        taken[seat] += hands[seat].bit_count()
        final = (taken[0], taken[1], taken[2], taken[3])
        bids = self._bids
        scored = _score_played(d.scores, _full_bids(bids), final, d.level, d.rules)
        return _end_hand(self, Ending.CLAIMED, bids=bids, taken=final, scored=scored, claimer=seat)

    def penalize(self, action: TalkBeforePlay | TalkDuringPlay) -> State:
        """Apply a conduct penalty (FH-26 ... FH-28); only with ``conduct_penalties=True``.

        * ``TalkBeforePlay(team)`` during the bidding: the other team demands a redeal and the
          hand is void (FH-26);
        * ``TalkDuringPlay(team)`` during play: the offending team's players score as having
          failed their bids, their opponents as having made theirs, and the hand ends (FH-27);
          a high bid scored this way does not win the game at once (FH-21 needs it made).

        Each counts as an offence of ``team``; its third offence loses the game (FH-28).

        :raises IllegalActionError: ``NOT_ALLOWED_BY_RULES`` when conduct penalties are off,
            ``WRONG_PHASE`` for a penalty of the other phase, ``GAME_OVER``, ``NOT_AN_ACTION``.
        """
        d = self._deal

        def fail(reason: Reason, detail: str) -> NoReturn:
            raise IllegalActionError(
                reason, seat=self._turn, action=action, legal=self.legal_actions(), detail=detail
            )

        if not isinstance(action, TalkBeforePlay | TalkDuringPlay):
            fail(
                Reason.NOT_AN_ACTION, "penalize takes TalkBeforePlay(team) or TalkDuringPlay(team)"
            )
        if not d.rules.conduct_penalties:
            fail(Reason.NOT_ALLOWED_BY_RULES, "conduct penalties are off in these rules")
        if d.phase is _OVER:
            fail(Reason.GAME_OVER, "the game is over")
        team = action.team
        if isinstance(action, TalkBeforePlay):
            if d.phase is not _BIDDING:
                fail(Reason.WRONG_PHASE, "talk before play is penalised during the bidding")
            return _end_hand(
                self, Ending.CONDUCT_REDEAL, bids=self._bids, taken=self._taken, offender=team
            )
        if d.phase is not _PLAY:
            fail(Reason.WRONG_PHASE, "talk during play is penalised during play")
        bids = self._bids
        scored = _score_conduct(d.scores, _full_bids(bids), team, d.level, d.rules)
        return _end_hand(
            self, Ending.CONDUCT_PENALTY, bids=bids, taken=self._taken, scored=scored, offender=team
        )

    # -- views and determinization ------------------------------------------------------------
    def observe(self, seat: int) -> Observation:
        """What ``seat`` may know (:func:`cardrules.four_hundred.view.observe`).

        :raises ArgumentError: if ``seat`` is not a seat 0 to 3.
        """
        seat = check_seat(seat)
        return observe(self, seat, self.legal_actions() if self._turn == seat else ())

    def with_hidden_cards(self, hands: Sequence[CardSet | Iterable[Card | str]]) -> State:
        """The same state with the unplayed cards dealt differently among the seats.

        ``hands`` gives each seat's new unplayed cards, in seat order; each seat must get as
        many as it holds now, and together the same cards.  The deck is rebuilt to match (the
        cards each seat played plus its new hand, dealt by FH-7).  Whether the new hands agree
        with what the play has shown (e.g. a seat that showed out of a suit) is the caller's
        business.  A chance state holds no cards: four empty hands give it back unchanged.

        :raises ArgumentError: for anything else.
        """
        old = self._hands
        new = check_hands(hands, [mask.bit_count() for mask in old])
        if new[0] | new[1] | new[2] | new[3] != old[0] | old[1] | old[2] | old[3]:
            raise ArgumentError(
                "hands: the hands must hold exactly the unplayed cards", name="hands", value=hands
            )
        d = self._deal
        if d.phase is _DEAL:
            return self
        played = [0, 0, 0, 0]
        for leader, cards, _ in self._tricks:
            for position, index in enumerate(cards):
                played[(leader + position) % 4] |= 1 << index
        for position, index in enumerate(self._trick):
            played[(self._leader + position) % 4] |= 1 << index
        deck = deck_from_hands(
            [new[i] | played[i] for i in range(4)], d.dealer, d.rules.deal_packets
        )
        return _make(
            attrs.evolve(d, deck=deck),
            hands=(new[0], new[1], new[2], new[3]),
            turn=self._turn,
            leader=self._leader,
            trick=self._trick,
            tricks=self._tricks,
            bids=self._bids,
            taken=self._taken,
        )


def new_game(
    rules: Rules | None = None,
    *,
    seed: int | None = None,
    dealer: int | None = None,
    deck: Sequence[Card] | str | None = None,
    hands: Sequence[Sequence[Card] | CardSet | str] | None = None,
    scores: Sequence[int] | None = None,
    chance: ChanceMode = "seeded",
) -> State:
    """A new game of 400, dealt and ready for the first bid (or, with ``chance="explicit"``,
    waiting for its first deal).

    * ``rules`` -- a :class:`~cardrules.four_hundred.Rules` (default ``Rules()``);
    * ``seed`` -- drives every random choice of the game (the first dealer when ``dealer`` is
      ``None``, every shuffle); ``None`` draws 64 bits from the operating system.  Deal ``k``
      uses ``shuffled_deck(seed, "deal", k)``;
    * ``dealer`` -- the first dealer; ``None`` draws for it from the seed (FH-6);
    * ``deck`` -- fixes the first deal: 52 distinct cards, top first, dealt by FH-7;
    * ``hands`` -- fixes the first deal as four 13-card hands in seat order (FH-9); ``state.deck``
      is then the deck that FH-7 would deal into them;
    * ``scores`` -- the four scores to start from (default zeros), e.g. to go on with a match
      kept on paper;
    * ``chance`` -- ``"seeded"`` (default): the engine deals every hand from the seed.
      ``"explicit"``: every deal (the first too, unless ``deck`` or ``hands`` fixes it) waits in
      a chance state (``state.is_chance``, ``current_player is None``, no legal actions, the
      dealer, scores and deal number already set) for ``state.apply(Deal(deck))``, which deals
      that pack, top card first, by FH-7.  Redeals, thrown-in and void hands and every next hand
      are chance states again.  Such a game pickles like any other; :func:`save_state` refuses
      it (its decks are not the seed's).

    >>> state = new_game(seed=2026, dealer=3)
    >>> state.dealer, state.current_player, [len(h) for h in state.hands]
    (3, 0, [13, 13, 13, 13])
    >>> new_game(seed=2026, dealer=3) == state
    True

    Every argument is checked before anything else happens (:mod:`cardrules.core.checks`).

    :raises RulesError: for ``rules`` that is not a ``Rules``.
    :raises ArgumentError: for a seed, dealer, scores, hands or chance that is not accepted,
        or both ``deck`` and ``hands``.
    :raises ParseError: for a deck that is not 52 distinct cards.
    """
    rules = check_rules(rules, Rules, game="four_hundred")
    seed, dealer, explicit = game_start(seed=seed, dealer=dealer, chance=chance, players=4)
    start = (0, 0, 0, 0) if scores is None else check_scores(scores, 4)
    if deck is not None and hands is not None:
        raise ArgumentError(
            "give deck= or hands=, not both: either one fixes the first deal",
            name="hands",
            value=hands,
        )
    first_deck = None
    if deck is not None:
        first_deck = parse_deck(deck)
    elif hands is not None:
        first_deck = deck_from_hands(
            check_hands(hands, (13, 13, 13, 13)), dealer, rules.deal_packets
        )
    match = _Deal(
        rules=rules,
        seed=seed,
        dealer=dealer,
        deal_number=0,
        scores=(start[0], start[1], start[2], start[3]),
        level=START_LEVEL,
        history=(),
        hand_number=1,
        offences=(0, 0),
        explicit=explicit,
    )
    return _start_deal(match, first_deck)
