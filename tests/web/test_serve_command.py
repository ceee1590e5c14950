"""``cardrules serve``: its arguments, its defaults (loopback, bounded memory) and the server it
starts (uvicorn is not started here: the browser test runs a real one)."""

from __future__ import annotations

import argparse
import io
from typing import Any

import pytest

pytest.importorskip("uvicorn")

from cardrules.cli import build_parser, main
from cardrules.cli.serve import run_serve


@pytest.mark.parametrize(
    "argv",
    [
        ["serve", "--port", "70000"],
        ["serve", "--max-games", "0"],
        ["serve", "--idle-minutes", "0"],
        ["serve", "--port", "x"],
    ],
)
def test_bad_arguments_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().err.startswith("cardrules: error: ")


def test_serve_binds_the_loopback_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: calls.append(kwargs))
    args = build_parser().parse_args(["serve", "--max-games", "3"])
    out = io.StringIO()
    assert run_serve(args, out) == 0
    assert calls == [{"host": "127.0.0.1", "port": 8000, "log_level": "warning"}]
    assert "http://127.0.0.1:8000/" in out.getvalue()
    assert "warning" not in out.getvalue()
    wide = argparse.Namespace(host="0.0.0.0", port=8080, max_games=3, idle_minutes=5.0)
    run_serve(wide, out)
    assert "warning: listening on 0.0.0.0" in out.getvalue()
