"""``cardrules serve``: its arguments (ASCII digits only), its defaults (loopback, a database
under the user's data directory), one-line errors with the documented exit status for an
address it cannot use, and the links and warning on a wildcard address (uvicorn is not started
here: the browser test runs a real one)."""

from __future__ import annotations

import io
import socket
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")

from cardrules.cli import build_parser, main
from cardrules.cli.serve import run_serve


@pytest.mark.parametrize(
    "argv",
    [
        ["serve", "--port", "70000"],
        ["serve", "--port", "\u0664"],  # an Arabic-Indic four
        ["serve", "--port", " 80"],
        ["serve", "--port", "+80"],
        ["serve", "--max-games", "0"],
        ["serve", "--max-games", "\uff11"],  # a full-width one
        ["serve", "--idle-minutes", "0"],
        ["serve", "--idle-minutes", "nan"],
        ["serve", "--idle-minutes", "1e9"],
        ["serve", "--port", "x"],
        ["serve", "--host", "999.1.1.1", "--port", "0"],
    ],
)
def test_bad_arguments_exit_2_with_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardrules: error: ")
    assert err.count("\n") == 1


def test_a_port_in_use_exits_1_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        port = str(taken.getsockname()[1])
        assert main(["serve", "--port", port, "--database", str(tmp_path / "t.db")]) == 1
    finally:
        taken.close()
    err = capsys.readouterr().err
    assert err.startswith("cardrules: error: cannot listen on 127.0.0.1 port")
    assert err.count("\n") == 1


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The uvicorn servers run_serve would start (not started)."""
    import uvicorn

    calls: list[dict[str, Any]] = []

    def run(self: Any, sockets: list[socket.socket]) -> None:
        calls.append({"host": sockets[0].getsockname()[0], "ws": self.config.ws})

    monkeypatch.setattr(uvicorn.Server, "run", run)
    return calls


def test_serve_binds_the_loopback_by_default(
    served: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    args = build_parser().parse_args(["serve", "--port", "0", "--max-games", "3"])
    out = io.StringIO()
    assert run_serve(args, out) == 0
    assert served == [{"host": "127.0.0.1", "ws": "auto"}]
    assert "open http://127.0.0.1:" in out.getvalue()
    assert "warning" not in out.getvalue()
    assert str(tmp_path / "cardrules" / "tables.sqlite3") in out.getvalue()
    assert (tmp_path / "cardrules" / "tables.sqlite3").exists()


def test_a_wildcard_host_prints_the_links_and_a_warning(
    served: list[dict[str, Any]], tmp_path: Path
) -> None:
    args = build_parser().parse_args(
        ["serve", "--host", "0.0.0.0", "--port", "0", "--database", str(tmp_path / "t.db")]
    )
    out = io.StringIO()
    assert run_serve(args, out) == 0
    text = out.getvalue()
    assert "warning: listening on 0.0.0.0" in text
    assert "http://127.0.0.1:" in text
    assert "reverse proxy" in text


def test_a_database_that_cannot_be_made_exits_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert main(["serve", "--port", "0", "--database", str(blocker / "t.db")]) == 1
    assert capsys.readouterr().err.startswith("cardrules: error: cannot use the database")
