"""The oracle: an agent that sees every card, for measurement only.

:class:`OracleAgent` plays from the true state, not from its seat's observation: each card is
the solver's best card for the deal as it lies (the Perfect Information Monte Carlo agent with
the true deal as its only sample, so that ties are broken as :class:`~cardrules.agents.PimcAgent`
breaks them), and each other decision (an All Fours stand, beg, gift or run of the pack) by
simulation of the true deal.  In 400 the bids and the cards before the solved ending are
:class:`~cardrules.agents.PimcAgent`'s (its ``solve_from``).  It is the ceiling that the other
agents are measured against (:func:`cardrules.runner.duplicate_deals`); it cannot play from an
observation, and ``cardrules play`` refuses it (:data:`cardrules.agents.registry.MEASUREMENT_ONLY`).

>>> import random
>>> from cardrules.agents.oracle import OracleAgent
>>> from cardrules.all_fours import Stand, new_game
>>> state = new_game(seed=3, dealer=0).apply(Stand())
>>> OracleAgent("all-fours").act_on_state(state, random.Random(1)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import attrs

from cardrules.agents.pimc import PimcAgent
from cardrules.errors import ArgumentError

__all__ = ["OracleAgent"]


@attrs.define(eq=False)
class OracleAgent:
    """Plays the solver's best card with every hand in view (see the module's introduction).

    :param game: ``"400"`` or ``"all-fours"``.
    :param solve_from: as :class:`~cardrules.agents.PimcAgent`'s.
    :param name: the label in tables.
    """

    #: The runner gives this agent the state itself (:meth:`act_on_state`).
    sees_everything: ClassVar[bool] = True

    game: str
    solve_from: int | None = None
    name: str = "oracle"

    def act(self, observation: Any, rng: random.Random) -> Any:
        """Refused: the oracle plays only from the state (:meth:`act_on_state`)."""
        raise ArgumentError(
            "oracle: this agent sees every card and plays only from the state "
            "(act_on_state, as cardrules.runner.duplicate_deals calls it), for measurement",
            name="observation",
            value=observation,
        )

    def act_on_state(self, state: Any, rng: random.Random) -> Any:
        """The action for the player to move in ``state``, every card in view."""
        seat = state.current_player
        pimc = PimcAgent(
            self.game,
            samples=1,
            solve_from=self.solve_from,
            determinize=lambda observation, rng: state,
            name=self.name,
        )
        return pimc.act(state.observe(seat), rng)
