"""The double-dummy solver of 400: the exact outcome of the rest of a hand with every card known.

:func:`solve` returns how many of the remaining tricks each team takes when every player sees
every hand and both teams play their best, each team taking as many tricks as it can (the game is
zero-sum in tricks, so that is one minimax value), and the value of every legal play of the
player to move.  :func:`tricks_at_least` answers the question a claim asks (FH-18 and beyond):
can this team take at least ``k`` more tricks against any defence, within a budget of nodes?

The search is the one both games share (:mod:`cardrules.core.search`: null-window questions,
a transposition table of relative ranks, equivalent cards, move ordering, sure trump tricks),
compiled when numba is installed, with 400's differences as its parameters: four players,
hearts always trumps (FH-5), a follower follows suit if it can (FH-16, the core's kernel
:func:`~cardrules.core.tricks.must_follow_bits`), and a trick counts one for the team that wins
it (:data:`~cardrules.core.search.TRICKS`).
The value of each legal play is found by asking a few questions, stepping from the best value
found so far (the first play by bisection).

``nodes`` (and the ``budget`` arguments) count the tricks searched: the trick starts whose cards
were played out, not those the table or the bounds settled.

>>> from cardrules.four_hundred import new_game, Bid
>>> from cardrules.four_hundred.solve import solve
>>> state = new_game(seed=5, dealer=0)
>>> for tricks in (3, 3, 3, 2):
...     state = state.apply(Bid(tricks))
>>> while sum(state.tricks_taken) < 8:  # five tricks to go
...     state = state.apply(state.legal_actions()[0])
>>> result = solve(state)
>>> sum(result.tricks), sum(result.taken)
(5, 8)
>>> result.tricks in result.plays.values(), result.best_plays[0] in state.legal_actions()
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import attrs

from cardrules.core.cards import CARDS
from cardrules.core.checks import check_int, check_seat, refuse
from cardrules.core.compiled import kernel
from cardrules.core.equivalence import run_below, runs
from cardrules.core.search import TRICKS, Search, exact
from cardrules.core.tricks import must_follow_bits
from cardrules.errors import ArgumentError, CardrulesError
from cardrules.four_hundred.actions import Play
from cardrules.four_hundred.engine import State
from cardrules.four_hundred.state import Phase

__all__ = ["Solution", "SolveBudgetExceeded", "play_values", "solve", "tricks_at_least"]

_HEARTS: Final = 2  # FH-5: hearts are always trumps
_SUIT: Final = 0x1FFF


class SolveBudgetExceeded(CardrulesError, RuntimeError):
    """The search needed more nodes than its ``budget`` allowed (see :func:`solve`)."""


@attrs.frozen
class Solution:
    """The double-dummy outcome of the rest of a 400 hand.

    ``tricks`` are the tricks each team (0 = seats 0 and 2, 1 = seats 1 and 3) takes from here
    with best play, the trick in progress included; ``taken`` the tricks each team has already
    taken this hand.  ``player`` is the seat to move (``None`` when no card is to be played) and
    ``plays`` maps each of its legal plays to the ``tricks`` that follow it (empty during the
    bidding, when the solution is that of the play to come).  ``nodes`` counts the tricks
    searched (trick starts whose plays were searched; see the module's introduction).
    """

    tricks: tuple[int, int]
    taken: tuple[int, int]
    player: int | None
    plays: Mapping[Play, tuple[int, int]]
    nodes: int

    @property
    def best_plays(self) -> tuple[Play, ...]:
        """The plays that keep the value for the player to move (its team's most tricks)."""
        if self.player is None or not self.plays:
            return ()
        team = self.player & 1
        best = max(value[team] for value in self.plays.values())
        return tuple(play for play, value in self.plays.items() if value[team] == best)


@kernel
def _follow(hand: int, lead: int, top: int, trump: int, option: int) -> int:
    """FH-16 in the search's shape: the core's kernel
    :func:`~cardrules.core.tricks.must_follow_bits` (``lead`` the suit led, -1 leading)."""
    return must_follow_bits(hand, lead)


def _position(state: object) -> tuple[tuple[int, int, int, int], int, tuple[int, ...], int]:
    """The hands (masks), the leader, the trick's card indices and the tricks left of a state in
    play, or of the play to come during the bidding."""
    if not isinstance(state, State):
        refuse("state", "a four_hundred.State", state)
    if state.phase not in (Phase.BIDDING, Phase.PLAY):
        raise ArgumentError(
            "state: the solver needs a state in the bidding or the play, not a finished game or "
            "a chance state",
            name="state",
            value=state,
        )
    hands = (state.hand(0).mask, state.hand(1).mask, state.hand(2).mask, state.hand(3).mask)
    left = 13 - sum(state.tricks_taken)
    if state.phase is Phase.BIDDING:
        return hands, (state.dealer + 1) % 4, (), left
    trick = tuple(card.index for card in state.current_trick.cards)
    return hands, state.current_trick.leader, trick, left


def _budget(budget: object, name: str = "budget") -> int | None:
    if budget is None:
        return None
    return check_int(budget, name=name, low=1)


def _search(budget: int | None) -> Search:
    return Search(_follow, players=4, trump=_HEARTS, mode=TRICKS, budget=budget)


def _over(search: Search, budget: int | None) -> None:
    if search.over:
        raise SolveBudgetExceeded(f"the solver needed more than {budget} nodes for this position")


def _play_values(
    search: Search,
    hands: tuple[int, int, int, int],
    leader: int,
    trick: tuple[int, ...],
    left: int,
    budget: int | None,
) -> dict[int, int]:
    """Team 0's tricks from here after each legal card of the player to move (by card index):
    each card's value stepped from the best so far (most plays share it or come close)."""
    seat = (leader + len(trick)) & 3
    allowed = must_follow_bits(hands[seat], trick[0] // 13 if trick else -1)
    out = hands[0] | hands[1] | hands[2] | hands[3]
    for card in trick:
        out |= 1 << card
    levels = range(left + 1)
    values: dict[int, int] = {}
    found: int | None = None
    maximizing = not seat & 1
    for suit in range(4):
        shift = 13 * suit
        for place in runs((allowed >> shift) & _SUIT, (out >> shift) & _SUIT):
            top = shift + place

            def ask(need: int, top: int = top) -> int:
                bound = search.ask(hands, leader, trick, need, restrict=1 << top)
                _over(search, budget)
                return bound

            value = exact(ask, levels, found)
            if found is None or (value > found if maximizing else value < found):
                found = value
            for card in run_below(top, allowed, out):
                values[card] = value
    return values


def solve(state: State, *, budget: int | None = None) -> Solution:
    """The double-dummy solution of the rest of ``state``'s hand (see the module's introduction).

    During the bidding, the solution is that of the play to come (dealer + 1 leads, FH-15).

    :param budget: the most tricks to search (``Solution.nodes``), an int of at least 1;
        ``None`` for no limit.
    :raises SolveBudgetExceeded: when the search needs more than ``budget`` nodes.
    :raises ArgumentError: for a state that is not a 400 state in the bidding or the play (a
        finished game, a chance state), or a budget that is not a positive int.
    """
    hands, leader, trick, left = _position(state)
    budget = _budget(budget)
    taken = state.tricks_taken
    done = (taken[0] + taken[2], taken[1] + taken[3])
    search = _search(budget)
    plays: dict[Play, tuple[int, int]] = {}
    if state.phase is Phase.PLAY:
        values = _play_values(search, hands, leader, trick, left, budget)
        seat = (leader + len(trick)) & 3
        value = max(values.values()) if not seat & 1 else min(values.values())
        for card in sorted(values):
            plays[Play(CARDS[card])] = (values[card], left - values[card])
    else:

        def ask(need: int) -> int:
            bound = search.ask(hands, leader, trick, need)
            _over(search, budget)
            return bound

        value = exact(ask, range(left + 1))
    return Solution(
        (value, left - value), done, state.current_player if plays else None, plays, search.nodes
    )


def tricks_at_least(
    state: State, team: int, tricks: int, node_budget: int | None = None
) -> bool | None:
    """Can ``team`` take at least ``tricks`` more tricks (the trick in progress included)
    against any defence, every hand known?  ``None`` when the search needs more than
    ``node_budget`` nodes.

    A team's claim of the remaining tricks is ``tricks_at_least(state, team, tricks_left)``.
    The game's claim (FH-18) is a player's: the claimer must take every remaining trick itself,
    its partner free to play against it; :func:`cardrules.four_hundred.claims.settle_claim`
    settles that one.

    >>> from cardrules.four_hundred import new_game, Bid
    >>> state = new_game(seed=5, dealer=0)
    >>> for bid in (3, 3, 3, 2):
    ...     state = state.apply(Bid(bid))
    >>> while sum(state.tricks_taken) < 8:
    ...     state = state.apply(state.legal_actions()[0])
    >>> value = solve(state).tricks[0]
    >>> tricks_at_least(state, 0, value), tricks_at_least(state, 0, value + 1)
    (True, False)
    """
    hands, leader, trick, left = _position(state)
    team = check_seat(team, 2, name="team")
    tricks = check_int(tricks, name="tricks")
    node_budget = _budget(node_budget, "node_budget")
    search = _search(node_budget)
    # Team 1 takes at least k exactly when team 0 cannot take left - k + 1.
    need = tricks if team == 0 else left - tricks + 1
    bound = search.ask(hands, leader, trick, need)
    if search.over:
        return None
    return (bound >= need) == (team == 0)


def play_values(state: State, *, budget: int | None = None) -> dict[Play, tuple[int, int]]:
    """The tricks each team takes from here after each legal play of the player to move (as
    :attr:`Solution.plays`, without the value of the position itself: what a
    Perfect Information Monte Carlo agent needs of each sample).

    :raises SolveBudgetExceeded: when the searches need more than ``budget`` nodes in all.
    :raises ArgumentError: unless a card is to be played, or for a budget that is not a
        positive int.
    """
    hands, leader, trick, left = _position(state)
    if state.phase is not Phase.PLAY:
        raise ArgumentError(
            "state: play_values needs a card to be played, not the bidding",
            name="state",
            value=state,
        )
    budget = _budget(budget)
    values = _play_values(_search(budget), hands, leader, trick, left, budget)
    return {Play(CARDS[card]): (values[card], left - values[card]) for card in sorted(values)}
