"""The terminal observation shows the finished position (issue 12): every card played and the
scores after the deal, in the engine's own terms and in OpenSpiel and PettingZoo."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardrules import all_fours as af
from cardrules import four_hundred as fh
from cardrules import shuffled_deck
from cardrules.adapters._games import GAMES

MODULES: dict[str, Any] = {"four_hundred": fh, "all_fours": af}


def _game_ending_moves(game: str, scores: tuple[int, ...], want: int) -> list[tuple[Any, ...]]:
    """(old, new, seat, action id) of random games that end inside a deal, where the engine's
    own terminal state shows the finished position."""
    module = MODULES[game]
    rules = module.Rules()
    rng = random.Random(game)
    found: list[tuple[Any, ...]] = []
    while len(found) < want:
        state = module.new_game(rules, seed=0, dealer=0, scores=scores, chance="explicit")
        while not state.is_terminal and state.deal_number < 20:  # random 400 may go on long
            if state.is_chance:
                state = state.apply(module.Deal(shuffled_deck(rng.getrandbits(64), "deal", 0)))
                continue
            seat = state.current_player
            actions = state.legal_actions()
            action = actions[rng.randrange(len(actions))]
            new = state.apply(action)
            if new.is_terminal and new.deal_number == state.deal_number:
                found.append((state, new, seat, module.action_id(action)))
            state = new
    return found


@pytest.mark.parametrize(
    ("game", "scores"), [("four_hundred", (38, 0, 38, 0)), ("all_fours", (12, 12))]
)
def test_finished_observation_is_the_engines(game: str, scores: tuple[int, ...]) -> None:
    """Where the engine stops on the finished position (the game's last deal), the adapters'
    finished observation, built from the position before the last move, is the same."""
    spec = GAMES[game]
    for old, new, seat, action in _game_ending_moves(game, scores, 12):
        result = new.history[-1]
        for viewer in range(spec.players(old.rules)):
            built = spec.finished_observation(old, viewer, (seat, action), result, new.winner)
            assert built == new.observe(viewer)


def _random_hand(g: Any, seed: int) -> Any:
    rng = random.Random(seed)
    state = g.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", ["cardrules_four_hundred_hand", "cardrules_all_fours_hand"])
def test_openspiel_terminal_observation(name: str) -> None:
    """A played-out deal: the final strings and tensors show every card in its trick and the
    scores after the deal (not the position before the last card)."""
    pyspiel = pytest.importorskip("pyspiel")
    np = pytest.importorskip("numpy")
    import cardrules.adapters.openspiel  # noqa: F401
    from cardrules.adapters.encoding import Encoder

    g = pyspiel.load_game(name)
    checked = 0
    for seed in range(40):
        state = _random_hand(g, seed)
        table = state.table
        result = table.past[-1]
        if getattr(result, "ending", getattr(result, "reason", None)).value != "played":
            continue
        checked += 1
        tricks = len(result.tricks) if name.endswith("fours_hand") else 13
        scores = " ".join(map(str, result.scores))
        encoder = Encoder(table, perfect_recall=False)
        for seat in range(g.num_players()):
            text = state.observation_string(seat)
            assert f"scores {scores}" in text.splitlines()[0]
            assert f"trick {tricks}: " in text
            assert "current trick: \n" in text + "\n"
            assert text in state.information_state_string(seat)
            views = encoder.views(np.asarray(state.observation_tensor(seat), np.float32))
            assert views["played"].sum() == tricks * g.num_players()
            assert views["current_trick"].sum() == 0
            assert views["hand"].sum() == 0
        if name.endswith("fours_hand"):
            views = encoder.views(np.asarray(state.observation_tensor(0), np.float32))
            assert list(views["scores"] * table.rules.target) == list(result.scores)
    assert checked >= 3


def test_pettingzoo_last_observation_is_finished() -> None:
    pytest.importorskip("pettingzoo")
    np = pytest.importorskip("numpy")
    from cardrules.adapters.pettingzoo import four_hundred_env

    env = four_hundred_env(mode="hand")
    for seed in range(30):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        finals = {}
        for agent in env.agent_iter():
            obs, _, termination, truncation, _ = env.last()
            if termination or truncation:
                finals[agent] = obs["observation"]
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        result = env.unwrapped.table.past[-1]
        if result.ending.value == "played":
            encoder = env.unwrapped._encoder
            for agent, vector in finals.items():
                views = encoder.views(vector)
                assert views["played"].sum() == 52, agent
                seat = int(agent[-1])
                assert round(float(views["scores"][0]) * 100) == result.scores[seat]
            return
    pytest.fail("no deal was played out")
