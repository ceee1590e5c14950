"""Many games stepped together as arrays (extra ``cardrules[batch]``, numpy only).

See :func:`make`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy.typing as npt

from cardrules.batch._decks import game_seed
from cardrules.batch._results import GameResults, StepResult
from cardrules.batch.all_fours import AllFoursBatch

__all__ = ["AllFoursBatch", "GameResults", "StepResult", "game_seed", "make"]


def make(
    game: str,
    n: int,
    *,
    seed: int,
    rules: Any = None,
    dealer: int | Sequence[int] | None = None,
    decks: npt.ArrayLike | None = None,
) -> AllFoursBatch:
    """A batch of ``n`` games."""
    from cardrules.all_fours import Rules

    return AllFoursBatch(n, seed=seed, rules=rules or Rules(), dealer=dealer, decks=decks)
