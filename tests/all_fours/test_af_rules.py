"""Rules, presets and options of All Fours (the presets of the rules)."""

from __future__ import annotations

import json

import pytest

from cardrules import Rank, RulesError
from cardrules.all_fours import (
    CARD_POINTS,
    KICK_VALUES,
    TOBAGO_KICK_VALUES,
    GameTie,
    Rules,
    Undertrump,
    award_values,
)


def test_defaults_are_the_spec_defaults() -> None:
    """Every option's default is the spec's (preset "trinidad")."""
    rules = Rules()
    assert rules == Rules.preset("trinidad")
    assert rules.players == 4
    assert dict(rules.kick_values) == {Rank.ACE: 1, Rank.SIX: 2, Rank.JACK: 3}
    assert rules.deal_packet == 3
    assert rules.give_one_needs_trump is False
    assert rules.undertrump is Undertrump.ALLOWED
    assert rules.target == 14
    assert rules.game_tie is GameTie.NOBODY
    assert rules.game_value == 1
    assert rules.hang_jack_value == 3
    assert rules.exposed_cards is False


def test_presets() -> None:
    """The four presets of the spec."""
    assert Rules.PRESETS == ("trinidad", "tournament", "tobago", "all_twos")
    tournament = Rules.preset("tournament")
    assert (tournament.game_value, tournament.undertrump, tournament.give_one_needs_trump) == (
        2,
        Undertrump.ONLY_IF_ONLY_TRUMPS,
        True,
    )
    tobago = Rules.preset("tobago")
    assert dict(tobago.kick_values) == {Rank.ACE: 1, Rank.TWO: 2, Rank.JACK: 3}
    assert Rules.preset("all_twos").players == 2
    with pytest.raises(RulesError, match="trinidad, tournament, tobago, all_twos"):
        Rules.preset("nope")


@pytest.mark.parametrize("name", Rules.PRESETS)
def test_to_dict_round_trips(name: str) -> None:
    """to_dict is JSON-compatible and from_dict inverts it."""
    rules = Rules.preset(name)
    data = rules.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert list(data) == [
        "players",
        "kick_values",
        "deal_packet",
        "give_one_needs_trump",
        "undertrump",
        "target",
        "game_tie",
        "game_value",
        "hang_jack_value",
        "exposed_cards",
    ]
    assert Rules.from_dict(data) == rules
    assert Rules.from_dict(json.loads(json.dumps(data))) == rules


def test_from_dict_is_strict() -> None:
    data = Rules().to_dict()
    with pytest.raises(RulesError, match="unknown keys"):
        Rules.from_dict({**data, "extra": 1})
    missing = dict(data)
    del missing["target"]
    with pytest.raises(RulesError, match="missing keys"):
        Rules.from_dict(missing)
    with pytest.raises(RulesError, match="undertrump"):
        Rules.from_dict({**data, "undertrump": "sometimes"})
    with pytest.raises(RulesError, match="kick_values"):
        Rules.from_dict({**data, "kick_values": [["A", 1]]})


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("players", 3),
        ("players", True),
        ("deal_packet", 2),
        ("give_one_needs_trump", 1),
        ("undertrump", "never"),
        ("target", 0),
        ("game_tie", "dealer"),
        ("game_value", -1),
        ("hang_jack_value", 1.5),
        ("exposed_cards", "yes"),
        ("kick_values", {"Z": 1}),
        ("kick_values", {"A": -1}),
        ("kick_values", 5),
    ],
)
def test_validation_names_the_field(field: str, value: object) -> None:
    """A bad option raises RulesError (a ValueError) naming the field."""
    with pytest.raises(RulesError, match=field):
        Rules(**{field: value})  # type: ignore[arg-type]


def test_string_options_accept_plain_strings() -> None:
    rules = Rules(undertrump="only_if_void", game_tie="non_dealer")  # type: ignore[arg-type]
    assert rules.undertrump is Undertrump.ONLY_IF_VOID
    assert rules.game_tie is GameTie.NON_DEALER


@pytest.mark.rule("AF-5", "AF-24")
def test_af5_kick_tables_as_data() -> None:
    """AF-5, AF-24: the kick tables are data; a custom table is accepted in any spelling."""
    assert {r: p for r, p in KICK_VALUES.items() if p} == {Rank.ACE: 1, Rank.SIX: 2, Rank.JACK: 3}
    assert {r: p for r, p in TOBAGO_KICK_VALUES.items() if p} == {
        Rank.ACE: 1,
        Rank.TWO: 2,
        Rank.JACK: 3,
    }
    custom = Rules(kick_values={"A": 1, 11: 3, Rank.SIX: 2, "K": 0})
    assert custom == Rules()
    assert custom.kick_value(Rank.KING) == 0


@pytest.mark.rule("AF-4", "AF-24")
def test_af4_card_points_table() -> None:
    """AF-4: A 4, K 3, Q 2, J 1, 10 10, others 0: 80 in the deck."""
    assert CARD_POINTS[Rank.ACE] == 4
    assert CARD_POINTS[Rank.KING] == 3
    assert CARD_POINTS[Rank.QUEEN] == 2
    assert CARD_POINTS[Rank.JACK] == 1
    assert CARD_POINTS[Rank.TEN] == 10
    assert all(CARD_POINTS[Rank(r)] == 0 for r in range(2, 10))
    assert 4 * sum(CARD_POINTS.values()) == 80


@pytest.mark.rule("AF-23", "AF-24")
def test_af24_award_values_follow_the_rules() -> None:
    assert dict(award_values()) == {
        "give_one": 1,
        "high": 1,
        "low": 1,
        "jack": 1,
        "hang_jack": 3,
        "game": 1,
    }
    assert award_values(Rules(game_value=2, hang_jack_value=4))["hang_jack"] == 4
    assert award_values(Rules(game_value=2))["game"] == 2
