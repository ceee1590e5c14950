"""The command's words for All Fours (:data:`TEXT`, named by the game registry).

>>> from cardrules.all_fours import Rules, new_game
>>> TEXT.score_lines(new_game(Rules(target=10), seed=1, dealer=0), 0)
['scores: side 0 0, side 1 0; target 10: side 0 needs 10, side 1 needs 10']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from cardrules.all_fours import CARD_POINTS, award_values
from cardrules.cli.game_text import GameText
from cardrules.cli.render import Style, suit_name
from cardrules.core.cards import Rank
from cardrules.events import Event

__all__ = ["TEXT", "AllFoursText"]

_UNDERTRUMP: Final = {
    "allowed": "undertrumping (a lower trump on a trick already trumped) is allowed (AF-20)",
    "only_if_only_trumps": "a player may undertrump only when holding nothing but trumps (AF-20)",
    "only_if_void": "a player may undertrump only when holding none of the suit led (AF-20)",
}

_RANK_WORDS: Final = {
    "A": "ace",
    "K": "king",
    "Q": "queen",
    "J": "jack",
    "T": "ten",
    "9": "nine",
    "8": "eight",
    "7": "seven",
    "6": "six",
    "5": "five",
    "4": "four",
    "3": "three",
    "2": "two",
}


def _rank_word(rank: str) -> str:
    return _RANK_WORDS.get(rank, rank)


def _yes(value: Any, yes: str, no: str) -> str:
    return yes if value else no


_OPTIONS: Final[dict[str, Callable[[Any, Any], str]]] = {
    "players": lambda value, rules: (
        "four players, two sides of partners sitting opposite (AF-1)"
        if value == 4
        else "two players, one against one (AF-1)"
    ),
    "kick_values": lambda value, rules: (
        "a kick scores for the dealer's side: "
        + ", ".join(f"{_rank_word(rank)} {points}" for rank, points in value.items())
        + " (AF-5, AF-9)"
    ),
    "deal_packet": lambda value, rules: (
        f"the cards are dealt {value} at a time (AF-7)"
        if value > 1
        else "the cards are dealt one at a time (AF-7)"
    ),
    "give_one_needs_trump": lambda value, rules: _yes(
        value,
        "the dealer may give one only while holding a card of the kick's suit (AF-11)",
        "the dealer may always give one instead of running the pack (AF-11)",
    ),
    "undertrump": lambda value, rules: _UNDERTRUMP[value],
    "target": lambda value, rules: f"the first side to {value} points wins (AF-21)",
    "game_tie": lambda value, rules: (
        "a tie for Game scores for nobody (AF-23)"
        if value == "nobody"
        else "a tie for Game scores for the side that did not deal (AF-23)"
    ),
    "game_value": lambda value, rules: f"Game is worth {value} (AF-23)",
    "hang_jack_value": lambda value, rules: (
        f"hang jack (taking the opponents' jack of trumps in a trick) is worth {value} (AF-23)"
    ),
    "exposed_cards": lambda value, rules: _yes(
        value,
        "a card shown out of turn may be called by an opponent (AF-25)",
        "no calling of exposed cards (AF-25 off)",
    ),
}


class AllFoursText(GameText):
    """All Fours in the command's words: the beg, kicks, sides, the target."""

    moves = """moves in All Fours: "stand" or "beg" (the beggar, before play); "give"
(give one) or "run" (run the pack) (the dealer, after a beg); a card, e.g. QH (10h, q♥ and 10♥
work too), while playing."""
    has_kicks = True
    solved_value = "points for your side"
    solved_note = " (100: the game won)"

    def goal_line(self, state: Any) -> str:
        """The target (AF-21)."""
        return f"to win: be the first side to {state.rules.target} points (AF-21)"

    def score_lines(self, state: Any, you: int) -> list[str]:
        """Each side's score and the points it still needs (AF-21)."""
        target = state.rules.target
        needs = ", ".join(f"side {s} needs {target - state.scores[s]}" for s in (0, 1))
        return [
            f"scores: side 0 {state.scores[0]}, side 1 {state.scores[1]}; target {target}: {needs}"
        ]

    def table_lines(self, obs: Any, style: Style) -> list[str]:
        """The deal, the dealer, the seat's side, the scores and target, then the kicks, the
        trumps (or the suit proposed) and the tricks each side has won."""
        you = obs.seat
        partner = f", partner seat {(you + 2) % 4}" if obs.rules.players == 4 else ""
        kicks = " ".join(style.card(card) for card in obs.kicks)
        fixed = (
            suit_name(obs.trump)
            if obs.trump is not None
            else f"not fixed yet ({suit_name(obs.kick.suit)} proposed)"
        )
        won = obs.tricks_won
        return [
            f"deal {obs.deal_number + 1}, dealer seat {obs.dealer}; you are seat {you}{partner}: "
            f"side {you % 2}",
            f"scores: side 0 {obs.scores[0]}, side 1 {obs.scores[1]} (target {obs.rules.target})",
            f"kick: {kicks}   trumps: {fixed}   tricks won: side 0 {won[0]}, side 1 {won[1]}",
        ]

    def describe_option(self, name: str, value: Any, rules: Any) -> str:
        """An option of :class:`cardrules.all_fours.Rules` in words."""
        return _OPTIONS[name](value, rules)

    def rules_tables(self, rules: Any) -> list[str]:
        """The kick values and card points by rank (AF-4, AF-5, AF-9) and the awards (AF-11,
        AF-23) with the target (AF-21)."""
        ranks = sorted(Rank, reverse=True)
        header = "  rank         " + " ".join(f"{r.letter:>2}" for r in ranks)
        kicks = "  kick value   " + " ".join(f"{rules.kick_value(r):>2}" for r in ranks)
        points = "  card points  " + " ".join(f"{CARD_POINTS[r]:>2}" for r in ranks)
        lines = ["kick values (AF-5, AF-9) and card points for game (AF-4):", header, kicks, points]
        lines.append("")
        lines.append(f"awards (AF-11, AF-23), target {rules.target} (AF-21):")
        for name, value in award_values(rules).items():
            lines.append(f"  {name.replace('_', ' '):<10} {value}")
        return lines

    def game_over(self, event: Event) -> str:
        """The side that reached the target, and both sides' scores."""
        scores = event["scores"]
        return (
            f"game over: side {event['winner']} reaches {event['target']} and wins; "
            f"side 0 {scores[0]}, side 1 {scores[1]}"
        )


#: The words the registry names for All Fours.
TEXT: Final = AllFoursText()
