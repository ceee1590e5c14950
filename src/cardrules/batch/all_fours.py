"""All Fours (AF-1 ... AF-24) for a batch of games stepped together: :class:`AllFoursBatch`.

Each lane is one ``int64`` row (the columns below) and its deal's deck; a step is a compiled
loop over the rows that calls the rules' kernels (:mod:`cardrules.all_fours.kernels`, the trick
winner of :mod:`cardrules.core.tricks`) and nothing else of the rules: the deal and the runs of
the pack (AF-7, AF-11), each kick and gift with the target (AF-9, AF-11, AF-14, AF-21), whether
the dealer may give one (AF-11), the legal plays (AF-16 ... AF-20), the tally (AF-21 ... AF-23)
and the next dealer (AF-8, AF-13).
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import numpy.typing as npt
from numba import prange

from cardrules.all_fours import Rules
from cardrules.all_fours.kernels import (
    GIVE_ONE_VALUE,
    P_DEAL_PACKET,
    P_PLAYERS,
    P_TARGET,
    P_UNDERTRUMP,
    award_points,
    deal_hands,
    kick_place,
    kick_points,
    max_runs,
    may_give_one,
    next_dealer,
    play_mask,
    rule_params,
    score_hand,
)
from cardrules.batch._lanes import (
    COMMON,
    DEAL,
    DEALER,
    GAME,
    NEED,
    NEXT_DEAL,
    NEXT_GAME,
    NOTHING,
    PHASE,
    R_DEALS,
    R_GAME,
    R_SCORES,
    R_WINNER,
    SLOTS,
    TURN,
    LaneBatch,
)
from cardrules.batch._shuffle import deal_deck, first_dealer, game_seed
from cardrules.core.compiled import compiled, kernel
from cardrules.core.tricks import beats

__all__ = ["AllFoursBatch"]

I64 = npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]

# Phases (as in all_fours.Phase; a finished game is replaced at once, so there is no "over").
BEG: Final = 0
ANSWER: Final = 1
PLAY: Final = 2

# Action ids (all_fours.ACTIONS): plays 0..51 by card index, then these.
STAND: Final = 52
BEG_ID: Final = 53
GIVE: Final = 54
RUN: Final = 55
ACTIONS: Final = 56

# A lane's row: the columns of _lanes, then these (per seat: four columns from the first).
#: The trump suit (-1 until play begins) and the suit of the last kick turned.
TRUMP: Final = COMMON
KICK_SUIT: Final = COMMON + 1
#: The kicks turned in the deal (1 + the runs of the pack).
KICKS: Final = COMMON + 2
#: The current trick: its cards (a mask), how many, the suit led (-1 before the lead), the card
#: winning it so far and its seat.
TRICK: Final = COMMON + 3
TLEN: Final = COMMON + 4
LEAD: Final = COMMON + 5
TOP: Final = COMMON + 6
TOP_SEAT: Final = COMMON + 7
#: The current player's legal action ids as bits (56 ids).
LEGAL: Final = COMMON + 8
#: Per side: the score, and the cards in the tricks it won.
SCORE: Final = COMMON + 9
WON: Final = SCORE + 2
#: Per seat: the unplayed cards, and every card dealt to it in the deal (runs included).
HAND: Final = WON + 2
DEALT: Final = HAND + 4
COLUMNS: Final = DEALT + 4


@kernel
def _update_legal(row: I64, params: Any) -> None:
    """AF-10, AF-11, AF-16 ... AF-20: the current player's legal action ids."""
    phase = row[PHASE]
    if phase == PLAY:
        row[LEGAL] = play_mask(
            row[HAND + row[TURN]], row[LEAD], row[TOP], row[TRUMP], params[P_UNDERTRUMP], -1
        )
    elif phase == BEG:
        row[LEGAL] = (1 << STAND) | (1 << BEG_ID)
    else:
        give = may_give_one(row[HAND + row[DEALER]], row[KICK_SUIT], params)
        row[LEGAL] = ((1 << GIVE) if give else 0) | (1 << RUN)


@kernel
def _side_cards(row: I64, side: int, players: int) -> int:
    """The cards dealt to a side's seats."""
    cards = 0
    for seat in range(side, players, 2):
        cards |= row[DEALT + seat]
    return cards


@kernel
def _result(lane: int, row: I64, winner: int, count: I64, slots: Any, start: I64) -> None:
    """A game ended: its result in the lane's slot, and the lane waits for its next game."""
    slot = slots[lane, count[lane]]
    count[lane] += 1
    slot[R_GAME] = row[GAME]
    slot[R_WINNER] = winner
    slot[R_DEALS] = row[DEAL] + 1
    for side in range(2):
        slot[R_SCORES + side] = row[SCORE + side]
        row[SCORE + side] = start[side]
    row[GAME] += 1
    row[DEAL] = 0
    row[NEED] = NEXT_GAME


@kernel
def _award(row: I64, side: int, points: int, params: Any) -> int:
    """AF-14, AF-21: one award to a side; the winning side, or -1."""
    s0, s1, winner = award_points(row[SCORE], row[SCORE + 1], side, points, params[P_TARGET])
    row[SCORE] = s0
    row[SCORE + 1] = s1
    return winner


@kernel
def _begin_play(row: I64, players: int) -> None:
    """AF-16: trumps are the last kick's suit; the beggar leads."""
    row[TRUMP] = row[KICK_SUIT]
    row[PHASE] = PLAY
    row[TURN] = (row[DEALER] + 1) % players


@kernel
def _run_pack(row: I64, deck: Any, params: Any) -> int:
    """AF-9, AF-11 ... AF-14: three more cards each and a new kick (its points to the dealer's
    side at once), until the suit changes; a void deal when the stock runs short.  Returns the
    side that reached the target, or -1."""
    players = params[P_PLAYERS]
    dealer = row[DEALER]
    runs = max_runs(players)
    winner = -1
    changed = False
    made = 0
    for run in range(1, runs + 1):
        made = run
        kick = deck[kick_place(run, players)]
        winner = _award(row, dealer % 2, kick_points(kick, params), params)
        suit = kick // 13
        changed = suit != row[KICK_SUIT]
        row[KICK_SUIT] = suit
        if winner >= 0 or changed:
            break
    row[KICKS] = made + 1
    hands = deal_hands(deck, dealer, players, params[P_DEAL_PACKET], made)
    for seat in range(players):
        row[HAND + seat] = hands[seat]
        row[DEALT + seat] = hands[seat]
    if winner < 0 and not changed:  # AF-13: void, the same dealer deals a fresh pack
        row[DEALER] = next_dealer(dealer, players, 1)
        row[DEAL] += 1
        row[NEED] = NEXT_DEAL
    return winner


@kernel
def _play_lanes(
    rows: I64,
    decks: Any,
    actions: I64,
    count: I64,
    slots: Any,
    start: I64,
    params: Any,
) -> int:
    """One action in every lane (AF-10 ... AF-23); returns how many lanes wait for a deal."""
    players = params[P_PLAYERS]
    waiting = 0
    for lane in prange(rows.shape[0]):
        row = rows[lane]
        deck = decks[lane]
        a = actions[lane]
        seat = row[TURN]
        winner = -1
        if a < STAND:
            row[HAND + seat] ^= 1 << a
            row[TRICK] |= 1 << a
            if row[TLEN] == 0:
                row[LEAD] = a // 13
                row[TOP] = a
                row[TOP_SEAT] = seat
            elif beats(a, row[TOP], row[TRUMP]):
                row[TOP] = a
                row[TOP_SEAT] = seat
            row[TLEN] += 1
            row[TURN] = (seat + 1) % players
            if row[TLEN] == players:
                taker = row[TOP_SEAT]
                row[WON + taker % 2] |= row[TRICK]
                row[TURN] = taker
                row[TRICK] = 0
                row[TLEN] = 0
                row[LEAD] = -1
                row[TOP] = -1
                if row[HAND + taker] == 0:
                    s0, s1, winner, _ = score_hand(
                        row[SCORE],
                        row[SCORE + 1],
                        row[TRUMP],
                        _side_cards(row, 0, players),
                        _side_cards(row, 1, players),
                        row[WON],
                        row[WON + 1],
                        row[DEALER],
                        params,
                    )
                    row[SCORE] = s0
                    row[SCORE + 1] = s1
                    if winner < 0:
                        row[DEALER] = next_dealer(row[DEALER], players, 0)
                        row[DEAL] += 1
                        row[NEED] = NEXT_DEAL
        elif a == STAND:
            _begin_play(row, players)
        elif a == BEG_ID:
            row[PHASE] = ANSWER
            row[TURN] = row[DEALER]
        elif a == GIVE:
            winner = _award(row, (row[DEALER] + 1) % 2, GIVE_ONE_VALUE, params)
            if winner < 0:
                _begin_play(row, players)
        else:
            winner = _run_pack(row, deck, params)
            if winner < 0 and row[NEED] == NOTHING:
                _begin_play(row, players)
        if winner >= 0:
            _result(lane, row, winner, count, slots, start)
        if row[NEED] != NOTHING:
            waiting += 1
        else:
            _update_legal(row, params)
    return waiting


@kernel
def _deal_lanes(
    rows: I64,
    decks: Any,
    seeds: U64,
    prefix: Any,
    seeded: bool,
    pool_decks: Any,
    pool_dealers: I64,
    used: I64,
    given: Any,
    count: I64,
    slots: Any,
    start: I64,
    params: Any,
) -> int:
    """AF-6 ... AF-9, AF-14: every waiting lane's deal (a next game's first dealer drawn first),
    its kick scored at once; a game that the kick ends makes the lane deal its next game.
    Returns how many lanes still wait (their slots of results full, or the numpy shuffle's
    block used up)."""
    players = params[P_PLAYERS]
    packet = params[P_DEAL_PACKET]
    waiting = 0
    for lane in prange(rows.shape[0]):
        row = rows[lane]
        deck = decks[lane]
        while row[NEED] != NOTHING:
            if count[lane] == SLOTS:
                waiting += 1
                break
            if row[NEED] == NEXT_GAME:
                if seeded:
                    seeds[lane] = game_seed(prefix, lane, row[GAME])
                    row[DEALER] = first_dealer(seeds[lane], players, deck)
                elif used[1] < pool_dealers.size:
                    row[DEALER] = pool_dealers[used[1]]
                    used[1] += 1
                else:
                    waiting += 1
                    break
                row[NEED] = NEXT_DEAL
            if given.shape[0] > 0 and row[GAME] == 0 and row[DEAL] == 0:
                deck[:] = given[lane]
            elif seeded:
                deal_deck(seeds[lane], row[DEAL], deck)
            elif used[0] < pool_decks.shape[0]:
                deck[:] = pool_decks[used[0]]
                used[0] += 1
            else:
                waiting += 1
                break
            dealer = row[DEALER]
            hands = deal_hands(deck, dealer, players, packet, 0)
            for seat in range(players):
                row[HAND + seat] = hands[seat]
                row[DEALT + seat] = hands[seat]
            kick = deck[kick_place(0, players)]
            row[KICKS] = 1
            row[KICK_SUIT] = kick // 13
            row[TRUMP] = -1
            row[WON] = 0
            row[WON + 1] = 0
            row[TRICK] = 0
            row[TLEN] = 0
            row[LEAD] = -1
            row[TOP] = -1
            row[PHASE] = BEG
            row[TURN] = (dealer + 1) % players  # AF-10: the beggar
            row[NEED] = NOTHING
            winner = _award(row, dealer % 2, kick_points(kick, params), params)  # AF-9, AF-14
            if winner >= 0:
                _result(lane, row, winner, count, slots, start)
        if row[NEED] == NOTHING:
            _update_legal(row, params)
    return waiting


@kernel
def _first_illegal(rows: I64, actions: I64) -> int:
    """The first lane whose action is not legal, or -1."""
    for lane in range(rows.shape[0]):
        a = actions[lane]
        if not (0 <= a < ACTIONS and (rows[lane, LEGAL] >> a) & 1 == 1):
            return lane
    return -1


@kernel
def _legal_mask(rows: I64, mask: Any) -> None:
    for lane in range(rows.shape[0]):
        legal = rows[lane, LEGAL]
        for a in range(ACTIONS):
            mask[lane, a] = (legal >> a) & 1 == 1


@kernel
def _random_actions(rows: I64, u: Any, out: I64) -> None:
    """The ``floor(u * k)``-th of each lane's ``k`` legal ids, in id order."""
    for lane in range(rows.shape[0]):
        legal = rows[lane, LEGAL]
        total = 0
        rest = legal
        while rest:
            rest &= rest - 1
            total += 1
        k = int(u[lane] * total)
        a = 0
        while True:
            if (legal >> a) & 1:
                if k == 0:
                    break
                k -= 1
            a += 1
        out[lane] = a


@kernel
def _bits(mask: int, out: Any, at: int) -> None:
    for card in range(52):
        if (mask >> card) & 1:
            out[at + card] = 1.0


@kernel
def _count(mask: int) -> int:
    total = 0
    while mask:
        mask &= mask - 1
        total += 1
    return total


@kernel
def _observe(rows: I64, decks: Any, seats: I64, out: Any, places: I64, params: Any) -> None:
    """The adapters' observation tensor of each lane for its seat (see observation_pieces;
    ``places``: where each piece starts)."""
    players = params[P_PLAYERS]
    runs = max_runs(players)
    tricks = 6 + 3 * runs
    target = params[P_TARGET]
    for lane in range(rows.shape[0]):
        row = rows[lane]
        deck = decks[lane]
        seat = seats[lane]
        o = out[lane]
        dealer = row[DEALER]
        may_look = row[TRUMP] >= 0 or seat == dealer or seat == (dealer + 1) % players  # AF-15
        if may_look:
            _bits(row[HAND + seat], o, places[1])
        trick = row[TRICK]
        for r in range(players):
            s = (seat + r) % players
            dealt = row[DEALT + s]
            _bits(trick & dealt, o, places[2] + 52 * r)
            _bits(dealt & ~row[HAND + s] & ~trick, o, places[3] + 52 * r)
            o[places[10] + r] = _count(row[HAND + s]) / tricks
        o[places[4] + (dealer - seat) % players] = 1.0
        o[places[5] + (row[TURN] - seat) % players] = 1.0
        for side in range(2):
            o[places[6] + (side - seat) % 2] = row[SCORE + side] / target
            o[places[12] + (side - seat) % 2] = (_count(row[WON + side]) // players) / tricks
        o[places[7] + row[PHASE]] = 1.0
        for k in range(row[KICKS]):
            o[places[8] + 52 * k + deck[kick_place(k, players)]] = 1.0
        if row[TRUMP] >= 0:
            o[places[9] + row[TRUMP]] = 1.0
        o[places[11]] = (52 - kick_place(row[KICKS] - 1, players) - 1) / 52.0
        o[places[13]] = 1.0 if may_look else 0.0


class AllFoursBatch(LaneBatch):
    """``n`` games of All Fours under one ruleset, stepped together (see :func:`make
    <cardrules.batch.make>`)."""

    #: The number of action ids (:data:`cardrules.all_fours.ACTIONS`).
    num_actions: Final = ACTIONS
    score_width: Final = 2

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
        self.players = rules.players
        start = np.zeros(2, dtype=np.int64) if scores is None else scores
        super().__init__(
            n,
            seed=seed,
            shuffle=shuffle,
            players=rules.players,
            columns=COLUMNS,
            threads=threads,
            start=start,
        )
        self.rules = rules
        #: The most kicks in one deal (AF-11 ... AF-13).
        self.max_kicks = 1 + max_runs(rules.players)
        self._params = rule_params(rules)
        self._decks = np.zeros((n, 52), dtype=np.int8)
        parallel = threads > 1
        self._play_kernel = compiled(_play_lanes, parallel=parallel)
        self._deal_kernel = compiled(_deal_lanes, parallel=parallel and self._seeded)
        rows = self._rows
        rows[:, SCORE : SCORE + 2] = start
        rows[:, TRUMP] = -1
        self._begin(dealer, decks)

    def _deal(self) -> int:
        self._threads()
        waiting: int = self._deal_kernel(
            self._rows,
            self._decks,
            self._seeds,
            self._prefix,
            self._seeded,
            self._pool_decks,
            self._pool_dealers,
            self._used,
            self._given,
            self._count,
            self._slots,
            self._start,
            self._params,
        )
        return waiting

    def _play(self, actions: I64) -> int:
        self._threads()
        waiting: int = self._play_kernel(
            self._rows,
            self._decks,
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
        """Each lane's scores per side (n, 2)."""
        return self._rows[:, SCORE : SCORE + 2].copy()

    @property
    def phase(self) -> I64:
        """Each lane's phase: 0 beg, 1 answer, 2 play."""
        return self._rows[:, PHASE].copy()

    @property
    def trump(self) -> I64:
        """Each lane's trump suit (0 clubs ... 3 spades), -1 until fixed."""
        return self._rows[:, TRUMP].copy()

    @property
    def hands(self) -> U64:
        """Every seat's unplayed cards as 52-bit masks (n, players): the full state, not an
        observation."""
        return self._rows[:, HAND : HAND + self.players].astype(np.uint64)

    def legal_bits(self) -> U64:
        """The legal action ids of each lane's current player as bits of a ``uint64`` (n,)."""
        return self._rows[:, LEGAL].astype(np.uint64)

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """The legal action ids of each lane's current player (n, 56), in
        :data:`cardrules.all_fours.ACTIONS` order."""
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
        p, k = self.players, self.max_kicks
        return (
            ("dealing", (1,)),
            ("hand", (52,)),
            ("current_trick", (p, 52)),
            ("played", (p, 52)),
            ("dealer", (p,)),
            ("to_play", (p,)),
            ("scores", (2,)),
            ("phase", (4,)),
            ("kicks", (k, 52)),
            ("trump", (4,)),
            ("hand_sizes", (p,)),
            ("stock", (1,)),
            ("tricks_won", (2,)),
            ("may_look", (1,)),
        )

    def observe(self, seats: int | npt.ArrayLike | None = None) -> npt.NDArray[np.float32]:
        """What a seat of each lane may know (n, :attr:`observation_size`), as the adapters'
        observation tensor: seats and sides relative to the observer; its own cards only once it
        may look at them (AF-15); no other seat's unplayed card.  ``seats``: one seat for every
        lane, a seat per lane, or ``None`` for each lane's current player.

        :raises ArgumentError: for anything else (a bool or a float included).
        """
        seat = self._observers(seats)
        sizes = [int(np.prod(shape)) for _, shape in self.observation_pieces()]
        places = np.concatenate(([0], np.cumsum(sizes)[:-1])).astype(np.int64)
        out = np.zeros((self.n, sum(sizes)), dtype=np.float32)
        compiled(_observe)(self._rows, self._decks, seat, out, places, self._params)
        return out
