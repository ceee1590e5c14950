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


def test_hand_reward_is_the_team_score_change() -> None:
    env = gymnasium.make("cardrules/FourHundred-v0", mode="hand", seat=3)
    total, terminated, _, _, _ = _episode(env, 4)
    result = env.unwrapped.table.past[-1]
    assert terminated
    assert total == result.changes[1] + result.changes[3]


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
