"""Agents by name, for the command line and quick scripts: :func:`make_agent`.

Specs: ``random``; ``rule``; ``search`` (200 iterations per decision), ``search:N`` (N
iterations), ``search:Xs`` (X seconds per decision, e.g. ``search:0.5s``); ``pimc`` (10 solved
samples per decision), ``pimc:N`` (N samples), ``pimc:Xs`` (X seconds per decision).  In 400,
whose hands are long, a card played gets a quarter of the search iterations (at least 8) and a
bid all of them.
Games: ``400`` (also ``four_hundred``) and ``all-fours`` (also ``all_fours``).
"""

from __future__ import annotations

from typing import Any, Final

from cardrules.agents.base import RandomAgent
from cardrules.errors import ParseError

__all__ = ["AGENT_KINDS", "GAME_NAMES", "game_name", "make_agent"]

#: The agent kinds :func:`make_agent` knows.
AGENT_KINDS: Final = ("random", "rule", "search", "pimc")
#: Canonical game names and their aliases.
GAME_NAMES: Final[dict[str, str]] = {
    "400": "400",
    "four_hundred": "400",
    "four-hundred": "400",
    "all-fours": "all-fours",
    "all_fours": "all-fours",
    "allfours": "all-fours",
}


def game_name(text: str) -> str:
    """The canonical name (``"400"`` or ``"all-fours"``) of a game named ``text``.

    :raises ParseError: for an unknown game.
    """
    name = GAME_NAMES.get(text.strip().lower()) if isinstance(text, str) else None
    if name is None:
        raise ParseError(f"unknown game {text!r}: expected 400 or all-fours", text=text)
    return name


def make_agent(game: str, spec: str) -> Any:
    """The agent described by ``spec`` for ``game`` (see the module's introduction).

    >>> make_agent("400", "rule").name, make_agent("all-fours", "search:0.5s").seconds
    ('rule', 0.5)

    :raises ParseError: for an unknown game or agent spec.
    """
    name = game_name(game)
    kind, _, budget = spec.strip().lower().partition(":")
    if kind not in AGENT_KINDS or (budget and kind not in ("search", "pimc")):
        raise ParseError(
            f"unknown agent {spec!r}: expected random, rule, search, search:N (iterations), "
            "search:Xs (seconds per move), pimc, pimc:N (samples) or pimc:Xs",
            text=spec,
        )
    if kind == "random":
        return RandomAgent()
    if name == "400":
        from cardrules.agents import four_hundred as module
    else:
        from cardrules.agents import all_fours as module  # type: ignore[no-redef]
    if kind == "rule":
        return module.RuleAgent()
    iterations, seconds = 200, None
    try:
        if budget.endswith("s"):
            seconds = float(budget[:-1])
            if not seconds > 0:
                raise ValueError
        elif budget:
            iterations = int(budget)
            if iterations < 1:
                raise ValueError
    except ValueError:
        raise ParseError(
            f"bad search budget {budget!r}: expected a positive number of iterations "
            "(search:200) or seconds (search:0.5s)",
            text=spec,
        ) from None
    if kind == "pimc":
        return _pimc(name, spec, budget)
    label = "search" if not budget else f"search:{budget}"
    try:
        if name == "400" and seconds is None:
            budgets = {"play": max(8, iterations // 4)}
            return module.search_agent(iterations, budgets=budgets, name=label)
        return module.search_agent(iterations, seconds=seconds, name=label)
    except ValueError as error:
        raise ParseError(str(error), text=spec) from None


def _pimc(game: str, spec: str, budget: str) -> Any:
    """``pimc``, ``pimc:N`` (samples per decision) or ``pimc:Xs`` (seconds per decision)."""
    from cardrules.agents.pimc import PimcAgent

    try:
        if budget.endswith("s"):
            return PimcAgent(game, seconds=float(budget[:-1]), name=f"pimc:{budget}")
        if budget:
            return PimcAgent(game, samples=int(budget), name=f"pimc:{budget}")
        return PimcAgent(game)
    except ValueError:
        raise ParseError(
            f"bad pimc budget {budget!r}: expected a positive number of samples (pimc:10) or "
            "seconds (pimc:0.5s)",
            text=spec,
        ) from None
