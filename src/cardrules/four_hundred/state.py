"""The state of a game of 400 and its transitions.

A :class:`State` carries the whole match: the four scores, the level of FH-24, the dealer, the
hands, the bids, the tricks, the history of finished hands.  It is immutable, hashable, equal by
value and picklable; :meth:`State.apply` returns the next state, dealing the next hand itself
after a played, claimed, thrown-in or void hand, so that a game runs from
:func:`~cardrules.four_hundred.new_game` to a winner through ``legal_actions()`` and ``apply()``
alone.

Inside, a state is one tuple of plain values (card masks, card indices, ints) and the per-hand
constants are shared between the states of a hand; ``Card``, ``CardSet`` and ``Trick`` objects are
made only at the surface.  The transitions live here with the state, on that tuple, because they
are the hot path; :mod:`cardrules.four_hundred.engine` builds the first state.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final, NamedTuple, NoReturn

from cardrules.core.cards import CARDS, Card, Suit
from cardrules.core.cardset import SUIT_MASKS, CardSet, mask_of
from cardrules.core.deck import _labelled_deck
from cardrules.core.tricks import Trick
from cardrules.errors import IllegalActionError, ParseError, Reason
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
from cardrules.four_hundred.claims import claim_holds
from cardrules.four_hundred.dealing import deal_masks, deck_from_hands
from cardrules.four_hundred.hand import Ending, HandResult, Outcome, Phase
from cardrules.four_hundred.rules import Claims, Rules
from cardrules.four_hundred.scoring import (
    HandScore,
    _score,
    is_thrown_in,
    minimum_bid,
    minimum_total,
)
from cardrules.four_hundred.view import Observation

__all__ = ["State"]

_SUIT_MASKS: Final = SUIT_MASKS
_BIDDING: Final = Phase.BIDDING
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER
_HEARTS: Final = 2
#: J, Q, K, A of every suit (FH-30).
_PICTURES: Final = sum(0xF << (9 + 13 * suit) for suit in range(4))
_ACTION_TYPES: Final = (Play, Bid, Redeal, TalkBeforePlay, TalkDuringPlay, Claim)
#: ``_BID_RANGES[low]``: Bid(low) ... Bid(13).
_BID_RANGES: Final[tuple[tuple[Bid, ...], ...]] = tuple(
    tuple(b for b in BIDS[max(low, 1) :] if b is not None) for low in range(14)
)
#: ``_CHUNKS[suit][bits]``: the plays of the cards of one suit whose 13 rank bits are ``bits``.
_CHUNKS: Final[tuple[dict[int, tuple[Play, ...]], ...]] = ({}, {}, {}, {})


def _plays_of_suit(suit: int, bits: int) -> tuple[Play, ...]:
    chunk = _CHUNKS[suit].get(bits)
    if chunk is None:
        base = 13 * suit
        chunk = tuple(PLAYS[base + r] for r in range(13) if bits >> r & 1)
        _CHUNKS[suit][bits] = chunk
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


def _winning_position(c0: int, c1: int, c2: int, c3: int) -> int:
    """FH-17 on card indices: the highest heart, else the highest card of the suit led."""
    best, best_suit, position = c0, c0 // 13, 0
    for i, card in ((1, c1), (2, c2), (3, c3)):
        suit = card // 13
        if suit == best_suit:
            if card > best:
                best, position = card, i
        elif suit == _HEARTS:
            best, best_suit, position = card, suit, i
    return position


class _Match(NamedTuple):
    """What stays the same during one hand."""

    rules: Rules
    seed: int
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


# Positions in State._s.
_M, _PHASE, _TURN, _HANDS, _BIDS, _TAKEN, _LEADER, _TRICK, _DONE = range(9)
_new = object.__new__


def _make(s: tuple[Any, ...]) -> State:
    state: State = _new(State)
    _set_s(state, s)
    _set_terminal(state, s[_PHASE] is _OVER)
    return state


def _start_deal(
    rules: Rules,
    seed: int,
    deal_number: int,
    dealer: int,
    deck: tuple[Card, ...] | None,
    scores: tuple[int, int, int, int],
    level: int,
    history: tuple[HandResult, ...],
    hand_number: int,
    offences: tuple[int, int],
) -> State:
    """Deal hand ``deal_number`` (FH-7): the seed's deck unless one is given."""
    if deck is None:
        deck = _labelled_deck(seed, "deal", deal_number)
    hands = deal_masks(deck, dealer, rules.deal_packets)
    low = (
        minimum_bid(scores[0], rules),
        minimum_bid(scores[1], rules),
        minimum_bid(scores[2], rules),
        minimum_bid(scores[3], rules),
    )
    first = (dealer + 1) % 4
    return _assemble(
        rules,
        seed,
        deck,
        deal_number,
        dealer,
        scores,
        level,
        history,
        hand_number,
        offences,
        low,
        None,
        _BIDDING,
        first,
        hands,
        (None, None, None, None),
        (0, 0, 0, 0),
        first,
        (),
        (),
    )


def _assemble(
    rules: Rules,
    seed: int,
    deck: tuple[Card, ...],
    deal_number: int,
    dealer: int,
    scores: tuple[int, int, int, int],
    level: int,
    history: tuple[HandResult, ...],
    hand_number: int,
    offences: tuple[int, int],
    minimum_bids: tuple[int, int, int, int],
    winner: int | None,
    phase: Phase,
    turn: int | None,
    hands: tuple[int, int, int, int],
    bids: tuple[int | None, int | None, int | None, int | None],
    taken: tuple[int, int, int, int],
    leader: int,
    trick: tuple[int, ...],
    done: tuple[tuple[int, int, int, int, int, int], ...],
) -> State:
    """A state from its parts, unchecked (private: determinization builds mid-deal states with
    it; the tests check that it rebuilds any state of the engine from that state's parts).

    ``hands`` are masks in seat order, ``trick`` the card indices of the trick in progress and
    ``done`` one ``(leader, c0, c1, c2, c3, winner)`` per completed trick.
    """
    match = _Match(
        rules,
        seed,
        deck,
        deal_number,
        dealer,
        scores,
        level,
        history,
        hand_number,
        offences,
        minimum_bids,
        winner,
    )
    return _make((match, phase, turn, hands, bids, taken, leader, trick, done))


def _end_hand(
    s: tuple[Any, ...],
    ending: Ending,
    *,
    bids: tuple[int | None, ...],
    taken: tuple[int, int, int, int],
    scored: HandScore | None = None,
    claimer: int | None = None,
    offender: int | None = None,
) -> State:
    """Record the hand in the history and deal the next one (FH-8), or end the game."""
    m: _Match = s[_M]
    offences = m.offences
    if offender is not None:
        offences = (
            (offences[0] + 1, offences[1]) if offender == 0 else (offences[0], offences[1] + 1)
        )
    if scored is not None:
        scores, level, winner = scored.scores, scored.level, scored.winner
        changes, high = scored.changes, scored.high_bid_winner
        outcomes: tuple[Outcome | None, ...] = tuple(
            Outcome.MADE if made else Outcome.FAILED for made in scored.made
        )
        number: int | None = m.hand_number
        next_number = m.hand_number + 1
    else:
        scores, level, winner, changes, high = m.scores, m.level, None, (0, 0, 0, 0), None
        outcomes = (None, None, None, None)
        number, next_number = None, m.hand_number
    if offender is not None and offences[offender] >= 3:
        winner = 1 - offender  # FH-28: the third offence loses the game
    result = HandResult(
        number,
        m.deal_number,
        m.dealer,
        bids,  # type: ignore[arg-type]
        taken,
        changes,
        scores,
        outcomes,  # type: ignore[arg-type]
        ending,
        claimer,
        offender,
        high,
        level,
        offences,
        winner,
    )
    history = (*m.history, result)
    if winner is not None:
        over = m._replace(
            scores=scores,
            level=level,
            history=history,
            hand_number=next_number,
            offences=offences,
            winner=winner,
        )
        return _make((over, _OVER, None, s[_HANDS], bids, taken, s[_LEADER], s[_TRICK], s[_DONE]))
    return _start_deal(
        m.rules,
        m.seed,
        m.deal_number + 1,
        (m.dealer + 1) % 4,
        None,
        scores,
        level,
        history,
        next_number,
        offences,
    )


def _complete_trick(
    s: tuple[Any, ...], hands: tuple[int, ...], trick: tuple[int, ...], index: int
) -> State:
    """FH-17: the fourth card completes the trick; its winner takes it and leads the next one.
    After the 13th trick the hand is scored (FH-19)."""
    c0, c1, c2 = trick
    leader = s[_LEADER]
    winner = (leader + _winning_position(c0, c1, c2, index)) % 4
    taken = list(s[_TAKEN])
    taken[winner] += 1
    done = (*s[_DONE], (leader, c0, c1, c2, index, winner))
    if len(done) < 13:
        return _make((s[_M], _PLAY, winner, hands, s[_BIDS], tuple(taken), winner, (), done))
    m: _Match = s[_M]
    bids = s[_BIDS]
    made = (taken[0] >= bids[0], taken[1] >= bids[1], taken[2] >= bids[2], taken[3] >= bids[3])
    scored = _score(m.scores, bids, made, m.level, m.rules, True)
    final = (taken[0], taken[1], taken[2], taken[3])
    s = (m, _PLAY, None, hands, bids, final, winner, (), done)
    return _end_hand(s, Ending.PLAYED, bids=bids, taken=final, scored=scored)


class State:
    """A state of a game of 400: immutable, hashable, equal by value, picklable.

    Made by :func:`~cardrules.four_hundred.new_game`; moved on by :meth:`apply` (bids, plays and
    the redeal of FH-30), :meth:`claim` (FH-18) and :meth:`penalize` (FH-26 ... FH-28).

    >>> from cardrules.four_hundred import new_game, Bid
    >>> state = new_game(seed=7, dealer=0)
    >>> state.phase, state.current_player, state.legal_actions()[:3]
    (<Phase.BIDDING: 'bidding'>, 1, (Bid(2), Bid(3), Bid(4)))
    >>> state.apply(Bid(4)).bids
    (None, 4, None, None)
    """

    __slots__ = ("_s", "is_terminal")

    _s: tuple[Any, ...]
    #: True when the game is over.  (A stored attribute rather than a property: simulations read
    #: it after every action.)
    is_terminal: bool

    # -- the game protocol ------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` when the game is over."""
        turn: int | None = self._s[_TURN]
        return turn

    @property
    def winner(self) -> int | None:
        """The winning team (0 = seats 0 and 2, 1 = seats 1 and 3), or ``None``."""
        return self._s[_M].winner  # type: ignore[no-any-return]

    def legal_actions(self) -> tuple[Action, ...]:
        """The current player's legal actions, in a stable order: bids from the player's minimum
        (FH-11) to 13 (FH-12), then ``Redeal()`` when FH-30 allows it; or the plays that FH-16
        allows, in card order.  Empty when the game is over."""
        s = self._s
        if s[1] is _PLAY:  # the hot path: plays, inline
            hand = s[3][s[2]]
            trick = s[7]
            if trick:
                lead = trick[0] // 13
                bits = (hand >> (13 * lead)) & 0x1FFF
                if bits:  # FH-16: follow suit
                    return _CHUNKS[lead].get(bits) or _plays_of_suit(lead, bits)
            return _plays_of(hand)
        if s[_PHASE] is _BIDDING:
            m: _Match = s[_M]
            seat = s[_TURN]
            bids: tuple[Action, ...] = _BID_RANGES[m.minimum_bids[seat]]
            if m.rules.no_picture_redeal and not s[_HANDS][seat] & _PICTURES:
                bids = (*bids, _REDEAL)
            return bids
        return ()

    def apply(self, action: Action) -> State:
        """The state after the current player's ``action``.

        :raises IllegalActionError: unless ``action`` is in :meth:`legal_actions`, with the most
            specific :class:`~cardrules.errors.Reason`.
        """
        s = self._s
        phase = s[1]
        cls = action.__class__
        if phase is _PLAY:
            if cls is Play:
                # FH-16 on masks: the card is in hand, and of the suit led if the hand has one.
                seat = s[2]
                hand = s[3][seat]
                index = action.card.index  # type: ignore[union-attr]
                bit = 1 << index
                if hand & bit:
                    trick = s[7]
                    if trick:
                        led = _SUIT_MASKS[trick[0] // 13]
                        if hand & led and not led & bit:
                            return self._reject(action)
                    old = s[3]
                    rest = hand ^ bit
                    if seat == 0:
                        new_hands = (rest, old[1], old[2], old[3])
                    elif seat == 1:
                        new_hands = (old[0], rest, old[2], old[3])
                    elif seat == 2:
                        new_hands = (old[0], old[1], rest, old[3])
                    else:
                        new_hands = (old[0], old[1], old[2], rest)
                    if (seat - s[6]) % 4 != 3:
                        state: State = _new(State)
                        _set_s(
                            state,
                            (
                                s[0],
                                _PLAY,
                                (seat + 1) % 4,
                                new_hands,
                                s[4],
                                s[5],
                                s[6],
                                trick + (index,),  # noqa: RUF005 (faster)
                                s[8],
                            ),
                        )
                        _set_terminal(state, False)
                        return state
                    return _complete_trick(s, new_hands, trick, index)
        elif phase is _BIDDING:
            if cls is Bid:
                seat = s[_TURN]
                m: _Match = s[_M]
                tricks = action.tricks  # type: ignore[union-attr]
                if m.minimum_bids[seat] <= tricks <= 13:
                    return self._bid(s, m, seat, tricks)
            elif (
                cls is Redeal
                and s[_M].rules.no_picture_redeal
                and not s[_HANDS][s[_TURN]] & _PICTURES
            ):
                return _end_hand(s, Ending.VOID_REDEAL, bids=s[_BIDS], taken=s[_TAKEN])
        return self._reject(action)

    @staticmethod
    def _bid(s: tuple[Any, ...], m: _Match, seat: int, tricks: int) -> State:
        bids = list(s[_BIDS])
        bids[seat] = tricks
        new_bids = tuple(bids)
        if seat != m.dealer:
            return _make(
                (m, _BIDDING, (seat + 1) % 4, s[_HANDS], new_bids, s[_TAKEN], s[_LEADER], (), ())
            )
        # FH-13, FH-14, FH-29: the dealer bid last; is the hand played?
        if is_thrown_in(m.scores, new_bids, m.rules):
            return _end_hand(s, Ending.THROWN_IN, bids=new_bids, taken=s[_TAKEN])
        first = (m.dealer + 1) % 4
        return _make((m, _PLAY, first, s[_HANDS], new_bids, s[_TAKEN], first, (), ()))

    def _reject(self, action: object) -> NoReturn:
        """Work out why ``action`` is not legal and raise (only on the failure path)."""
        s = self._s
        phase = s[_PHASE]
        seat = s[_TURN]
        m: _Match = s[_M]

        def fail(reason: Reason, detail: str = "") -> NoReturn:
            raise IllegalActionError(
                reason, seat=seat, action=action, legal=self.legal_actions(), detail=detail
            )

        if phase is _OVER:
            fail(Reason.GAME_OVER)
        if not isinstance(action, _ACTION_TYPES):
            fail(Reason.NOT_AN_ACTION, f"{action!r} is not an action of 400")
        if isinstance(action, TalkBeforePlay | TalkDuringPlay):
            if not m.rules.conduct_penalties:
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
            if not m.rules.no_picture_redeal:
                fail(Reason.NOT_ALLOWED_BY_RULES, "no_picture_redeal is off (FH-30)")
            fail(Reason.NOT_ALLOWED_BY_RULES, f"seat {seat} holds a J, Q, K or A (FH-30)")
        if isinstance(action, Bid):
            if phase is not _BIDDING:
                fail(Reason.WRONG_PHASE, "the bidding is over")
            low = m.minimum_bids[seat]
            if action.tricks < low:
                fail(
                    Reason.BID_BELOW_MINIMUM,
                    f"with a score of {m.scores[seat]} the minimum bid is {low} (FH-11)",
                )
            fail(Reason.BID_ABOVE_MAXIMUM, "the maximum bid is 13 (FH-12)")
        assert isinstance(action, Play)
        if phase is not _PLAY:
            fail(Reason.WRONG_PHASE, "the bidding is not over")
        if not s[_HANDS][seat] & action.card.mask:
            fail(Reason.CARD_NOT_IN_HAND, f"seat {seat} does not hold {action.card}")
        lead = CARDS[s[_TRICK][0]].suit
        fail(Reason.MUST_FOLLOW_SUIT, f"{lead.name.lower()} were led (FH-16)")

    # -- claims and conduct ----------------------------------------------------------------
    def claim(self, seat: int) -> State:
        """``seat`` claims every remaining trick (FH-18).

        Allowed between tricks during play, by any seat.  The claim is checked by an exact
        search (the claimer chooses their cards; every legal reply of the other three is
        tried); an accepted claim credits the claimer with every remaining trick and scores the
        hand like a played one.

        :raises IllegalActionError: ``CLAIM_NOT_ALLOWED`` (claims off, not during play, or in
            the middle of a trick), ``CLAIM_REJECTED`` (the claim does not hold), ``GAME_OVER``.
        :raises ParseError: if ``seat`` is not a seat.
        """
        if seat not in (0, 1, 2, 3) or isinstance(seat, bool):
            raise ParseError(f"{seat!r} is not a seat: expected 0, 1, 2 or 3", text=seat)
        s = self._s
        m: _Match = s[_M]
        action = Claim(seat)

        def fail(reason: Reason, detail: str) -> NoReturn:
            raise IllegalActionError(
                reason, seat=seat, action=action, legal=self.legal_actions(), detail=detail
            )

        if s[_PHASE] is _OVER:
            fail(Reason.GAME_OVER, "the game is over")
        if m.rules.claims is Claims.OFF:
            fail(Reason.CLAIM_NOT_ALLOWED, "claims are off in these rules (FH-18)")
        if s[_PHASE] is not _PLAY or s[_TRICK]:
            fail(Reason.CLAIM_NOT_ALLOWED, "a claim is made during play, between tricks (FH-18)")
        hands = s[_HANDS]
        if not claim_holds(hands, s[_LEADER], seat):
            fail(Reason.CLAIM_REJECTED, "the other players can take a trick (FH-18)")
        taken = list(s[_TAKEN])
        taken[seat] += hands[seat].bit_count()
        bids = s[_BIDS]
        made = tuple(t >= b for t, b in zip(taken, bids, strict=True))
        scored = _score(m.scores, bids, made, m.level, m.rules, True)
        final = (taken[0], taken[1], taken[2], taken[3])
        return _end_hand(s, Ending.CLAIMED, bids=bids, taken=final, scored=scored, claimer=seat)

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
        s = self._s
        m: _Match = s[_M]

        def fail(reason: Reason, detail: str) -> NoReturn:
            raise IllegalActionError(
                reason, seat=s[_TURN], action=action, legal=self.legal_actions(), detail=detail
            )

        if not isinstance(action, TalkBeforePlay | TalkDuringPlay):
            fail(
                Reason.NOT_AN_ACTION, "penalize takes TalkBeforePlay(team) or TalkDuringPlay(team)"
            )
        if not m.rules.conduct_penalties:
            fail(Reason.NOT_ALLOWED_BY_RULES, "conduct penalties are off in these rules")
        if s[_PHASE] is _OVER:
            fail(Reason.GAME_OVER, "the game is over")
        team = action.team
        if isinstance(action, TalkBeforePlay):
            if s[_PHASE] is not _BIDDING:
                fail(Reason.WRONG_PHASE, "talk before play is penalised during the bidding")
            return _end_hand(
                s, Ending.CONDUCT_REDEAL, bids=s[_BIDS], taken=s[_TAKEN], offender=team
            )
        if s[_PHASE] is not _PLAY:
            fail(Reason.WRONG_PHASE, "talk during play is penalised during play")
        made = tuple(seat % 2 != team for seat in range(4))
        bids = s[_BIDS]
        scored = _score(m.scores, bids, made, m.level, m.rules, False)  # type: ignore[arg-type]
        return _end_hand(
            s,
            Ending.CONDUCT_PENALTY,
            bids=bids,
            taken=s[_TAKEN],
            scored=scored,
            offender=team,
        )

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
        """The 52 cards of the current deal, top card first (FH-7)."""
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
        """Bidding, play, or over."""
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
        """One seat's unplayed cards."""
        return CardSet.from_mask(self._s[_HANDS][seat])

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

    # -- views and determinization ------------------------------------------------------------
    def observe(self, seat: int) -> Observation:
        """What ``seat`` may know: its own hand, everything public, the other hands' sizes."""
        if seat not in (0, 1, 2, 3) or isinstance(seat, bool):
            raise ParseError(f"{seat!r} is not a seat: expected 0, 1, 2 or 3", text=seat)
        s = self._s
        m: _Match = s[_M]
        hands = s[_HANDS]
        return Observation(
            seat=seat,
            hand=CardSet.from_mask(hands[seat]),
            hand_sizes=tuple(h.bit_count() for h in hands),
            phase=s[_PHASE],
            current_player=s[_TURN],
            dealer=m.dealer,
            scores=m.scores,
            level=m.level,
            bids=s[_BIDS],
            tricks_taken=s[_TAKEN],
            tricks=self.tricks,
            current_trick=self.current_trick,
            history=m.history,
            legal_actions=self.legal_actions() if s[_TURN] == seat else (),
            rules=m.rules,
            deal_number=m.deal_number,
            offences=m.offences,
            winner=m.winner,
        )

    def with_hidden_cards(self, hands: Sequence[CardSet | Iterable[Card | str]]) -> State:
        """The same state with the unplayed cards dealt differently among the seats.

        ``hands`` gives each seat's new unplayed cards, in seat order; each seat must get as
        many as it holds now, and together the same cards.  The deck is rebuilt to match (the
        cards each seat played plus its new hand, dealt by FH-7).  Whether the new hands agree
        with what the play has shown (e.g. a seat that showed out of a suit) is the caller's
        business.

        :raises ParseError: for anything else.
        """
        if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != 4:
            raise ParseError(f"with_hidden_cards: expected four hands, got {hands!r}", text=hands)
        s = self._s
        old = s[_HANDS]
        new: list[int] = []
        for seat, hand in enumerate(hands):
            if isinstance(hand, CardSet):
                mask, count = hand.mask, len(hand)
            else:
                cards = list(hand)
                mask, count = mask_of(cards), len(cards)
            if mask.bit_count() != count or count != old[seat].bit_count():
                raise ParseError(
                    f"with_hidden_cards: seat {seat} must get {old[seat].bit_count()} distinct "
                    f"cards, got {count}",
                    text=hands,
                )
            new.append(mask)
        if new[0] | new[1] | new[2] | new[3] != old[0] | old[1] | old[2] | old[3] or sum(
            m.bit_count() for m in new
        ) != sum(m.bit_count() for m in old):
            raise ParseError(
                "with_hidden_cards: the hands must hold exactly the unplayed cards", text=hands
            )
        played = [0, 0, 0, 0]
        for t in s[_DONE]:
            for position in range(4):
                played[(t[0] + position) % 4] |= 1 << t[1 + position]
        for position, index in enumerate(s[_TRICK]):
            played[(s[_LEADER] + position) % 4] |= 1 << index
        m: _Match = s[_M]
        deck = deck_from_hands(
            [new[i] | played[i] for i in range(4)], m.dealer, m.rules.deal_packets
        )
        return _make((m._replace(deck=deck), *s[1:_HANDS], tuple(new), *s[_HANDS + 1 :]))

    # -- value semantics -------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if other.__class__ is State:
            return self._s == other._s
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._s)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_make, (self._s,))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"State is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"State is immutable: cannot delete {name!r}")

    def __repr__(self) -> str:
        s = self._s
        m: _Match = s[_M]
        return (
            f"<State {s[_PHASE].value} deal={m.deal_number} dealer={m.dealer} "
            f"turn={s[_TURN]} scores={m.scores} bids={s[_BIDS]} taken={s[_TAKEN]}>"
        )


# The slots are written through their descriptors: State.__setattr__ refuses every write.
_set_s = State.__dict__["_s"].__set__
_set_terminal = State.__dict__["is_terminal"].__set__
