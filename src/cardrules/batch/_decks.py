"""Where a batch's decks and first dealers come from (internal).

:class:`SeededDecks` deals as the per-state engine does: deal ``k`` of a game with seed ``s`` is
``shuffled_deck(s, "deal", k)`` and its first dealer ``draw_for_dealer(s, players)``.  Shuffling
one deck at a time would cost more than a step, so decks are made ahead, many at once: for each
lane, a window of its current game's next deals and the first deals of its next game.
:class:`NumpyDecks` draws decks from a numpy generator instead: faster, reproducible from the
batch's seed, but not the per-state engine's decks.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from cardrules.batch._shuffle import decks_for, draw_dealers
from cardrules.core.deck import derive_seed

__all__ = ["DeckSource", "NumpyDecks", "SeededDecks", "game_seed"]

I64 = npt.NDArray[np.int64]

#: How many deals of a game are made at once, and how few may be left before more are made.
WINDOW: Final = 4
LOW: Final = 2


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


class SeededDecks(DeckSource):
    """The per-state engine's decks and dealers for each lane's games (see the module)."""

    def __init__(self, seed: int, n: int, players: int) -> None:
        self.seed = seed
        self.players = players
        self.n = n
        # Two slots per lane, by the parity of the game number: (game, first deal, decks).
        self._game = np.full((n, 2), -1, dtype=np.int64)
        self._base = np.zeros((n, 2), dtype=np.int64)
        self._dealer = np.zeros((n, 2), dtype=np.int64)
        self._decks = np.zeros((n, 2, WINDOW, 52), dtype=np.int8)
        self._seeds: dict[tuple[int, int], int] = {}
        #: Decks made and refills, for the figures of the docs.
        self.made = 0
        self.refills = 0

    def _seed(self, lane: int, game: int) -> int:
        key = (lane, game)
        value = self._seeds.get(key)
        if value is None:
            value = self._seeds[key] = game_seed(self.seed, lane, game)
        return value

    def _forget(self, lanes: I64, games: I64) -> None:
        for lane, game in zip(lanes.tolist(), games.tolist(), strict=True):
            self._seeds.pop((lane, game), None)

    def dealers(self, lanes: I64, games: I64, all_games: I64, all_deals: I64) -> I64:
        slot = games & 1
        if not (self._game[lanes, slot] == games).all():
            zero = np.zeros(lanes.size, dtype=np.int64)
            self._refill(lanes, games, zero, all_games, all_deals)
        dealers: I64 = self._dealer[lanes, slot]
        return dealers

    def decks(self, lanes: I64, games: I64, deals: I64, all_games: I64, all_deals: I64) -> I64:
        slot = games & 1
        offset = deals - self._base[lanes, slot]
        ok = (self._game[lanes, slot] == games) & (offset >= 0) & (offset < WINDOW)
        if not ok.all():
            self._refill(lanes, games, deals, all_games, all_deals)
            offset = deals - self._base[lanes, slot]
        decks: I64 = self._decks[lanes, slot, offset]
        return decks

    def _refill(self, lanes: I64, games: I64, deals: I64, all_games: I64, all_deals: I64) -> None:
        """Make decks ahead for every lane: its current game's window from its next deal when
        fewer than LOW deals are left in it, and its next game's first deals."""
        self.refills += 1
        every = np.arange(all_games.size)
        want_game = all_games.copy()
        want_deal = all_deals + 1  # the deal in progress is dealt already
        want_game[lanes] = games
        want_deal[lanes] = deals
        fill_lanes: list[I64] = []
        fill_games: list[I64] = []
        fill_base: list[I64] = []
        for game, base in ((want_game, want_deal), (want_game + 1, np.zeros_like(want_deal))):
            slot = game & 1
            left = self._base[every, slot] + WINDOW - base
            ok = (self._game[every, slot] == game) & (base >= self._base[every, slot])
            stale = np.flatnonzero(~(ok & (left >= LOW)))
            fill_lanes.append(stale)
            fill_games.append(game[stale])
            fill_base.append(base[stale])
        lane = np.concatenate(fill_lanes)
        game = np.concatenate(fill_games)
        base = np.concatenate(fill_base)
        if not lane.size:
            return
        # Free the slots' old games' seeds (each seed is derived once per game).
        old = self._game[lane, game & 1]
        gone = (old >= 0) & (old != game)
        self._forget(lane[gone], old[gone])
        seeds = [self._seed(i, j) for i, j in zip(lane.tolist(), game.tolist(), strict=True)]
        new_game = self._game[lane, game & 1] != game
        self._game[lane, game & 1] = game
        self._base[lane, game & 1] = base
        fresh = np.flatnonzero(new_game & (base == 0))
        if fresh.size:
            self._dealer[lane[fresh], game[fresh] & 1] = draw_dealers(
                [seeds[k] for k in fresh.tolist()], self.players
            )
        all_seeds = [s for s in seeds for _ in range(WINDOW)]
        numbers = (base[:, None] + np.arange(WINDOW)).reshape(-1).tolist()
        made = decks_for(all_seeds, "deal", numbers)
        self.made += len(numbers)
        self._decks[lane, game & 1] = made.reshape(lane.size, WINDOW, 52)


class NumpyDecks(DeckSource):
    """Decks as uniform random permutations from numpy's PCG64 generator seeded with the batch's
    seed, and uniform first dealers: not the per-state engine's decks."""

    def __init__(self, seed: int, players: int) -> None:
        self.players = players
        self._rng = np.random.Generator(np.random.PCG64(seed))
        self._order = np.arange(52, dtype=np.int64)

    def dealers(self, lanes: I64, games: I64, all_games: I64, all_deals: I64) -> I64:
        return self._rng.integers(0, self.players, size=lanes.size, dtype=np.int64)

    def decks(self, lanes: I64, games: I64, deals: I64, all_games: I64, all_deals: I64) -> I64:
        return self._rng.permuted(np.broadcast_to(self._order, (lanes.size, 52)), axis=1)
