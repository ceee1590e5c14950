"""The exact outcome in score of the rest of a 400 hand, every card known: whose bids are made.

:func:`~cardrules.four_hundred.solve.solve` counts tricks per team.  In 400 each player bids
for themselves (FH-19): a trick taken by one partner does not help the other make their bid, and
a trick beyond one's bid is worth nothing.  :func:`bid_values` searches for what the scores
count: every player's bid made or failed, each worth ``V(bid, score)`` (FH-20) to the player's
team, ``+V`` made and ``-V`` failed; the value of an end of the hand is team 0's change of score
minus team 1's, and each team plays for its own (zero-sum) value.

The search is exact and pure Python, the same shape as the trick solver: null-window searches
("can team 0 reach at least ``v``?") bisected over the at most sixteen values an end of the hand
can have, a transposition table at the start of each trick (hands, leader and each player's
tricks still needed), equivalent cards searched once, and a cut-off as soon as every bid is
settled (made, or out of reach with the tricks left).  Suited to endings: the search grows with
the tricks left, so a PIMC agent calls it from a few tricks before the end.

>>> from cardrules.four_hundred import Bid, new_game
>>> from cardrules.four_hundred.bid_solve import bid_values
>>> state = new_game(seed=5, dealer=0)
>>> for tricks in (3, 3, 3, 2):
...     state = state.apply(Bid(tricks))
>>> while sum(state.tricks_taken) < 9:  # four tricks to go
...     state = state.apply(state.legal_actions()[0])
>>> values = bid_values(state)
>>> set(values) == set(state.legal_actions())
True
"""

from __future__ import annotations

from typing import Final

from cardrules.core.cards import CARDS
from cardrules.core.equivalence import run_below
from cardrules.core.equivalence import runs as suit_runs
from cardrules.core.tricks import beats
from cardrules.core.tricks import must_follow_unchecked as must_follow_mask
from cardrules.errors import ArgumentError
from cardrules.four_hundred.actions import Play
from cardrules.four_hundred.engine import State
from cardrules.four_hundred.scoring import _bid_value
from cardrules.four_hundred.solve import SolveBudgetExceeded, check_budget
from cardrules.four_hundred.state import Phase

__all__ = ["bid_values"]

_HEARTS: Final = 2  # FH-5: hearts are always trumps
_SUIT: Final = 0x1FFF


class _OverBudget(Exception):
    """Raised inside the search when the node budget runs out."""


class _Search:
    """One search: each player's bid value (signed for team 0), the table and the budget."""

    __slots__ = ("budget", "nodes", "runs", "table", "values")

    def __init__(self, values: tuple[int, int, int, int], budget: int | None) -> None:
        #: ``values[seat]``: what the seat's bid is worth to team 0 when made (minus when failed).
        self.values = values
        self.table: dict[tuple[int, ...], list[int]] = {}
        self.runs: dict[int, tuple[int, ...]] = {}
        self.nodes = 0
        self.budget = budget

    def bounds(self, needs: tuple[int, int, int, int], left: int) -> tuple[int, int]:
        """The least and most team 0 can reach: bids met or out of reach count as settled."""
        fixed = 0
        open_ = 0
        for seat in range(4):
            need = needs[seat]
            value = self.values[seat]
            if need == 0:
                fixed += value
            elif need > left:
                fixed -= value
            else:
                open_ += abs(value)
        return fixed - open_, fixed + open_

    def at_least(
        self,
        hands: tuple[int, int, int, int],
        leader: int,
        needs: tuple[int, int, int, int],
        v: int,
    ) -> bool:
        """At the start of a trick: can team 0 reach at least ``v``?"""
        left = hands[leader].bit_count()
        key = (*hands, leader, *needs)
        bounds = self.table.get(key)
        if bounds is None:
            bounds = self.table[key] = list(self.bounds(needs, left))
        if bounds[0] >= v:
            return True
        if bounds[1] < v:
            return False
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise _OverBudget
        out = hands[0] | hands[1] | hands[2] | hands[3]
        result = self.play(hands, leader, needs, 0, -1, -1, 0, v, out)
        if result:
            bounds[0] = v
        else:
            bounds[1] = v - 1
        return result

    def play(
        self,
        hands: tuple[int, int, int, int],
        leader: int,
        needs: tuple[int, int, int, int],
        position: int,
        lead: int,
        best: int,
        best_position: int,
        v: int,
        out: int,
    ) -> bool:
        """Play position ``position`` of the trick: can team 0 still reach ``v``?"""
        seat = (leader + position) & 3
        hand = hands[seat]
        allowed = must_follow_mask(hand, lead if position else None)  # FH-16
        cards = self.representatives(allowed, out)
        if len(cards) > 1:
            cards = _order(cards, position, best)
        maximizing = not seat & 1
        for card in cards:
            if position == 0 or beats(card, best, _HEARTS):  # FH-17
                new_best, new_position = card, position
            else:
                new_best, new_position = best, best_position
            rest = hand ^ (1 << card)
            new_hands = (
                rest if seat == 0 else hands[0],
                rest if seat == 1 else hands[1],
                rest if seat == 2 else hands[2],
                rest if seat == 3 else hands[3],
            )
            if position == 3:
                winner = (leader + new_position) & 3
                if needs[winner]:
                    taken = list(needs)
                    taken[winner] -= 1
                    new_needs = (taken[0], taken[1], taken[2], taken[3])
                else:
                    new_needs = needs
                if not new_hands[0]:
                    low, _ = self.bounds(new_needs, 0)
                    result = low >= v
                else:
                    result = self.at_least(new_hands, winner, new_needs, v)
            else:
                result = self.play(
                    new_hands,
                    leader,
                    needs,
                    position + 1,
                    card // 13 if position == 0 else lead,
                    new_best,
                    new_position,
                    v,
                    out,
                )
            if result is maximizing:
                return result
        return not maximizing

    def representatives(self, allowed: int, out: int) -> list[int]:
        """One card of each run of ``allowed`` that no other card of ``out`` separates."""
        result: list[int] = []
        for suit in range(4):
            shift = 13 * suit
            mine = (allowed >> shift) & _SUIT
            if not mine:
                continue
            code = ((out >> shift) & _SUIT) << 13 | mine
            runs = self.runs.get(code)
            if runs is None:
                runs = self.runs[code] = suit_runs(mine, (out >> shift) & _SUIT)
            result.extend(shift + rank for rank in runs)
        return result


def _order(cards: list[int], position: int, best: int) -> list[int]:
    """Good plays first: the leader's high cards; a follower's cheapest winning card, then its
    lowest cards."""
    if position == 0:
        return sorted(cards, key=lambda card: -(card % 13) - (13 if card // 13 == _HEARTS else 0))

    def key(card: int) -> tuple[int, int]:
        cost = card % 13 + (13 if card // 13 == _HEARTS else 0)
        return (0 if beats(card, best, _HEARTS) else 1, cost)

    return sorted(cards, key=key)


def bid_values(state: State, *, budget: int | None = None) -> dict[Play, int]:
    """The value after each legal play of the player to move, every hand known and both teams
    playing their best: team 0's change of score from this hand minus team 1's (FH-19, FH-20:
    each bid made gains its value, each bid failed loses it; overtricks count for nothing).

    :param budget: the most trick starts to search in all; ``None`` for no limit.
    :raises SolveBudgetExceeded: when the search needs more than ``budget`` of them.
    :raises ValueError: unless a card is to be played.
    """
    if not isinstance(state, State) or state.phase is not Phase.PLAY:
        raise ArgumentError(
            "state: bid_values needs a four_hundred.State with a card to be played",
            name="state",
            value=state,
        )
    budget = check_budget(budget)
    rules = state.rules
    bids = state.bids
    signed = []
    for seat in range(4):
        bid = bids[seat]
        assert bid is not None  # every seat has bid during the play
        value = _bid_value(bid, state.scores[seat], rules)
        signed.append(value if seat % 2 == 0 else -value)
    values = (signed[0], signed[1], signed[2], signed[3])
    taken = state.tricks_taken
    needs = tuple(max(0, (bids[seat] or 0) - taken[seat]) for seat in range(4))
    levels = sorted(
        {
            sum(value if made >> seat & 1 else -value for seat, value in enumerate(values))
            for made in range(16)
        }
    )
    search = _Search(values, budget)
    hands = tuple(state.hand(seat).mask for seat in range(4))
    trick = tuple(card.index for card in state.current_trick.cards)
    leader = state.current_trick.leader
    seat = (leader + len(trick)) & 3
    out = hands[0] | hands[1] | hands[2] | hands[3]
    for card in trick:
        out |= 1 << card
    allowed = must_follow_mask(hands[seat], trick[0] // 13 if trick else None)
    plays: dict[Play, int] = {}
    try:
        for top in search.representatives(allowed, out):
            child = (*trick, top)
            new_hands = tuple(
                hand ^ (1 << top) if index == seat else hand for index, hand in enumerate(hands)
            )
            value = _value(search, new_hands, leader, child, needs, levels)  # type: ignore[arg-type]
            for card in run_below(top, allowed, out):
                plays[Play(CARDS[card])] = value
    except _OverBudget:
        raise SolveBudgetExceeded(
            f"the search needed more than {budget} nodes for this position"
        ) from None
    return {play: plays[play] for play in sorted(plays, key=lambda p: p.card.index)}


def _value(
    search: _Search,
    hands: tuple[int, int, int, int],
    leader: int,
    trick: tuple[int, ...],
    needs: tuple[int, int, int, int],
    levels: list[int],
) -> int:
    """Team 0's exact value of a position (the trick ``trick`` under way), by bisection over
    ``levels``."""
    first, last = 0, len(levels) - 1
    while first < last:
        middle = (first + last + 1) // 2
        if _at_least(search, hands, leader, trick, needs, levels[middle]):
            first = middle
        else:
            last = middle - 1
    return levels[first]


def _at_least(
    search: _Search,
    hands: tuple[int, int, int, int],
    leader: int,
    trick: tuple[int, ...],
    needs: tuple[int, int, int, int],
    v: int,
) -> bool:
    if len(trick) == 4:
        best, best_position = trick[0], 0
        for position in range(1, 4):
            if beats(trick[position], best, _HEARTS):
                best, best_position = trick[position], position
        winner = (leader + best_position) & 3
        taken = list(needs)
        taken[winner] = max(0, taken[winner] - 1)
        new_needs = (taken[0], taken[1], taken[2], taken[3])
        if not hands[0]:
            return search.bounds(new_needs, 0)[0] >= v
        return search.at_least(hands, winner, new_needs, v)
    if not trick:
        return search.at_least(hands, leader, needs, v)
    out = hands[0] | hands[1] | hands[2] | hands[3]
    best, best_position = trick[0], 0
    for position in range(1, len(trick)):
        if beats(trick[position], best, _HEARTS):
            best, best_position = trick[position], position
    for card in trick:
        out |= 1 << card
    return search.play(
        hands, leader, needs, len(trick), trick[0] // 13, best, best_position, v, out
    )
