"""What both games' batches share (internal): the lanes' state, the deck supply, the checks of
every argument before a lane changes, and the collection of the games that end.

A game's batch keeps each lane's state in one ``int64`` row of named columns (card masks are
52-bit ints), so that a step is a compiled loop over the rows (:mod:`cardrules.core.compiled`)
that calls the game's rule kernels.  A step is two loops: the *play* (each lane's action, the
trick, the end of a hand or of a game) and the *deal* of every lane left waiting for one (its
next deal, or its next game's first, with the draw for the dealer).  The deal makes each
deck in the loop from the game's seed (``shuffle="seeded"``, :mod:`cardrules.batch._shuffle`),
or takes it from a block of decks drawn by numpy (``shuffle="numpy"``, handed out in lane
order, so that loop runs on one thread).  A game that ends is written in its lane's slots of
results (:data:`SLOTS` per lane and pass in All Fours; one in 400, whose lanes end at most one
game a step); a lane whose slots are full waits, and the deal loop runs again after its
results are collected.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final

import numba
import numpy as np
import numpy.typing as npt
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic, overload

from cardrules.batch import _shuffle
from cardrules.batch._decks import NumpyDecks
from cardrules.batch._results import GameResults, StepResult
from cardrules.batch._shuffle import deal_deck, first_dealer, game_seed
from cardrules.core.checks import check_int, check_seat, refuse
from cardrules.core.compiled import compiled, inlined, kernel
from cardrules.errors import IllegalActionError, Reason

__all__ = [
    "MAX_LANES",
    "SLOTS",
    "LaneBatch",
    "borrowed",
    "deal_cards",
    "next_deck",
    "record_game",
]

I64 = npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]

#: The most lanes a batch holds.
MAX_LANES: Final = 1 << 24
#: The games an All Fours lane may end in one pass of the deal loop (a game can end at its
#: first kick; a lane that ends more waits for the next pass).
SLOTS: Final = 4
#: The lanes dealt by one thread at a time, on threads (with one scratch space for the
#: shuffle); on one thread, all of them.
CHUNK: Final = 256
#: The numpy shuffle's decks and dealers are drawn this many at a time.
BLOCK: Final = 4096

# The columns of both games' rows.  A row is a whole number of 64-byte cache lines, and the
# columns that every step reads (the turn, what the lane waits for, the phase, the legal
# actions) are in its first line: a loop that reads only those touches one line per lane.
#: The seat to act.
TURN: Final = 0
#: What the lane waits for: nothing (0), its game's next deal (1) or its next game (2: its
#: first dealer is drawn first).  A lane's first deal is the given deck, if any.
NEED: Final = 1
NOTHING, NEXT_DEAL, NEXT_GAME = 0, 1, 2
#: The phase (each game's numbers).
PHASE: Final = 2
#: The dealer of the current deal, the number of the deal in its game (from 0) and of the game
#: in its lane (the end of the second line).
DEALER: Final = 13
DEAL: Final = 14
GAME: Final = 15
# A result's fields in its slot: the game's number, the winning side, the deals, the scores.
R_GAME, R_WINNER, R_DEALS, R_SCORES = 0, 1, 2, 3


class LaneBatch:
    """The lanes of one game (see the module).  Subclasses give the game's columns, kernels and
    observation."""

    #: The number of action ids.
    num_actions: ClassVar[int]
    #: The number of scores in a result (2 sides in All Fours, 4 players in 400).
    score_width: ClassVar[int]
    #: The results a lane holds between collections.
    result_slots: ClassVar[int]
    players: int

    def __init__(
        self,
        n: int,
        *,
        seed: int,
        shuffle: str,
        players: int,
        columns: int,
        threads: int,
        start: I64,
    ) -> None:
        self.n = n
        self.seed = seed
        self.threads = threads
        self._seeded = shuffle == "seeded"
        self._prefix = _shuffle.seed_text(seed)
        self._numpy = None if self._seeded else NumpyDecks(seed, players)
        self._rows = _aligned_rows(n, columns)
        #: Each lane's current game's seed (``shuffle="seeded"``).
        self._seeds = np.zeros(n, dtype=np.uint64)
        self._start = start
        #: Per winning side, each seat's reward (+1 for the winner's seats, -1 for the others).
        seats = np.arange(players)
        self._rewards = np.where(seats % 2 == np.arange(2)[:, None], 1.0, -1.0).astype(np.float32)
        self._slots = np.zeros((n, self.result_slots, R_SCORES + self.score_width), np.int64)
        self._count = np.zeros(n, dtype=np.int64)
        # The numpy shuffle's block of decks and dealers, and how many of each were handed out.
        self._pool_decks = np.zeros((0 if self._seeded else BLOCK, 52), dtype=np.int8)
        self._pool_dealers = np.zeros(0 if self._seeded else BLOCK, dtype=np.int64)
        self._used = np.array([BLOCK, BLOCK], dtype=np.int64)
        #: The first deals' given decks (zero rows when none are given).
        self._given = np.zeros((0, 52), dtype=np.int8)
        #: Games that ended before the first step (at their first kick): listed by it; and the
        #: results collected between passes of the deal loop.
        self._carried: list[tuple[I64, ...]] = []
        self._pending: list[tuple[I64, ...]] = []

    # -- the game's part -------------------------------------------------------------------
    def _play(self, actions: I64) -> int:
        """Every lane's action; returns how many lanes wait for a deal."""
        raise NotImplementedError

    def _deal(self) -> int:
        """Deal every waiting lane; returns how many still wait."""
        raise NotImplementedError

    def _first_illegal(self, actions: I64) -> int:
        raise NotImplementedError

    def _checked_play(self, actions: I64) -> int:
        """Every lane's action if all are legal: how many lanes then wait for a deal; else
        ``-1 - lane`` for the first lane whose action is not (nothing is applied)."""
        lane = self._first_illegal(actions)
        if lane >= 0:
            return -1 - lane
        return self._play(actions)

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        raise NotImplementedError

    # -- shared ----------------------------------------------------------------------------
    def _begin(self, dealer: I64 | None, decks: I64 | None) -> None:
        """Each lane's first game: its seed, and its first deal waiting (with the given dealer
        and deck, if any); the games over at their first kick are kept for the first step."""
        rows = self._rows
        if dealer is None:
            rows[:, NEED] = NEXT_GAME
        else:
            rows[:, DEALER] = dealer
            rows[:, NEED] = NEXT_DEAL
        if decks is not None:
            self._given = decks.astype(np.int8)
        if self._seeded:
            compiled(_shuffle.first_games)(self._prefix, self._seeds)
        self._pending = []
        self._deal_all()
        self._carried = self._collected()

    def _supply(self) -> tuple[Any, ...]:
        """What :func:`next_deck` deals from (one argument for the deal loop): the lanes'
        game seeds, the text of the batch's seed, whether the shuffle is seeded, the numpy
        block of decks and of dealers, how many of each were handed out, the given decks."""
        return (
            self._seeds,
            self._prefix,
            self._seeded,
            self._pool_decks,
            self._pool_dealers,
            self._used,
            self._given,
        )

    def _run_size(self) -> int:
        """How many lanes the deal loop deals in one run, with one scratch space: :data:`CHUNK`
        when the runs go to threads, else every lane (one scratch space made per step)."""
        return CHUNK if self.threads > 1 and self._seeded else self.n

    def _threads(self) -> None:
        if self.threads > 1:
            numba.set_num_threads(self.threads)

    def _deal_all(self) -> None:
        """Run the deal loop until no lane waits (collecting the results between passes)."""
        while True:
            if not self._seeded:
                self._refill()
            if not self._deal():
                return
            self._pending += self._collect()

    def _collected(self) -> list[tuple[I64, ...]]:
        """Every result of the passes since the last call, lane by lane."""
        parts = self._pending + self._collect()
        self._pending = []
        return parts if len(parts) < 2 else _by_lane(parts)

    def _refill(self) -> None:
        """A fresh block of numpy decks, or of first dealers, once one is handed out."""
        assert self._numpy is not None
        if self._used[0] >= self._pool_decks.shape[0]:
            self._pool_decks = self._numpy.decks(BLOCK).copy()
            self._used[0] = 0
        if self._used[1] >= self._pool_dealers.size:
            self._pool_dealers = self._numpy.dealers(BLOCK)
            self._used[1] = 0

    def _collect(self) -> list[tuple[I64, ...]]:
        """The results in the lanes' slots, lane by lane (the slots emptied)."""
        lanes, rows = compiled(_gather)(self._count, self._slots)
        if not lanes.size:
            return []
        return [
            (
                lanes,
                rows[:, R_GAME].copy(),
                rows[:, R_WINNER].copy(),
                rows[:, R_SCORES:].copy(),
                rows[:, R_DEALS].copy(),
            )
        ]

    def step(self, actions: npt.ArrayLike) -> StepResult:
        """Every lane's current player takes its action (an id of the mask); a finished game
        is reported and replaced by the lane's next game.

        :raises ArgumentError: for anything but ``n`` integer action ids (nothing is applied).
        :raises IllegalActionError: if an action is not legal in its lane (nothing is applied).
        """
        a = self._actions(actions)
        waiting = self._checked_play(a)
        if waiting < 0:
            self._refuse(a, -1 - waiting)
        if waiting:
            self._deal_all()
        if not self._pending and not self._carried:  # every result is in the slots
            lanes, game, winner, scores, deals, done, rewards = compiled(_report)(
                self._count, self._slots, self._rewards
            )
            return StepResult(rewards, done, GameResults(lanes, game, winner, scores, deals))
        mine = self._collected()
        done = np.zeros(self.n, dtype=bool)
        rewards = np.zeros((self.n, self.players), dtype=np.float32)
        if mine:
            # The lane's first game that ended in the step is the one its action was taken in.
            lanes, winner = mine[0][0], mine[0][2]
            done[lanes] = True
            if np.count_nonzero(done) < lanes.size:  # a lane ended more than one game
                first = np.unique(lanes, return_index=True)[1]
                lanes, winner = lanes[first], winner[first]
            rewards[lanes] = self._rewards[winner]
        parts = self._carried + mine
        self._carried = []
        return StepResult(rewards, done, self._results(parts))

    def _results(self, parts: list[tuple[I64, ...]]) -> GameResults:
        if not parts:
            empty = np.zeros(0, dtype=np.int64)
            return GameResults(
                empty, empty, empty, np.zeros((0, self.score_width), np.int64), empty
            )
        if len(parts) == 1:
            return GameResults(*parts[0])
        return GameResults(*(np.concatenate(field) for field in zip(*parts, strict=True)))

    def _actions(self, actions: object) -> I64:
        """``actions`` as ``n`` int64 action ids, or an :class:`ArgumentError`."""
        a = actions if isinstance(actions, np.ndarray) else None
        if a is None:
            try:
                a = np.asarray(actions)
            except (TypeError, ValueError, OverflowError):
                a = None
        if a is None or a.shape != (self.n,) or a.dtype.kind not in "iu":
            refuse(
                "actions", f"{self.n} integer action ids (an array of shape ({self.n},))", actions
            )
        if a.dtype.kind == "u" and a.dtype.itemsize == 8:
            # Above 2**63 an id would read as negative: every such id is out of range anyway.
            a = np.minimum(a, np.uint64(2**62)).astype(np.int64)
        return a.astype(np.int64, copy=False)

    def _refuse(self, a: I64, lane: int) -> None:
        ids = [int(i) for i in np.flatnonzero(self.legal_mask()[lane])]
        action = int(a[lane])
        in_range = 0 <= action < self.num_actions
        raise IllegalActionError(
            Reason.NOT_ALLOWED_BY_RULES if in_range else Reason.NOT_AN_ACTION,
            seat=int(self._rows[lane, TURN]),
            action=action,
            legal=ids,
            detail=f"lane {lane}: action id {action} is not legal (nothing was applied)",
        )

    def _observers(self, seats: object) -> I64:
        """The seat each lane observes for: ``None`` (its current player), one seat, or one seat
        per lane; an :class:`ArgumentError` for anything else."""
        if seats is None:
            return self._rows[:, TURN].copy()
        if isinstance(seats, int | np.integer) and not isinstance(seats, bool | np.bool_):
            seat = check_seat(int(seats), self.players, name="seats")
            return np.full(self.n, seat, dtype=np.int64)
        a = seats if isinstance(seats, np.ndarray) else None
        if a is None and isinstance(seats, list | tuple):
            try:
                a = np.asarray(seats)
            except (TypeError, ValueError, OverflowError):
                a = None
        expected = f"a seat 0 .. {self.players - 1} or {self.n} of them (one per lane), or None"
        if a is None or a.dtype.kind not in "iu" or a.shape not in ((), (self.n,)):
            refuse("seats", expected, seats)
        if a.size and (int(a.min()) < 0 or int(a.max()) >= self.players):
            refuse("seats", expected, seats)
        return np.broadcast_to(a, (self.n,)).astype(np.int64)

    def _uniform(self, rng: object) -> npt.NDArray[np.float32]:
        """One uniform draw in [0, 1) per lane from a numpy generator, in ``float32``: half a
        generator output each, so drawn in half the time of ``float64``; its 24 bits pick
        among at most 56 ids with a bias below one part in 2**18."""
        if not isinstance(rng, np.random.Generator):
            if isinstance(rng, random.Random):
                refuse("rng", "a numpy.random.Generator (not a random.Random)", rng)
            refuse("rng", "a numpy.random.Generator", rng)
        return rng.random(self.n, dtype=np.float32)

    # -- reading ---------------------------------------------------------------------------
    @property
    def current_player(self) -> I64:
        """The seat to act in each lane (n,)."""
        return self._rows[:, TURN].copy()

    @property
    def deal_number(self) -> I64:
        """The number of each lane's current deal in its game, from 0 (every deal counts)."""
        return self._rows[:, DEAL].copy()

    @property
    def game_number(self) -> I64:
        """How many games each lane has finished: its current game is game ``game_number``."""
        return self._rows[:, GAME].copy()

    @property
    def dealer(self) -> I64:
        """Each lane's dealer (n,)."""
        return self._rows[:, DEALER].copy()

    @property
    def phase(self) -> I64:
        """Each lane's phase (the game's numbers)."""
        return self._rows[:, PHASE].copy()

    def observation_pieces(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        raise NotImplementedError

    @property
    def observation_size(self) -> int:
        """The length of an observation row."""
        return sum(int(np.prod(shape)) for _, shape in self.observation_pieces())


def _by_lane(parts: list[tuple[I64, ...]]) -> list[tuple[I64, ...]]:
    """Results of several passes as one, lane by lane, each lane's in the order they ended."""
    fields = [np.concatenate(field) for field in zip(*parts, strict=True)]
    order = np.argsort(fields[0], kind="stable")
    return [tuple(field[order] for field in fields)]


def _aligned_rows(n: int, columns: int) -> I64:
    """Zeroed rows of ``columns`` int64 (a multiple of 8: whole cache lines), the first at a
    64-byte boundary."""
    assert columns % 8 == 0
    space = np.zeros(n * columns + 8, dtype=np.int64)
    skip = (-space.ctypes.data % 64) // 8
    rows: I64 = space[skip : skip + n * columns].reshape(n, columns)
    return rows


@kernel
def _gather(count: I64, slots: Any) -> tuple[I64, I64]:
    """The results in the lanes' slots, lane by lane: their lanes and their slots' rows, in
    arrays of their number (not of every slot: a step ends a few dozen games of thousands of
    lanes); the slots emptied."""
    m = 0
    for lane in range(count.size):
        m += count[lane]
    lanes = np.empty(m, dtype=np.int64)
    out = np.empty((m, slots.shape[2]), dtype=np.int64)
    m = 0
    for lane in range(count.size):
        for slot in range(count[lane]):
            lanes[m] = lane
            out[m] = slots[lane, slot]
            m += 1
        count[lane] = 0
    return lanes, out


@kernel
def _report(count: I64, slots: Any, rewards: Any) -> tuple[Any, ...]:
    """A step's report from the lanes' slots, in one pass (the slots emptied): the finished
    games' lanes, numbers, winners, final scores and deals, lane by lane (as
    :func:`_gather`), and per lane whether the game its action was taken in ended (the lane's
    first result) and each seat's reward (by ``rewards``, per winning side)."""
    n = count.size
    m = 0
    for lane in range(n):
        m += count[lane]
    lanes = np.empty(m, dtype=np.int64)
    games = np.empty(m, dtype=np.int64)
    winners = np.empty(m, dtype=np.int64)
    scores = np.empty((m, slots.shape[2] - R_SCORES), dtype=np.int64)
    deals = np.empty(m, dtype=np.int64)
    done = np.zeros(n, dtype=np.bool_)
    seats = rewards.shape[1]
    reward = np.zeros((n, seats), dtype=np.float32)
    m = 0
    for lane in range(n):
        if count[lane] == 0:
            continue
        done[lane] = True
        first = slots[lane, 0, R_WINNER]
        for seat in range(seats):
            reward[lane, seat] = rewards[first, seat]
        for slot in range(count[lane]):
            lanes[m] = lane
            games[m] = slots[lane, slot, R_GAME]
            winners[m] = slots[lane, slot, R_WINNER]
            deals[m] = slots[lane, slot, R_DEALS]
            for k in range(scores.shape[1]):
                scores[m, k] = slots[lane, slot, R_SCORES + k]
            m += 1
        count[lane] = 0
    return lanes, games, winners, scores, deals, done, reward


@inlined
def next_deck(
    rows: I64,
    lane: int,
    players: int,
    deck: Any,
    supply: Any,
    text: Any,
    words: Any,
    limbs: Any,
) -> bool:
    """A waiting lane's next deck into ``deck`` (card indices, top first), its next game's seed
    and first dealer first (AF-6, FH-6): the given deck of its first deal, the seeded shuffle's
    deck, or the numpy block's next.  False when the numpy block is used up (the lane waits for
    the next).  ``supply`` is :meth:`LaneBatch._supply`; ``text``, ``words``, ``limbs``: the
    shuffle's scratch."""
    # Each array is taken from the tuple where it is used, not all at the top: a name bound to
    # an array costs a rise and a fall of its reference count on every path.
    seeded = supply[2]
    if rows[lane, NEED] == NEXT_GAME:
        if seeded:
            seed = game_seed(supply[1], lane, rows[lane, GAME], text, words)
            supply[0][lane] = seed
            rows[lane, DEALER] = first_dealer(seed, players, deck, text, words, limbs)
        elif supply[5][1] < supply[4].size:
            rows[lane, DEALER] = supply[4][supply[5][1]]
            supply[5][1] += 1
        else:
            return False
        rows[lane, NEED] = NEXT_DEAL
    if supply[6].shape[0] > 0 and rows[lane, GAME] == 0 and rows[lane, DEAL] == 0:
        deck[:] = supply[6][lane]
    elif seeded:
        deal_deck(supply[0][lane], rows[lane, DEAL], deck, text, words, limbs)
    elif supply[5][0] < supply[3].shape[0]:
        deck[:] = supply[3][supply[5][0]]
        supply[5][0] += 1
    else:
        return False
    return True


@inlined
def deal_cards(
    rows: I64, lane: int, deck: Any, layout: Any, cards: int, hand: int, dealt: int
) -> None:
    """The first ``cards`` cards of ``deck`` to their seats by ``layout`` (the seat that gets
    each deck position per dealer, from the game's deal kernel): each seat's hand, in columns
    ``hand`` ... and, as the cards dealt to it, ``dealt`` ... (four seats; two-player rows
    leave the last two empty)."""
    dealer = rows[lane, DEALER]
    h0 = h1 = h2 = h3 = 0
    for position in range(cards):
        seat = layout[dealer, position]
        bit = 1 << deck[position]
        # selects, not branches: which seat gets a card is a coin toss
        h0 |= bit if seat == 0 else 0
        h1 |= bit if seat == 1 else 0
        h2 |= bit if seat == 2 else 0
        h3 |= bit if seat == 3 else 0
    rows[lane, hand] = rows[lane, dealt] = h0
    rows[lane, hand + 1] = rows[lane, dealt + 1] = h1
    rows[lane, hand + 2] = rows[lane, dealt + 2] = h2
    rows[lane, hand + 3] = rows[lane, dealt + 3] = h3


@inlined
def record_game(
    rows: I64, lane: int, winner: int, count: I64, slots: Any, start: I64, scores: int
) -> None:
    """A game ended: its result in the lane's next slot (the scores from column ``scores``, as
    many as ``start`` has), the scores back at ``start``, and the lane waits for its next game."""
    slot = count[lane]
    count[lane] += 1
    slots[lane, slot, R_GAME] = rows[lane, GAME]
    slots[lane, slot, R_WINNER] = winner
    slots[lane, slot, R_DEALS] = rows[lane, DEAL] + 1
    for k in range(start.size):
        slots[lane, slot, R_SCORES + k] = rows[lane, scores + k]
        rows[lane, scores + k] = start[k]
    rows[lane, GAME] += 1
    rows[lane, DEAL] = 0
    rows[lane, NEED] = NEXT_GAME


def borrowed(arrays: Any) -> Any:
    """``arrays`` (an array, or a tuple whose members may be arrays) as a step's loop should use
    them: interpreted, unchanged; compiled, the same arrays without their reference count
    (numba's ``meminfo`` left out, as a constant array has none).  numba raises and lowers an
    array's count, with an atomic operation and a call each, wherever a helper is handed it
    and a view is made of it, and leaves many of those in the loops (every deal rose and fell
    some thirty counts); on a borrowed array they do nothing.  Only for arrays the caller from
    Python holds for the whole call, never for one the kernel makes or returns."""
    return arrays


def _without_count(context: Any, builder: Any, kind: Any, value: Any) -> Any:
    """``value`` of numba type ``kind`` with every array's ``meminfo`` null."""
    if isinstance(kind, types.Array):
        array = context.make_array(kind)(context, builder, value)
        null: Any = cgutils.get_null_value  # untyped (numba's)
        array.meminfo = null(array.meminfo.type)
        return array._getvalue()
    if isinstance(kind, types.BaseTuple):
        members: Any = kind  # a tuple type iterates over its members' types
        for k, member in enumerate(members):
            part = _without_count(context, builder, member, builder.extract_value(value, k))
            value = builder.insert_value(value, part, k)
    return value


@intrinsic
def _borrow(typingctx: Any, arrays: Any) -> Any:
    """The compiled :func:`borrowed`."""
    signature = arrays(arrays)

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        return _without_count(context, builder, sig.args[0], args[0])

    return signature, codegen


@overload(borrowed)
def _borrowed_compiled(arrays: Any) -> Any:
    def implementation(arrays: Any) -> Any:  # the same signature as the overload's
        return _borrow(arrays)  # type: ignore[call-arg]  # numba supplies the typing context

    return implementation


def check_lanes(n: object) -> int:
    """``n`` as a number of lanes, 1 ... :data:`MAX_LANES`."""
    return check_int(n, name="n", low=1, high=MAX_LANES)
