"""What a step reports: :class:`StepResult` (rewards, which lanes' games ended) and the finished
games' :class:`GameResults`."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

__all__ = ["GameResults", "StepResult"]


class GameResults(NamedTuple):
    """The games that ended in one step, lane by lane, each lane's in the order they ended (m
    entries; a lane can appear more than once when a new game ends at its first kick)."""

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
