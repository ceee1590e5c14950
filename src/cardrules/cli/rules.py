"""``cardrules rules``: a ruleset's options and its scoring tables, from the library's data."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any, Final

from cardrules.cli.common import game_from, module_of, rules_from

__all__ = ["describe_rules", "run_rules"]


def run_rules(args: argparse.Namespace) -> int:
    """Print the ruleset; returns the exit status."""
    game = game_from(args.game)
    rules = rules_from(game, args.preset, args.players)
    if args.json:
        data = {"game": game, "preset": args.preset, "rules": rules.to_dict()}
        print(json.dumps(data, indent=1))
        return 0
    for line in describe_rules(game, rules, args.preset):
        print(line)
    return 0


def describe_rules(game: str, rules: Any, preset: str | None = None) -> list[str]:
    """A ruleset's presets, options and scoring tables, as lines of text."""
    module = module_of(game)
    options = rules.to_dict()
    title = "400 (Four Hundred)" if game == "400" else "All Fours (Trinidad)"
    if preset is None:  # name the preset these rules are, if any
        named = [name for name in module.Rules.PRESETS if module.Rules.preset(name) == rules]
        preset = named[0] if named else "none (custom options)"
    lines = [f"{title}, preset {preset}"]
    lines.append(f"presets: {', '.join(module.Rules.PRESETS)}")
    lines.append("")
    lines.append("options (--json prints them as data):")
    words = _FOUR_HUNDRED_WORDS if game == "400" else _ALL_FOURS_WORDS
    for name, value in options.items():
        lines.append(f"  {words[name](value, rules)}")
    lines.append("")
    lines.extend(
        _four_hundred_tables(module, rules) if game == "400" else _all_fours_tables(module, rules)
    )
    return lines


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


_TIMES: Final = {2: "twice", 3: "three times", 4: "four times", 5: "five times", 6: "six times"}


_HIGH_BID_WIN: Final = {
    "bidder_not_negative": "if the bidder's own score was not below 0",
    "partner_not_negative": "if the partner's score after the deal is not below 0",
    "always": "whatever the scores",
}

_PARTNER: Final = {
    "positive": "the partner above 0",
    "non_negative": "the partner at 0 or more",
    "none": "whatever the partner's score",
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

_FOUR_HUNDRED_WORDS: Final[dict[str, Callable[[Any, Any], str]]] = {
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

_UNDERTRUMP: Final = {
    "allowed": "undertrumping (a lower trump on a trick already trumped) is allowed (AF-20)",
    "only_if_only_trumps": "a player may undertrump only when holding nothing but trumps (AF-20)",
    "only_if_void": "a player may undertrump only when holding none of the suit led (AF-20)",
}

_ALL_FOURS_WORDS: Final[dict[str, Callable[[Any, Any], str]]] = {
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


def _four_hundred_tables(module: Any, rules: Any) -> list[str]:
    lines = ["bid values V(bid, score) (FH-19, FH-20): gained when made, lost when failed"]
    table = module.value_table(rules)
    width = max(len(label) for label, _ in table)
    for label, row in table:
        lines.append(f"  {label:<{width}}  " + " ".join(f"{v:>3}" for v in row))
    lines.append("")
    lines.append(
        "minimum bid by own score (FH-11) and minimum total of the four bids by the highest "
        "score (FH-13; a lower total throws the deal in, FH-14):"
    )
    for score in (0, 30, 40, 50, 60):
        lines.append(
            f"  score {score:>3}: minimum bid {module.minimum_bid(score, rules)}, "
            f"minimum total {module.minimum_total((score, 0, 0, 0), rules)}"
        )
    return lines


def _all_fours_tables(module: Any, rules: Any) -> list[str]:
    from cardrules.core.cards import Rank

    ranks = sorted(Rank, reverse=True)
    header = "  rank         " + " ".join(f"{r.letter:>2}" for r in ranks)
    kicks = "  kick value   " + " ".join(f"{rules.kick_value(r):>2}" for r in ranks)
    points = "  card points  " + " ".join(f"{module.CARD_POINTS[r]:>2}" for r in ranks)
    lines = ["kick values (AF-5, AF-9) and card points for game (AF-4):", header, kicks, points]
    lines.append("")
    lines.append(f"awards (AF-11, AF-23), target {rules.target} (AF-21):")
    for name, value in module.award_values(rules).items():
        lines.append(f"  {name.replace('_', ' '):<10} {value}")
    return lines
