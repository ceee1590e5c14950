"""Errors told to a person: a refused move or claim, or a bot's failure, in a player's words.

The library's typed errors keep their machine-readable :class:`~cardrules.errors.Reason` (a
program compares ``error.reason``); the command says the same thing in words, and lists the
legal moves in the order of the prompt (:func:`~cardrules.cli.render.ordered_actions`).

>>> from cardrules.four_hundred import Play, new_game
>>> from cardrules import Card, Suit
>>> state = new_game(seed=1, dealer=3)
>>> try:
...     state.apply(Play(Card.parse("AC")))
... except Exception as error:
...     print(describe_illegal(error, Suit.HEARTS))  # doctest: +ELLIPSIS
AC is not legal now: it is not the time for that move: the bidding is not over; legal: 2 3 ...
"""

from __future__ import annotations

import re
from typing import Any, Final

from cardrules.cli.game_text import text_for
from cardrules.cli.render import format_actions
from cardrules.core.cards import Suit
from cardrules.errors import IllegalActionError, Reason
from cardrules.games import UnknownGameError

__all__ = [
    "REASON_WORDS",
    "action_text",
    "describe_agent_error",
    "describe_error",
    "describe_illegal",
]

#: Each reason of an illegal action in a player's words.
REASON_WORDS: Final[dict[Reason, str]] = {
    Reason.GAME_OVER: "the game is over",
    Reason.NOT_YOUR_TURN: "it is not that seat's turn",
    Reason.WRONG_PHASE: "it is not the time for that move",
    Reason.NOT_AN_ACTION: "it is not a move of this game",
    Reason.CARD_NOT_IN_HAND: "that card is not in the hand",
    Reason.MUST_FOLLOW_SUIT: "the suit led must be followed",
    Reason.MUST_PLAY_TRUMP: "a trump must be played",
    Reason.MUST_FOLLOW_OR_TRUMP: "the suit led must be followed, or a trump played",
    Reason.UNDERTRUMP_FORBIDDEN: "these rules forbid undertrumping",
    Reason.MUST_PLAY_CALLED_CARD: "a called card must be played",
    Reason.BID_BELOW_MINIMUM: "the bid is below the minimum",
    Reason.BID_ABOVE_MAXIMUM: "the bid is above the maximum",
    Reason.NOT_ALLOWED_BY_RULES: "these rules do not allow it",
    Reason.CLAIM_NOT_ALLOWED: "a claim cannot be made now",
    Reason.CLAIM_REJECTED: "the claim is refused",
    Reason.CLAIM_UNSETTLED: "the claim could not be settled",
    Reason.BAD_DECK: "that is not a full pack of 52 cards",
}

_SNAKE: Final = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")


def action_text(action: object) -> str:
    """An action as the player types it (a 400 claim is ``claim``, not ``claim:0``)."""
    text = str(action)
    return "claim" if text.startswith("claim:") else text


def _words(text: str) -> str:
    """Programmer names (an option such as ``no_picture_redeal``) written as words."""
    return _SNAKE.sub(lambda match: match.group().replace("_", " "), text)


def describe_illegal(error: IllegalActionError, trump: Suit | None) -> str:
    """A refused move or claim for a person: the move, why (in words, with the rule's own
    explanation), and the legal moves in the prompt's order (trumps first, high cards first)."""
    reason = REASON_WORDS.get(error.reason, _words(str(error.reason)))
    detail = getattr(error, "detail", "")
    line = f"{action_text(error.action)} is not legal now: {reason}"
    if detail:
        line += f": {_words(detail)}"
    if error.legal:
        line += f"; legal: {format_actions(error.legal, trump)}"
    return line


def describe_agent_error(error: Any) -> str:
    """A :class:`~cardrules.runner.AgentError` for a person: which agent, at which seat and
    move of which game (its seed replays it), and what went wrong."""
    where = f"move {error.move + 1} of the game of seed {error.seed}"
    if error.illegal is None:
        return f"agent {error.agent!r} at seat {error.seat} failed at {where}: {error.failure}"
    return (
        f"agent {error.agent!r} at seat {error.seat} chose an illegal move at {where}: "
        f"{describe_illegal(error.illegal, _trump_of(error.illegal))}"
    )


def _trump_of(error: IllegalActionError) -> Suit | None:
    """The trumps that order the legal moves of ``error``: the game's fixed trumps (400's
    hearts), else none (the error does not carry the deal's)."""
    try:
        return text_for(error.action).fixed_trump
    except UnknownGameError:  # an action of no game (a bot's mistake): no order of trumps
        return None


def describe_error(error: BaseException) -> str:
    """Any error of the library for a person: an error caused by an illegal action (a record
    whose step is not legal, say) has that action told as :func:`describe_illegal` tells it."""
    text = str(error)
    cause = error.__cause__
    if isinstance(cause, IllegalActionError) and str(cause) in text:
        text = text.replace(str(cause), describe_illegal(cause, _trump_of(cause)))
    return text
