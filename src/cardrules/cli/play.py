"""``cardrules play``: a person plays one seat at the terminal against bots."""

from __future__ import annotations

import argparse
import secrets
import sys
from pathlib import Path
from typing import Any, TextIO

from cardrules.cli import InputError, UsageError
from cardrules.cli.common import agent_from, game_from, module_of, rules_from
from cardrules.cli.events import describe_step
from cardrules.cli.render import format_observation
from cardrules.errors import CardrulesError, IllegalActionError, ParseError
from cardrules.runner import agent_rngs

__all__ = ["run_play"]

_HELP = """type a move as shown under "legal": a card like QH (or 10h, q♥), a bid like 4,
stand / beg / give / run in All Fours; "hand" shows the table again; "quit" ends the game."""


def _ask(out: TextIO, stdin: TextIO, prompt: str) -> str | None:
    out.write(prompt)
    out.flush()
    line = stdin.readline()
    if not line:
        out.write("\n")
        return None
    if not stdin.isatty():  # scripted input: echo it, so that the transcript reads well
        out.write(line if line.endswith("\n") else line + "\n")
    return line.strip()


def run_play(
    args: argparse.Namespace, stdin: TextIO | None = None, out: TextIO | None = None
) -> int:
    """Play one game; returns the exit status (0 also when the player quits)."""
    stdin = stdin or sys.stdin
    out = out or sys.stdout
    game = game_from(args.game)
    rules = rules_from(game, args.preset, args.players)
    module = module_of(game)
    players = getattr(rules, "players", 4)
    if not 0 <= args.seat < players:
        raise UsageError(f"--seat must be a seat from 0 to {players - 1}")
    bot = agent_from(game, args.bots)
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    state = module.new_game(rules, seed=seed)
    recorder = None
    if args.save:
        from cardrules.records import recorder as make_recorder

        try:
            recorder = make_recorder(state)
        except CardrulesError as error:
            raise UsageError(f"cannot record this game: {error}") from None
    you = args.seat
    rngs = agent_rngs(seed, players)
    print(
        f"cardrules play {game}, seed {seed}: you are seat {you}"
        + (f", partner seat {(you + 2) % 4}" if players == 4 else "")
        + f"; bots: {bot.name}.  Type 'help' for help, 'quit' to stop.",
        file=out,
    )
    if game == "all-fours":
        print(f"dealer seat {state.dealer}, kick {state.kick}", file=out)
    while not state.is_terminal:
        seat = state.current_player
        if seat == you:
            action = _human_move(module, state, out, stdin)
            if action is None:
                print(f"game abandoned (seed {seed}).", file=out)
                return 0
        else:
            action = bot.act(state.observe(seat), rngs[seat])
        before = state
        state = recorder.apply(action) if recorder is not None else state.apply(action)
        for line in describe_step(before, action, state):
            print(line, file=out)
    print(
        "you win!" if state.winner == you % 2 else "you lose.",
        f"(seed {seed})",
        file=out,
    )
    if recorder is not None:
        _save(recorder.record(), Path(args.save))
        print(f"record saved to {args.save}", file=out)
    return 0


def _human_move(module: Any, state: Any, out: TextIO, stdin: TextIO) -> Any:
    seat = state.current_player
    print("", file=out)
    print(format_observation(state.observe(seat)), file=out)
    while True:
        text = _ask(out, stdin, "your move> ")
        if text is None or text.lower() in ("quit", "q", "exit"):
            return None
        if not text:
            continue
        if text.lower() in ("help", "?"):
            print(_HELP, file=out)
            continue
        if text.lower() in ("hand", "show"):
            print(format_observation(state.observe(seat)), file=out)
            continue
        try:
            action = module.parse_action(text)
            state.apply(action)
        except ParseError as error:
            print(f"not a move: {error}", file=out)
            continue
        except IllegalActionError as error:
            print(f"illegal: {error}", file=out)
            continue
        return action


def _save(record: Any, path: Path) -> None:
    from cardrules.records import to_json

    try:
        path.write_text(to_json(record), encoding="utf-8")
    except OSError as error:
        raise InputError(f"cannot write {path}: {error.strerror}") from None
