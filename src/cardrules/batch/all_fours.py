"""All Fours (AF-1 ... AF-24) for a batch of games stepped together: :class:`AllFoursBatch`.

Each lane is one ``int64`` row (the columns below) and its deal's deck; a step is a compiled
loop over the rows that calls the rules' kernels (:mod:`cardrules.all_fours.kernels`, the trick
winner of :mod:`cardrules.core.tricks`) and nothing else of the rules: the deal and the runs of
the pack (AF-7, AF-11), each kick and gift with the target (AF-9, AF-11, AF-14, AF-21), whether
the dealer may give one (AF-11), the legal plays (AF-16 ... AF-20), the tally (AF-21 ... AF-23)
and the next dealer (AF-8, AF-13).
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

import numpy as np
import numpy.typing as npt
from numba import prange

from cardrules.all_fours import Rules
from cardrules.all_fours.kernels import (
    GIVE_ONE_VALUE,
    P_PLAYERS,
    P_TARGET,
    P_UNDERTRUMP,
    award_points,
    card_points,
    deal_owner,
    kick_place,
    kick_points,
    max_runs,
    may_give_one,
    may_look_at_hand,
    next_dealer,
    play_mask,
    rule_params,
    score_hand,
    stock_place,
)
from cardrules.batch._bits import count_bits, kth_bit
from cardrules.batch._lanes import (
    DEAL,
    DEALER,
    NEED,
    NEXT_DEAL,
    NOTHING,
    PHASE,
    SLOTS,
    TURN,
    LaneBatch,
    borrowed,
    deal_cards,
    next_deck,
    record_game,
)
from cardrules.batch._shuffle import scratch
from cardrules.core.compiled import compiled, inlined, kernel
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

# A lane's row: the columns of _lanes, and these (per seat: four columns from the first).  The
# current player's legal action ids (56 bits) are in an array of their own, as is a flag of
# the lanes that wait for a deal: the loops that read only those (the deal loop's search for
# waiting lanes, the random actions, the check of the actions) touch a byte or eight per
# lane, not a row's cache line.
#: The current trick: its cards (a mask), how many, the suit led (-1 before the lead), the card
#: winning it so far and its seat (all in the first cache line, with the turn: a card played
#: within a trick reads and writes that line and its hands' only).
TRICK: Final = 4
TLEN: Final = 5
LEAD: Final = 6
TOP: Final = 7
TOP_SEAT: Final = 3
#: Per seat: the unplayed cards.
HAND: Final = 8
#: The trump suit (-1 until play begins) and the suit of the last kick turned.
TRUMP: Final = 12
KICK_SUIT: Final = 17
#: The kicks turned in the deal (1 + the runs of the pack).
KICKS: Final = 18
#: Per side: the score, and the cards in the tricks it won.
SCORE: Final = 19
WON: Final = 21
#: Per seat: every card dealt to it in the deal (runs included).
DEALT: Final = 24
COLUMNS: Final = 32


@inlined
def _after(seat: int, players: int) -> int:
    """The seat after ``seat`` (AF-2; 2 or 4 players: a mask, not a division)."""
    return (seat + 1) & (players - 1)


@kernel
def _legal(
    phase: int,
    hand: int,
    lead: int,
    top: int,
    trump: int,
    dealer_hand: int,
    kick_suit: int,
    params: Any,
) -> int:
    """AF-10, AF-11, AF-16 ... AF-20: the current player's legal action ids (after an action
    other than a card: a card's play works out the next player's cards itself), from plain
    ints (no array to pass): its hand, the trick's lead and top card, the trump, the dealer's
    hand and the kick's suit."""
    if phase == PLAY:
        return play_mask(hand, lead, top, trump, params[P_UNDERTRUMP], -1)
    if phase == BEG:
        return (1 << STAND) | (1 << BEG_ID)
    give = may_give_one(dealer_hand, kick_suit, params)
    return ((1 << GIVE) if give else 0) | (1 << RUN)


@inlined
def _update_legal(rows: I64, legal: I64, lane: int, params: Any) -> None:
    """:func:`_legal` of the lane's row, into ``legal[lane]``."""
    legal[lane] = _legal(
        rows[lane, PHASE],
        rows[lane, HAND + rows[lane, TURN]],
        rows[lane, LEAD],
        rows[lane, TOP],
        rows[lane, TRUMP],
        rows[lane, HAND + rows[lane, DEALER]],
        rows[lane, KICK_SUIT],
        params,
    )


@inlined
def _award(rows: I64, lane: int, side: int, points: int, params: Any) -> int:
    """AF-14, AF-21: one award to a side; the winning side, or -1."""
    s0, s1, winner = award_points(
        rows[lane, SCORE], rows[lane, SCORE + 1], side, points, params[P_TARGET]
    )
    rows[lane, SCORE] = s0
    rows[lane, SCORE + 1] = s1
    return winner


@inlined
def _begin_play(rows: I64, lane: int, players: int) -> None:
    """AF-16: trumps are the last kick's suit; the beggar leads."""
    rows[lane, TRUMP] = rows[lane, KICK_SUIT]
    rows[lane, PHASE] = PLAY
    rows[lane, TURN] = _after(rows[lane, DEALER], players)


@inlined
def _run_pack(rows: I64, decks: Any, lane: int, params: Any, layout: Any) -> int:
    """AF-9, AF-11 ... AF-14: three more cards each and a new kick (its points to the dealer's
    side at once), until the suit changes; a void deal when the stock runs short.  Returns the
    side that reached the target, or -1."""
    players = params[P_PLAYERS]
    dealer = rows[lane, DEALER]
    runs = max_runs(players)
    winner = -1
    changed = False
    made = 0
    for run in range(1, runs + 1):
        made = run
        kick = decks[lane, kick_place(run, players)]
        winner = _award(rows, lane, dealer % 2, kick_points(kick, params), params)
        suit = kick // 13
        changed = suit != rows[lane, KICK_SUIT]
        rows[lane, KICK_SUIT] = suit
        if winner >= 0 or changed:
            break
    rows[lane, KICKS] = made + 1
    # AF-11: the runs' cards to their seats, by deal_owner's table (a kick's place is KICK)
    for position in range(stock_place(0, players), stock_place(made, players)):
        seat = layout[dealer, position]
        if seat >= 0:
            bit = 1 << decks[lane, position]
            rows[lane, HAND + seat] |= bit
            rows[lane, DEALT + seat] |= bit
    if winner < 0 and not changed:  # AF-13: void, the same dealer deals a fresh pack
        rows[lane, DEALER] = next_dealer(dealer, players, 1)
        rows[lane, DEAL] += 1
        rows[lane, NEED] = NEXT_DEAL
    return winner


@inlined
def _end_hand(rows: I64, lane: int, trump: int, players: int, params: Any) -> int:
    """AF-21 ... AF-23: the last trick taken: the tally, and the next deal unless a side won;
    returns the winning side, or -1."""
    dealt0 = rows[lane, DEALT] | rows[lane, DEALT + 2]
    dealt1 = rows[lane, DEALT + 1] | rows[lane, DEALT + 3]
    won0 = rows[lane, WON]
    s0, s1, winner, _ = score_hand(
        rows[lane, SCORE],
        rows[lane, SCORE + 1],
        trump,
        dealt0,
        dealt1,
        won0,
        card_points(won0),
        card_points(rows[lane, WON + 1]),
        rows[lane, DEALER],
        params,
    )
    rows[lane, SCORE] = s0
    rows[lane, SCORE + 1] = s1
    if winner < 0:
        rows[lane, DEALER] = next_dealer(rows[lane, DEALER], players, 0)
        rows[lane, DEAL] += 1
        rows[lane, NEED] = NEXT_DEAL
    return winner


@kernel
def _play_lanes(
    rows: I64,
    legal: I64,
    wait: Any,
    decks: Any,
    actions: I64,
    count: I64,
    slots: Any,
    start: I64,
    params: Any,
    layout: Any,
) -> int:
    """One action in every lane (AF-10 ... AF-23); returns how many lanes wait for a deal (and
    flags them in ``wait``).

    A card (most actions) is played in the loop's own body, the trick's state read once into
    locals and written once: a call per card, with the row's and the options' arrays as its
    arguments, would cost about as much as the play itself.  The arrays are
    :func:`~cardrules.batch._lanes.borrowed`."""
    rows, legal, wait, decks, actions = borrowed((rows, legal, wait, decks, actions))
    count, slots, start, layout = borrowed((count, slots, start, layout))
    players = params[P_PLAYERS]
    undertrump = params[P_UNDERTRUMP]
    waiting = 0
    for lane in prange(rows.shape[0]):
        a = actions[lane]
        winner = -1
        if a < STAND:  # AF-16 ... AF-20: a card; then the next player's cards, or the trick
            seat = rows[lane, TURN]
            bit = 1 << a
            rows[lane, HAND + seat] ^= bit
            trick = rows[lane, TRICK] | bit
            tlen = rows[lane, TLEN] + 1
            trump = rows[lane, TRUMP]
            if tlen == 1:
                lead = a // 13
                top = a
                top_seat = seat
            else:
                lead = rows[lane, LEAD]
                top = rows[lane, TOP]
                top_seat = rows[lane, TOP_SEAT]
                if beats(a, top, trump):
                    top = a
                    top_seat = seat
            if tlen < players:
                nxt = _after(seat, players)
                rows[lane, TURN] = nxt
                rows[lane, TRICK] = trick
                rows[lane, TLEN] = tlen
                rows[lane, LEAD] = lead
                rows[lane, TOP] = top
                rows[lane, TOP_SEAT] = top_seat
                hand = rows[lane, HAND + nxt]
                legal[lane] = play_mask(hand, lead, top, trump, undertrump, -1)
                continue
            # AF-19: the trick to its winner, who leads the next
            rows[lane, WON + (top_seat & 1)] |= trick
            rows[lane, TURN] = top_seat
            rows[lane, TRICK] = 0
            rows[lane, TLEN] = 0
            rows[lane, LEAD] = -1
            rows[lane, TOP] = -1
            hand = rows[lane, HAND + top_seat]
            if hand != 0:
                legal[lane] = play_mask(hand, -1, -1, trump, undertrump, -1)
                continue
            winner = _end_hand(rows, lane, trump, players, params)
        elif a == STAND:
            _begin_play(rows, lane, players)
        elif a == BEG_ID:
            rows[lane, PHASE] = ANSWER
            rows[lane, TURN] = rows[lane, DEALER]
        elif a == GIVE:
            side = (rows[lane, DEALER] + 1) % 2
            winner = _award(rows, lane, side, GIVE_ONE_VALUE, params)
            if winner < 0:
                _begin_play(rows, lane, players)
        else:
            winner = _run_pack(rows, decks, lane, params, layout)
            if winner < 0 and rows[lane, NEED] == NOTHING:
                _begin_play(rows, lane, players)
        if winner >= 0:
            record_game(rows, lane, winner, count, slots, start, SCORE)
        if rows[lane, NEED] != NOTHING:
            waiting += 1
            wait[lane] = 1
        else:
            _update_legal(rows, legal, lane, params)
    return waiting


@kernel
def _deal_lanes(
    rows: I64,
    legal: I64,
    wait: Any,
    decks: Any,
    supply: Any,
    count: I64,
    slots: Any,
    start: I64,
    params: Any,
    layout: Any,
    size: int,
) -> int:
    """AF-6 ... AF-9, AF-14: the deals of every lane flagged in ``wait`` (a next game's first
    dealer drawn first), until one is not over at its kick (a game that the kick ends makes
    the lane deal its next game).  Returns how many lanes still wait (their slots of results
    full, or the numpy shuffle's block used up); the others' flags are cleared.  The lanes are
    dealt in runs of ``size``, each with its own scratch space for the shuffle (a run to a
    thread).  A lane's deal is the loop's own body, and its arrays are
    :func:`~cardrules.batch._lanes.borrowed` (without them, each helper handed one would raise
    and lower its count at every deal)."""
    rows, legal, wait, decks, supply = borrowed((rows, legal, wait, decks, supply))
    count, slots, start, layout = borrowed((count, slots, start, layout))
    players = params[P_PLAYERS]
    waiting = 0
    n = rows.shape[0]
    for chunk in prange((n + size - 1) // size):
        text, words, limbs = scratch()
        for lane in range(chunk * size, min(n, chunk * size + size)):
            if not wait[lane]:
                continue
            deck = decks[lane]
            while rows[lane, NEED] != NOTHING:
                if count[lane] == SLOTS or not next_deck(
                    rows, lane, players, deck, supply, text, words, limbs
                ):
                    break
                dealer = rows[lane, DEALER]
                # AF-7, by deal_owner's table
                deal_cards(rows, lane, deck, layout, kick_place(0, players), HAND, DEALT)
                kick = deck[kick_place(0, players)]
                rows[lane, KICKS] = 1
                rows[lane, KICK_SUIT] = kick // 13
                rows[lane, TRUMP] = -1
                rows[lane, WON] = 0
                rows[lane, WON + 1] = 0
                rows[lane, TRICK] = 0
                rows[lane, TLEN] = 0
                rows[lane, LEAD] = -1
                rows[lane, TOP] = -1
                rows[lane, PHASE] = BEG
                rows[lane, TURN] = _after(dealer, players)  # AF-10: the beggar
                rows[lane, NEED] = NOTHING
                # AF-9, AF-14: the kick's points at once, the target checked
                winner = _award(rows, lane, dealer % 2, kick_points(kick, params), params)
                if winner >= 0:
                    record_game(rows, lane, winner, count, slots, start, SCORE)
            if rows[lane, NEED] != NOTHING:
                waiting += 1
            else:
                wait[lane] = 0
                _update_legal(rows, legal, lane, params)
    return waiting


@kernel
def _first_illegal(legal: I64, actions: I64) -> int:
    """The first lane whose action is not legal, or -1."""
    for lane in range(legal.size):
        a = actions[lane]
        if not (0 <= a < ACTIONS and (legal[lane] >> a) & 1 == 1):
            return lane
    return -1


@kernel
def _step_lanes(
    rows: I64,
    legal: I64,
    wait: Any,
    decks: Any,
    actions: I64,
    supply: Any,
    count: I64,
    slots: Any,
    start: I64,
    params: Any,
    layout: Any,
) -> int:
    """A whole step on one thread in one call from Python (each call costs microseconds): the
    check of every action, the play (:func:`_play_lanes`) and, with the seeded shuffle, the
    deal of the lanes left waiting (:func:`_deal_lanes`).  Returns how many lanes still wait,
    or ``-1 - lane`` for the first lane whose action is not legal (nothing is applied)."""
    lane = _first_illegal(legal, actions)
    if lane >= 0:
        return -1 - lane
    waiting = _play_lanes(rows, legal, wait, decks, actions, count, slots, start, params, layout)
    if waiting and supply[2]:
        waiting = _deal_lanes(
            rows, legal, wait, decks, supply, count, slots, start, params, layout, rows.shape[0]
        )
    return waiting


@kernel
def _legal_mask(legal: I64, mask: Any) -> None:
    for lane in range(legal.size):
        bits = legal[lane]
        for a in range(ACTIONS):
            mask[lane, a] = (bits >> a) & 1 == 1


@kernel
def _random_actions(legal: I64, u: Any, out: I64) -> None:
    """The ``floor(u * k)``-th of each lane's ``k`` legal ids, in id order."""
    for lane in range(legal.size):
        bits = legal[lane]
        out[lane] = kth_bit(bits, int(u[lane] * count_bits(bits)))


@kernel
def _bits(mask: int, out: Any, at: int) -> None:
    for card in range(52):
        if (mask >> card) & 1:
            out[at + card] = 1.0


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
        may_look = may_look_at_hand(seat, dealer, players, row[TRUMP])  # AF-15
        if may_look:
            _bits(row[HAND + seat], o, places[1])
        trick = row[TRICK]
        for r in range(players):
            s = (seat + r) % players
            dealt = row[DEALT + s]
            _bits(trick & dealt, o, places[2] + 52 * r)
            _bits(dealt & ~row[HAND + s] & ~trick, o, places[3] + 52 * r)
            o[places[10] + r] = count_bits(row[HAND + s]) / tricks
        o[places[4] + (dealer - seat) % players] = 1.0
        o[places[5] + (row[TURN] - seat) % players] = 1.0
        for side in range(2):
            o[places[6] + (side - seat) % 2] = row[SCORE + side] / target
            o[places[12] + (side - seat) % 2] = (count_bits(row[WON + side]) // players) / tricks
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
    num_actions: ClassVar[int] = ACTIONS
    score_width: ClassVar[int] = 2
    result_slots: ClassVar[int] = SLOTS

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
        #: AF-7: who gets each deck position, per dealer (deal_owner's table).
        self._layout = np.array(
            [
                [deal_owner(p, d, rules.players, rules.deal_packet) for p in range(52)]
                for d in range(rules.players)
            ],
            dtype=np.int64,
        )
        self._decks = np.zeros((n, 52), dtype=np.int8)
        #: Each lane's legal action ids as bits, and whether it waits for a deal (every lane
        #: waits for its first).
        self._legal = np.zeros(n, dtype=np.int64)
        self._wait = np.ones(n, dtype=np.int8)
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
            self._legal,
            self._wait,
            self._decks,
            self._supply(),
            self._count,
            self._slots,
            self._start,
            self._params,
            self._layout,
            self._run_size(),
        )
        return waiting

    def _play(self, actions: I64) -> int:
        self._threads()
        waiting: int = self._play_kernel(
            self._rows,
            self._legal,
            self._wait,
            self._decks,
            actions,
            self._count,
            self._slots,
            self._start,
            self._params,
            self._layout,
        )
        return waiting

    def _first_illegal(self, actions: I64) -> int:
        lane: int = compiled(_first_illegal)(self._legal, actions)
        return lane

    def _checked_play(self, actions: I64) -> int:
        if self.threads > 1:
            return super()._checked_play(actions)
        waiting: int = compiled(_step_lanes)(
            self._rows,
            self._legal,
            self._wait,
            self._decks,
            actions,
            self._supply(),
            self._count,
            self._slots,
            self._start,
            self._params,
            self._layout,
        )
        return waiting

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
        return self._legal.astype(np.uint64)

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """The legal action ids of each lane's current player (n, 56), in
        :data:`cardrules.all_fours.ACTIONS` order."""
        mask = np.zeros((self.n, ACTIONS), dtype=bool)
        compiled(_legal_mask)(self._legal, mask)
        return mask

    def random_actions(self, rng: np.random.Generator) -> I64:
        """A uniformly random legal action id for each lane (random legal play).

        :raises ArgumentError: unless ``rng`` is a :class:`numpy.random.Generator`.
        """
        u = self._uniform(rng)
        out = np.empty(self.n, dtype=np.int64)
        compiled(_random_actions)(self._legal, u, out)
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
