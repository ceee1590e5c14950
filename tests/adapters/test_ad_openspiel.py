"""The OpenSpiel adapter: OpenSpiel's own conformance test, bots, serialization, no leaks."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from cardrules import all_fours as af  # noqa: E402
from cardrules import four_hundred as fh  # noqa: E402
from cardrules.adapters import openspiel  # noqa: E402

PRESETS = [("four_hundred", p) for p in fh.Rules.PRESETS] + [
    ("all_fours", p) for p in af.Rules.PRESETS
]


def _deal(state: Any, deck: list[int]) -> None:
    for card in deck:
        if not state.is_chance_node():
            break
        state.apply_action(card)


@pytest.mark.parametrize(("game", "preset"), PRESETS)
def test_random_sim_test_hand_mode(game: str, preset: str) -> None:
    """pyspiel.random_sim_test with serialization, one deal, every preset."""
    g = pyspiel.load_game(f"cardrules_{game}_hand", {"preset": preset})
    pyspiel.random_sim_test(g, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("game", "preset"), PRESETS)
def test_random_sim_test_match_mode(game: str, preset: str) -> None:
    """pyspiel.random_sim_test with serialization, whole games capped at three deals."""
    g = pyspiel.load_game(f"cardrules_{game}", {"preset": preset, "max_deals": 3})
    pyspiel.random_sim_test(g, num_sims=1, serialize=True, verbose=False)


def test_random_sim_test_uncapped_all_fours_match() -> None:
    """An All Fours match with the default cap ends by the target (random play is quick)."""
    g = pyspiel.load_game("cardrules_all_fours", {"preset": "all_twos"})
    pyspiel.random_sim_test(g, num_sims=1, serialize=True, verbose=False)


def test_registered_games_tell_the_truth() -> None:
    names = {t.short_name for t in pyspiel.registered_games()}
    assert set(openspiel.GAME_NAMES) <= names
    for name in openspiel.GAME_NAMES:
        t = pyspiel.load_game(name).get_type()
        assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    g = pyspiel.load_game("cardrules_four_hundred", {"max_deals": 7})
    assert g.max_game_length() == 7 * (4 + 52)
    assert g.num_distinct_actions() == len(fh.ACTIONS) == 74
    assert g.max_chance_outcomes() == 52
    assert g.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    g = pyspiel.load_game("cardrules_all_fours_hand", {"preset": "all_twos"})
    # two players: 13 cards out, 5 runs of 7 possible, 21 cards each (AF-11, AF-13, AF-19)
    assert g.num_players() == 2
    assert g.max_game_length() == 2 + 2 * 21
    assert pyspiel.load_game("cardrules_all_fours_hand").max_game_length() == 2 + 4 * 12
    assert g.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def test_parameters() -> None:
    rules = af.Rules(target=7, game_value=2)
    import json

    g = pyspiel.load_game("cardrules_all_fours_hand", {"rules": json.dumps(rules.to_dict())})
    assert g.rules == rules
    g = pyspiel.load_game("cardrules_four_hundred_hand", {"scores": "30 0 -5 12", "dealer": 3})
    state = g.new_initial_state()
    assert state.chance_outcomes()[0][0] is not None
    assert len(state.chance_outcomes()) == 52  # dealer fixed: the first card is dealt
    _deal(state, list(range(52)))
    assert state.engine_state.scores == (30, 0, -5, 12)
    assert state.engine_state.dealer == 3
    # seat 0 bids first after dealer 3 and its minimum is 3 (FH-11)
    assert state.current_player() == 0
    assert next(state.action_to_string(a) for a in state.legal_actions()) == "3"
    with pytest.raises(Exception, match="max_deals"):
        pyspiel.load_game("cardrules_four_hundred", {"max_deals": 0})
    with pytest.raises(Exception, match="preset"):
        pyspiel.load_game("cardrules_four_hundred", {"preset": "nope"})


def test_dealer_is_drawn_by_chance() -> None:
    state = pyspiel.load_game("cardrules_four_hundred").new_initial_state()
    assert state.chance_outcomes() == [(0, 0.25), (1, 0.25), (2, 0.25), (3, 0.25)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 2) == "dealer 2"
    state.apply_action(2)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 51) == "deal AS"
    _deal(state, list(range(52)))
    assert state.engine_state.dealer == 2
    # FH-7: the first card (2C) goes to dealer + 1
    assert "2C" in str(state.engine_state.hand(3))


def _play_same(a: Any, b: Any, steps: int, check: Any) -> None:
    """Apply to both states the first action legal in both, comparing as we go."""
    for _ in range(steps):
        check(a, b)
        if a.is_terminal() or b.is_terminal():
            return
        common = [x for x in a.legal_actions() if x in b.legal_actions()]
        if a.legal_actions() != b.legal_actions() or not common:
            return
        a.apply_action(common[0])
        b.apply_action(common[0])


def _views(state: Any, seat: int) -> tuple[Any, ...]:
    return (
        state.information_state_string(seat),
        state.observation_string(seat),
        tuple(state.information_state_tensor(seat)),
        tuple(state.observation_tensor(seat)),
    )


def test_no_hidden_card_leaks_four_hundred() -> None:
    """Two deals that differ only in seats 1 and 2's cards look the same to seats 0 and 3."""
    hands = [list(fh.new_game(seed=5, dealer=0).hands[s]) for s in range(4)]
    hands[1][0], hands[2][0] = hands[2][0], hands[1][0]
    other = fh.new_game(hands=hands, dealer=0).deck
    first = fh.new_game(seed=5, dealer=0).deck
    g = pyspiel.load_game("cardrules_four_hundred", {"dealer": 0})
    a, b = g.new_initial_state(), g.new_initial_state()
    _deal(a, [c.index for c in first])
    _deal(b, [c.index for c in other])
    assert a.engine_state.hands != b.engine_state.hands
    steps = []

    def check(x: Any, y: Any) -> None:
        steps.append(1)
        for seat in (0, 3):
            assert _views(x, seat) == _views(y, seat)
        assert _views(x, 1) != _views(y, 1)

    _play_same(a, b, 40, check)
    assert len(steps) > 5


def test_no_hidden_card_leaks_all_fours() -> None:
    """The stock and the other hands never show: differ in them, look the same."""
    rules = af.Rules()
    hands = ["2H KS TS 4C 5D 9S", "AH 7H QS 3C 8D 2S", "JH 3H AS KC 9D 4S", "5H TD KD QC 7S 8C"]
    order = [1, 2, 3, 0]
    by_seat = [""] * 4
    for h, seat in zip(hands, order, strict=True):
        by_seat[seat] = h
    first = af.deck_for(by_seat, "6H", dealer=0, rules=rules, then="2D 3D 4D")
    swapped = list(by_seat)
    swapped[2], swapped[3] = by_seat[3], by_seat[2]
    other = af.deck_for(swapped, "6H", dealer=0, rules=rules, then="3D 2D 4D")
    g = pyspiel.load_game("cardrules_all_fours", {"dealer": 0})
    a, b = g.new_initial_state(), g.new_initial_state()
    _deal(a, [c.index for c in first])
    _deal(b, [c.index for c in other])
    # only the beggar (1) and the dealer (0) look before the beg is answered (AF-15)
    for seat in (0, 1, 2, 3):
        assert _views(a, seat) == _views(b, seat)
    a.apply_action(53)  # beg
    b.apply_action(53)
    for seat in (0, 1):
        assert _views(a, seat) == _views(b, seat)
    a.apply_action(54)  # give one: seats 2 and 3 look now
    b.apply_action(54)
    for seat in (0, 1):
        assert _views(a, seat) == _views(b, seat)
    assert _views(a, 2) != _views(b, 2)


def test_serialization_round_trip() -> None:
    for name in openspiel.GAME_NAMES:
        g = pyspiel.load_game(name)
        state = g.new_initial_state()
        rng = random.Random(name)
        for _ in range(120):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        text = pyspiel.serialize_game_and_state(g, state)
        g2, s2 = pyspiel.deserialize_game_and_state(text)
        assert str(g2) == str(g)
        assert str(s2) == str(state)
        assert s2.history() == state.history()
        for seat in range(g.num_players()):
            assert _views(s2, seat) == _views(state, seat)
        s3 = pickle.loads(pickle.dumps(state))
        assert str(s3) == str(state)


def test_hand_mode_returns_are_team_score_changes() -> None:
    g = pyspiel.load_game("cardrules_four_hundred_hand", {"scores": "10 -4 3 0"})
    rng = random.Random(3)
    for _ in range(5):
        state = g.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        result = state.table.past[-1]
        team = (result.changes[0] + result.changes[2], result.changes[1] + result.changes[3])
        assert state.returns() == [team[0], team[1], team[0], team[1]]


def test_match_cap_is_a_draw() -> None:
    g = pyspiel.load_game("cardrules_four_hundred", {"max_deals": 1, "dealer": 0})
    state = g.new_initial_state()
    _deal(state, list(range(52)))
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.returns() == [0.0, 0.0, 0.0, 0.0]
    assert len(state.table.past) == 1


def test_match_deals_every_deal_by_chance() -> None:
    """After a deal ends the match goes to chance nodes for the next deck."""
    g = pyspiel.load_game("cardrules_four_hundred", {"max_deals": 5, "dealer": 0})
    state = g.new_initial_state()
    _deal(state, list(range(52)))
    for _ in range(4):  # bids of 2 each: total 8, thrown in (FH-14)
        state.apply_action(state.legal_actions()[0])
    assert state.is_chance_node()
    assert len(state.chance_outcomes()) == 52
    rev = list(range(51, -1, -1))
    _deal(state, rev)
    engine = state.engine_state
    assert engine.dealer == 1
    assert engine.deal_number == 1
    assert engine.history[-1].ending == fh.Ending.THROWN_IN
    # FH-7 from dealer 1: the first card (AS, index 51) goes to seat 2
    assert "AS" in str(engine.hand(2))


def test_uniform_random_bots_play_full_games() -> None:
    for name, params in [
        ("cardrules_all_fours", {}),
        ("cardrules_four_hundred", {"max_deals": 4}),
        ("cardrules_four_hundred_hand", {}),
    ]:
        g = pyspiel.load_game(name, params)
        bots = [pyspiel.make_uniform_random_bot(p, 10 + p) for p in range(g.num_players())]
        returns = pyspiel.evaluate_bots(g.new_initial_state(), bots, 7)
        assert len(returns) == g.num_players()
        assert g.min_utility() <= min(returns) <= max(returns) <= g.max_utility()


def test_mcts_bot_plays_a_deal() -> None:
    mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
    for name in ("cardrules_all_fours_hand", "cardrules_four_hundred_hand"):
        g = pyspiel.load_game(name)
        rng = np.random.RandomState(4)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        bot = mcts.MCTSBot(g, uct_c=2.0, max_simulations=4, evaluator=evaluator, random_state=rng)
        state = g.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            else:
                state.apply_action(bot.step(state))
        assert len(state.returns()) == g.num_players()


def test_players_parameter() -> None:
    g = pyspiel.load_game("cardrules_all_fours", {"players": 2})
    assert g.num_players() == 2
    assert g.rules == af.Rules.preset("all_twos")
    assert pyspiel.load_game("cardrules_all_fours_hand", {"preset": "all_twos"}).num_players() == 2
    assert pyspiel.load_game("cardrules_all_fours_hand").num_players() == 4
    g = pyspiel.load_game("cardrules_all_fours_hand", {"preset": "all_twos", "players": 4})
    assert g.num_players() == 4
    with pytest.raises(Exception, match="players"):
        pyspiel.load_game("cardrules_all_fours", {"players": 3})
    with pytest.raises(Exception, match=r"(?i)unknown parameter"):
        pyspiel.load_game("cardrules_four_hundred", {"players": 4})
    pyspiel.random_sim_test(
        pyspiel.load_game("cardrules_all_fours", {"players": 2, "max_deals": 2}),
        num_sims=1,
        serialize=True,
        verbose=False,
    )
