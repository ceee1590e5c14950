"""The kernels of 400 (four_hundred.kernels), interpreted and compiled, against slow
definitions written from the rules and against the checked functions and engine tables."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import CARDS
from cardrules.core.cardset import FULL_MASK
from cardrules.core.compiled import is_kernel
from cardrules.four_hundred import Rules, kernels
from cardrules.four_hundred.dealing import deal_masks, seat_schedule
from tests.kernels._tiers import same

#: Rulesets that move every option the kernels read.
RULESETS = [
    Rules(),
    Rules.preset("jawaker"),
    Rules.preset("pagat_41"),
    Rules(min_bid_ladder_from=None, min_total_rises=False, reduce_five_six_at=None),
    Rules(high_bid_win="partner_not_negative", partner_condition="non_negative"),
    Rules(high_bid_win="always", partner_condition="none", simultaneous="higher_team_total"),
    Rules(five_to_start="replace", min_total_counts="points", no_picture_redeal=True),
    Rules(five_to_start="additional", min_bid_cap=4, min_bid_ladder_from=0),
]
rulesets = st.sampled_from(RULESETS)
scores = st.integers(-80, 130)
four_scores = st.tuples(scores, scores, scores, scores)
packet_schedules = st.sampled_from([(1, 2, 2, 2, 2, 2, 2), (3, 2, 2, 2, 2, 2), (3, 3, 3, 2, 2)])


def test_the_rules_are_kernels() -> None:
    for name in kernels.__all__:
        value = getattr(kernels, name)
        if callable(value) and name != "rule_params":
            assert is_kernel(value), name


# -- slow definitions, from the rules' text ----------------------------------------------------
def _minimum_bid(score: int, rules: Rules) -> int:
    """FH-11."""
    low = rules.min_bid_base
    if rules.min_bid_ladder_from is not None and score >= rules.min_bid_ladder_from:
        low = max(low, score // 10)
    if rules.min_bid_cap is not None:
        low = min(low, rules.min_bid_cap)
    return min(low, 13)


def _value(bid: int, score: int, rules: Rules) -> int:
    """FH-20 (0: no value)."""
    if rules.bid_values is not None:
        return dict(rules.bid_values).get(bid, 0)
    table = {2: 2, 3: 3, 4: 4, 5: 10, 6: 12, 7: 14, 8: 16, 9: 27, 10: 40, 11: 40, 12: 40, 13: 40}
    at = rules.reduce_five_six_at
    if at is not None and score >= at and bid in (5, 6):
        return bid
    return table.get(bid, 0)


def _thrown_in(s: Sequence[int], bids: Sequence[int], rules: Rules) -> bool:
    """FH-13, FH-14, FH-29."""
    five = any(b >= 5 for b in bids)
    if rules.five_to_start == "replace":
        return not five
    if rules.min_total_counts == "points":
        total = sum(_value(b, x, rules) for b, x in zip(bids, s, strict=True))
    else:
        total = sum(bids)
    low = 11 + max(0, _minimum_bid(max(s), rules) - 2) if rules.min_total_rises else 11
    enough = total >= low
    return not (enough and five) if rules.five_to_start == "additional" else not enough


def _qualifies(s: Sequence[int], team: int, level: int, rules: Rules) -> bool:
    """FH-22."""
    ok = {"positive": lambda v: v > 0, "non_negative": lambda v: v >= 0, "none": lambda v: True}
    partner = ok[rules.partner_condition]
    a, b = s[team], s[team + 2]
    return (a >= level and partner(b)) or (b >= level and partner(a))


def _end(s: Sequence[int], level: int, rules: Rules) -> tuple[int, int]:
    """FH-23 ... FH-25 (winner -1: play on)."""
    q = [_qualifies(s, team, 41, rules) for team in (0, 1)]
    if q[0] != q[1]:
        return q.index(True), level
    if not q[0]:
        return -1, 41
    if rules.simultaneous != "continue_to_51":
        if rules.simultaneous == "higher_score":
            a, b = max(s[0], s[2]), max(s[1], s[3])
        else:
            a, b = s[0] + s[2], s[1] + s[3]
        return (-1 if a == b else 0 if a > b else 1), 41
    if level == 41:
        return -1, 51
    at = [_qualifies(s, team, level, rules) for team in (0, 1)]
    if at[0] != at[1]:
        return at.index(True), level
    return -1, level + 10 if at[0] else level


def _score(
    s: Sequence[int], bids: Sequence[int], made: Sequence[bool], level: int, rules: Rules
) -> tuple[tuple[int, ...], int, int, int]:
    """FH-19, FH-21, then FH-22 ... FH-25."""
    new = tuple(
        x + (_value(b, x, rules) if m else -_value(b, x, rules))
        for x, b, m in zip(s, bids, made, strict=True)
    )
    high = -1
    for seat in range(4):
        if bids[seat] >= 10 and made[seat]:
            condition = {
                "bidder_not_negative": s[seat] >= 0,
                "partner_not_negative": new[(seat + 2) % 4] >= 0,
                "always": True,
                "never": False,
            }[rules.high_bid_win]
            if condition:
                high = seat
    if high >= 0:
        return new, high % 2, level, high
    return (new, *_end(new, level, rules), -1)


# -- the tests ---------------------------------------------------------------------------------
@pytest.mark.rule("FH-7")
@given(st.randoms(use_true_random=False), st.integers(0, 3), packet_schedules)
def test_deal(rng: random.Random, dealer: int, packets: tuple[int, ...]) -> None:
    """Packets go round from dealer+1; the engine's table deals the same hands."""
    deck = list(CARDS)
    rng.shuffle(deck)
    seats = []
    for size in packets:
        for offset in range(1, 5):
            seats += [(dealer + offset) % 4] * size
    assert [same(kernels.deal_seat, p, dealer, packets) for p in range(52)] == seats
    assert same(kernels.deal_seat, 52, dealer, packets) == -1
    assert seat_schedule(dealer, packets) == tuple(seats)
    expected = tuple(
        sum(c.mask for c, s in zip(deck, seats, strict=True) if s == t) for t in range(4)
    )
    assert same(kernels.deal_hands, tuple(c.index for c in deck), dealer, packets) == expected
    assert deal_masks(deck, dealer, packets) == expected


@pytest.mark.rule("FH-8")
def test_next_dealer() -> None:
    assert [same(kernels.next_dealer, d) for d in range(4)] == [1, 2, 3, 0]


@pytest.mark.rule("FH-11", "FH-12")
@given(scores, rulesets)
def test_minimum_bid(score: int, rules: Rules) -> None:
    assert same(kernels.minimum_bid, score, kernels.rule_params(rules)) == _minimum_bid(
        score, rules
    )


@pytest.mark.rule("FH-11")
def test_fh_e3_minimum_bids() -> None:
    p = kernels.rule_params(Rules())
    assert [same(kernels.minimum_bid, s, p) for s in (40, 59, 60, -12, 29)] == [4, 5, 6, 2, 2]


@pytest.mark.rule("FH-19", "FH-20")
@given(st.integers(-1, 15), scores, rulesets)
def test_bid_value(bid: int, score: int, rules: Rules) -> None:
    expected = _value(bid, score, rules)
    assert same(kernels.bid_value, bid, score, kernels.rule_params(rules)) == expected


@pytest.mark.rule("FH-13", "FH-14", "FH-29")
@given(four_scores, st.tuples(*[st.integers(1, 13)] * 4), rulesets)
def test_thrown_in(s: tuple[int, ...], bids: tuple[int, ...], rules: Rules) -> None:
    p = kernels.rule_params(rules)
    bids = tuple(max(b, rules.min_bid_base) for b in bids)  # bids with a value
    low = 11 + max(0, _minimum_bid(max(s), rules) - 2) if rules.min_total_rises else 11
    assert same(kernels.minimum_total, s, p) == low
    assert same(kernels.thrown_in, s, bids, p) is _thrown_in(s, bids, rules)


@pytest.mark.rule("FH-14")
def test_fh_e2_thrown_in() -> None:
    p = kernels.rule_params(Rules())
    assert same(kernels.minimum_total, (32, 12, 5, -4), p) == 12
    assert same(kernels.thrown_in, (32, 12, 5, -4), (3, 3, 3, 2), p) is True


@pytest.mark.rule("FH-22", "FH-23", "FH-24", "FH-25")
@given(four_scores, st.sampled_from([41, 51, 61]), rulesets)
def test_end_of_game(s: tuple[int, ...], level: int, rules: Rules) -> None:
    p = kernels.rule_params(rules)
    for team in (0, 1):
        assert same(kernels.qualifies, s, team, level, p) is _qualifies(s, team, level, rules)
    assert same(kernels.end_of_game, s, level, p) == _end(s, level, rules)


@pytest.mark.rule("FH-19", "FH-20", "FH-21", "FH-22", "FH-23", "FH-24")
@given(
    four_scores,
    st.tuples(*[st.integers(2, 13)] * 4),
    st.tuples(*[st.integers(0, 13)] * 4),
    st.sampled_from([41, 51]),
    rulesets,
)
def test_score_played(
    s: tuple[int, ...], bids: tuple[int, ...], tricks: tuple[int, ...], level: int, rules: Rules
) -> None:
    p = kernels.rule_params(rules)
    made = tuple(t >= b for t, b in zip(tricks, bids, strict=True))
    expected = _score(s, bids, made, level, rules)
    assert same(kernels.score_played, s, bids, tricks, level, p) == expected
    assert same(kernels.score_hand, s, bids, tuple(map(int, made)), level, 1, p) == expected
    # FH-27: a hand scored by a conduct penalty wins nothing by a high bid
    assert same(kernels.score_hand, s, bids, tuple(map(int, made)), level, 0, p)[3] == -1


@pytest.mark.rule("FH-19", "FH-21", "FH-22")
def test_worked_examples() -> None:
    """FH-E1, FH-E4, FH-E5 and the partner_not_negative example of FH-21."""
    p = kernels.rule_params(Rules())
    play = kernels.score_played
    assert same(play, (0, 0, 0, 0), (2, 4, 3, 2), (3, 5, 2, 3), 41, p) == (
        (2, 4, -3, 2),
        -1,
        41,
        -1,
    )
    assert same(play, (38, 20, 5, 15), (3, 3, 3, 3), (3, 4, 3, 3), 41, p)[:2] == (
        (41, 23, 8, 18),
        0,
    )
    assert same(play, (38, 10, -2, 10), (3, 3, 2, 4), (3, 3, 2, 5), 41, p)[:2] == (
        (41, 13, 0, 14),
        -1,
    )
    non_negative = kernels.rule_params(Rules(partner_condition="non_negative"))
    assert same(play, (38, 10, -2, 10), (3, 3, 2, 4), (3, 3, 2, 5), 41, non_negative)[1] == 0
    partner = kernels.rule_params(Rules(high_bid_win="partner_not_negative"))
    assert same(play, (0, 0, 0, 0), (10, 2, 5, 2), (10, 1, 0, 2), 41, partner) == (
        (40, -2, -10, 2),
        -1,
        41,
        -1,
    )


@pytest.mark.rule("FH-30")
@given(st.integers(0, FULL_MASK), rulesets)
def test_may_redeal(hand: int, rules: Rules) -> None:
    pictures = any(hand >> c & 1 and c % 13 >= 9 for c in range(52))
    expected = rules.no_picture_redeal and not pictures
    assert same(kernels.may_redeal, hand, kernels.rule_params(rules)) is expected


@pytest.mark.rule("FH-16")
@given(st.integers(0, FULL_MASK), st.integers(-1, 3))
def test_play_mask(hand: int, lead: int) -> None:
    of_suit = sum(1 << c for c in range(52) if hand >> c & 1 and c // 13 == lead)
    assert same(kernels.play_mask, hand, lead) == (of_suit or hand)


@pytest.mark.rule("FH-16")
def test_the_determinizers_voids_are_the_kernels() -> None:
    """The determinizer's table of what a play proves is built from play_mask: a card off the
    suit led proves a void in that suit, and nothing else."""
    from cardrules.core.cardset import SUIT_MASKS
    from cardrules.four_hundred.determinize import _RULED_OUT

    for card in range(52):
        for lead in range(4):
            expected = 0 if card // 13 == lead else SUIT_MASKS[lead]
            assert _RULED_OUT[4 * card + lead] == expected


def test_rule_params_follow_the_rules() -> None:
    """One tuple per ruleset, equal for equal rulesets, the places as documented."""
    p = kernels.rule_params(Rules.preset("pagat_41"))
    assert p is kernels.rule_params(Rules.preset("pagat_41"))
    assert p[kernels.P_MIN_BID] == 1
    assert p[kernels.P_LADDER] == kernels.NEVER
    assert p[kernels.P_REDUCE_AT] == kernels.NEVER
    assert p[kernels.P_TOTAL_POINTS] == 1
    assert [p[kernels.P_LOW_ROW + b] for b in range(14)] == [0, *range(1, 7), *range(14, 27, 2)]
