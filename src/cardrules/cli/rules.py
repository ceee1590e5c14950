"""``cardrules rules``: a ruleset's options and its scoring tables, from the library's data."""

from __future__ import annotations

import argparse
import json
from typing import Any

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
    lines.append("options:")
    width = max(len(name) for name in options)
    for name, value in options.items():
        lines.append(f"  {name:<{width}}  {json.dumps(value)}")
    lines.append("")
    lines.extend(
        _four_hundred_tables(module, rules) if game == "400" else _all_fours_tables(module, rules)
    )
    return lines


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
