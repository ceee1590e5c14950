"""The Gymnasium single-seat environments (issue 12)."""

from __future__ import annotations

from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from cardrules.adapters import gymnasium as cg  # noqa: E402
from cardrules.agents import RandomAgent  # noqa: E402
from cardrules.errors import IllegalActionError  # noqa: E402


def _episode(env: Any, seed: int) -> tuple[float, bool, bool, list[int], int]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions: list[int] = []
    total, terminated, truncated = 0.0, False, False
    while not (terminated or truncated):
        mask = env.unwrapped.action_masks()
        assert mask.tolist() == info["action_mask"].astype(bool).tolist()
        assert env.observation_space.contains(obs)
        action = int(rng.choice(np.flatnonzero(mask)))
        actions.append(action)
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
    return total, terminated, truncated, actions, info["deal"]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("env_id", cg.ENV_IDS)
def test_check_env_and_make(env_id: str) -> None:
    env = gymnasium.make(env_id, mode="hand")
    check_env(env.unwrapped, skip_render_check=True)
    other = gymnasium.make(f"cardrules.adapters.gymnasium:{env_id}", max_deals=2, seat=1)
    assert other.unwrapped.seat == 1


@pytest.mark.parametrize("env_id", cg.ENV_IDS)
def test_seeded_resets_reproduce_games(env_id: str) -> None:
    env = gymnasium.make(env_id, max_deals=3)
    first = _episode(env, 5)
    assert _episode(env, 5) == first
    assert _episode(gymnasium.make(env_id, max_deals=3), 5) == first


def test_match_rewards_and_truncation() -> None:
    env = gymnasium.make("cardrules/FourHundred-v0", max_deals=1)
    total, terminated, truncated, _, _ = _episode(env, 1)
    assert (total, terminated, truncated) == (0.0, False, True)
    env = gymnasium.make("cardrules/AllFours-v0", players=2, opponents=RandomAgent())
    total, terminated, truncated, _, _ = _episode(env, 2)
    assert terminated
    assert not truncated
    assert total in (1.0, -1.0)
    assert total == (1.0 if env.unwrapped.table.winner == 0 else -1.0)


def test_hand_reward_is_the_margin_in_units_or_the_own_change() -> None:
    env = gymnasium.make("cardrules/FourHundred-v0", mode="hand", seat=3)
    total, terminated, _, _, _ = _episode(env, 4)
    changes = env.unwrapped.table.past[-1].changes
    assert terminated
    margin = changes[1] + changes[3] - changes[0] - changes[2]
    assert total == margin / 40
    own = gymnasium.make("cardrules/FourHundred-v0", mode="hand", seat=3, reward="own")
    total, _, _, _, _ = _episode(own, 4)
    assert total == (changes[1] + changes[3]) / 40
    points = gymnasium.make(
        "cardrules/AllFours-v0", mode="hand", seat=1, reward="own", reward_unit=1
    )
    total, _, _, _, _ = _episode(points, 6)
    result = points.unwrapped.table.past[-1]
    assert total == result.scores[1] - points.unwrapped.table.start_scores[1]


@pytest.mark.parametrize("game", ["four_hundred", "all_fours"])
def test_an_illegal_move_never_pays_better_than_a_deal(game: str) -> None:
    """The default illegal reward of hand mode is below every deal's reward (random play)."""
    env = cg.CardrulesEnv(game, mode="hand", opponents=RandomAgent())
    worst = cg.worst_hand_reward(env.table.rules)
    assert env.illegal_reward == worst
    assert worst < -1
    rewards = [_episode(env, seed)[0] for seed in range(40)]
    assert min(rewards) > worst
    assert cg.CardrulesEnv(game).illegal_reward == -1.0  # match mode: a lost game


@pytest.mark.parametrize("env_id", cg.ENV_IDS)
def test_bounds_are_finite_and_hold(env_id: str) -> None:
    import warnings

    env = gymnasium.make(env_id, mode="hand")
    space = env.observation_space
    assert np.isfinite(space.low).all()
    assert np.isfinite(space.high).all()
    assert env.metadata["render_fps"] > 0
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped, skip_render_check=True)
    assert not [w for w in caught if "inf" in str(w.message).lower()]
    # a runaway score (400 scores have no bound, FH-25) is kept inside the space
    inner = env.unwrapped
    encode = inner._encoder.encode
    scores = next((a, b) for name, a, b in inner._encoder.slices() if name == "scores")

    def runaway(table: Any, seat: int, vector: Any) -> None:
        encode(table, seat, vector)
        vector[scores[0] : scores[1]] = -1e6

    inner._encoder.encode = runaway
    obs = inner._observation()
    assert space.contains(obs)
    assert (obs[scores[0] : scores[1]] == -cg.SCORE_BOUND).all()


@pytest.mark.parametrize("mode", ["rgb_array", "rgb_array_list", "depth_array"])
def test_an_unknown_render_mode_is_a_type_error_too(mode: str) -> None:
    from cardrules.errors import ArgumentError

    with pytest.raises(ArgumentError, match="render_mode") as caught:
        cg.AllFoursEnv(render_mode=mode)
    assert isinstance(caught.value, TypeError)
    assert isinstance(caught.value, ValueError)


@pytest.mark.filterwarnings("ignore:.*render_mode='rgb_array':UserWarning")
def test_stable_baselines3_make_vec_env() -> None:
    """SB3 asks for render_mode="rgb_array" first (Gymnasium warns) and retries on TypeError."""
    env_util = pytest.importorskip("stable_baselines3.common.env_util")
    envs = env_util.make_vec_env("cardrules/AllFours-v0", n_envs=4, env_kwargs={"mode": "hand"})
    obs = envs.reset()
    assert obs.shape == (4, *envs.observation_space.shape)
    masks = np.array(envs.env_method("action_masks"))
    assert masks.shape == (4, envs.action_space.n)
    envs.step(masks.argmax(axis=1))
    envs.close()


def test_illegal_actions() -> None:
    env = cg.FourHundredEnv(mode="hand", illegal_action="raise")
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    env = cg.FourHundredEnv(mode="hand", illegal_reward=-3.0)
    env.reset(seed=0)
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-3.0, True, False, True)
    env = cg.FourHundredEnv(mode="hand")
    env.reset(seed=0)
    _, reward, _, _, _ = env.step(illegal)
    assert reward == -4.0


def test_core_does_not_register() -> None:
    import subprocess
    import sys

    code = "import sys, cardrules, cardrules.adapters; print('gymnasium' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_last_observation_is_the_finished_deal() -> None:
    env = cg.FourHundredEnv(mode="hand", opponents=RandomAgent())
    for seed in range(20):
        obs, info = env.reset(seed=seed)
        terminated = False
        while not terminated:
            action = int(np.flatnonzero(env.action_masks())[0])
            obs, _, terminated, _, info = env.step(action)
        if info["result"].ending.value == "played":
            views = env._encoder.views(obs)
            assert views["played"].sum() == 52
            assert round(float(views["scores"][0]) * 100) == info["result"].scores[0]
            assert not env.action_masks().any()
            return
    pytest.fail("no deal was played out")
