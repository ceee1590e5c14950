"""The batch API's checks (bad input raises a typed error before any lane changes), its threads
(the same games as one thread) and its extra (without numba, a clear error on import)."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

from cardrules import all_fours as af
from cardrules.batch import make
from cardrules.errors import ArgumentError, CardrulesError, IllegalActionError, ParseError

#: 400 from scores near the end, so that games end under random play.
START_400 = (38, 33, 36, 39)


def _snapshot(batch: Any) -> list[np.ndarray]:
    return [
        batch.legal_mask(),
        batch.observe(0),
        batch.current_player,
        batch.scores,
        batch.deal_number,
        batch.game_number,
        batch.hands,
    ]


def _unchanged(batch: Any, before: list[np.ndarray]) -> bool:
    return all(np.array_equal(a, b) for a, b in zip(before, _snapshot(batch), strict=True))


@pytest.fixture(params=["all-fours", "400"])
def batch(request: pytest.FixtureRequest) -> Any:
    b = make(request.param, 3, seed=1)
    rng = np.random.default_rng(0)
    for _ in range(5):
        b.step(b.random_actions(rng))
    return b


@pytest.mark.parametrize(
    "actions",
    [
        [0, 1],  # two ids for three lanes
        [[0, 1, 2]],  # two-dimensional
        [0.0, 1.0, 2.0],  # floats
        np.array([True, False, True]),  # bools
        "abc",
        None,
        5,
        np.zeros((3, 1), dtype=np.int64),
    ],
)
def test_bad_actions_are_refused_before_any_lane_changes(batch: Any, actions: Any) -> None:
    before = _snapshot(batch)
    with pytest.raises(ArgumentError, match="actions"):
        batch.step(actions)
    assert _unchanged(batch, before)
    batch.step(batch.random_actions(np.random.default_rng(1)))  # still steps


def test_an_illegal_or_unknown_id_is_refused_and_nothing_changes(batch: Any) -> None:
    before = _snapshot(batch)
    good = batch.random_actions(np.random.default_rng(2))
    for bad in (-1, batch.num_actions, 2**40, -(2**62)):
        actions = good.copy()
        actions[1] = bad
        with pytest.raises(IllegalActionError, match="lane 1"):
            batch.step(actions)
        assert _unchanged(batch, before)
    illegal = next(a for a in range(batch.num_actions) if not batch.legal_mask()[2, a])
    actions = good.copy()
    actions[2] = illegal
    with pytest.raises(IllegalActionError, match="lane 2"):
        batch.step(actions)
    assert _unchanged(batch, before)
    big = np.full(3, 2**64 - 1, dtype=np.uint64)
    with pytest.raises(IllegalActionError, match="lane 0"):
        batch.step(big)
    batch.step(good)


@pytest.mark.parametrize("seats", [5, -1, 2.5, True, np.bool_(False), "0", [0, 1], [0, 1, 9], 1.0])
def test_bad_seats_to_observe_are_refused(batch: Any, seats: Any) -> None:
    with pytest.raises(ArgumentError, match="seats"):
        batch.observe(seats)


def test_seats_to_observe(batch: Any) -> None:
    assert np.array_equal(batch.observe(np.int64(1)), batch.observe(1))
    assert np.array_equal(batch.observe([1, 1, 1]), batch.observe(1))
    assert np.array_equal(batch.observe(None), batch.observe(batch.current_player))


@pytest.mark.parametrize("rng", [random.Random(1), 1, None, np.random.RandomState(1)])
def test_random_actions_need_a_numpy_generator(batch: Any, rng: Any) -> None:
    with pytest.raises(ArgumentError, match="rng"):
        batch.random_actions(rng)


@pytest.mark.parametrize(
    ("arguments", "error", "words"),
    [
        ({"n": 10**30}, ArgumentError, "n"),
        ({"n": 0}, ArgumentError, "n"),
        ({"n": 2.0}, ArgumentError, "n"),
        ({"n": True}, ArgumentError, "n"),
        ({"decks": 5}, ParseError, "decks"),
        ({"decks": "AS KS"}, ParseError, "decks"),
        ({"decks": [list(range(52))]}, ParseError, "decks"),
        ({"decks": np.zeros((2, 51), dtype=np.int64)}, ParseError, "decks"),
        ({"decks": [list(range(51)), list(range(52))]}, ParseError, "decks"),
        ({"decks": [5, 6]}, ParseError, "deck"),
        ({"dealer": 4}, ArgumentError, "dealer"),
        ({"dealer": True}, ArgumentError, "dealer"),
        ({"dealer": [0]}, ArgumentError, "dealer"),
        ({"dealer": "0"}, ArgumentError, "dealer"),
        ({"seed": 1.5}, ArgumentError, "seed"),
        ({"seed": 2**300}, ArgumentError, "seed"),
        ({"shuffle": "fast"}, CardrulesError, "shuffle"),
        ({"shuffle": ["seeded"]}, CardrulesError, "shuffle"),
        ({"threads": 0}, ArgumentError, "threads"),
        ({"threads": 10**6}, ArgumentError, "threads"),
        ({"threads": 1.0}, ArgumentError, "threads"),
        ({"scores": (1, 2)}, CardrulesError, "scores"),
    ],
)
def test_bad_arguments_to_make(arguments: dict[str, Any], error: type, words: str) -> None:
    kwargs: dict[str, Any] = {"n": 2, "seed": 1, **arguments}
    with pytest.raises(error, match=words):
        make("400", **kwargs)


def test_unknown_games_and_rules_of_another_game() -> None:
    with pytest.raises(CardrulesError, match="game"):
        make("bridge", 2, seed=1)
    with pytest.raises(CardrulesError, match="game"):
        make(["400"], 2, seed=1)  # type: ignore[arg-type]
    with pytest.raises(CardrulesError, match=r"four_hundred\.Rules"):
        make("400", 2, seed=1, rules=af.Rules())


def _play(game: str, n: int, threads: int, **kwargs: Any) -> list[bytes]:
    batch = make(game, n, seed=3, threads=threads, **kwargs)
    rng = np.random.default_rng(5)
    seen = []
    for _ in range(250):
        step = batch.step(batch.random_actions(rng))
        seen.append(step.rewards.tobytes() + step.done.tobytes())
        seen.append(b"".join(np.ascontiguousarray(part).tobytes() for part in step.results))
        seen.append(batch.legal_mask().tobytes() + batch.observe().tobytes())
    return seen


@pytest.mark.parametrize(
    ("game", "kwargs"),
    [
        ("all-fours", {}),
        ("all-fours", {"shuffle": "numpy"}),
        ("all-fours", {"rules": af.Rules(target=3)}),  # games end at their first kicks
        ("400", {"scores": START_400}),
        ("400", {"scores": START_400, "shuffle": "numpy"}),
    ],
)
def test_two_threads_play_the_same_games_as_one(game: str, kwargs: dict[str, Any]) -> None:
    import numba

    if numba.config.NUMBA_NUM_THREADS < 2:
        pytest.skip("numba has one thread here")
    one = _play(game, 700, 1, **kwargs)
    assert one == _play(game, 700, 2, **kwargs)


def test_games_over_at_their_first_kicks_beyond_a_lanes_slots() -> None:
    """Under a target of 1, with every kick but a two worth a point, a game ends at its first
    kick 12 times in 13: a lane often ends more games in one step than its slots hold, and the
    deal loop runs again until every lane plays (each game reported once, in order)."""
    rules = af.Rules(target=1, kick_values=dict.fromkeys("3456789TJQKA", 1))
    batch = make("all-fours", 64, seed=2, rules=rules)
    rng = np.random.default_rng(0)
    most = 0
    for _ in range(40):
        step = batch.step(batch.random_actions(rng))
        lanes, games = step.results.lane, step.results.game
        for lane in np.unique(lanes):
            numbers = games[lanes == lane]
            assert list(numbers) == list(range(numbers[0], numbers[0] + numbers.size))
            most = max(most, numbers.size)
    assert most > 4  # more than a lane's slots in one step


def test_without_numba_the_batch_names_its_extra() -> None:
    """numba blocked: importing cardrules.batch fails with an ImportError naming the extra,
    while the core, both games and their engines import and play."""
    code = """
import sys
sys.modules["numba"] = None  # as if not installed: find_spec gives None, import fails
import cardrules, cardrules.all_fours, cardrules.four_hundred
state = cardrules.all_fours.new_game(seed=1)
state = state.apply(state.legal_actions()[0])
cardrules.four_hundred.new_game(seed=1).legal_actions()
try:
    import cardrules.batch
except ImportError as error:
    print(type(error).__name__, error)
else:
    raise SystemExit("cardrules.batch imported without numba")
"""
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    assert "CompilerMissingError" in out.stdout
    assert "cardrules[batch]" in out.stdout


def test_the_core_and_the_engines_do_not_import_numba() -> None:
    code = (
        "import sys, cardrules, cardrules.all_fours, cardrules.four_hundred; "
        "cardrules.four_hundred.new_game(seed=1).legal_actions(); "
        "assert 'numba' not in sys.modules, 'numba imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
