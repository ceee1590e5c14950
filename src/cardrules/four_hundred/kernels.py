"""The rules of 400 as kernels: small functions on plain ints that every engine calls.

Each rule that an engine needs in its inner loop is written here once, in the subset of Python
that numba compiles (ints, tuples of ints, small integer arrays; no objects, no ``None``, no
exceptions), and marked with :func:`~cardrules.core.compiled.kernel`.  The per-state engine,
the scorekeeping functions of :mod:`cardrules.four_hundred.scoring`, the determinizer and the
agents call them interpreted (or read a table built from them at import); the batch engine and
the solvers call their compiled form (:func:`~cardrules.core.compiled.compiled`).

The conventions:

* a card is its index 0..51 (``13 * suit + rank - 2``), a hand a 52-bit mask, a suit its number
  0..3 and ``-1`` for "no suit" (before the lead);
* four values in seat order (scores, bids, tricks) are a tuple of four ints;
* "none" is ``-1`` (no winning team, no high-bid winner);
* the options of a :class:`~cardrules.four_hundred.Rules` are one tuple of ints,
  :func:`rule_params` (kernels read it at the ``P_*`` places); it is worked out once per
  ruleset.

>>> from cardrules.four_hundred import Rules
>>> from cardrules.four_hundred.kernels import minimum_bid, rule_params, score_played
>>> p = rule_params(Rules())
>>> minimum_bid(45, p)
4
>>> score_played((38, 20, 5, 15), (3, 3, 3, 3), (3, 4, 3, 3), 41, p)
((41, 23, 8, 18), 0, 41, -1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardrules.core.compiled import kernel
from cardrules.core.options import remember_params
from cardrules.core.tricks import must_follow_bits
from cardrules.four_hundred.rules import (
    FiveToStart,
    HighBidWin,
    MinTotalCounts,
    PartnerCondition,
    Rules,
    Simultaneous,
)

__all__ = [
    "BID_VALUE_ROW",
    "HIGH_BID",
    "LEVEL_STEP",
    "NEVER",
    "PICTURES",
    "P_CAP",
    "P_FIVE_TO_START",
    "P_FLOOR",
    "P_HIGH_BID_WIN",
    "P_HIGH_ROW",
    "P_LADDER",
    "P_LOW_ROW",
    "P_MIN_BID",
    "P_REDEAL",
    "P_REDUCE_AT",
    "P_RISES",
    "P_SIMULTANEOUS",
    "P_TOTAL_POINTS",
    "REDUCED_BID_VALUE_ROW",
    "START_LEVEL",
    "bid_value",
    "bids_total",
    "deal_hands",
    "deal_seat",
    "end_of_game",
    "may_redeal",
    "minimum_bid",
    "minimum_total",
    "next_dealer",
    "play_mask",
    "qualifies",
    "rule_params",
    "score_hand",
    "score_played",
    "thrown_in",
]

#: FH-20: ``V(b, s)`` for a bidder whose score is below ``Rules.reduce_five_six_at``, indexed by
#: the bid 0..13 (0: no value, bids 0 and 1).
BID_VALUE_ROW: Final = (0, 0, 2, 3, 4, 10, 12, 14, 16, 27, 40, 40, 40, 40)
#: FH-20: the same from ``Rules.reduce_five_six_at`` on (5 and 6 are worth 5 and 6).
REDUCED_BID_VALUE_ROW: Final = (0, 0, 2, 3, 4, 5, 6, 14, 16, 27, 40, 40, 40, 40)
#: FH-21: the smallest bid that can win the game at once.
HIGH_BID: Final = 10
#: FH-22, FH-23: the level at which a team qualifies to win.
START_LEVEL: Final = 41
#: FH-24: how much the level rises when both teams qualify together.
LEVEL_STEP: Final = 10
#: A score no game reaches: the parameter of an option that is off (a ladder that never
#: starts, a reduction that never applies; its negation, a partner condition that always holds).
NEVER: Final = 1 << 62
#: FH-30: the jacks, queens, kings and aces of every suit, as a card mask.
PICTURES: Final = 0xF << 9 | 0xF << 22 | 0xF << 35 | 0xF << 48

# The places of the options in rule_params' tuple.
#: ``Rules.min_bid_base`` (FH-11).
P_MIN_BID: Final = 0
#: ``Rules.min_bid_ladder_from`` (FH-11), :data:`NEVER` for ``None``.
P_LADDER: Final = 1
#: ``Rules.min_bid_cap`` (FH-11), 13 for ``None``.
P_CAP: Final = 2
#: ``Rules.min_total_rises`` (FH-13): 1 or 0.
P_RISES: Final = 3
#: ``Rules.min_total_counts`` (FH-13): 0 tricks, 1 points.
P_TOTAL_POINTS: Final = 4
#: The score from which :data:`P_HIGH_ROW` applies (FH-20): ``Rules.reduce_five_six_at``,
#: :data:`NEVER` for ``None`` or a ``bid_values`` table.
P_REDUCE_AT: Final = 5
#: ``Rules.high_bid_win`` (FH-21): 0 bidder_not_negative, 1 partner_not_negative, 2 always,
#: 3 never.
P_HIGH_BID_WIN: Final = 6
#: ``Rules.partner_condition`` (FH-22) as the least score of the partner: 1 positive,
#: 0 non_negative, ``-NEVER`` none.
P_FLOOR: Final = 7
#: ``Rules.simultaneous`` (FH-24): 0 continue_to_51, 1 higher_score, 2 higher_team_total.
P_SIMULTANEOUS: Final = 8
#: ``Rules.five_to_start`` (FH-29): 0 off, 1 replace, 2 additional.
P_FIVE_TO_START: Final = 9
#: ``Rules.no_picture_redeal`` (FH-30): 1 or 0.
P_REDEAL: Final = 10
#: The first of the 14 values ``V(b, s)`` of the bids 0..13 below :data:`P_REDUCE_AT` (FH-20;
#: 0 for a bid without a value).
P_LOW_ROW: Final = 11
#: The first of the 14 values from :data:`P_REDUCE_AT` on.
P_HIGH_ROW: Final = 25
_PARAMS_SIZE: Final = 39

_HIGH_BID_WIN_CODES: Final = {
    HighBidWin.BIDDER_NOT_NEGATIVE: 0,
    HighBidWin.PARTNER_NOT_NEGATIVE: 1,
    HighBidWin.ALWAYS: 2,
    HighBidWin.NEVER: 3,
}
_FLOORS: Final = {
    PartnerCondition.POSITIVE: 1,
    PartnerCondition.NON_NEGATIVE: 0,
    PartnerCondition.NONE: -NEVER,
}
_SIMULTANEOUS_CODES: Final = {
    Simultaneous.CONTINUE_TO_51: 0,
    Simultaneous.HIGHER_SCORE: 1,
    Simultaneous.HIGHER_TEAM_TOTAL: 2,
}
_FIVE_CODES: Final = {FiveToStart.OFF: 0, FiveToStart.REPLACE: 1, FiveToStart.ADDITIONAL: 2}
_PARAMS: Final[dict[Rules, tuple[int, ...]]] = {}
# By id(rules) too (see core.options.remember_params).
_PARAMS_BY_ID: Final[dict[int, tuple[Rules, tuple[int, ...]]]] = {}


def rule_params(rules: Rules) -> tuple[int, ...]:
    """The options of ``rules`` as the kernels take them: a tuple of ints, read at the places
    ``P_*`` of this module (kept per ruleset; not a kernel itself).

    >>> p = rule_params(Rules.preset("jawaker"))
    >>> p[P_CAP], p[P_HIGH_BID_WIN], p[P_LOW_ROW + 5]
    (5, 3, 10)
    """
    entry = _PARAMS_BY_ID.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    return remember_params(rules, _build_params, _PARAMS, _PARAMS_BY_ID)


def _build_params(rules: Rules) -> tuple[int, ...]:
    """:func:`rule_params` computed."""
    if rules.bid_values is not None:
        table = dict(rules.bid_values)
        low = high = tuple(table.get(bid, 0) for bid in range(14))
        reduce_at = NEVER
    else:
        low, high = BID_VALUE_ROW, REDUCED_BID_VALUE_ROW
        at = rules.reduce_five_six_at
        reduce_at = NEVER if at is None else at
    params = (
        rules.min_bid_base,
        NEVER if rules.min_bid_ladder_from is None else rules.min_bid_ladder_from,
        13 if rules.min_bid_cap is None else min(rules.min_bid_cap, 13),
        int(rules.min_total_rises),
        int(rules.min_total_counts is MinTotalCounts.POINTS),
        reduce_at,
        _HIGH_BID_WIN_CODES[rules.high_bid_win],
        _FLOORS[rules.partner_condition],
        _SIMULTANEOUS_CODES[rules.simultaneous],
        _FIVE_CODES[rules.five_to_start],
        int(rules.no_picture_redeal),
        *low,
        *high,
    )
    assert len(params) == _PARAMS_SIZE
    return params


# -- dealing (FH-7, FH-8) -------------------------------------------------------------------------
@kernel
def deal_seat(position: int, dealer: int, packets: Sequence[int]) -> int:
    """FH-7: the seat that receives the card at ``position`` (0 = the top) of the deck.

    ``packets`` is ``Rules.deal_packets`` (a tuple of ints summing to 13): each packet goes
    round from dealer+1 in play order.  ``-1`` for a position beyond the 52 cards.

    >>> [deal_seat(p, 0, (1, 2, 2, 2, 2, 2, 2)) for p in range(6)]
    [1, 2, 3, 0, 1, 1]
    """
    start = 0
    for size in packets:
        if position < start + 4 * size:
            return (dealer + 1 + (position - start) // size) % 4
        start += 4 * size
    return -1


@kernel
def deal_hands(
    deck: Sequence[int], dealer: int, packets: Sequence[int]
) -> tuple[int, int, int, int]:
    """FH-7: the four hands (card masks, seat order) that dealing ``deck`` gives.

    ``deck`` is the 52 card indices, top first (a tuple or an integer array).

    >>> from cardrules import STANDARD_DECK, CardSet
    >>> hands = deal_hands([c.index for c in STANDARD_DECK], 0, (1, 2, 2, 2, 2, 2, 2))
    >>> str(CardSet.from_mask(hands[1]))
    '2C 6C 7C AC 2D 9D TD 4H 5H QH KH 7S 8S'
    """
    h0 = h1 = h2 = h3 = 0
    for position in range(52):
        seat = deal_seat(position, dealer, packets)
        bit = 1 << deck[position]
        if seat == 0:
            h0 |= bit
        elif seat == 1:
            h1 |= bit
        elif seat == 2:
            h2 |= bit
        else:
            h3 |= bit
    return (h0, h1, h2, h3)


@kernel
def next_dealer(dealer: int) -> int:
    """FH-8: after every hand (played, thrown in or void) the deal passes to dealer+1.

    >>> next_dealer(3)
    0
    """
    return (dealer + 1) % 4


# -- bidding (FH-10 ... FH-14, FH-29, FH-30) -----------------------------------------------------
@kernel
def minimum_bid(score: int, params: Sequence[int]) -> int:
    """FH-11, FH-12: the smallest bid of a player whose own score before the hand is ``score``:
    ``min_bid_base``; from ``min_bid_ladder_from`` on ``floor(score / 10)`` if higher; never
    above ``min_bid_cap`` nor 13.

    >>> p = rule_params(Rules())
    >>> [minimum_bid(s, p) for s in (40, 59, 60, -12, 29)]
    [4, 5, 6, 2, 2]
    """
    low = params[P_MIN_BID]
    if score >= params[P_LADDER] and score // 10 > low:
        low = score // 10
    cap = params[P_CAP]  # at most 13
    if low > cap:
        return cap
    return low


@kernel
def bid_value(bid: int, score: int, params: Sequence[int]) -> int:
    """FH-19, FH-20: ``V(bid, score)``, what a bid gains when made and loses when failed;
    ``score`` is the bidder's own score before the hand.  ``0`` for a bid without a value
    (below the table or above 13).

    >>> p = rule_params(Rules())
    >>> bid_value(6, 29, p), bid_value(6, 30, p), bid_value(13, 0, p), bid_value(14, 0, p)
    (12, 6, 40, 0)
    """
    if bid < 0 or bid > 13:
        return 0
    if score >= params[P_REDUCE_AT]:
        return params[P_HIGH_ROW + bid]
    return params[P_LOW_ROW + bid]


@kernel
def minimum_total(scores: Sequence[int], params: Sequence[int]) -> int:
    """FH-13: the smallest total of the four bids for the hand to be played, from the highest
    of the four ``scores`` ``M``: ``11 + (minimum_bid(M) - 2)``, never below 11; 11 when
    ``min_total_rises`` is off.

    >>> p = rule_params(Rules())
    >>> [minimum_total((m, 0, 0, 0), p) for m in (29, 30, 45, 50)]
    [11, 12, 13, 14]
    """
    if not params[P_RISES]:
        return 11
    top = scores[0]  # comparisons rather than max(): the interpreted engine's calls are dear
    if scores[1] > top:
        top = scores[1]
    if scores[2] > top:
        top = scores[2]
    if scores[3] > top:
        top = scores[3]
    low = minimum_bid(top, params)
    return 9 + low if low > 2 else 11


@kernel
def bids_total(scores: Sequence[int], bids: Sequence[int], params: Sequence[int]) -> int:
    """FH-13: the total of the four ``bids`` that :func:`minimum_total` asks for: the tricks
    bid, or with ``min_total_counts="points"`` the sum of the bids' values (each at its
    bidder's score in ``scores``).

    >>> bids_total((0, 0, 0, 0), (5, 2, 2, 2), rule_params(Rules(min_total_counts="points")))
    16
    """
    if not params[P_TOTAL_POINTS]:
        return bids[0] + bids[1] + bids[2] + bids[3]
    total = 0
    for seat in range(4):
        total += bid_value(bids[seat], scores[seat], params)
    return total


@kernel
def thrown_in(scores: Sequence[int], bids: Sequence[int], params: Sequence[int]) -> bool:
    """FH-13, FH-14, FH-29: True when the four ``bids`` do not let the hand be played.

    The total counts the tricks bid, or with ``min_total_counts="points"`` the bids' values;
    ``five_to_start`` replaces the minimum total by a bid of 5 or more (``replace``) or asks
    for both (``additional``).

    >>> p = rule_params(Rules())
    >>> thrown_in((32, 12, 5, -4), (3, 3, 3, 2), p), thrown_in((0, 0, 0, 0), (4, 3, 2, 2), p)
    (True, False)
    """
    five = bids[0] >= 5 or bids[1] >= 5 or bids[2] >= 5 or bids[3] >= 5
    mode = params[P_FIVE_TO_START]
    if mode == 1:
        return not five
    enough = bids_total(scores, bids, params) >= minimum_total(scores, params)
    if mode == 2:
        return not (enough and five)
    return not enough


@kernel
def may_redeal(hand: int, params: Sequence[int]) -> bool:
    """FH-30: True when the player holding ``hand`` (a card mask) may demand a redeal instead
    of bidding: ``no_picture_redeal`` is on and the hand holds no J, Q, K or A.

    >>> from cardrules import CardSet
    >>> may_redeal(CardSet.parse("2C 3D TH").mask, rule_params(Rules(no_picture_redeal=True)))
    True
    """
    return params[P_REDEAL] != 0 and not hand & PICTURES


# -- play (FH-16) --------------------------------------------------------------------------------
#: FH-16, the kernel ``play_mask(hand, lead) -> int``: the cards of ``hand`` (a card mask) that
#: may be played to a trick led with the suit ``lead`` (``-1``: the player leads, any card).
#: It *is* the core's :func:`~cardrules.core.tricks.must_follow_bits` (one function, so the
#: per-state engine's hot path pays no extra call); the trick's winner is the core's
#: :func:`~cardrules.core.tricks.winning_offset` with hearts (2) trumps (FH-5, FH-17).
play_mask: Final = must_follow_bits


# -- scoring and the end of the game (FH-19 ... FH-25) -------------------------------------------
@kernel
def qualifies(scores: Sequence[int], team: int, level: int, params: Sequence[int]) -> bool:
    """FH-22: True when ``team`` (0 or 1) qualifies at ``level``: one of its players has at
    least ``level`` and the other meets ``partner_condition``.

    >>> qualifies((41, 3, 1, 0), 0, 41, rule_params(Rules()))
    True
    """
    a = scores[team]
    b = scores[team + 2]
    floor = params[P_FLOOR]
    return (a >= level and b >= floor) or (b >= level and a >= floor)


@kernel
def end_of_game(scores: Sequence[int], level: int, params: Sequence[int]) -> tuple[int, int]:
    """FH-23 ... FH-25: the winning team (``-1``: play goes on) and the level of the next hand,
    after a hand that left ``scores`` and was played at ``level``.

    >>> p = rule_params(Rules())
    >>> end_of_game((41, 23, 8, 18), 41, p), end_of_game((45, 44, 3, 2), 41, p)
    ((0, 41), (-1, 51))
    """
    q0 = qualifies(scores, 0, START_LEVEL, params)
    q1 = qualifies(scores, 1, START_LEVEL, params)
    if q0 != q1:
        return (0 if q0 else 1), level
    if not q0:
        return -1, START_LEVEL
    mode = params[P_SIMULTANEOUS]
    if mode != 0:
        if mode == 1:
            first = max(scores[0], scores[2])
            second = max(scores[1], scores[3])
        else:
            first = scores[0] + scores[2]
            second = scores[1] + scores[3]
        if first == second:
            return -1, START_LEVEL
        return (0 if first > second else 1), START_LEVEL
    if level <= START_LEVEL:
        return -1, START_LEVEL + LEVEL_STEP
    at0 = qualifies(scores, 0, level, params)
    at1 = qualifies(scores, 1, level, params)
    if at0 != at1:
        return (0 if at0 else 1), level
    if at0:
        return -1, level + LEVEL_STEP
    return -1, level


@kernel
def score_hand(
    scores: Sequence[int],
    bids: Sequence[int],
    made: Sequence[int],
    level: int,
    high_bids: int,
    params: Sequence[int],
) -> tuple[tuple[int, int, int, int], int, int, int]:
    """FH-19 ... FH-25: a scored hand.  Each player gains ``V(bid, score)`` if ``made`` (1) and
    loses it if not (0), all four at once; then a made bid of 10 or more may win at once
    (FH-21, ``high_bid_win``; only when ``high_bids`` is 1: a hand scored by a conduct penalty
    passes 0); else :func:`end_of_game`.

    ``scores`` are the four scores before the hand, ``bids`` the four bids (each with a value:
    see :func:`bid_value`), ``level`` the level the hand was played at.  Returns the four new
    scores, the winning team (``-1``: none), the level of the next hand and the seat whose
    high bid won (``-1``: none).

    >>> p = rule_params(Rules())
    >>> score_hand((0, 0, 0, 0), (10, 2, 2, 2), (1, 0, 0, 0), 41, 1, p)
    ((40, -2, -2, -2), 0, 41, 0)
    """
    v0 = bid_value(bids[0], scores[0], params)
    v1 = bid_value(bids[1], scores[1], params)
    v2 = bid_value(bids[2], scores[2], params)
    v3 = bid_value(bids[3], scores[3], params)
    new = (
        scores[0] + (v0 if made[0] else -v0),
        scores[1] + (v1 if made[1] else -v1),
        scores[2] + (v2 if made[2] else -v2),
        scores[3] + (v3 if made[3] else -v3),
    )
    high = -1
    mode = params[P_HIGH_BID_WIN]
    if high_bids and mode != 3:
        for seat in range(4):
            if (
                bids[seat] >= HIGH_BID
                and made[seat]
                and (
                    mode == 2
                    or (mode == 0 and scores[seat] >= 0)
                    or (mode == 1 and new[(seat + 2) % 4] >= 0)
                )
            ):
                high = seat
    if high >= 0:
        return new, high % 2, level, high
    winner, next_level = end_of_game(new, level, params)
    return new, winner, next_level, -1


@kernel
def score_played(
    scores: Sequence[int],
    bids: Sequence[int],
    tricks: Sequence[int],
    level: int,
    params: Sequence[int],
) -> tuple[tuple[int, int, int, int], int, int, int]:
    """FH-19: a played (or claimed) hand, made when ``tricks >= bid``: :func:`score_hand` with
    the tricks each player took.

    >>> score_played((0, 0, 0, 0), (2, 4, 3, 2), (3, 5, 2, 3), 41, rule_params(Rules()))
    ((2, 4, -3, 2), -1, 41, -1)
    """
    made = (
        1 if tricks[0] >= bids[0] else 0,
        1 if tricks[1] >= bids[1] else 0,
        1 if tricks[2] >= bids[2] else 0,
        1 if tricks[3] >= bids[3] else 0,
    )
    return score_hand(scores, bids, made, level, 1, params)
