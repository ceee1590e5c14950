"""Speed of 400 records and determinization:
``python benchmarks/bench_four_hundred_records.py [SECONDS]``.

* records written and read per second, as JSON and as text (a whole game each, played to its
  end: read means parsed into a ``GameRecord``; replayed means read and checked step by step);
* saved states written and loaded per second (loading re-scores the history and re-applies the
  deal's steps);
* determinizations per second for the seat to play in the middle of a hand (after six tricks,
  with a ``random.Random`` and a ``SeededRng``), the observation taken once, as a search bot
  does; and, for comparison, at the first and the eleventh trick, and averaged over the
  positions of many random hands (a new observation each time, so the per-observation work is
  included).

Figures are wall-clock on the machine at hand, printed as ``benchmarks/run.py`` prints them.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from cardrules import SeededRng, records
from cardrules.core.records import GameRecord
from cardrules.four_hundred import (
    Bid,
    Phase,
    Rules,
    State,
    determinize,
    is_thrown_in,
    load_state,
    new_game,
    save_state,
)


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
    print(f"{name:<48} {calls / (now - start):>14,.0f} {unit}/s")


def _choose(state: State, rng: random.Random) -> object:
    """Bid near the minimum (the dealer avoids a throw-in), play a random card."""
    legal = state.legal_actions()
    if state.phase is Phase.BIDDING:
        if state.current_player == state.dealer:
            for bid in legal:
                full = tuple(b if b is not None else bid.tricks for b in state.bids)  # type: ignore[union-attr]
                if not is_thrown_in(state.scores, full, state.rules):  # type: ignore[arg-type]
                    return bid
        return Bid(min(13, max(legal[0].tricks, 2) + rng.choice((0, 0, 1))))  # type: ignore[union-attr]
    return rng.choice(legal)


def _game(
    seed: int, scores: tuple[int, int, int, int] = (30, 20, 25, 15)
) -> tuple[GameRecord, list[State]]:
    rng = random.Random(seed)
    recorder = records.recorder(new_game(Rules(), seed=seed, scores=scores))
    states = [recorder.state]
    while not recorder.state.is_terminal:
        states.append(recorder.apply(_choose(recorder.state, rng)))
    return recorder.record(), states


def at_trick(tricks: int, seed: int = 3) -> State:
    """A state of a random game with ``tricks`` tricks done, the seat to play leading."""
    _, states = _game(seed)
    return next(
        s
        for s in states
        if s.phase is Phase.PLAY and len(s.tricks) == tricks and not s.current_trick.cards
    )


def run(seconds: float) -> None:
    """Print records per second (JSON and text, written / read / replayed), saved states per
    second, and determinizations per second in the middle of a hand."""
    record, states = _game(7)
    as_json = records.to_json(record)
    as_text = records.to_text(record)
    print(f"(a game of {len(record.deals)} deals, {len(record.steps)} steps)")
    _measure("four_hundred record to JSON", "records", lambda: records.to_json(record), seconds)
    _measure(
        "four_hundred record from JSON", "records", lambda: records.from_json(as_json), seconds
    )
    _measure("four_hundred record to text", "records", lambda: records.to_text(record), seconds)
    _measure(
        "four_hundred record from text", "records", lambda: records.from_text(as_text), seconds
    )
    _measure(
        "four_hundred record replayed (checked)",
        "records",
        lambda: records.final_state(record),
        seconds,
    )
    state = states[len(states) // 2]
    saved = save_state(state)
    _measure("four_hundred save_state", "states", lambda: save_state(state), seconds)
    _measure("four_hundred load_state", "states", lambda: load_state(saved), seconds)
    for tricks, label in ((6, "mid-hand (trick 7)"), (0, "trick 1"), (10, "trick 11")):
        position = at_trick(tricks)
        view = position.observe(position.current_player or 0)
        fast = random.Random(1)
        _measure(
            f"four_hundred determinize, {label}",
            "states",
            lambda v=view, r=fast: determinize(v, r),
            seconds,
        )
    view = at_trick(6).observe(at_trick(6).current_player or 0)
    seeded = SeededRng(1)
    _measure(
        "four_hundred determinize, mid-hand, SeededRng",
        "states",
        lambda: determinize(view, seeded),
        seconds,
    )
    # Many positions, each observed afresh: the per-observation work counts too.
    views = []
    for seed in range(40):
        for s in _game(seed)[1]:
            if s.phase is Phase.PLAY and 3 <= len(s.tricks) <= 9:
                views.append((s, s.current_player or 0))
    rng = random.Random(2)
    pick = random.Random(3)

    def fresh() -> object:
        s, seat = views[pick.randrange(len(views))]
        return determinize(s.observe(seat), rng)

    def observe_only() -> object:
        s, seat = views[pick.randrange(len(views))]
        return s.observe(seat)

    _measure("four_hundred observe (many mid-hand positions)", "states", observe_only, seconds)
    _measure("four_hundred observe + determinize (same)", "states", fresh, seconds)


if __name__ == "__main__":
    run(float(sys.argv[1]) if len(sys.argv) > 1 else 1.0)
