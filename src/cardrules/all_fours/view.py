"""What one seat may know: :class:`Observation` (AF-15).

Until the beg is answered only the beggar and the dealer look at their hands, so the other
seats' observations show no own cards (hand sizes stay public).  Kicks, played cards, exposed
cards (AF-25), scores and the history are public; no other seat's unplayed card is ever shown.

>>> from cardrules.all_fours import new_game
>>> state = new_game(seed=3, dealer=0)
>>> [len(state.observe(seat).hand) for seat in range(4)]
[6, 6, 0, 0]
>>> [len(state.apply(state.legal_actions()[0]).observe(seat).hand) for seat in range(4)]
[6, 6, 6, 6]
"""

from __future__ import annotations

import attrs

from cardrules.all_fours.actions import Action
from cardrules.all_fours.rules import Rules
from cardrules.all_fours.scoring import Award
from cardrules.all_fours.state import HandResult, Phase, StateData
from cardrules.core.cards import Card, Suit
from cardrules.core.cardset import CardSet
from cardrules.core.checks import check_seat
from cardrules.core.tricks import Trick

__all__ = ["Observation", "observe"]


@attrs.frozen(slots=True)
class Observation:
    """What ``seat`` may know of a state.

    ``hand`` is the seat's own unplayed cards (empty for a seat that may not look yet, AF-15);
    ``hand_sizes`` every seat's count; ``stock_size`` the undealt cards' count;
    ``exposed_by`` each seat's exposed cards (AF-25: shown face up, so public with their owner);
    ``legal_actions`` is empty unless it is this seat's turn.  The observation holds no seed and
    no deck: nothing from which a hidden card follows (see
    :func:`~cardrules.all_fours.determinize`).
    """

    seat: int
    rules: Rules
    phase: Phase
    dealer: int
    deal_number: int
    current_player: int | None
    scores: tuple[int, int]
    winner: int | None
    hand: CardSet
    hand_sizes: tuple[int, ...]
    stock_size: int
    kicks: tuple[Card, ...]
    trump: Suit | None
    decisions: tuple[Action, ...]
    awards: tuple[Award, ...]
    tricks: tuple[Trick, ...]
    trick_winners: tuple[int, ...]
    current_trick: Trick
    tricks_won: tuple[int, int]
    exposed: CardSet
    exposed_by: tuple[CardSet, ...]
    called: Card | None
    history: tuple[HandResult, ...]
    legal_actions: tuple[Action, ...]

    @property
    def kick(self) -> Card:
        """The current kick."""
        return self.kicks[-1]

    @property
    def may_look(self) -> bool:
        """Whether this seat may look at its hand yet (AF-15)."""
        return self.hand_sizes[self.seat] == len(self.hand)


def may_look(state: StateData, seat: int) -> bool:
    """AF-15: until trumps are fixed by the beggar's stand or the dealer's answer, only the
    beggar and the dealer look at their hands."""
    return state.trump is not None or seat in (state.dealer, state.beggar)


def observe(state: StateData, seat: int, legal_actions: tuple[Action, ...]) -> Observation:
    """The :class:`Observation` of ``seat`` in ``state``, whose legal actions (the engine's, or
    ``()`` when it is not ``seat``'s turn) are ``legal_actions``."""
    seat = check_seat(seat, state.players)
    own = state.hand(seat) if may_look(state, seat) else CardSet()
    sizes = tuple(len(state.hand(s)) for s in range(state.players))
    return Observation(
        seat=seat,
        rules=state.rules,
        phase=state.phase,
        dealer=state.dealer,
        deal_number=state.deal_number,
        current_player=state.current_player,
        scores=state.scores,
        winner=state.winner,
        hand=own,
        hand_sizes=sizes,
        stock_size=len(state.stock),
        kicks=state.kicks,
        trump=state.trump,
        decisions=state.decisions,
        awards=state.awards,
        tricks=state.tricks,
        trick_winners=state.trick_winners,
        current_trick=state.current_trick,
        tricks_won=state.tricks_won,
        exposed=state.exposed,
        exposed_by=tuple(state.hand(s) & state.exposed for s in range(state.players)),
        called=state.called,
        history=state.history,
        legal_actions=legal_actions if state.current_player == seat else (),
    )
