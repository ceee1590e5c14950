"""Speed of All Fours records and determinization:
``python benchmarks/bench_all_fours_records.py [SECONDS]``.

* records written and read per second, as JSON and as text (a whole random game each: read
  means parsed into a ``GameRecord``; replayed means read and checked step by step);
* saved states written and loaded per second (loading re-applies the deal's steps);
* determinizations per second for a seat in the middle of a hand (a ``random.Random`` and a
  ``SeededRng``), the observation taken once, as a search bot does.

Figures are wall-clock on the machine at hand, printed as ``benchmarks/run.py`` prints them.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from cardrules import SeededRng, records
from cardrules.all_fours import Phase, Rules, State, determinize, load_state, new_game, save_state
from cardrules.core.records import GameRecord


def _measure(name: str, unit: str, func: Callable[[], object], seconds: float) -> None:
    calls = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        func()
        calls += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    print(f"{name:<40} {calls / (now - start):>14,.0f} {unit}/s")


def _game(seed: int, rules: Rules) -> tuple[GameRecord, list[State]]:
    rng = random.Random(seed)
    recorder = records.recorder(new_game(rules, seed=seed))
    states = [recorder.state]
    while not recorder.state.is_terminal:
        states.append(recorder.apply(rng.choice(recorder.state.legal_actions())))
    return recorder.record(), states


def mid_hand(rules: Rules, seed: int = 3) -> State:
    """A state in the middle of a hand (the third trick), the seat to play being a bot."""
    _, states = _game(seed, rules)
    return next(s for s in states if s.phase is Phase.PLAY and len(s.tricks) == 2)


def run(seconds: float) -> None:
    """Print records per second (JSON and text, written / read / replayed), saved states per
    second, and determinizations per second in the middle of a hand."""
    record, states = _game(7, Rules())
    as_json = records.to_json(record)
    as_text = records.to_text(record)
    _measure("all_fours record to JSON", "records", lambda: records.to_json(record), seconds)
    _measure("all_fours record from JSON", "records", lambda: records.from_json(as_json), seconds)
    _measure("all_fours record to text", "records", lambda: records.to_text(record), seconds)
    _measure("all_fours record from text", "records", lambda: records.from_text(as_text), seconds)
    _measure(
        "all_fours record replayed (checked)",
        "records",
        lambda: records.final_state(record),
        seconds,
    )
    state = states[len(states) // 2]
    saved = save_state(state)
    _measure("all_fours save_state", "states", lambda: save_state(state), seconds)
    _measure("all_fours load_state", "states", lambda: load_state(saved), seconds)
    for label, rules in [("4 players", Rules()), ("2 players", Rules.preset("all_twos"))]:
        position = mid_hand(rules)
        view = position.observe(position.current_player or 0)
        fast = random.Random(1)
        _measure(
            f"all_fours determinize, {label}",
            "states",
            lambda v=view, r=fast: determinize(v, r),
            seconds,
        )
    view = mid_hand(Rules()).observe(1)
    seeded = SeededRng(1)
    _measure(
        "all_fours determinize, SeededRng", "states", lambda: determinize(view, seeded), seconds
    )


if __name__ == "__main__":
    run(float(sys.argv[1]) if len(sys.argv) > 1 else 1.0)
