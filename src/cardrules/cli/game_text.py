"""The command's words for one game, found through the game registry.

The ``cardrules`` command is written once for every game: what it says of one game (the table a
seat sees, the moves it takes, the scores and what wins, the ruleset in words, the end of the
game) is that game's :class:`GameText`, which the registry names (:attr:`GameInfo.cli
<cardrules.games.GameInfo>`) and :func:`text_for` finds.  The built-in games' are
:mod:`cardrules.cli.four_hundred` and :mod:`cardrules.cli.all_fours`; :func:`format_observation`
puts a game's words and the shared parts (trick, hand, legal moves) together.

>>> from cardrules.all_fours import new_game
>>> text = text_for("all-fours")
>>> text.goal_line(new_game(seed=1, dealer=0))
'to win: be the first side to 14 points (AF-21)'
>>> text_for("400").fixed_trump
<Suit.HEARTS: 2>
"""

from __future__ import annotations

import abc
from typing import Any

import attrs

from cardrules.cli.render import PLAIN, Style, format_actions, format_hand, format_trick
from cardrules.core.cards import Suit
from cardrules.core.checks import refuse
from cardrules.events import Event
from cardrules.games import find_game

__all__ = ["GameText", "format_observation", "text_for"]


class GameText(abc.ABC):
    """What the command says of one game, and the few choices it makes per game.

    A game offers one instance through the registry (``GameInfo(cli="module:attribute")``).
    The class attributes are data; the methods turn the game's states, observations, rules and
    events into lines of text.
    """

    #: The moves, as ``help`` lists them.
    moves: str = ""
    #: The trump suit of every deal when the rules fix it (400: hearts, FH-4), else ``None``
    #: (the deal's own, ``state.trump``).
    fixed_trump: Suit | None = None
    #: True when a deal opens with a kick (All Fours, AF-9), so that a deal known only from its
    #: result (with no kick) is told without its opening line.
    has_kicks: bool = False
    #: What the PIMC agent's values of a hint count (``"points for your side"``).
    solved_value: str = ""
    #: How the end of the deal counts in those values (``" (100: the game won)"``).
    solved_note: str = ""

    def trump(self, view: Any) -> Suit | None:
        """The trump suit that orders the cards of ``view`` (a state or an observation) on the
        screen: :attr:`fixed_trump`, else the view's ``trump`` (``None`` until it is fixed)."""
        if self.fixed_trump is not None:
            return self.fixed_trump
        trump: Suit | None = view.trump
        return trump

    def parse_move(self, module: Any, text: str, you: int) -> Any:
        """The action that a person at seat ``you`` typed as ``text``, in the game's own words
        (by default the module's ``parse_action``).

        :raises ParseError: for text that is not a move of the game.
        """
        return module.parse_action(text)

    def check_move(self, state: Any, action: Any) -> None:
        """Refuse ``action`` at ``state`` as the rules do (by default ``state.apply``), before
        the command plays it.

        :raises IllegalActionError: for a move the rules refuse.
        """
        state.apply(action)

    @abc.abstractmethod
    def goal_line(self, state: Any) -> str:
        """What wins the game, in one line."""

    @abc.abstractmethod
    def score_lines(self, state: Any, you: int) -> list[str]:
        """The scores, and what the next deal needs."""

    @abc.abstractmethod
    def table_lines(self, obs: Any, style: Style) -> list[str]:
        """The lines that open the table a seat sees (the deal, dealer and scores, and what the
        game shows of the deal so far), before the trick, the hand and the legal moves."""

    @abc.abstractmethod
    def describe_option(self, name: str, value: Any, rules: Any) -> str:
        """One option of a ruleset (``name`` as in ``Rules.to_dict()``) in words, with its rule
        id."""

    @abc.abstractmethod
    def rules_tables(self, rules: Any) -> list[str]:
        """The ruleset's scoring tables, as lines."""

    @abc.abstractmethod
    def game_over(self, event: Event) -> str:
        """The line of a ``game_over`` event."""

    def bid_limits(self, state: Any, seat: int) -> dict[str, int] | None:
        """What a bidding box shows ``seat`` now, by name (400: its minimum bid and the
        minimum total of the bids), or ``None`` for a game without bids (the default)."""
        return None


def text_for(game: object) -> GameText:
    """The command's words for ``game``: a name the registry knows, or a state, observation,
    ``Rules`` or action of a game.

    :raises UnknownGameError: for a game the registry does not know, or one that names no words
        for the command.
    :raises ArgumentError: when the registry's ``cli`` entry is not a :class:`GameText`.
    """
    text = find_game(game).load_attribute("cli")
    if not isinstance(text, GameText):
        refuse("cli", "a GameText", text)
    return text


def format_observation(obs: Any, style: Style = PLAIN) -> str:
    """Everything the seat sees, for the terminal: the deal, dealer and scores and what the game
    shows of the deal (400: the bids and the minimum total; All Fours: the kicks and trumps; the
    game's :meth:`~cardrules.cli.game_text.GameText.table_lines`), the trick so far, the hand
    grouped by suit with trumps first, and the legal moves in the same order."""
    text = text_for(obs)
    you = obs.seat
    trump = text.trump(obs)
    lines = text.table_lines(obs, style)
    style = attrs.evolve(style, trump=trump)
    if obs.phase.value == "play":
        lines.append(f"trick {len(obs.tricks) + 1}: {format_trick(obs.current_trick, style)}")
    if len(obs.hand) or obs.hand_sizes[you] == 0:
        lines.append(f"your hand: {format_hand(obs.hand, trump, style)}")
    else:
        lines.append("your hand: (you may not look at your cards until the beg is answered)")
    if obs.legal_actions:
        lines.append(f"legal: {format_actions(obs.legal_actions, trump, style)}")
    return "\n".join(lines)
