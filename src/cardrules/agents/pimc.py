"""Perfect Information Monte Carlo (PIMC): sample the hidden cards, solve each sample exactly.

At each decision :class:`PimcAgent` draws deals that agree with everything its seat has
observed (the game's ``determinize``), solves each one double-dummy (the outcome of every choice
with every hand known and everyone playing their best) and takes the choice with the best
average.  This is how bridge programs play (Ginsberg's GIB); its known weakness is that the
solver assumes every player sees every card, so it never plays to hide or to gather information.

What a sample is worth, and how a decision other than a card is simulated, is the game's part:
a :class:`PimcGame` that the game's agents module offers as ``PIMC``
(:data:`cardrules.agents.four_hundred.PIMC`, :data:`cardrules.agents.all_fours.PIMC`), found
through the game registry (:mod:`cardrules.games`).  This module holds what both games share:
the sampling loop, the budgets, the tie rule and the rule for a solve that is too slow.

**Budgets.**  ``samples`` (``pimc``, ``pimc:N``) solves that many samples at every decision:
the same choices for the same generator, whatever the machine, and nothing is left out however
long the solves take.  ``seconds`` (``pimc:Xs``) samples until the time is up (a sample being
solved is finished first).

**A solve too slow for the budget.**  Every decision is solved unless one of these rules says no,
and then the decision is the search agent's (:func:`~cardrules.agents.four_hundred.search_agent`
of the game, with ``search:100``'s budget, or the time left under ``seconds``):

* ``solve_from``: decisions with more tricks left than this are not solved (``None``, the
  default: every decision is).  It is a fixed count, for a machine whose solver is slow.
* Under ``seconds`` only: the solvers of both games take a node budget, and each solve is
  given the nodes that fit in the time left, at the speed its solves have shown (a solve over
  its nodes measures that speed, and is asked again with more while the time allows); a sample not
  solved in time ends the sampling, the samples solved decide, and with none the decision is
  the search agent's.

A decision with a single legal action is played at once.

>>> import random
>>> from cardrules.agents.pimc import PimcAgent
>>> from cardrules.all_fours import Stand, new_game
>>> state = new_game(seed=3, dealer=0).apply(Stand())
>>> agent = PimcAgent("all-fours", samples=4)
>>> agent.act(state.observe(1), random.Random(1)) in state.legal_actions()
True
>>> agent.last_samples, set(agent.last_values) == set(state.legal_actions())
(4, True)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Mapping
from typing import Any, Final, Protocol, TypeVar

import attrs

from cardrules.agents.base import check_turn
from cardrules.core.checks import check_int, refuse
from cardrules.errors import ArgumentError
from cardrules.games import UnknownGameError, find_game

__all__ = ["PimcAgent", "PimcGame", "Solving"]

#: Averages closer than this (per sample) are a tie, broken by the rule agent's choice.
_TIE: Final = 1e-9
#: The best card is clear when its mean lead over every other card (sample by sample) is more
#: than this many standard errors, or the two cards are worth the same in every sample.
_CLEAR_Z: Final = 2.0
#: The node speed assumed before a budgeted solver has shown its own (nodes a second; about the
#: interpreted search's): a first budget too small costs one short solve, then the speed seen
#: is used.
_FIRST_NODE_RATE: Final = 20_000.0
#: The fewest nodes a budgeted solve is given.
_MIN_NODES: Final = 1_000

_T = TypeVar("_T")

#: Nodes a second that the budgeted solves of a game have shown in this process.
_NODE_RATES: dict[str, float] = {}


class Solving:
    """What one decision may solve: the agent's horizon and deadline.

    :param game: the game's registry key.
    :param solve_from: the most tricks left that are solved, or ``None`` for every position.
    :param seconds: the decision's time budget, or ``None`` for a budget in samples.
    """

    def __init__(self, game: str, solve_from: int | None, seconds: float | None) -> None:
        self.game = game
        self.solve_from = solve_from
        self.seconds = seconds
        self.deadline = None if seconds is None else time.perf_counter() + seconds

    def out_of_time(self) -> bool:
        """True when a time budget is spent."""
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def left(self) -> float | None:
        """The seconds left of a time budget (``None`` for a budget in samples)."""
        return None if self.deadline is None else max(0.0, self.deadline - time.perf_counter())

    def fits(self, tricks: int) -> bool:
        """Whether a position with ``tricks`` tricks left is solved: within ``solve_from`` (the
        time budget bounds each solve's nodes instead, :meth:`solve_budgeted`)."""
        return self.solve_from is None or tricks <= self.solve_from

    def solve_budgeted(
        self, solver: Callable[[int | None], _T], over: type[Exception]
    ) -> _T | None:
        """``solver(budget)`` for a solver that takes a node budget and raises ``over`` past it.
        Under a time budget it gets the nodes that fit in the time left (at least
        :data:`_MIN_NODES`); when it runs over them, the speed it showed is kept, and it is asked
        again with more nodes while the time allows.  ``None``: not solved in time."""
        if self.seconds is None:
            return solver(None)
        budget = 0
        while True:
            rate = _NODE_RATES.get(self.game, _FIRST_NODE_RATE)
            more = max(_MIN_NODES, int((self.left() or 0.0) * rate))
            if more <= budget:
                return None
            budget = more
            start = time.perf_counter()
            try:
                return solver(budget)
            except over:
                _NODE_RATES[self.game] = budget / max(time.perf_counter() - start, 1e-6)


class PimcGame(Protocol):
    """A game's part of PIMC: how long a decision is, what one sample is worth to each choice,
    and how the choices' totals become values.

    Values are for the deciding seat's side, in the game's units (400: score, All Fours: the
    race to the target).  The keys of :meth:`sample_values` are the legal actions, or for a
    decision simulated in several parts (an All Fours beg and the dealer's answers) whatever
    :meth:`values` reads.
    """

    def tricks(self, observation: Any) -> int:
        """The tricks left in the positions that this decision's solves start from."""
        ...

    def is_card(self, observation: Any) -> bool:
        """Whether the decision is a card to play (sampled on while unclear, ``max_samples``)."""
        ...

    def samples(self, observation: Any, count: int) -> int:
        """The samples for this decision, given ``count`` for a card."""
        ...

    def sample_values(
        self,
        sample: Any,
        observation: Any,
        legal: tuple[Any, ...],
        solving: Solving,
        rng: random.Random,
    ) -> Mapping[Hashable, float] | None:
        """One sample's value of each choice, or ``None`` when it could not be solved in time."""
        ...

    def values(self, totals: Mapping[Hashable, float], legal: tuple[Any, ...]) -> dict[Any, float]:
        """The total of each action considered (some or all of ``legal``) from the totals."""
        ...


def _pimc_game(game: str) -> tuple[str, PimcGame]:
    try:
        info = find_game(game)
        strategy: PimcGame = info.load_attribute("agents").PIMC
    except (UnknownGameError, AttributeError):
        raise ArgumentError(
            f"game: {game!r} is not a game with a PIMC agent (a registered game whose agents "
            "module offers PIMC)",
            name="game",
            value=game,
        ) from None
    return info.key, strategy


@attrs.define(eq=False)
class PimcAgent:
    """Perfect Information Monte Carlo over the game's determinizer and solver.

    :param game: a registered game's name (``"400"``, ``"all-fours"``).
    :param samples: deals solved per decision (the budget; reproducible).
    :param seconds: a time budget per decision instead (at least one sample is solved unless
        the positions are known to be too slow, see the module's introduction); the choice then
        depends on the machine's speed.
    :param solve_from: solve only decisions with at most this many tricks left (the trick in
        progress included; a bid or stand counts the whole deal), the others are the search
        agent's; ``None`` (the default): every decision.
    :param max_samples: cards: past ``samples``, sample on one deal at a time, up to this many,
        while the best card is not clear: while its average lead over some other card (compared
        sample by sample) is within two standard errors of nothing, unless the two are worth the
        same in every sample.  ``None`` (the default): ``samples``, a fixed count.  Not used
        with ``seconds``.
    :param determinize: the sampler, ``determinize(observation, rng) -> state``; ``None`` (the
        default) for the game's own (uniform over the deals the seat cannot tell apart).  Any
        sampler must return states whose ``observe(seat)`` is the observation; one that returns
        the true state gives the oracle (:class:`~cardrules.agents.oracle.OracleAgent`).
    :param name: the label in tables.

    :raises ArgumentError: for a game without PIMC, a count below 1, a time that is not above 0
        or a sampler that is not a function.
    """

    game: str
    samples: int = 10
    seconds: float | None = None
    solve_from: int | None = None
    max_samples: int | None = None
    determinize: Any = None
    name: str = "pimc"
    _key: str = attrs.field(default="", init=False, repr=False)
    _strategy: Any = attrs.field(default=None, init=False, repr=False)
    _search: Any = attrs.field(default=None, init=False, repr=False)
    #: The average value of each action considered over the samples of the last decision (in
    #: the game's units, for the agent's side), or ``None`` when it was not sampled (a forced
    #: move, or a decision left to the search agent).
    last_values: dict[Any, float] | None = attrs.field(default=None, init=False, repr=False)
    #: The samples solved for the last decision.
    last_samples: int = attrs.field(default=0, init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        self._key, self._strategy = _pimc_game(self.game)
        check_int(self.samples, name="samples", low=1)
        if self.seconds is not None and not (
            isinstance(self.seconds, int | float)
            and not isinstance(self.seconds, bool)
            and math.isfinite(self.seconds)
            and self.seconds > 0
        ):
            refuse("seconds", "a finite number of seconds above 0, or None", self.seconds)
        if self.solve_from is not None:
            check_int(self.solve_from, name="solve_from", low=1)
        if self.max_samples is not None:
            check_int(self.max_samples, name="max_samples", low=self.samples)
        if self.determinize is not None and not callable(self.determinize):
            refuse(
                "determinize", "a function (observation, rng) -> state, or None", self.determinize
            )

    def act(self, observation: Any, rng: random.Random) -> Any:
        """The action with the best average over the solved samples."""
        legal = check_turn(observation, rng)
        self.last_values, self.last_samples = None, 0
        if len(legal) == 1:
            return legal[0]
        game: PimcGame = self._strategy
        solving = Solving(self._key, self.solve_from, self.seconds)
        if not solving.fits(game.tricks(observation)):
            return self._fallback(solving).act(observation, rng)
        determinize = self.determinize or find_game(self._key).load().determinize
        rows: list[Mapping[Hashable, float]] | None = [] if game.is_card(observation) else None
        totals: dict[Hashable, float] = {}
        count = game.samples(observation, self.samples) if self.seconds is None else 1 << 62
        done = 0
        while done < count:
            values = game.sample_values(
                determinize(observation, rng), observation, legal, solving, rng
            )
            if values is None:
                break
            for key, value in values.items():
                totals[key] = totals.get(key, 0.0) + value
            done += 1
            if solving.out_of_time():
                break
            if rows is not None and self.max_samples is not None and self.seconds is None:
                rows.append(values)
                if done == count and count < self.max_samples and not _clear(rows, totals):
                    count += 1
        if not done:
            return self._fallback(solving).act(observation, rng)
        return self._choose(game.values(totals, legal), done, observation, rng)

    def _choose(
        self, totals: dict[Any, float], done: int, observation: Any, rng: random.Random
    ) -> Any:
        """The action with the best total; the averages are kept in :attr:`last_values`.

        Cards that tie (the solver, seeing every hand, often finds several cards equal) go to
        the game's rule agent when its card is among them, else to the lowest of them: with the
        hands hidden, a low card keeps the high ones for later."""
        self.last_values = {action: total / done for action, total in totals.items()}
        self.last_samples = done
        best = max(totals.values())
        tied = [action for action, total in totals.items() if total >= best - _TIE * done]
        if len(tied) == 1 or not all(hasattr(action, "card") for action in tied):
            return tied[0]
        ruled = find_game(self._key).load_attribute("agents").RuleAgent().act(observation, rng)
        if ruled in tied:
            return ruled
        return min(tied, key=lambda action: (action.card.rank, action.card.suit))

    def _fallback(self, solving: Solving) -> Any:
        """The search agent for a decision that is not solved: ``search:100``'s budget, or under
        a time budget the time left (a tenth of the budget at least)."""
        module = find_game(self._key).load_attribute("agents")
        if self.seconds is not None:
            left = max(solving.left() or 0.0, self.seconds / 10)
            return module.search_agent(seconds=left, name=self.name)
        if self._search is None:
            # A game whose search takes per-phase budgets (400: bids and cards) gets them.
            spec_budgets = getattr(module, "spec_budgets", None)
            budgets = None if spec_budgets is None else spec_budgets(100)
            if budgets is None:
                self._search = module.search_agent(100, name=self.name)
            else:
                self._search = module.search_agent(100, budgets=budgets, name=self.name)
        return self._search


def _clear(rows: list[Mapping[Hashable, float]], totals: Mapping[Hashable, float]) -> bool:
    """Whether the card with the best total leads every other card by more than
    :data:`_CLEAR_Z` standard errors of the mean of its sample-by-sample lead, or ties it in
    every sample (the samples in ``rows`` are the same for every card)."""
    best = max(totals, key=totals.__getitem__)
    k = len(rows)
    if k < 2:
        return False
    for other in totals:
        if other == best:
            continue
        leads = [row[best] - row[other] for row in rows]
        mean = sum(leads) / k
        spread = sum((lead - mean) ** 2 for lead in leads) / (k - 1)
        if spread == 0.0 and mean == 0.0:
            continue
        if mean <= _CLEAR_Z * math.sqrt(spread / k):
            return False
    return True
