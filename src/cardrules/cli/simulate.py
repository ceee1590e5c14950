"""``cardrules simulate``: a duplicate tournament between two agents, with a summary table."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from cardrules.cli import InputError, UsageError
from cardrules.cli.common import agent_from, game_from, rules_from
from cardrules.runner import tournament

__all__ = ["run_simulate"]

#: Progress lines go to stderr at most this often (seconds), and only for runs this long.
_PROGRESS_EVERY = 2.0


def run_simulate(args: argparse.Namespace) -> int:
    """Run the tournament and print its summary; returns the exit status."""
    game = game_from(args.game)
    rules = rules_from(game, args.preset, args.players)
    specs = [s for s in args.agents.split(",") if s.strip()]
    if len(specs) != 2:
        raise UsageError(f"--agents takes two agents separated by a comma, not {args.agents!r}")
    agents = [agent_from(game, spec) for spec in specs]
    if args.games < 2 or args.games % 2:
        raise UsageError(
            f"--games must be a positive even number (duplicate pairs), not {args.games}"
        )
    if args.processes is not None and args.processes < 1:
        raise UsageError("--processes must be at least 1")
    records_dir = Path(args.records) if args.records else None
    if records_dir is not None:
        _check_records(game, records_dir)
    start = time.perf_counter()
    last = [start]

    def progress(done: int, total: int) -> None:
        now = time.perf_counter()
        if now - last[0] >= _PROGRESS_EVERY or (done == total and now - start >= _PROGRESS_EVERY):
            last[0] = now
            rate = done / (now - start)
            print(f"{done}/{total} games ({rate:.1f} games/s)", file=sys.stderr, flush=True)

    result = tournament(
        rules,
        agents[0],
        agents[1],
        games=args.games,
        seed=args.seed,
        processes=args.processes,
        record=records_dir is not None,
        progress=progress,
    )
    if records_dir is not None:
        from cardrules.records import to_json

        for number, game_result in enumerate(result.games, 1):
            assert game_result.record is not None
            (records_dir / f"game-{number:04d}.json").write_text(
                to_json(game_result.record), encoding="utf-8"
            )
    if args.json:
        data = {"game": game, "rules": rules.to_dict(), "seed": args.seed, **result.to_dict()}
        print(json.dumps(data, indent=1))
    else:
        print(f"{game}: {specs[0]} against {specs[1]}, seed {args.seed}")
        print(result.table())
        if records_dir is not None:
            print(f"{len(result.games)} records saved in {records_dir}")
    return 0


def _check_records(game: str, directory: Path) -> None:
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
