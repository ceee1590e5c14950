"""400's entry points refuse bad input with typed errors and leave no shared table changed
(the regression cases of the hardening issue)."""

from __future__ import annotations

import random

import pytest

from cardrules import four_hundred as fh
from cardrules.errors import ArgumentError, CardrulesError, IllegalActionError, RulesError


def test_a_bid_table_with_a_non_ascii_digit_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match="bid_values"):
        fh.Rules(bid_values={"²": 1}, reduce_five_six_at=None)


def test_the_exported_tables_are_read_only() -> None:
    for table in (fh.PAGAT_41_BID_VALUES, fh.BID_VALUES, fh.REDUCED_BID_VALUES):
        with pytest.raises(TypeError):
            table[7] = 777  # type: ignore[index]
    assert fh.Rules.preset("pagat_41").bid_values == tuple(fh.PAGAT_41_BID_VALUES.items())


@pytest.mark.parametrize(
    "call",
    [
        lambda: fh.new_game(deck=5),  # type: ignore[arg-type]
        lambda: fh.new_game(hands=[None] * 4),  # type: ignore[list-item]
        lambda: fh.new_game(seed=2).claim(1.0),  # type: ignore[arg-type]
        lambda: fh.Claim(1.0),  # type: ignore[arg-type]
        lambda: fh.new_game(seed=2).with_hidden_cards([5] * 4),  # type: ignore[list-item]
        lambda: fh.minimum_bid("x"),  # type: ignore[arg-type]
        lambda: fh.minimum_total([1, 2]),
        lambda: fh.minimum_bid(30, rules={"claims": "off"}),  # type: ignore[arg-type]
        lambda: fh.determinize(fh.new_game(seed=2).observe(0), "x"),  # type: ignore[arg-type]
        lambda: fh.determinize("x", random.Random(1)),  # type: ignore[arg-type]
        lambda: fh.perft(fh.new_game(seed=2), -1),
        lambda: fh.score_hand((0, 0, 0), (1, 2, 3, 4), (1, 1, 1, 1)),
    ],
)
def test_bad_arguments_raise_cardrules_errors(call: object) -> None:
    with pytest.raises(CardrulesError):
        call()  # type: ignore[operator]


def test_an_action_of_a_subclass_or_another_type_is_refused_cleanly() -> None:
    state = fh.new_game(seed=1, dealer=0)

    class MyPlay(fh.Play):
        pass

    for action in (MyPlay(next(iter(state.hand(1)))), None, "2C", 5):
        with pytest.raises(IllegalActionError):
            state.apply(action)  # type: ignore[arg-type]


def test_claim_budget_must_be_a_positive_int() -> None:
    with pytest.raises(ArgumentError, match="budget"):
        fh.new_game(seed=2).claim(0, budget=0)
