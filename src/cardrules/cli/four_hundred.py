"""The command's words for 400 (:data:`TEXT`, named by the game registry).

>>> from cardrules.four_hundred import new_game
>>> TEXT.goal_line(new_game(seed=1, dealer=0)).endswith("or a bid of 10 or more made (FH-21)")
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from cardrules.cli.game_text import GameText
from cardrules.cli.render import Style, seat_label
from cardrules.core.cards import Card, Suit
from cardrules.errors import ParseError
from cardrules.events import Event
from cardrules.four_hundred import Claim, minimum_bid, minimum_total, value_table

__all__ = ["TEXT", "FourHundredText"]

#: The scores at which the command shows the minimum bid and total (FH-11, FH-13).
_LADDER: Final = (0, 30, 40, 50, 60)

_TIMES: Final = {2: "twice", 3: "three times", 4: "four times", 5: "five times", 6: "six times"}

_HIGH_BID_WIN: Final = {
    "bidder_not_negative": "if the bidder's own score was not below 0",
    "partner_not_negative": "if the partner's score after the deal is not below 0",
    "always": "whatever the scores",
}

#: FH-23's partner condition, in words.
_PARTNER: Final = {
    "positive": "the partner above 0",
    "non_negative": "the partner at 0 or more",
    "none": "the partner at any score",
}

_SIMULTANEOUS: Final = {
    "continue_to_51": "play goes on to 51 (then 61 ...)",
    "higher_score": "the team with the higher single score wins (a tie plays on)",
    "higher_team_total": "the team with the higher total of its two scores wins (a tie plays on)",
}

_FIVE_TO_START: Final = {
    "off": "no bid of 5 is needed to play a deal (FH-29 off)",
    "replace": "a deal is played when someone bids 5 or more, whatever the total (FH-29)",
    "additional": "a deal is played only when someone bids 5 or more, as well as the minimum "
    "total (FH-29)",
}


def _yes(value: Any, yes: str, no: str) -> str:
    return yes if value else no


def _packets(value: Any, rules: Any) -> str:
    groups: list[list[int]] = []
    for count in value:
        if groups and groups[-1][0] == count:
            groups[-1][1] += 1
        else:
            groups.append([count, 1])
    parts = [
        f"{count} card{'s' if count > 1 else ''} each"
        + ("" if times == 1 else f", {_TIMES.get(times, f'{times} times')}")
        for count, times in groups
    ]
    return "the deal: " + ", then ".join(parts) + ", from the dealer's right (FH-7)"


_OPTIONS: Final[dict[str, Callable[[Any, Any], str]]] = {
    "deal_packets": _packets,
    "min_bid_base": lambda value, rules: f"the lowest bid is {value} (FH-11)",
    "min_bid_ladder_from": lambda value, rules: (
        "the minimum bid never rises with the score (FH-11)"
        if value is None
        else f"from a score of {value}, a player must bid at least a tenth of their score "
        f"({value}-{value + 9}: {value // 10}, {value + 10}-{value + 19}: {value // 10 + 1} ...) "
        "(FH-11)"
    ),
    "min_bid_cap": lambda value, rules: (
        "no cap on the minimum bid (FH-11)"
        if value is None
        else f"the minimum bid is never above {value} (FH-11)"
    ),
    "min_total_rises": lambda value, rules: _yes(
        value,
        "the four bids must total at least 11, one more for each step of the highest score's "
        "minimum bid (FH-13)",
        "the four bids must total at least 11, whatever the scores (FH-13)",
    ),
    "min_total_counts": lambda value, rules: (
        "that total counts the tricks bid (FH-13)"
        if value == "tricks"
        else "that total counts the bids' values, not the tricks bid (FH-13)"
    ),
    "reduce_five_six_at": lambda value, rules: (
        "the bid values do not change with the score (FH-20)"
        if rules.bid_values is not None
        else "bids of 5 and 6 are always worth 10 and 12 (FH-20)"
        if value is None
        else f"bids of 5 and 6 are worth 10 and 12 below a score of {value}, 5 and 6 from "
        f"{value} (FH-20)"
    ),
    "bid_values": lambda value, rules: (
        "the bid values are the standard table below (FH-20)"
        if value is None
        else "the bid values are this ruleset's own table below (FH-20)"
    ),
    "high_bid_win": lambda value, rules: (
        "a bid of 10 or more never wins the game by itself (FH-21)"
        if value == "never"
        else f"making a bid of 10 or more wins the game at once {_HIGH_BID_WIN[value]} (FH-21)"
    ),
    "partner_condition": lambda value, rules: (
        f"a team wins with one player at 41 or more and {_PARTNER[value]} (FH-22, FH-23)"
    ),
    "simultaneous": lambda value, rules: (
        f"when both teams get there after the same deal, {_SIMULTANEOUS[value]} (FH-24)"
    ),
    "claims": lambda value, rules: _yes(
        value == "validated",
        "a player may claim the remaining tricks between tricks; the claim is checked against "
        "every play (FH-18)",
        "no claims (FH-18 off)",
    ),
    "conduct_penalties": lambda value, rules: _yes(
        value,
        "penalties for talk at the table apply (FH-26 to FH-28)",
        "no penalties for talk at the table (FH-26 to FH-28 off)",
    ),
    "five_to_start": lambda value, rules: _FIVE_TO_START[value],
    "no_picture_redeal": lambda value, rules: _yes(
        value,
        "a player with no J, Q, K or A may ask for a redeal instead of bidding (FH-30)",
        "no redeal for a hand without picture cards (FH-30 off)",
    ),
}


def _bids(bids: Sequence[int | None]) -> str:
    return ", ".join(f"seat {s}: {'-' if b is None else b}" for s, b in enumerate(bids))


class FourHundredText(GameText):
    """400 in the command's words: bids, per-player scores, teams, hearts always trumps."""

    moves = """moves in 400: a bid, a number from your minimum bid to 13 (e.g. 4) while bidding;
a card, e.g. QH (10h, q♥ and 10♥ work too), while playing; "claim" between tricks claims every
remaining trick (accepted only if you win them all against any play, FH-18)."""
    fixed_trump = Suit.HEARTS  # FH-4
    solved_value = "score for your team"
    solved_note = " (each bid made or not)"

    def parse_move(self, module: Any, text: str, you: int) -> Any:
        """A bid is its number, ``claim`` claims the remaining tricks (FH-18), ``redeal`` asks
        for one (FH-30), anything else is a card."""
        words = text.lower()
        if words.lstrip("+-").isdigit():
            return module.Bid(int(words))
        if words == "claim":
            return module.Claim(you)
        if words == "redeal":
            return module.Redeal()
        try:
            return module.Play(Card.parse(text))
        except ParseError:
            raise ParseError(
                f"{text!r} is not a move of 400: type a bid (a number, e.g. 4), a card "
                "(e.g. QH) or claim",
                text=text,
            ) from None

    def check_move(self, state: Any, action: Any) -> None:
        """A claim is settled by ``state.claim`` (FH-18), any other move by ``state.apply``."""
        if isinstance(action, Claim):
            state.claim(action.seat)
        else:
            state.apply(action)

    def goal_line(self, state: Any) -> str:
        """The qualifying level and the partner condition (FH-22, FH-23), and a bid of 10 or
        more (FH-21) where the rules let it win."""
        rules = state.rules
        line = (
            f"to win: a team with one player at {state.level} or more and "
            f"{_PARTNER[rules.partner_condition]} (FH-22, FH-23)"
        )
        if rules.high_bid_win != "never":
            line += ", or a bid of 10 or more made (FH-21)"
        return line

    def score_lines(self, state: Any, you: int) -> list[str]:
        """Each player's score, the teams', the minimum bids and total of the next deal
        (FH-11, FH-13) with their ladder, and what wins."""
        rules, scores = state.rules, state.scores
        lines = ["scores: " + ", ".join(f"{seat_label(s, you, 4)} {scores[s]}" for s in range(4))]
        teams = [scores[t] + scores[t + 2] for t in (0, 1)]
        lines.append(f"teams: team 0 {teams[0]}, team 1 {teams[1]}")
        lows = ", ".join(f"seat {s} {minimum_bid(scores[s], rules)}" for s in range(4))
        lines.append(f"minimum bids (FH-11, from each player's score): {lows}")
        lines.append(
            f"minimum total of the four bids (FH-13, from the highest score, "
            f"{max(scores)}): {minimum_total(scores, rules)}; ladder: "
            + ", ".join(f"{minimum_total((m, 0, 0, 0), rules)} at {m}" for m in _LADDER)
        )
        lines.append(self.goal_line(state))
        return lines

    def table_lines(self, obs: Any, style: Style) -> list[str]:
        """The deal, the dealer, hearts, the seat's team, the scores (and a raised level,
        FH-24), then the bids with the minimum total while bidding, the tricks taken after."""
        you = obs.seat
        lines = [
            f"deal {obs.deal_number + 1}, dealer seat {obs.dealer}; hearts are trumps; "
            f"you are seat {you}, partner seat {(you + 2) % 4}: team {you % 2}"
        ]
        scores = ", ".join(f"{seat_label(s, you, 4)} {obs.scores[s]}" for s in range(4))
        if obs.level != 41:
            scores += f" (both teams reached 41: the game goes on to {obs.level})"
        lines.append(f"scores: {scores}")
        if obs.phase.value == "bidding":
            made = [b for b in obs.bids if b is not None]
            lows = ", ".join(str(minimum_bid(score, obs.rules)) for score in obs.scores)
            lines.append(
                f"bids: {_bids(obs.bids)}; total so far {sum(made)}, minimum total "
                f"{minimum_total(obs.scores, obs.rules)} (lower: the deal is thrown in); "
                f"minimum bids {lows}"
            )
        else:
            lines.append(
                "bids (tricks taken): "
                + ", ".join(
                    f"seat {s}: {b} ({obs.tricks_taken[s]})" for s, b in enumerate(obs.bids)
                )
            )
        return lines

    def describe_option(self, name: str, value: Any, rules: Any) -> str:
        """An option of :class:`cardrules.four_hundred.Rules` in words."""
        return _OPTIONS[name](value, rules)

    def rules_tables(self, rules: Any) -> list[str]:
        """The bid values (FH-19, FH-20) and the minimum bid and total by score (FH-11,
        FH-13)."""
        lines = ["bid values V(bid, score) (FH-19, FH-20): gained when made, lost when failed"]
        table = value_table(rules)
        width = max(len(label) for label, _ in table)
        for label, row in table:
            lines.append(f"  {label:<{width}}  " + " ".join(f"{v:>3}" for v in row))
        lines.append("")
        lines.append(
            "minimum bid by own score (FH-11) and minimum total of the four bids by the highest "
            "score (FH-13; a lower total throws the deal in, FH-14):"
        )
        for score in _LADDER:
            lines.append(
                f"  score {score:>3}: minimum bid {minimum_bid(score, rules)}, "
                f"minimum total {minimum_total((score, 0, 0, 0), rules)}"
            )
        return lines

    def bid_limits(self, state: Any, seat: int) -> dict[str, int] | None:
        """The seat's minimum bid (FH-11) and the minimum total of the bids (FH-13) now;
        ``None`` once the game is over."""
        if state.is_terminal:
            return None
        return {
            "minimum_bid": minimum_bid(state.scores[seat], state.rules),
            "minimum_total": minimum_total(state.scores, state.rules),
        }

    def game_over(self, event: Event) -> str:
        """The winning team and its seats, and every seat's score."""
        winner = event["winner"]
        text = " ".join(str(s) for s in event["scores"])
        if winner is None:
            return f"game over: no winner (scores {text})"
        seats = f"seats {winner} and {winner + 2}"
        return f"game over: team {winner} ({seats}) wins; scores by seat {text}"


#: The words the registry names for 400.
TEXT: Final = FourHundredText()
