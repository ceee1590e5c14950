"""The seeded batch's decks made ahead: a deck missing from the ring, made one at a time by the
per-state engine's shuffle, gives the same games as a refill of every lane."""

from __future__ import annotations

import numpy as np
import pytest

from cardrules.batch import _decks, make

pytest.importorskip("numpy")


def _play(n: int, steps: int, seed: int) -> tuple[list[bytes], int, int]:
    batch = make("all-fours", n, seed=seed)
    rng = np.random.default_rng(seed)
    seen = []
    for _ in range(steps):
        result = batch.step(batch.random_actions(rng))
        seen.append(batch.legal_bits().tobytes() + batch.scores.tobytes())
        seen.append(b"".join(np.ascontiguousarray(part).tobytes() for part in result.results))
    source = batch._source
    assert isinstance(source, _decks.SeededDecks)
    return seen, source.scalar, source.refills


def test_decks_made_one_at_a_time_equal_a_refills(monkeypatch: pytest.MonkeyPatch) -> None:
    made_one_at_a_time = _play(64, 600, 5)
    assert made_one_at_a_time[1] > 0  # some decks were made one at a time
    monkeypatch.setattr(_decks, "SCALAR_MISSES", 0)
    refilled = _play(64, 600, 5)
    assert refilled[1] == 0
    assert refilled[2] > made_one_at_a_time[2]
    assert made_one_at_a_time[0] == refilled[0]
