"""Where a batch's decks and first dealers come from (internal).

:class:`SeededDecks` deals as the per-state engine does: deal ``k`` of a game with seed ``s`` is
``shuffled_deck(s, "deal", k)`` and its first dealer ``draw_for_dealer(s, players)``.  Shuffling
one deck at a time would cost more than a step, so decks are made ahead, many at once: for each
lane, a window of its current game's next deals and the first deals of its next game.  The few
decks a step finds missing (a lane that dealt again soon, e.g. after a void deal) are made one at
a time by the per-state engine's shuffle, up to a budget between refills, rather than refilling
every lane for them.
:class:`NumpyDecks` draws decks from a numpy generator instead: faster, reproducible from the
batch's seed, but not the per-state engine's decks.
"""

from __future__ import annotations

from itertools import chain
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from cardrules.batch._shuffle import (
    DRAW_LABEL,
    DRAW_ROUNDS,
    dealers_from_draws,
    decks_from_texts,
    draw_round,
    game_seeds,
    numbered,
    prefixes,
)
from cardrules.core.deck import SHUFFLE_VERSION, derive_seed, shuffled_deck

__all__ = ["DeckSource", "NumpyDecks", "SeededDecks", "game_seed"]

I64 = npt.NDArray[np.int64]

#: How many deals of a game are made at once, and how few may be left before more are made.
WINDOW: Final = 2
assert WINDOW & (WINDOW - 1) == 0  # a power of two (see SeededDecks.deals)
LOW: Final = 2
#: A few decks missing from the ring (a lane that dealt again soon, e.g. after a void deal) are
#: made one at a time by the per-state engine's shuffle instead of a refill of every lane: at
#: most SCALAR_MISSES in one call and SCALAR_BUDGET between refills (a refill's fixed cost is
#: that of about a hundred decks made one at a time; made one at a time, a deck costs about
#: ten times its share of a refill).
SCALAR_MISSES: Final = 16
SCALAR_BUDGET: Final = 128
#: The most rounds of a draw for the first dealer made ahead.
MAX_ROUNDS: Final = 8
#: The width of the texts of a game's deals kept as bytes: "cardrules/1|", a seed (a uint64:
#: at most 20 digits), "|s:deal|" and a deal number below 1000 (larger ones are joined in
#: Python).
TEXT_WIDTH: Final = 48
#: The decimal digits of the numbers below 1000, each as three bytes padded with zeros: the
#: first digits of every number, then the second, then the third (a row per column).
_DIGITS: Final = (
    np.array([b"%d" % k for k in range(1000)], dtype="S3").view(np.uint8).reshape(1000, 3)
)
_DIGIT_COLUMNS: Final = np.ascontiguousarray(_DIGITS.T)
#: The text of a round of the draw for a first dealer, from its game's seed and the round.
_DRAW_TEXT: Final = (
    f"cardrules/{SHUFFLE_VERSION}|".encode().replace(b"%", b"%%")
    + b"%d|s:"
    + DRAW_LABEL.encode().replace(b"%", b"%%")
    + b"|%d"
)
_NONE: Final = np.zeros(0, dtype=np.int64)
_LOW32: Final = (1 << 32) - 1
#: The rank (0 = 2 ... 12 = A) of each card index.
_RANKS: Final = np.arange(52, dtype=np.int8) % 13


def game_seed(seed: int, lane: int, game: int) -> int:
    """The seed of game ``game`` (0, 1, ...) of lane ``lane`` in a batch made with ``seed``:
    ``derive_seed(seed, "batch", lane, game)``.  With the default ``shuffle="seeded"`` that game
    is ``new_game(rules, seed=game_seed(seed, lane, game))`` of the per-state engine, action for
    action."""
    return derive_seed(seed, "batch", lane, game)


class DeckSource:
    """The decks and first dealers of a batch's lanes."""

    def dealers(self, lanes: I64, games: I64, all_games: I64, all_deals: I64) -> I64:
        """The first dealer of each (lane, game) (arguments as for :meth:`decks`)."""
        raise NotImplementedError

    def decks(self, lanes: I64, games: I64, deals: I64, all_games: I64, all_deals: I64) -> I64:
        """The deck of each (lane, game, deal), card indices top first (m, 52); ``all_games``
        and ``all_deals`` are every lane's current game and deal (for making decks ahead)."""
        raise NotImplementedError

    def deals(
        self, lanes: I64, games: I64, deals: I64, all_games: I64, all_deals: I64, new: int
    ) -> tuple[I64, I64]:
        """The decks of :meth:`decks`, and the first dealers of the first ``new`` (lane, game)
        (:meth:`dealers`)."""
        dealers = self.dealers(lanes[:new], games[:new], all_games, all_deals)
        return self.decks(lanes, games, deals, all_games, all_deals), dealers


class SeededDecks(DeckSource):
    """The per-state engine's decks and dealers for each lane's games (see the module)."""

    def __init__(self, seed: int, n: int, players: int) -> None:
        self.seed = seed
        self.players = players
        self.n = n
        # Two slots per lane, by the parity of the game number: the game, its seed and first
        # dealer, and a ring of the decks of its deals end - WINDOW ... end - 1 (deal k's deck at
        # k % WINDOW; end in _code).
        self._game = np.full((n, 2), -1, dtype=np.int64)
        self._seed = np.zeros((n, 2), dtype=np.uint64)
        self._dealer = np.zeros((n, 2), dtype=np.int64)
        self._decks = np.zeros((n, 2, WINDOW, 52), dtype=np.int8)
        #: Per (lane, slot), flat: (game << 32) + end - 1, so that the deck of (game, deal) is
        #: in the ring when code - ((game << 32) + deal) is below WINDOW as unsigned (games and
        #: deal numbers below 2**31); the dealers, and the ring, flat.
        self._code = np.full(2 * n, -(1 << 32) - 1, dtype=np.int64)
        self._dealers = self._dealer.reshape(-1)
        self._ring = self._decks.reshape(-1, 52)
        #: Per lane and slot (lane * 2 + slot): the text hashed for its game's deals, up to the
        #: deal number (:func:`~cardrules.batch._shuffle.prefixes`), as bytes padded with zeros,
        #: and its length.
        self._prefix = np.zeros((2 * n, TEXT_WIDTH), dtype=np.uint8)
        self._prefix_length = np.zeros(2 * n, dtype=np.intp)
        #: Per lane, the game after its next one, made ahead: its number, its seed and the
        #: rounds of its draw for the first dealer made so far (the dealer, or -1 and the seats
        #: tied): the first round when the game is made ahead, a further round at each later
        #: refill while the draw ties (the first round ties in about 1 game in 8).
        self._ahead_game = np.full(n, -1, dtype=np.int64)
        self._ahead_seed = np.zeros(n, dtype=np.uint64)
        self._ahead_dealer = np.zeros(n, dtype=np.int64)
        self._ahead_tied = np.zeros((n, players), dtype=bool)
        self._ahead_rounds = np.zeros(n, dtype=np.int64)
        #: Decks made (deals and draws for the dealer), decks dealt and refills, for the figures
        #: of the docs.
        self.made = 0
        self.dealt = 0
        self.refills = 0
        #: Decks made one at a time since the last refill, and in all.
        self._scalar = 0
        self.scalar = 0

    def dealers(self, lanes: I64, games: I64, all_games: I64, all_deals: I64) -> I64:
        key = lanes * 2 + (games & 1)  # (lane, slot) flat
        if not (self._game.reshape(-1)[key] == games).all():
            zero = np.zeros(lanes.size, dtype=np.int64)
            self._refill(lanes, games, zero, all_games, all_deals)
        dealers: I64 = self._dealer.reshape(-1)[key]
        return dealers

    def decks(self, lanes: I64, games: I64, deals: I64, all_games: I64, all_deals: I64) -> I64:
        return self.deals(lanes, games, deals, all_games, all_deals, 0)[0]

    def deals(
        self, lanes: I64, games: I64, deals: I64, all_games: I64, all_deals: I64, new: int
    ) -> tuple[I64, I64]:
        key = lanes * 2
        key += games & 1  # (lane, slot) flat
        # The deck is in the ring when the slot holds the game and 0 < end - deal <= WINDOW
        # (see _code).
        want = games << 32
        want += deals
        left = self._code.take(key)
        left -= want
        ok = left.view(np.uint64) < WINDOW
        missing = None
        if np.count_nonzero(ok) < ok.size:
            missing = self._misses(ok, key, games)
            if missing is None:
                self._refill(lanes, games, deals, all_games, all_deals)
        dealers: I64 = self._dealers.take(key[:new])
        key *= WINDOW
        key += deals & (WINDOW - 1)  # deals % WINDOW (a power of two)
        ring: Any = self._ring  # int8 card indices
        decks: I64 = ring.take(key, axis=0)
        if missing is not None:
            self._make_missing(decks, missing, key, deals)
        self.dealt += lanes.size
        return decks, dealers

    def _misses(self, ok: npt.NDArray[np.bool_], key: I64, games: I64) -> I64 | None:
        """The rows whose deck is not in the ring, when few enough to be made one at a time
        (each of a game whose seed is known: its slot holds it); else None (a refill)."""
        missing = np.flatnonzero(~ok)
        count = missing.size
        if count > SCALAR_MISSES or self._scalar + count > SCALAR_BUDGET:
            return None
        if not (self._game.reshape(-1)[key[missing]] == games[missing]).all():
            return None
        return missing

    def _make_missing(self, decks: Any, missing: I64, ring_key: I64, deals: I64) -> None:
        """Each missing row's deck, made by the per-state engine's shuffle (the ring is left as
        it is: the next refill makes the lane's next decks)."""
        seeds = self._seed.reshape(-1)[ring_key[missing] // WINDOW].tolist()
        for row, seed, number in zip(missing.tolist(), seeds, deals[missing].tolist(), strict=True):
            decks[row] = [card.index for card in shuffled_deck(seed, "deal", number)]
        self._scalar += missing.size
        self.scalar += missing.size
        self.made += missing.size

    def _refill(self, lanes: I64, games: I64, deals: I64, all_games: I64, all_deals: I64) -> None:
        """Make decks ahead for every lane, all in one array shuffle: its current game's deals up
        to WINDOW from its next deal when fewer than LOW are left, and its next game's first
        deals with the draw for its first dealer.  Decks already made are kept."""
        self.refills += 1
        self._scalar = 0
        every = np.arange(all_games.size)
        want_game = all_games.copy()
        want_deal = all_deals + 1  # the deal in progress is dealt already
        want_game[lanes] = games
        want_deal[lanes] = deals
        fills: list[tuple[I64, I64, I64, I64]] = []
        for game, base in ((want_game, want_deal), (want_game + 1, np.zeros_like(want_deal))):
            slot = game & 1
            end = self._code.take(every * 2 + slot)
            end += 1
            end &= _LOW32  # (the end of an empty slot: 0)
            kept = (self._game[every, slot] == game) & (base >= end - WINDOW)
            stale = np.flatnonzero(~kept | (end - base < LOW))
            first = np.where(kept[stale], np.maximum(end[stale], base[stale]), base[stale])
            fills.append((stale, game[stale], base[stale], first))
        lane, game, base, first = (np.concatenate(part) for part in zip(*fills, strict=True))
        if not lane.size:
            return
        slot = game & 1
        key = lane * 2 + slot
        new_game = np.flatnonzero(self._game[lane, slot] != game)
        # A new game's seed and first round of the draw were made ahead, or are made now with
        # both rounds; the second round is made when the first tied.
        new_lane, new_number = lane[new_game], game[new_game]
        ahead = self._ahead_game[new_lane] == new_number
        known = new_game[ahead]
        fresh = new_game[~ahead]
        fresh_seeds: list[int] = []
        if fresh.size:
            seeds = game_seeds(self.seed, lane[fresh].tolist(), game[fresh].tolist())
            self._seed[lane[fresh], slot[fresh]] = seeds
            fresh_seeds = seeds.tolist()
        tied_seeds: list[int] = []
        tied_rounds: list[int] = []
        tied = known[:0]
        if known.size:
            known_lane = lane[known]
            self._seed[known_lane, slot[known]] = self._ahead_seed[known_lane]
            self._dealer[known_lane, slot[known]] = self._ahead_dealer[known_lane]
            tied = known[self._ahead_dealer[known_lane] < 0]
            tied_seeds = self._seed[lane[tied], slot[tied]].tolist()
            tied_rounds = self._ahead_rounds[lane[tied]].tolist()
        if new_game.size:
            # Each new game's texts up to the deal number (a C-level loop, as the hashing).
            new_seeds = self._seed[new_lane, slot[new_game]].tolist()
            made_prefixes = prefixes(new_seeds, "deal")
            where = key[new_game]
            prefix_rows = np.array(made_prefixes, dtype=f"S{TEXT_WIDTH}")
            self._prefix[where] = prefix_rows.view(np.uint8).reshape(-1, TEXT_WIDTH)
            self._prefix_length[where] = list(map(len, made_prefixes))
        # The game after each new next game, made ahead: its seed and first draw.
        target = np.full(all_games.size, -1, dtype=np.int64)
        np.maximum.at(target, new_lane, new_number + 1)
        later_lane = np.flatnonzero(target > self._ahead_game)
        later_game = target[later_lane]
        # The games made ahead before whose draw still ties: their next round (a game whose
        # draw ties after MAX_ROUNDS is drawn in the core when it starts).
        undecided = self._ahead_dealer < 0
        undecided &= self._ahead_game >= 0
        undecided &= self._ahead_rounds < MAX_ROUNDS
        undecided[later_lane] = False
        draw_lane = np.flatnonzero(undecided)
        draw_seeds: list[int] = self._ahead_seed[draw_lane].tolist()
        draw_rounds: list[int] = self._ahead_rounds[draw_lane].tolist()
        later_seeds: list[int] = []
        if later_lane.size:
            seeds = game_seeds(self.seed, later_lane.tolist(), later_game.tolist())
            self._ahead_game[later_lane] = later_game
            self._ahead_seed[later_lane] = seeds
            later_seeds = seeds.tolist()
        self._game[lane, slot] = game
        code = game << 32
        code += base
        code += WINDOW - 1
        self._code[key] = code
        # Deals first ... base + WINDOW - 1 of each filled slot, flat.
        count = base + WINDOW - first
        row = np.repeat(np.arange(lane.size), count)
        numbers = first[row] + np.arange(row.size) - np.repeat(np.cumsum(count) - count, count)
        number_list = numbers.tolist()
        texts = self._texts(key[row], numbers, number_list)
        # The draws: both rounds of the games not made ahead, the next round of those made
        # ahead that start now still tied, the next round of those made ahead before still
        # tied, the first round of the games made ahead now.
        parts: list[tuple[list[int], list[int]]] = [
            (fresh_seeds, [r] * len(fresh_seeds)) for r in range(DRAW_ROUNDS)
        ]
        parts += [
            (tied_seeds, tied_rounds),
            (draw_seeds, draw_rounds),
            (later_seeds, [0] * len(later_seeds)),
        ]
        # Each draw's text in one formatting (a C-level loop).
        texts += map(
            _DRAW_TEXT.__mod__,
            zip(
                chain.from_iterable(seeds_list for seeds_list, _ in parts),
                chain.from_iterable(round_numbers for _, round_numbers in parts),
                strict=True,
            ),
        )
        made_deals = row.size

        def origin(k: int) -> tuple[int, str, int]:
            if k < made_deals:
                return int(self._seed[lane[row[k]], slot[row[k]]]), "deal", number_list[k]
            k -= made_deals
            for seeds_list, round_numbers in parts:
                if k < len(seeds_list):
                    return seeds_list[k], DRAW_LABEL, round_numbers[k]
                k -= len(seeds_list)
            raise IndexError(k)

        made = decks_from_texts(texts, origin)
        self.made += made.shape[0]
        ring: Any = self._decks.reshape(-1, 52)
        ring[key[row] * WINDOW + numbers % WINDOW] = made[:made_deals]
        at = made_deals
        if fresh.size:
            g = fresh.size
            drawn = made[at : at + 2 * g].reshape(DRAW_ROUNDS, g, 52).transpose(1, 0, 2)
            self._dealer[lane[fresh], slot[fresh]] = dealers_from_draws(
                fresh_seeds, drawn, self.players
            )
            at += 2 * g
        if tied_seeds:
            g = len(tied_seeds)
            self._dealer[lane[tied], slot[tied]] = dealers_from_draws(
                tied_seeds,
                made[at : at + g, None],
                self.players,
                self._ahead_tied[lane[tied]],
            )
            at += g
        if draw_seeds:
            g = len(draw_seeds)
            self._draw_ahead(draw_lane, self._ahead_tied[draw_lane], made[at : at + g])
            at += g
        if later_seeds:
            self._ahead_rounds[later_lane] = 0
            self._draw_ahead(later_lane, None, made[at:])

    def _texts(self, keys: I64, numbers: I64, number_list: list[int]) -> list[bytes]:
        """The texts hashed for the deals ``numbers`` of the games at ``keys`` (lane * 2 +
        slot): each game's text up to the deal number and the number, joined as rows of bytes
        (the number's digits written after the prefix, zeros after them), each row made a
        bytes object by :meth:`numpy.ndarray.tolist` (which drops the trailing zeros)."""
        if numbers.size and int(numbers.max()) >= len(_DIGITS):
            prefix = self._prefix[keys].view(f"S{TEXT_WIDTH}").ravel().tolist()
            return numbered(prefix, number_list)
        texts = self._prefix.take(keys, axis=0)
        # Each number's digits written after its prefix (flat places: one scatter per digit
        # column the numbers use).
        at = self._prefix_length[keys]
        at += np.arange(0, keys.size * TEXT_WIDTH, TEXT_WIDTH)
        flat = texts.reshape(-1)
        top = int(numbers.max(initial=0))
        for column in range(1 if top < 10 else 2 if top < 100 else 3):
            if column:
                at += 1
            flat[at] = _DIGIT_COLUMNS[column][numbers]
        rows: list[bytes] = texts.view(f"S{TEXT_WIDTH}").ravel().tolist()
        return rows

    def _draw_ahead(
        self, lanes: I64, mine: npt.NDArray[np.bool_] | None, decks: npt.NDArray[Any]
    ) -> None:
        """A round of the draw for the first dealer of the lanes' games made ahead, with the
        seats ``mine`` drawing (None: every seat, the first round: seat k draws the deck's k-th
        card)."""
        if mine is None:
            # Seat-major (players, m): numpy reduces along the first axis of a C-ordered array
            # fastest (a maximum over the second axis of a small one is several times slower).
            ranks = _RANKS.take(decks[:, : self.players].T.astype(np.intp))
            tied_seats = ranks == ranks.max(axis=0)
            tied_after = tied_seats.T
            count = np.add.reduce(tied_seats, axis=0, dtype=np.int8)
            dealer = tied_seats.argmax(axis=0)
        else:
            tied_after = draw_round(mine, decks)
            count = tied_after.sum(axis=1)
            dealer = tied_after.argmax(axis=1)
        dealer[count != 1] = -1
        self._ahead_dealer[lanes] = dealer
        self._ahead_tied[lanes] = tied_after
        self._ahead_rounds[lanes] += 1


class NumpyDecks(DeckSource):
    """Decks as uniform random permutations from numpy's PCG64 generator seeded with the batch's
    seed, and uniform first dealers: not the per-state engine's decks.  A deck is its cards
    sorted by a random key each, a uint32 of 26 random bits above the card's index; a deck in
    which two cards drew the same 26 bits (about 1 in 50,000) is drawn again, so that the order
    of the keys is uniform.  Decks are made BLOCK at a time and handed out in turn."""

    #: How many decks are made at once.
    BLOCK: Final = 2048
    #: How many of the generator's words are drawn beyond those asked for (for the dealers).
    SPARE: Final = 256

    def __init__(self, seed: int, players: int) -> None:
        self.players = players
        self._rng = np.random.Generator(np.random.PCG64(seed))
        self._cards = np.arange(52, dtype=np.uint32)
        self._made: npt.NDArray[np.int8] = np.zeros((0, 52), dtype=np.int8)
        self._next = 0
        #: The generator's 64-bit words drawn and not read yet (from _at on): the decks and the
        #: dealers read them in turn, as they would draw them from the generator.
        self._words: npt.NDArray[np.uint64] = np.zeros(0, dtype=np.uint64)
        self._at = 0
        #: The high half of the last word a dealer read the low half of, or -1.
        self._half = -1
        #: A dealer is the top bits of a 32-bit draw (players = 2 or 4).
        self._shift = 32 - (players - 1).bit_length()

    def _take(self, k: int) -> npt.NDArray[np.uint64]:
        """The generator's next ``k`` 64-bit words (its stream is the same however it is
        drawn)."""
        at, words = self._at, self._words
        if at + k > words.size:
            more = self._rng.bit_generator.random_raw(at + k - words.size + self.SPARE)
            words = np.concatenate((words[at:], more))
            self._words = words[k:].copy()
            self._at = 0
            return words[:k]
        self._at = at + k
        return words[at : at + k]

    def dealers(self, lanes: I64, games: I64, all_games: I64, all_deals: I64) -> I64:
        """Each game's first dealer, as ``Generator.integers(0, players, size=m,
        dtype=np.int64)`` draws them (tested): for a range of 2 or 4, numpy's draw (Lemire's) is
        the top bits of a 32-bit draw, each 64-bit word giving its low half then its high half,
        a half left over kept for the next draw; read from the words drawn ahead, without that
        call's cost (about 9 µs, as much for one dealer as for a hundred)."""
        m, kept = lanes.size, self._half >= 0
        halves = self._take((m - kept + 1) // 2).astype("<u8").view("<u4")
        if kept:
            halves = np.concatenate((np.array([self._half], dtype=np.uint32), halves))
        self._half = int(halves[m]) if halves.size > m else -1
        draws = halves[:m] >> self._shift
        dealers: I64 = draws.astype(np.int64)
        return dealers

    def deals(
        self, lanes: I64, games: I64, deals: I64, all_games: I64, all_deals: I64, new: int
    ) -> tuple[I64, I64]:
        # No dealer drawn when no game starts.
        dealers = self.dealers(lanes[:new], games[:new], all_games, all_deals) if new else _NONE
        return self.decks(lanes, games, deals, all_games, all_deals), dealers

    def decks(self, lanes: I64, games: I64, deals: I64, all_games: I64, all_deals: I64) -> I64:
        m, start = lanes.size, self._next
        if start + m > self._made.shape[0]:
            self._made = self._shuffled(max(self.BLOCK, m))
            start = 0
        self._next = start + m
        made: Any = self._made  # int8 card indices
        decks: I64 = made[start : start + m]
        return decks

    def _shuffled(self, count: int) -> npt.NDArray[np.int8]:
        """``count`` uniform decks (card indices, top first)."""
        keys: npt.NDArray[np.uint32] = self._take(count * 26).reshape(count, 26).view(np.uint32)
        keys &= np.uint32(2**32 - 64)
        keys |= self._cards
        keys.sort(axis=1)
        drawn = keys >> 6
        tied = np.flatnonzero((drawn[:, 1:] == drawn[:, :-1]).any(axis=1))
        keys &= np.uint32(63)
        decks = keys.astype(np.int8)
        if tied.size:
            decks[tied] = self._shuffled(tied.size)
        return decks
