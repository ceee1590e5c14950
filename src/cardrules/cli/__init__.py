"""The ``cardrules`` command: play at the terminal, simulate tournaments, replay records, show
rules.

::

    cardrules play 400|all-fours [--players 2|4] [--seed N] [--preset NAME] [--seat S]
                                 [--bots AGENT] [--save FILE]
    cardrules simulate GAME --games N --agents A,B [--seed N] [--preset NAME] [--players 2|4]
                                 [--processes P] [--json] [--records DIR]
    cardrules replay FILE [--pause]
    cardrules rules GAME [--preset NAME] [--players 2|4] [--json]

Agents are ``random``, ``rule``, ``search``, ``search:N`` (N iterations per move) or
``search:Xs`` (X seconds per move).  Exit status: 0 on success, 1 when a file cannot be read or
is not a valid record, 2 for bad arguments; no traceback for a user's error.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from cardrules.errors import CardrulesError

__all__ = ["main"]


class UsageError(Exception):
    """A bad argument found after parsing (exit status 2)."""


class InputError(Exception):
    """A file that cannot be used (exit status 1)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{message}\n\n{self.format_usage().strip()}")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``cardrules`` command."""
    parser = _Parser(
        prog="cardrules",
        description="Play, simulate, replay and read the rules of 400 and All Fours.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

    play = commands.add_parser("play", help="play one game at the terminal against bots")
    play.add_argument("game", help="400 or all-fours")
    play.add_argument("--players", type=int, choices=(2, 4), help="All Fours: 4 (default) or 2")
    play.add_argument("--seed", type=int, help="the game's seed (default: a random one)")
    play.add_argument("--preset", help="a named ruleset (see `cardrules rules GAME`)")
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument("--bots", default="rule", help="the bots' agent (default: rule)")
    play.add_argument("--save", metavar="FILE", help="save the game's record (JSON) at the end")

    simulate = commands.add_parser("simulate", help="a duplicate tournament between two agents")
    simulate.add_argument("game", help="400 or all-fours")
    simulate.add_argument("--games", type=int, default=20, help="an even number (default 20)")
    simulate.add_argument(
        "--agents", default="rule,random", help="two agents, comma-separated (default rule,random)"
    )
    simulate.add_argument("--seed", type=int, default=0, help="the tournament's seed (default 0)")
    simulate.add_argument("--preset", help="a named ruleset")
    simulate.add_argument("--players", type=int, choices=(2, 4), help="All Fours: 4 or 2")
    simulate.add_argument(
        "--processes", type=int, help="worker processes (default: all cores; 1: no pool)"
    )
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON")
    simulate.add_argument("--records", metavar="DIR", help="save every game's record in DIR")

    replay = commands.add_parser("replay", help="step through a saved record")
    replay.add_argument("file", help="a record (JSON or the text notation)")
    replay.add_argument(
        "--pause", action="store_true", help="wait for Enter after each trick (q quits)"
    )

    rules = commands.add_parser("rules", help="show a ruleset and its scoring tables")
    rules.add_argument("game", help="400 or all-fours")
    rules.add_argument("--preset", help="a named ruleset")
    rules.add_argument("--players", type=int, choices=(2, 4), help="All Fours: 4 or 2")
    rules.add_argument("--json", action="store_true", help="print the options as JSON")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with ``argv`` (default: ``sys.argv[1:]``); returns the exit status."""
    try:
        args = build_parser().parse_args(argv)
        if args.command == "play":
            from cardrules.cli.play import run_play

            return run_play(args)
        if args.command == "simulate":
            from cardrules.cli.simulate import run_simulate

            return run_simulate(args)
        if args.command == "replay":
            from cardrules.cli.replay import run_replay

            return run_replay(args)
        from cardrules.cli.rules import run_rules

        return run_rules(args)
    except UsageError as error:
        print(f"cardrules: error: {error}", file=sys.stderr)
        return 2
    except InputError as error:
        print(f"cardrules: error: {error}", file=sys.stderr)
        return 1
    except CardrulesError as error:
        print(f"cardrules: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ncardrules: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
