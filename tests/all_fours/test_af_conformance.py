"""The conformance kit (cardrules.testing) on every All Fours preset, with hidden variants
(with_hidden_cards), determinization and records (record -> JSON -> record -> text -> record
-> replay gives the same final state)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

import pytest

from cardrules import records
from cardrules.all_fours import ACTIONS, Rules, State, determinize, new_game
from cardrules.core.records import GameRecord
from cardrules.testing import GameSubject, check_conformance


def hidden_variant(state: Any, seat: int, rng: random.Random) -> State:
    """The same state with the cards hidden from ``seat`` dealt anew (any way at all: the
    observation must not change, whatever the other hands hold)."""
    view = state.observe(seat)
    pool = list(state.stock)
    for other, hand in enumerate(state.hands):
        if other != seat or not view.may_look:
            pool.extend(c for c in hand if c not in state.exposed)
    rng.shuffle(pool)
    hands = []
    for other, hand in enumerate(state.hands):
        if other != seat or not view.may_look:
            kept = [c for c in hand if c in state.exposed]
            size = len(hand) - len(kept)
            hands.append(kept + pool[:size])
            del pool[:size]
        else:
            hands.append(list(hand))
    variant: State = state.with_hidden_cards(hands, pool)
    return variant


def replay_check(states: Sequence[Any]) -> None:
    recorder = records.recorder(states[0])
    for before, after in itertools.pairwise(states):
        action = next(a for a in before.legal_actions() if before.apply(a) == after)
        recorder.apply(action)
    record = recorder.record()
    again = GameRecord.from_json(records.to_json(record))
    again = records.from_text(records.to_text(again))
    assert again == record, "the record does not round-trip"
    assert records.final_state(again) == states[-1], "the replay ends elsewhere"


@pytest.mark.parametrize("preset", Rules.PRESETS)
def test_conformance_kit(preset: str) -> None:
    rules = Rules.preset(preset)
    subject = GameSubject(
        name=f"all_fours/{preset}",
        new_game=lambda seed: new_game(rules, seed=seed),
        actions=ACTIONS,
        players=rules.players,
        hidden_variant=hidden_variant,
        determinize=lambda state, seat, rng: determinize(state.observe(seat), rng),
        replay=replay_check,
    )
    report = check_conformance(subject, games=3, seed=7, every=4)
    assert report.finished == 3
    assert report.states > 20
