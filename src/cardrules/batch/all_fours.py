"""All Fours (AF-1 ... AF-24) for a batch of games stepped together: :class:`AllFoursBatch`.

Every game of the batch is a lane.  Each lane's state lives in flat arrays (one entry per lane,
or per lane and seat: index ``lane * players + seat``); cards are bits of a ``uint64`` (bit =
card index, as in :mod:`cardrules.core.cardset`).  A step runs the same array operations for all
lanes; the events that only some lanes meet in a step (a stand, beg or run, the end of a deal,
the end of a game, a new deal) run on the index array of those lanes, never in a Python loop over
lanes.  On an accelerator array library these become masked updates of the whole batch.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from cardrules.all_fours import CARD_POINTS, GameTie, Rules, Undertrump, deal_layout
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

#: AF-4: the card points of each card index (index -1: none).
_CARD_POINTS: Final = np.array([CARD_POINTS[card.rank] for card in CARDS] + [0], dtype=np.int64)


def _key_table() -> I64:
    """AF-19: a card's key in a trick, (rank place + 16 if of the suit led + 32 if a trump) * 4,
    at ``card * 25 + lead * 5 + trump`` (each -1 for none; negative indices wrap)."""
    table = np.zeros(1400, dtype=np.int64)
    for card in range(52):
        for lead in range(-1, 4):
            for trump in range(-1, 4):
                suit = card // 13
                key = card % 13 + 16 * (suit == lead) + 32 * (suit == trump)
                table[card * 25 + lead * 5 + trump] = key * 4
    return table


_KEY: Final = _key_table()
#: The highest and lowest place (0 = 2 ... 12 = A) of each 13-bit pattern (-1 for none).
_HIGH: Final = np.array([p.bit_length() - 1 for p in range(1 << 13)], dtype=np.int64)
_LOW: Final = np.array([(p & -p).bit_length() - 1 for p in range(1 << 13)], dtype=np.int64)
_JACK_PLACE: Final = Rank.JACK - 2
#: The legal ids of each phase other than play (AF-10, AF-11).
_PHASE_BITS: Final = np.array(
    [(1 << STAND) | (1 << BEG_ID), (1 << GIVE) | (1 << RUN), 0], dtype=np.uint64
)
_DEALT_BITS: Final = np.uint64(0x1FFF)


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
        self._seat_side = np.arange(p) & 1
        # AF-7: per dealer, the first 6p deck positions grouped by the seat that gets them.
        layout = np.array([deal_layout(rules, dealer) for dealer in range(p)])
        self._order = np.argsort(layout, axis=1, kind="stable")
        self._next = (np.arange(p) + 1) % p
        #: Per dealer, the seats from dealer + 1 round to the dealer (AF-11's packets).
        self._next_seats = (np.arange(p)[:, None] + np.arange(1, p + 1)) % p
        runs = (52 - (6 * p + 1)) // (3 * p + 1)
        #: The deck positions of every run a deal allows (AF-11 ... AF-13), after the deal's 6p
        #: cards and kick: (runs, 3p cards), and each run's kick.
        self._run_cards = 6 * p + 1 + (3 * p + 1) * np.arange(runs)[:, None] + np.arange(3 * p)
        self._run_kicks = 6 * p + 1 + (3 * p + 1) * np.arange(runs) + 3 * p
        self._kick_points = np.array([rules.kick_value(c.rank) for c in CARDS], dtype=np.int64)
        self._target = rules.target
        #: The most kicks in one deal (AF-11 ... AF-13).
        self.max_kicks = 1 + (52 - (6 * p + 1)) // (3 * p + 1)
        # Per lane and seat (flat).
        self._hands = np.zeros(n * p, dtype=np.uint64)
        self._dealt = np.zeros(n * p, dtype=np.uint64)
        self._trick_card = np.full(n * p, -1, dtype=np.int64)
        # Per lane and side (flat).
        #: The scores every game starts from.
        self._start = np.zeros(2, dtype=np.int64) if scores is None else scores
        self._scores = np.tile(self._start, n)
        self._won = np.zeros(n * 2, dtype=np.uint64)
        self._tricks_won = np.zeros(n * 2, dtype=np.int64)
        self._points = np.zeros(n * 2, dtype=np.int64)  # AF-4: card points won
        # Per lane.
        self._deck = np.zeros((n, 52), dtype=np.int8)
        self._pos = np.zeros(n, dtype=np.int64)
        self._kicks = np.full((n, self.max_kicks), -1, dtype=np.int64)
        self._nkicks = np.zeros(n, dtype=np.int64)
        self._kick = np.zeros(n, dtype=np.int64)  # the last kick
        self._trump = np.full(n, -1, dtype=np.int64)
        self._tmask = np.zeros(n, dtype=np.uint64)
        self._phase = np.zeros(n, dtype=np.int64)
        self._turn = np.zeros(n, dtype=np.int64)
        self._dealer = np.zeros(n, dtype=np.int64)
        self._tlen = np.zeros(n, dtype=np.int64)
        #: The suit led to the current trick, -1 before its first card.
        self._lead = np.full(n, -1, dtype=np.int64)
        #: The best card of the trick so far (AF-19) as a key: (rank place + 16 if of the suit
        #: led + 32 if a trump) * 4 + its seat.
        self._best = np.zeros(n, dtype=np.int64)
        self._trick_mask = np.zeros(n, dtype=np.uint64)
        self._trick_points = np.zeros(n, dtype=np.int64)
        self._deal = np.zeros(n, dtype=np.int64)
        self._game = np.zeros(n, dtype=np.int64)
        self._legal = np.zeros(n, dtype=np.uint64)
        self._results = Results(p)
        self._pending: list[I64] = []
        self._new_games: list[I64] = []
        # The first game of every lane (games over at their first kick are reported by the
        # first step).
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
        return self._hands.reshape(self.n, self.players).copy()

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
        own = np.where(may_look, self._hands[self._base + seat], _ZERO)
        views["hand"][:] = unpack(own)
        for r in range(p):
            s = (seat + r) % p
            flat = self._base + s
            card = self._trick_card[flat]
            playing = card >= 0
            views["current_trick"][lanes[playing], r, card[playing]] = 1.0
            played = self._dealt[flat] & ~self._hands[flat] & ~_BIT[np.where(playing, card, 64)]
            views["played"][:, r] = unpack(played)
            views["hand_sizes"][:, r] = np.bitwise_count(self._hands[flat]) / tricks
        views["dealer"][lanes, (dealer - seat) % p] = 1.0
        views["to_play"][lanes, (turn - seat) % p] = 1.0
        scores = self._scores.reshape(n, 2)
        won = self._tricks_won.reshape(n, 2)
        for side in range(2):
            views["scores"][lanes, (side - seat) % 2] = scores[:, side] / self._target
            views["tricks_won"][lanes, (side - seat) % 2] = won[:, side] / tricks
        views["phase"][lanes, self._phase] = 1.0
        for row in range(self.max_kicks):
            has = np.flatnonzero(self._nkicks > row)
            views["kicks"][has, row, self._kicks[has, row]] = 1.0
        fixed = np.flatnonzero(self._trump >= 0)
        views["trump"][fixed, self._trump[fixed]] = 1.0
        views["stock"][:, 0] = (52 - self._pos) / 52.0
        views["may_look"][:, 0] = may_look
        return out

    def random_actions(self, rng: np.random.Generator) -> I64:
        """A uniformly random legal action id for each lane (random legal play)."""
        x = self._legal
        k = (rng.random(self.n) * np.bitwise_count(x)).astype(np.int64)
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
        if not ((self._legal >> a.view(np.uint64)) & _ONE).all():
            self._refuse(a)
        self._results.begin(self.n)
        decides = a >= 52
        decided = np.flatnonzero(decides)
        self._play(a, decides, decided)
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

    def _play(self, a: I64, decides: npt.NDArray[np.bool_], decided: I64) -> None:
        """AF-16 ... AF-19 for every lane that plays a card (the others are left as they are);
        a completed trick goes to its winner's side; the last trick of a deal is tallied."""
        p = self.players
        seat = self._turn
        # No card: -1 (its bit is 0, its suit -1 matches no lead or trump).
        card = np.where(decides, -1, a) if decided.size else a
        flat = self._base + seat
        bit = _BIT[card]
        self._hands[flat] ^= bit
        self._trick_card[flat] = card
        self._trick_mask |= bit
        self._trick_points += _CARD_POINTS[card]
        first = self._lead < 0
        lead = np.where(first, card // 13, self._lead)
        self._lead = lead
        # AF-19: the highest trump, else the highest card of the suit led; the seat rides along.
        key = _KEY[card * 25 + lead * 5 + self._trump] + seat
        self._best = np.where(first, key, np.maximum(self._best, key))
        turn = self._next[seat]
        if decided.size:
            self._tlen += ~decides
            turn[decided] = seat[decided]
        else:
            self._tlen += 1
        self._turn = turn
        complete = np.flatnonzero(self._tlen == p)
        if not complete.size:
            return
        winner = self._best[complete] & 3
        side = complete * 2 + (winner & 1)
        self._won[side] |= self._trick_mask[complete]
        self._tricks_won[side] += 1
        self._points[side] += self._trick_points[complete]
        self._trick_points[complete] = 0
        self._turn[complete] = winner
        self._tlen[complete] = 0
        self._lead[complete] = -1
        self._trick_mask[complete] = _ZERO
        self._trick_card.reshape(self.n, p)[complete] = -1
        over = complete[self._hands[complete * p + winner] == _ZERO]
        if over.size:
            self._tally(over)

    def _decide(self, lanes: I64, a: I64) -> None:
        """AF-10 ... AF-12: stand, beg, give one, run the pack; the lanes whose play begins
        begin it together."""
        beg = lanes[a == BEG_ID]
        if beg.size:
            self._phase[beg] = ANSWER
            self._turn[beg] = self._dealer[beg]
        play = a == STAND
        give = np.flatnonzero(a == GIVE)
        if give.size:
            lane = lanes[give]
            beggar_side = ((self._dealer[lane] + 1) % self.players) & 1
            won = self._award(lane, beggar_side, np.ones(lane.size, dtype=np.int64))
            self._game_over(lane[won], beggar_side[won])
            play[give[~won]] = True
        begin = lanes[play]
        run = lanes[a == RUN]
        if run.size:
            begin = np.concatenate((begin, self._run_pack(run)))
        self._begin_play(begin)

    def _begin_play(self, lanes: I64) -> None:
        """Trumps are the current kick's suit; the beggar leads (AF-16)."""
        suit = self._kick[lanes] // 13
        self._trump[lanes] = suit
        self._tmask[lanes] = _SUIT[suit]
        self._phase[lanes] = PLAY
        self._turn[lanes] = self._next[self._dealer[lanes]]

    def _award(self, lanes: I64, side: I64, points: I64) -> npt.NDArray[np.bool_]:
        """Score one award per lane; AF-21: which lanes' side reached the target."""
        where = lanes * 2 + side
        self._scores[where] += points
        reached: npt.NDArray[np.bool_] = self._scores[where] >= self._target
        return reached

    def _run_pack(self, lanes: I64) -> I64:
        """AF-11 ... AF-13: three more cards each and a new kick, until the suit changes; a void
        deal when the stock runs short.  Every run the stock allows is read at once (a run comes
        after the beg, one per deal, so the stock is at 6p + 1); each lane stops at its first
        kick that reaches the target (AF-9, AF-14) or changes the suit (AF-12), or at the void.
        Returns the lanes whose play begins (the suit changed)."""
        p, m = self.players, lanes.size
        runs = self._run_kicks.size
        dealer = self._dealer[lanes]
        side = dealer & 1
        deck = self._deck[lanes]
        kicks = deck[:, self._run_kicks].astype(np.int64)  # (m, runs)
        suits = kicks // 13
        changed = suits != np.concatenate((self._kick[lanes, None] // 13, suits[:, :-1]), axis=1)
        scored = np.cumsum(self._kick_points[kicks], axis=1)  # AF-9: each kick, in turn
        reached = self._scores[lanes * 2 + side][:, None] + scored >= self._target
        # The run at which each lane stops; runs = the void (AF-13), after every run it allows.
        stop = np.concatenate((changed | reached, np.ones((m, 1), dtype=bool)), axis=1)
        last = stop.argmax(axis=1)
        void = last == runs
        made = np.where(void, runs, last + 1)  # the runs dealt
        rows = np.arange(m)
        # Packets of three from dealer + 1 round to the dealer: (m, runs, p seats, 3 cards).
        packets = _BIT[deck[:, self._run_cards]].reshape(m, runs, p, 3)
        dealt = np.arange(runs) < made[:, None]
        cards = np.bitwise_or.reduce(packets, axis=3)
        cards = np.bitwise_or.reduce(np.where(dealt[:, :, None], cards, _ZERO), axis=1)
        seats = lanes[:, None] * p + self._next_seats[dealer]
        self._hands[seats] |= cards
        self._dealt[seats] |= cards
        got, run = np.nonzero(dealt)
        self._kicks[lanes[got], self._nkicks[lanes[got]] + run] = kicks[got, run]
        self._nkicks[lanes] += made
        self._kick[lanes] = kicks[rows, made - 1]
        self._pos[lanes] += (3 * p + 1) * made
        self._scores[lanes * 2 + side] += scored[rows, made - 1]
        over = ~void & reached[rows, np.minimum(last, runs - 1)]
        again = lanes[void]
        self._deal[again] += 1  # AF-13: same dealer, a fresh shuffle
        self._pending.append(again)
        self._game_over(lanes[over], side[over])
        begin: I64 = lanes[~void & ~over]
        return begin

    def _tally(self, lanes: I64) -> None:
        """AF-22, AF-23: High, Low, Jack, Game one at a time, stopping at the target; then
        AF-8: the next dealer deals."""
        p, m = self.players, lanes.size
        rules = self.rules
        dealt = self._dealt.reshape(self.n, p)[lanes].view(np.int64)
        in_play = np.bitwise_or.reduce(dealt, axis=1)
        # The cards dealt to side 1 and won by side 1 tell each card's side.
        dealt1 = dealt[:, 1] if p == 2 else dealt[:, 1] | dealt[:, 3]
        won1 = self._won[lanes * 2 + 1].view(np.int64)
        base = 13 * self._trump[lanes]
        trumps = (in_play >> base) & 0x1FFF
        has = (trumps != 0).astype(np.int64)
        # High and Low go to the side dealt the card (no trump in play: worth 0, and a shift
        # below 0 reads 0).
        high_side = (dealt1 >> (base + _HIGH[trumps])) & 1
        low_side = (dealt1 >> (base + _LOW[trumps])) & 1
        # The jack of trumps: 1 to the side that won its trick, the holder's; hang jack when the
        # holder's opponents won it.
        jack = base + _JACK_PLACE
        jack_side = (won1 >> jack) & 1
        held_by_taker = jack_side == (dealt1 >> jack) & 1
        jack_value = ((trumps >> _JACK_PLACE) & 1) * np.where(
            held_by_taker, 1, rules.hang_jack_value
        )
        points = self._points.reshape(self.n, 2)[lanes]
        game_has = points[:, 0] != points[:, 1]
        game_side = (points[:, 1] > points[:, 0]).astype(np.int64)
        if rules.game_tie is GameTie.NON_DEALER:
            game_side = np.where(game_has, game_side, (self._dealer[lanes] & 1) ^ 1)
            game_has[:] = True
        # The awards in order, the scores after each in turn; the first that reaches the target
        # ends the game.
        side = np.stack((high_side, low_side, jack_side, game_side), axis=1)
        value = np.stack((has, has, jack_value, game_has * rules.game_value), axis=1)
        value1 = value * side
        scores = self._scores.reshape(self.n, 2)
        before = scores[lanes]
        after0 = np.cumsum(value - value1, axis=1) + before[:, :1]
        after1 = np.cumsum(value1, axis=1) + before[:, 1:]
        reached = (after0 >= self._target) | (after1 >= self._target)
        over = reached.any(axis=1)
        last = np.where(over, reached.argmax(axis=1), 3)
        rows = np.arange(m)
        final = np.stack((after0[rows, last], after1[rows, last]), axis=1)
        scores[lanes] = final
        winner = (final[:, 1] >= self._target).astype(np.int64)
        self._game_over(lanes[over], winner[over])
        nxt = lanes[~over]
        self._dealer[nxt] = self._next[self._dealer[nxt]]
        self._deal[nxt] += 1
        self._pending.append(nxt)

    def _game_over(self, lanes: I64, winner: I64) -> None:
        """Report the finished games; each lane's next game is dealt at the end of the step
        (auto-reset)."""
        if not lanes.size:
            return
        scores = self._scores.reshape(self.n, 2)
        self._results.add(lanes, self._game[lanes], winner, scores[lanes], self._deal[lanes])
        self._game[lanes] += 1
        scores[lanes] = self._start
        self._deal[lanes] = 0
        self._pending.append(lanes)
        self._new_games.append(lanes)

    def _deal_pending(self, decks: I64 | None = None) -> None:
        """Deal every lane waiting for a deal (new games draw their first dealer first); a
        first kick that ends a game starts the next one."""
        while self._pending:
            lanes = np.concatenate(self._pending)
            self._pending = []
            if self._new_games:
                new = np.concatenate(self._new_games)
                self._new_games = []
                self._dealer[new] = self._source.dealers(
                    new, self._game[new], self._game, self._deal
                )
            self._deal_cards(lanes, decks)
            decks = None

    def _deal_cards(self, lanes: I64, decks: I64 | None) -> None:
        """AF-7, AF-9: deal each lane's current deal (its dealer and deal number set) and score
        the kick; AF-14: a kick that reaches the target ends the game."""
        if decks is None:
            decks = self._source.decks(
                lanes, self._game[lanes], self._deal[lanes], self._game, self._deal
            )
        p, m = self.players, lanes.size
        top = 6 * p
        self._deck[lanes] = decks
        self._pos[lanes] = top + 1
        dealer = self._dealer[lanes]
        # The first 6p cards grouped by seat: (m, p, 6), then each seat's six bits joined.
        cards = decks[np.arange(m)[:, None], self._order[dealer]]
        hands = np.bitwise_or.reduce(_BIT[cards].reshape(m, p, 6), axis=2)
        self._hands.reshape(self.n, p)[lanes] = hands
        self._dealt.reshape(self.n, p)[lanes] = hands
        # The trick state (cards, length, suit led, mask, points) is empty already: a deal ends
        # after its last trick, or before play.
        self._won.reshape(self.n, 2)[lanes] = _ZERO
        self._tricks_won.reshape(self.n, 2)[lanes] = 0
        self._points.reshape(self.n, 2)[lanes] = 0
        kick = decks[:, top]
        self._kicks[lanes, 0] = kick  # the later rows are read up to _nkicks only
        self._nkicks[lanes] = 1
        self._kick[lanes] = kick
        self._trump[lanes] = -1
        self._tmask[lanes] = _ZERO
        self._phase[lanes] = BEG
        self._turn[lanes] = self._next[dealer]
        won = self._award(lanes, dealer & 1, self._kick_points[kick])  # AF-9, AF-14
        self._game_over(lanes[won], (dealer & 1)[won])

    # -- legal actions ---------------------------------------------------------------------
    def _update_legal(self) -> None:
        """AF-10, AF-11, AF-16 ... AF-20: each lane's legal action ids as bits."""
        p = self.players
        hand = self._hands[self._base + self._turn]
        tmask = self._tmask
        # Before a trick's first card the suit led is -1, whose mask is empty: any card.
        of_suit = hand & _SUIT[self._lead]
        legal = np.where(of_suit != _ZERO, of_suit | (hand & tmask), hand)  # AF-17, AF-18
        rule = self.rules.undertrump
        if rule is not Undertrump.ALLOWED:  # AF-20
            # The best card of the trick is a trump when its key says so (see _play).
            best = self._trump * 13 + (self._best >> 2) % 16
            top_trump = (self._lead >= 0) & (self._lead != self._trump) & (self._best >= 128)
            below = (_ONE << np.clip(best, 0, 63).astype(np.uint64)) - _ONE
            under = hand & tmask & below
            if rule is Undertrump.ONLY_IF_ONLY_TRUMPS:
                limited = (hand & ~tmask) != _ZERO
            else:
                limited = of_suit != _ZERO
            cut = top_trump & (under != _ZERO) & limited
            legal = np.where(cut, legal & ~under, legal)
        # AF-10, AF-11: stand or beg; give one or run the pack.
        phase = self._phase
        bits = _PHASE_BITS[phase]
        if self.rules.give_one_needs_trump:
            answer = np.flatnonzero(phase == ANSWER)
            dealer_hand = self._hands[answer * p + self._dealer[answer]]
            cannot = (dealer_hand & _SUIT[self._kick[answer] // 13]) == _ZERO
            bits[answer[cannot]] = _BIT[RUN]
        self._legal = np.where(phase == PLAY, legal, bits)
