"""The game protocol that every game state of cardrules satisfies.

Bots, runners, test kits and adapters are written once against :class:`GameState` and work for
both games:

>>> from cardrules import GameState
>>> def play_first_moves(state: GameState[object], steps: int) -> GameState[object]:
...     for _ in range(steps):
...         if state.is_terminal:
...             break
...         state = state.apply(state.legal_actions()[0])
...     return state
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol, Self, TypeVar, runtime_checkable

__all__ = ["GameState"]

ActionT = TypeVar("ActionT")


@runtime_checkable
class GameState(Hashable, Protocol[ActionT]):
    """An immutable state of a game: what every game module's ``State`` offers.

    * :attr:`current_player` -- the seat to act, or ``None`` when the game is over;
    * :meth:`legal_actions` -- the legal actions of that seat, in a stable order (empty when over);
    * :meth:`apply` -- the next state (the state itself never changes); it raises
      :class:`~cardrules.errors.IllegalActionError` for an action not in ``legal_actions()``;
    * :attr:`is_terminal` and :attr:`winner` (team or side 0 or 1, or ``None``);
    * :meth:`observe` -- what one seat may know, and nothing more.
    """

    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` when the game is over."""
        ...

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

    @property
    def winner(self) -> int | None:
        """The winning team or side, or ``None`` while the game goes on."""
        ...

    def observe(self, seat: int) -> object:
        """What ``seat`` may know of this state."""
        ...
