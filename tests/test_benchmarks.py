"""The benchmark scripts still run (a smoke test with tiny budgets: no figure is checked here;
speed is measured by running ``benchmarks/run.py``, never in the test suite)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


#: Benchmarks of optional parts, and the module each needs.
NEEDS = {"bench_batch": "numba", "parity_batch": "numba", "bench_web": "uvicorn"}
SCRIPTS = sorted(p for p in BENCHMARKS.glob("*.py") if p.stem != "instructions")


@contextmanager
def _script(path: Path) -> Iterator[ModuleType]:
    """A benchmark script loaded as a module (registered while in use)."""
    spec = importlib.util.spec_from_file_location(f"_bench_{path.stem}", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        del sys.modules[spec.name]


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.stem)
def test_benchmark_script_runs(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if path.stem in NEEDS and importlib.util.find_spec(NEEDS[path.stem]) is None:
        pytest.skip(f"{path.name} needs {NEEDS[path.stem]} (an optional extra)")
    with _script(path) as module:
        if path.stem == "run":
            module.core(0.01)
        else:
            module.run(0.01)
    lines = capsys.readouterr().out.splitlines()
    assert lines, f"{path.name} printed nothing"
    assert all("/s" in line for line in lines if line and not line.startswith(("==", "("))), lines


@pytest.mark.parametrize("case", ["all_fours", "all_fours_2", "four_hundred"])
def test_the_instruction_count_driver_plays_games(case: str) -> None:
    """benchmarks/instructions.py runs its driver under valgrind; here it runs bare."""

    spec = importlib.util.spec_from_file_location(
        "_bench_instructions", BENCHMARKS / "instructions.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = subprocess.run(
        [sys.executable, "-c", module.DRIVER, case, "2"], capture_output=True, text=True, check=True
    )
    assert int(result.stdout.split()[-1]) >= 2
