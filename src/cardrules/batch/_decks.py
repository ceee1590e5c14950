"""Where a batch's decks and first dealers come from: the engines' seeded shuffle of each
lane's game (internal)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cardrules.batch._shuffle import decks_for, draw_dealers
from cardrules.core.deck import derive_seed

__all__ = ["DeckSource", "game_seed"]

I64 = npt.NDArray[np.int64]


def game_seed(seed: int, lane: int, game: int) -> int:
    """The seed of game ``game`` (0, 1, ...) of lane ``lane`` in a batch made with ``seed``:
    ``derive_seed(seed, "batch", lane, game)``.  That game is ``new_game(rules,
    seed=game_seed(seed, lane, game))`` of the per-state engine, action for action."""
    return derive_seed(seed, "batch", lane, game)


class DeckSource:
    """The decks of each lane's deals: ``shuffled_deck(game seed, "deal", deal number)``, and the
    first dealers: ``draw_for_dealer(game seed, players)``, as the per-state engine deals."""

    def __init__(self, seed: int, players: int) -> None:
        self.seed = seed
        self.players = players
        self._seeds: dict[tuple[int, int], int] = {}

    def _seed(self, lane: int, game: int) -> int:
        key = (lane, game)
        value = self._seeds.get(key)
        if value is None:
            if len(self._seeds) > 1 << 16:
                self._seeds.clear()
            value = self._seeds[key] = game_seed(self.seed, lane, game)
        return value

    def dealers(self, lanes: I64, games: I64) -> I64:
        """The first dealer of each (lane, game)."""
        seeds = [self._seed(int(i), int(j)) for i, j in zip(lanes, games, strict=True)]
        return draw_dealers(seeds, self.players)

    def decks(self, lanes: I64, games: I64, deals: I64) -> I64:
        """The deck of each (lane, game, deal), card indices top first (m, 52)."""
        seeds = [self._seed(int(i), int(j)) for i, j in zip(lanes, games, strict=True)]
        return decks_for(seeds, "deal", [int(k) for k in deals]).astype(np.int64)
