"""Saving and loading one All Fours state (save_state / load_state), and starting a game from
given scores (new_game(scores=))."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.all_fours import Rules, State, load_state, new_game, save_state
from cardrules.core.records import RecordError
from cardrules.errors import IllegalActionError, RulesError

seeds = st.integers(min_value=0, max_value=2**64 - 1)
presets = st.sampled_from(Rules.PRESETS)


def random_game(seed: int, rules: Rules, limit: int = 400) -> list[State]:
    """A seeded random game (bounded); with AF-25 on, cards are sometimes exposed and called."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    states = [state]
    for _ in range(limit):
        if state.is_terminal:
            break
        if rules.exposed_cards and rng.random() < 0.2:
            seat = rng.randrange(rules.players)
            if state.hands[seat]:
                with contextlib.suppress(IllegalActionError):
                    state = state.expose(seat, rng.choice(state.hands[seat]))
            turn = state.current_player
            for card in state.exposed:
                if turn is not None and card in state.hands[turn]:
                    with contextlib.suppress(IllegalActionError):
                        state = state.call((turn + 1) % rules.players, card)
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


@settings(max_examples=12)
@given(seed=seeds, preset=presets)
def test_save_and_load_round_trip(seed: int, preset: str) -> None:
    """Every state of random games comes back equal from its saved JSON."""
    states = random_game(seed, Rules.preset(preset))
    for state in [*states[:: max(1, len(states) // 30)], states[-1]]:
        text = save_state(state)
        assert load_state(text) == state
        assert save_state(load_state(text)) == text


@pytest.mark.rule("AF-25")
def test_exposed_and_called_cards_survive_save_and_load() -> None:
    rules = Rules(exposed_cards=True)
    seen = 0
    for seed in range(6):
        for state in random_game(seed, rules):
            if state.exposed or state.called is not None:
                seen += 1
                assert load_state(save_state(state)) == state
    assert seen > 20


def saved(**changes: Any) -> dict[str, Any]:
    states = random_game(3, Rules())
    state = next(s for s in states if s.deal_number == 2 and len(s.tricks) == 2)
    data: dict[str, Any] = json.loads(save_state(state))
    data.update(changes)
    return data


def test_a_tampered_state_is_refused_saying_what_is_wrong() -> None:
    good = saved()
    assert load_state(json.dumps(good)).deal_number == 2
    cases: list[tuple[dict[str, Any], str]] = []
    cases.append((saved(version=2), "version 2 is not supported"))
    cases.append((saved(extra=1), "unknown field.*'extra'"))
    cases.append((saved(format="x"), "not a saved state"))
    cases.append((saved(game="four_hundred"), "not an All Fours state"))
    cases.append((saved(seed=good["seed"] + 1), r"history\[1\]: .* is not legal"))
    cases.append((saved(dealer=(good["dealer"] + 1) % 4), "AF-8 gives seat"))
    cases.append((saved(scores=[good["scores"][0] + 1, good["scores"][1]]), "last finished"))
    cases.append((saved(deal_number=3), "needs the 3 finished deals"))
    cases.append((saved(rules={**good["rules"], "target": "x"}), "bad rules"))
    history = json.loads(json.dumps(good["history"]))
    history[1]["scores"][0] += 5
    cases.append((saved(history=history), r"history\[1\]: the scores"))
    history = json.loads(json.dumps(good["history"]))
    history[0]["awards"][0]["kind"] = "bonus"
    cases.append((saved(history=history), "history.0..awards.0."))
    steps = json.loads(json.dumps(good["steps"]))
    steps[-1][0] = (steps[-1][0] + 1) % 4
    cases.append((saved(steps=steps), "deal 2, trick 2, seat"))
    steps = json.loads(json.dumps(good["steps"]))
    steps.append([7, "2C"])
    cases.append((saved(steps=steps), "seat 7"))
    deck = good["deck"].split()
    deck[0] = deck[1]
    cases.append((saved(deck=" ".join(deck)), "bad deck"))
    for data, message in cases:
        with pytest.raises(RecordError, match=message):
            load_state(json.dumps(data))
    with pytest.raises(RecordError, match="not JSON"):
        load_state(json.dumps(good)[:-3])


def test_steps_may_not_run_past_the_deal() -> None:
    state = new_game(seed=4, dealer=0)
    data = json.loads(save_state(state))
    later = state
    while later.deal_number == 0:
        later = later.apply(later.legal_actions()[0])
    replayed = json.loads(save_state(later))
    assert replayed["deal_number"] == 1
    # the steps of deal 0 in full, then one more: the deal is over by then
    finished = state
    steps = []
    while finished.deal_number == 0:
        action = finished.legal_actions()[0]
        steps.append([finished.current_player, str(action)])
        finished = finished.apply(action)
    data["steps"] = steps
    with pytest.raises(RecordError, match="past the end of the deal"):
        load_state(json.dumps(data))


def test_new_game_from_given_scores() -> None:
    """new_game(scores=) starts a game from a score (public, validated)."""
    state = new_game(seed=9, dealer=0, scores=(10, 13))
    assert state.scores[1] == 13
    assert load_state(save_state(state)) == state
    for bad in [(14, 0), (-1, 0), (1,), (1, 2, 3), "12", (True, 0), (1.0, 2)]:
        with pytest.raises(RulesError, match="scores"):
            new_game(seed=9, scores=bad)  # type: ignore[arg-type]
    assert new_game(Rules(target=21), seed=9, dealer=0, scores=(20, 0)).scores[0] >= 20
