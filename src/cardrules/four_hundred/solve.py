"""The double-dummy solver of 400: the exact outcome of the rest of a hand with every card known.

:func:`solve` returns how many of the remaining tricks each team takes when every player sees
every hand and both teams play their best, each team taking as many tricks as it can (the game is
zero-sum in tricks, so that is one minimax value), and the value of every legal play of the
player to move.  :func:`tricks_at_least` answers the question a claim asks (FH-18 and beyond):
can this team take at least ``k`` more tricks against any defence, within a budget of nodes?

The search is the core's double-dummy search (:mod:`cardrules.core.search`: null-window
questions, a transposition table at trick starts with partition search, equivalent cards, move
ordering, sure trump tricks and quick tricks), compiled by numba when it is installed
(``pip install 'cardrules[solver]'``), else interpreted; it counts tricks
(:data:`~cardrules.core.search.TRICKS`) with hearts trumps (FH-5) and 400's duty to follow
(FH-16, the core's :func:`~cardrules.core.tricks.must_follow_bits`).  The value of each legal play
is found by a few null-window questions, stepping from the best value found so far.

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
from cardrules.core.checks import check_budget, check_int, check_seat, refuse
from cardrules.core.compiled import kernel
from cardrules.core.equivalence import run_below
from cardrules.core.equivalence import runs as suit_runs
from cardrules.core.search import TRICKS, Search, exact
from cardrules.core.tricks import beats, must_follow_bits
from cardrules.errors import ArgumentError, SolveBudgetExceeded
from cardrules.four_hundred.actions import Play
from cardrules.four_hundred.engine import State
from cardrules.four_hundred.state import Phase

__all__ = [
    "Solution",
    "SolveBudgetExceeded",
    "check_budget",
    "play_values",
    "solve",
    "tricks_at_least",
]

_HEARTS: Final = 2  # FH-5: hearts are always trumps
_SUIT: Final = 0x1FFF


class _OverBudget(Exception):
    """Raised when a search runs out of its node budget."""


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


# -- the public functions ---------------------------------------------------------------------
def _position(state: State) -> tuple[tuple[int, int, int, int], int, tuple[int, ...]]:
    """The hands (masks), the leader and the trick's card indices of a state in play, or of the
    play to come during the bidding."""
    if not isinstance(state, State):
        refuse("state", "a four_hundred.State", state)
    h0, h1, h2, h3 = (state.hand(seat).mask for seat in range(4))
    hands = (h0, h1, h2, h3)
    if state.phase is Phase.BIDDING:
        return hands, (state.dealer + 1) % 4, ()
    if state.phase is not Phase.PLAY:
        raise ArgumentError(
            "state: solve needs a state in the bidding or the play, not a finished game or a "
            "chance state",
            name="state",
            value=state,
        )
    trick = tuple(card.index for card in state.current_trick.cards)
    return hands, state.current_trick.leader, trick


@kernel
def follow(hand: int, lead: int, top: int, trump: int, option: int) -> int:
    """400's follow rule in the search's form: FH-16, the core's
    :func:`~cardrules.core.tricks.must_follow_bits` (the trick's winning card, the trump and
    the option do not narrow it)."""
    return must_follow_bits(hand, lead)


def new_search(budget: int | None, left: int) -> Search:
    """A search of 400's card play with ``left`` tricks to go (its table sized to them)."""
    return Search(
        follow, players=4, trump=_HEARTS, mode=TRICKS, budget=budget, table_bits=_bits(left)
    )


def _bits(left: int) -> int:
    return max(10, min(19, left + 6))


def _ask(
    search: Search, hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...], need: int
) -> int:
    """A fail-soft bound on team 0's tricks from here (the trick in progress included)."""
    bound = search.ask(hands, leader, trick, need)
    if search.over:
        raise _OverBudget
    return bound


def _value(
    search: Search,
    hands: tuple[int, int, int, int],
    leader: int,
    trick: tuple[int, ...],
    left: int,
    guess: int | None = None,
) -> int:
    """Team 0's exact tricks from here, out of ``left``."""
    return exact(lambda need: _ask(search, hands, leader, trick, need), range(left + 1), guess)


def _after(
    hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...], card: int
) -> tuple[tuple[int, int, int, int], int, tuple[int, ...], int]:
    """The position after ``card`` is played: hands, leader, trick, team 0's trick won now."""
    seat = (leader + len(trick)) & 3
    new = list(hands)
    new[seat] ^= 1 << card
    cards = (*trick, card)
    if len(cards) < 4:
        return (new[0], new[1], new[2], new[3]), leader, cards, 0
    best, best_position = cards[0], 0
    for position in range(1, 4):
        if beats(cards[position], best, _HEARTS):  # FH-17
            best, best_position = cards[position], position
    winner = (leader + best_position) & 3
    return (new[0], new[1], new[2], new[3]), winner, (), int(not winner & 1)


def _play_values(
    search: Search,
    hands: tuple[int, int, int, int],
    leader: int,
    trick: tuple[int, ...],
    left: int,
) -> dict[int, int]:
    """Team 0's tricks from here after each legal card of the player to move (by card index).

    One card of each run of equivalent cards is searched; each play's value is stepped from the
    best value so far, which most plays share or come close to (the first from the top: a
    question that fails is cheap, a proof dear)."""
    seat = (leader + len(trick)) & 3
    out = hands[0] | hands[1] | hands[2] | hands[3]
    for card in trick:
        out |= 1 << card
    allowed = must_follow_bits(hands[seat], trick[0] // 13 if trick else -1)  # FH-16
    maximizing = not seat & 1
    values: dict[int, int] = {}
    found: int | None = None
    for suit in range(4):
        shift = 13 * suit
        for place in suit_runs((allowed >> shift) & _SUIT, (out >> shift) & _SUIT):
            top = shift + place
            child, child_leader, child_trick, won = _after(hands, leader, trick, top)
            guess = left - won if found is None else found - won
            value = won + _value(search, child, child_leader, child_trick, left - won, guess)
            if found is None or (value > found if maximizing else value < found):
                found = value
            for card in run_below(top, allowed, out):
                values[card] = value
    return values


def solve(state: State, *, budget: int | None = None) -> Solution:
    """The double-dummy solution of the rest of ``state``'s hand (see the module's introduction).

    During the bidding, the solution is that of the play to come (dealer + 1 leads, FH-15).

    :param budget: the most tricks to search (``Solution.nodes``); ``None`` for no limit.
    :raises SolveBudgetExceeded: when the search needs more than ``budget`` nodes.
    :raises ArgumentError: for a finished game, a chance state, a state of another game or a
        budget that is not ``None`` or a whole number from 1 to ``2**63 - 1``.
    """
    hands, leader, trick = _position(state)
    budget = check_budget(budget)
    taken = state.tricks_taken
    done = (taken[0] + taken[2], taken[1] + taken[3])
    left = 13 - done[0] - done[1]
    search = new_search(budget, left)
    plays: dict[Play, tuple[int, int]] = {}
    try:
        if state.phase is Phase.PLAY:
            values = _play_values(search, hands, leader, trick, left)
            seat = (leader + len(trick)) & 3
            value = max(values.values()) if not seat & 1 else min(values.values())
            for card, tricks in values.items():
                plays[Play(CARDS[card])] = (tricks, left - tricks)
        else:
            value = _value(search, hands, leader, trick, left)
    except _OverBudget:
        raise SolveBudgetExceeded(
            f"the solver needed more than {budget} nodes for this position"
        ) from None
    ordered = {play: plays[play] for play in sorted(plays, key=lambda p: p.card.index)}
    return Solution(
        (value, left - value), done, state.current_player if plays else None, ordered, search.nodes
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
    hands, leader, trick = _position(state)
    team = check_seat(team, 2, name="team")
    tricks = check_int(tricks, name="tricks")
    node_budget = check_budget(node_budget, name="node_budget")
    taken = state.tricks_taken
    left = 13 - sum(taken)
    search = new_search(node_budget, left)
    # Team 1 takes at least k exactly when team 0 cannot take left - k + 1.
    try:
        if team == 0:
            return _ask(search, hands, leader, trick, tricks) >= tricks
        need = left - tricks + 1
        return _ask(search, hands, leader, trick, need) < need
    except _OverBudget:
        return None


def play_values(state: State, *, budget: int | None = None) -> dict[Play, tuple[int, int]]:
    """The tricks each team takes from here after each legal play of the player to move (as
    :attr:`Solution.plays`, without the value of the position itself: what a
    Perfect Information Monte Carlo agent needs of each sample).

    :raises SolveBudgetExceeded: when the searches need more than ``budget`` nodes in all.
    :raises ArgumentError: unless a card is to be played, or for a budget that
        :func:`solve` refuses.
    """
    hands, leader, trick = _position(state)
    budget = check_budget(budget)
    if state.phase is not Phase.PLAY:
        raise ArgumentError(
            "state: play_values needs a card to be played, not a bid",
            name="state",
            value=state,
        )
    left = 13 - sum(state.tricks_taken)
    search = new_search(budget, left)
    try:
        values = _play_values(search, hands, leader, trick, left)
    except _OverBudget:
        raise SolveBudgetExceeded(
            f"the solver needed more than {budget} nodes for this position"
        ) from None
    return {Play(CARDS[card]): (values[card], left - values[card]) for card in sorted(values)}
