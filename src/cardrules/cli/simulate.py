"""``cardrules simulate``: a duplicate tournament between two agents, with a summary table."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from cardrules.cli import MAX_GAMES, InputError, UsageError
from cardrules.cli.common import agent_from, game_from, rules_from, write_atomic
from cardrules.cli.messages import describe_agent_error
from cardrules.errors import ArgumentError
from cardrules.runner import AgentError, GameResult, tournament

__all__ = ["available_cores", "run_simulate"]

#: Progress lines go to stderr at most this often (seconds), and only for runs this long.
_PROGRESS_EVERY = 2.0


def run_simulate(args: argparse.Namespace) -> int:
    """Run the tournament and print its summary; returns the exit status."""
    game = game_from(args.game)
    rules = rules_from(game, args.preset, args.players)
    specs = [s for s in args.agents.split(",") if s.strip()]
    if len(specs) != 2:
        raise UsageError(f"--agents takes two agents separated by a comma, not {args.agents!r}")
    if args.games < 2 or args.games % 2 or args.games > MAX_GAMES:
        raise UsageError(
            f"--games must be an even number from 2 to {MAX_GAMES} (the games are played in "
            f"duplicate pairs), not {args.games}"
        )
    cores = available_cores()
    if args.processes is not None and not 1 <= args.processes <= cores:
        raise UsageError(
            f"--processes must be from 1 to {cores} (this machine's cores), not {args.processes}"
        )
    agents = [agent_from(game, spec.strip()) for spec in specs]
    records_dir = Path(args.records) if args.records else None
    if records_dir is not None:
        _check_records(game, records_dir, args.force)
    start = time.perf_counter()
    last = [start]

    def progress(done: int, total: int) -> None:
        now = time.perf_counter()
        if now - last[0] >= _PROGRESS_EVERY or (done == total and now - start >= _PROGRESS_EVERY):
            last[0] = now
            rate = done / (now - start)
            print(f"{done}/{total} games ({rate:.1f} games/s)", file=sys.stderr, flush=True)

    saver = _RecordSaver(records_dir) if records_dir is not None else None
    try:
        result = tournament(
            rules,
            agents[0],
            agents[1],
            games=args.games,
            seed=args.seed,
            processes=args.processes or min(cores, args.games),
            record=records_dir is not None,
            progress=progress,
            on_game=saver.save if saver is not None else None,
        )
    except AgentError as error:  # an agent's illegal move, or your own agent raised
        raise UsageError(f"the tournament stopped: {describe_agent_error(error)}") from None
    except ArgumentError as error:  # an agent that does not play this game
        raise UsageError(str(error)) from None
    except KeyboardInterrupt:
        if saver is not None:
            print(f"\ncardrules: {saver.saved_line()}", file=sys.stderr)
        raise
    if args.json:
        data = {"game": game, "rules": rules.to_dict(), "seed": args.seed, **result.to_dict()}
        print(json.dumps(data, indent=1))
    else:
        print(f"{game}: {specs[0]} against {specs[1]}, seed {args.seed}")
        print(result.table())
        if saver is not None and saver.failure is None:
            print(saver.saved_line())
    if saver is not None and saver.failure is not None:
        raise InputError(f"{saver.failure}; {saver.saved_line()}")
    return 0


@contextlib.contextmanager
def _no_interrupt() -> Iterator[None]:
    """SIGINT held back (where the system allows) until the block ends, then delivered."""
    block = getattr(signal, "pthread_sigmask", None)
    if block is None or threading.current_thread() is not threading.main_thread():
        yield
        return
    block(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        block(signal.SIG_UNBLOCK, {signal.SIGINT})


class _RecordSaver:
    """Writes each game's record as the game finishes (``game-0001.json`` ... in the order of
    the tournament's games), each file whole or not at all; after a failed write (a full disk)
    it writes no more, and the tournament plays on to its summary."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.saved = 0
        self.failure: str | None = None

    def save(self, index: int, result: GameResult) -> None:
        from cardrules.records import to_json

        if self.failure is not None or result.record is None:
            return
        text = to_json(result.record)
        with _no_interrupt():  # Ctrl-C waits for the file and the count to agree
            try:
                write_atomic(self.directory / f"game-{index + 1:04d}.json", text)
            except InputError as error:
                self.failure = str(error)
                return
            self.saved += 1

    def saved_line(self) -> str:
        noun = "record" if self.saved == 1 else "records"
        return f"{self.saved} {noun} saved in {self.directory}"


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every system
        return os.cpu_count() or 1


def _check_records(game: str, directory: Path, force: bool) -> None:
    from cardrules.games import find_game
    from cardrules.records import codec_for

    try:
        codec_for(find_game(game).name)
    except Exception as error:  # a game without a record codec yet
        raise UsageError(f"records cannot be saved for {game}: {error}") from None
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InputError(f"cannot create {directory}: {error.strerror}") from None
    if not directory.is_dir():
        raise InputError(f"{directory} is not a directory")
    earlier = sorted(directory.glob("game-*.json"))
    if earlier and not force:
        raise UsageError(
            f"{directory} already holds {len(earlier)} records ({earlier[0].name} …): use "
            "--force to overwrite them, or another directory"
        )
