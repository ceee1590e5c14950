"""The search's :data:`~cardrules.core.search.POINTS` bounds before a trick is searched never
exclude the true value: checked against plain minimax over ``legal_actions()`` and ``apply()``
on trick starts of every All Fours rule variant (AF-16 ... AF-20: a follower may always trump,
every undertrump option; two and four players; deals lengthened by runs of the pack)."""

from __future__ import annotations

import random

import minimax
import pytest
from test_search_tiers import AF_RULES

from cardrules import CardSet, all_fours
from cardrules.all_fours import Phase
from cardrules.all_fours.solve import _root
from cardrules.core import search as core
from cardrules.core.search import tier

#: The key card's weights asked of the bounds: none, a few points, more than every card point.
_SHAPES = (0, 3, 161)


def _trick_start(rules: all_fours.Rules, seed: int, tricks_left: int) -> all_fours.State:
    """A random position at the start of a trick with ``tricks_left`` tricks to go (the stand
    or beg, give one and run the pack at random: some deals are lengthened)."""
    rng = random.Random(seed)
    while True:
        state = all_fours.new_game(
            rules, seed=rng.randrange(1 << 30), dealer=rng.randrange(4) % rules.players
        )
        while state.phase not in (Phase.PLAY, Phase.OVER):
            state = state.apply(rng.choice(state.legal_actions()))
        if state.phase is Phase.PLAY:
            break
    while len(state.hand(state.current_player)) > tricks_left or state.current_trick.cards:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _rest(shape: int, jack: int) -> minimax.Leaf:
    """The value the kernel counts: side 0's card points minus side 1's from the tricks still
    to play (AF-4), plus ``shape`` when side 0 takes the jack of trumps (``jack``) in them."""

    def leaf(end: all_fours.State, start: all_fours.State) -> int:
        hand = minimax.record(end, start)
        value = 0
        for trick, winner in list(zip(hand.tricks, hand.trick_winners, strict=True))[
            len(start.tricks) :
        ]:
            points = all_fours.card_points(trick.cards)
            mask = CardSet(trick.cards).mask
            value += points if winner % 2 == 0 else -points
            if winner % 2 == 0 and mask >> jack & 1:
                value += shape
        return value

    return leaf


def _check(state: all_fours.State) -> int:
    """Every sure bound of the position, for each key-card weight and question, around the true
    value; the leader's quick tricks (:func:`~cardrules.core.search._cashed`) are its own cards.
    The number of positions where the quick tricks count."""
    search = _root(state)[0]
    ws = search.core.ws
    n = state.players
    hands = [state.hand(seat).mask if seat < n else 0 for seat in range(4)]
    out = hands[0] | hands[1] | hands[2] | hands[3]
    leader = state.current_trick.leader
    left = len(state.hand(leader))
    jack = search.jack
    for shape in _SHAPES:
        ws[core.W_SHAPE] = shape
        value = minimax.value(state, _rest(shape, jack))
        for need in range(-81, 82 + shape, 7 if shape < 100 else 19):
            low, high, low_cards, high_cards = core._sure(
                ws, *hands, leader, left, out, 0, 0, 0, 0, need
            )
            assert low <= value <= high, (shape, need, low, value, high)
            assert (low_cards | high_cards) & ~out == 0
    quick, cashed = core._cashed(*hands, n, leader, int(state.trump))
    assert cashed & ~hands[leader] == 0
    assert bin(cashed).count("1") == quick <= left
    return 1 if quick else 0


@pytest.mark.rule("AF-18")
@pytest.mark.parametrize("variant", sorted(AF_RULES))
def test_points_bounds_hold_against_minimax(variant: str) -> None:
    rules = AF_RULES[variant]
    counted = 0
    with tier(False):
        for seed in range(90):
            tricks_left = 1 + seed % 3
            counted += _check(_trick_start(rules, seed, tricks_left))
    assert counted >= 3  # the quick tricks were put to the test
