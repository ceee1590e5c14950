"""A search agent: information-set Monte Carlo tree search over a determinizer.

The agent cannot see the other hands.  At each decision it repeats, within its budget:

1. *determinize*: draw a full state that agrees with everything its seat has observed
   (``determinize(observation, rng)``, e.g. :func:`cardrules.all_fours.determinize`);
2. *select*: walk down one shared tree from the root, choosing at each node, among the actions
   legal in this sample, the one with the best upper confidence bound (UCB1 with availability
   counts: an action's exploration term grows only with the iterations in which it was legal);
3. *expand* one new action, then *roll out* to the end of the current deal with a fast rollout
   policy (by default uniform random; each game module of :mod:`cardrules.agents` has a greedy
   one that plays a sensible trick game);
4. *evaluate* the end of the deal for both sides (a value in ``[0, 1]``: 1 for a game won,
   otherwise the deal's score swing, scaled) and add it to the statistics of every node on the
   path, each from the point of view of the side that chose it.

This is single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): one tree over the
searching seat's information, so the samples' different hidden cards share their statistics.  It
plays the action tried most often at the root (``method="flat"`` is the simpler determinized
Monte Carlo, see :class:`SearchAgent`).  The search never reads the true state: only the
observation and what the determinizer samples from it.

The search is generic: it needs states with ``current_player``, ``legal_actions()``,
``apply()``, ``is_terminal`` and ``deal_number`` (both games' states have them), a determinizer
and an evaluation.  :func:`cardrules.agents.all_fours.search_agent` and
:func:`cardrules.agents.four_hundred.search_agent` put the pieces together for each game.

>>> import random
>>> from cardrules.agents.all_fours import search_agent
>>> from cardrules.all_fours import new_game
>>> state = new_game(seed=3, dealer=0)
>>> agent = search_agent(iterations=30)
>>> agent.act(state.observe(1), random.Random(1)) in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol

import attrs

from cardrules.agents.base import check_turn

__all__ = ["Determinizer", "Evaluator", "RolloutPolicy", "SearchAgent", "SearchStats"]

#: ``determinize(observation, rng) -> state``: a full state sampled from what the seat observed.
Determinizer = Callable[[Any, random.Random], Any]
#: ``policy(state, rng) -> action``: a legal action of ``state`` for rollouts (sees the sample).
RolloutPolicy = Callable[[Any, random.Random], Any]
#: ``evaluate(observation, state) -> (value of side 0, value of side 1)``, each in ``[0, 1]``:
#: how good the end of the rollout (``state``) is for each side, given the root's observation.
Evaluator = Callable[[Any, Any], tuple[float, float]]

_DEFAULT_EXPLORATION: Final = 0.7
_METHODS: Final = ("ismcts", "flat")


class _SearchState(Protocol):
    """What the search needs of a sampled state."""

    @property
    def current_player(self) -> int | None: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def apply(self, action: Any) -> _SearchState: ...

    @property
    def is_terminal(self) -> bool: ...

    @property
    def deal_number(self) -> int: ...


def random_rollout(state: Any, rng: random.Random) -> Any:
    """The default rollout policy: a uniformly random legal action."""
    return rng.choice(state.legal_actions())


class _Node:
    """A tree node: the statistics of the action that leads to it, for the side that chose it."""

    __slots__ = ("avail", "children", "side", "total", "visits")

    def __init__(self, side: int) -> None:
        self.side = side
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.children: dict[Any, _Node] = {}


@attrs.frozen
class SearchStats:
    """What the last decision's search did (``SearchAgent.last_stats``, for tuning and tests):
    iterations run, seconds spent, and the visits and mean value of each root action."""

    iterations: int
    seconds: float
    visits: dict[str, int]
    values: dict[str, float]


@attrs.define(eq=False)
class SearchAgent:
    """Information-set MCTS over a determinizer (see the module's introduction).

    :param determinize: ``(observation, rng) -> state``.
    :param evaluate: ``(observation, state) -> (v0, v1)``: the value of the end of a rollout for
        each side, in ``[0, 1]``.
    :param iterations: the number of samples per decision (the budget; reproducible).
    :param seconds: a time budget per decision instead (at least one iteration is always run);
        it makes the choice depend on the machine's speed, so a seeded game is no longer
        reproduced exactly.
    :param rollout: the rollout policy (default: uniform random).
    :param exploration: the UCB1 constant ``c`` in ``mean + c * sqrt(ln(avail) / visits)``.
    :param method: ``"ismcts"`` (the tree search above) or ``"flat"``: determinized Monte Carlo
        with paired samples -- each sample is played out once after *every* legal action, so
        that the actions are compared on the same hidden cards (the luck of the sample cancels
        out of the comparison); ``iterations`` then counts rollouts.
    :param budgets: iterations per phase (``observation.phase.value``), overriding
        ``iterations`` there, e.g. ``{"play": 30}`` for cheaper card play than bidding.
    :param phases: search only in these phases (``observation.phase.value``, e.g.
        ``("bidding",)``) and let ``fallback`` decide in the others; ``None`` searches every
        decision.
    :param fallback: the agent for the phases not searched.
    :param name: the label in tables.

    A decision with a single legal action is played at once, without a search.
    """

    determinize: Determinizer
    evaluate: Evaluator
    iterations: int = 200
    seconds: float | None = None
    rollout: RolloutPolicy = random_rollout
    exploration: float = _DEFAULT_EXPLORATION
    method: str = "ismcts"
    budgets: dict[str, int] | None = None
    phases: tuple[str, ...] | None = None
    fallback: Any = None
    name: str = "search"
    last_stats: SearchStats | None = attrs.field(default=None, init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {self.iterations}")
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError(f"seconds must be positive, not {self.seconds}")
        if self.method not in _METHODS:
            raise ValueError(f"method must be one of {_METHODS}, not {self.method!r}")
        if self.budgets is not None and any(n < 1 for n in self.budgets.values()):
            raise ValueError(f"every budget must be at least 1 iteration: {self.budgets}")
        if self.phases is not None and self.fallback is None:
            raise ValueError("a search limited to some phases needs a fallback agent")

    def act(self, observation: Any, rng: random.Random) -> Any:
        """Search from ``observation`` and return the root action visited most."""
        legal = check_turn(observation, rng)
        if len(legal) == 1:
            return legal[0]
        if self.phases is not None and observation.phase.value not in self.phases:
            return self.fallback.act(observation, rng)
        start = time.perf_counter()
        iterations = self.iterations
        if self.budgets is not None:
            iterations = self.budgets.get(observation.phase.value, iterations)
        if self.method == "flat":
            root = self._flat(observation, legal, rng, start, iterations)
        else:
            root = self._search(observation, rng, start, iterations)
        children = root.children
        if self.method == "flat":  # equal visits: the best mean
            best = max(legal, key=lambda a: children[a].total)
        else:
            best = max(legal, key=lambda a: children[a].visits if a in children else -1)
        self.last_stats = SearchStats(
            iterations=root.visits,
            seconds=time.perf_counter() - start,
            visits={str(a): children[a].visits for a in legal if a in children},
            values={
                str(a): children[a].total / children[a].visits
                for a in legal
                if a in children and children[a].visits
            },
        )
        return best

    def _search(self, observation: Any, rng: random.Random, start: float, iterations: int) -> _Node:
        determinize = self.determinize
        evaluate = self.evaluate
        rollout = self.rollout
        c = self.exploration
        deal = observation.deal_number
        deadline = None if self.seconds is None else start + self.seconds
        budget = iterations if deadline is None else 1 << 62
        sqrt, log = math.sqrt, math.log
        root = _Node(-1)
        done = 0
        while done < budget:
            state: Any = determinize(observation, rng)
            node = root
            path: list[_Node] = []
            # Selection and expansion.
            while not state.is_terminal and state.deal_number == deal:
                legal = state.legal_actions()
                children = node.children
                untried = [a for a in legal if a not in children]
                if untried:
                    action = untried[0] if len(untried) == 1 else rng.choice(untried)
                    child = children[action] = _Node(state.current_player % 2)
                    for a in legal:
                        known = children.get(a)
                        if known is not None:
                            known.avail += 1
                    state = state.apply(action)
                    path.append(child)
                    break
                best_action = None
                best_score = -1.0
                for a in legal:
                    child = children[a]
                    child.avail += 1
                    score = child.total / child.visits + c * sqrt(log(child.avail) / child.visits)
                    if score > best_score:
                        best_score, best_action = score, a
                node = children[best_action]
                path.append(node)
                state = state.apply(best_action)
            # Rollout to the end of the deal.
            while not state.is_terminal and state.deal_number == deal:
                state = state.apply(rollout(state, rng))
            values = evaluate(observation, state)
            root.visits += 1
            for node in path:
                node.visits += 1
                node.total += values[node.side]
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return root

    def _flat(
        self,
        observation: Any,
        legal: tuple[Any, ...],
        rng: random.Random,
        start: float,
        iterations: int,
    ) -> _Node:
        """Determinized Monte Carlo with paired samples (``method="flat"``)."""
        determinize = self.determinize
        evaluate = self.evaluate
        rollout = self.rollout
        deal = observation.deal_number
        side = observation.seat % 2
        deadline = None if self.seconds is None else start + self.seconds
        samples = max(1, iterations // len(legal)) if deadline is None else 1 << 62
        root = _Node(-1)
        children = root.children
        for action in legal:
            children[action] = _Node(side)
        done = 0
        while done < samples:
            sample: Any = determinize(observation, rng)
            for action in legal:
                state = sample.apply(action)
                while not state.is_terminal and state.deal_number == deal:
                    state = state.apply(rollout(state, rng))
                node = children[action]
                node.visits += 1
                node.total += evaluate(observation, state)[side]
            root.visits += 1
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return root
