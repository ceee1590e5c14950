"""Mutated saved states: the loaders load something that saves again identically, or refuse
with RecordError; nothing else comes out, and no call runs long."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st

from cardrules.core.records import RecordError
from tests.fuzz.corpus import saved_states
from tests.fuzz.limits import time_bound
from tests.fuzz.values import mutated

FUZZ = settings.get_profile("fuzz")


def _check_load(module: Any, text: str | bytes) -> None:
    """``module.load_state(text)`` refuses with RecordError, or loads a state that saves and
    loads back to itself (the saved form is a fixed point)."""
    with time_bound("load_state"):
        try:
            state = module.load_state(text)
        except RecordError:
            event("refused")
            return
        event("loaded")
        again = module.save_state(state)
        assert module.load_state(again) == state
        assert module.save_state(module.load_state(again)) == again


@st.composite
def _mutated_state(draw: st.DrawFn) -> tuple[Any, str]:
    module, text = draw(st.sampled_from(saved_states()))
    return module, json.dumps(draw(mutated(json.loads(text))))


def test_every_saved_state_of_the_corpus_loads_to_itself() -> None:
    for module, text in saved_states():
        assert module.save_state(module.load_state(text)) == text


@settings(FUZZ)
@given(_mutated_state())
def test_mutated_saved_states(case: tuple[Any, str]) -> None:
    _check_load(*case)


@settings(FUZZ, max_examples=max(20, FUZZ.max_examples // 3))
@given(st.sampled_from(saved_states()), st.data())
def test_cut_or_damaged_saved_text(case: tuple[Any, str], data: st.DataObject) -> None:
    module, text = case
    cut = data.draw(st.integers(0, len(text)))
    where = data.draw(st.integers(0, max(0, len(text) - 1)))
    junk = data.draw(st.sampled_from(["", "\x00", "]", "[", "9" * 120, "\ud800", "é", "{}"]))
    _check_load(module, text[:cut])
    _check_load(module, text[:where] + junk + text[where + 1 :])
    encoded = text.encode()
    _check_load(module, encoded[:cut] + bytes([data.draw(st.integers(0, 255))]))


@settings(FUZZ, max_examples=max(20, FUZZ.max_examples // 3))
@given(st.sampled_from(saved_states()), st.data())
def test_a_saved_state_of_the_other_game_or_a_record_is_refused(
    case: tuple[Any, str], data: st.DataObject
) -> None:
    module, text = case
    other = data.draw(st.sampled_from([m for m, _ in saved_states() if m is not module]))
    try:
        other.load_state(text)
    except RecordError:
        pass
    else:  # pragma: no cover
        raise AssertionError("a saved state of one game loaded as the other")
