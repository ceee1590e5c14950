"""The pieces of core.records that both games' codecs share."""

from __future__ import annotations

import pytest

from cardrules import IllegalActionError, Reason
from cardrules.all_fours import Rules as AllFoursRules
from cardrules.all_fours import new_game
from cardrules.core.records import RecordError, check_turn, rules_and_start_scores, rules_tag
from cardrules.four_hundred import Rules as FourHundredRules


def test_rules_and_start_scores() -> None:
    data = {**FourHundredRules().to_dict(), "start_scores": [1, 2, 3, 4]}
    assert rules_and_start_scores(data, FourHundredRules.from_dict, 4) == (
        FourHundredRules(),
        (1, 2, 3, 4),
    )
    assert rules_and_start_scores(AllFoursRules().to_dict(), AllFoursRules.from_dict, 2) == (
        AllFoursRules(),
        None,
    )
    with pytest.raises(RecordError, match="start_scores must be two ints"):
        rules_and_start_scores(
            {**AllFoursRules().to_dict(), "start_scores": [1, True]}, AllFoursRules.from_dict, 2
        )
    with pytest.raises(RecordError, match="bad rules"):
        rules_and_start_scores({"players": 3}, AllFoursRules.from_dict, 2)
    with pytest.raises(RecordError, match="must be an object"):
        rules_and_start_scores([1, 2], AllFoursRules.from_dict, 2)


def test_rules_tag() -> None:
    assert rules_tag({"Rules": '{"a": 1}'}) == {"a": 1}
    assert rules_tag({}) is None
    with pytest.raises(RecordError, match="is not JSON"):
        rules_tag({"Rules": "{nope"})


def test_check_turn() -> None:
    state = new_game(seed=1, dealer=0)
    check_turn(state, 1, "stand")  # the beggar's turn: no error
    with pytest.raises(IllegalActionError) as info:
        check_turn(state, 2, "stand")
    assert info.value.reason is Reason.NOT_YOUR_TURN
    assert "seat 1's turn" in str(info.value)
