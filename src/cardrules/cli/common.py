"""Shared helpers of the ``cardrules`` command: games, rulesets and agents from arguments."""

from __future__ import annotations

import importlib
from typing import Any

from cardrules.agents.registry import game_name, make_agent
from cardrules.cli import UsageError
from cardrules.errors import ParseError, RulesError

__all__ = ["agent_from", "game_from", "module_of", "rules_from"]


def game_from(text: str) -> str:
    """The canonical game name, or a usage error."""
    try:
        return game_name(text)
    except ParseError as error:
        raise UsageError(str(error)) from None


def module_of(game: str) -> Any:
    """The game module of a canonical game name."""
    return importlib.import_module(
        "cardrules.four_hundred" if game == "400" else "cardrules.all_fours"
    )


def rules_from(game: str, preset: str | None, players: int | None) -> Any:
    """The ruleset named by ``--preset`` and ``--players``."""
    module = module_of(game)
    try:
        rules = module.Rules.preset(preset) if preset else module.Rules()
    except RulesError as error:
        raise UsageError(str(error)) from None
    if players is not None:
        if game == "400":
            if players != 4:
                raise UsageError("400 is played by four players (FH-1): --players 4 only")
        elif players != rules.players:
            import attrs

            try:
                rules = attrs.evolve(rules, players=players)
            except RulesError as error:
                raise UsageError(str(error)) from None
    return rules


def agent_from(game: str, spec: str) -> Any:
    """The agent named by ``spec``, or a usage error."""
    try:
        return make_agent(game, spec)
    except ParseError as error:
        raise UsageError(str(error)) from None
