"""The conformance kit (cardrules.testing) on every 400 preset (and the optional rules), with
hidden variants (with_hidden_cards), determinization and records (record -> JSON -> record ->
text -> record -> replay gives the same final state)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

import pytest

from cardrules import records
from cardrules.core.records import GameRecord
from cardrules.four_hundred import ACTIONS, Rules, State, determinize, new_game
from cardrules.testing import GameSubject, check_conformance

RULESETS = {name: Rules.preset(name) for name in Rules.PRESETS} | {
    "options": Rules(conduct_penalties=True, no_picture_redeal=True, five_to_start="replace")
}


def hidden_variant(state: Any, seat: int, rng: random.Random) -> State:
    """The same state with the cards hidden from ``seat`` (the other seats' unplayed cards)
    dealt anew, any way at all: the observation must not change, whatever they hold."""
    pool = [card for other, hand in enumerate(state.hands) if other != seat for card in hand]
    rng.shuffle(pool)
    hands = []
    for other, hand in enumerate(state.hands):
        if other == seat:
            hands.append(list(hand))
        else:
            hands.append(pool[: len(hand)])
            del pool[: len(hand)]
    variant: State = state.with_hidden_cards(hands)
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


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_conformance_kit(name: str) -> None:
    """Random games (bounded: random bids keep failing, so a game need not end) checked at
    every other state."""
    rules = RULESETS[name]
    subject = GameSubject(
        name=f"four_hundred/{name}",
        new_game=lambda seed: new_game(rules, seed=seed),
        actions=ACTIONS,
        players=4,
        hidden_variant=hidden_variant,
        determinize=lambda state, seat, rng: determinize(state.observe(seat), rng),
        replay=replay_check,
    )
    report = check_conformance(subject, games=3, seed=7, every=2, max_actions=300)
    assert report.states > 400


def test_conformance_kit_to_the_end_of_a_game() -> None:
    """Games that end (from scores near the target: these seeds finish in their first hand)."""
    subject = GameSubject(
        name="four_hundred/endgame",
        new_game=lambda seed: new_game(seed=seed, scores=(38, 10, 38, 10)),
        actions=ACTIONS,
        hidden_variant=hidden_variant,
        determinize=lambda state, seat, rng: determinize(state.observe(seat), rng),
        replay=replay_check,
    )
    report = check_conformance(subject, games=3, seed=0, every=2, max_actions=2000)
    assert report.finished == 3
