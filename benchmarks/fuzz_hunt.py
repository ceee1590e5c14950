"""The large fuzz run: the suite in ``tests/fuzz`` with many more examples, freshly drawn.

``python benchmarks/fuzz_hunt.py [EXAMPLES] [--rounds R]`` runs ``pytest tests/fuzz`` R times
(default 1) with ``CARDRULES_FUZZ_EXAMPLES=EXAMPLES`` (default 20,000 per test; each entry point
takes a fraction of them, as in the suite) and ``CARDRULES_FUZZ_RANDOM=1`` (new examples every
round, where the suite's 400 are derandomized), then prints each round's outcome and time.
Every example must end in success or a typed error from :mod:`cardrules.errors`, followed by a
valid call; a failure is printed by pytest with hypothesis' shrunk example.  The large claim
count is ``benchmarks/fuzz_claims.py``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("examples", nargs="?", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    env = dict(os.environ, CARDRULES_FUZZ_EXAMPLES=str(args.examples), CARDRULES_FUZZ_RANDOM="1")
    status = 0
    for round_number in range(1, args.rounds + 1):
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "tests/fuzz", "-q", "-p", "no:cacheprovider"],
            cwd=ROOT,
            env=env,
            check=False,
        )
        seconds = time.perf_counter() - start
        outcome = "passed" if done.returncode == 0 else f"FAILED (pytest status {done.returncode})"
        count = f"{args.examples:,} examples a test"
        print(f"round {round_number}: {count}, {outcome}, {seconds:.0f} s")
        status = status or done.returncode
    return status


if __name__ == "__main__":
    raise SystemExit(main())
