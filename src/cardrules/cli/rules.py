"""``cardrules rules``: a ruleset's options and its scoring tables, from the library's data."""

from __future__ import annotations

import argparse
import json
from typing import Any

from cardrules.cli.common import game_from, rules_from
from cardrules.cli.game_text import text_for
from cardrules.games import find_game

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
    info = find_game(game)
    text = text_for(info)
    presets = info.presets
    if preset is None:  # name the preset these rules are, if any
        named = [name for name in presets if info.rules(name) == rules]
        preset = named[0] if named else "none (custom options)"
    lines = [f"{info.heading}, preset {preset}"]
    lines.append(f"presets: {', '.join(presets)}")
    lines.append("")
    lines.append("options (--json prints them as data):")
    for name, value in rules.to_dict().items():
        lines.append(f"  {text.describe_option(name, value, rules)}")
    lines.append("")
    lines.extend(text.rules_tables(rules))
    return lines
