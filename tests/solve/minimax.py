"""Plain minimax over the public API: the reference that the solvers' tests check them against.

Every value is found by trying every action of ``state.legal_actions()`` with ``state.apply()``
to the end of the deal, side (or team) 0 maximizing and side 1 minimizing, and scoring the end of
the deal from what the engine recorded of it (``state.history``).  Nothing of the solvers is used:
no follow rule, trick winner or table of theirs, so a fault in the search or in what it is told
shows as a difference.  Each value is the one the solver under test defines:

* 400, :func:`fh_tricks`: team 0's tricks from here, the trick in progress included
  (``four_hundred.solve``; FH-16, FH-17 as the engine plays them);
* 400, :func:`fh_score`: team 0's change of score from the hand minus team 1's, as the engine
  scored it (``bid_values``; FH-19, FH-20);
* All Fours, :func:`af_points`: side 0's points minus side 1's from Jack (or hang jack) and Game,
  as :func:`~cardrules.all_fours.hand_awards` scores the cards each side won in the tricks that
  the engine recorded (``all_fours.solve``'s default objective; AF-23);
* All Fours, :func:`af_race`: the ``"game"`` objective: ``WIN`` (or ``-WIN``) when the engine's
  scores after the deal reached the target (AF-21, AF-23: the awards added one at a time),
  else side 0's points minus side 1's since the start.

Minimax is exponential, so this is for endings of a few tricks (three tricks of four players is
about two thousand ``apply`` calls).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from cardrules import Card, CardSet, all_fours, four_hundred
from cardrules.all_fours.solve import WIN

S = TypeVar("S", all_fours.State, four_hundred.State)
#: The value of a finished deal: ``leaf(end, start)``, ``end`` the first state after the deal's
#: last card, ``start`` the position searched from.
Leaf = Callable[[Any, Any], int]


def plays(state: S, leaf: Leaf) -> dict[Any, int]:
    """Each legal action of ``state`` -> side 0's value of the rest of the deal after it."""
    return {action: _after(state.apply(action), state, leaf) for action in state.legal_actions()}


def value(state: S, leaf: Leaf) -> int:
    """Side 0's value of the rest of the deal from ``state``."""
    return _best(state, plays(state, leaf).values())


def _after(state: Any, start: Any, leaf: Leaf) -> int:
    if state.deal_number != start.deal_number or state.phase is not start.phase:
        return leaf(state, start)
    return _best(state, [_after(state.apply(a), start, leaf) for a in state.legal_actions()])


def _best(state: Any, values: Any) -> int:
    player = state.current_player
    assert player is not None
    return max(values) if player % 2 == 0 else min(values)


def record(end: S, start: S) -> Any:
    """The engine's record (``HandResult``) of the deal that ``start`` is in."""
    (hand,) = (h for h in end.history if h.deal_number == start.deal_number)
    return hand


# -- 400 --------------------------------------------------------------------------------------
def fh_tricks(end: four_hundred.State, start: four_hundred.State) -> int:
    """Team 0's tricks from ``start`` to the end of the hand."""
    taken = record(end, start).tricks_taken
    before = start.tricks_taken
    return taken[0] + taken[2] - before[0] - before[2]


def fh_score(end: four_hundred.State, start: four_hundred.State) -> int:
    """Team 0's change of score from the hand minus team 1's."""
    changes = record(end, start).changes
    return changes[0] + changes[2] - changes[1] - changes[3]


# -- All Fours --------------------------------------------------------------------------------
_BY_PLAY = (all_fours.AwardKind.JACK, all_fours.AwardKind.HANG_JACK, all_fours.AwardKind.GAME)
_AT_THE_END = (all_fours.AwardKind.HIGH, all_fours.AwardKind.LOW, *_BY_PLAY)


def af_awards(end: all_fours.State, start: all_fours.State) -> tuple[all_fours.Award, ...]:
    """Every end-of-hand award of the deal (AF-23), the whole tally, scored by
    :func:`~cardrules.all_fours.hand_awards` from the tricks the engine recorded.  Where the
    engine scored them all (no side reached the target), they are checked to be its awards."""
    hand = record(end, start)
    won: list[list[Card]] = [[], []]
    for trick, winner in zip(hand.tricks, hand.trick_winners, strict=True):
        won[winner % 2].extend(trick.cards)
    trump = start.trump
    assert trump is not None
    awards = all_fours.hand_awards(
        trump,
        start.dealt,
        [CardSet(cards) for cards in won],
        dealer=start.dealer,
        rules=start.rules,
    )
    if max(hand.scores) < start.rules.target:
        scored = tuple(award for award in hand.awards if award.kind in _AT_THE_END)
        assert awards == scored, (awards, scored)
    return awards


def af_points(end: all_fours.State, start: all_fours.State) -> int:
    """Side 0's points minus side 1's from Jack (or hang jack) and Game."""
    return sum(
        award.points if award.side == 0 else -award.points
        for award in af_awards(end, start)
        if award.kind in _BY_PLAY
    )


def af_fixed(end: all_fours.State, start: all_fours.State) -> tuple[int, int]:
    """The points of High and Low per side (fixed by the deal)."""
    points = [0, 0]
    for award in af_awards(end, start):
        if award.kind not in _BY_PLAY:
            points[award.side] += award.points
    return points[0], points[1]


def af_race(end: all_fours.State, start: all_fours.State) -> int:
    """The race's value of the deal: a win for the side that reached the target (AF-21), else
    side 0's points minus side 1's since ``start`` (the scores the engine kept)."""
    scores = record(end, start).scores
    target = start.rules.target
    if max(scores) >= target:
        return WIN if scores[0] >= target else -WIN
    return (scores[0] - start.scores[0]) - (scores[1] - start.scores[1])
