"""The shared search's POINTS questions: asked of the card points still to be won, so that a
bound kept for a position holds whatever was won before it."""

from __future__ import annotations

import pytest

from cardrules.all_fours import Rules, Stand, new_game
from cardrules.all_fours.kernels import play_mask
from cardrules.core.compiled import kernel
from cardrules.core.search import POINTS, Search, exact
from cardrules.errors import ArgumentError

#: AF-4 card points by place (2 .. A).
_WORTH = [(0, 0, 0, 0, 0, 0, 0, 0, 10, 1, 2, 3, 4)[card % 13] for card in range(52)]
#: Jack and Game worth one point each (rows: side 0 takes the jack, side 1, nobody; columns:
#: side 0 ahead, level, side 1 ahead).
_TABLE = (2, 1, 0, 0, -1, -2, 1, 0, -1)


@kernel
def _follow(hand: int, lead: int, top: int, trump: int, option: int) -> int:
    return play_mask(hand, lead, top, trump, option, -1)


def _deal() -> tuple[tuple[int, ...], int, int]:
    """The hands, leader and trump of a full All Fours deal in play."""
    for seed in range(20):
        state = new_game(Rules(), seed=seed, dealer=seed % 4)
        if state.legal_actions() and Stand() in state.legal_actions():
            state = state.apply(Stand())
            if state.trump is not None and state.current_player is not None:
                hands = tuple(state.hand(seat).mask for seat in range(4))
                return hands, state.current_player, int(state.trump)
    raise AssertionError("no deal in play")


def _search(trump: int, table: tuple[int, ...] = _TABLE) -> Search:
    return Search(
        _follow,
        players=4,
        trump=trump,
        mode=POINTS,
        worth=_WORTH,
        utility=table,
        key=13 * trump + 9,
        alone=(0x1FFF & ~0xFF,) * 4,
        table_bits=12,
        compile_it=False,
    )


@pytest.mark.rule("AF-23")
def test_a_bound_holds_whatever_was_won_before() -> None:
    hands, leader, trump = _deal()
    search = _search(trump)
    # The jack already side 0's: "value >= 2" with 0 won so far asks for side 0 ahead (the rest
    # makes at least 1), as does "value >= 1" with side 0 one point behind.
    first = search.ask(hands, leader, (), 2, (0, 0, 0, 0))
    nodes = search.nodes
    assert nodes > 0
    second = search.ask(hands, leader, (), 1, (-1, 0, 0, 0))
    assert search.nodes == nodes  # answered by the table: the same question of the rest
    assert (first >= 2) == (second >= 1)


@pytest.mark.rule("AF-23")
def test_more_won_before_is_never_worse_for_side_0() -> None:
    hands, leader, trump = _deal()
    search = _search(trump)
    levels = sorted(set(_TABLE))

    def value(diff: int) -> int:
        return exact(lambda need: search.ask(hands, leader, (), need, (diff, -1, 0, 0)), levels)

    values = [value(diff) for diff in (-81, -20, -10, -5, 0, 5, 10, 20, 81)]
    assert values == sorted(values)
    assert values[0] <= 0 <= values[-1]  # Game settled either way: only the jack is open
    assert values[-1] - values[0] == 2


def test_a_table_that_falls_as_side_0_gains_is_refused() -> None:
    trump = _deal()[2]
    with pytest.raises(ArgumentError, match="utility"):
        _search(trump, (0, 1, 2, 0, -1, -2, 1, 0, -1))  # level above ahead
    with pytest.raises(ArgumentError, match="utility"):
        _search(trump, (0, -1, -2, 2, 1, 0, 1, 0, -1))  # the jack worth more to side 1


@pytest.mark.rule("AF-23")
def test_the_killer_of_a_lead_is_the_card_that_settled_it() -> None:
    """:meth:`Search.killer`: the card that last settled a search from the leader's hand keeps
    the answer that the search gave (the line of best play tries it first)."""
    checked = 0
    for seed in range(6):
        state = new_game(Rules(), seed=seed, dealer=seed % 4)
        if Stand() not in state.legal_actions():
            continue
        state = state.apply(Stand())
        if state.trump is None or state.current_player is None:
            continue
        hands = tuple(state.hand(seat).mask for seat in range(4))
        leader, trump = state.current_player, int(state.trump)
        for acc in ((0, 0, 0, 0), (0, 1, 0, 0), (-4, -1, 0, 0)):
            for need in (-1, 0, 1, 2):
                search = _search(trump)
                answer = search.ask(hands, leader, (), need, acc) >= need
                card = search.killer(hands[leader])
                if search.nodes == 0 or answer != (leader % 2 == 0):
                    continue  # no card settled the lead: none searched, or every card
                assert hands[leader] >> card & 1
                rest = list(hands)
                rest[leader] ^= 1 << card
                assert (search.ask(rest, leader, (card,), need, acc) >= need) == answer
                checked += 1
    assert checked >= 3
