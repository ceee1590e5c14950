"""The length bounds the adapters declare hold (issue 12): thousands of random deals of every
game and preset on the engine's explicit chance, and random histories through OpenSpiel."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardrules import all_fours as af
from cardrules import four_hundred as fh
from cardrules import shuffled_deck
from cardrules.adapters._games import GAMES

PRESETS = [("four_hundred", p) for p in fh.Rules.PRESETS] + [
    ("all_fours", p) for p in af.Rules.PRESETS
]
MODULES: dict[str, Any] = {"four_hundred": fh, "all_fours": af}


@pytest.mark.parametrize(("game", "preset"), PRESETS)
def test_decisions_per_deal_within_bound(game: str, preset: str) -> None:
    """2,000 random deals: no deal takes more decisions than ``max_decisions``; random play
    reaches the bound itself (it is tight) except in two-player All Fours, where five runs of
    the pack in one deal are too rare to meet."""
    module = MODULES[game]
    rules = module.Rules.preset(preset)
    bound = GAMES[game].max_decisions(rules)
    players = GAMES[game].players(rules)
    rng = random.Random(f"{game}-{preset}")
    counts: list[int] = []
    state = None
    while len(counts) < 2000:
        if state is None or state.is_terminal:
            dealer = rng.randrange(players)
            state = module.new_game(rules, seed=0, dealer=dealer, chance="explicit")
        assert state.is_chance
        state = state.apply(module.Deal(shuffled_deck(rng.getrandbits(64), "deal", 0)))
        number, count = state.deal_number, 0
        while state.deal_number == number and not state.is_terminal:
            actions = state.legal_actions()
            state = state.apply(actions[rng.randrange(len(actions))])
            count += 1
        counts.append(count)
    assert max(counts) <= bound
    if players == 4:
        assert max(counts) == bound


@pytest.mark.parametrize(("game", "preset"), PRESETS)
def test_openspiel_histories_within_bounds(game: str, preset: str) -> None:
    """Random histories of the one-deal games (dealer drawn) and of whole games capped at two
    deals stay within ``max_game_length``, ``max_chance_nodes_in_history`` and
    ``max_history_length``."""
    pyspiel = pytest.importorskip("pyspiel")
    import cardrules.adapters.openspiel  # noqa: F401

    rng = random.Random(preset)
    for name, params, runs in (
        (f"cardrules_{game}_hand", {"preset": preset}, 30),
        (f"cardrules_{game}", {"preset": preset, "max_deals": 2}, 4),
    ):
        g = pyspiel.load_game(name, params)
        assert g.max_history_length() == g.max_game_length() + g.max_chance_nodes_in_history()
        for _ in range(runs):
            state = g.new_initial_state()
            chance = decisions = 0
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                    chance += 1
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    decisions += 1
            assert decisions <= g.max_game_length()
            assert chance <= g.max_chance_nodes_in_history()
            assert len(state.history()) <= g.max_history_length()


def test_all_fours_one_deal_bound_is_102() -> None:
    """The figure of the issue: 1 dealer draw + 51 cards + 2 decisions + 48 cards."""
    pyspiel = pytest.importorskip("pyspiel")
    import cardrules.adapters.openspiel  # noqa: F401

    g = pyspiel.load_game("cardrules_all_fours_hand")
    assert (g.max_chance_nodes_in_history(), g.max_game_length()) == (52, 50)
    assert g.max_history_length() == 102
    g = pyspiel.load_game("cardrules_all_fours_hand", {"players": 2, "dealer": 1})
    assert (g.max_chance_nodes_in_history(), g.max_game_length()) == (51, 44)
