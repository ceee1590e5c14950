"""400 (FH-1 ... FH-25, FH-29, FH-30) for a batch of games stepped together:
:class:`FourHundredBatch`.

The same layout as :mod:`cardrules.batch.all_fours`: flat arrays per lane (and per lane and seat,
index ``lane * 4 + seat``), cards as bits of a ``uint64``; a step runs the same array operations
for every lane, and the events that only some lanes meet (a bid, the end of the bidding, the
scoring of a hand, the end of a game, a new deal) run on the index array of those lanes.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from cardrules.batch._bits import BIT, SUIT, ZERO, kth_bit, unpack
from cardrules.batch._decks import DeckSource, NumpyDecks, SeededDecks
from cardrules.batch._results import Results, StepResult
from cardrules.errors import IllegalActionError, Reason
from cardrules.four_hundred import (
    BID_VALUES,
    HIGH_BID,
    LEVEL_STEP,
    REDUCED_BID_VALUES,
    START_LEVEL,
    FiveToStart,
    HighBidWin,
    MinTotalCounts,
    PartnerCondition,
    Rules,
    Simultaneous,
)

__all__ = ["FourHundredBatch"]

U64 = npt.NDArray[np.uint64]
I64 = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

BIDDING: Final = 0
PLAY: Final = 1
#: Action ids (four_hundred.ACTIONS): plays 0..51, Bid(b) = 51 + b, Redeal() = 65; the conduct
#: and claim ids (66..73) are out-of-turn acts, never legal here.
FIRST_BID: Final = 52
REDEAL: Final = 65
ACTIONS: Final = 74
HEARTS: Final = 2
#: FH-30: the jacks, queens, kings and aces.
_PICTURES: Final = np.uint64(sum(0xF << (9 + 13 * suit) for suit in range(4)))
_NO_BID: Final = 0


class FourHundredBatch:
    """``n`` games of 400 under one ruleset, stepped together (see :func:`make
    <cardrules.batch.make>`)."""

    #: The number of action ids (:data:`cardrules.four_hundred.ACTIONS`).
    num_actions: Final = ACTIONS
    #: Four players (FH-1).
    players: Final = 4

    def __init__(
        self,
        n: int,
        *,
        seed: int,
        rules: Rules,
        dealer: I64 | None = None,
        decks: I64 | None = None,
        shuffle: str = "seeded",
        scores: I64 | None = None,
    ) -> None:
        self.rules = rules
        self.n = n
        self.seed = seed
        self._source: DeckSource = (
            SeededDecks(seed, n, 4) if shuffle == "seeded" else NumpyDecks(seed, 4)
        )
        self._lanes = np.arange(n)
        self._base = self._lanes * 4
        self._next = np.array([1, 2, 3, 0])
        schedule = np.array(
            [
                [
                    (dealer + offset) % 4
                    for size in rules.deal_packets
                    for offset in range(1, 5)
                    for _ in range(size)
                ]
                for dealer in range(4)
            ]
        )  # FH-7: the seat of each deck position, per dealer
        #: Per dealer, the 52 deck positions grouped by the seat that gets them.
        self._order = np.argsort(schedule, axis=1, kind="stable")
        # FH-20: V(b, s) by row (0: the bidder's score below reduce_five_six_at, 1: at or
        # above) and bid 0..13 (0: no value).
        values = np.zeros((2, 14), dtype=np.int64)
        if rules.bid_values is not None:
            for bid, value in rules.bid_values:
                values[:, bid] = value
        else:
            for bid, value in BID_VALUES.items():
                values[:, bid] = value
            for bid, value in REDUCED_BID_VALUES.items():
                values[1, bid] = value
        self._values = values.reshape(-1)
        # Per lane and seat (flat).
        self._hands = np.zeros(n * 4, dtype=np.uint64)
        self._dealt = np.zeros(n * 4, dtype=np.uint64)
        self._trick_card = np.full(n * 4, -1, dtype=np.int64)
        #: The scores every game starts from.
        self._start = np.zeros(4, dtype=np.int64) if scores is None else scores
        self._scores = np.tile(self._start, n)
        self._bids = np.zeros(n * 4, dtype=np.int64)
        self._taken = np.zeros(n * 4, dtype=np.int64)
        self._minimum = np.zeros(n * 4, dtype=np.int64)
        # Per lane.
        self._phase = np.zeros(n, dtype=np.int64)
        self._turn = np.zeros(n, dtype=np.int64)
        self._dealer = np.zeros(n, dtype=np.int64)
        self._tlen = np.zeros(n, dtype=np.int64)
        self._lead = np.zeros(n, dtype=np.int64)
        self._best = np.zeros(n, dtype=np.int64)
        self._level = np.full(n, START_LEVEL, dtype=np.int64)
        self._deal = np.zeros(n, dtype=np.int64)
        self._game = np.zeros(n, dtype=np.int64)
        #: The legal plays as bits (0 while bidding); while bidding, the smallest legal bid
        #: (14 otherwise) and whether Redeal() is legal.
        self._legal = np.zeros(n, dtype=np.uint64)
        self._low = np.full(n, 14, dtype=np.int64)
        self._redeal = np.zeros(n, dtype=bool)
        self._results = Results(4, scores=4)
        self._pending: list[I64] = []
        self._new_games: list[I64] = []
        lanes = self._lanes
        self._pending.append(lanes)
        if dealer is None:
            self._new_games.append(lanes)
        else:
            self._dealer[:] = dealer
        self._deal_pending(decks)
        self._update_legal()

    # -- reading ---------------------------------------------------------------------------
    @property
    def current_player(self) -> I64:
        """The seat to act in each lane (n,)."""
        return self._turn.copy()

    @property
    def scores(self) -> I64:
        """Each lane's four scores, in seat order (n, 4)."""
        return self._scores.reshape(self.n, 4).copy()

    @property
    def bids(self) -> I64:
        """Each lane's bids in the current hand, in seat order, 0 for no bid yet (n, 4)."""
        return self._bids.reshape(self.n, 4).copy()

    @property
    def tricks_taken(self) -> I64:
        """Each lane's tricks taken per seat in the current hand (n, 4)."""
        return self._taken.reshape(self.n, 4).copy()

    @property
    def level(self) -> I64:
        """Each lane's level (FH-24)."""
        return self._level.copy()

    @property
    def deal_number(self) -> I64:
        """The number of each lane's current deal in its game, from 0 (every deal counts)."""
        return self._deal.copy()

    @property
    def game_number(self) -> I64:
        """How many games each lane has finished: its current game is game ``game_number``."""
        return self._game.copy()

    @property
    def dealer(self) -> I64:
        """Each lane's dealer (n,)."""
        return self._dealer.copy()

    @property
    def phase(self) -> I64:
        """Each lane's phase: 0 bidding, 1 play."""
        return self._phase.copy()

    @property
    def hands(self) -> U64:
        """Every seat's unplayed cards as 52-bit masks (n, 4): the full state, not an
        observation."""
        return self._hands.reshape(self.n, 4).copy()

    def legal_mask(self) -> Bools:
        """The legal action ids of each lane's current player (n, 74), in
        :data:`cardrules.four_hundred.ACTIONS` order."""
        mask = np.zeros((self.n, ACTIONS), dtype=bool)
        mask[:, :52] = unpack(self._legal).view(np.bool_)
        bids = np.arange(1, 14)
        mask[:, FIRST_BID : FIRST_BID + 13] = bids >= self._low[:, None]
        mask[:, REDEAL] = self._redeal
        return mask

    def random_actions(self, rng: np.random.Generator) -> I64:
        """A uniformly random legal action id for each lane (random legal play)."""
        u = rng.random(self.n)
        plays = kth_bit(self._legal, (u * np.bitwise_count(self._legal)).astype(np.uint8))
        count = 14 - self._low + self._redeal
        pick = (u * count).astype(np.int64)
        bid = np.where(self._redeal & (pick == count - 1), REDEAL, FIRST_BID - 1 + self._low + pick)
        return np.where(self._phase == PLAY, plays, bid)

    # -- observations ----------------------------------------------------------------------
    def observation_pieces(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """The named parts of an observation row, in order (name, shape): the layout of the
        adapters' observation tensor (:mod:`cardrules.adapters.encoding`)."""
        return (
            ("dealing", (1,)),
            ("hand", (52,)),
            ("current_trick", (4, 52)),
            ("played", (4, 52)),
            ("dealer", (4,)),
            ("to_play", (4,)),
            ("scores", (4,)),
            ("phase", (3,)),
            ("bids", (4, 14)),
            ("taken", (4, 14)),
            ("level", (1,)),
        )

    @property
    def observation_size(self) -> int:
        """The length of an observation row."""
        return sum(int(np.prod(shape)) for _, shape in self.observation_pieces())

    def observe(self, seats: int | npt.ArrayLike | None = None) -> npt.NDArray[np.float32]:
        """What a seat of each lane may know (n, :attr:`observation_size`), as the adapters'
        observation tensor: seats relative to the observer, its own hand, the bids, tricks and
        scores; no other seat's unplayed card.  ``seats``: one seat for every lane, a seat per
        lane, or ``None`` for each lane's current player."""
        n = self.n
        seat = self._turn if seats is None else np.broadcast_to(np.asarray(seats), (n,))
        seat = seat.astype(np.int64)
        if ((seat < 0) | (seat >= 4)).any():
            raise ValueError("seats: expected seats 0..3")
        out = np.zeros((n, self.observation_size), dtype=np.float32)
        views: dict[str, npt.NDArray[np.float32]] = {}
        start = 0
        for name, shape in self.observation_pieces():
            size = int(np.prod(shape))
            views[name] = out[:, start : start + size].reshape((n, *shape))
            start += size
        lanes = self._lanes
        views["hand"][:] = unpack(self._hands[self._base + seat])
        for r in range(4):
            flat = self._base + (seat + r) % 4
            card = self._trick_card[flat]
            playing = card >= 0
            views["current_trick"][lanes[playing], r, card[playing]] = 1.0
            views["played"][:, r] = unpack(self._dealt[flat] & ~self._hands[flat] & ~BIT[card])
            views["scores"][:, r] = self._scores[flat] / 100.0
            views["bids"][lanes, r, self._bids[flat]] = 1.0
            views["taken"][lanes, r, self._taken[flat]] = 1.0
        views["dealer"][lanes, (self._dealer - seat) % 4] = 1.0
        views["to_play"][lanes, (self._turn - seat) % 4] = 1.0
        views["phase"][lanes, self._phase] = 1.0
        views["level"][:, 0] = self._level / 100.0
        return out

    # -- stepping --------------------------------------------------------------------------
    def step(self, actions: npt.ArrayLike) -> StepResult:
        """Every lane's current player takes its action (an id of the mask); a finished game
        is reported and replaced by the lane's next game.

        :raises IllegalActionError: if an action is not legal in its lane (nothing is applied).
        """
        a = np.asarray(actions)
        if a.shape != (self.n,) or a.dtype.kind not in "iu":
            raise ValueError(f"actions: expected {self.n} integer action ids, got shape {a.shape}")
        a = a.astype(np.int64, copy=False)
        card = np.where((a >= 0) & (a < 52), a, -1)
        legal = np.where(
            self._phase == PLAY,
            (self._legal & BIT[card]) != ZERO,
            ((a >= FIRST_BID - 1 + self._low) & (a < REDEAL)) | ((a == REDEAL) & self._redeal),
        )
        if not legal.all():
            self._refuse(a, legal)
        self._results.begin(self.n)
        bidding = np.flatnonzero(self._phase == BIDDING)
        self._play(card, bidding)
        if bidding.size:
            self._bid(bidding, a[bidding])
        self._deal_pending()
        self._update_legal()
        return self._results.take()

    def _refuse(self, a: I64, legal: Bools) -> None:
        lane = int(np.flatnonzero(~legal)[0])
        ids = [int(i) for i in np.flatnonzero(self.legal_mask()[lane])]
        in_range = 0 <= a[lane] < ACTIONS
        raise IllegalActionError(
            Reason.NOT_ALLOWED_BY_RULES if in_range else Reason.NOT_AN_ACTION,
            seat=int(self._turn[lane]),
            action=int(a[lane]),
            legal=ids,
            detail=f"lane {lane}: action id {int(a[lane])} is not legal (nothing was applied)",
        )

    def _play(self, card: I64, bidding: I64) -> None:
        """FH-15 ... FH-17 for every lane that plays a card (bidding lanes play card -1: no bit,
        no suit); after the 13th trick the hand is scored."""
        seat = self._turn
        flat = self._base + seat
        self._hands[flat] ^= BIT[card]
        self._trick_card[flat] = card
        suit = card // 13
        first = self._tlen == 0
        lead = np.where(first, suit, self._lead)
        self._lead = lead
        # FH-17: the highest heart, else the highest card of the suit led; the seat rides along.
        key = (card % 13 + 16 * (suit == lead) + 32 * (suit == HEARTS)) * 4 + seat
        self._best = np.where(first, key, np.maximum(self._best, key))
        if bidding.size:
            self._tlen[bidding] -= 1
            self._tlen += 1
            turn = self._next[seat]
            turn[bidding] = seat[bidding]
            self._turn = turn
        else:
            self._tlen += 1
            self._turn = self._next[seat]
        complete = np.flatnonzero(self._tlen == 4)
        if not complete.size:
            return
        winner = self._best[complete] & 3
        self._taken[complete * 4 + winner] += 1
        self._turn[complete] = winner
        self._tlen[complete] = 0
        self._trick_card.reshape(self.n, 4)[complete] = -1
        over = complete[self._hands[complete * 4 + winner] == ZERO]
        if over.size:
            self._score(over)

    def _bid(self, lanes: I64, a: I64) -> None:
        """FH-10 ... FH-14, FH-29, FH-30: a bid (the dealer's ends the bidding: played or thrown
        in), or a no-picture redeal."""
        redeal = lanes[a == REDEAL]
        if redeal.size:
            self._next_deal(redeal)  # FH-30: void, the deal passes
        bid = a != REDEAL
        lanes, a = lanes[bid], a[bid]
        if not lanes.size:
            return
        seat = self._turn[lanes]
        self._bids[lanes * 4 + seat] = a - (FIRST_BID - 1)
        last = seat == self._dealer[lanes]
        self._turn[lanes] = self._next[seat]
        done = lanes[last]
        if not done.size:
            return
        thrown = self._thrown_in(done)
        self._next_deal(done[thrown])  # FH-14
        play = done[~thrown]
        self._phase[play] = PLAY
        self._turn[play] = self._next[self._dealer[play]]  # FH-15
        self._tlen[play] = 0

    def _value(self, bids: I64, scores: I64) -> I64:
        """FH-20: V(bid, the bidder's score before the hand)."""
        at = self.rules.reduce_five_six_at
        if self.rules.bid_values is not None or at is None:
            row = np.zeros(bids.shape, dtype=np.int64)
        else:
            row = (scores >= at).astype(np.int64)
        value: I64 = self._values[row * 14 + bids]
        return value

    def _minimum_bid(self, scores: I64) -> I64:
        """FH-11: the smallest bid of a player with each score."""
        rules = self.rules
        low = np.full(scores.shape, rules.min_bid_base, dtype=np.int64)
        if rules.min_bid_ladder_from is not None:
            low = np.where(scores >= rules.min_bid_ladder_from, np.maximum(low, scores // 10), low)
        if rules.min_bid_cap is not None:
            low = np.minimum(low, rules.min_bid_cap)
        result: I64 = np.minimum(low, 13)
        return result

    def _thrown_in(self, lanes: I64) -> Bools:
        """FH-13, FH-14, FH-29: whether the four bids let the hand be played."""
        rules = self.rules
        bids = self._bids.reshape(self.n, 4).take(lanes, axis=0)
        scores = self._scores.reshape(self.n, 4).take(lanes, axis=0)
        five: Bools = np.asarray((bids >= 5).any(axis=1))
        if rules.five_to_start is FiveToStart.REPLACE:
            return ~five
        if rules.min_total_counts is MinTotalCounts.TRICKS:
            total = bids.sum(axis=1)
        else:
            total = self._value(bids, scores).sum(axis=1)
        if rules.min_total_rises:
            need = 11 + np.maximum(0, self._minimum_bid(scores.max(axis=1)) - 2)
        else:
            need = np.full(lanes.size, 11)
        enough: Bools = np.asarray(total >= need)
        if rules.five_to_start is FiveToStart.ADDITIONAL:
            enough &= five
        return ~enough

    def _qualifies(self, scores: I64, team: int, level: I64 | int) -> Bools:
        """FH-22: one of the team's players at ``level`` or more, the other meeting the partner
        condition."""
        a, b = scores[:, team], scores[:, team + 2]
        condition = self.rules.partner_condition
        if condition is PartnerCondition.POSITIVE:
            ok_a, ok_b = a > 0, b > 0
        elif condition is PartnerCondition.NON_NEGATIVE:
            ok_a, ok_b = a >= 0, b >= 0
        else:
            ok_a = ok_b = np.ones(a.shape, dtype=bool)
        qualified: Bools = ((a >= level) & ok_b) | ((b >= level) & ok_a)
        return qualified

    def _score(self, lanes: I64) -> None:
        """FH-19 ... FH-24: every player gains or loses V(bid, score); a made high bid may win
        at once; else the end of the game by qualification and levels."""
        rules = self.rules
        m = lanes.size
        scores = self._scores.reshape(self.n, 4)
        before = scores.take(lanes, axis=0)
        bids = self._bids.reshape(self.n, 4).take(lanes, axis=0)
        made = self._taken.reshape(self.n, 4).take(lanes, axis=0) >= bids
        value = self._value(bids, before)
        after = before + np.where(made, value, -value)
        scores[lanes] = after
        level = self._level[lanes]
        winner = np.full(m, -1, dtype=np.int64)
        # FH-21: a made bid of 10 or more (the last such seat in seat order decides).
        mode = rules.high_bid_win
        high = np.zeros(m, dtype=bool)
        if mode is not HighBidWin.NEVER:
            for seat in range(4):
                if mode is HighBidWin.ALWAYS:
                    allowed = np.ones(m, dtype=bool)
                elif mode is HighBidWin.BIDDER_NOT_NEGATIVE:
                    allowed = before[:, seat] >= 0
                else:
                    # The partner's score after the hand (all four changes applied at once).
                    allowed = after[:, (seat + 2) % 4] >= 0
                wins = (bids[:, seat] >= HIGH_BID) & made[:, seat] & allowed
                winner[wins] = seat % 2
                high |= wins
        # FH-22 ... FH-24 for the others.
        q0 = self._qualifies(after, 0, START_LEVEL)
        q1 = self._qualifies(after, 1, START_LEVEL)
        one = q0 != q1
        both = q0 & q1
        new_level = np.where(one, level, START_LEVEL)
        result = np.where(one, np.where(q0, 0, 1), -1)
        simultaneous = rules.simultaneous
        if simultaneous is Simultaneous.CONTINUE_TO_51:
            at0 = self._qualifies(after, 0, level)
            at1 = self._qualifies(after, 1, level)
            first = both & (level <= START_LEVEL)
            later = both & ~first
            new_level = np.where(first, START_LEVEL + LEVEL_STEP, new_level)
            decided = later & (at0 != at1)
            result = np.where(decided, np.where(at0, 0, 1), result)
            new_level = np.where(later, np.where(at0 & at1, level + LEVEL_STEP, level), new_level)
        else:
            if simultaneous is Simultaneous.HIGHER_SCORE:
                side0 = np.maximum(after[:, 0], after[:, 2])
                side1 = np.maximum(after[:, 1], after[:, 3])
            else:
                side0 = after[:, 0] + after[:, 2]
                side1 = after[:, 1] + after[:, 3]
            result = np.where(both & (side0 != side1), np.where(side0 > side1, 0, 1), result)
        winner = np.where(high, winner, result)
        self._level[lanes] = np.where(high, level, new_level)
        over = winner >= 0
        self._game_over(lanes[over], winner[over])
        self._next_deal(lanes[~over])

    def _next_deal(self, lanes: I64) -> None:
        """FH-8: the deal passes to the right."""
        self._dealer[lanes] = self._next[self._dealer[lanes]]
        self._deal[lanes] += 1
        self._pending.append(lanes)

    def _game_over(self, lanes: I64, winner: I64) -> None:
        """Report the finished games; each lane's next game is dealt at the end of the step."""
        if not lanes.size:
            return
        scores = self._scores.reshape(self.n, 4)
        self._results.add(
            lanes, self._game[lanes], winner, scores.take(lanes, axis=0), self._deal[lanes]
        )
        self._game[lanes] += 1
        scores[lanes] = self._start
        self._level[lanes] = START_LEVEL
        self._deal[lanes] = 0
        self._pending.append(lanes)
        self._new_games.append(lanes)

    def _deal_pending(self, decks: I64 | None = None) -> None:
        """Deal every lane waiting for a deal (new games draw their first dealer first)."""
        if not self._pending:
            return
        lanes = np.concatenate(self._pending)
        self._pending = []
        if self._new_games:
            new = np.concatenate(self._new_games)
            self._new_games = []
            self._dealer[new] = self._source.dealers(new, self._game[new], self._game, self._deal)
        if decks is None:
            decks = self._source.decks(
                lanes, self._game[lanes], self._deal[lanes], self._game, self._deal
            )
        m = lanes.size
        # FH-7: the 52 cards grouped by seat (m, 4, 13), then each seat's bits joined.
        cards = decks[np.arange(m)[:, None], self._order[self._dealer[lanes]]]
        hands = np.bitwise_or.reduce(BIT[cards].reshape(m, 4, 13), axis=2)
        self._hands.reshape(self.n, 4)[lanes] = hands
        self._dealt.reshape(self.n, 4)[lanes] = hands
        self._trick_card.reshape(self.n, 4)[lanes] = -1
        self._bids.reshape(self.n, 4)[lanes] = _NO_BID
        self._taken.reshape(self.n, 4)[lanes] = 0
        flat = (lanes[:, None] * 4 + np.arange(4)).reshape(-1)
        self._minimum[flat] = self._minimum_bid(self._scores[flat])
        self._phase[lanes] = BIDDING
        self._turn[lanes] = self._next[self._dealer[lanes]]  # FH-10: dealer + 1 bids first
        self._tlen[lanes] = 0

    # -- legal actions ---------------------------------------------------------------------
    def _update_legal(self) -> None:
        """FH-10 ... FH-12, FH-16, FH-30: each lane's legal plays, or its bids and redeal."""
        flat = self._base + self._turn
        hand = self._hands[flat]
        playing = self._phase == PLAY
        of_suit = hand & SUIT[np.where(self._tlen > 0, self._lead, -1)]
        legal = np.where(of_suit != ZERO, of_suit, hand)  # FH-16: follow suit if able
        self._legal = np.where(playing, legal, ZERO)
        self._low = np.where(playing, 14, self._minimum[flat])
        if self.rules.no_picture_redeal:
            self._redeal = ~playing & ((hand & _PICTURES) == ZERO)
