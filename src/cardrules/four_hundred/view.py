"""What one seat may know: :class:`Observation` and :func:`observe` (``state.observe(seat)``).

An observation holds the seat's own hand and everything public -- bids, every card played with
its seat, tricks taken, scores, dealer, level, phase, whose turn, the history -- and, of the other
seats' unplayed cards, only how many there are.  It holds neither the seed nor the deck (either
would give the hidden cards away).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from cardrules.core.cardset import CardSet
from cardrules.core.tricks import Trick
from cardrules.four_hundred.actions import Action
from cardrules.four_hundred.rules import Rules
from cardrules.four_hundred.state import (
    _BIDS,
    _HANDS,
    _M,
    _PHASE,
    _TAKEN,
    _TURN,
    HandResult,
    Phase,
    StateData,
    _Match,
)

__all__ = ["Observation", "observe"]


@attrs.frozen(slots=True)
class Observation:
    """One seat's view of a state of 400."""

    #: The observing seat.
    seat: int
    #: The seat's own unplayed cards.
    hand: CardSet
    #: How many unplayed cards each seat holds.
    hand_sizes: tuple[int, int, int, int]
    #: The phase.
    phase: Phase
    #: The seat to act, or ``None`` when the game is over.
    current_player: int | None
    #: The dealer of the current hand.
    dealer: int
    #: The four scores.
    scores: tuple[int, int, int, int]
    #: The level of FH-24.
    level: int
    #: The bids made so far in this hand (``None`` for a seat yet to bid).
    bids: tuple[int | None, int | None, int | None, int | None]
    #: Tricks taken so far in this hand, per seat.
    tricks_taken: tuple[int, int, int, int]
    #: The completed tricks of this hand.
    tricks: tuple[Trick, ...]
    #: The trick in progress (possibly empty).
    current_trick: Trick
    #: The finished hands of the game.
    history: tuple[HandResult, ...]
    #: The seat's legal actions: empty unless it is this seat's turn.
    legal_actions: tuple[Action, ...]
    #: The ruleset.
    rules: Rules
    #: The deal number of the current hand.
    deal_number: int
    #: Each team's conduct offences so far (FH-28).
    offences: tuple[int, int]
    #: The winning team, or ``None``.
    winner: int | None


def observe(state: StateData, seat: int, legal: Sequence[Action] = ()) -> Observation:
    """The :class:`Observation` of ``seat`` (a checked seat) in ``state``; ``legal`` are the
    legal actions of the state when ``seat`` is to act (the engine's
    :meth:`State.observe <cardrules.four_hundred.State.observe>` passes them)."""
    s = state._s
    m: _Match = s[_M]
    hands = s[_HANDS]
    return Observation(
        seat=seat,
        hand=CardSet.from_mask(hands[seat]),
        hand_sizes=(
            hands[0].bit_count(),
            hands[1].bit_count(),
            hands[2].bit_count(),
            hands[3].bit_count(),
        ),
        phase=s[_PHASE],
        current_player=s[_TURN],
        dealer=m.dealer,
        scores=m.scores,
        level=m.level,
        bids=s[_BIDS],
        tricks_taken=s[_TAKEN],
        tricks=state.tricks,
        current_trick=state.current_trick,
        history=m.history,
        legal_actions=tuple(legal),
        rules=m.rules,
        deal_number=m.deal_number,
        offences=m.offences,
        winner=m.winner,
    )
