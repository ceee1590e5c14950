"""The conformance kit passes a correct game and catches broken ones."""

import random

import attrs
import pytest

from cardrules import CARDS, Card
from cardrules.testing import (
    ConformanceError,
    GameSubject,
    check_conformance,
    check_state,
    random_playout,
)
from tests.toy_game import ToyState, new_toy_game


def subject(**overrides: object) -> GameSubject:
    base = GameSubject(
        name="toy",
        new_game=new_toy_game,
        actions=CARDS,
        players=2,
        hidden_variant=lambda s, seat, rng: s.with_hidden_cards(seat, rng),  # type: ignore[attr-defined]
    )
    return attrs.evolve(base, **overrides)


def test_a_correct_game_passes() -> None:
    report = check_conformance(subject(), games=10)
    assert report.games == 10
    assert report.finished == 10
    assert report.states == 10 * 7
    assert "10 games" in str(report)


def test_a_leak_is_caught() -> None:
    with pytest.raises(ConformanceError, match="leak"):
        check_conformance(subject(new_game=lambda seed: new_toy_game(seed, leaky=True)))


class Lax(ToyState):
    """Accepts any card that is in nobody's hand, by doing nothing."""

    def apply(self, action: object) -> ToyState:
        if isinstance(action, Card) and action.mask & ~(self.hands[0] | self.hands[1]):
            return self
        return super().apply(action)


def test_accepting_an_illegal_action_is_caught() -> None:
    with pytest.raises(ConformanceError, match="accepted"):
        check_conformance(subject(new_game=lambda seed: Lax(new_toy_game(seed).hands)))


def test_a_state_that_does_not_pickle_is_caught() -> None:
    class Local(ToyState):
        pass

    with pytest.raises(ConformanceError, match="does not pickle"):
        check_conformance(subject(new_game=lambda seed: Local(new_toy_game(seed).hands)))


def test_a_bad_determinizer_is_caught() -> None:
    def wrong(state: ToyState, seat: int, rng: random.Random) -> ToyState:
        return attrs.evolve(state, tricks=(state.tricks[0] + 1, state.tricks[1]))

    with pytest.raises(ConformanceError, match="determinization"):
        check_conformance(subject(determinize=wrong))


def test_a_failing_replay_is_reported_with_the_seed() -> None:
    def replay(states: object) -> None:
        raise AssertionError("does not round-trip")

    with pytest.raises(ConformanceError, match=r"seed 0.*does not round-trip"):
        check_conformance(subject(replay=replay))


def test_random_playout_and_check_state() -> None:
    states = random_playout(new_toy_game(3), random.Random(3))
    assert len(states) == 7
    assert states[-1].is_terminal
    check_state(subject(), states[-1], random.Random(0))
