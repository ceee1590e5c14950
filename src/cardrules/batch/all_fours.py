"""All Fours (AF-1 ... AF-24) for a batch of games stepped together: :class:`AllFoursBatch`.

Every game of the batch is a lane.  Each lane's state lives in flat arrays (one entry per lane,
or per lane and seat: index ``lane * players + seat``); cards are bits of a ``uint64`` (bit =
card index, as in :mod:`cardrules.core.cardset`).  A step runs the same array operations for all
lanes: the card play (AF-16 ... AF-19) for every lane at once, the decisions' action ids playing
"no card" (their entries in the play table have no bit and no key).  The events that only some lanes
meet in a step (a completed trick, a stand, beg or run, the end of a deal, the end of a game, a
new deal) run on the index array of those lanes, never in a Python loop over lanes.  On an
accelerator array library these become masked updates of the whole batch.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import numpy.typing as npt

from cardrules.all_fours import CARD_POINTS, GameTie, Rules, Undertrump
from cardrules.batch._bits import BIT as _BIT
from cardrules.batch._bits import ONE as _ONE
from cardrules.batch._bits import SUIT as _SUIT
from cardrules.batch._bits import ZERO as _ZERO
from cardrules.batch._bits import kth_bit, unpack
from cardrules.batch._decks import DeckSource, NumpyDecks, SeededDecks
from cardrules.batch._results import Results, StepResult
from cardrules.core.cards import CARDS, Rank
from cardrules.errors import IllegalActionError, Reason

__all__ = ["AllFoursBatch"]

U64 = npt.NDArray[np.uint64]
I64 = npt.NDArray[np.int64]

# Phases (as in all_fours.Phase; a finished game is reset at once, so there is no "over").
BEG: Final = 0
ANSWER: Final = 1
PLAY: Final = 2

# Action ids (all_fours.ACTIONS): plays 0..51 by card index, then these.
STAND: Final = 52
BEG_ID: Final = 53
GIVE: Final = 54
RUN: Final = 55
ACTIONS: Final = 56


def _two_suits_points() -> npt.NDArray[np.uint8]:
    """AF-4 for two suits: the card points of each 18-bit pattern of their cards 10 ... A (bits
    0 ... 4 and 13 ... 17 of a mask shifted down to the 10 of the lower suit)."""
    patterns = np.arange(1 << 18)
    points = np.zeros(1 << 18, dtype=np.uint8)
    for place in range(_TEN_PLACE, 13):
        value = CARD_POINTS[Rank(place + 2)]
        for bit in (place - _TEN_PLACE, place - _TEN_PLACE + 13):
            points += ((patterns >> bit) & 1).astype(np.uint8) * value
    return points


_TEN_PLACE: Final = Rank.TEN - 2
_TWO_SUITS_POINT_CARDS: Final = np.uint64(0x1F | 0x1F << 13)
_TWO_SUITS_POINTS: Final = _two_suits_points()


def _play_table() -> I64:
    """AF-16, AF-19: what playing action id ``a`` does to a trick, at ``a * 25 + ctx``, where
    the context ``ctx = (lead + 1) * 5 + trump + 1`` (lead: the suit led before it, trump: the
    trump suit, each -1 for none), packed in an int64: the card's bit (bits 0 ... 51); its key
    in the trick, rank place + 16 if of the suit led + 32 if a trump (bits 52 ... 57); the
    context after it (bits 58 ... 62).  A decision plays no card: bit and key 0, the context
    unchanged."""
    table = np.zeros(ACTIONS * 25, dtype=np.int64)
    for a in range(ACTIONS):
        for lead in range(-1, 4):
            for trump in range(-1, 4):
                ctx = (lead + 1) * 5 + trump + 1
                entry = ctx << _CTX_SHIFT
                if a < 52:
                    suit = a // 13
                    led = suit if lead < 0 else lead
                    key = a % 13 + 16 * (suit == led) + 32 * (suit == trump)
                    after = (led + 1) * 5 + trump + 1
                    entry = 1 << a | key << _KEY_SHIFT | after << _CTX_SHIFT
                table[a * 25 + ctx] = entry
    return table


_KEY_SHIFT: Final = 52
_CTX_SHIFT: Final = 58
_PLAY: Final = _play_table()
_CARD_BITS: Final = np.int64((1 << 52) - 1)
#: A key times 4 (the best card's key keeps the seat in its low two bits).
_KEY4_BITS: Final = 63 << 2
#: The mask of the suit led in each context (empty before a trick's first card).
_LEAD_MASK: Final = np.array(
    [0 if ctx < 5 else 0x1FFF << (13 * (ctx // 5 - 1)) for ctx in range(25)], dtype=np.uint64
)
#: The highest and lowest place (0 = 2 ... 12 = A) of each 13-bit pattern (-1 for none).
_HIGH: Final = np.array([p.bit_length() - 1 for p in range(1 << 13)], dtype=np.int64)
_LOW: Final = np.array([(p & -p).bit_length() - 1 for p in range(1 << 13)], dtype=np.int64)
_JACK_PLACE: Final = Rank.JACK - 2
#: The suit of each card index.
_SUIT_OF: Final = np.arange(52) // 13
#: The legal ids of the phases other than play (AF-10, AF-11).
_BEG_BITS: Final = np.uint64((1 << STAND) | (1 << BEG_ID))
_ANSWER_BITS: Final = np.uint64((1 << GIVE) | (1 << RUN))
_ALL: Final = np.uint64(2**64 - 1)
# The rows of a batch's per-lane block (AllFoursBatch._state).
_NKICKS, _WON0, _WON1, _TRUMP, _CTX0, _CTX, _TMASK, _PHASE, _PBITS, _LIVE = range(10)
_FIELDS: Final = 10
#: Rows _TRUMP ... _LIVE at the start of play, per trump suit (AF-16): the suit, the context of
#: a trick's start (twice: the current context), its mask, play, no phase ids, every card.
_PLAY_ROWS: Final = np.array(
    [[suit, suit + 1, suit + 1, 0x1FFF << (13 * suit), PLAY, 0, -1] for suit in range(4)],
    dtype=np.int64,
).T.copy()
#: What a deal writes in every row: one kick, no card won, no trump, the beg, no card live
#: (out of play a hand reads as empty: the legal ids are the phase's).
_DEAL_ROWS: Final = np.array(
    [[1], [0], [0], [-1], [0], [0], [0], [BEG], [int(_BEG_BITS)], [0]], dtype=np.int64
)


def _card_points(masks: U64) -> npt.NDArray[np.uint8]:
    """AF-4: the card points of each mask, from the table of two suits' 10 ... A."""
    low = masks >> _TEN_PLACE
    low &= _TWO_SUITS_POINT_CARDS
    high = masks >> (_TEN_PLACE + 26)
    high &= _TWO_SUITS_POINT_CARDS
    total: npt.NDArray[np.uint8] = _TWO_SUITS_POINTS[low.view(np.int64)]
    total += _TWO_SUITS_POINTS[high.view(np.int64)]
    return total


class AllFoursBatch:
    """``n`` games of All Fours under one ruleset, stepped together (see :func:`make
    <cardrules.batch.make>`)."""

    #: The number of action ids (:data:`cardrules.all_fours.ACTIONS`).
    num_actions: Final = ACTIONS

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
        self.players = p = rules.players
        self._source: DeckSource = (
            SeededDecks(seed, n, p) if shuffle == "seeded" else NumpyDecks(seed, p)
        )
        self._lanes = np.arange(n)
        self._base = self._lanes * p
        #: Seats are 0 .. p - 1 with p = 4 or 2: the next seat is (seat + 1) & _seats.
        self._seats = p - 1
        #: The seat after each seat, and its side.
        self._next_seat = (np.arange(p) + 1) & (p - 1)
        self._next_side = self._next_seat & 1
        # AF-7: the first 6p deck positions grouped by the seat that gets them, counted from the
        # dealer + 1 (packets go round from there: the grouping is the same for every dealer).
        packet = rules.deal_packet
        layout = [offset for _ in range(6 // packet) for offset in range(p) for _ in range(packet)]
        #: (6, p): the k-th card of the seat dealer + 1 + offset at [k, offset].
        self._order = np.argsort(np.array(layout), kind="stable").reshape(p, 6).T.reshape(-1)
        #: The seats dealer + 1 ... dealer + p (rows) of each dealer (columns): AF-11's packets
        #: go round from dealer + 1.
        self._seats_after = (np.arange(1, p + 1)[:, None] + np.arange(p)) & (p - 1)
        runs = (52 - (6 * p + 1)) // (3 * p + 1)
        #: The stock's places (deck positions from 6p, the kick's) of the cards of every run a
        #: deal allows (AF-11 ... AF-13): (3 * runs, p), the k-th card of each seat's packets
        #: from dealer + 1 at [k, offset], run k // 3.
        card = np.arange(3 * runs)[:, None]
        self._run_cards = (1 + (3 * p + 1) * (card // 3) + 3 * np.arange(p) + card % 3).reshape(-1)
        #: The deal's kick and the kick of every run (AF-9, AF-11), as stock places.
        self._kick_places = (3 * p + 1) * np.arange(runs + 1)
        #: Per number of runs dealt (0 ... runs, the columns), all ones over the cards of those
        #: runs.
        self._runs_dealt = np.where(
            card.repeat(p, axis=1).reshape(-1, 1) // 3 < np.arange(runs + 1), _ALL, _ZERO
        )
        self._runs = runs
        #: The runs dealt by the run at which a lane stops (runs: the void, every run).
        self._runs_made = np.minimum(np.arange(runs + 1) + 1, runs)
        self._kick_points = np.array([rules.kick_value(c.rank) for c in CARDS], dtype=np.int64)
        self._target = rules.target
        #: The most kicks in one deal (AF-11 ... AF-13).
        self.max_kicks = 1 + (52 - (6 * p + 1)) // (3 * p + 1)
        # Per lane and seat (flat).
        #: The cards dealt to each seat in the deal (a seat's hand is those not played yet).
        self._dealt = np.zeros(n * p, dtype=np.uint64)
        self._dealt_rows = self._dealt.reshape(n, p)
        # Per lane and side (flat).
        #: The scores every game starts from.
        self._start = np.zeros(2, dtype=np.int64) if scores is None else scores
        self._scores = np.tile(self._start, n)
        #: Each lane's two scores as one 16-byte item (complex128 bits, never computed with),
        #: for gathers and scatters of both at once; the start as such an item.
        self._score_pairs = self._scores.view(np.complex128)
        self._start_pair = self._start.astype(np.int64).view(np.complex128)[0]
        # Per lane.
        #: The deal's stock: its deck from the kick on (positions 6p ... 51).
        self._stock = np.zeros((n, 52 - 6 * p), dtype=np.int8)
        #: Per lane, the fields a deal or the start of play sets together, one row each (a
        #: deal writes them with one array operation): see _DEAL_ROWS and _PLAY_ROWS.
        self._state = np.zeros((_FIELDS, n), dtype=np.int64)
        self._kicks = np.full((n, self.max_kicks), -1, dtype=np.int8)
        self._nkicks: I64 = self._state[_NKICKS]
        #: The cards each side won in tricks (its tricks and card points follow, AF-4).
        self._won = self._state[_WON0 : _WON1 + 1].view(np.uint64)
        self._won1: U64 = self._state[_WON1].view(np.uint64)
        #: The block as one flat uint64 array, and the place of each winning seat's side's row
        #: of won cards in it (_WON0 + seat % 2, times n).
        self._state_bits: U64 = self._state.reshape(-1).view(np.uint64)
        self._won_row = (_WON0 + np.arange(4) % 2) * n
        #: The suit of the last kick.
        self._ksuit = np.zeros(n, dtype=np.int64)
        self._trump: I64 = self._state[_TRUMP]
        self._trump[:] = -1
        #: The context of _PLAY's index: (suit led + 1) * 5 + trump + 1 (see _play_table),
        #: and its value at a trick's start.
        self._ctx0: I64 = self._state[_CTX0]
        self._ctx: I64 = self._state[_CTX]
        self._tmask: U64 = self._state[_TMASK].view(np.uint64)
        self._phase: I64 = self._state[_PHASE]
        #: The legal ids of the phase as bits when it is not play (0 in play).
        self._pbits: U64 = self._state[_PBITS].view(np.uint64)
        #: In play, every card not played yet in the deal; out of play, no card: a hand is
        #: the cards dealt to the seat & _live, and legal = legal plays | _pbits.
        self._live: U64 = self._state[_LIVE].view(np.uint64)
        self._turn = np.zeros(n, dtype=np.int64)
        self._dealer = np.zeros(n, dtype=np.int64)
        #: The best card of the trick so far (AF-19) as a key: (rank place + 16 if of the suit
        #: led + 32 if a trump) * 4 + its seat; 0 before the trick's first card.
        self._best = np.zeros(n, dtype=np.int64)
        #: The cards of the current trick (each seat's is the one dealt to it).
        self._trick_mask = np.zeros(n, dtype=np.uint64)
        self._deal = np.zeros(n, dtype=np.int64)
        self._game = np.zeros(n, dtype=np.int64)
        self._legal = np.zeros(n, dtype=np.uint64)
        #: The hand of each lane's current player (as _update_legal read it).
        self._hand = np.zeros(n, dtype=np.uint64)
        self._results = Results(p)
        #: The lanes waiting for the next deal of their game, and for their next game.
        self._pending: list[I64] = []
        self._new_games: list[I64] = []
        #: The games that ended in the step so far, with their winners (see _finish_games).
        self._over: list[tuple[I64, I64]] = []
        # The first game of every lane (games over at their first kick are reported by the
        # first step).
        lanes = self._lanes
        if dealer is None:
            self._new_games.append(lanes)
        else:
            self._pending.append(lanes)
            self._dealer[:] = dealer
        self._deal_pending(decks)
        self._update_legal()

    def _hands(self) -> U64:
        """Every seat's unplayed cards (flat, lane * players + seat)."""
        live = np.where(self._phase == PLAY, self._live, _ALL)
        hands: U64 = self._dealt & np.repeat(live, self.players)
        return hands

    # -- reading ---------------------------------------------------------------------------
    @property
    def current_player(self) -> I64:
        """The seat to act in each lane (n,)."""
        return self._turn.copy()

    @property
    def scores(self) -> I64:
        """Each lane's scores per side (n, 2)."""
        return self._scores.reshape(self.n, 2).copy()

    @property
    def deal_number(self) -> I64:
        """The number of each lane's current deal in its game, from 0 (void deals count)."""
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
        """Each lane's phase: 0 beg, 1 answer, 2 play."""
        return self._phase.copy()

    @property
    def trump(self) -> I64:
        """Each lane's trump suit (0 clubs ... 3 spades), -1 until fixed."""
        return self._trump.copy()

    @property
    def hands(self) -> U64:
        """Every seat's unplayed cards as 52-bit masks (n, players): the full state, not an
        observation."""
        return self._hands().reshape(self.n, self.players)

    def legal_bits(self) -> U64:
        """The legal action ids of each lane's current player as bits of a ``uint64`` (n,)."""
        return self._legal.copy()

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """The legal action ids of each lane's current player (n, 56), in
        :data:`cardrules.all_fours.ACTIONS` order."""
        bits = np.unpackbits(
            self._legal.astype("<u8").view(np.uint8).reshape(self.n, 8), axis=1, bitorder="little"
        )
        return bits[:, :ACTIONS].view(np.bool_)

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

    @property
    def observation_size(self) -> int:
        """The length of an observation row."""
        return sum(int(np.prod(shape)) for _, shape in self.observation_pieces())

    def observe(self, seats: int | npt.ArrayLike | None = None) -> npt.NDArray[np.float32]:
        """What a seat of each lane may know (n, :attr:`observation_size`), as the adapters'
        observation tensor: seats and sides relative to the observer; its own cards only once it
        may look at them (AF-15); no other seat's unplayed card.  ``seats``: one seat for every
        lane, a seat per lane, or ``None`` for each lane's current player."""
        n, p = self.n, self.players
        seat = self._turn if seats is None else np.broadcast_to(np.asarray(seats), (n,))
        seat = seat.astype(np.int64)
        if ((seat < 0) | (seat >= p)).any():
            raise ValueError(f"seats: expected seats 0..{p - 1}")
        out = np.zeros((n, self.observation_size), dtype=np.float32)
        views: dict[str, npt.NDArray[np.float32]] = {}
        start = 0
        for name, shape in self.observation_pieces():
            size = int(np.prod(shape))
            views[name] = out[:, start : start + size].reshape((n, *shape))
            start += size
        lanes = self._lanes
        tricks = 6 + 3 * (self.max_kicks - 1)
        dealer, turn = self._dealer, self._turn
        may_look = (self._trump >= 0) | (seat == dealer) | (seat == (dealer + 1) % p)
        hands = self._hands()
        own = np.where(may_look, hands[self._base + seat], _ZERO)
        views["hand"][:] = unpack(own)
        trick = self._trick_mask
        for r in range(p):
            s = (seat + r) % p
            flat = self._base + s
            # A card of the trick is the seat's if it was dealt to the seat.
            dealt = self._dealt[flat]
            views["current_trick"][:, r] = unpack(trick & dealt)
            views["played"][:, r] = unpack(dealt & ~hands[flat] & ~trick)
            views["hand_sizes"][:, r] = np.bitwise_count(hands[flat]) / tricks
        views["dealer"][lanes, (dealer - seat) % p] = 1.0
        views["to_play"][lanes, (turn - seat) % p] = 1.0
        scores = self._scores.reshape(n, 2)
        won = np.bitwise_count(self._won).T // p  # a trick is p cards
        for side in range(2):
            views["scores"][lanes, (side - seat) % 2] = scores[:, side] / self._target
            views["tricks_won"][lanes, (side - seat) % 2] = won[:, side] / tricks
        views["phase"][lanes, self._phase] = 1.0
        for row in range(self.max_kicks):
            has = np.flatnonzero(self._nkicks > row)
            views["kicks"][has, row, self._kicks[has, row]] = 1.0
        fixed = np.flatnonzero(self._trump >= 0)
        views["trump"][fixed, self._trump[fixed]] = 1.0
        # The stock: after the deal's 6p cards and kick, 3p cards and a kick per run (AF-11).
        pos = 6 * p + 1 + (3 * p + 1) * (self._nkicks - 1)
        views["stock"][:, 0] = (52 - pos) / 52.0
        views["may_look"][:, 0] = may_look
        return out

    def random_actions(self, rng: np.random.Generator) -> I64:
        """A uniformly random legal action id for each lane (random legal play; the draw is 24
        random bits, whose 2**24 steps leave each id's odds within 1e-6 of uniform)."""
        x = self._legal
        k = rng.bit_generator.random_raw((self.n + 1) // 2).view(np.uint32)[: self.n]
        k >>= 8
        k *= np.bitwise_count(x)  # below 2**24 * 56
        k >>= 24
        return kth_bit(x, k)

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
        # An id out of range shifts the bits out (a negative one reads as a huge shift).
        # (``count_nonzero`` costs a few µs less than ``all`` on uint64.)
        legal = self._legal >> a.view(np.uint64)
        legal &= _ONE
        if np.count_nonzero(legal) < self.n:
            self._refuse(a)
        self._results.begin(self.n)
        self._play(a)
        decided = (a >= STAND).nonzero()[0]  # (np.flatnonzero costs 1 µs more)
        if decided.size:
            self._decide(decided, a[decided])
        self._deal_pending()
        self._update_legal()
        return self._results.take()

    def _refuse(self, a: I64) -> None:
        in_range = (a >= 0) & (a < ACTIONS)
        bad = ~in_range | ((self._legal & _BIT[np.where(in_range, a, -1)]) == _ZERO)
        lane = int(np.flatnonzero(bad)[0])
        ids = [int(i) for i in np.flatnonzero(self.legal_mask()[lane])]
        raise IllegalActionError(
            Reason.NOT_AN_ACTION if not in_range[lane] else Reason.NOT_ALLOWED_BY_RULES,
            seat=int(self._turn[lane]),
            action=int(a[lane]),
            legal=ids,
            detail=f"lane {lane}: action id {int(a[lane])} is not legal (nothing was applied)",
        )

    def _play(self, a: I64) -> None:
        """AF-16 ... AF-19 for every lane at once; a decision plays no card (its entry in _PLAY
        has bit and key 0 and leaves the context: nothing changes but the turn, which
        :meth:`_decide` sets).  A completed trick goes to its winner's side; the last trick of a
        deal is tallied."""
        seat = self._turn
        # AF-16, AF-19: the card's bit, its key in the trick and the context after it.
        index = a * 25
        index += self._ctx
        entry = _PLAY.take(index)  # (take: faster than indexing on all lanes)
        bit = (entry & _CARD_BITS).view(np.uint64)
        self._live ^= bit
        trick = self._trick_mask
        trick |= bit
        # The best card of the trick as a key, (rank place + 16 if of the suit led + 32 if a
        # trump) * 4 + its seat: the highest trump, else the highest card of the suit led (the
        # best key is 0 before the trick's first card).
        key = entry >> (_KEY_SHIFT - 2)
        key &= _KEY4_BITS
        key |= seat
        np.maximum(self._best, key, out=self._best)
        np.right_shift(entry, _CTX_SHIFT, out=self._ctx)
        turn = seat + 1
        turn &= self._seats
        self._turn = turn
        complete = (np.bitwise_count(trick) == self.players).nonzero()[0]
        if not complete.size:
            return
        winner = self._best[complete] & 3
        # The side's row of the won cards (_WON0 + side) at the lane's column, flat.
        where = self._won_row.take(winner)
        where += complete
        self._state_bits[where] |= trick[complete]
        turn[complete] = winner
        self._ctx[complete] = self._ctx0[complete]
        trick[complete] = _ZERO
        self._best[complete] = 0
        # The deal is over when the trick's last card was the last of its player's hand (hands
        # are all the same size when a trick is complete).
        over = complete[self._hand[complete] == bit[complete]]
        if over.size:
            self._tally(over)

    def _decide(self, lanes: I64, a: I64) -> None:
        """AF-10 ... AF-12: stand, beg, give one, run the pack; the lanes whose play begins
        begin it together."""
        beg = lanes[a == BEG_ID]
        if beg.size:
            dealer = self._dealer[beg]
            self._turn[beg] = dealer
            self._phase[beg] = ANSWER
            self._pbits[beg] = _ANSWER_BITS
            if self.rules.give_one_needs_trump:
                hand = self._dealt[beg * self.players + dealer]
                cannot = (hand & _SUIT[self._ksuit[beg]]) == _ZERO
                self._pbits[beg[cannot]] = _BIT[RUN]
        begin = [lanes[a == STAND]]
        give = lanes[a == GIVE]
        if give.size:
            beggar_side = self._next_side.take(self._dealer[give])
            won = self._award(give, beggar_side, 1)
            self._game_over(give[won], beggar_side[won])
            begin.append(give[~won])
        run = lanes[a == RUN]
        if run.size:
            begin.append(self._run_pack(run))
        self._begin_play(np.concatenate(begin))

    def _begin_play(self, lanes: I64) -> None:
        """Trumps are the current kick's suit; the beggar leads (AF-16)."""
        self._state[_TRUMP:, lanes] = _PLAY_ROWS.take(self._ksuit[lanes], axis=1)
        self._turn[lanes] = self._next_seat.take(self._dealer[lanes])

    def _award(self, lanes: I64, side: I64, points: I64 | int) -> npt.NDArray[np.bool_]:
        """Score one award per lane; AF-21: which lanes' side reached the target."""
        where = lanes * 2
        where += side
        scores = self._scores[where]
        scores += points
        self._scores[where] = scores
        reached: npt.NDArray[np.bool_] = scores >= self._target
        return reached

    def _run_pack(self, lanes: I64) -> I64:
        """AF-11 ... AF-13: three more cards each and a new kick, until the suit changes; a void
        deal when the stock runs short.  Every run the stock allows is read at once (a run comes
        after the beg, one per deal, so the stock is at 6p + 1); each lane stops at its first
        kick that reaches the target (AF-9, AF-14) or changes the suit (AF-12), or at the void.
        Returns the lanes whose play begins (the suit changed)."""
        p, m, runs = self.players, lanes.size, self._runs
        dealer = self._dealer[lanes]
        side = dealer & 1
        at = lanes * 2
        at += side
        # The stocks transposed, (52 - 6p, m): numpy works along the first axis of a C-ordered
        # array fastest (and indexes by intp fastest).
        stock = np.ascontiguousarray(self._stock.take(lanes, axis=0).T, dtype=np.intp)
        # (1 + runs, m): the deal's kick, then each run's
        kicks = stock.take(self._kick_places, axis=0)
        suits = kicks // 13
        scored = np.add.accumulate(self._kick_points[kicks[1:]])  # AF-9: each kick, in turn
        score = self._scores[at]
        # Each lane stops at its first run whose kick reaches the target (AF-9, AF-14) or changes
        # the suit (AF-12), found by an argmax over the runs and a last row of stops: the void
        # (AF-13), after every run (where no kick reached the target).
        reached = np.zeros((runs + 1, m), dtype=bool)
        np.greater_equal(scored, self._target - score, out=reached[:runs])
        stop = np.ones((runs + 1, m), dtype=bool)
        np.not_equal(suits[1:], suits[:-1], out=stop[:runs])
        stop[:runs] |= reached[:runs]
        last = stop.argmax(axis=0)
        void = last == runs
        made = self._runs_made.take(last)  # the runs dealt: last + 1, every run for the void
        # Packets of three from dealer + 1 round to the dealer, run by run: each seat's cards
        # of the runs dealt.
        cards = _BIT[stock.take(self._run_cards, axis=0)]  # (3 runs p, m)
        cards &= self._runs_dealt.take(made, axis=1)
        cards = np.bitwise_or.reduce(cards.reshape(3 * runs, p, m), axis=0)
        seats = self._seats_from(dealer, lanes)
        self._dealt[seats] |= cards
        rows = self._lanes[:m]
        self._kicks[lanes, 1:] = kicks[1:].T  # read up to _nkicks only
        self._nkicks[lanes] = made + 1
        self._ksuit[lanes] = suits[made, rows]
        self._scores[at] = score + scored[made - 1, rows]
        over = reached[last, rows]
        again = lanes[void]
        self._deal[again] += 1  # AF-13: same dealer, a fresh shuffle
        self._pending.append(again)
        self._game_over(lanes[over], side[over])
        begin: I64 = lanes[~void & ~over]
        return begin

    def _tally(self, lanes: I64) -> None:
        """AF-22, AF-23: High, Low, Jack, Game one at a time, stopping at the target; then
        AF-8: the next dealer deals."""
        p = self.players
        rules = self.rules
        dealt = self._dealt_rows.take(lanes, axis=0)
        # The cards dealt to side 1 and won by side 1 tell each card's side; every card dealt
        # was won by a side.
        dealt1 = (dealt[:, 1] if p == 2 else dealt[:, 1] | dealt[:, 3]).view(np.int64)
        won = self._won.take(lanes, axis=1)
        won1 = won[1]
        in_play = won[0] | won1
        base = self._trump[lanes] * 13
        trumps = in_play.view(np.int64) >> base
        trumps &= 0x1FFF
        has = trumps != 0
        # High and Low go to the side dealt the card (no trump in play: worth 0, and a shift
        # below 0 reads 0).
        high_side = dealt1 >> (base + _HIGH[trumps])
        high_side &= 1
        low_side = dealt1 >> (base + _LOW[trumps])
        low_side &= 1
        # The jack of trumps: 1 to the side that won its trick, the holder's; hang jack when the
        # holder's opponents won it.
        jack = base + _JACK_PLACE
        jack_side = won1.view(np.int64) >> jack
        jack_side &= 1
        jack_value = trumps >> _JACK_PLACE
        jack_value &= 1
        if rules.hang_jack_value != 1:
            held = (dealt1 >> jack) & 1
            jack_value *= np.where(held == jack_side, 1, rules.hang_jack_value)
        # AF-4: the side with more card points.
        points = _card_points(won)
        points0, points1 = points[0], points[1]
        game_side = points1 > points0
        if rules.game_tie is GameTie.NON_DEALER:
            tie = points1 == points0
            game_side |= tie & ((self._dealer[lanes] & 1) == 0)
            game_value: npt.NDArray[np.integer[Any]] | int = rules.game_value
        else:
            game_value = (points1 != points0) * rules.game_value
        # The awards in order; once a side reaches the target the game is over and the later
        # awards are not scored.
        target = self._target
        # Both sides' scores of each lane in one gather and one scatter (a lane's two int64
        # scores as one 16-byte item; s0 and s1 are views of the copy).
        pairs = self._score_pairs.take(lanes)
        scores = pairs.view(np.int64)
        s0, s1 = scores[0::2], scores[1::2]
        alive: npt.NDArray[np.bool_] | None = None
        for value, side in (
            (has, high_side),
            (has, low_side),
            (jack_value, jack_side),
            (game_value, game_side),
        ):
            v = value if alive is None else value * alive
            gain = v * side
            s1 += gain
            s0 += v
            s0 -= gain
            alive = np.maximum(s0, s1) < target
        assert alive is not None
        self._score_pairs[lanes] = pairs
        over = ~alive
        self._game_over(lanes[over], (s1[over] >= target).astype(np.int64))
        nxt = lanes[alive]
        self._dealer[nxt] = self._next_seat.take(self._dealer[nxt])
        self._deal[nxt] += 1
        self._pending.append(nxt)

    def _game_over(self, lanes: I64, winner: I64) -> None:
        """Games that ended: reported, and each lane's next game dealt, at the end of the step
        (auto-reset; see :meth:`_finish_games`)."""
        if lanes.size:
            self._over.append((lanes, winner))

    def _finish_games(self) -> None:
        """Report the games that ended (their scores and deals are as they ended: nothing
        touches a finished game's lane until its next game is dealt) and start the next ones."""
        if len(self._over) == 1:
            lanes, winner = self._over[0]
        else:
            lanes = np.concatenate([part[0] for part in self._over])
            winner = np.concatenate([part[1] for part in self._over])
        self._over = []
        games = self._game[lanes]
        scores = self._score_pairs.take(lanes).view(np.int64).reshape(-1, 2)
        self._results.add(lanes, games, winner, scores, self._deal[lanes])
        self._game[lanes] = games + 1
        self._score_pairs[lanes] = self._start_pair
        self._deal[lanes] = 0
        self._new_games.append(lanes)

    def _deal_pending(self, decks: I64 | None = None) -> None:
        """Deal every lane waiting for a deal (new games draw their first dealer first).  The
        kicks are scored first (AF-9, AF-14): a kick that ends a game starts the next one, whose
        deck is fetched in turn; then the hands of every deal are dealt together."""
        # The first pass's lanes, decks and kicks; a lane whose game its kick ended is dealt its
        # next game in the next pass, which writes that deal's deck and kick in the lane's place
        # (``at``: the places of that pass's lanes, in their order).
        dealt: tuple[I64, I64, I64] | None = None
        at: I64 | None = None
        while True:
            if self._over:
                self._finish_games()
            # The new games first: the first `new` lanes draw their first dealer.
            pending = self._new_games + self._pending
            if not pending:
                break
            new = sum(part.size for part in self._new_games)
            lanes = np.concatenate(pending) if len(pending) > 1 else pending[0]
            self._new_games = []
            self._pending = []
            games, deals = self._game[lanes], self._deal[lanes]
            if decks is None:
                decks, dealers = self._source.deals(
                    lanes, games, deals, self._game, self._deal, new
                )
            elif new:
                dealers = self._source.dealers(lanes[:new], games[:new], self._game, self._deal)
            if new:
                self._dealer[lanes[:new]] = dealers
            kick = decks[:, 6 * self.players].astype(np.intp)
            side = self._dealer[lanes] & 1
            won = self._award(lanes, side, self._kick_points[kick])
            if dealt is None:
                dealt = (lanes, decks, kick)
            else:
                # This pass's lanes are the last pass's whose game ended, in their order (see
                # _finish_games).  (Their places' decks are rows already taken from the source:
                # a copy, or a numpy block's rows handed out, never read again.)
                assert at is not None
                dealt[1][at] = decks
                dealt[2][at] = kick
            if np.count_nonzero(won):
                self._game_over(lanes[won], side[won])
                at = won.nonzero()[0] if at is None else at[won]
            decks = None
        if dealt is not None:
            self._deal_cards(*dealt)

    def _seats_from(self, dealer: I64, lanes: I64) -> I64:
        """The flat places (lane * players + seat) of the seats dealer + 1 ... dealer + p of
        each lane (p, m), C-ordered: the dealers' columns of the table of seats after each
        dealer (``take`` along the columns: a C-ordered result, without a transposition)."""
        seats: I64 = self._seats_after.take(dealer, axis=1)
        seats += lanes * self.players
        return seats

    def _deal_cards(self, lanes: I64, decks: I64, kick: I64) -> None:
        """AF-7: deal each lane's current deal (its dealer and deal number set, its kick
        scored)."""
        p, m = self.players, lanes.size
        self._stock[lanes] = decks[:, 6 * p :]
        # The first 6p cards grouped by seat from dealer + 1: (m, p, 6), each seat's bits joined.
        # (Each seat's cards are joined by a reduction over the first axis of a C-ordered
        # array, which numpy does fastest: the cards transposed, (6, p, m).)
        cards = np.ascontiguousarray(decks[:, self._order].T, dtype=np.intp)
        hands = np.bitwise_or.reduce(_BIT[cards].reshape(6, p, m), axis=0)
        seats = self._seats_from(self._dealer[lanes], lanes)
        self._dealt[seats] = hands
        # The trick state (cards, context, best key) is empty already: a deal ends after its
        # last trick, or before play.
        self._kicks[lanes, 0] = kick  # the later rows are read up to _nkicks only
        self._ksuit[lanes] = _SUIT_OF.take(kick)
        self._state[:, lanes] = _DEAL_ROWS
        self._turn[lanes] = seats[0] & self._seats

    # -- legal actions ---------------------------------------------------------------------
    def _update_legal(self) -> None:
        """AF-10, AF-11, AF-16 ... AF-20: each lane's legal action ids as bits."""
        hand = self._dealt.take(self._base + self._turn)
        hand &= self._live  # out of play, no card
        self._hand = hand  # the next play takes its card from it
        tmask = self._tmask
        # Before a trick's first card no suit is led, whose mask is empty: any card.
        of_suit = _LEAD_MASK.take(self._ctx)
        of_suit &= hand
        # AF-17, AF-18: the cards of the suit led and the trumps, or the hand when it has no
        # card of the suit led (of_suit - 1 is negative then, and an arithmetic shift by 63
        # makes it all ones, else 0).
        void = of_suit.view(np.int64) - 1
        void >>= 63
        legal = void.view(np.uint64)
        legal |= tmask
        legal &= hand
        legal |= of_suit
        rule = self.rules.undertrump
        if rule is not Undertrump.ALLOWED:  # AF-20
            # The best card of the trick is a trump when its key says so (see _play).
            lead = self._ctx // 5 - 1
            best = self._trump * 13 + (self._best >> 2) % 16
            top_trump = (lead >= 0) & (lead != self._trump) & (self._best >= 128)
            below = (_ONE << np.clip(best, 0, 63).astype(np.uint64)) - _ONE
            under = hand & tmask & below
            if rule is Undertrump.ONLY_IF_ONLY_TRUMPS:
                limited = (hand & ~tmask) != _ZERO
            else:
                limited = of_suit != _ZERO
            cut = top_trump & (under != _ZERO) & limited
            legal = np.where(cut, legal & ~under, legal)
        # AF-10, AF-11: stand or beg; give one or run the pack (their bits are set out of play).
        legal |= self._pbits
        self._legal = legal
