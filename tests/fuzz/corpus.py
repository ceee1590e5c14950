"""Real games, records and saved states for the fuzzers to start from (built once)."""

from __future__ import annotations

import functools
import random
from typing import Any

from cardrules import all_fours, four_hundred
from cardrules.core.deck import shuffled_deck
from cardrules.records import recorder


def _walk(state: Any, seed: int, moves: int) -> list[Any]:
    """``state`` and the states after up to ``moves`` random legal actions."""
    rng = random.Random(seed)
    seen = [state]
    for _ in range(moves):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
        seen.append(state)
    return seen


@functools.cache
def states() -> tuple[Any, ...]:
    """States of both games: at the start, mid-deal, after several deals, at the end; several
    rulesets, a first deck fixed by the caller, AF-25 exposures and conduct penalties."""
    found: list[Any] = []
    for seed, rules in enumerate(
        (four_hundred.Rules(), four_hundred.Rules(conduct_penalties=True, no_picture_redeal=True))
    ):
        walk = _walk(four_hundred.new_game(rules, seed=seed), seed, 400)
        found += [*walk[:: max(1, len(walk) // 12)], walk[-1]]
    af_rules = [all_fours.Rules.preset(name) for name in all_fours.Rules.PRESETS]
    af_rules.append(all_fours.Rules(exposed_cards=True))
    for seed, rules in enumerate(af_rules):
        deck = shuffled_deck(seed, "fuzz") if seed % 2 else None
        walk = _walk(all_fours.new_game(rules, seed=seed, deck=deck), seed, 300)
        found += [*walk[:: max(1, len(walk) // 8)], walk[-1]]
    state = all_fours.new_game(all_fours.Rules(exposed_cards=True), seed=8, dealer=0)
    state = state.apply(all_fours.Stand())
    found.append(state.expose(2, next(iter(state.hand(2)))))
    return tuple(found)


@functools.cache
def saved_states() -> tuple[tuple[Any, str], ...]:
    """(the game's module, saved text) for each state of :func:`states` that can be saved."""
    out = []
    for state in states():
        module = four_hundred if isinstance(state, four_hundred.State) else all_fours
        out.append((module, module.save_state(state)))
    return tuple(out)


@functools.cache
def records() -> tuple[str, ...]:
    """Records (JSON and text) of a few games of both kinds, two deals or more each."""
    from cardrules.records import to_text

    out = []
    for seed, module in enumerate((four_hundred, all_fours, four_hundred, all_fours)):
        state = module.new_game(seed=seed)
        rec = recorder(state)
        rng = random.Random(seed)
        while not state.is_terminal and len(rec.record().deals) < 3:
            state = rec.apply(rng.choice(state.legal_actions()))
        record = rec.record()
        out += [record.to_json(), to_text(record)]
    return tuple(out)
