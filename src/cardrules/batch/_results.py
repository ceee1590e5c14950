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
        #: Per winning side, each seat's reward (+1 for the winner's seats, -1 for the others).
        self._reward = np.where(np.arange(players) & 1 == np.arange(2)[:, None], 1.0, -1.0).astype(
            np.float32
        )
        #: A row of rewards as one item (8 or 16 bytes), for 1-D gathers and scatters of rows.
        self._row = {8: np.dtype(np.int64), 16: np.dtype(np.complex128)}.get(4 * players)
        self._reward_rows = None if self._row is None else self._reward.view(self._row).ravel()
        self._parts: list[tuple[npt.NDArray[np.int64], ...]] = []
        self.begin(0)

    def begin(self, n: int) -> None:
        """A new step of ``n`` lanes (games already reported stay until :meth:`take`)."""
        self._n = n
        self._first = len(self._parts)

    def add(
        self,
        lanes: npt.NDArray[np.int64],
        games: npt.NDArray[np.int64],
        winner: npt.NDArray[np.int64],
        scores: npt.NDArray[np.int64],
        deals: npt.NDArray[np.int64],
    ) -> None:
        """Games that ended (the arrays are kept as given: ``scores`` must be a copy, e.g. a
        ``take`` of the lanes' rows)."""
        self._parts.append((lanes, games, winner, scores, deals + 1))

    def take(self) -> StepResult:
        """The step's result: each lane's first game that ended in the step (the game its action
        was taken in) sets its rewards; the games reported before the step (over at their first
        kick, when the batch was made) are listed only."""
        parts = self._parts
        done = np.zeros(self._n, dtype=bool)
        rewards = np.zeros((self._n, self.players), dtype=np.float32)
        if parts:
            if len(parts) == 1:
                fields = list(parts[0])
            else:
                fields = list(map(np.concatenate, zip(*parts, strict=True)))
            skip = sum(part[0].size for part in parts[: self._first])
            lanes, winner = fields[0][skip:], fields[2][skip:]
            if lanes.size:
                done[lanes] = True
                if np.count_nonzero(done) < lanes.size:  # a lane finished two games
                    first = np.unique(lanes, return_index=True)[1]
                    lanes, winner = lanes[first], winner[first]
                if self._reward_rows is None:
                    rewards[lanes] = self._reward.take(winner, axis=0)
                else:
                    assert self._row is not None
                    rewards.view(self._row).reshape(-1)[lanes] = self._reward_rows.take(winner)
        else:
            empty = np.zeros(0, dtype=np.int64)
            fields = [empty, empty, empty, np.zeros((0, self._width), dtype=np.int64), empty]
        self._parts = []
        self._first = 0
        return StepResult(rewards, done, GameResults(*fields))
