"""The short version of ``benchmarks/bench_web.py``: a few shared tables of four WebSocket
clients played at once against a real ``cardrules serve`` process, checked on every message,
and the server's memory back near its start once they are over (the full run, 50 tables for
60 s, is the benchmark's; its figures are in the docs)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

for needed in ("uvicorn", "websockets", "httpx"):
    pytest.importorskip(needed)


def test_a_short_load_loses_nothing_and_leaks_nothing() -> None:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_web.py"
    spec = importlib.util.spec_from_file_location("_bench_web", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
        figures = module.load(tables=4, seconds=4, grace=30)
    finally:
        del sys.modules[spec.name]
    assert figures["moves"] > 10
    assert figures["messages"] > figures["moves"]
    for check in ("server_errors", "refused", "lost", "gaps", "repeats", "leaks"):
        assert figures[check] == 0, (check, figures)
    # the tables are over (their games played out in the grace time): the memory is back
    _, warm, _, after = figures["memory_mb"]
    assert figures["unfinished"] == 0, figures
    assert after[-1] <= warm + module.MEMORY_MARGIN_MB, figures["memory_mb"]
