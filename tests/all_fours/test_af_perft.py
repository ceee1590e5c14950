"""Card perft for All Fours: pinned counts of legal action sequences from fixed deals of every
preset (any change to move generation shows up here), cross-checked at small depths against a
brute-force count that tries every action of ``ACTIONS`` instead of trusting legal_actions()."""

from __future__ import annotations

import pytest

from cardrules.all_fours import ACTIONS, Rules, State, new_game, parse_action, perft
from cardrules.all_fours.perft import perft_divide
from cardrules.errors import IllegalActionError

DECKS = {
    "A": "TS 5C QS 9H KD 4C 8D 6C 5H JH AD 7D JS KS 4H 6S 8H 5S 9C 2H 3H QD AC QC 5D 2D 3D JD "
    "JC KH 8S 4D AH 3C TH 8C 4S TC 2S 3S QH TD 9S 7C 6D 9D 7H 2C 6H 7S KC AS",
    "B": "QD 2H 5C 3C KS 6C 8S TH 4C 7H QS JC 5H AH 6D 7C 7S KC 8D 8H AS 4S QC JD 9D 6H 2S JS "
    "8C 3H 3D KD QH 3S 4D 2C AC 9C 5S 7D 6S TC 9H KH 4H AD 2D 9S TD TS JH 5D",
}

#: (preset, deck): (perft from the deal at depths 0..8, perft 8 after five first-legal actions,
#: perft 6 after a beg and a run of the pack).  Computed once with this engine, then pinned.
GOLDEN = {
    ("trinidad", "A"): ([1, 2, 8, 32, 143, 866, 4243, 19827, 68167], 7832, 36150),
    ("trinidad", "B"): ([1, 2, 8, 49, 163, 411, 1916, 11916, 35258], 22136, 23846),
    ("tournament", "A"): ([1, 2, 8, 32, 137, 734, 3463, 15896, 50459], 6544, 27963),
    ("tournament", "B"): ([1, 2, 8, 49, 163, 379, 1568, 9132, 26028], 19853, 14842),
    ("tobago", "A"): ([1, 2, 8, 32, 143, 866, 4243, 19827, 68167], 7832, 36150),
    ("tobago", "B"): ([1, 2, 8, 49, 163, 411, 1916, 11916, 35258], 22136, 23846),
    ("all_twos", "A"): ([1, 2, 8, 34, 152, 679, 2502, 11830, 40560], 288, 28576),
    ("all_twos", "B"): ([1, 2, 8, 37, 178, 1077, 4951, 39864, 172902], 292, 160334),
}


def start(preset: str, deck: str) -> State:
    return new_game(Rules.preset(preset), seed=1, dealer=0, deck=deck)


def advanced(state: State, actions: int = 5) -> State:
    for _ in range(actions):
        state = state.apply(state.legal_actions()[0])
    return state


def after_run(state: State) -> State:
    state = state.apply(parse_action("beg"))
    return state.apply(parse_action("run"))


def brute_force(state: State, depth: int) -> int:
    """Sequences of ``depth`` actions, found by trying every action of the game."""
    if depth == 0:
        return 1
    total = 0
    for action in ACTIONS:
        try:
            after = state.apply(action)
        except IllegalActionError:
            continue
        total += brute_force(after, depth - 1)
    return total


@pytest.mark.parametrize(("preset", "deck"), sorted(GOLDEN))
def test_perft_golden(preset: str, deck: str) -> None:
    by_depth, mid, ran = GOLDEN[preset, deck]
    state = start(preset, DECKS[deck])
    assert [perft(state, depth) for depth in range(len(by_depth))] == by_depth
    assert perft(advanced(state), 8) == mid
    assert perft(after_run(state), 6) == ran


@pytest.mark.parametrize(("preset", "deck"), sorted(GOLDEN))
def test_perft_agrees_with_brute_force(preset: str, deck: str) -> None:
    state = start(preset, DECKS[deck])
    assert perft(state, 4) == brute_force(state, 4)
    for position in (advanced(state), after_run(state)):
        assert perft(position, 3) == brute_force(position, 3)


def test_perft_divide_adds_up() -> None:
    state = start("trinidad", DECKS["A"])
    divided = perft_divide(state, 5)
    assert set(divided) == {"stand", "beg"}
    assert sum(divided.values()) == perft(state, 5)


def test_perft_stops_at_the_end_of_the_game() -> None:
    """A finished game has no sequence of one action or more."""
    state = new_game(seed=5, dealer=0, scores=(13, 0), deck=DECKS["B"])
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    assert perft(state, 0) == 1
    assert perft(state, 3) == 0
