"""All Fours game records: the codec, JSON and text round trips, replay, the text notation."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import records
from cardrules.all_fours import CODEC, Beg, Play, Rules, RunPack, Stand, State, new_game
from cardrules.core.records import GameRecord, Recorder, RecordError
from cardrules.errors import IllegalActionError, ParseError, Reason

seeds = st.integers(min_value=0, max_value=2**64 - 1)
presets = st.sampled_from(Rules.PRESETS)

#: A game could in principle go on for ever (void deals, hands that score nothing), so random
#: playouts are bounded; 3,000 actions is far more than random games take.
MAX_ACTIONS = 3000


def play(state: State, seed: int, limit: int = MAX_ACTIONS) -> tuple[Recorder, list[State]]:
    """A random game recorded from ``state``: the recorder and every state."""
    rng = random.Random(seed)
    recorder = records.recorder(state)
    states = [state]
    for _ in range(limit):
        if recorder.state.is_terminal:
            break
        states.append(recorder.apply(rng.choice(recorder.state.legal_actions())))
    return recorder, states


def test_codec_is_registered() -> None:
    assert records.codec_for("all_fours") is CODEC
    assert records.codec_for(new_game(seed=1)) is CODEC
    assert CODEC.name == "all_fours"
    assert CODEC.title == "All Fours"


@settings(max_examples=25)
@given(seed=seeds, preset=presets)
def test_json_and_text_round_trip_and_replay(seed: int, preset: str) -> None:
    """JSON and text records round-trip exactly, and replay passes through every state."""
    recorder, states = play(new_game(Rules.preset(preset), seed=seed), seed)
    record = recorder.record()
    assert records.from_json(records.to_json(record)) == record
    assert GameRecord.from_json(record.to_json(indent=None)) == record
    text = records.to_text(record)
    assert records.from_text(text) == record
    assert records.to_text(records.from_text(text)) == text
    replayed = [step.after for step in records.replay(record)]
    assert replayed == states[1:]
    assert records.final_state(record) == states[-1]


@settings(max_examples=10)
@given(seed=seeds, preset=presets, cut=st.integers(min_value=0, max_value=60))
def test_unfinished_games_round_trip(seed: int, preset: str, cut: int) -> None:
    """A record of a game still going (any point, mid-trick too) round-trips and replays."""
    recorder, states = play(new_game(Rules.preset(preset), seed=seed), seed, limit=cut)
    record = recorder.record()
    assert record.winner is None or states[-1].is_terminal
    assert records.from_text(records.to_text(record)) == record
    assert records.from_json(records.to_json(record)) == record
    assert records.final_state(record) == states[-1]


def test_text_notation_layout() -> None:
    """The body: a Deal line with the deck, Hands (S<seat>:cards), Kick, the beg line, one line
    per trick from its leader, the scores."""
    recorder, _ = play(new_game(seed=3, dealer=0), 3)
    text = records.to_text(recorder.record())
    lines = text.splitlines()
    assert lines[0] == '[Game "all_fours"]'
    body = lines[lines.index("") + 1 :]
    assert body[0].startswith("Deal 0 dealer 0 deck ")
    assert len(body[0].split()) == 5 + 52
    assert body[1].startswith("Hands S0:")
    assert " S3:" in body[1]
    assert body[2].startswith("Kick ")
    assert body[3].startswith("Beg 1:")
    tricks = [line for line in body if line.startswith("T")]
    assert tricks[0].startswith("T1 1:")
    assert all(len(line.split()) == 5 for line in tricks)
    assert body[-1].startswith("Scores ")


def test_start_scores_are_recorded() -> None:
    """A game begun from given scores (new_game(scores=)) records them and replays."""
    recorder, states = play(new_game(seed=8, dealer=1, scores=(12, 11)), 8)
    record = recorder.record()
    assert record.rules["start_scores"] == [12, 11]
    assert records.final_state(records.from_text(records.to_text(record))) == states[-1]
    plain = play(new_game(seed=8, dealer=1), 8)[0].record()
    assert "start_scores" not in plain.rules


def test_exposures_and_calls_are_steps() -> None:
    """AF-25: expose:XX and call:XX are steps of their own, recorded and replayed."""
    state = new_game(Rules(exposed_cards=True), seed=21, dealer=0)
    recorder = records.recorder(state)
    recorder.apply(Stand())
    card = recorder.state.hands[3][0]
    recorder.step(3, f"expose:{card}")
    while card in recorder.state.hands[3] and not recorder.state.is_terminal:
        state = recorder.state
        if state.current_player == 3 and Play(card) in state.legal_actions():
            recorder.step(0, f"call:{card}")
            assert recorder.state.legal_actions() == (Play(card),)
        recorder.apply(recorder.state.legal_actions()[0])
    record = recorder.record()
    steps = [step.action for step in record.steps]
    assert f"expose:{card}" in steps
    assert f"call:{card}" in steps
    assert records.from_text(records.to_text(record)) == record
    assert records.final_state(record) == recorder.state


def test_apply_step_checks_the_seat_and_the_text() -> None:
    state = new_game(seed=2, dealer=0)
    with pytest.raises(IllegalActionError) as info:
        CODEC.apply_step(state, 2, "stand")
    assert info.value.reason is Reason.NOT_YOUR_TURN
    with pytest.raises(ParseError):
        CODEC.apply_step(state, 1, "STAND")  # not the canonical form
    with pytest.raises(ParseError):
        CODEC.apply_step(state, 1, "sing")
    assert CODEC.apply_step(state, 1, "beg") == state.apply(Beg())
    assert CODEC.step_text(RunPack()) == "run"
    with pytest.raises(IllegalActionError):
        CODEC.step_text("run")
    assert CODEC.trick_number(state) is None
    assert CODEC.trick_number(state.apply(Stand())) == 1


def test_recorder_refuses_junk_like_apply() -> None:
    recorder = records.recorder(new_game(seed=2, dealer=0))
    with pytest.raises(IllegalActionError):
        recorder.apply(None)
    with pytest.raises(IllegalActionError):
        recorder.apply(Play.parse("2C"))


def test_text_errors_name_the_line() -> None:
    recorder, _ = play(new_game(seed=5, dealer=0), 5, limit=12)
    text = records.to_text(recorder.record())
    lines = text.splitlines()
    header = lines.index("")
    hands = header + 2  # the Hands line (1-based: header lines, blank, Deal, Hands)
    bad = lines.copy()
    first, second = bad[hands].split()[1], bad[hands].split()[2]
    bad[hands] = bad[hands].replace(first, "S0:" + second, 1).replace(" " + second, " " + first)
    with pytest.raises(RecordError, match=f"line {hands + 1}: .* should read"):
        records.from_text("\n".join(bad))
    bad = lines.copy()
    bad.insert(hands + 1, "Bid 1:stand")
    with pytest.raises(RecordError, match=f"line {hands + 2}: 'Bid 1:stand'"):
        records.from_text("\n".join(bad))
    bad = lines.copy()
    trick = next(i for i, line in enumerate(bad) if line.startswith("T1 "))
    bad[trick] = bad[trick].replace("T1 ", "T1 x", 1)
    with pytest.raises(RecordError, match=f"line {trick + 1}"):
        records.from_text("\n".join(bad))
    bad = lines[:-1]  # no Scores line
    with pytest.raises(RecordError, match="no Scores line"):
        records.from_text("\n".join(bad))


def test_rules_must_be_strict() -> None:
    recorder, _ = play(new_game(seed=5, dealer=0), 5, limit=3)
    data = json.loads(records.to_json(recorder.record()))
    data["rules"]["colour"] = "red"
    with pytest.raises(RecordError, match="colour"):
        records.final_state(records.from_json(json.dumps(data)))
