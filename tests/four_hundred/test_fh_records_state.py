"""Saving and loading one 400 state (save_state / load_state): round trips in every phase and
ending, and tampered or inconsistent saved states refused with what is wrong."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.core.records import RecordError
from cardrules.errors import IllegalActionError
from cardrules.four_hundred import (
    Bid,
    Ending,
    Phase,
    Redeal,
    Rules,
    State,
    TalkBeforePlay,
    TalkDuringPlay,
    is_thrown_in,
    load_state,
    new_game,
    save_state,
)

seeds = st.integers(min_value=0, max_value=2**64 - 1)
RULESETS = [Rules.preset(p) for p in Rules.PRESETS] + [
    Rules(conduct_penalties=True, no_picture_redeal=True, five_to_start="replace")
]
rulesets = st.integers(min_value=0, max_value=len(RULESETS) - 1)


def random_game(
    seed: int, rules: Rules, limit: int = 500, scores: tuple[int, ...] = (0, 0, 0, 0)
) -> list[State]:
    """A seeded game (bounded): bids near the minimum, random cards, claims tried late in a
    hand, redeals and penalties now and then when the rules have them."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed, scores=scores)
    states = [state]
    for _ in range(limit):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        if state.phase is Phase.PLAY and not state.current_trick.cards and len(state.tricks) > 9:
            with contextlib.suppress(IllegalActionError):
                state = state.claim(rng.randrange(4))
                states.append(state)
                continue
        if rules.conduct_penalties and rng.random() < 0.02:
            team = rng.randrange(2)
            state = state.penalize(
                TalkBeforePlay(team) if state.phase is Phase.BIDDING else TalkDuringPlay(team)
            )
        elif state.phase is Phase.BIDDING:
            bids = [a for a in legal if isinstance(a, Bid)]
            if Redeal() in legal and rng.random() < 0.5:
                state = state.apply(Redeal())
            elif state.current_player == state.dealer and rng.random() < 0.8:
                fits = [
                    b
                    for b in bids
                    if not is_thrown_in(
                        state.scores,
                        tuple(x if x is not None else b.tricks for x in state.bids),  # type: ignore[arg-type]
                        rules,
                    )
                ]
                state = state.apply((fits or bids)[0])
            else:
                state = state.apply(bids[min(len(bids) - 1, rng.choice((0, 0, 1)))])
        else:
            state = state.apply(rng.choice(legal))
        states.append(state)
    return states


@settings(max_examples=12)
@given(seed=seeds, which=rulesets)
def test_save_and_load_round_trip(seed: int, which: int) -> None:
    """Every state of random games comes back equal from its saved JSON."""
    states = random_game(seed, RULESETS[which])
    for state in [*states[:: max(1, len(states) // 30)], states[-1]]:
        text = save_state(state)
        assert load_state(text) == state
        assert save_state(load_state(text)) == text


@pytest.mark.rule("FH-18", "FH-26", "FH-27", "FH-28", "FH-30", "FH-14")
def test_every_ending_survives_save_and_load() -> None:
    """Hands ended every way (played, claimed, thrown in, void, conduct redeal and penalty),
    and finished games (the third offence of FH-28 too), save and load."""
    rules = Rules(conduct_penalties=True, no_picture_redeal=True)
    endings: set[Ending] = set()
    finished = 0
    for seed in range(40):
        states = random_game(seed, rules, limit=800, scores=(35, 30, 36, 28))
        for state in [*states[::5], states[-1]]:
            assert load_state(save_state(state)) == state
        endings |= {result.ending for result in states[-1].history}
        finished += states[-1].is_terminal
        if len(endings) == len(Ending) and finished >= 5:
            break
    assert endings == set(Ending)
    assert finished >= 5


def saved(**changes: Any) -> dict[str, Any]:
    states = random_game(3, Rules(), limit=2000)
    state = next(s for s in states if s.deal_number >= 3 and len(s.tricks) == 2)
    data: dict[str, Any] = json.loads(save_state(state))
    data.update(changes)
    return data


def edited(path: list[Any], value: Any) -> dict[str, Any]:
    data = saved()
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


def test_a_tampered_state_is_refused_saying_what_is_wrong() -> None:
    good = saved()
    number = good["deal_number"]
    assert load_state(json.dumps(good)).deal_number == number >= 3
    scored = next(i for i, r in enumerate(good["history"]) if r["ending"] == "played")
    hand = good["history"][scored]
    cases: list[tuple[dict[str, Any], str]] = [
        (saved(version=2), "version 2 is not supported"),
        (saved(extra=1), "unknown field.*'extra'"),
        (saved(format="x"), "not a saved state"),
        (saved(game="all_fours"), "not a 400 state"),
        (saved(seed=good["seed"] + 1), "deck is not the one the game's seed deals"),
        (saved(dealer=(good["dealer"] + 1) % 4), "FH-8 gives seat"),
        (saved(dealer=7), "a seat 0..3"),
        (saved(scores=[good["scores"][0] + 1, *good["scores"][1:]]), "last finished"),
        (saved(deal_number=number + 1), f"needs the {number + 1} finished deals"),
        (saved(rules={**good["rules"], "claims": "x"}), "bad rules"),
        (saved(scores=[1, 2, 3]), "scores must be 4 ints"),
        (edited(["history", scored, "scores", 0], hand["scores"][0] + 5), "scores is"),
        (edited(["history", scored, "changes", 1], 99), "changes is"),
        (edited(["history", scored, "tricks"], [13, 0, 0, 0]), "does not follow"),
        (edited(["history", scored, "level"], 51), "level is 51"),
        (edited(["history", scored, "ending"], "bonus"), "'bonus' is not a valid Ending"),
        (edited(["history", scored, "ending"], "thrown_in"), "not thrown in|scores is"),
        (edited(["history", scored, "bids", 0], 1), "bid 1 is not legal"),
        (edited(["history", scored, "offender"], 0), "offender is 0"),
        (edited(["history", scored, "hand_number"], 7), "hand_number is 7"),
        (edited(["history", 1, "deal_number"], 5), "deal number 5, expected 1"),
        (edited(["history", 1, "extra"], 5), r"history\[1\]: unknown field"),
    ]
    steps = json.loads(json.dumps(good["steps"]))
    steps[-1][0] = (steps[-1][0] + 1) % 4
    cases.append((saved(steps=steps), f"deal {number}, trick 2, seat"))
    steps = json.loads(json.dumps(good["steps"]))
    steps.append([7, "2C"])
    cases.append((saved(steps=steps), "seat 7"))
    steps = json.loads(json.dumps(good["steps"]))
    steps[0][1] = "1"
    cases.append((saved(steps=steps), "bid_below_minimum"))
    cases.append((saved(steps=[*good["steps"], "QH"]), "must be \\[seat, action text\\]"))
    deck = good["deck"].split()
    deck[0] = deck[1]
    cases.append((saved(deck=" ".join(deck)), "bad deck"))
    for data, message in cases:
        with pytest.raises(RecordError, match=message):
            load_state(json.dumps(data))
    with pytest.raises(RecordError, match="not JSON"):
        load_state(json.dumps(good)[:-3])
    with pytest.raises(TypeError):
        save_state("a state")  # type: ignore[arg-type]


def test_steps_may_not_run_past_the_deal() -> None:
    state = new_game(seed=4, dealer=0)
    data = json.loads(save_state(state))
    finished = state
    steps = []
    while finished.deal_number == 0:
        action = finished.legal_actions()[0]
        steps.append([finished.current_player, str(action)])
        finished = finished.apply(action)
    data["steps"] = steps
    with pytest.raises(RecordError, match="past the end of the deal"):
        load_state(json.dumps(data))
    data["steps"] = [*steps, [1, "2"]]
    with pytest.raises(RecordError, match="after the deal ended"):
        load_state(json.dumps(data))


@pytest.mark.rule("FH-21", "FH-26", "FH-27", "FH-28")
@pytest.mark.parametrize("mode", ["partner_not_negative", "always", "bidder_not_negative"])
def test_load_state_rescores_every_hand_as_the_engine_does(mode: str) -> None:
    """Loading re-scores each finished hand through the engine's own scoring (no copy): random
    high bids under every high_bid_win option, with conduct penalties, all round-trip."""
    rules = Rules(high_bid_win=mode, conduct_penalties=True)
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(rules, seed=seed, dealer=seed % 4)
        for _ in range(400):
            if state.is_terminal:
                break
            if rng.random() < 0.01:
                team = rng.randrange(2)
                state = state.penalize(
                    TalkBeforePlay(team) if state.phase is Phase.BIDDING else TalkDuringPlay(team)
                )
            else:
                state = state.apply(rng.choice(state.legal_actions()))
            if not state.current_trick.cards:
                assert load_state(save_state(state)) == state


@pytest.mark.rule("FH-30")
def test_a_no_picture_redeal_in_the_history_is_replayed_on_the_seeds_deal() -> None:
    """A void redeal of a later deal is checked on the deal the seed gives: the redealing seat
    must hold no picture card there."""
    rules = Rules(no_picture_redeal=True)
    for seed in range(200):
        rng = random.Random(seed)
        state = new_game(rules, seed=seed, dealer=0)
        while not state.is_terminal and len(state.history) < 12:
            actions = state.legal_actions()
            redeal = [a for a in actions if isinstance(a, Redeal)]
            state = state.apply(redeal[0] if redeal else rng.choice(actions))
        if any(h.ending is Ending.VOID_REDEAL for h in state.history[1:]):
            break
    else:  # pragma: no cover
        pytest.fail("no seed gave a void redeal after the first deal")
    text = save_state(state)
    assert load_state(text) == state
    data = json.loads(text)
    data["seed"] += 1
    with pytest.raises(RecordError, match=r"history\[\d+\]: the seed's deal does not"):
        load_state(json.dumps(data))
