"""Records and saved states are data from outside: the loaders refuse what they cannot read
with a RecordError, in time linear in the input, and never let a built-in error out."""

from __future__ import annotations

import json
import time

import pytest

from cardrules import all_fours, four_hundred
from cardrules.core.records import (
    MAX_INPUT_BYTES,
    MAX_INT_DIGITS,
    MAX_LINE_CHARS,
    MAX_NESTING,
    RecordError,
    input_text,
    load_json,
    parse_tags,
)
from cardrules.errors import ArgumentError
from cardrules.records import from_json, from_text, recorder, to_text


def _record_json() -> str:
    state = all_fours.new_game(seed=3, dealer=0)
    rec = recorder(state)
    while not state.is_terminal and len(rec.record().deals) < 2:
        state = rec.apply(state.legal_actions()[0])
    return rec.record().to_json()


def test_a_record_reads_from_str_bytes_and_bytes_with_a_byte_order_mark() -> None:
    text = _record_json()
    record = from_json(text)
    assert from_json(text.encode()) == record
    assert from_json(b"\xef\xbb\xbf" + text.encode()) == record
    assert from_json("\ufeff" + text) == record
    body = to_text(record)
    assert from_text(body.encode()) == from_text(body) == record


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"\xff\xfe{}", "must be UTF-8 text"),
        (12, "must be text"),
        (None, "must be text"),
        ("[" * 10_000 + "]" * 10_000, f"over {MAX_NESTING} levels"),
        ('{"a": ' + "9" * 5000 + "}", f"the limit is {MAX_INT_DIGITS}"),
        ('{"a": NaN}', "NaN is not a number"),
        ("{", "is not JSON"),
        ("x" * (MAX_INPUT_BYTES + 1), "the limit is"),
    ],
)
def test_the_json_loaders_refuse_with_a_record_error(data: object, words: str) -> None:
    for load in (from_json, four_hundred.load_state, all_fours.load_state):
        with pytest.raises(RecordError, match=words):
            load(data)  # type: ignore[arg-type]


def test_deep_nesting_inside_strings_is_only_text() -> None:
    assert load_json(json.dumps({"note": "[" * 10_000})) == {"note": "[" * 10_000}


def test_the_text_loader_refuses_long_lines_and_bad_tags_quickly() -> None:
    start = time.perf_counter()
    long_tag = '[Rules "' + "a" * (40 * 1024 * 1024) + '"]\n\n'
    with pytest.raises(RecordError, match="the limit is"):
        from_text(long_tag)
    line = '[Rules "' + "\\a" * (MAX_LINE_CHARS // 2) + '"]'
    with pytest.raises(RecordError, match=f"over the limit of {MAX_LINE_CHARS:,}"):
        parse_tags([line])
    with pytest.raises(RecordError, match="not a tag line"):
        parse_tags(['[Rules "' + "a" * 50_000])
    # Generous: the point is that none of these is quadratic (a 40 MB line once took 25 s).
    assert time.perf_counter() - start < 10


def test_a_text_record_with_a_huge_integer_tag_is_refused() -> None:
    body = to_text(from_json(_record_json()))
    huge = body.replace('[Seed "3"]', '[Seed "' + "9" * 5000 + '"]')
    with pytest.raises(RecordError):
        from_text(huge)
    nested = body.replace('[Rules "{', '[Rules "' + "[" * 100 + "{")
    with pytest.raises(RecordError, match="levels"):
        from_text(nested)


def test_input_text_names_what_it_reads() -> None:
    with pytest.raises(RecordError, match="a saved state must be text"):
        input_text(3.5, "a saved state")  # type: ignore[arg-type]


def test_a_record_is_immutable_through_its_rules() -> None:
    record = from_json(_record_json())
    before = record.to_json()
    options = record.rules
    options["players"] = 99
    options.clear()
    assert record.to_json() == before
    assert record.rules != options
    with pytest.raises(RecordError, match="rules must be"):
        type(record)(
            game=record.game,
            rules=[1, 2],  # type: ignore[arg-type]
            seed=record.seed,
            dealer=record.dealer,
            deals=record.deals,
            winner=record.winner,
            scores=record.scores,
        )


def test_only_a_seeded_game_has_a_recorder() -> None:
    explicit = four_hundred.new_game(seed=1, dealer=0, chance="explicit")
    with pytest.raises(ArgumentError, match="only a seeded game has a record"):
        recorder(explicit)
