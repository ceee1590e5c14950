"""The scorekeeping of 400 as data and pure functions (FH-11 ... FH-14, FH-19 ... FH-29).

The engine calls these very functions, and a scorekeeping app for games played with real cards
can use them alone: enter the scores before the hand, the bids and the tricks, get the new scores.

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
from cardrules.errors import ArgumentError, RulesError, describe
from cardrules.four_hundred.rules import (
    FiveToStart,
    HighBidWin,
    MinTotalCounts,
    PartnerCondition,
    Rules,
    Simultaneous,
)

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
#: (30 in the standard game): bid -> value.
BID_VALUES: Final[Mapping[int, int]] = MappingProxyType(
    {
        2: 2,
        3: 3,
        4: 4,
        5: 10,
        6: 12,
        7: 14,
        8: 16,
        9: 27,
        10: 40,
        11: 40,
        12: 40,
        13: 40,
    }
)
#: The values that change once the bidder's score reaches ``Rules.reduce_five_six_at`` (FH-20).
REDUCED_BID_VALUES: Final[Mapping[int, int]] = MappingProxyType({5: 5, 6: 6})
#: The smallest bid that can win the game at once (FH-21).
HIGH_BID: Final = 10
#: The level at which a team qualifies to win (FH-22, FH-23).
START_LEVEL: Final = 41
#: How much the level rises when both teams qualify together (FH-24).
LEVEL_STEP: Final = 10

_DEFAULT_RULES: Final = Rules()


def _rules_or_default(rules: object) -> Rules:
    """``rules``, the default ruleset for ``None``; anything else is refused."""
    if rules is None:
        return _DEFAULT_RULES
    if rules.__class__ is not Rules and not isinstance(rules, Rules):
        raise RulesError(f"rules: expected a four_hundred.Rules or None, got {describe(rules)}")
    return rules


_REDUCED_ROW: Final = {**BID_VALUES, **REDUCED_BID_VALUES}


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
    """:func:`bid_value` on checked arguments (the engine's path)."""
    low, high, at = _rows(rules)
    table = high if at is not None and score >= at else low
    try:
        return table[bid]
    except (KeyError, TypeError):
        raise RulesError(
            f"a bid of {describe(bid)} has no value: the table covers the bids {min(table)} to 13"
        ) from None


_ROWS: Final[dict[int, tuple[Rules, tuple[Mapping[int, int], Mapping[int, int], int | None]]]] = {}


def _rows(rules: Rules) -> tuple[Mapping[int, int], Mapping[int, int], int | None]:
    """The value rows of ``rules`` (FH-20): below the reduction score, from it on, and that score
    (``None``: one row), kept per ruleset object (the engine asks at every hand)."""
    entry = _ROWS.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_ROWS) > 64:
            _ROWS.clear()
        if rules.bid_values is not None:
            table = dict(rules.bid_values)
            rows: tuple[Mapping[int, int], Mapping[int, int], int | None] = (table, table, None)
        else:
            rows = (BID_VALUES, _REDUCED_ROW, rules.reduce_five_six_at)
        # Holding the rules keeps their id from being reused while they are cached.
        entry = _ROWS[id(rules)] = (rules, rows)
    return entry[1]


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
    """:func:`minimum_bid` on checked arguments (the engine's path)."""
    low = rules.min_bid_base
    ladder = rules.min_bid_ladder_from
    if ladder is not None and score >= ladder:
        low = max(low, score // 10)
    cap = rules.min_bid_cap
    if cap is not None and low > cap:
        low = cap
    return min(low, 13)


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
    if not rules.min_total_rises:
        return 11
    return 11 + max(0, _minimum_bid(max(scores), rules) - 2)


def bids_total(scores: Sequence[int], bids: Sequence[int], rules: Rules | None = None) -> int:
    """The total of the bids that FH-13 compares with :func:`minimum_total`: the tricks bid,
    or with ``min_total_counts="points"`` the sum of the bids' values.

    :raises ArgumentError: unless ``scores`` and ``bids`` are four ints each."""
    return _bids_total(
        check_scores(scores, 4), check_scores(bids, 4, name="bids"), _rules_or_default(rules)
    )


def _bids_total(scores: Sequence[int], bids: Sequence[int], rules: Rules) -> int:
    if rules.min_total_counts is MinTotalCounts.TRICKS:
        return sum(bids)
    return sum(_bid_value(b, s, rules) for b, s in zip(bids, scores, strict=True))


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
    """:func:`is_thrown_in` on checked arguments (the engine's path)."""
    mode = rules.five_to_start
    five = any(b >= 5 for b in bids)
    if mode is FiveToStart.REPLACE:
        return not five
    enough = _bids_total(scores, bids, rules) >= _minimum_total(scores, rules)
    if mode is FiveToStart.ADDITIONAL:
        return not (enough and five)
    return not enough


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
    a, b = scores[team], scores[team + 2]
    floor = _PARTNER_FLOOR[rules.partner_condition]
    if floor is None:
        return a >= level or b >= level
    return (a >= level and b >= floor) or (b >= level and a >= floor)


#: The least score that meets each partner condition of FH-22 (``None``: any score).
_PARTNER_FLOOR: Final[Mapping[PartnerCondition, int | None]] = {
    PartnerCondition.POSITIVE: 1,
    PartnerCondition.NON_NEGATIVE: 0,
    PartnerCondition.NONE: None,
}


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
    """:func:`end_of_game` on checked arguments (the engine's path)."""
    q0 = _qualifies(scores, 0, START_LEVEL, rules)
    q1 = _qualifies(scores, 1, START_LEVEL, rules)
    if q0 != q1:
        return (0 if q0 else 1), level
    if not q0:
        return None, START_LEVEL
    mode = rules.simultaneous
    if mode is Simultaneous.HIGHER_SCORE:
        best0, best1 = max(scores[0], scores[2]), max(scores[1], scores[3])
        return (None if best0 == best1 else 0 if best0 > best1 else 1), START_LEVEL
    if mode is Simultaneous.HIGHER_TEAM_TOTAL:
        sum0, sum1 = scores[0] + scores[2], scores[1] + scores[3]
        return (None if sum0 == sum1 else 0 if sum0 > sum1 else 1), START_LEVEL
    if level <= START_LEVEL:
        return None, START_LEVEL + LEVEL_STEP
    at0 = _qualifies(scores, 0, level, rules)
    at1 = _qualifies(scores, 1, level, rules)
    if at0 != at1:
        return (0 if at0 else 1), level
    if at0:
        return None, level + LEVEL_STEP
    return None, level


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
    saved-state check and :func:`score_hand`).

    FH-21: a made bid of 10 or more wins at once when the ``high_bid_win`` condition holds:
    the bidder's score *before* the hand is not negative (``bidder_not_negative``), or the
    partner's score *after* the hand, all four changes applied at once, is not negative
    (``partner_not_negative``); ``always``; ``never``.  ``high_bids`` is False for a hand scored
    by a conduct penalty (FH-27: nobody made a bid by playing).
    """
    low, high_row, at = _rows(rules)
    s0, s1, s2, s3 = scores
    b0, b1, b2, b3 = bids
    try:
        if at is None:
            v0, v1, v2, v3 = low[b0], low[b1], low[b2], low[b3]
        else:
            v0 = (high_row if s0 >= at else low)[b0]
            v1 = (high_row if s1 >= at else low)[b1]
            v2 = (high_row if s2 >= at else low)[b2]
            v3 = (high_row if s3 >= at else low)[b3]
    except KeyError:  # a bid without a value: bid_value says which
        for bid, score in zip(bids, scores, strict=True):
            _bid_value(bid, score, rules)
        raise
    changes = (
        v0 if made[0] else -v0,
        v1 if made[1] else -v1,
        v2 if made[2] else -v2,
        v3 if made[3] else -v3,
    )
    new = (s0 + changes[0], s1 + changes[1], s2 + changes[2], s3 + changes[3])
    high = None
    mode = rules.high_bid_win
    if high_bids and mode is not HighBidWin.NEVER and max(bids) >= HIGH_BID:
        for seat in range(4):
            if (
                bids[seat] >= HIGH_BID
                and made[seat]
                and (
                    mode is HighBidWin.ALWAYS
                    or (mode is HighBidWin.BIDDER_NOT_NEGATIVE and scores[seat] >= 0)
                    or (mode is HighBidWin.PARTNER_NOT_NEGATIVE and new[(seat + 2) % 4] >= 0)
                )
            ):
                high = seat
    if high is not None:
        winner: int | None = high % 2
        next_level = level
    else:
        winner, next_level = _end_of_game(new, level, rules)
    return HandScore(new, changes, made, winner, next_level, high)


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
        or not all(
            isinstance(v, int) and not isinstance(v, bool) and v.bit_length() <= 64 for v in values
        )
    ):
        raise ArgumentError(
            f"{name}: expected four ints in seat order (each within 64 bits), got "
            f"{describe(values)}",
            name=name,
            value=values,
        )
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
    if (
        not isinstance(level, int)
        or isinstance(level, bool)
        or not START_LEVEL <= level < 2**63
        or (level - START_LEVEL) % LEVEL_STEP
    ):
        raise RulesError(f"level {describe(level)}: expected 41, 51, 61 ... (FH-24)")
    if _is_thrown_in(scores, bids, rules):
        raise RulesError(
            f"bids {bids} with scores {scores} throw the hand in (FH-14): nothing is scored"
        )
    return _score_played(scores, bids, tricks, level, rules)
