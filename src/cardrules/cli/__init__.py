"""The ``cardrules`` command: play at the terminal, simulate tournaments, replay records, show
rules.

::

    cardrules play 400|all-fours [--players 2|4] [--seed N] [--preset NAME] [--seat S]
                                 [--bots AGENT] [--save FILE] [--force] [--autoplay]
                                 [--color auto|always|never]
    cardrules play --resume FILE [--seat S] [--bots AGENT] [--save FILE] ...
    cardrules simulate GAME --games N --agents A,B [--seed N] [--preset NAME] [--players 2|4]
                                 [--processes P] [--json] [--records DIR] [--force]
    cardrules replay FILE [--pause] [--color auto|always|never]
    cardrules rules GAME [--preset NAME] [--players 2|4] [--json]
    cardrules serve [--host 127.0.0.1] [--port 8000] [--max-games N] [--idle-minutes M]
                    [--database FILE]
    cardrules --version

``python -m cardrules`` is the same command.  Agents are ``random``, ``rule``, ``search``,
``search:N`` (N rollouts a decision), ``search:Xs`` (X seconds a decision) or
``module:attribute`` (your own agent class or factory).  ``serve`` (the extra ``web``) plays in a
browser.  Exit status: 0 on success, 1 when a
file cannot be read or written or is not a valid record (and for an internal error, which the
line calls one), 2 for bad arguments, 130 when interrupted; every error is one line on
stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from typing import Final, NoReturn

from cardrules.errors import CardrulesError, describe

__all__ = ["MAX_GAMES", "InputError", "UsageError", "build_parser", "game_choices", "main"]

#: The largest ``simulate --games``: a tournament keeps every game's result in memory.
MAX_GAMES: Final = 100_000


class UsageError(CardrulesError, ValueError):
    """A bad argument found after parsing (exit status 2)."""


class InputError(CardrulesError):
    """A file that cannot be read, written or used (exit status 1)."""


#: The most digits a number on the command line may have (seeds take up to 78).
_MAX_DIGITS: Final = 100
_INTEGER: Final = re.compile(rf"-?[0-9]{{1,{_MAX_DIGITS}}}")


def _integer(text: str) -> int:
    """A whole number written with the ASCII digits 0-9 only (no spaces, no other scripts'
    digits, which :class:`int` would take), of at most 100 digits."""
    if not _INTEGER.fullmatch(text):
        raise argparse.ArgumentTypeError(
            f"{describe(text)} is not a whole number written with the digits 0-9 "
            f"(at most {_MAX_DIGITS} digits)"
        )
    return int(text)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see: {self.prog} --help)")


def _version() -> str:
    from cardrules import __version__

    return f"cardrules {__version__}"


_AGENTS_HELP = (
    "random, rule, search (200 rollouts a decision; a card of 400 gets a quarter of that), "
    "search:N (N rollouts), search:Xs (X seconds a decision), or module:attribute, your own "
    "agent class or factory importable from the current directory or PYTHONPATH"
)


def game_choices() -> str:
    """The games the command plays, as its help says them: ``"400 or all-fours"`` (the keys of
    the registry's games that give the command their words, ``GameInfo.cli``)."""
    from cardrules.games import games

    *rest, last = [game.key for game in games() if game.cli]
    return f"{', '.join(rest)} or {last}" if rest else last


def _add_colour(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour the cards (auto: on a terminal, unless NO_COLOR is set)",
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``cardrules`` command."""
    from cardrules.agents.registry import HINT_AGENT

    games = game_choices()
    parser = _Parser(
        prog="cardrules",
        description="Play, simulate, replay and read the rules of 400 and All Fours.",
    )
    parser.add_argument("--version", action="version", version=_version())
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

    play = commands.add_parser(
        "play",
        help="play one game at the terminal against bots",
        epilog="at the prompt: a move, or help, hint, undo, last, score, hand, rules, "
        "save FILE, quit",
    )
    play.add_argument("game", nargs="?", help=f"{games} (not with --resume)")
    play.add_argument(
        "--players", type=_integer, choices=(2, 4), help="All Fours: 4 (default) or 2"
    )
    play.add_argument("--seed", type=_integer, help="the game's seed (default: a random one)")
    play.add_argument("--preset", help="a named ruleset (see `cardrules rules GAME`)")
    play.add_argument("--seat", type=_integer, default=0, help="your seat (default 0)")
    play.add_argument("--bots", default="rule", metavar="AGENT", help=f"the bots: {_AGENTS_HELP}")
    play.add_argument(
        "--save", metavar="FILE", help="save the game's record (JSON) after every move"
    )
    play.add_argument("--resume", metavar="FILE", help="go on with a game saved by --save or save")
    play.add_argument("--force", action="store_true", help="let --save overwrite a file")
    play.add_argument(
        "--autoplay", action="store_true", help="play your move for you when it is the only one"
    )
    play.add_argument(
        "--hint",
        default=HINT_AGENT,
        metavar="AGENT",
        help=(
            f"who answers `hint`: {HINT_AGENT} (default), pimc, pimc:N, pimc:N-M, pimc:Xs, "
            "search, search:N or search:Xs"
        ),
    )
    _add_colour(play)

    simulate = commands.add_parser("simulate", help="a duplicate tournament between two agents")
    simulate.add_argument("game", help=games)
    simulate.add_argument(
        "--games",
        type=_integer,
        default=20,
        help=f"an even number from 2 to {MAX_GAMES} (default 20)",
    )
    simulate.add_argument(
        "--agents",
        default="rule,random",
        metavar="A,B",
        help=f"two agents, comma-separated (default rule,random); each is {_AGENTS_HELP}",
    )
    simulate.add_argument(
        "--seed", type=_integer, default=0, help="the tournament's seed (default 0)"
    )
    simulate.add_argument("--preset", help="a named ruleset")
    simulate.add_argument("--players", type=_integer, choices=(2, 4), help="All Fours: 4 or 2")
    simulate.add_argument(
        "--processes",
        type=_integer,
        help="worker processes, at most the machine's cores (default: all cores; 1: no pool)",
    )
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON")
    simulate.add_argument("--records", metavar="DIR", help="save every game's record in DIR")
    simulate.add_argument(
        "--force", action="store_true", help="let --records overwrite earlier records"
    )

    replay = commands.add_parser("replay", help="step through a saved record")
    replay.add_argument("file", help="a record (JSON or the text notation)")
    replay.add_argument(
        "--pause",
        action="store_true",
        help="step-through mode: wait for Enter after each trick (q quits)",
    )
    _add_colour(replay)

    rules = commands.add_parser("rules", help="show a ruleset and its scoring tables")
    rules.add_argument("game", help=games)
    rules.add_argument("--preset", help="a named ruleset")
    rules.add_argument("--players", type=_integer, choices=(2, 4), help="All Fours: 4 or 2")
    rules.add_argument("--json", action="store_true", help="print the options as JSON")

    serve = commands.add_parser(
        "serve",
        help="play and replay in a web browser (needs the extra: pip install 'cardrules[web]')",
    )
    from cardrules.cli.serve import add_arguments

    add_arguments(serve)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with ``argv`` (default: ``sys.argv[1:]``) and return its exit status.

    It returns the status rather than exiting, so that a program (or a test) can call it; the
    installed ``cardrules`` script and ``python -m cardrules`` pass it to :func:`sys.exit`.
    Called from your own script, end with ``sys.exit(main())`` to give the shell the status.
    (``--version`` and ``--help`` print and raise :class:`SystemExit` with status 0, as
    :mod:`argparse` does.)
    """
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
        if args.command == "serve":
            from cardrules.cli.serve import run_serve

            return run_serve(args)
        from cardrules.cli.rules import run_rules

        return run_rules(args)
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
    except Exception as error:  # a bug: still one line, never a traceback
        print(
            f"cardrules: internal error (please report it): {type(error).__name__}: "
            f"{str(error)[:200]}",
            file=sys.stderr,
        )
        return 1
