"""The game protocol that every game state of cardrules satisfies, and its observations'.

Bots, runners, records, test kits and adapters are written once against :class:`GameState` (and
what a seat sees against :class:`GameObservation`) and work for every game of the registry
(:mod:`cardrules.games`):

>>> from cardrules import GameState
>>> def play_first_moves(state: GameState[object], steps: int) -> GameState[object]:
...     for _ in range(steps):
...         if state.is_terminal:
...             break
...         state = state.apply(state.legal_actions()[0])
...     return state

A state also says where the game stands: the deal, its dealer and deck, the scores, the phase,
the rules and the results of the deals so far (what records and the command need):

>>> from cardrules import all_fours
>>> state: GameState[object] = all_fours.new_game(seed=3, dealer=1)
>>> state.deal_number, state.dealer, state.scores, str(state.phase), len(state.deck)
(0, 1, (0, 0), 'beg', 52)
>>> seen: GameObservation = state.observe(2)
>>> seen.seat, seen.dealer, len(seen.hand), seen.legal_actions == tuple(state.legal_actions())
(2, 1, 6, True)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Protocol, Self, TypeVar, runtime_checkable

from cardrules.core.cards import Card, Suit
from cardrules.core.cardset import CardSet
from cardrules.core.tricks import Trick

__all__ = ["GameObservation", "GameState", "GameView"]

ActionT = TypeVar("ActionT")


@runtime_checkable
class GameView(Protocol):
    """Where the game stands, as every seat sees it alike: what a state and an observation of
    it both offer (:class:`GameState`, :class:`GameObservation`)."""

    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` when the game is over (or waits for a deal)."""
        ...

    @property
    def winner(self) -> int | None:
        """The winning team or side, or ``None`` while the game goes on."""
        ...

    @property
    def deal_number(self) -> int:
        """The number of the deal in play, from 0 (every deal counts, thrown-in ones too)."""
        ...

    @property
    def dealer(self) -> int:
        """The seat that dealt the deal in play."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """The scores, in the game's own unit (per player or per side, as its rules say)."""
        ...

    @property
    def phase(self) -> str:
        """The part of the deal in play (a game's ``Phase``, a ``str`` enum)."""
        ...

    @property
    def rules(self) -> Any:
        """The game's ``Rules``."""
        ...

    @property
    def tricks(self) -> Sequence[Trick]:
        """The deal's completed tricks, in order."""
        ...

    @property
    def current_trick(self) -> Trick:
        """The trick in play (no card yet between tricks)."""
        ...

    @property
    def history(self) -> Sequence[Any]:
        """The result of each finished deal, in order (the game's ``HandResult``)."""
        ...


@runtime_checkable
class GameState(GameView, Hashable, Protocol[ActionT]):
    """An immutable state of a game: what every game module's ``State`` offers.

    * :attr:`current_player` -- the seat to act, or ``None`` when the game is over;
    * :meth:`legal_actions` -- the legal actions of that seat, in a stable order (empty when over);
    * :meth:`apply` -- the next state (the state itself never changes); it raises
      :class:`~cardrules.errors.IllegalActionError` for an action not in ``legal_actions()``;
    * :attr:`is_terminal` and :attr:`winner` (team or side 0 or 1, or ``None``);
    * :meth:`observe` -- what one seat may know, and nothing more;
    * where the game stands (:class:`GameView`): :attr:`deal_number`, :attr:`dealer`,
      :attr:`scores`, :attr:`phase`, :attr:`rules`, :attr:`history`, the deal's
      :attr:`tricks` and :attr:`current_trick`; and what no seat sees alike: :attr:`deck`,
      :attr:`hands` (and one seat's, :meth:`hand`), :attr:`is_chance`, :attr:`trump` and
      :attr:`seed`.
    """

    def legal_actions(self) -> Sequence[ActionT]:
        """The legal actions of the current player, in a stable order."""
        ...

    def apply(self, action: ActionT) -> Self:
        """The state after ``action``."""
        ...

    @property
    def is_terminal(self) -> bool:
        """True when the game is over."""
        ...

    def observe(self, seat: int) -> GameObservation:
        """What ``seat`` may know of this state."""
        ...

    @property
    def deck(self) -> Sequence[Card]:
        """The pack of the deal in play as dealt, top card first (empty before a chance deal)."""
        ...

    @property
    def hands(self) -> Sequence[Sequence[Card]]:
        """Each seat's cards, in seat order (the whole table: not an observation)."""
        ...

    def hand(self, seat: int) -> CardSet:
        """The cards of one seat."""
        ...

    @property
    def is_chance(self) -> bool:
        """True while the deal waits for its cards (``new_game(..., chance="explicit")``: the
        next action is a ``Deal``)."""
        ...

    @property
    def trump(self) -> Suit | None:
        """The trump suit of the deal in play, or ``None`` (not fixed yet, or none)."""
        ...

    @property
    def seed(self) -> int:
        """The seed that drives every random choice of the game."""
        ...


@runtime_checkable
class GameObservation(GameView, Protocol):
    """What one seat may know of a state, in every game: ``state.observe(seat)``: the
    :class:`GameView` and the seat's own part.

    The game's own ``Observation`` says more (bids, kicks...); shared code written against
    this needs nothing game-specific.
    """

    @property
    def seat(self) -> int:
        """The observing seat."""
        ...

    @property
    def legal_actions(self) -> Sequence[Any]:
        """The observing seat's legal actions (empty unless it is that seat's turn)."""
        ...

    @property
    def hand(self) -> CardSet:
        """The observing seat's cards."""
        ...

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds, in seat order (public)."""
        ...
