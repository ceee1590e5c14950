"""400 (FH-1 ... FH-25, FH-29, FH-30) for a batch of games stepped together:
:class:`FourHundredBatch`.

Each lane is one ``int64`` row (the columns below); a step is a compiled loop over the rows
that calls the rules' kernels (:mod:`cardrules.four_hundred.kernels`, the trick winner of
:mod:`cardrules.core.tricks`) and nothing else of the rules: the legal plays (FH-16), the bids
(FH-10 ... FH-12, FH-30), the end of the bidding (FH-13, FH-14, FH-29), the scoring of a hand
and the end of the game (FH-19 ... FH-25), the deal (FH-7) and the next dealer (FH-8).
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

import numpy as np
import numpy.typing as npt
from numba import prange

from cardrules.batch._bits import count_bits, kth_bit
from cardrules.batch._lanes import (
    DEAL,
    DEALER,
    NEED,
    NEXT_DEAL,
    NOTHING,
    PHASE,
    TURN,
    LaneBatch,
    borrowed,
    deal_cards,
    next_deck,
    record_game,
)
from cardrules.batch._shuffle import scratch
from cardrules.core.cards import Suit
from cardrules.core.compiled import compiled, inlined, kernel
from cardrules.core.tricks import winning_offset
from cardrules.four_hundred import Rules
from cardrules.four_hundred.kernels import (
    START_LEVEL,
    deal_seat,
    may_redeal,
    minimum_bid,
    next_dealer,
    play_mask,
    rule_params,
    score_played,
    thrown_in,
)

__all__ = ["FourHundredBatch"]

I64 = npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]

BIDDING: Final = 0
PLAY: Final = 1
#: Action ids (four_hundred.ACTIONS): plays 0..51, Bid(b) = 51 + b, Redeal() = 65; the conduct
#: and claim ids (66..73) are out-of-turn acts, never legal here.
FIRST_BID: Final = 52
REDEAL_ID: Final = 65
ACTIONS: Final = 74
#: FH-5: hearts are trumps.
TRUMP: Final = int(Suit.HEARTS)

# A lane's row: the columns of _lanes, and these (per seat: four columns from the first).
#: The current player's legal plays (a card mask; 0 while bidding), its smallest legal bid (14
#: in play) and whether it may demand a redeal (FH-30).
LEGAL: Final = 3
LOW: Final = 4
REDEAL: Final = 5
#: The cards played to the trick, the suit led (-1 before the lead), the trick's leader.
TLEN: Final = 6
LEAD: Final = 7
LEADER: Final = 12
#: Per seat: the unplayed cards, the card played to the trick (-1 for none), the tricks taken,
#: the score, the bid (0 for none yet), the smallest bid (FH-11), the cards dealt.
HAND: Final = 8
TRICK: Final = 16
TAKEN: Final = 20
SCORE: Final = 24
BID: Final = 28
MINIMUM: Final = 32
DEALT: Final = 36
#: FH-24: the level.
LEVEL: Final = 40
COLUMNS: Final = 48


@kernel
def _legal(phase: int, hand: int, lead: int, minimum: int, params: Any) -> tuple[int, int, int]:
    """FH-10 ... FH-12, FH-16, FH-30: the current player's legal plays (a card mask; 0 while
    bidding), smallest legal bid (14 in play) and whether it may demand a redeal, from its
    hand, the suit led and its smallest bid (plain ints: no array to pass)."""
    if phase == PLAY:
        return play_mask(hand, lead), 14, 0
    return 0, minimum, 1 if may_redeal(hand, params) else 0


@inlined
def _next_deal(rows: I64, lane: int) -> None:
    """FH-8: the deal passes (after a hand played, thrown in or void)."""
    rows[lane, DEALER] = next_dealer(rows[lane, DEALER])
    rows[lane, DEAL] += 1
    rows[lane, NEED] = NEXT_DEAL


@inlined
def _four(rows: I64, lane: int, first: int) -> tuple[int, int, int, int]:
    return (rows[lane, first], rows[lane, first + 1], rows[lane, first + 2], rows[lane, first + 3])


@inlined
def _game_over(rows: I64, lane: int, winner: int, count: I64, slots: Any, start: I64) -> None:
    """The game ended: its result in the lane's slot, the level back to its start (FH-24), and
    the lane waits for its next game."""
    record_game(rows, lane, winner, count, slots, start, SCORE)
    rows[lane, LEVEL] = START_LEVEL


@kernel
def _play_lanes(
    rows: I64,
    actions: I64,
    count: I64,
    slots: Any,
    start: I64,
    params: Any,
) -> int:
    """One action in every lane (FH-10 ... FH-25, FH-29, FH-30); returns how many lanes wait
    for a deal."""
    rows, actions, count, slots, start = borrowed((rows, actions, count, slots, start))
    waiting = 0
    for lane in prange(rows.shape[0]):
        a = actions[lane]
        seat = rows[lane, TURN]
        if rows[lane, PHASE] == PLAY:
            rows[lane, HAND + seat] ^= 1 << a
            rows[lane, TRICK + seat] = a
            if rows[lane, TLEN] == 0:
                rows[lane, LEADER] = seat
                rows[lane, LEAD] = a // 13
            rows[lane, TLEN] += 1
            rows[lane, TURN] = (seat + 1) % 4
            if rows[lane, TLEN] == 4:
                leader = rows[lane, LEADER]
                cards = (
                    rows[lane, TRICK + leader],
                    rows[lane, TRICK + (leader + 1) % 4],
                    rows[lane, TRICK + (leader + 2) % 4],
                    rows[lane, TRICK + (leader + 3) % 4],
                )
                winner = (leader + winning_offset(cards, TRUMP)) % 4
                rows[lane, TAKEN + winner] += 1
                rows[lane, TURN] = winner
                rows[lane, TLEN] = 0
                rows[lane, LEAD] = -1
                for s in range(4):
                    rows[lane, TRICK + s] = -1
                if rows[lane, HAND + winner] == 0:
                    scores, team, level, _ = score_played(
                        _four(rows, lane, SCORE),
                        _four(rows, lane, BID),
                        _four(rows, lane, TAKEN),
                        rows[lane, LEVEL],
                        params,
                    )
                    for s in range(4):
                        rows[lane, SCORE + s] = scores[s]
                    rows[lane, LEVEL] = level
                    if team >= 0:
                        _game_over(rows, lane, team, count, slots, start)
                    else:
                        _next_deal(rows, lane)
        elif a == REDEAL_ID:
            _next_deal(rows, lane)  # FH-30: void, the deal passes
        else:
            rows[lane, BID + seat] = a - (FIRST_BID - 1)
            rows[lane, TURN] = (seat + 1) % 4
            if seat == rows[lane, DEALER]:  # the dealer's bid ends the bidding
                if thrown_in(_four(rows, lane, SCORE), _four(rows, lane, BID), params):
                    _next_deal(rows, lane)  # FH-14
                else:
                    rows[lane, PHASE] = PLAY
                    rows[lane, TURN] = (rows[lane, DEALER] + 1) % 4  # FH-15
        if rows[lane, NEED] != NOTHING:
            waiting += 1
            continue
        seat = rows[lane, TURN]
        legal, low, redeal = _legal(
            rows[lane, PHASE],
            rows[lane, HAND + seat],
            rows[lane, LEAD],
            rows[lane, MINIMUM + seat],
            params,
        )
        rows[lane, LEGAL] = legal
        rows[lane, LOW] = low
        rows[lane, REDEAL] = redeal
    return waiting


@kernel
def _deal_lanes(rows: I64, supply: Any, params: Any, layout: Any, size: int) -> int:
    """FH-6 ... FH-10: every waiting lane's deal (a next game's first dealer drawn first);
    returns how many lanes still wait (for the numpy shuffle's next block).  The lanes are
    dealt in runs of ``size``, each with its own scratch space (a run to a thread).  A lane's
    deal is the loop's own body, and its arrays are :func:`~cardrules.batch._lanes.borrowed`
    (without them, each helper handed one would raise and lower its count at every deal)."""
    rows, supply, layout = borrowed((rows, supply, layout))
    waiting = 0
    n = rows.shape[0]
    for chunk in prange((n + size - 1) // size):
        text, words, limbs = scratch()
        deck = np.empty(52, dtype=np.int8)
        for lane in range(chunk * size, min(n, chunk * size + size)):
            if rows[lane, NEED] == NOTHING:
                continue
            if not next_deck(rows, lane, 4, deck, supply, text, words, limbs):
                waiting += 1
                continue
            dealer = rows[lane, DEALER]
            deal_cards(rows, lane, deck, layout, 52, HAND, DEALT)  # FH-7, by deal_seat's table
            for seat in range(4):
                rows[lane, TRICK + seat] = -1
                rows[lane, BID + seat] = 0
                rows[lane, TAKEN + seat] = 0
                rows[lane, MINIMUM + seat] = minimum_bid(rows[lane, SCORE + seat], params)
            first = (dealer + 1) % 4  # FH-10: dealer + 1 bids first
            rows[lane, PHASE] = BIDDING
            rows[lane, TURN] = first
            rows[lane, TLEN] = 0
            rows[lane, LEAD] = -1
            rows[lane, NEED] = NOTHING
            legal, low, redeal = _legal(
                BIDDING, rows[lane, HAND + first], -1, rows[lane, MINIMUM + first], params
            )
            rows[lane, LEGAL] = legal
            rows[lane, LOW] = low
            rows[lane, REDEAL] = redeal
    return waiting


@kernel
def _first_illegal(rows: I64, actions: I64) -> int:
    """The first lane whose action is not legal, or -1."""
    for lane in range(rows.shape[0]):
        a = actions[lane]
        if rows[lane, PHASE] == PLAY:
            legal = 0 <= a < 52 and (rows[lane, LEGAL] >> a) & 1 == 1
        else:
            legal = (FIRST_BID - 1 + rows[lane, LOW] <= a < REDEAL_ID) or (
                a == REDEAL_ID and rows[lane, REDEAL] == 1
            )
        if not legal:
            return lane
    return -1


@kernel
def _legal_mask(rows: I64, mask: Any) -> None:
    for lane in range(rows.shape[0]):
        legal = rows[lane, LEGAL]
        for card in range(52):
            mask[lane, card] = (legal >> card) & 1 == 1
        for bid in range(rows[lane, LOW], 14):
            mask[lane, FIRST_BID - 1 + bid] = True
        mask[lane, REDEAL_ID] = rows[lane, REDEAL] == 1


@kernel
def _random_actions(rows: I64, u: Any, out: I64) -> None:
    """The ``floor(u * k)``-th of each lane's ``k`` legal ids, in id order."""
    for lane in range(rows.shape[0]):
        if rows[lane, PHASE] == PLAY:
            legal = rows[lane, LEGAL]
            out[lane] = kth_bit(legal, int(u[lane] * count_bits(legal)))
        else:
            low = rows[lane, LOW]
            choices = 14 - low + rows[lane, REDEAL]
            pick = int(u[lane] * choices)
            if rows[lane, REDEAL] == 1 and pick == choices - 1:
                out[lane] = REDEAL_ID
            else:
                out[lane] = FIRST_BID - 1 + low + pick


@kernel
def _observe(rows: I64, seats: I64, out: Any) -> None:
    """The adapters' observation tensor of each lane for its seat (see observation_pieces)."""
    for lane in range(rows.shape[0]):
        row = rows[lane]
        seat = seats[lane]
        o = out[lane]
        hand = row[HAND + seat]
        for card in range(52):
            if (hand >> card) & 1:
                o[1 + card] = 1.0
        for r in range(4):
            s = (seat + r) % 4
            card = row[TRICK + s]
            played = row[DEALT + s] & ~row[HAND + s]
            if card >= 0:
                o[53 + 52 * r + card] = 1.0
                played &= ~(1 << card)
            for c in range(52):
                if (played >> c) & 1:
                    o[261 + 52 * r + c] = 1.0
            o[477 + r] = row[SCORE + s] / 100.0
            o[484 + 14 * r + row[BID + s]] = 1.0
            o[540 + 14 * r + row[TAKEN + s]] = 1.0
        o[469 + (row[DEALER] - seat) % 4] = 1.0
        o[473 + (row[TURN] - seat) % 4] = 1.0
        o[481 + row[PHASE]] = 1.0
        o[596] = row[LEVEL] / 100.0


class FourHundredBatch(LaneBatch):
    """``n`` games of 400 under one ruleset, stepped together (see :func:`make
    <cardrules.batch.make>`)."""

    #: The number of action ids (:data:`cardrules.four_hundred.ACTIONS`).
    num_actions: ClassVar[int] = ACTIONS
    score_width: ClassVar[int] = 4
    result_slots: ClassVar[int] = 1
    #: Four players (FH-1).
    players: int = 4

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
        threads: int = 1,
    ) -> None:
        start = np.zeros(4, dtype=np.int64) if scores is None else scores
        super().__init__(
            n,
            seed=seed,
            shuffle=shuffle,
            players=4,
            columns=COLUMNS,
            threads=threads,
            start=start,
        )
        self.rules = rules
        self._params = rule_params(rules)
        #: FH-7: the seat that gets each deck position, per dealer (deal_seat's table).
        packets = tuple(rules.deal_packets)
        self._layout = np.array(
            [[deal_seat(p, d, packets) for p in range(52)] for d in range(4)], dtype=np.int64
        )
        parallel = threads > 1
        self._play_kernel = compiled(_play_lanes, parallel=parallel)
        self._deal_kernel = compiled(_deal_lanes, parallel=parallel and self._seeded)
        rows = self._rows
        rows[:, SCORE : SCORE + 4] = start
        rows[:, LEVEL] = START_LEVEL
        self._begin(dealer, decks)

    def _deal(self) -> int:
        self._threads()
        waiting: int = self._deal_kernel(
            self._rows, self._supply(), self._params, self._layout, self._run_size()
        )
        return waiting

    def _play(self, actions: I64) -> int:
        self._threads()
        waiting: int = self._play_kernel(
            self._rows,
            actions,
            self._count,
            self._slots,
            self._start,
            self._params,
        )
        return waiting

    def _first_illegal(self, actions: I64) -> int:
        lane: int = compiled(_first_illegal)(self._rows, actions)
        return lane

    # -- reading ---------------------------------------------------------------------------
    @property
    def scores(self) -> I64:
        """Each lane's four scores, in seat order (n, 4)."""
        return self._rows[:, SCORE : SCORE + 4].copy()

    @property
    def bids(self) -> I64:
        """Each lane's bids in the current hand, in seat order, 0 for no bid yet (n, 4)."""
        return self._rows[:, BID : BID + 4].copy()

    @property
    def tricks_taken(self) -> I64:
        """Each lane's tricks taken per seat in the current hand (n, 4)."""
        return self._rows[:, TAKEN : TAKEN + 4].copy()

    @property
    def level(self) -> I64:
        """Each lane's level (FH-24)."""
        return self._rows[:, LEVEL].copy()

    @property
    def phase(self) -> I64:
        """Each lane's phase: 0 bidding, 1 play."""
        return self._rows[:, PHASE].copy()

    @property
    def hands(self) -> U64:
        """Every seat's unplayed cards as 52-bit masks (n, 4): the full state, not an
        observation."""
        return self._rows[:, HAND : HAND + 4].astype(np.uint64)

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """The legal action ids of each lane's current player (n, 74), in
        :data:`cardrules.four_hundred.ACTIONS` order."""
        mask = np.zeros((self.n, ACTIONS), dtype=bool)
        compiled(_legal_mask)(self._rows, mask)
        return mask

    def random_actions(self, rng: np.random.Generator) -> I64:
        """A uniformly random legal action id for each lane (random legal play).

        :raises ArgumentError: unless ``rng`` is a :class:`numpy.random.Generator`.
        """
        u = self._uniform(rng)
        out = np.empty(self.n, dtype=np.int64)
        compiled(_random_actions)(self._rows, u, out)
        return out

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

    def observe(self, seats: int | npt.ArrayLike | None = None) -> npt.NDArray[np.float32]:
        """What a seat of each lane may know (n, :attr:`observation_size`), as the adapters'
        observation tensor: seats relative to the observer, its own hand, the bids, tricks and
        scores; no other seat's unplayed card.  ``seats``: one seat for every lane, a seat per
        lane, or ``None`` for each lane's current player.

        :raises ArgumentError: for anything else (a bool or a float included).
        """
        seat = self._observers(seats)
        out = np.zeros((self.n, self.observation_size), dtype=np.float32)
        compiled(_observe)(self._rows, seat, out)
        return out
