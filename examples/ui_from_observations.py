"""Feed a user interface from observations and records.

A UI shows one seat's view: build it from ``state.observe(seat)`` (never from the state, which
holds every hidden card).  ``observe(seat).to_dict()`` is that view as JSON values, the same
shape in both games, and :func:`cardrules.events.events` tells what happened between two views
(the terminal's narration and ``cardrules serve`` use the same events).  Here each of seat 0's
turns becomes a frame, with the events since the one before; then the game's record is saved,
read back and replayed step by step, as a viewer would.

python examples/ui_from_observations.py [SEED]
"""

from __future__ import annotations

import json
import sys
from typing import Any

from cardrules.agents.all_fours import RuleAgent
from cardrules.all_fours import Rules, new_game
from cardrules.events import events, start_events
from cardrules.records import from_json, recorder, replay, to_json
from cardrules.runner import agent_rngs


def main(seed: int = 11) -> None:
    state = new_game(Rules(), seed=seed)
    game = recorder(state)
    agent = RuleAgent()
    rngs = agent_rngs(seed, 4)
    frames: list[dict[str, Any]] = []
    told = [event.to_dict() for event in start_events(state.observe(0))]
    while not state.is_terminal:
        seat = state.current_player
        view = state.observe(seat)
        if seat == 0:
            frames.append({"view": view.to_dict(), "events": told})
            told = []
        action = agent.act(view, rngs[seat])
        before = state
        state = game.apply(action)
        told += [e.to_dict() for e in events(before.observe(0), action, state.observe(0))]
    print(f"{len(frames)} frames for seat 0; the first view's hand and legal moves:")
    first = frames[0]["view"]
    print(json.dumps({"hand": first["hand"], "legal": first["legal"]}))
    print("the events after seat 0's last turn:", ", ".join(e["kind"] for e in told))
    text = to_json(game.record())
    steps = list(replay(from_json(text)))
    last = steps[-1].after
    print(f"record: {len(text)} bytes of JSON, {len(steps)} steps replayed and checked")
    print(f"final scores {last.scores}, winner side {last.winner}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 11)
