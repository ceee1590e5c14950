"""A corpus of bad 400 records (``bad_records/``): each is rejected with a RecordError
that says where (deal, trick, seat) and what is wrong; nothing is fixed up.

``bad_records/expected.json`` gives, per file, the location and a pattern of the message.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardrules import records
from cardrules.core.records import RecordError

CORPUS = Path(__file__).parent / "bad_records"
EXPECTED = json.loads((CORPUS / "expected.json").read_text())


def load_and_replay(path: Path) -> None:
    text = path.read_text()
    record = records.from_json(text) if path.suffix == ".json" else records.from_text(text)
    records.final_state(record)


def test_the_corpus_is_complete() -> None:
    files = sorted(p.name for p in CORPUS.iterdir() if p.name != "expected.json")
    assert files == sorted(EXPECTED)
    assert len(files) >= 25


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_record_is_rejected_where_it_goes_wrong(name: str) -> None:
    expected = EXPECTED[name]
    with pytest.raises(RecordError, match=expected["match"]) as info:
        load_and_replay(CORPUS / name)
    error = info.value
    assert (error.deal, error.trick, error.seat) == (
        expected["deal"],
        expected["trick"],
        expected["seat"],
    ), str(error)


def test_the_untampered_game_is_accepted() -> None:
    """The corpus was made from one good game (seed 12, from scores 36 20 33 25, a played hand
    then a claimed one): undoing a tamper makes it good."""
    text = (CORPUS / "wrong_result.json").read_text()
    data = json.loads(text)
    data["result"]["winner"] = 1 - data["result"]["winner"]
    state = records.final_state(records.from_json(json.dumps(data)))
    assert state.is_terminal
    assert state.winner == data["result"]["winner"]
