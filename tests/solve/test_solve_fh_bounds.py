"""The 400 solver's bounds before search never exclude the true value (FH-5: hearts are always
trumps, which the sure heart tricks rely on)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from test_solve_fh import _in_play, _minimax

from cardrules.core.cardset import SUIT_MASKS
from cardrules.core.search import _bounds, _sure_trumps
from cardrules.four_hundred import State
from cardrules.four_hundred.solve import _search, solve


def _sure_bounds(hands: tuple[int, int, int, int], left: int) -> tuple[int, int, int, int]:
    """The search's sure bounds of a 400 trick start (hearts trumps, FH-5), seat 0 leading."""
    search = _search(None)
    array = np.array(hands, dtype=np.int64)
    acc = np.zeros(4, dtype=np.int64)
    low, high, low_cards, high_cards = _bounds(
        array, search.params, search.worth, search.utility, acc, 0
    )
    assert high <= left
    return int(low), int(high), int(low_cards), int(high_cards)


def _sure_hearts(held: int, enemy: int) -> int:
    """Seat 0's sure heart tricks holding ``held`` against seat 1's ``enemy`` (13-bit)."""
    hands = np.array([held << 26, enemy << 26, 0, 0], dtype=np.int64)
    return int(_sure_trumps(hands, 4, 2, 0)[0])


def _trick_start(seed: int, tricks_left: int) -> State:
    """A random position at the start of a trick with ``tricks_left`` tricks to go."""
    rng = random.Random(seed)
    state = _in_play(seed)
    while sum(state.tricks_taken) < 13 - tricks_left:
        state = state.apply(rng.choice(state.legal_actions()))
    assert not state.current_trick.cards
    return state


def _check(state: State, value: int, tricks_left: int) -> None:
    hands = (
        state.hand(0).mask,
        state.hand(1).mask,
        state.hand(2).mask,
        state.hand(3).mask,
    )
    out = hands[0] | hands[1] | hands[2] | hands[3]
    low, high, low_cards, high_cards = _sure_bounds(hands, tricks_left)
    assert 0 <= low <= value <= high <= tricks_left
    assert low_cards & ~out == 0  # cards still out only
    assert high_cards & ~out == 0


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
    best ``j`` (the rule as :func:`_sure_bounds` states it)."""
    mine = sorted((place for place in range(13) if held >> place & 1), reverse=True)
    best = 0
    for count, place in enumerate(mine, 1):
        above = sum(1 for other in range(place + 1, 13) if enemy >> other & 1)
        best = max(best, count - above)
    return best


def test_sure_heart_tricks_by_the_rule() -> None:
    rng = random.Random(7)
    for _ in range(500):
        cards = rng.sample(range(13), rng.randrange(0, 13))
        split = rng.randrange(len(cards) + 1)
        held = sum(1 << place for place in cards[:split])
        enemy = sum(1 << place for place in cards[split:])
        assert _sure_hearts(held, enemy) == _sure_by_hand(held, enemy)


def test_sure_bounds_by_the_rule() -> None:
    """Each team's sure heart tricks, looked up by the hearts' layout, are the best of its two
    players' (FH-5), and depend on the hearts down to the lowest one counted."""
    rng = random.Random(11)
    for _ in range(500):
        deck = list(range(52))
        rng.shuffle(deck)
        size = rng.randrange(1, 14)
        hands = tuple(
            sum(1 << card for card in deck[seat * size : (seat + 1) * size]) for seat in range(4)
        )
        out = hands[0] | hands[1] | hands[2] | hands[3]
        hearts = [(hand >> 26) & 0x1FFF for hand in hands]
        low, high, low_cards, high_cards = _sure_bounds(
            (hands[0], hands[1], hands[2], hands[3]), size
        )
        for team, tricks, cards in ((0, low, low_cards), (1, size - high, high_cards)):
            enemy = hearts[team ^ 1] | hearts[team ^ 3]
            assert tricks == max(_sure_by_hand(hearts[seat], enemy) for seat in (team, team ^ 2))
            assert cards & ~out == 0
            assert (cards == 0) == (tricks == 0)
            if cards:  # every heart out from the lowest counted one up
                lowest = cards & -cards
                assert cards == out & SUIT_MASKS[2] & -lowest
