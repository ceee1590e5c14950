"""The exact outcome in score of the rest of a 400 hand, every card known: whose bids are made.

:func:`~cardrules.four_hundred.solve.solve` counts tricks per team.  In 400 each player bids
for themselves (FH-19): a trick taken by one partner does not help the other make their bid, and
a trick beyond one's bid is worth nothing.  :func:`bid_values` searches for what the scores
count: every player's bid made or failed, each worth ``V(bid, score)`` (FH-20) to the player's
team, ``+V`` made and ``-V`` failed; the value of an end of the hand is team 0's change of score
minus team 1's, and each team plays for its own (zero-sum) value.

The search is the core's double-dummy search (:mod:`cardrules.core.search`), compiled by numba
when it is installed, else interpreted, valuing each seat's own target
(:data:`~cardrules.core.search.TARGETS`): null-window searches ("can team 0 reach at least
``v``?") over the at most sixteen values an end of the hand can have (the first play's bisected,
each next play's stepped from the value of the play before), a transposition table at the start
of each trick (each hand's suit lengths, the leader and each player's tricks still needed, with
partition search), equivalent cards searched once, and a cut-off as soon as the bids still open
cannot change the answer: a bid is made once its player's sure trump tricks (or, on lead, its
quick tricks) reach it, and out of reach once the partner's and the other team's sure tricks
leave too few.  The search grows fast with the tricks left: a full hand takes from a few
hundredths of a second to many seconds.

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
from cardrules.core.search import TARGETS, Search, exact
from cardrules.core.tricks import beats, must_follow_bits
from cardrules.errors import ArgumentError
from cardrules.four_hundred.actions import Play
from cardrules.four_hundred.engine import State
from cardrules.four_hundred.scoring import _bid_value
from cardrules.four_hundred.solve import SolveBudgetExceeded, check_budget, follow
from cardrules.four_hundred.state import Phase

__all__ = ["bid_values"]

_HEARTS: Final = 2  # FH-5: hearts are always trumps
_SUIT: Final = 0x1FFF


def bid_values(state: State, *, budget: int | None = None) -> dict[Play, int]:
    """The value after each legal play of the player to move, every hand known and both teams
    playing their best: team 0's change of score from this hand minus team 1's (FH-19, FH-20:
    each bid made gains its value, each bid failed loses it; overtricks count for nothing).

    :param budget: the most trick starts to search in all; ``None`` for no limit.
    :raises SolveBudgetExceeded: when the search needs more than ``budget`` of them.
    :raises ArgumentError: unless a card is to be played, or for a budget
        :func:`~cardrules.four_hundred.solve.solve` refuses.
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
    hands = tuple(state.hand(seat).mask for seat in range(4))
    left = len(state.hand(state.current_trick.leader))
    search = Search(
        follow,
        players=4,
        trump=_HEARTS,
        mode=TARGETS,
        utility=values,
        budget=budget,
        table_bits=max(10, min(20, left + 7)),
    )
    trick = tuple(card.index for card in state.current_trick.cards)
    leader = state.current_trick.leader
    seat = (leader + len(trick)) & 3
    out = hands[0] | hands[1] | hands[2] | hands[3]
    for card in trick:
        out |= 1 << card
    allowed = must_follow_bits(hands[seat], trick[0] // 13 if trick else -1)  # FH-16
    plays: dict[Play, int] = {}
    guess: int | None = None
    for suit in range(4):
        shift = 13 * suit
        for place in suit_runs((allowed >> shift) & _SUIT, (out >> shift) & _SUIT):
            top = shift + place
            child = (*trick, top)
            after = tuple(hand ^ (1 << top) if i == seat else hand for i, hand in enumerate(hands))
            value = _value(search, after, leader, child, needs, levels, budget, guess)
            guess = value
            for card in run_below(top, allowed, out):
                plays[Play(CARDS[card])] = value
    return {play: plays[play] for play in sorted(plays, key=lambda p: p.card.index)}


def _value(
    search: Search,
    hands: tuple[int, ...],
    leader: int,
    trick: tuple[int, ...],
    needs: tuple[int, ...],
    levels: list[int],
    budget: int | None,
    guess: int | None,
) -> int:
    """Team 0's exact value of a position (the trick ``trick`` under way), by bisection over
    ``levels``."""
    if len(trick) == 4:
        best, best_position = trick[0], 0
        for position in range(1, 4):
            if beats(trick[position], best, _HEARTS):  # FH-17
                best, best_position = trick[position], position
        leader = (leader + best_position) & 3
        taken = list(needs)
        taken[leader] = max(0, taken[leader] - 1)
        needs, trick = tuple(taken), ()

    def ask(need: int) -> int:
        bound = search.ask(hands, leader, trick, need, needs)
        if search.over:
            raise SolveBudgetExceeded(
                f"the search needed more than {budget} nodes for this position"
            )
        return bound

    return exact(ask, levels, guess)
