"""Issue 32, second round of hardening: each hostile input of the issue raises the documented
typed error, naming the argument, with values shown only through ``errors.describe``; text and
JSON loaders refuse numbers past their digit limit while parsing, and keys given twice."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from cardrules import CardSet, all_fours, derive_seed, four_hundred, records, shuffled_deck
from cardrules.agents import RandomAgent, make_agent
from cardrules.agents.all_fours import RuleAgent as AllFoursRule
from cardrules.agents.four_hundred import RuleAgent as FourHundredRule
from cardrules.agents.registry import load_agent
from cardrules.core.records import MAX_INT_DIGITS, RecordError, parse_int
from cardrules.errors import ArgumentError, CardrulesError, describe

HUGE = 10**5000  # over CPython's 4,300 digits: str(HUGE) raises ValueError
SURROGATE = "\ud800"


def _fh() -> four_hundred.State:
    return four_hundred.new_game(seed=1, dealer=0)


def _af() -> all_fours.State:
    return all_fours.new_game(seed=1, dealer=0)


def _record() -> records.GameRecord:
    rng = random.Random(1)
    recorder = records.recorder(four_hundred.new_game(seed=2, dealer=0))
    state = recorder.state
    while state.deal_number == 0:
        state = recorder.apply(rng.choice(state.legal_actions()))
    return recorder.record()


#: (what, call, the error's type): the issue's hostile inputs at the entry points this layer owns.
CASES: list[tuple[str, Callable[[], Any], type[CardrulesError]]] = [
    ("parse_action(huge)", lambda: four_hundred.parse_action(HUGE), CardrulesError),
    ("apply(huge)", lambda: _fh().apply(HUGE), CardrulesError),
    ("400 Play(huge)", lambda: four_hundred.Play(HUGE), CardrulesError),
    ("All Fours Play(huge)", lambda: all_fours.Play(HUGE), CardrulesError),
    ("400 action_id(huge)", lambda: four_hundred.action_id(HUGE), CardrulesError),
    ("All Fours action_id(huge)", lambda: all_fours.action_id(HUGE), CardrulesError),
    ("400 Rules(huge)", lambda: four_hundred.Rules(min_bid_base=HUGE), CardrulesError),
    ("400 preset(huge)", lambda: four_hundred.Rules.preset(HUGE), CardrulesError),  # type: ignore[arg-type]
    ("All Fours preset(huge)", lambda: all_fours.Rules.preset(HUGE), CardrulesError),  # type: ignore[arg-type]
    (
        "400 from_dict(huge)",
        lambda: four_hundred.Rules.from_dict(
            {**four_hundred.Rules().to_dict(), "min_bid_base": HUGE}
        ),
        CardrulesError,
    ),
    ("bid_value(huge)", lambda: four_hundred.bid_value(HUGE, 0), CardrulesError),
    (
        "score_hand(huge score)",
        lambda: four_hundred.score_hand([0, 0, 0, HUGE], [2, 2, 2, 2], [3, 3, 3, 4]),
        ArgumentError,
    ),
    (
        "score_hand(huge level)",
        lambda: four_hundred.score_hand([0] * 4, [3] * 4, [3, 3, 3, 4], level=41 + 10 * HUGE),
        CardrulesError,
    ),
    ("expose(huge)", lambda: _af().expose(HUGE, "AS"), CardrulesError),
    ("call(0, huge)", lambda: _af().call(0, HUGE), CardrulesError),  # type: ignore[arg-type]
    ("recorder.step(huge seat)", lambda: records.recorder(_fh()).step(HUGE, "2"), ArgumentError),
    (
        "recorder.step(numpy seat)",
        lambda: records.recorder(_fh()).step(np.int64(1), "2"),
        ArgumentError,
    ),  # type: ignore[arg-type]
    ("recorder.apply(huge)", lambda: records.recorder(_fh()).apply(HUGE), CardrulesError),
    ("All Fours preset(array)", lambda: all_fours.Rules.preset(np.array([0, 0])), CardrulesError),  # type: ignore[arg-type]
    ("new_game(chance=array)", lambda: all_fours.new_game(chance=np.array([0, 0])), ArgumentError),  # type: ignore[arg-type]
    (
        "400 new_game(chance=array)",
        lambda: four_hundred.new_game(chance=np.array([0, 0])),
        ArgumentError,
    ),  # type: ignore[arg-type]
    ("card_points(0-d array)", lambda: all_fours.card_points(np.array(2)), ArgumentError),
    ("CardSet(0-d array)", lambda: CardSet(np.array(2)), CardrulesError),  # type: ignore[arg-type]
    ("derive_seed(surrogate)", lambda: derive_seed(1, SURROGATE), ArgumentError),
    ("shuffled_deck(surrogate)", lambda: shuffled_deck(1, SURROGATE), ArgumentError),
    ("make_agent(400, 5)", lambda: make_agent("400", 5), ArgumentError),  # type: ignore[arg-type]
    ("make_agent(surrogate)", lambda: make_agent("400", SURROGATE + ":x"), ArgumentError),
    ("load_agent(builtins:exit)", lambda: load_agent("builtins:exit"), CardrulesError),
    ("legal_play_mask(1, [[1]], 0)", lambda: all_fours.legal_play_mask(1, [[1]], 0), ArgumentError),  # type: ignore[list-item]
    (
        "RuleAgent.act(All Fours view)",
        lambda: FourHundredRule().act(_af().observe(1), random.Random(1)),
        ArgumentError,
    ),  # type: ignore[arg-type]
    (
        "RuleAgent.act(400 view)",
        lambda: AllFoursRule().act(_fh().observe(1), random.Random(1)),
        ArgumentError,
    ),  # type: ignore[arg-type]
    (
        "RuleAgent.act(seat not to act)",
        lambda: FourHundredRule().act(_fh().observe(2), random.Random(1)),
        ArgumentError,
    ),
    ("RandomAgent.act(None)", lambda: RandomAgent().act(None, random.Random(1)), ArgumentError),
    ("RandomAgent.act(rng=None)", lambda: RandomAgent().act(_fh().observe(1), None), ArgumentError),  # type: ignore[arg-type]
    (
        "search act(seat not to act)",
        lambda: make_agent("400", "search:5").act(_fh().observe(2), random.Random(1)),
        ArgumentError,
    ),
    (
        "pimc act(object)",
        lambda: make_agent("all-fours", "pimc:2").act(object(), random.Random(1)),
        ArgumentError,
    ),
]


@pytest.mark.parametrize(("what", "call", "kind"), CASES, ids=[c[0] for c in CASES])
def test_each_hostile_input_raises_its_typed_error(
    what: str, call: Callable[[], Any], kind: type[CardrulesError]
) -> None:
    with pytest.raises(kind) as info:
        call()
    message = str(info.value)
    assert len(message) < 2000  # the value is described, never written out in full
    assert "\\ud800" in message or SURROGATE not in message


def test_numpy_integers_are_refused_like_any_other_non_int() -> None:
    """One policy everywhere (docs/errors.rst): a numpy integer is not an int of Python, so a
    seat, seed, dealer, count or score given as one is refused, never converted."""
    calls = [
        lambda: four_hundred.new_game(seed=np.int64(1)),
        lambda: all_fours.new_game(seed=1, dealer=np.int64(0)),
        lambda: _fh().observe(np.int64(1)),
        lambda: _fh().claim(np.int64(0)),
        lambda: four_hundred.bid_value(np.int64(6), 0),
        lambda: four_hundred.new_game(seed=1, scores=np.array([0, 0, 0, 0])),
        lambda: derive_seed(np.int64(1)),
        lambda: records.recorder(_fh()).step(np.int64(1), "2"),
    ]
    for call in calls:
        with pytest.raises(ArgumentError):
            call()


def test_describe_never_raises() -> None:
    class Broken:
        def __repr__(self) -> str:
            raise RuntimeError("no repr")

    for value in (HUGE, -HUGE, [1, HUGE], {"a": HUGE}, np.arange(10**6), SURROGATE, Broken()):
        text = describe(value)
        assert isinstance(text, str)
        assert len(text) <= 203
    assert describe(HUGE) == "an int of 16610 bits"
    assert describe([1, HUGE]) == "a list"


def test_a_valid_call_works_after_each_hostile_one() -> None:
    first = four_hundred.new_game(seed=5, dealer=1).legal_actions()
    deck = shuffled_deck(5, "deal", 0)
    for _, call, kind in CASES:
        with pytest.raises(kind):
            call()
        assert four_hundred.new_game(seed=5, dealer=1).legal_actions() == first
        assert shuffled_deck(5, "deal", 0) == deck


# -- item 2: loaders ---------------------------------------------------------------------------
def test_text_records_refuse_long_numbers_while_parsing() -> None:
    """A deal number, dealer, step seat or Scores value past MAX_INT_DIGITS is refused as it is
    read (before int()); so are digits of other scripts, which int() would take."""
    text = records.to_text(_record())
    assert records.from_text(text) == _record()
    long = "9" * 5000
    hostile = {
        "deal number": text.replace("\nDeal 0 ", f"\nDeal {long} ", 1),
        "dealer": text.replace(" dealer 0 deck", f" dealer {long} deck", 1),
        "a step's seat": text.replace("Bids 1:", f"Bids {long}:", 1),
        "Scores tag": text.replace('[Scores "', f'[Scores "{long} ', 1),
        "Dealer tag": text.replace('[Dealer "0"]', f'[Dealer "{"1" * (MAX_INT_DIGITS + 1)}"]', 1),
        "a deal's scores": text.replace("\nScores ", f"\nScores {long} ", 1),
        "Arabic-Indic digit": text.replace("\nDeal 0 ", "\nDeal \u0660 ", 1),
    }
    for what, bad in hostile.items():
        assert bad != text, what
        with pytest.raises(RecordError):
            records.from_text(bad)
    with pytest.raises(RecordError, match="limit is 100"):
        parse_int("1" * 101, "x")
    assert parse_int("-" + "1" * 100, "x") == -int("1" * 100)


@pytest.mark.parametrize("module", [four_hundred, all_fours])
def test_json_keys_given_twice_are_refused(module: Any) -> None:
    saved = module.save_state(module.new_game(seed=3, dealer=0))
    doubled = saved.replace('"seed":', '"seed": 4, "seed":', 1)
    assert json.loads(doubled)["seed"] == 3  # json alone keeps the last silently
    with pytest.raises(RecordError, match="'seed' is given twice"):
        module.load_state(doubled)
    record = _record().to_json()
    with pytest.raises(RecordError, match="given twice"):
        records.from_json(record.replace('"seed":', '"seed": 1, "seed":', 1))


def test_text_numbers_outside_the_loaders_are_ascii_and_short() -> None:
    """An agent's budget and a bid table's text keys are ASCII digits of bounded length, read
    before any conversion (int() takes " 4", "1_000", other scripts' digits and 5,000 digits
    only to raise)."""
    for spec in ("search: 4", "search:\u0664", "search:1_000", "search:1e3s", "search:nans"):
        with pytest.raises(CardrulesError, match="bad search budget"):
            make_agent("400", spec)
    for spec in ("search:" + "9" * 5000, "pimc:1-" + "9" * 5000, "pimc:" + "9" * 5000 + "s"):
        with pytest.raises(CardrulesError, match="budget"):
            make_agent("400", spec)
    assert make_agent("400", "search:.5s").seconds == 0.5
    with pytest.raises(CardrulesError, match="bid_values"):
        four_hundred.Rules(bid_values={"9" * 5000: 1})
