"""The examples of issue 13 and what the fuzzers found, one test each: every one is refused with
a CardrulesError subclass (RecordError for saved states) that says what is wrong."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from cardrules import CARDS, all_fours, four_hundred, iter_cards, must_follow_mask
from cardrules.core.chance import Deal
from cardrules.core.records import RecordError
from cardrules.errors import ArgumentError, CardrulesError, RulesError
from cardrules.records import final_state, register_codec, replay, to_json, to_text


def _played(module: Any, seed: int, deals: int) -> Any:
    state = module.new_game(seed=seed, dealer=1)
    rng = random.Random(seed)
    while len(state.history) < deals:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _af_saved() -> dict[str, Any]:
    state = _played(all_fours, 5, 1)
    data: dict[str, Any] = json.loads(all_fours.save_state(state))
    assert data["history"][0]["tricks"], "the first deal was played out"
    return data


def _changed(change: Callable[[dict[str, Any]], None], module: Any = all_fours) -> str:
    data = _af_saved() if module is all_fours else json.loads(four_hundred.save_state(_fh()))
    change(data)
    return json.dumps(data)


def _fh() -> Any:
    return _played(four_hundred, 5, 1)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (
            lambda d: d["history"][0]["tricks"].__setitem__(0, [0, "5H 5H 5H 5H"]),
            "more than once",
        ),
        (lambda d: d["history"][0]["tricks"][0].__setitem__(0, True), "leader must be an int"),
        (
            lambda d: d["history"][0]["awards"][0].__setitem__("points", 10**19),
            "would have started at",
        ),
        (lambda d: d["history"][0].__setitem__("dealer", -4), r"dealer must be an int from 0"),
        (lambda d: d["history"][0]["tricks"].__setitem__(0, [0, ""]), "has 4 cards"),
        (lambda d: d["history"][0]["tricks"].__setitem__(0, [0, 7]), "must be .leader, cards."),
        (lambda d: d["history"][0].__setitem__("decisions", ["2C"]), r"history\[0\]"),
        (lambda d: d["history"][0].__setitem__("trump", 3), "trump must be"),
        (lambda d: d["history"][0].__setitem__("reason", "target_reached"), r"history\[0\]"),
        (lambda d: d["history"][0]["awards"].pop(), r"history\[0\]: the awards"),
        (lambda d: d["history"][0]["awards"].append(d["history"][0]["awards"][0]), "started at"),
        (lambda d: d["history"][0]["tricks"].reverse(), r"history\[0\]"),
    ],
)
def test_all_fours_load_state_refuses_an_impossible_past(
    change: Callable[[dict[str, Any]], None], words: str
) -> None:
    with pytest.raises(RecordError, match=words):
        all_fours.load_state(_changed(change))


def test_all_fours_every_finished_deal_is_replayed() -> None:
    """A past that holds together field by field but that the engine would not play: the
    first trick's cards given to other seats."""
    data = _af_saved()
    leader, cards = data["history"][0]["tricks"][0]
    data["history"][0]["tricks"][0] = [(leader + 1) % 4, cards]
    with pytest.raises(RecordError, match=r"history\[0\]"):
        all_fours.load_state(json.dumps(data))


@pytest.mark.parametrize("dealer", [-4, 4, 10**20, True, 1.5, "1", None])
def test_four_hundred_load_state_refuses_a_history_dealer_that_is_not_a_seat(
    dealer: object,
) -> None:
    state = _fh()
    data = json.loads(four_hundred.save_state(state))
    assert len(data["history"]) == 1
    data["history"][0]["dealer"] = dealer
    # the current dealer follows from the forged one by FH-8, so only the seat check refuses it
    if isinstance(dealer, int) and not isinstance(dealer, bool):
        data["dealer"] = (dealer + 1) % 4
    with pytest.raises(RecordError, match="dealer"):
        four_hundred.load_state(json.dumps(data))


def test_four_hundred_load_state_refuses_scores_beyond_64_bits() -> None:
    state = four_hundred.new_game(seed=3, dealer=0)
    data = json.loads(four_hundred.save_state(state))
    data["scores"] = [10**30, 0, 0, 0]
    with pytest.raises(RecordError, match="64 bits"):
        four_hundred.load_state(json.dumps(data))


@pytest.mark.parametrize(
    "make",
    [
        lambda: four_hundred.Rules(bid_values={"²": 1}, reduce_five_six_at=None),
        lambda: all_fours.Rules(kick_values={"²": 1}),
        lambda: all_fours.Rules(kick_values={2.0: 1}),
        lambda: all_fours.Rules(kick_values={True: 1}),
        lambda: all_fours.Rules(kick_values={"A": 1.0}),
        lambda: all_fours.Rules(target=2**64),
        lambda: all_fours.Rules(game_value=True),
        lambda: all_fours.Rules.from_dict(
            {**all_fours.Rules().to_dict(), "kick_values": {"A": -1}}
        ),
        lambda: four_hundred.Rules.from_dict(
            {**four_hundred.Rules().to_dict(), "bid_values": {"²": 1}}
        ),
        lambda: all_fours.Rules.from_dict([]),
        lambda: four_hundred.Rules.from_dict(None),
    ],
)
def test_rules_refuse_with_a_rules_error(make: Callable[[], object]) -> None:
    with pytest.raises(RulesError):
        make()


@pytest.mark.parametrize(
    "call",
    [
        lambda: iter_cards(-1),
        lambda: iter_cards(1.0),
        lambda: must_follow_mask(None, []),
        lambda: must_follow_mask(1, -(10**20)),
        lambda: all_fours.legal_play_mask(1, True, 0),
        lambda: all_fours.card_points(" "),
        lambda: all_fours.kick_points(None),
        lambda: all_fours.award_values([None]),
        lambda: all_fours.deal_layout([None], 0),
        lambda: all_fours.deck_for(None, "AS", rules=[None]),
        lambda: all_fours.determinize(None, random.Random(1)),
        lambda: all_fours.void_suits(None),
        lambda: all_fours.hand_awards(0, None, None, dealer=0),
        lambda: all_fours.HandResult(0, 0, (), None, (), (), None, None, (0, 0), " "),
        lambda: four_hundred.void_suits(None),
        lambda: four_hundred.bid_value(None, None),
        lambda: four_hundred.bid_value(True, 0),
        lambda: four_hundred.bids_total(None, None),
        lambda: four_hundred.is_thrown_in(None, None),
        lambda: four_hundred.qualifies({}, None, None),
        lambda: four_hundred.end_of_game([]),
        lambda: four_hundred.claim_holds([], 0, 0),
        lambda: four_hundred.claim_holds((1, 1, 2, 4), 0, 0),
        lambda: four_hundred.save_state(None),
        lambda: all_fours.save_state(None),
        lambda: Deal(None),
        lambda: to_json(None),
        lambda: to_text(None),
        lambda: replay(None),
        lambda: final_state(None),
        lambda: register_codec(None),
        lambda: four_hundred.perft(four_hundred.new_game(seed=1), 2**64),
        lambda: all_fours.perft(None, 1),
    ],
)
def test_wrong_arguments_found_by_the_fuzzer(call: Callable[[], object]) -> None:
    with pytest.raises(ArgumentError):
        call()


def test_tables_and_presets_are_read_only() -> None:
    tables = [four_hundred.BID_VALUES, four_hundred.PAGAT_41_BID_VALUES]
    tables += [four_hundred.REDUCED_BID_VALUES, all_fours.KICK_VALUES, all_fours.CARD_POINTS]
    tables += [all_fours.TOBAGO_KICK_VALUES, all_fours.award_values()]
    for table in tables:
        with pytest.raises(TypeError):
            table[2] = 99  # type: ignore[index]
    for sequence in (CARDS, four_hundred.ACTIONS, all_fours.ACTIONS, all_fours.Rules.PRESETS):
        assert isinstance(sequence, tuple)
    assert isinstance(all_fours.Rules().kick_values, tuple)


def test_a_refused_call_is_a_cardrules_error() -> None:
    assert issubclass(RecordError, CardrulesError)
