"""What a step reports: :class:`StepResult` (rewards, which lanes' games ended) and the finished
games' :class:`GameResults`."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

__all__ = ["GameResults", "Results", "StepResult"]


class GameResults(NamedTuple):
    """The games that ended in one step, in the order they ended (m entries; a lane can appear
    more than once when a new game ends at its first kick)."""

    #: The lane of each finished game.
    lane: npt.NDArray[np.int64]
    #: Its number in the lane (0 for the lane's first game): its seed is
    #: :func:`~cardrules.batch.game_seed` ``(seed, lane, game)``.
    game: npt.NDArray[np.int64]
    #: The winning side (team) of each game.
    winner: npt.NDArray[np.int64]
    #: The final scores (m, 2 sides in All Fours, 4 players in 400).
    scores: npt.NDArray[np.int64]
    #: The number of deals each game took (void deals count).
    deals: npt.NDArray[np.int64]


class StepResult(NamedTuple):
    """What :meth:`step` returns."""

    #: Per lane and seat (n, players): +1 for each seat of the side (team) that won the game in
    #: which the lane's action was taken, -1 for the others, 0 while that game goes on.
    rewards: npt.NDArray[np.float32]
    #: Per lane (n,): the game in which the lane acted ended (the lane now plays its next game).
    done: npt.NDArray[np.bool_]
    #: Every game that ended in this step.
    results: GameResults


class Results:
    """Collects the finished games of a step (internal)."""

    def __init__(self, players: int, scores: int = 2) -> None:
        self.players = players
        self._width = scores
        self._side = np.arange(players) & 1
        self._parts: list[tuple[npt.NDArray[np.int64], ...]] = []
        self.begin(0)

    def begin(self, n: int) -> None:
        """A new step of ``n`` lanes (games already reported stay until :meth:`take`)."""
        self._done = np.zeros(n, dtype=bool)
        self._rewards = np.zeros((n, self.players), dtype=np.float32)

    def add(
        self,
        lanes: npt.NDArray[np.int64],
        games: npt.NDArray[np.int64],
        winner: npt.NDArray[np.int64],
        scores: npt.NDArray[np.int64],
        deals: npt.NDArray[np.int64],
    ) -> None:
        self._parts.append((lanes, games, winner, scores.copy(), deals + 1))
        if self._done.size:
            fresh = ~self._done[lanes]
            first = lanes[fresh]
            self._done[first] = True
            self._rewards[first] = np.where(self._side == winner[fresh][:, None], 1.0, -1.0)

    def take(self) -> StepResult:
        parts = self._parts
        if parts:
            fields = [np.concatenate([part[k] for part in parts]) for k in range(5)]
        else:
            empty = np.zeros(0, dtype=np.int64)
            fields = [empty, empty, empty, np.zeros((0, self._width), dtype=np.int64), empty]
        result = StepResult(self._rewards, self._done, GameResults(*fields))
        self._parts = []
        return result
