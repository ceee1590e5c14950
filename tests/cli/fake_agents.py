"""Agents for the command's tests, loaded by ``--agents tests.cli.fake_agents:NAME``."""

from __future__ import annotations

import random
from typing import Any

from cardrules.four_hundred import Play


class Cheat:
    """A 400 agent that bids as it may, then plays the first card of its hand that it may not
    play (following suit is not its habit)."""

    name = "cheat"

    def act(self, observation: Any, rng: random.Random) -> Any:
        legal = list(observation.legal_actions)
        if not isinstance(legal[0], Play):
            return legal[0]
        for card in observation.hand:
            if Play(card) not in legal:
                return Play(card)
        return legal[0]
