"""The typed errors of cardrules.

Every error the library raises on purpose is a :class:`CardrulesError`.  The two that users meet
most often also subclass :class:`ValueError`, so that ``except ValueError`` keeps working:

* :class:`ParseError` -- text that is not a card, a deck, a rules value or a record;
* :class:`IllegalActionError` -- an action that is not legal in a state.  It carries a
  machine-readable :attr:`~IllegalActionError.reason`, the acting seat and the legal actions, and
  its message says what would have been legal.

>>> from cardrules import Card
>>> Card.parse("1H")
Traceback (most recent call last):
...
cardrules.errors.ParseError: '1H' is not a card: ...
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

__all__ = [
    "ArgumentError",
    "CardrulesError",
    "IllegalActionError",
    "ParseError",
    "Reason",
    "RulesError",
    "SolveBudgetExceeded",
    "describe",
]


def _rebuild(
    cls: type[CardrulesError], args: tuple[object, ...], fields: dict[str, object]
) -> CardrulesError:
    """Unpickle an error: its message and fields as they were, without calling ``__init__``."""
    error = cls.__new__(cls, *args)
    error.args = args
    error.__dict__.update(fields)
    return error


#: The longest text of a value that an error message shows.
_SHOWN_CHARS = 200


def describe(value: object) -> str:
    """A short, safe text of a refused value for an error message: its ``repr`` cut to 200
    characters, or the size of an int too large to write out.  It never raises: not for an int
    over CPython's 4,300-digit limit of ``str()`` (alone or inside a container), a numpy array,
    text with lone surrogates or an object whose ``repr`` fails.

    >>> describe("QH"), describe(10**5000), describe("x" * 500)[-5:]
    ("'QH'", 'an int of 16610 bits', 'xx...')
    >>> describe([1, 10**5000]), describe("\\ud800")
    ('a list', "'\\\\ud800'")
    """
    try:
        if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
            return f"an int of {value.bit_length()} bits"
        text = repr(value)
        if not isinstance(text, str):
            raise TypeError("repr did not return text")
    except Exception:  # a repr that fails must not hide the real error
        text = f"a {type(value).__name__}"
    return text if len(text) <= _SHOWN_CHARS else text[:_SHOWN_CHARS] + "..."


def _shown(value: object) -> str:
    """``str(value)`` for a message (actions and cards print as players write them), or
    :func:`describe` of it when ``str`` fails or the text is long."""
    try:
        text = str(value)
        if isinstance(text, str) and len(text) <= _SHOWN_CHARS:
            return text
    except Exception:  # the value's own str failed: describe it instead
        pass
    return describe(value)


class CardrulesError(Exception):
    """Base class of every error that cardrules raises on purpose.

    Every error is plain data: it pickles with its message and its fields (``seat``,
    ``reason``, ``action``, ``legal``, ``text`` ...), so that it crosses process pools and
    distributed workers intact.

    >>> import pickle
    >>> from cardrules.errors import ParseError
    >>> error = pickle.loads(pickle.dumps(ParseError("'1H' is not a card", text="1H")))
    >>> str(error), error.text
    ("'1H' is not a card", '1H')
    """

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self.__class__, self.args, dict(self.__dict__)))


class ParseError(CardrulesError, ValueError):
    """Text that is not a card, a deck, a rules value or a record.

    :param message: what is wrong, quoting the bad input and saying what is accepted.
    :param text: the offending input, kept for programs that want to show it.
    """

    def __init__(self, message: str, *, text: object = None) -> None:
        super().__init__(message)
        self.text = text


class RulesError(CardrulesError, ValueError):
    """A ruleset value or combination of values that the game's rules do not allow.

    The message names the field and the accepted values.
    """


class ArgumentError(ParseError, RulesError, TypeError):
    """An argument of the wrong type or value: a seat, seed, dealer, score, count, deck or
    hand that the call does not accept.

    Both games and the core helpers raise it, with the same wording, for the same mistake.  It
    subclasses :class:`ParseError`, :class:`RulesError`, :class:`ValueError` and
    :class:`TypeError`: code written against any of them keeps catching it.  Bools and floats are
    never seats or counts.

    :param name: the argument, as the signature names it (``"seat"``, ``"dealer"`` ...).
    :param value: the value that was refused.

    >>> from cardrules.core.checks import check_seat
    >>> check_seat(4, players=4)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: seat: expected a seat 0, 1, 2 or 3, got 4
    """

    def __init__(self, message: str, *, name: str, value: object) -> None:
        super().__init__(message, text=value)
        self.name = name
        self.value = value


class Reason(enum.StrEnum):
    """Machine-readable reasons for :class:`IllegalActionError`.

    The values are stable strings: programs may store and compare them.
    """

    #: The game is over; no action is legal.
    GAME_OVER = "game_over"
    #: The seat that tried to act is not the player to act.
    NOT_YOUR_TURN = "not_your_turn"
    #: The action belongs to another phase (a bid during play, a card during bidding ...).
    WRONG_PHASE = "wrong_phase"
    #: The value is not an action of this game at all.
    NOT_AN_ACTION = "not_an_action"
    #: The card played is not in the player's hand.
    CARD_NOT_IN_HAND = "card_not_in_hand"
    #: The player holds the suit led and must play it.
    MUST_FOLLOW_SUIT = "must_follow_suit"
    #: A trump was led and the player holds a trump (All Fours AF-17).
    MUST_PLAY_TRUMP = "must_play_trump"
    #: The player holds the suit led and must play it or a trump (All Fours AF-18).
    MUST_FOLLOW_OR_TRUMP = "must_follow_or_trump"
    #: Undertrumping is forbidden by the ruleset (All Fours AF-20).
    UNDERTRUMP_FORBIDDEN = "undertrump_forbidden"
    #: A card that an opponent called must be played (All Fours AF-25).
    MUST_PLAY_CALLED_CARD = "must_play_called_card"
    #: The bid is below the player's minimum bid.
    BID_BELOW_MINIMUM = "bid_below_minimum"
    #: The bid is above the maximum bid.
    BID_ABOVE_MAXIMUM = "bid_above_maximum"
    #: The action exists only under another ruleset option, or its condition does not hold.
    NOT_ALLOWED_BY_RULES = "not_allowed_by_rules"
    #: A claim was made while it may not be (mid-trick, claims switched off, ...).
    CLAIM_NOT_ALLOWED = "claim_not_allowed"
    #: A claim was checked against every legal play and does not hold.
    CLAIM_REJECTED = "claim_rejected"
    #: A claim that the search could not settle within its budget (400 ``State.claim``).
    CLAIM_UNSETTLED = "claim_unsettled"
    #: A ``Deal`` whose cards are not a full pack of the 52 distinct cards.
    BAD_DECK = "bad_deck"


class SolveBudgetExceeded(CardrulesError, RuntimeError):
    """A double-dummy solve needed more nodes than the ``budget`` it was given (the solvers of
    both games: ``cardrules.four_hundred.solve``, ``cardrules.all_fours.solve``)."""


class IllegalActionError(CardrulesError, ValueError):
    """An action that is not legal in the state it was applied to.

    The state is unchanged (states are immutable).  Attributes:

    * :attr:`reason` -- a :class:`Reason`;
    * :attr:`seat` -- the seat that was to act (or that made a claim), or ``None`` when the game
      is over;
    * :attr:`action` -- the rejected action;
    * :attr:`legal` -- the legal actions of that state, in their stable order;
    * :attr:`detail` -- the rule's own explanation (text, possibly empty), which the message
      repeats after the reason.
    """

    def __init__(
        self,
        reason: Reason,
        *,
        seat: int | None,
        action: object,
        legal: Iterable[object] = (),
        detail: str = "",
    ) -> None:
        self.reason = reason
        self.seat = seat
        self.action = action
        self.legal = tuple(legal)
        self.detail = detail
        if seat is not None:
            who = f"seat {_shown(seat)}"
        elif reason is Reason.GAME_OVER:
            who = "the game is over"
        elif reason is Reason.NOT_AN_ACTION:
            who = "not an action of the game"
        else:
            who = "chance: no seat acts, the cards are to be dealt"
        message = f"{_shown(action)} is not legal ({who}): {reason.value}"
        if detail:
            message += f": {detail}"
        if self.legal:
            message += "; legal: " + " ".join(_shown(a) for a in self.legal)
        elif seat is not None:
            message += "; no action is legal here"
        super().__init__(message)
