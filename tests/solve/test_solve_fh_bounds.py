"""The search's bounds before a trick is searched never exclude the true value (FH-5: hearts are
always trumps, which the sure heart tricks and the quick tricks rely on)."""

from __future__ import annotations

import random

import pytest
from test_solve_fh import _in_play, _minimax

from cardrules.core import search as core
from cardrules.core.cardset import SUIT_MASKS
from cardrules.four_hundred import State
from cardrules.four_hundred.solve import new_search, solve


def _trick_start(seed: int, tricks_left: int) -> State:
    """A random position at the start of a trick with ``tricks_left`` tricks to go."""
    rng = random.Random(seed)
    state = _in_play(seed)
    while sum(state.tricks_taken) < 13 - tricks_left:
        state = state.apply(rng.choice(state.legal_actions()))
    assert not state.current_trick.cards
    return state


def _check(state: State, value: int, tricks_left: int) -> None:
    hands = [state.hand(seat).mask for seat in range(4)]
    out = hands[0] | hands[1] | hands[2] | hands[3]
    ws = new_search(None, tricks_left).ws
    leader = state.current_trick.leader
    # The bounds may stop at the first that settles the question "at least ``need``?": each
    # question's bounds hold.
    for need in range(tricks_left + 2):
        low, high, low_cards, high_cards = core._sure(
            ws, *hands, leader, tricks_left, out, 0, -1, 0, 0, need
        )
        assert 0 <= low <= value <= high <= tricks_left
        assert low_cards & ~out == 0  # cards still out only
        assert high_cards & ~out == 0
    quick, cards = core._quick(*hands, 4, leader, 2, tricks_left)
    mine = value if leader % 2 == 0 else tricks_left - value
    assert quick <= mine
    assert cards & ~hands[leader] == 0  # the leader's own top cards


@pytest.mark.parametrize("tricks_left", [1, 2, 3])
def test_bounds_hold_against_minimax(tricks_left: int) -> None:
    for seed in range(60 if tricks_left < 3 else 30):
        state = _trick_start(seed, tricks_left)
        _check(state, _minimax(state), tricks_left)


@pytest.mark.parametrize("tricks_left", [5, 6, 7])
def test_bounds_hold_against_the_solver(tricks_left: int) -> None:
    for seed in range(200, 230):
        state = _trick_start(seed, tricks_left)
        _check(state, solve(state).tricks[0], tricks_left)


def _sure_by_hand(held: int, enemy: int) -> int:
    """A player's top ``j`` hearts less the other team's hearts above the lowest of them, the
    best ``j`` (the rule as the search's sure trump tricks state it)."""
    mine = sorted((place for place in range(13) if held >> place & 1), reverse=True)
    best = 0
    for count, place in enumerate(mine, 1):
        above = sum(1 for other in range(place + 1, 13) if enemy >> other & 1)
        best = max(best, count - above)
    return best


def random_hands(rng: random.Random) -> list[int]:
    """Four hands of one random size (1 to 13 cards) dealt from a shuffled pack, as masks."""
    deck = list(range(52))
    rng.shuffle(deck)
    size = rng.randrange(1, 14)
    return [sum(1 << card for card in deck[seat * size : (seat + 1) * size]) for seat in range(4)]


def test_sure_trump_tricks_by_the_rule() -> None:
    """Each team's sure heart tricks are the best of its two players' (FH-5), and depend on the
    hearts down to the lowest one counted."""
    rng = random.Random(11)
    for _ in range(2000):
        hands = random_hands(rng)
        out = hands[0] | hands[1] | hands[2] | hands[3]
        hearts = [(hand >> 26) & 0x1FFF for hand in hands]
        for team in (0, 1):
            tricks, cards = core._sure_trumps(*hands, 4, 2, team)
            enemy = hearts[team ^ 1] | hearts[team ^ 3]
            assert tricks == max(_sure_by_hand(hearts[seat], enemy) for seat in (team, team ^ 2))
            assert cards & ~out == 0
            assert (cards == 0) == (tricks == 0)
            if cards:  # every heart out from the lowest counted one up
                lowest = cards & -cards
                assert cards == out & SUIT_MASKS[2] & -lowest
