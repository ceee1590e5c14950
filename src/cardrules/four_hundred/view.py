"""What one seat may know: :class:`Observation` and :func:`observe` (``state.observe(seat)``).

An observation holds the seat's own hand and everything public -- bids, every card played with
its seat, tricks taken, scores, dealer, level, phase, whose turn, the history -- and, of the other
seats' unplayed cards, only how many there are.  It holds neither the seed nor the deck (either
would give the hidden cards away).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cardrules.core.cards import Suit
from cardrules.core.cardset import CardSet
from cardrules.core.tricks import Trick
from cardrules.events import (
    VIEW_VERSION,
    Event,
    completed_trick,
    legal_dicts,
    trick_dict,
    trick_event,
)
from cardrules.four_hundred.actions import Action, Bid, Claim, Move, Play, Redeal, action_id
from cardrules.four_hundred.rules import Rules
from cardrules.four_hundred.scoring import bids_total, minimum_total
from cardrules.four_hundred.state import HandEnd, HandResult, Outcome, Phase, StateData

__all__ = ["Observation", "events", "observe", "start_events"]


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

    def to_dict(self) -> dict[str, Any]:
        """The JSON view of this observation (the same keys as in All Fours; see the "Build a
        UI" page), built from this observation only.

        >>> from cardrules.four_hundred import new_game
        >>> view = new_game(seed=3, dealer=0).observe(1).to_dict()
        >>> view["game"], view["trump"], view["bids"], [a["text"] for a in view["legal"]][:3]
        ('four_hundred', 'H', [None, None, None, None], ['2', '3', '4'])
        """
        last = None
        if self.tricks:
            trick = self.tricks[-1]
            last = {
                "number": len(self.tricks),
                "winner": trick.winner(Suit.HEARTS),
                "plays": trick_dict(trick),
            }
        taken = self.tricks_taken
        return {
            "version": VIEW_VERSION,
            "game": "four_hundred",
            "seat": self.seat,
            "players": 4,
            "phase": self.phase.value,
            "dealer": self.dealer,
            "deal_number": self.deal_number,
            "current_player": self.current_player,
            "your_turn": self.current_player == self.seat,
            "game_over": self.phase is Phase.OVER,
            "winner": self.winner,
            "scores": list(self.scores),
            "target": None,
            "level": self.level,
            "hand": [str(card) for card in self.hand],
            "may_look": True,
            "hand_sizes": list(self.hand_sizes),
            "trump": Suit.HEARTS.letter,
            "kicks": [],
            "stock_size": 0,
            "bids": list(self.bids),
            "decisions": [],
            "tricks_taken": list(taken),
            "tricks_won": [taken[0] + taken[2], taken[1] + taken[3]],
            "trick": {"number": len(self.tricks) + 1, "plays": trick_dict(self.current_trick)},
            "last_trick": last,
            "awards": [],
            "exposed": [[], [], [], []],
            "legal": legal_dicts(self.legal_actions, action_id),
        }


def observe(state: StateData, seat: int, legal: Sequence[Action] = ()) -> Observation:
    """The :class:`Observation` of ``seat`` (a checked seat) in ``state``; ``legal`` are the
    legal actions of the state when ``seat`` is to act (the engine's
    :meth:`State.observe <cardrules.four_hundred.State.observe>` passes them)."""
    m = state._deal
    hands = state._hands
    return Observation(
        seat=seat,
        hand=CardSet.from_mask(hands[seat]),
        hand_sizes=(
            hands[0].bit_count(),
            hands[1].bit_count(),
            hands[2].bit_count(),
            hands[3].bit_count(),
        ),
        phase=m.phase,
        current_player=state._turn,
        dealer=m.dealer,
        scores=m.scores,
        level=m.level,
        bids=state._bids,
        tricks_taken=state._taken,
        tricks=state.tricks,
        current_trick=state.current_trick,
        history=m.history,
        legal_actions=tuple(legal),
        rules=m.rules,
        deal_number=m.deal_number,
        offences=m.offences,
        winner=m.winner,
    )


def start_events(view: Observation) -> list[Event]:
    """The ``deal`` event that opens the deal of ``view``: its number and dealer."""
    return [
        Event(
            "deal",
            {
                "deal_number": view.deal_number,
                "dealer": view.dealer,
                "kick": None,
                "points": 0,
                "side": None,
            },
        )
    ]


def events(before: Observation, action: Move, after: Observation) -> list[Event]:
    """The events between ``before`` and ``after``, two observations of one seat, when
    ``action`` (the move of ``before.current_player``, or a :class:`Claim`) led from one to the
    other (see :mod:`cardrules.events`)."""
    seat = before.current_player
    card = action.card if isinstance(action, Play) else None
    out = [_move(action, seat)]
    done = completed_trick(before, card, after, Suit.HEARTS, 4)
    if done is not None:
        out.append(trick_event(done, Suit.HEARTS))
    for result in after.history[len(before.history) :]:
        out.append(_summary(before, result))
    if after.phase is Phase.OVER:
        out.append(
            Event(
                "game_over", {"winner": after.winner, "scores": list(after.scores), "target": None}
            )
        )
    elif after.deal_number != before.deal_number:
        out.extend(start_events(after))
    return out


def _move(action: Move, seat: int | None) -> Event:
    if isinstance(action, Play):
        return Event("play", {"seat": seat, "card": str(action.card)})
    if isinstance(action, Bid):
        return Event("bid", {"seat": seat, "bid": action.tricks})
    if isinstance(action, Claim):
        return Event("claim", {"seat": action.seat})
    if isinstance(action, Redeal):
        return Event("redeal_asked", {"seat": seat})
    return Event("action", {"seat": seat, "text": str(action)})


def _summary(before: Observation, result: HandResult) -> Event:
    """A finished hand: thrown in (FH-14, FH-29), void (FH-26, FH-30) or scored (FH-19 ...
    FH-24) with each seat's bid, tricks, outcome and change."""
    ending = result.ending
    if ending is HandEnd.THROWN_IN:
        rules = before.rules
        bids = [0 if b is None else b for b in result.bids]
        total = bids_total(before.scores, bids, rules)
        low = minimum_total(before.scores, rules)
        mode = rules.five_to_start.value
        nobody_five = mode == "replace" or (mode == "additional" and total >= low)
        return Event(
            "thrown_in",
            {
                "deal_number": result.deal_number,
                "cause": "nobody_bid_five" if nobody_five else "low_total",
                "total": total,
                "minimum": low,
                "counts": rules.min_total_counts.value,
                "highest": max(before.scores),
            },
        )
    if ending in (HandEnd.VOID_REDEAL, HandEnd.CONDUCT_REDEAL):
        return Event("deal_void", {"deal_number": result.deal_number, "ending": ending.value})
    seats = [
        {
            "seat": seat,
            "bid": result.bids[seat],
            "took": result.tricks_taken[seat],
            "made": result.outcomes[seat] is Outcome.MADE,
            "change": result.changes[seat],
            "score": result.scores[seat],
        }
        for seat in range(4)
    ]
    return Event(
        "hand_scored",
        {
            "deal_number": result.deal_number,
            "ending": ending.value,
            "seats": seats,
            "teams": [result.scores[t] + result.scores[t + 2] for t in (0, 1)],
            "high_bid_winner": result.high_bid_winner,
            "level_before": before.level,
            "level": result.level,
        },
    )
