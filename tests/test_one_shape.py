"""The two games built alike: the same mistake raises the same error in both, both take
explicit chance the same way, and both packages have the same files."""

from __future__ import annotations

import pickle
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cardrules import STANDARD_DECK, all_fours, four_hundred, shuffled_deck
from cardrules.errors import ArgumentError, IllegalActionError, Reason

GAMES = [four_hundred, all_fours]
IDS = ["four_hundred", "all_fours"]
SRC = Path(__file__).resolve().parent.parent / "src" / "cardrules"


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"seed": "x"}, "seed: expected an int"),
        ({"seed": 1.0}, "seed: expected an int"),
        ({"seed": True}, "seed: expected an int"),
        ({"seed": 10**5000}, "seed: expected an int of at most 256 bits"),
        ({"dealer": 4}, "dealer: expected a seat"),
        ({"dealer": 1.0}, "dealer: expected a seat"),
        ({"dealer": True}, "dealer: expected a seat"),
        ({"dealer": -1}, "dealer: expected a seat"),
        ({"deck": STANDARD_DECK[:51]}, "52"),
        ({"deck": 5}, "deck"),
        ({"scores": "12"}, "scores: expected"),
        ({"scores": (1.5, 2, 3, 4)}, "scores: expected"),
        ({"chance": "random"}, "chance: expected 'seeded' or 'explicit'"),
    ],
)
def test_the_same_bad_call_gives_the_same_error_in_both_games(
    game: ModuleType, kwargs: dict[str, Any], words: str
) -> None:
    with pytest.raises(ArgumentError if "deck" not in kwargs else ValueError, match=words):
        game.new_game(**kwargs)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@pytest.mark.parametrize("seat", [4, -1, 1.0, True, "1", None, 10**30])
def test_every_method_that_takes_a_seat_checks_it(game: ModuleType, seat: object) -> None:
    state = game.new_game(seed=3, dealer=0)
    for call in (state.hand, state.observe):
        with pytest.raises(ArgumentError, match="seat: expected a seat"):
            call(seat)


def test_a_bad_dealer_poisons_nothing() -> None:
    with pytest.raises(ArgumentError):
        four_hundred.new_game(seed=2, dealer=1.0)  # type: ignore[arg-type]
    assert four_hundred.new_game(seed=2, dealer=1).dealer == 1
    assert four_hundred.new_game(seed=5, dealer=1).legal_actions()


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_explicit_chance_waits_for_a_deal(game: ModuleType) -> None:
    state = game.new_game(seed=11, dealer=2, chance="explicit")
    assert state.is_chance
    assert state.current_player is None
    assert state.legal_actions() == ()
    assert not state.is_terminal
    assert state.phase is game.Phase.DEAL
    with pytest.raises(IllegalActionError) as info:
        state.apply(game.Play.parse("AS"))
    assert info.value.reason is Reason.WRONG_PHASE
    with pytest.raises(IllegalActionError) as info:
        state.apply(game.Deal(STANDARD_DECK[:50]))
    assert info.value.reason is Reason.BAD_DECK
    deck = shuffled_deck(11, "deal", 0)
    dealt = state.apply(game.Deal(deck))
    assert not dealt.is_chance
    seeded = game.new_game(seed=11, dealer=2)
    assert dealt.hands == seeded.hands
    assert dealt.legal_actions() == seeded.legal_actions()
    assert dealt.current_player == seeded.current_player
    with pytest.raises(IllegalActionError) as info:
        seeded.apply(game.Deal(deck))
    assert info.value.reason is Reason.WRONG_PHASE
    assert pickle.loads(pickle.dumps(state)) == state


def test_both_games_export_the_same_deal_action() -> None:
    assert four_hundred.Deal is all_fours.Deal


def test_both_game_packages_have_the_same_layout() -> None:
    common = {
        "__init__.py",
        "actions.py",
        "dealing.py",
        "determinize.py",
        "engine.py",
        "perft.py",
        "persist.py",
        "record.py",
        "rules.py",
        "scoring.py",
        "state.py",
        "view.py",
    }
    for name in ("four_hundred", "all_fours"):
        files = {path.name for path in (SRC / name).glob("*.py")}
        assert common <= files, f"{name} lacks {sorted(common - files)}"


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_hands_have_the_same_type_in_both_games(game: ModuleType) -> None:
    hands = game.new_game(seed=4, dealer=0).hands
    assert isinstance(hands, tuple)
    assert all(isinstance(hand, tuple) for hand in hands)
    assert all(type(card).__name__ == "Card" for hand in hands for card in hand)
