"""The PettingZoo adapter: PettingZoo's own API and seed tests, rewards, rendering."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from cardrules import four_hundred as fh  # noqa: E402
from cardrules.adapters.pettingzoo import (  # noqa: E402
    CardrulesEnv,
    all_fours_env,
    four_hundred_env,
)

ENVS = [
    (four_hundred_env, {}),
    (four_hundred_env, {"mode": "hand", "preset": "pagat_41"}),
    (all_fours_env, {}),
    (all_fours_env, {"preset": "all_twos", "mode": "hand", "perfect_recall": True}),
]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("make", "kwargs"), ENVS)
def test_api_test(make: Any, kwargs: dict[str, Any]) -> None:
    api_test(make(**kwargs), num_cycles=200, verbose_progress=False)


@pytest.mark.parametrize(("make", "kwargs"), ENVS)
def test_seed_test(make: Any, kwargs: dict[str, Any]) -> None:
    seed_test(lambda: make(**kwargs), num_cycles=200)


def _play(env: Any, seed: int) -> dict[str, float]:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


def test_match_rewards_by_team() -> None:
    env = all_fours_env()
    totals = _play(env, 3)
    assert sorted(totals.values()) == [-1.0, -1.0, 1.0, 1.0]
    assert totals["player_0"] == totals["player_2"]
    assert env.unwrapped.table.winner == (0 if totals["player_0"] > 0 else 1)


def test_hand_rewards_are_score_changes() -> None:
    env = four_hundred_env(mode="hand")
    totals = _play(env, 11)
    result = env.unwrapped.table.past[-1]
    assert totals["player_0"] == result.changes[0] + result.changes[2]
    assert totals["player_3"] == result.changes[1] + result.changes[3]


def test_cap_truncates() -> None:
    env = four_hundred_env(max_deals=1)
    env.reset(seed=1)
    while not env.truncations[env.agent_selection]:
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    assert all(env.truncations.values())
    assert not any(env.terminations.values())


def test_same_seed_same_game_and_render() -> None:
    a, b = CardrulesEnv("four_hundred", render_mode="ansi"), CardrulesEnv("four_hundred")
    a.reset(seed=9)
    b.reset(seed=9)
    assert a.table.state == b.table.state
    text = a.render()
    assert text is not None
    assert "hand 0:" in text
    b.reset(seed=10)
    assert a.table.state != b.table.state


def test_mask_matches_legal_actions() -> None:
    env = CardrulesEnv("four_hundred", dealer=0)
    env.reset(seed=2)
    state = env.table.state
    mask = env.observe("player_1")["action_mask"]
    assert list(np.flatnonzero(mask)) == sorted(fh.action_id(a) for a in state.legal_actions())
    assert not env.observe("player_2")["action_mask"].any()


def test_names_players_and_state() -> None:
    a, b = four_hundred_env(), all_fours_env(players=2)
    assert a.metadata["name"] == "cardrules_four_hundred_v0"
    assert b.metadata["name"] == "cardrules_all_fours_v0"
    assert b.possible_agents == ["player_0", "player_1"]
    b.reset(seed=4)
    state = b.unwrapped.state()
    assert b.unwrapped.state_space.contains(state)
    size = b.unwrapped._encoder.size
    table = b.unwrapped.table
    # every card of the deal is in a hand, the stock or the kick
    held = state[size:].reshape(3, 52).sum()
    assert held + len(table.state.kicks) == 52
    assert state[size : size + 52].nonzero()[0].tolist() == sorted(
        c.index for c in table.state.hand(0)
    )


def test_illegal_action_raises_or_ends_with_penalty() -> None:
    from cardrules.errors import IllegalActionError

    env = four_hundred_env(dealer=0)
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    assert env.observe(env.agent_selection)["action_mask"].tolist() == mask.tolist()
    env = four_hundred_env(dealer=0, illegal_action="penalty", illegal_reward=-5.0)
    env.reset(seed=1)
    offender = env.agent_selection
    env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards == {a: (-5.0 if a == offender else 0.0) for a in env.possible_agents}
    assert env.infos[offender]["illegal_action"] is True
    for _agent in env.agent_iter():
        env.step(None)
    assert env.agents == []
    with pytest.raises(ValueError, match="illegal_action"):
        four_hundred_env(illegal_action="ignore")


@pytest.mark.parametrize("make", [four_hundred_env, all_fours_env])
def test_render_test(make: Any) -> None:
    from pettingzoo.test import render_test

    render_test(lambda render_mode=None: make(mode="hand", render_mode=render_mode))
