"""The score search's sure bounds (each seat's own bid, FH-19, FH-20) never exclude the true
value, and each seat's sure trump tricks follow their rule (FH-5: hearts are always trumps)."""

from __future__ import annotations

import random

import pytest
from test_bid_solve import _ending
from test_solve_fh_bounds import _sure_by_hand, random_hands

from cardrules.core import search as core
from cardrules.four_hundred import State
from cardrules.four_hundred.bid_solve import bid_values
from cardrules.four_hundred.scoring import _bid_value
from cardrules.four_hundred.solve import follow


def _trick_start(seed: int, tricks_left: int) -> State | None:
    """A random position at the start of a trick, after random bids and scores."""
    state = _ending(seed, tricks_left + 1)
    if state is None:
        return None
    rng = random.Random(seed)
    while sum(state.tricks_taken) < 13 - tricks_left or state.current_trick.cards:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _signed(state: State) -> tuple[int, int, int, int]:
    """Each seat's bid value to team 0: plus for team 0's players, minus for team 1's."""
    values = []
    for seat in range(4):
        bid = state.bids[seat]
        assert bid is not None
        value = _bid_value(bid, state.scores[seat], state.rules)
        values.append(value if seat % 2 == 0 else -value)
    return values[0], values[1], values[2], values[3]


@pytest.mark.parametrize("tricks_left", [2, 4, 5, 6])
def test_the_score_bounds_hold_for_every_question(tricks_left: int) -> None:
    """At a trick start, for every question ``need`` the low bound is at most the position's
    value and the high bound at least it, and both depend only on cards still out."""
    checked = 0
    for seed in range(300, 500):
        state = _trick_start(seed, tricks_left)
        if state is None:
            continue
        values = _signed(state)
        played = bid_values(state)
        leader = state.current_trick.leader
        value = max(played.values()) if leader % 2 == 0 else min(played.values())
        hands = [state.hand(seat).mask for seat in range(4)]
        out = hands[0] | hands[1] | hands[2] | hands[3]
        bids = state.bids
        needs = [max(0, (bids[seat] or 0) - state.tricks_taken[seat]) for seat in range(4)]
        ws = core.Search(follow, players=4, trump=2, mode=core.TARGETS, utility=values).ws
        levels = {
            sum(v if made >> s & 1 else -v for s, v in enumerate(values)) for made in range(16)
        }
        for need in sorted(levels | {min(levels) - 1, max(levels) + 1}):
            low, high, low_cards, high_cards = core._targets_sure(
                ws, *hands, leader, tricks_left, out, need, *needs
            )
            assert low <= value <= high, (seed, need, low, value, high)
            assert low_cards & ~out == 0
            assert high_cards & ~out == 0
        checked += 1
    assert checked >= 150, checked


def test_each_seats_sure_trump_tricks_by_the_rule() -> None:
    """Each seat's own sure heart tricks count its partner's hearts above as well as its
    opponents'; each team's are its best player's against the opponents' hearts, or its two
    players' together; they depend on the hearts down to the lowest place counted."""
    rng = random.Random(12)
    for _ in range(2000):
        hands = random_hands(rng)
        hearts = [(hand >> 26) & 0x1FFF for hand in hands]
        every = hearts[0] | hearts[1] | hearts[2] | hearts[3]
        seats, side0, side1, lowest = core._seat_trumps(*hands, 2)
        own = [_sure_by_hand(hearts[seat], every & ~hearts[seat]) for seat in range(4)]
        assert [(seats >> (4 * seat)) & 15 for seat in range(4)] == own
        for team, got in ((0, side0), (1, side1)):
            enemy = hearts[1 - team] | hearts[3 - team]
            best = max(_sure_by_hand(hearts[seat], enemy) for seat in (team, team + 2))
            assert got == max(best, own[team] + own[team + 2])
        if any(own) or side0 or side1:
            assert 0 <= lowest <= 12
        else:
            assert lowest == -1
