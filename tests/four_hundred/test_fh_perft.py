"""Card perft for 400: pinned counts of legal action sequences from fixed deals of every preset
(any change to move generation shows up here), cross-checked at small depths against a
brute-force count that tries every action of ``ACTIONS`` instead of trusting legal_actions()."""

from __future__ import annotations

import pytest

from cardrules.errors import IllegalActionError
from cardrules.four_hundred import ACTIONS, Bid, Redeal, Rules, State, new_game, perft
from cardrules.four_hundred.perft import perft_divide

DECKS = {
    "A": "QH 8S 8D 9C AS 5C TS AH TC QD 4S QC 9H 9S 7D 3H TH KS JH 8C 2D KH 7S 6D 9D 3C 5D 6H "
    "JC 4H 7H KC 5H TD 5S AC 3S 2C 7C KD 4D QS 8H 2S JD 6C 4C 6S JS AD 2H 3D",
    "B": "2S KD QD QC 3S KH 3C 8S 2C 7H JS 9D KC TH 2D JD 2H KS TD 4S 5D AH 7S TS 6C 9S 8C 8H "
    "4D AC JH 4C QS TC 7C 6H JC 4H 3H 5C AD 3D 9H 5H AS 7D 6D 6S 8D QH 9C 5S",
}
#: Seat 1 (the first to bid, dealer 0) holds no J, Q, K or A: FH-30 gives it Redeal().
NO_PICTURES = [
    "AC KC QC JC AD KD QD JD 2H 3H 4H 5H 6H",
    "2C 3C 4C 5C 6C 7C 2D 3D 4D 5D 6D 7D 8D",
    "8C 9C TC 9D TD 7H 8H 9H TH JH QH KH AH",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
]

#: Scores that raise the minimum bids (FH-11, capped at 5 by jawaker) and the minimum total.
HIGH = (62, 10, 45, -3)

#: (ruleset, deck): (perft from the deal at depths 0..3, perft after the bids 3 3 3 3 at
#: depths 0..6, perft 13 from the last three tricks (they end the hand, then the next deal's
#: first bid), perft 3 after three minimum bids (the dealer's bid may throw the hand in, FH-14,
#: and the next deal begins), the same from the scores ``HIGH``).  Computed once with this
#: engine, then pinned.
GOLDEN = {
    ("standard", "A"): ([1, 12, 144, 1728], [1, 13, 42, 120, 372, 4464, 13038], 4608, 810, 414),
    ("standard", "B"): ([1, 12, 144, 1728], [1, 13, 41, 135, 408, 4896, 14783], 15552, 801, 407),
    ("jawaker", "A"): ([1, 12, 144, 1728], [1, 13, 42, 120, 372, 4464, 13038], 4608, 810, 456),
    ("jawaker", "B"): ([1, 12, 144, 1728], [1, 13, 41, 135, 408, 4896, 14783], 15552, 801, 448),
    ("pagat_41", "A"): ([1, 13, 169, 2197], [1, 13, 42, 120, 372, 4464, 13038], 4992, 1308, 1308),
    ("pagat_41", "B"): ([1, 13, 169, 2197], [1, 13, 41, 135, 408, 4896, 14783], 16848, 1301, 1301),
    ("redeal", "NP"): ([1, 13, 156, 1872], [1, 13, 32, 416, 1664, 19968, 170664], 5184, 720, 344),
}


def rules_of(name: str) -> Rules:
    return Rules(no_picture_redeal=True) if name == "redeal" else Rules.preset(name)


def start(name: str, deck: str, scores: tuple[int, int, int, int] = (0, 0, 0, 0)) -> State:
    if deck == "NP":
        return new_game(rules_of(name), seed=1, dealer=0, hands=NO_PICTURES, scores=scores)
    return new_game(rules_of(name), seed=1, dealer=0, deck=DECKS[deck], scores=scores)


def after_bids(state: State) -> State:
    for _ in range(4):
        state = state.apply(Bid(3))
    return state


def late(state: State) -> State:
    state = after_bids(state)
    while len(state.tricks) < 10:
        state = state.apply(state.legal_actions()[0])
    return state


def low_bids(state: State) -> State:
    for _ in range(3):
        state = state.apply(next(a for a in state.legal_actions() if isinstance(a, Bid)))
    return state


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


def measure(name: str, deck: str) -> tuple[list[int], list[int], int, int, int]:
    state = start(name, deck)
    return (
        [perft(state, depth) for depth in range(4)],
        [perft(after_bids(state), depth) for depth in range(7)],
        perft(late(state), 13),
        perft(low_bids(state), 3),
        perft(low_bids(start(name, deck, HIGH)), 3),
    )


@pytest.mark.parametrize(("name", "deck"), sorted(GOLDEN))
def test_perft_golden(name: str, deck: str) -> None:
    assert measure(name, deck) == GOLDEN[name, deck]


@pytest.mark.parametrize(("name", "deck"), sorted(GOLDEN))
def test_perft_agrees_with_brute_force(name: str, deck: str) -> None:
    state = start(name, deck)
    assert perft(state, 2) == brute_force(state, 2)
    for position, depth in ((after_bids(state), 4), (late(state), 5), (low_bids(state), 2)):
        assert perft(position, depth) == brute_force(position, depth)


@pytest.mark.rule("FH-30")
def test_fh30_the_redeal_is_a_move_only_for_a_hand_without_pictures() -> None:
    state = start("redeal", "NP")
    assert Redeal() in state.legal_actions()
    divided = perft_divide(state, 2)
    assert divided["redeal"] == perft(state.apply(Redeal()), 1)
    assert sum(divided.values()) == perft(state, 2)
    assert Redeal() not in new_game(seed=1, dealer=0, hands=NO_PICTURES).legal_actions()


def test_perft_stops_at_the_end_of_the_game() -> None:
    """A finished game has no sequence of one action or more."""
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    ]
    state = new_game(seed=5, dealer=3, hands=hands)
    for bid in (2, 2, 13, 2):
        state = state.apply(Bid(bid))
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    assert perft(state, 0) == 1
    assert perft(state, 3) == 0
