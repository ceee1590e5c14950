"""Feed a user interface from observations and records.

A UI shows one seat's view: build it from ``state.observe(seat)`` (never from the state, which
holds every hidden card).  Here each of seat 0's turns becomes a JSON-ready "frame"; then the
game's record is saved, read back and replayed step by step, as a viewer would.

python examples/ui_from_observations.py [SEED]
"""

from __future__ import annotations

import json
import sys
from typing import Any

from cardrules.agents.all_fours import RuleAgent
from cardrules.all_fours import Observation, Rules, new_game
from cardrules.records import from_json, recorder, replay, to_json
from cardrules.runner import agent_rngs


def frame(view: Observation) -> dict[str, Any]:
    """What a UI needs to draw seat ``view.seat``'s screen."""
    return {
        "seat": view.seat,
        "scores": list(view.scores),
        "dealer": view.dealer,
        "kicks": [str(card) for card in view.kicks],
        "trump": None if view.trump is None else view.trump.letter,
        "hand": [str(card) for card in view.hand],
        "hand_sizes": list(view.hand_sizes),
        "trick": [[seat, str(card)] for seat, card in view.current_trick.plays()],
        "legal": [str(action) for action in view.legal_actions],
    }


def main(seed: int = 11) -> None:
    state = new_game(Rules(), seed=seed)
    game = recorder(state)
    agent = RuleAgent()
    rngs = agent_rngs(seed, 4)
    frames = []
    while not state.is_terminal:
        seat = state.current_player
        view = state.observe(seat)
        if seat == 0:
            frames.append(frame(view))
        state = game.apply(agent.act(view, rngs[seat]))
    print(f"{len(frames)} frames for seat 0; the first:")
    print(json.dumps(frames[0]))
    text = to_json(game.record())
    steps = list(replay(from_json(text)))
    last = steps[-1].after
    print(f"record: {len(text)} bytes of JSON, {len(steps)} steps replayed and checked")
    print(f"final scores {last.scores}, winner side {last.winner}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 11)
