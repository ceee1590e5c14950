"""The Gymnasium vector environments over the batch engine (batch-simulation issue)."""

from __future__ import annotations

from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.vector import AutoresetMode  # noqa: E402

from cardrules.adapters import gymnasium as cg  # noqa: E402
from cardrules.adapters.gymnasium_vector import CardrulesVectorEnv  # noqa: E402
from cardrules.batch import make  # noqa: E402
from cardrules.errors import IllegalActionError  # noqa: E402

# 400 from scores near the end (FH: 41 wins), so that random play ends games.
_NEAR_END: dict[str, dict[str, Any]] = {
    "cardrules/AllFours-v0": {},
    "cardrules/FourHundred-v0": {"scores": (36, 36, 36, 36)},
}


def _make(env_id: str, n: int, **kwargs: Any) -> Any:
    return gymnasium.make_vec(env_id, num_envs=n, vectorization_mode="vector_entry_point", **kwargs)


def _random(mask: Any, rng: Any) -> Any:
    """A uniformly random legal id per lane, from the mask alone."""
    keys = np.where(mask, rng.random(mask.shape), -1.0)
    return keys.argmax(axis=1)


@pytest.mark.parametrize("env_id", cg.ENV_IDS)
def test_make_vec_spaces_and_masks(env_id: str) -> None:
    envs = _make(env_id, 8)
    assert isinstance(envs.unwrapped, CardrulesVectorEnv)
    assert envs.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    single = gymnasium.make(env_id)
    assert envs.single_observation_space == single.observation_space
    assert envs.single_action_space == single.action_space
    size, actions = single.observation_space.shape[0], int(single.action_space.n)
    assert envs.observation_space.shape == (8, size)
    assert envs.action_space.shape == (8,)
    assert envs.action_space.nvec.tolist() == [actions] * 8
    obs, info = envs.reset(seed=4)
    batch = envs.unwrapped.batch
    assert obs.shape == (8, size)
    assert envs.observation_space.contains(obs)
    assert info["action_mask"].dtype == np.bool_
    assert (info["action_mask"] == batch.legal_mask()).all()
    assert (envs.unwrapped.action_masks() == batch.legal_mask()).all()
    assert (info["current_player"] == batch.current_player).all()
    assert (obs == batch.observe()).all()
    sync = gymnasium.make_vec(env_id, num_envs=2, vectorization_mode="sync")
    assert isinstance(sync, gymnasium.vector.SyncVectorEnv)


@pytest.mark.parametrize("env_id", cg.ENV_IDS)
def test_random_masked_play_and_rewards(env_id: str) -> None:
    """Steps as the bare batch of the same seed; each finished game's reward and winner agree."""
    n = 32
    envs = _make(env_id, n, **_NEAR_END[env_id])
    obs, info = envs.reset(seed=11)
    game = "all-fours" if "AllFours" in env_id else "400"
    twin = make(game, n, seed=11, rules=envs.unwrapped.batch.rules, **_NEAR_END[env_id])
    rng = np.random.default_rng(11)
    lanes, finished = np.arange(n), 0
    for _ in range(300):
        seats = info["current_player"]
        actions = _random(info["action_mask"], rng)
        obs, rewards, terminations, truncations, info = envs.step(actions)
        step = twin.step(actions)
        assert envs.observation_space.contains(obs)
        assert (obs == twin.observe()).all()
        assert (info["action_mask"] == twin.legal_mask()).all()
        assert (info["current_player"] == twin.current_player).all()
        assert (terminations == step.done).all()
        assert not truncations.any()
        assert (info["seat_rewards"] == step.rewards).all()
        assert (rewards == step.rewards[lanes, seats]).all()
        assert set(np.unique(rewards).tolist()) <= {-1.0, 0.0, 1.0}
        assert ((rewards != 0) == terminations).all()
        for lane in np.flatnonzero(terminations):
            winner = int(info["winner"][lane])
            assert winner in (0, 1)
            expected = np.where((np.arange(twin.players) & 1) == winner, 1.0, -1.0)
            assert info["seat_rewards"][lane].tolist() == expected.tolist()
            assert rewards[lane] == (1.0 if seats[lane] & 1 == winner else -1.0)
            first = int(np.flatnonzero(step.results.lane == lane)[0])
            assert int(step.results.winner[first]) == winner
            finished += 1
        assert (info["winner"][~terminations] == -1).all()
    assert finished > 0


@pytest.mark.parametrize("env_id", cg.ENV_IDS)
def test_seeded_resets_reproduce(env_id: str) -> None:
    def trajectory(envs: Any, seed: int | None) -> list[Any]:
        obs, info = envs.reset(seed=seed)
        rng = np.random.default_rng(0)
        out = [obs]
        for _ in range(60):
            obs, rewards, terminations, _, info = envs.step(_random(info["action_mask"], rng))
            out += [obs, rewards, terminations]
        return out

    envs = _make(env_id, 16, **_NEAR_END[env_id])
    first = trajectory(envs, 5)
    for again in (trajectory(envs, 5), trajectory(_make(env_id, 16, **_NEAR_END[env_id]), 5)):
        assert all((a == b).all() for a, b in zip(first, again, strict=True))
    assert not all((a == b).all() for a, b in zip(first, trajectory(envs, 6), strict=True))
    # reset() without a seed continues the seeded generator: reproducible too.
    envs.reset(seed=7)
    unseeded = trajectory(envs, None)
    envs.reset(seed=7)
    assert all((a == b).all() for a, b in zip(unseeded, trajectory(envs, None), strict=True))


@pytest.mark.parametrize("env_id", cg.ENV_IDS)
def test_illegal_action_raises_and_changes_nothing(env_id: str) -> None:
    envs = _make(env_id, 4)
    obs, info = envs.reset(seed=2)
    actions = info["action_mask"].argmax(axis=1)
    actions[2] = int(np.flatnonzero(~info["action_mask"][2])[0])
    with pytest.raises(IllegalActionError, match="lane 2"):
        envs.step(actions)
    assert (envs.unwrapped.batch.observe() == obs).all()
    assert (envs.unwrapped.action_masks() == info["action_mask"]).all()
    with pytest.raises(IllegalActionError):
        envs.step(np.full(4, 999))


def test_arguments() -> None:
    envs = _make("cardrules/AllFours-v0", 3, players=2, shuffle="numpy")
    obs, info = envs.reset(seed=1)
    assert envs.unwrapped.players == 2
    assert info["current_player"].max() <= 1
    assert obs.shape == envs.observation_space.shape
    with pytest.raises(ValueError, match="game"):
        CardrulesVectorEnv("bridge")


@pytest.mark.parametrize("env_id", cg.ENV_IDS)
def test_make_vec_with_the_single_seat_options(env_id: str) -> None:
    """``make_vec`` takes the single-seat environment's options: it vectorizes that one."""
    envs = gymnasium.make_vec(env_id, num_envs=3, mode="hand", seat=1)
    assert isinstance(envs, gymnasium.vector.SyncVectorEnv)
    obs, info = envs.reset(seed=2)
    assert obs.shape == (3, *envs.single_observation_space.shape)
    assert all(env.unwrapped.seat == 1 for env in envs.envs)
    assert all(env.unwrapped.table.mode == "hand" for env in envs.envs)
    rng = np.random.default_rng(0)
    for _ in range(30):
        obs, _, _, _, info = envs.step(_random(info["action_mask"] > 0, rng))
        assert envs.observation_space.contains(obs)
    self_play = gymnasium.make_vec(env_id, num_envs=2, scores=_NEAR_END[env_id].get("scores"))
    assert isinstance(self_play.unwrapped, CardrulesVectorEnv)


def test_the_self_play_observation_stays_in_its_finite_space() -> None:
    envs = _make("cardrules/FourHundred-v0", 4, scores=(-9000, 20000, 0, 5))
    space = envs.single_observation_space
    assert np.isfinite(space.low).all()
    assert np.isfinite(space.high).all()
    obs, _ = envs.reset(seed=1)
    assert envs.observation_space.contains(obs)
    assert obs.max() == cg.SCORE_BOUND
