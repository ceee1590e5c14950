"""The start of a game, shared by both engines' ``new_game``: the ruleset, the seed, the first
dealer and the chance mode, checked and settled in one place (each game then deals by its own
rules).

>>> from cardrules.four_hundred import Rules
>>> rules = check_rules(None, Rules, game="four_hundred")
>>> seed, dealer, explicit = game_start(seed=7, dealer=None, chance="seeded", players=4)
>>> rules == Rules(), seed, dealer in range(4), explicit
(True, 7, True, False)
"""

from __future__ import annotations

import secrets
from typing import TypeVar

from cardrules.core.chance import check_chance
from cardrules.core.checks import check_seat, check_seed
from cardrules.core.deck import draw_for_dealer
from cardrules.errors import ArgumentError, describe

__all__ = ["check_rules", "game_start"]

_R = TypeVar("_R")


def check_rules(rules: object, rules_type: type[_R], *, game: str) -> _R:
    """``rules``, a ``rules_type`` (the ruleset class of ``game``), or the default
    ``rules_type()`` for ``None``.

    :raises ArgumentError: (a ``RulesError`` too) for anything else.
    """
    if rules is None:
        return rules_type()
    if not isinstance(rules, rules_type):
        article = "an" if game[0] in "aeiou" else "a"
        raise ArgumentError(
            f"rules: expected {article} {game}.Rules, got {describe(rules)}",
            name="rules",
            value=rules,
        )
    return rules


def game_start(
    *, seed: object, dealer: object, chance: object, players: int
) -> tuple[int, int, bool]:
    """``(seed, dealer, explicit)`` for a new game at a table of ``players``: the ``seed``
    (``None``: 64 bits drawn from the operating system), the first ``dealer`` (``None``: drawn
    from the seed as players draw for it, FH-6 and AF-6) and whether ``chance`` is
    ``"explicit"``.

    :raises ArgumentError: for a seed, dealer or chance mode that is not accepted.
    """
    start = secrets.randbits(64) if seed is None else check_seed(seed)
    first = (
        draw_for_dealer(start, players)
        if dealer is None
        else check_seat(dealer, players, name="dealer")
    )
    return start, first, check_chance(chance) == "explicit"
