"""The scorekeeping of 400 as data and pure functions (FH-11 ... FH-14, FH-19 ... FH-29).

The engine calls these very functions, and a scorekeeping app for games played with real cards
can use them alone: enter the scores before the hand, the bids and the tricks, get the new scores.
They check their arguments and call the rules' kernels (:mod:`cardrules.four_hundred.kernels`),
which the batch engine and the solvers call compiled.

>>> from cardrules.four_hundred import minimum_bid, minimum_total, bid_value, score_hand
>>> minimum_bid(45), minimum_total((45, 12, 0, -3)), bid_value(5, 12), bid_value(5, 31)
(4, 13, 10, 5)
>>> result = score_hand((0, 0, 0, 0), (2, 4, 3, 2), (3, 5, 2, 3))
>>> result.scores, result.changes, result.winner, result.level
((2, 4, -3, 2), (2, 4, -3, 2), None, 41)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final

import attrs

from cardrules.core.checks import check_int, check_scores
from cardrules.errors import ParseError, RulesError, describe
from cardrules.four_hundred import kernels
from cardrules.four_hundred.kernels import rule_params
from cardrules.four_hundred.rules import Rules

__all__ = [
    "BID_VALUES",
    "HIGH_BID",
    "LEVEL_STEP",
    "REDUCED_BID_VALUES",
    "START_LEVEL",
    "HandScore",
    "bid_value",
    "bids_total",
    "end_of_game",
    "is_thrown_in",
    "minimum_bid",
    "minimum_total",
    "qualifies",
    "score_hand",
    "value_table",
]

#: ``V(b, s)`` of FH-20 for a bidder whose score ``s`` is below ``Rules.reduce_five_six_at``
#: (30 in the standard game): bid -> value (the kernels' table).
BID_VALUES: Final[Mapping[int, int]] = MappingProxyType(
    {bid: kernels.BID_VALUE_ROW[bid] for bid in range(14) if kernels.BID_VALUE_ROW[bid]}
)
#: The values that change once the bidder's score reaches ``Rules.reduce_five_six_at`` (FH-20).
REDUCED_BID_VALUES: Final[Mapping[int, int]] = MappingProxyType(
    {
        bid: value
        for bid, value in enumerate(kernels.REDUCED_BID_VALUE_ROW)
        if value != kernels.BID_VALUE_ROW[bid]
    }
)
#: The smallest bid that can win the game at once (FH-21).
HIGH_BID: Final = kernels.HIGH_BID
#: The level at which a team qualifies to win (FH-22, FH-23).
START_LEVEL: Final = kernels.START_LEVEL
#: How much the level rises when both teams qualify together (FH-24).
LEVEL_STEP: Final = kernels.LEVEL_STEP

_DEFAULT_RULES: Final = Rules()


def _rules_or_default(rules: object) -> Rules:
    """``rules``, the default ruleset for ``None``; anything else is refused."""
    if rules is None:
        return _DEFAULT_RULES
    if rules.__class__ is not Rules and not isinstance(rules, Rules):
        raise RulesError(f"rules: expected a four_hundred.Rules or None, got {describe(rules)}")
    return rules


def bid_value(bid: int, score: int, rules: Rules | None = None) -> int:
    """``V(bid, score)``: what a bid gains when made and loses when failed (FH-19, FH-20).

    ``score`` is the bidder's own score before the hand.  With ``Rules.bid_values`` set, that
    table is used whatever the score.

    >>> bid_value(6, 29), bid_value(6, 30), bid_value(9, -50), bid_value(13, 0)
    (12, 6, 27, 40)

    :raises ValueError: for a bid that has no value (below the table, e.g. 1, or above 13).
    """
    return _bid_value(
        check_int(bid, name="bid"), check_int(score, name="score"), _rules_or_default(rules)
    )


def _bid_value(bid: int, score: int, rules: Rules) -> int:
    """:func:`bid_value` on checked arguments (the engine's path): the kernel, and an error for
    a bid without a value."""
    params = rule_params(rules)
    value = kernels.bid_value(bid, score, params)
    if not value:
        low = min(b for b in range(14) if params[kernels.P_LOW_ROW + b])
        raise RulesError(f"a bid of {bid!r} has no value: the table covers the bids {low} to 13")
    return value


_REDUCED_ROW: Final = {**BID_VALUES, **REDUCED_BID_VALUES}


def value_table(rules: Rules | None = None) -> list[tuple[str, list[int]]]:
    """The value table of ``rules`` as rows (a label and the values of the bids from the
    smallest bid to 13), for display (FH-20).

    >>> for label, values in value_table():
    ...     print(f"{label:<28}", *values)
    bid                          2 3 4 5 6 7 8 9 10 11 12 13
    bidder's score below 30      2 3 4 10 12 14 16 27 40 40 40 40
    bidder's score 30 or more    2 3 4 5 6 14 16 27 40 40 40 40
    """
    rules = _rules_or_default(rules)
    if rules.bid_values is not None:
        table = dict(rules.bid_values)
        bids = sorted(table)
        return [("bid", bids), ("any score", [table[b] for b in bids])]
    bids = sorted(BID_VALUES)
    rows: list[tuple[str, list[int]]] = [("bid", bids)]
    at = rules.reduce_five_six_at
    if at is None:
        rows.append(("any score", [BID_VALUES[b] for b in bids]))
    else:
        rows.append((f"bidder's score below {at}", [BID_VALUES[b] for b in bids]))
        rows.append((f"bidder's score {at} or more", [_REDUCED_ROW[b] for b in bids]))
    return rows


def minimum_bid(score: int, rules: Rules | None = None) -> int:
    """The smallest bid a player with ``score`` may make (FH-11, FH-12).

    ``min_bid_base`` below ``min_bid_ladder_from``, then ``floor(score / 10)``; never above
    ``min_bid_cap`` nor 13.

    >>> [minimum_bid(s) for s in (40, 59, 60, -12, 29)]
    [4, 5, 6, 2, 2]
    """
    return _minimum_bid(check_int(score, name="score"), _rules_or_default(rules))


def _minimum_bid(score: int, rules: Rules) -> int:
    """:func:`minimum_bid` on checked arguments (the engine's path): the kernel."""
    return kernels.minimum_bid(score, rule_params(rules))


def minimum_total(scores: Sequence[int], rules: Rules | None = None) -> int:
    """The smallest total of the four bids for the hand to be played (FH-13).

    From the highest score ``M``: ``11 + (minimum_bid(M) - 2)``, never below 11; always 11 when
    ``min_total_rises`` is False.  What the total counts (tricks or points) is
    ``Rules.min_total_counts`` (see :func:`bids_total`).

    >>> [minimum_total((m, 0, 0, 0)) for m in (29, 30, 45, 50)]
    [11, 12, 13, 14]
    """
    return _minimum_total(check_scores(scores, 4), _rules_or_default(rules))


def _minimum_total(scores: Sequence[int], rules: Rules) -> int:
    return kernels.minimum_total(scores, rule_params(rules))


def bids_total(scores: Sequence[int], bids: Sequence[int], rules: Rules | None = None) -> int:
    """The total of the bids that FH-13 compares with :func:`minimum_total`: the tricks bid,
    or with ``min_total_counts="points"`` the sum of the bids' values.

    :raises ArgumentError: unless ``scores`` and ``bids`` are four ints each."""
    return _bids_total(
        check_scores(scores, 4), check_scores(bids, 4, name="bids"), _rules_or_default(rules)
    )


def _bids_total(scores: Sequence[int], bids: Sequence[int], rules: Rules) -> int:
    params = rule_params(rules)
    if params[kernels.P_TOTAL_POINTS]:
        for bid, score in zip(bids, scores, strict=True):
            _bid_value(bid, score, rules)  # a bid without a value is an error, not 0 points
    return kernels.bids_total(scores, bids, params)


def is_thrown_in(scores: Sequence[int], bids: Sequence[int], rules: Rules | None = None) -> bool:
    """True when the bids do not let the hand be played (FH-14, with FH-29's options).

    >>> is_thrown_in((32, 12, 5, -4), (3, 3, 3, 2)), is_thrown_in((0, 0, 0, 0), (4, 3, 2, 2))
    (True, False)

    :raises ArgumentError: unless ``scores`` and ``bids`` are four ints each.
    """
    return _is_thrown_in(
        check_scores(scores, 4), check_scores(bids, 4, name="bids"), _rules_or_default(rules)
    )


def _is_thrown_in(scores: Sequence[int], bids: Sequence[int], rules: Rules) -> bool:
    """:func:`is_thrown_in` on checked arguments (the engine's path): the kernel."""
    params = rule_params(rules)
    if params[kernels.P_TOTAL_POINTS]:
        for bid, score in zip(bids, scores, strict=True):
            _bid_value(bid, score, rules)  # a bid without a value is an error, not 0 points
    return kernels.thrown_in(scores, bids, params)


def qualifies(scores: Sequence[int], team: int, level: int, rules: Rules | None = None) -> bool:
    """True when ``team`` qualifies at ``level`` (FH-22): one of its players has at least
    ``level`` and the other meets ``Rules.partner_condition`` (strictly positive by default).

    >>> qualifies((41, 3, 1, 0), 0, 41), qualifies((41, 3, 0, 0), 0, 41)
    (True, False)

    :raises ArgumentError: for scores that are not four ints, a team that is not 0 or 1, or a
        level that is not an int.
    """
    return _qualifies(
        check_scores(scores, 4),
        check_int(team, name="team", low=0, high=1),
        check_int(level, name="level"),
        _rules_or_default(rules),
    )


def _qualifies(scores: Sequence[int], team: int, level: int, rules: Rules) -> bool:
    return kernels.qualifies(scores, team, level, rule_params(rules))


def end_of_game(
    scores: Sequence[int], *, level: int = START_LEVEL, rules: Rules | None = None
) -> tuple[int | None, int]:
    """The winning team (or ``None``) and the level for the next hand, after a scored hand
    (FH-22 ... FH-25).  ``level`` is the level the hand was played at.

    >>> end_of_game((41, 23, 8, 18))
    (0, 41)
    >>> end_of_game((45, 44, 3, 2))
    (None, 51)
    >>> end_of_game((52, 44, 3, 2), level=51)
    (0, 51)

    :raises ArgumentError: for scores that are not four ints or a level that is not an int.
    """
    return _end_of_game(
        check_scores(scores, 4), check_int(level, name="level"), _rules_or_default(rules)
    )


def _end_of_game(scores: Sequence[int], level: int, rules: Rules) -> tuple[int | None, int]:
    """:func:`end_of_game` on checked arguments (the engine's path): the kernel."""
    winner, next_level = kernels.end_of_game(scores, level, rule_params(rules))
    return (None if winner < 0 else winner), next_level


@attrs.frozen(slots=True)
class HandScore:
    """What :func:`score_hand` returns."""

    #: The four scores after the hand, in seat order.
    scores: tuple[int, int, int, int]
    #: Each player's change (``+V`` or ``-V``).
    changes: tuple[int, int, int, int]
    #: Whether each player made their bid.
    made: tuple[bool, bool, bool, bool]
    #: The winning team, or ``None`` when play goes on.
    winner: int | None
    #: The level for the next hand (FH-24).
    level: int
    #: The seat whose made bid of 10 or more won the game (FH-21), or ``None``.
    high_bid_winner: int | None


def _score(
    scores: tuple[int, ...],
    bids: tuple[int, ...],
    made: tuple[bool, bool, bool, bool],
    level: int,
    rules: Rules,
    high_bids: bool,
) -> HandScore:
    """FH-19 ... FH-24 without argument checks: every scored hand comes here (the engine, the
    saved-state check and :func:`score_hand`), to the kernel
    :func:`~cardrules.four_hundred.kernels.score_hand`.  ``high_bids`` is False for a hand
    scored by a conduct penalty (FH-27: nobody made a bid by playing, so FH-21 does not apply).
    """
    new, winner, next_level, high = kernels.score_hand(
        scores, bids, made, level, high_bids, rule_params(rules)
    )
    changes = (new[0] - scores[0], new[1] - scores[1], new[2] - scores[2], new[3] - scores[3])
    if 0 in changes:  # every bid's value is positive: a bid without a value is an error
        for bid, score in zip(bids, scores, strict=True):
            _bid_value(bid, score, rules)
    return HandScore(
        new,
        changes,
        made,
        None if winner < 0 else winner,
        next_level,
        None if high < 0 else high,
    )


def _score_played(
    scores: tuple[int, ...],
    bids: tuple[int, ...],
    tricks: tuple[int, ...],
    level: int,
    rules: Rules,
) -> HandScore:
    """A played or claimed hand (FH-19 ... FH-24), unchecked: made when ``tricks >= bid``."""
    made = (
        tricks[0] >= bids[0],
        tricks[1] >= bids[1],
        tricks[2] >= bids[2],
        tricks[3] >= bids[3],
    )
    return _score(scores, bids, made, level, rules, True)


def _score_conduct(
    scores: tuple[int, ...], bids: tuple[int, ...], team: int, level: int, rules: Rules
) -> HandScore:
    """FH-27, talk during play: both players of ``team`` score as having failed their bids,
    both opponents as having made theirs; no high bid wins the game this way (FH-21 needs it
    made in play)."""
    made = (team != 0, team != 1, team != 0, team != 1)
    return _score(scores, bids, made, level, rules, False)


def _count_offence(offences: tuple[int, int], team: int) -> tuple[tuple[int, int], int | None]:
    """FH-26 ... FH-28: ``team``'s conduct offence counted; its third offence in the game loses
    it.  The new offences and the winning team (``None`` while fewer than three)."""
    counted = (offences[0] + 1, offences[1]) if team == 0 else (offences[0], offences[1] + 1)
    return counted, (1 - team if counted[team] >= 3 else None)


def _four_ints(name: str, values: object) -> tuple[int, int, int, int]:
    if (
        not isinstance(values, Sequence)
        or len(values) != 4
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in values)
    ):
        raise ParseError(f"{name}: expected four ints in seat order, got {values!r}", text=values)
    return tuple(values)


def score_hand(
    scores: Sequence[int],
    bids: Sequence[int],
    tricks: Sequence[int],
    *,
    level: int = START_LEVEL,
    rules: Rules | None = None,
) -> HandScore:
    """Score a played hand (FH-19 ... FH-24): the new scores, the changes, who made their bid,
    the winning team or ``None``, and the level for the next hand.

    ``scores`` are the scores before the hand, ``bids`` and ``tricks`` the bids and the tricks
    taken, each four ints in seat order; ``level`` is the level of FH-24 the hand was played at.

    >>> score_hand((38, 20, 5, 15), (3, 3, 3, 3), (3, 4, 3, 3)).winner
    0
    >>> score_hand((0, 0, 0, 0), (10, 2, 2, 2), (10, 1, 1, 1)).high_bid_winner
    0

    :raises ParseError: unless each argument is four ints.
    :raises RulesError: for a bid outside the player's minimum (FH-11) to 13, tricks that do not
        sum to 13, a level that is not 41, 51, 61 ..., or bids that throw the hand in (FH-14).
    """
    rules = _rules_or_default(rules)
    scores = _four_ints("scores", scores)
    bids = _four_ints("bids", bids)
    tricks = _four_ints("tricks", tricks)
    for seat in range(4):
        low = _minimum_bid(scores[seat], rules)
        if not low <= bids[seat] <= 13:
            raise RulesError(
                f"seat {seat} bid {bids[seat]}: with a score of {scores[seat]} the bid must be "
                f"from {low} to 13 (FH-11, FH-12)"
            )
    if min(tricks) < 0 or sum(tricks) != 13:
        raise RulesError(f"tricks {tricks}: expected four counts of 0 or more summing to 13")
    if not isinstance(level, int) or level < START_LEVEL or (level - START_LEVEL) % LEVEL_STEP:
        raise RulesError(f"level {level!r}: expected 41, 51, 61 ... (FH-24)")
    if _is_thrown_in(scores, bids, rules):
        raise RulesError(
            f"bids {bids} with scores {scores} throw the hand in (FH-14): nothing is scored"
        )
    return _score_played(scores, bids, tricks, level, rules)
