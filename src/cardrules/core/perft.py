"""Card perft for any game state of the protocol: count the legal action sequences from a state,
like chess's perft.

``perft(state, depth)`` is the number of distinct sequences of exactly ``depth`` legal actions
from ``state``; a game that ends sooner ends its sequence short of the depth and counts 0, as a
mate does in chess.  Each game module documents what its actions are (``four_hundred.perft``,
``all_fours.perft``) and the test suite pins golden numbers for fixed deals of every preset, so
that any change to move generation shows up.
"""

from __future__ import annotations

from typing import Any, Final, cast

from cardrules.core.checks import check_count, refuse
from cardrules.core.protocol import GameState

__all__ = ["MAX_DEPTH", "perft", "perft_divide"]


def perft(state: GameState[Any], depth: int) -> int:
    """The number of legal action sequences of length ``depth`` from ``state``.

    :raises ArgumentError: unless ``state`` is a game state and ``depth`` an int from 0 to
        :data:`MAX_DEPTH`.
    """
    return _perft(_state(state), check_count(depth, name="depth", high=MAX_DEPTH))


#: The deepest perft (deeper counts would never finish, and would run out of stack first).
MAX_DEPTH: Final = 200


def _state(state: object) -> GameState[Any]:
    if not (
        callable(getattr(state, "legal_actions", None)) and callable(getattr(state, "apply", None))
    ):
        refuse("state", "a game state", state)
    return cast(GameState[Any], state)  # checked above: it has the moves perft needs


def _perft(state: GameState[Any], depth: int) -> int:
    if depth == 0:
        return 1
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    return sum(_perft(state.apply(action), depth - 1) for action in actions)


def perft_divide(state: GameState[Any], depth: int) -> dict[str, int]:
    """:func:`perft` split by the first action (its text form), for finding where two move
    generators differ."""
    state = _state(state)
    depth = check_count(depth, name="depth", low=1, high=MAX_DEPTH)
    return {str(a): _perft(state.apply(a), depth - 1) for a in state.legal_actions()}
