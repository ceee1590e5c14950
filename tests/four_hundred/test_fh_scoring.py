"""The pure scorekeeping functions of 400 (FH-11 ... FH-14, FH-19 ... FH-25, FH-29)."""

import pytest

from cardrules import ParseError, RulesError
from cardrules.four_hundred import (
    BID_VALUES,
    Rules,
    bid_value,
    bids_total,
    end_of_game,
    is_thrown_in,
    minimum_bid,
    minimum_total,
    qualifies,
    score_hand,
    value_table,
)


@pytest.mark.rule("FH-11", "FH-12")
def test_fh_e3_minimum_bids() -> None:
    """FH-E3: 40 -> 4, 59 -> 5, 60 -> 6, -12 -> 2, 29 -> 2; bids of 1 and 14 never legal."""
    assert [minimum_bid(s) for s in (40, 59, 60, -12, 29)] == [4, 5, 6, 2, 2]
    assert [minimum_bid(s) for s in (30, 39, 130, 500)] == [3, 3, 13, 13]
    assert all(minimum_bid(s) >= 2 for s in range(-100, 200))


@pytest.mark.rule("FH-11")
def test_fh11_minimum_bid_options() -> None:
    assert minimum_bid(75, Rules(min_bid_ladder_from=None)) == 2
    assert minimum_bid(75, Rules(min_bid_cap=5)) == 5
    assert minimum_bid(45, Rules(min_bid_cap=5)) == 4
    pagat = Rules.preset("pagat_41")
    assert minimum_bid(0, pagat) == 1
    assert minimum_bid(90, pagat) == 1
    assert minimum_bid(25, Rules(min_bid_ladder_from=20)) == 2
    assert minimum_bid(35, Rules(min_bid_ladder_from=20)) == 3


@pytest.mark.rule("FH-13")
def test_fh13_minimum_total_follows_the_highest_score() -> None:
    assert minimum_total((0, 0, 0, 0)) == 11
    assert minimum_total((29, -40, 0, 0)) == 11
    assert minimum_total((30, 30, 30, 30)) == 12  # a second player at 30 does not add
    assert minimum_total((12, 45, 0, 0)) == 13
    assert minimum_total((12, 0, 55, 0)) == 14
    assert minimum_total((50, 0, 0, 0), Rules(min_total_rises=False)) == 11
    assert minimum_total((90, 0, 0, 0), Rules(min_bid_cap=5)) == 14


@pytest.mark.rule("FH-13", "FH-14")
def test_fh13_total_counts_points_option() -> None:
    pagat = Rules.preset("pagat_41")
    by_tricks = Rules(**{**pagat.to_dict(), "min_total_counts": "tricks"})
    assert bids_total((0, 0, 0, 0), (1, 1, 1, 7)) == 10
    assert bids_total((0, 0, 0, 0), (1, 1, 1, 7), pagat) == 17
    assert not is_thrown_in((0, 0, 0, 0), (1, 1, 1, 7), pagat)
    assert is_thrown_in((0, 0, 0, 0), (1, 1, 1, 7), by_tricks)
    assert bids_total((40, 0, 0, 0), (5, 2, 2, 2), Rules(min_total_counts="points")) == 11
    assert bids_total((0, 0, 0, 0), (5, 2, 2, 2), Rules(min_total_counts="points")) == 16


@pytest.mark.rule("FH-14")
def test_fh_e2_thrown_in_bids() -> None:
    """FH-E2: scores (32, 12, 5, -4): minimum bids 3, 2, 2, 2, minimum total 12; 3+3+3+2 = 11
    is thrown in (the engine test checks the dealer and unchanged scores)."""
    scores = (32, 12, 5, -4)
    assert [minimum_bid(s) for s in scores] == [3, 2, 2, 2]
    assert minimum_total(scores) == 12
    assert is_thrown_in(scores, (3, 3, 3, 2))
    assert not is_thrown_in(scores, (3, 3, 3, 3))
    with pytest.raises(RulesError, match="throw the hand in"):
        score_hand(scores, (3, 3, 3, 2), (4, 3, 3, 3))


@pytest.mark.rule("FH-29")
def test_fh29_five_to_start() -> None:
    replace, additional = Rules(five_to_start="replace"), Rules(five_to_start="additional")
    # replace: a 5 is enough whatever the total; no 5 is thrown in whatever the total
    assert not is_thrown_in((0, 0, 0, 0), (5, 2, 2, 2), replace)
    assert not is_thrown_in((60, 0, 0, 0), (6, 5, 2, 2), replace)  # 15 < ... fine either way
    assert is_thrown_in((0, 0, 0, 0), (4, 4, 4, 4), replace)
    # additional: both a 5 and the minimum total
    assert is_thrown_in((0, 0, 0, 0), (4, 4, 4, 4), additional)
    assert not is_thrown_in((0, 0, 0, 0), (5, 2, 2, 2), additional)
    assert is_thrown_in((50, 0, 0, 0), (5, 2, 2, 2), additional)  # total 11 < 14
    assert not is_thrown_in((50, 0, 0, 0), (5, 2, 2, 2), replace)
    assert not is_thrown_in((0, 0, 0, 0), (4, 4, 4, 4))


@pytest.mark.rule("FH-20")
def test_fh20_value_table_is_the_spec_table() -> None:
    low = [2, 3, 4, 10, 12, 14, 16, 27, 40, 40, 40, 40]
    high = [2, 3, 4, 5, 6, 14, 16, 27, 40, 40, 40, 40]
    assert [bid_value(b, 29) for b in range(2, 14)] == low
    assert [bid_value(b, 30) for b in range(2, 14)] == high
    assert [bid_value(b, -30) for b in range(2, 14)] == low
    assert list(BID_VALUES.values()) == low
    assert value_table()[1][1] == low
    assert value_table()[2][1] == high
    with pytest.raises(RulesError):
        bid_value(1, 0)  # 1 is not a bid level of the standard table
    with pytest.raises(RulesError):
        bid_value(14, 0)


@pytest.mark.rule("FH-20")
def test_fh20_table_options() -> None:
    never = Rules(reduce_five_six_at=None)
    assert bid_value(5, 80, never) == 10
    assert bid_value(6, 80, never) == 12
    assert bid_value(5, 20, Rules(reduce_five_six_at=20)) == 5
    pagat = Rules.preset("pagat_41")
    assert [bid_value(b, 0, pagat) for b in range(1, 14)] == [
        1,
        2,
        3,
        4,
        5,
        6,
        14,
        16,
        18,
        20,
        22,
        24,
        26,
    ]
    assert bid_value(13, 90, pagat) == 26
    assert value_table(pagat)[1][0] == "any score"
    assert value_table(never)[1][0] == "any score"


@pytest.mark.rule("FH-19")
def test_fh19_made_gains_failed_loses_no_overtricks() -> None:
    result = score_hand((0, 0, 0, 0), (2, 4, 3, 2), (9, 3, 0, 1))
    assert result.changes == (2, -4, -3, -2)  # 7 overtricks add nothing; 1 short costs it all
    assert result.made == (True, False, False, False)
    # values read each bidder's own score before the hand
    result = score_hand((31, 29, 0, 0), (5, 5, 2, 2), (5, 5, 2, 1))
    assert result.changes == (5, 10, 2, -2)


@pytest.mark.rule("FH-3", "FH-19")
def test_fh_e1_scores() -> None:
    """FH-E1: bids 2, 4, 3, 2 (seats 0-3), tricks 3, 5, 2, 3 -> (2, 4, -3, 2), no winner."""
    result = score_hand((0, 0, 0, 0), (2, 4, 3, 2), (3, 5, 2, 3))
    assert result.scores == (2, 4, -3, 2)
    assert result.winner is None
    assert result.level == 41


@pytest.mark.rule("FH-22", "FH-23")
def test_fh_e4_team_wins() -> None:
    """FH-E4: (38, 20, 5, 15), bids 3s, tricks 3, 4, 3, 3 -> (41, 23, 8, 18): team 0 wins."""
    result = score_hand((38, 20, 5, 15), (3, 3, 3, 3), (3, 4, 3, 3))
    assert result.scores == (41, 23, 8, 18)
    assert result.winner == 0


@pytest.mark.rule("FH-22", "FH-23")
def test_fh_e5_partner_not_positive() -> None:
    """FH-E5: (38, 10, -2, 10), bids 3, 3, 2, 4, tricks 3, 3, 2, 5 -> (41, 13, 0, 14): no winner;
    with partner_condition="non_negative" team 0 wins."""
    args = ((38, 10, -2, 10), (3, 3, 2, 4), (3, 3, 2, 5))
    result = score_hand(*args)
    assert result.scores == (41, 13, 0, 14)
    assert result.winner is None
    assert score_hand(*args, rules=Rules(partner_condition="non_negative")).winner == 0
    assert score_hand(*args, rules=Rules(partner_condition="none")).winner == 0


@pytest.mark.rule("FH-22")
def test_fh22_partner_condition_options() -> None:
    assert not qualifies((45, 0, -1, 0), 0, 41)
    assert not qualifies((45, 0, -1, 0), 0, 41, Rules(partner_condition="non_negative"))
    assert qualifies((45, 0, -1, 0), 0, 41, Rules(partner_condition="none"))
    assert qualifies((1, 0, 41, 0), 0, 41)  # either partner may be the one at the level
    assert not qualifies((40, 0, 40, 0), 0, 41)
    assert qualifies((0, 41, 0, 1), 1, 41)


@pytest.mark.rule("FH-23")
def test_fh23_waiting_for_a_partner_goes_on() -> None:
    assert end_of_game((50, 20, -5, 20)) == (None, 41)
    assert end_of_game((50, 20, 1, 20)) == (0, 41)
    assert end_of_game((20, 41, 1, 2)) == (1, 41)


@pytest.mark.rule("FH-24")
def test_fh24_both_qualify_continue_to_51() -> None:
    assert end_of_game((45, 44, 3, 2)) == (None, 51)
    # later hands: exactly one still at 41 wins
    assert end_of_game((45, 40, 3, 2), level=51) == (0, 51)
    # both at 41, exactly one at the level wins
    assert end_of_game((45, 52, 3, 2), level=51) == (1, 51)
    # both at the level: up again
    assert end_of_game((55, 52, 3, 2), level=51) == (None, 61)
    # both at 41 but neither at the level: play on at the level
    assert end_of_game((45, 44, 3, 2), level=51) == (None, 51)
    # neither at 41: back to 41
    assert end_of_game((40, 44, 3, -2), level=61) == (None, 41)
    result = score_hand((38, 38, 1, 1), (3, 3, 3, 3), (3, 4, 3, 3))
    assert result.scores == (41, 41, 4, 4)
    assert result.winner is None
    assert result.level == 51


@pytest.mark.rule("FH-24")
def test_fh24_simultaneous_options() -> None:
    higher = Rules(simultaneous="higher_score")
    total = Rules(simultaneous="higher_team_total")
    assert end_of_game((45, 44, 3, 20), rules=higher) == (0, 41)
    assert end_of_game((45, 44, 3, 20), rules=total) == (1, 41)
    assert end_of_game((45, 45, 3, 20), rules=higher) == (None, 41)  # exact tie plays on
    assert end_of_game((45, 44, 4, 5), rules=total) == (None, 41)
    assert Rules.preset("jawaker").simultaneous == "higher_score"


@pytest.mark.rule("FH-21")
def test_fh21_high_bid_wins_at_once() -> None:
    result = score_hand((0, 0, 0, 0), (10, 2, 2, 2), (10, 1, 1, 1))
    assert result.high_bid_winner == 0
    assert result.winner == 0
    assert result.scores == (40, -2, -2, -2)
    # a negative bidder only scores the value
    result = score_hand((-5, 0, 0, 0), (10, 2, 2, 2), (11, 1, 1, 0))
    assert result.high_bid_winner is None
    assert result.winner is None
    assert result.scores == (35, -2, -2, -2)
    # a failed high bid loses 40
    assert score_hand((0, 0, 0, 0), (10, 2, 2, 2), (9, 2, 1, 1)).changes[0] == -40


@pytest.mark.rule("FH-21")
def test_fh21_high_bid_win_options() -> None:
    args = ((-5, 3, 0, 0), (2, 11, 2, 2), (1, 11, 1, 0))
    assert score_hand(*args).winner == 1  # bidder (seat 1) at 3 is not negative
    partner = Rules(high_bid_win="partner_not_negative")
    # seat 3 is at 0 before the hand but -2 after it, and FH-21 reads the partner after
    assert score_hand(*args, rules=partner).winner is None
    negative = ((0, -1, 0, 5), (2, 11, 2, 2), (1, 11, 1, 0))
    assert score_hand(*negative).winner is None
    assert score_hand(*negative, rules=partner).winner == 1
    assert score_hand(*negative, rules=Rules(high_bid_win="always")).winner == 1
    assert score_hand(*args, rules=Rules(high_bid_win="never")).winner is None
    assert score_hand(((0, 0, -1, 0)), (11, 2, 2, 2), (11, 1, 1, 0), rules=partner).winner is None


@pytest.mark.rule("FH-21")
def test_fh21_partner_not_negative_reads_the_partner_after_the_hand() -> None:
    """FH-21 under partner_not_negative: the partner's score is read after the hand is scored,
    all four changes applied at once (the spec's example); the bidder's own condition
    (bidder_not_negative, the default) still reads the bidder's score before the hand."""
    partner = Rules(high_bid_win="partner_not_negative")
    result = score_hand((0, 0, 0, 0), (10, 2, 5, 2), (10, 1, 0, 2), rules=partner)
    assert result.scores == (40, -2, -10, 2)
    assert result.winner is None
    assert result.high_bid_winner is None
    assert score_hand((0, 0, 0, 0), (10, 2, 5, 2), (10, 1, 0, 2)).winner == 0
    # a partner below zero before the hand who makes their bid is not negative after it
    lifted = score_hand((0, 0, -2, 0), (10, 2, 2, 2), (10, 1, 2, 0), rules=partner)
    assert lifted.scores == (40, -2, 0, -2)
    assert lifted.winner == 0
    assert lifted.high_bid_winner == 0
    # the default reads the bidder before the hand: -1 before, 39 after, no win
    assert score_hand((-1, 0, 0, 0), (10, 2, 2, 2), (10, 1, 1, 1)).winner is None


@pytest.mark.rule("FH-25")
def test_fh25_negative_scores_do_not_end_the_game() -> None:
    result = score_hand((-380, -200, -40, 0), (13, 13, 13, 2), (4, 4, 4, 1))
    assert result.scores == (-420, -240, -80, -2)
    assert result.winner is None


def test_score_hand_checks_its_arguments() -> None:
    with pytest.raises(ParseError):
        score_hand((0, 0, 0), (2, 2, 2, 5), (4, 3, 3, 3))
    with pytest.raises(ParseError):
        score_hand((0, 0, 0, 0), (2, 2, 2, "5"), (4, 3, 3, 3))  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="FH-11"):
        score_hand((35, 0, 0, 0), (2, 3, 3, 5), (4, 3, 3, 3))
    with pytest.raises(RulesError, match="FH-11"):
        score_hand((0, 0, 0, 0), (14, 2, 2, 2), (4, 3, 3, 3))
    with pytest.raises(RulesError, match="sum"):
        score_hand((0, 0, 0, 0), (2, 2, 2, 5), (4, 3, 3, 4))
    with pytest.raises(RulesError, match="level"):
        score_hand((0, 0, 0, 0), (2, 2, 2, 5), (4, 3, 3, 3), level=45)
