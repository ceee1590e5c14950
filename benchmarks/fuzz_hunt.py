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


def hunt(examples: int, targets: list[str]) -> tuple[int, float]:
    """Run pytest on ``targets`` with ``examples`` fresh examples a test: (status, seconds)."""
    env = dict(os.environ, CARDRULES_FUZZ_EXAMPLES=str(examples), CARDRULES_FUZZ_RANDOM="1")
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", *targets, "-q", "-p", "no:cacheprovider"],
        cwd=ROOT,
        env=env,
        check=False,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        print(done.stdout[-4000:])
    return done.returncode, time.perf_counter() - start


def run(seconds: float = 3.0) -> None:
    """A smoke run of one fuzz file with 10 fresh examples a test (``seconds`` is not used: the
    run is as short as it gets)."""
    status, took = hunt(10, ["tests/fuzz/test_fuzz_saved_states.py"])
    if status:
        raise SystemExit(f"the fuzz smoke run failed (pytest status {status})")
    print(f"fuzz smoke run: passed, {1 / took:.2f} runs/s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("examples", nargs="?", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    status = 0
    for round_number in range(1, args.rounds + 1):
        code, seconds = hunt(args.examples, ["tests/fuzz"])
        outcome = "passed" if code == 0 else f"FAILED (pytest status {code})"
        count = f"{args.examples:,} examples a test"
        print(f"round {round_number}: {count}, {outcome}, {seconds:.0f} s")
        status = status or code
    return status


if __name__ == "__main__":
    raise SystemExit(main())
