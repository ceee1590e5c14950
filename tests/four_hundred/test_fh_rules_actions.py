"""Rules (options, presets, to_dict/from_dict) and actions (text forms, ids) of 400."""

import pickle

import pytest

from cardrules import Card, ParseError, RulesError
from cardrules.four_hundred import (
    ACTIONS,
    PLAYS,
    Bid,
    Claim,
    HighBidWin,
    Play,
    Redeal,
    Rules,
    Simultaneous,
    TalkBeforePlay,
    TalkDuringPlay,
    action_id,
    parse_action,
)


def test_defaults_are_the_standard_game() -> None:
    rules = Rules()
    assert rules == Rules.preset("standard")
    assert rules.deal_packets == (1, 2, 2, 2, 2, 2, 2)
    assert (rules.min_bid_base, rules.min_bid_ladder_from, rules.min_bid_cap) == (2, 30, None)
    assert rules.min_total_rises is True
    assert rules.min_total_counts == "tricks"
    assert rules.reduce_five_six_at == 30
    assert rules.bid_values is None
    assert rules.high_bid_win == "bidder_not_negative"
    assert rules.partner_condition == "positive"
    assert rules.simultaneous == "continue_to_51"
    assert rules.claims == "validated"
    assert rules.conduct_penalties is False
    assert rules.five_to_start == "off"
    assert rules.no_picture_redeal is False


def test_presets_are_overrides() -> None:
    jawaker = Rules.preset("jawaker")
    assert jawaker.high_bid_win is HighBidWin.NEVER
    assert jawaker.simultaneous is Simultaneous.HIGHER_SCORE
    assert jawaker.min_bid_cap == 5
    pagat = Rules.preset("pagat_41")
    assert pagat.min_bid_base == 1
    assert pagat.min_bid_ladder_from is None
    assert pagat.bid_value_table == {b: (b if b <= 6 else 2 * b) for b in range(1, 14)}
    assert pagat.min_total_counts == "points"
    assert pagat.simultaneous == "higher_team_total"
    assert Rules.PRESETS == ("standard", "jawaker", "pagat_41")


@pytest.mark.parametrize("name", Rules.PRESETS)
def test_to_dict_round_trip(name: str) -> None:
    rules = Rules.preset(name)
    data = rules.to_dict()
    assert list(data) == [
        "deal_packets",
        "min_bid_base",
        "min_bid_ladder_from",
        "min_bid_cap",
        "min_total_rises",
        "min_total_counts",
        "reduce_five_six_at",
        "bid_values",
        "high_bid_win",
        "partner_condition",
        "simultaneous",
        "claims",
        "conduct_penalties",
        "five_to_start",
        "no_picture_redeal",
    ]
    import json

    assert Rules.from_dict(json.loads(json.dumps(data))) == rules
    assert hash(Rules.from_dict(data)) == hash(rules)
    assert pickle.loads(pickle.dumps(rules)) == rules


def test_unknown_preset_lists_the_names() -> None:
    with pytest.raises(RulesError, match="standard, jawaker, pagat_41"):
        Rules.preset("spades")


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"deal_packets": (2, 2, 2, 2, 2, 2, 1)}, "deal_packets"),
        ({"deal_packets": (1, 2, 2)}, "deal_packets"),
        ({"min_bid_base": 0}, "min_bid_base"),
        ({"min_bid_base": True}, "min_bid_base"),
        ({"min_bid_base": 1}, "min_bid_base"),  # needs bid_values with a value for 1
        ({"min_bid_cap": 14}, "min_bid_cap"),
        ({"min_total_rises": "yes"}, "min_total_rises"),
        ({"min_total_counts": "cards"}, "min_total_counts"),
        ({"bid_values": {2: 2}, "reduce_five_six_at": None}, "bid_values"),
        ({"bid_values": {str(b): b for b in range(2, 14)}}, "reduce_five_six_at"),
        ({"high_bid_win": "sometimes"}, "high_bid_win"),
        ({"partner_condition": "any"}, "partner_condition"),
        ({"simultaneous": "coin"}, "simultaneous"),
        ({"claims": "trusted"}, "claims"),
        ({"conduct_penalties": 1}, "conduct_penalties"),
        ({"five_to_start": "on"}, "five_to_start"),
        ({"no_picture_redeal": None}, "no_picture_redeal"),
    ],
)
def test_bad_values_name_the_field(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(RulesError, match=f"Rules.{field}"):
        Rules(**kwargs)  # type: ignore[arg-type]


@pytest.mark.rule("FH-7")
def test_fh7_packet_schedule_option_accepts_threes() -> None:
    assert Rules(deal_packets=[3, 2, 2, 2, 2, 2]).deal_packets == (3, 2, 2, 2, 2, 2)
    assert Rules(deal_packets=(3, 3, 3, 2, 2)).deal_packets == (3, 3, 3, 2, 2)


def test_from_dict_is_strict() -> None:
    data = Rules().to_dict()
    with pytest.raises(RulesError, match="unknown keys"):
        Rules.from_dict({**data, "jokers": 2})
    del data["claims"]
    with pytest.raises(RulesError, match="missing keys"):
        Rules.from_dict(data)
    with pytest.raises(RulesError):
        Rules.from_dict([("claims", "off")])  # type: ignore[arg-type]


def test_rules_are_frozen() -> None:
    with pytest.raises(AttributeError):
        Rules().claims = "off"  # type: ignore[misc]


def test_actions_order_and_ids() -> None:
    assert ACTIONS[:52] == PLAYS
    assert [action_id(p) for p in PLAYS] == list(range(52))
    assert ACTIONS[52:65] == tuple(Bid(n) for n in range(1, 14))
    assert ACTIONS[65] == Redeal()
    assert ACTIONS[66:70] == (
        TalkBeforePlay(0),
        TalkBeforePlay(1),
        TalkDuringPlay(0),
        TalkDuringPlay(1),
    )
    assert ACTIONS[70:] == tuple(Claim(s) for s in range(4))
    assert len(set(ACTIONS)) == len(ACTIONS)
    assert all(action_id(a) == i for i, a in enumerate(ACTIONS))
    with pytest.raises(ParseError):
        action_id(Bid(14))


def test_text_forms_round_trip() -> None:
    for action in ACTIONS:
        assert parse_action(str(action)) == action
        assert pickle.loads(pickle.dumps(action)) == action
    assert str(Play(Card.parse("QH"))) == "QH"
    assert Play(Card.parse("QH")) == Play.parse("qh")
    assert Play.parse("QH") is PLAYS[36]
    assert str(Bid(4)) == "4"
    assert parse_action(" 10h ") == Play.parse("TH")
    for bad in ("14", "0", "pass", "QX", "", "talk_before_play:2"):
        with pytest.raises(ParseError):
            parse_action(bad)
    with pytest.raises(ParseError):
        Play("QH")  # type: ignore[arg-type]
    with pytest.raises(ParseError):
        Bid("4")  # type: ignore[arg-type]
    with pytest.raises(ParseError):
        TalkBeforePlay(2)
    assert Bid(1) == Bid(1)
    assert hash(Bid(14)) == hash(Bid(14))
