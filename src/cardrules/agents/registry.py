"""Agents by name, for the command line and quick scripts: :func:`make_agent`.

Specs:

* ``random`` -- :class:`~cardrules.agents.RandomAgent`;
* ``rule`` -- the game's rule-based ``RuleAgent``;
* ``search`` (200 iterations per decision), ``search:N`` (N iterations, 1 to
  :data:`MAX_ITERATIONS`) or ``search:Xs`` (X seconds per decision, more than 0 and at most
  :data:`MAX_SECONDS`, e.g. ``search:0.5s``).  In 400, whose hands are long, a card played gets
  a quarter of the iterations (at least 8) and a bid all of them;
* ``pimc`` (10 solved samples per decision), ``pimc:N`` (N samples, 1 to :data:`MAX_SAMPLES`),
  ``pimc:N-M`` (N samples, and in All Fours up to M for a card while the best card is unclear:
  ``max_samples``) or ``pimc:Xs`` (X seconds per decision, as for ``search``): the
  :class:`~cardrules.agents.PimcAgent`, Perfect Information Monte Carlo over each game's exact
  solver;
* ``oracle`` -- the :class:`~cardrules.agents.oracle.OracleAgent`, which sees every card: for
  measurement only (:data:`MEASUREMENT_ONLY`; games between agents that play from their seat's
  view refuse it, :func:`cardrules.runner.duplicate_deals` plays it);
* ``module:attribute`` -- your own agent: ``attribute`` of the importable ``module`` (looked up
  on ``sys.path``, and in the current directory), an agent class or a factory called with no
  arguments, or an agent object itself.  ``mybot:TrumpCounter`` imports ``mybot.py`` from the
  current directory and calls ``TrumpCounter()``.

Games: ``400`` (also ``four_hundred``) and ``all-fours`` (also ``all_fours``).

The hint that ``cardrules play`` and the web app give is :data:`HINT_AGENT`'s choice
(:func:`hint_agent`).
"""

from __future__ import annotations

import importlib
import math
import os
import re
import sys
from typing import Any, Final

from cardrules.agents.base import RandomAgent
from cardrules.core.checks import check_text
from cardrules.errors import ParseError, describe
from cardrules.games import UnknownGameError, find_game, game_names, games

__all__ = [
    "AGENT_KINDS",
    "GAME_NAMES",
    "HINT_AGENT",
    "MAX_ITERATIONS",
    "MAX_SAMPLES",
    "MAX_SECONDS",
    "MEASUREMENT_ONLY",
    "game_name",
    "hint_agent",
    "load_agent",
    "make_agent",
]

#: The built-in agent kinds :func:`make_agent` knows that play from their seat's view (the
#: bots a game with people may have).
AGENT_KINDS: Final = ("random", "rule", "search", "pimc")
#: The built-in kinds that see every card, for measurement only: :func:`make_agent` makes them,
#: games with people refuse them.
MEASUREMENT_ONLY: Final = ("oracle",)
#: The agent that answers a hint (in ``cardrules play`` and the web app): the PIMC agent with a
#: short time budget, which sees only the asking seat's view.
HINT_AGENT: Final = "pimc:0.5s"
#: The largest search budget in iterations per decision that :func:`make_agent` accepts.
MAX_ITERATIONS: Final = 1_000_000
#: The largest search budget in seconds per decision that :func:`make_agent` accepts.
MAX_SECONDS: Final = 600.0
#: The most solved samples per decision that ``pimc:N`` accepts.
MAX_SAMPLES: Final = 10_000
#: Every name of a game that :func:`game_name` takes, with its canonical name (the games'
#: names and aliases in :mod:`cardrules.games`, as registered when this module was imported).
GAME_NAMES: Final[dict[str, str]] = {
    name: game.key for game in games() for name in (game.key, game.name, *game.aliases)
}

_SPECS: Final = (
    "random, rule, search, search:N (iterations per move), search:Xs (seconds per move), "
    "pimc, pimc:N (solved samples per move), pimc:N-M (N, up to M while unclear), pimc:Xs, "
    "oracle (sees every card: for measurement only) or module:attribute (your own agent)"
)


def game_name(text: str) -> str:
    """The canonical name (``"400"`` or ``"all-fours"``) of a game named ``text``.

    :raises ParseError: for an unknown game.
    """
    try:
        return find_game(text if isinstance(text, str) else "").key
    except UnknownGameError:
        expected = " or ".join(game_names())
        raise ParseError(f"unknown game {describe(text)}: expected {expected}", text=text) from None


def make_agent(game: str, spec: str) -> Any:
    """The agent described by ``spec`` for ``game`` (see the module's introduction).

    >>> make_agent("400", "rule").name, make_agent("all-fours", "search:0.5s").seconds
    ('rule', 0.5)

    :raises ParseError: for an unknown game or agent spec, a search budget that is not a finite
        number in range, or a ``module:attribute`` that cannot be imported or is not an agent.
    """
    name = game_name(game)
    kind, colon, budget = (
        check_text(spec, name="spec", expected="an agent spec (a str)").strip().partition(":")
    )
    if kind.lower() not in AGENT_KINDS + MEASUREMENT_ONLY and colon:
        return load_agent(spec)
    kind = kind.lower()
    if kind not in AGENT_KINDS + MEASUREMENT_ONLY or (colon and kind not in ("search", "pimc")):
        raise ParseError(f"unknown agent {describe(spec)}: expected {_SPECS}", text=spec)
    if kind == "random":
        return RandomAgent()
    if kind == "oracle":
        from cardrules.agents.oracle import OracleAgent

        return OracleAgent(name)
    try:
        module = find_game(name).load_attribute("agents")
    except UnknownGameError:
        raise ParseError(
            f"agent {spec!r}: the game {name!r} has no agents of its own", text=spec
        ) from None
    if kind == "rule":
        return module.RuleAgent()
    if kind == "pimc":
        return _pimc(name, spec, budget.lower() if colon else "")
    iterations, seconds = _budget(budget.lower(), spec) if colon else (200, None)
    label = "search" if not colon else f"search:{budget.lower()}"
    try:
        # A game whose search takes per-phase budgets (400: bids and cards) gets them.
        spec_budgets = getattr(module, "spec_budgets", None)
        if spec_budgets is not None and seconds is None:
            return module.search_agent(iterations, budgets=spec_budgets(iterations), name=label)
        return module.search_agent(iterations, seconds=seconds, name=label)
    except ValueError as error:
        raise ParseError(str(error), text=spec) from None


def hint_agent(game: str) -> Any:
    """The agent that answers a hint in ``game``: :data:`HINT_AGENT`.

    >>> hint_agent("all-fours").name
    'pimc:0.5s'
    """
    return make_agent(game, HINT_AGENT)


_COUNT: Final = re.compile(r"[0-9]{1,9}")
_SECONDS: Final = re.compile(r"[0-9]{1,9}(?:\.[0-9]{0,9})?|\.[0-9]{1,9}")


def _budget(budget: str, spec: str) -> tuple[int, float | None]:
    """``(iterations, seconds)`` of a search budget: finite, positive and at most the maxima."""
    bad = ParseError(
        f"bad search budget {describe(budget)}: expected a number of iterations from 1 to "
        f"{MAX_ITERATIONS} (search:200) or of seconds above 0 and at most {MAX_SECONDS:g} "
        "(search:0.5s)",
        text=spec,
    )
    # ASCII digits only, short, checked before any conversion: int() and float() would also
    # take " 4", "1_000", "1e3", "nan" and other scripts' digits
    if budget.endswith("s"):
        if _SECONDS.fullmatch(budget[:-1]) is None:
            raise bad
        seconds = float(budget[:-1])
        if not (math.isfinite(seconds) and 0 < seconds <= MAX_SECONDS):
            raise bad
        return 200, seconds
    if _COUNT.fullmatch(budget) is None:
        raise bad
    iterations = int(budget)
    if not 1 <= iterations <= MAX_ITERATIONS:
        raise bad
    return iterations, None


def _pimc(game: str, spec: str, budget: str) -> Any:
    """``pimc``, ``pimc:N`` (samples per decision), ``pimc:N-M`` (N samples, up to M for an
    unclear All Fours card) or ``pimc:Xs`` (seconds per decision), with the same bounds as the
    search budgets."""
    from cardrules.agents.pimc import PimcAgent

    if not budget:
        return PimcAgent(game)
    if budget.endswith("s") and "-" not in budget:
        _, seconds = _budget(budget, spec)
        return PimcAgent(game, seconds=seconds, name=f"pimc:{budget}")
    bad = ParseError(
        f"bad pimc budget {describe(budget)}: expected 1 to {MAX_SAMPLES} samples "
        "(pimc:10), two such counts, the first not above the second (pimc:10-40), or seconds "
        f"above 0 and at most {MAX_SECONDS:g} (pimc:0.5s)",
        text=spec,
    )
    first, dash, last = budget.partition("-")
    if first.endswith("s") or last.endswith("s"):
        raise bad
    try:
        samples = _budget(first, spec)[0]
        most = _budget(last, spec)[0] if dash else samples
    except ParseError:
        raise bad from None
    if not samples <= most <= MAX_SAMPLES:
        raise bad
    if dash:
        return PimcAgent(game, samples=samples, max_samples=most, name=f"pimc:{budget}")
    return PimcAgent(game, samples=samples, name=f"pimc:{budget}")


def load_agent(spec: str) -> Any:
    """The agent named ``module:attribute``: the attribute of the imported module, called with
    no arguments if it is a class or a factory (anything callable without an ``act`` method).

    The current directory is searched too (as ``python -m`` does), so that a bot written in
    ``./mybot.py`` is ``mybot:MyBot``.

    :raises ParseError: when the module cannot be imported, has no such attribute, or the result
        is not an agent (an object with ``name`` and ``act``).
    """
    text = check_text(spec, name="spec", expected="an agent spec module:attribute (a str)")
    module_name, _, attribute = text.strip().partition(":")
    if not module_name or not attribute:
        raise ParseError(f"unknown agent {describe(spec)}: expected {_SPECS}", text=spec)
    here = os.getcwd()
    if here not in sys.path and "" not in sys.path:
        sys.path.append(here)
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise ParseError(
            f"unknown agent {describe(spec)}: cannot import {describe(module_name)} "
            f"({error}); expected {_SPECS}",
            text=spec,
        ) from None
    except Exception as error:  # the user's module failed while importing: say so in one line
        raise ParseError(
            f"agent {describe(spec)}: importing {describe(module_name)} failed: "
            f"{type(error).__name__}: {error}",
            text=spec,
        ) from None
    target: Any = module
    for part in attribute.split("."):
        try:
            target = getattr(target, part)
        except AttributeError:
            raise ParseError(
                f"agent {describe(spec)}: {describe(module_name)} has no attribute "
                f"{describe(attribute)}",
                text=spec,
            ) from None
    agent = target
    if isinstance(target, type) or (callable(target) and not hasattr(target, "act")):
        try:
            agent = target()
        except SystemExit:  # builtins:exit must not end the program
            raise ParseError(
                f"agent {describe(spec)} is not an agent: calling it exits; an agent is a class "
                "or factory whose result has a name (str) and an act(observation, rng) method",
                text=spec,
            ) from None
        except Exception as error:
            raise ParseError(
                f"agent {describe(spec)}: {attribute}() failed: {type(error).__name__}: {error}",
                text=spec,
            ) from None
    if not callable(getattr(agent, "act", None)) or not isinstance(
        getattr(agent, "name", None), str
    ):
        raise ParseError(
            f"agent {describe(spec)} is not an agent: it needs a name (str) and an "
            "act(observation, rng) method",
            text=spec,
        )
    return agent
