"""Mutated game records, JSON and text: ``from_json`` / ``from_text`` and the replay either
refuse with a CardrulesError (RecordError for the form) or give a record that replays and
writes out again identically; nothing else comes out, and no call runs long."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from cardrules.core.records import RecordError
from cardrules.errors import CardrulesError
from cardrules.records import final_state, from_json, from_text, to_json, to_text
from tests.fuzz.corpus import records
from tests.fuzz.limits import time_bound
from tests.fuzz.values import mutated

FUZZ = settings.get_profile("fuzz")
_JSON = [text for text in records() if text.startswith("{")]
_TEXT = [text for text in records() if not text.startswith("{")]


def _check(text: str | bytes, *, as_json: bool) -> None:
    with time_bound("a record"):
        try:
            record = (from_json if as_json else from_text)(text)
        except RecordError:
            event("refused")
            return
        try:
            final_state(record)
        except CardrulesError:
            event("read, refused on replay")
            return
        event("replayed")
        written = to_json(record)
        assert from_json(written) == record
        assert to_json(from_json(written)) == written
        assert from_text(to_text(record)) == record


def test_the_corpus_replays() -> None:
    assert len(_JSON) == len(_TEXT) == 4
    for text in _JSON:
        assert to_json(from_json(text)) == json.dumps(json.loads(text))
        final_state(from_json(text))
    for text in _TEXT:
        assert to_text(from_text(text)) == text


@settings(FUZZ)
@given(st.sampled_from(_JSON), st.data())
def test_mutated_json_records(text: str, data: st.DataObject) -> None:
    _check(json.dumps(data.draw(mutated(json.loads(text)))), as_json=True)


@st.composite
def _mutated_text(draw: st.DrawFn) -> str:
    lines = draw(st.sampled_from(_TEXT)).split("\n")
    for _ in range(draw(st.integers(1, 3))):
        index = draw(st.integers(0, len(lines) - 1))
        words = lines[index].split(" ")
        kind = draw(st.sampled_from(("drop", "repeat", "swap", "word", "cut", "line")))
        if kind == "drop":
            del lines[index]
        elif kind == "repeat":
            lines.insert(index, lines[index])
        elif kind == "swap" and len(words) > 1:
            a, b = draw(st.integers(0, len(words) - 1)), draw(st.integers(0, len(words) - 1))
            words[a], words[b] = words[b], words[a]
            lines[index] = " ".join(words)
        elif kind == "word":
            at = draw(st.integers(0, len(words) - 1))
            words[at] = draw(
                st.one_of(
                    st.sampled_from(
                        ("", "-1", "4", "99999999999999999999", "true", "1.5", "AS", "10H")
                    ),
                    st.sampled_from(("stand", "claim:9", "deck", "Deal", '"]', "[Seed")),
                    # numbers past the digit limit, and digits of other scripts (issue 32)
                    st.sampled_from(("9" * 5000, "-" + "9" * 150, "1" * 101, "\u0663", "1:AS")),
                    st.text(max_size=6),
                )
            )
            lines[index] = " ".join(words)
        elif kind == "cut":
            lines[index] = lines[index][: draw(st.integers(0, len(lines[index])))]
        elif kind == "line":
            lines.insert(index, draw(st.sampled_from(("", '[Seed "1"]', "Deal 0", "x"))))
        if not lines:
            lines = [""]
    return "\n".join(lines)


@settings(FUZZ)
@given(_mutated_text())
def test_mutated_text_records(text: str) -> None:
    _check(text, as_json=False)


@settings(FUZZ, max_examples=max(20, FUZZ.max_examples // 4))
@given(st.sampled_from(_JSON), st.data())
def test_json_records_with_a_key_given_twice_are_refused(text: str, data: st.DataObject) -> None:
    """A key given again in any object of a JSON record (``json`` alone keeps the last one):
    refused with RecordError, whatever the value."""
    keys = [m.start() for m in re.finditer(r'"[a-z_]+": ', text)]
    at = data.draw(st.sampled_from(keys))
    key = text[at : text.index(":", at)]
    value = json.dumps(data.draw(st.one_of(st.integers(-5, 60), st.text(max_size=4), st.none())))
    doubled = f"{text[:at]}{key}: {value}, {text[at:]}"
    with time_bound("a record"), pytest.raises(RecordError, match="given twice"):
        from_json(doubled)


@settings(FUZZ, max_examples=max(20, FUZZ.max_examples // 3))
@given(st.sampled_from(records()), st.data())
def test_cut_records(text: str, data: st.DataObject) -> None:
    cut = data.draw(st.integers(0, len(text)))
    as_json = text.startswith("{")
    _check(text[:cut], as_json=as_json)
    _check(text.encode()[:cut] + b"\xff", as_json=as_json)
