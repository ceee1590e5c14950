"""The oracle: an agent that sees every card, for measurement only.

:class:`OracleAgent` plays from the true state, not from its seat's observation: it is the
Perfect Information Monte Carlo agent (:class:`~cardrules.agents.PimcAgent`) whose one sample is
the deal as it lies, so each card is the solver's best card (ties broken as PIMC breaks them),
and each bid, stand, beg, gift or run is simulated on the real hands.  It is the ceiling the
other agents are measured against (:func:`cardrules.runner.duplicate_deals`).  It cannot play
from an observation: the runner's games between agents, and so ``cardrules play`` and
``cardrules simulate``, refuse it (:func:`cardrules.runner.check_agent`), and the registry
lists it apart (:data:`cardrules.agents.registry.MEASUREMENT_ONLY`).

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
    """Plays the solver's choice with every hand in view (see the module's introduction).

    :param game: a registered game's name with a PIMC agent (``"400"``, ``"all-fours"``).
    :param solve_from: as :class:`~cardrules.agents.PimcAgent`'s (``None``: every decision).
    :param name: the label in tables.
    """

    #: The runner gives this agent the state itself (:meth:`act_on_state`).
    sees_everything: ClassVar[bool] = True

    game: str
    solve_from: int | None = None
    name: str = "oracle"
    _pimc: PimcAgent = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        self._pimc = PimcAgent(self.game, samples=1, solve_from=self.solve_from, name=self.name)

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
        self._pimc.determinize = lambda observation, rng: state
        try:
            return self._pimc.act(state.observe(state.current_player), rng)
        finally:
            self._pimc.determinize = None
