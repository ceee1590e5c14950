"""``cardrules simulate``: a duplicate tournament between two agents, with a summary table."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from cardrules.cli import MAX_GAMES, InputError, UsageError
from cardrules.cli.common import agent_from, game_from, rules_from
from cardrules.errors import CardrulesError
from cardrules.runner import tournament

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
        )
    except CardrulesError as error:  # an agent's illegal move, for one
        raise UsageError(f"the tournament stopped: {error}") from None
    except (KeyboardInterrupt, BrokenPipeError):
        raise
    except Exception as error:  # your own agent raised: one line, not a traceback
        raise UsageError(
            f"the tournament stopped: an agent failed: {type(error).__name__}: {error}"
        ) from None
    if records_dir is not None:
        from cardrules.records import to_json

        for number, game_result in enumerate(result.games, 1):
            assert game_result.record is not None
            path = records_dir / f"game-{number:04d}.json"
            try:
                path.write_text(to_json(game_result.record), encoding="utf-8")
            except OSError as error:
                raise InputError(f"cannot write {path}: {error.strerror}") from None
    if args.json:
        data = {"game": game, "rules": rules.to_dict(), "seed": args.seed, **result.to_dict()}
        print(json.dumps(data, indent=1))
    else:
        print(f"{game}: {specs[0]} against {specs[1]}, seed {args.seed}")
        print(result.table())
        if records_dir is not None:
            print(f"{len(result.games)} records saved in {records_dir}")
    return 0


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every system
        return os.cpu_count() or 1


def _check_records(game: str, directory: Path, force: bool) -> None:
    from cardrules.records import codec_for

    try:
        codec_for("four_hundred" if game == "400" else "all_fours")
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
