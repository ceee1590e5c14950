"""Instruction counts of random play, for comparing two source trees on a busy machine:
``python benchmarks/instructions.py [--games N] [TREE ...]``.

Wall-clock figures (``benchmarks/run.py``) swing by a factor of two on a shared machine; the
number of instructions that CPython executes does not.  This script runs random play under
valgrind's callgrind for each source tree given (default: this checkout's ``src``), ``N`` games
and one game per case, with ``PYTHONHASHSEED=0``, and prints the instructions per hand (All
Fours) or per deal (400) of the difference, which leaves out start-up and imports.  Needs
``valgrind`` on the PATH (Debian: ``apt-get install valgrind``).

Example, the tree before a change against this one::

    git worktree add /tmp/before HEAD~5
    python benchmarks/instructions.py /tmp/before/src src
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

# The driver: random play exactly as bench_all_fours.py / bench_four_hundred.py drive it.
DRIVER = """
import gc, random, sys
game, games = sys.argv[1], int(sys.argv[2])
if game == "four_hundred":
    from cardrules.four_hundred import Rules, new_game
    rules = Rules()
    deal_limit = 5
else:
    from cardrules.all_fours import Rules, new_game
    rules = Rules.preset("all_twos") if game == "all_fours_2" else Rules()
    deal_limit = None
# Objects made at import would be traced by the collector during the first games only; freezing
# them keeps that one-off cost out of the per-hand difference.
gc.collect()
gc.freeze()
rng = random.Random(1)
hands = 0
for seed in range(games):
    state = new_game(rules, seed=seed)
    while not state.is_terminal:
        if deal_limit is not None and state.deal_number >= deal_limit:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    hands += state.deal_number if deal_limit is not None else len(state.history)
print("hands", hands)
"""

CASES = ("all_fours", "all_fours_2", "four_hundred")


def _count(tree: Path, case: str, games: int) -> tuple[int, int]:
    """(instructions, hands) of ``games`` random games of ``case`` with ``tree`` on the path."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    with tempfile.TemporaryDirectory() as work:
        out = Path(work) / "callgrind.out"
        result = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                sys.executable,
                "-c",
                DRIVER,
                case,
                str(games),
            ],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        hands = int(result.stdout.split()[-1])
        summary = re.search(r"^summary:\s+(\d+)", out.read_text(), re.MULTILINE)
        if summary is None:
            raise SystemExit("callgrind wrote no summary line")
        return int(summary.group(1)), hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "trees", nargs="*", type=Path, default=[Path(__file__).parent.parent / "src"]
    )
    parser.add_argument("--games", type=int, default=20, help="games per case (default 20)")
    parser.add_argument("--cases", nargs="*", default=list(CASES), choices=CASES)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed: apt-get install valgrind")
    for case in args.cases:
        unit = "deal" if case == "four_hundred" else "hand"
        for tree in args.trees:
            many, hands = _count(tree, case, args.games)
            one, first = _count(tree, case, 1)
            per = (many - one) / max(1, hands - first)
            print(f"{case:<14} {tree!s:<40} {per:>14,.0f} instructions/{unit}")


if __name__ == "__main__":
    main()
