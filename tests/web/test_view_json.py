"""The JSON view (``observation.to_dict()``) and the events between two observations: the same
shape in both games, JSON values only, nothing a seat may not see, and every point told."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cardrules import all_fours, four_hundred
from cardrules.agents.registry import make_agent
from cardrules.events import EVENT_KINDS, VIEW_VERSION, events, start_events

GAMES = {"all_fours": all_fours, "four_hundred": four_hundred}


def play(module: Any, seed: int) -> list[tuple[Any, Any, Any]]:
    """Every step of a game between rule agents: (state before, action, state after)."""
    agent = make_agent("400" if module is four_hundred else "all-fours", "rule")
    state = module.new_game(seed=seed)
    rng = random.Random(seed)
    steps = []
    while not state.is_terminal and len(steps) < 3000:
        action = agent.act(state.observe(state.current_player), rng)
        after = state.apply(action)
        steps.append((state, action, after))
        state = after
    return steps


def test_the_view_has_the_same_keys_in_both_games() -> None:
    views = [module.new_game(seed=1).observe(1).to_dict() for module in GAMES.values()]
    assert views[0].keys() == views[1].keys()
    for view in views:
        assert view["version"] == VIEW_VERSION
        assert json.loads(json.dumps(view)) == view


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_view_shows_no_hidden_card(game: str) -> None:
    for before, _, after in play(GAMES[game], 2)[:150]:
        for state in (before, after):
            for seat in range(len(state.hands)):
                view = state.observe(seat).to_dict()
                others = {str(c) for s, hand in enumerate(state.hands) if s != seat for c in hand}
                public = {p["card"] for p in view["trick"]["plays"]}
                for cards in view["exposed"]:
                    public |= set(cards)
                assert not (others - public) & set(json.dumps(view).replace('"', " ").split())
                assert set(view["hand"]) <= {str(c) for c in state.hands[seat]}


@pytest.mark.parametrize("seed", range(4))
def test_all_fours_events_add_up_to_the_scores(seed: int) -> None:
    steps = play(all_fours, seed)
    totals = [0, 0]
    first = steps[0][0]
    for event in start_events(first.observe(0)):
        if event["side"] is not None:
            totals[event["side"]] += event["points"]
    kinds = set()
    for before, action, after in steps:
        for event in events(before.observe(3), action, after.observe(3)):
            data = event.to_dict()
            assert json.loads(json.dumps(data)) == data
            kinds.add(event.kind)
            if event.kind in ("kick", "deal") and event["side"] is not None:
                totals[event["side"]] += event["points"]
            if event.kind in ("give_one", "award"):
                totals[event["side"]] += event["points"]
    assert totals == list(steps[-1][2].scores)
    assert kinds <= EVENT_KINDS
    assert {"play", "trick", "award", "deal_scores", "game_over"} <= kinds


def test_400_events_tell_bids_hands_and_the_end() -> None:
    steps = play(four_hundred, 5)
    told = []
    for before, action, after in steps:
        told.extend(events(before.observe(0), action, after.observe(0)))
    kinds = {event.kind for event in told}
    assert {"bid", "play", "trick", "game_over"} <= kinds
    assert kinds & {"hand_scored", "thrown_in"}
    scored = [e for e in told if e.kind == "hand_scored"]
    if scored:
        assert [line["score"] for line in scored[-1]["seats"]] == list(steps[-1][2].scores)
    assert told[-1].to_dict()["winner"] == steps[-1][2].winner


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_terminal_tells_every_event(game: str) -> None:
    from cardrules.cli.events import describe_event

    module = GAMES[game]
    for before, action, after in play(module, 1):
        for event in events(before.observe(0), action, after.observe(0)):
            lines = describe_event(event, before)
            assert not any(line.endswith(f": {event.kind}") for line in lines), event
