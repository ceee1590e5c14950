"""``cardrules serve``: the web application of :mod:`cardrules.web` on uvicorn.

It binds 127.0.0.1 unless ``--host`` says otherwise; another address prints the page's links on
this machine's addresses and a warning.  The server's socket is bound here, before uvicorn
starts, so that an address that cannot be listened on is one line on stderr with the command's
exit status (2 for an address that is not one, 1 for one that cannot be bound now).
"""

from __future__ import annotations

import argparse
import contextlib
import ipaddress
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from cardrules.cli import InputError, UsageError

__all__ = ["add_arguments", "run_serve"]


def _whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: ASCII digits only (no sign, space or other script's digits)."""

    def parse(text: str) -> int:
        if not (text.isascii() and text.isdigit()) or len(text) > 9 or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number from {low} to {high}")
        return int(text)

    return parse


def _minutes(text: str) -> float:
    """An argparse type: minutes, ASCII digits with an optional fraction, at most a week."""
    whole, _, fraction = text.partition(".")
    digits = whole + fraction
    if not (digits.isascii() and digits.isdigit()) or len(text) > 12:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of minutes")
    value = float(text)
    if not 0 < value <= 7 * 24 * 60:
        raise argparse.ArgumentTypeError(f"{text!r}: minutes must be more than 0, at most a week")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``cardrules serve``."""
    parser.add_argument(
        "--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)"
    )
    parser.add_argument(
        "--port", type=_whole(0, 65535), default=8000, help="the port (default 8000; 0: any free)"
    )
    parser.add_argument(
        "--max-games",
        type=_whole(1, 100_000),
        default=100,
        help="tables in play kept at most, and as many finished ones (default 100)",
    )
    parser.add_argument(
        "--idle-minutes",
        type=_minutes,
        default=60,
        help="drop a table in play after this many minutes without a move (default 60)",
    )
    parser.add_argument(
        "--database",
        type=Path,
        help="the SQLite file that keeps the tables (default: "
        "$XDG_DATA_HOME/cardrules/tables.sqlite3, else ~/.local/share/cardrules/...)",
    )


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host`` and ``port``, or a one-line error."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError):
        raise UsageError(
            f"--host {host!r} is not an address (e.g. 127.0.0.1, 0.0.0.0, ::1 or a host name)"
        ) from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as error:
        sock.close()
        raise InputError(f"cannot listen on {host} port {port}: {error.strerror}") from None
    return sock


def _links(host: str, port: int) -> list[str]:
    """The page's addresses: this machine's own for a wildcard host, else the host's."""
    try:
        wildcard = ipaddress.ip_address(host).is_unspecified
    except ValueError:
        wildcard = False
    names = [host]
    if wildcard:
        found = {"127.0.0.1"}
        with contextlib.suppress(OSError):
            found |= set(socket.gethostbyname_ex(socket.gethostname())[2])
        # the default route's address (a UDP "connect" sends nothing)
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        with contextlib.suppress(OSError), probe:
            probe.connect(("10.255.255.255", 1))
            found.add(probe.getsockname()[0])
        names = sorted(found)
    return [f"http://{f'[{n}]' if ':' in n else n}:{port}/" for n in names]


def run_serve(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Serve until interrupted; returns the exit status."""
    out = out or sys.stdout
    try:
        import uvicorn

        from cardrules.web.app import create_app
        from cardrules.web.store import default_database
    except ImportError as error:
        raise UsageError(
            f"serve needs the extra 'web' ({error.name} is missing): pip install 'cardrules[web]'"
        ) from None
    database = args.database or default_database()
    try:
        app = create_app(
            max_games=args.max_games, idle_minutes=args.idle_minutes, database=database
        )
    except Exception as error:  # sqlite3.Error, OSError: a file that cannot be used
        raise InputError(f"cannot use the database {database}: {error}") from None
    sock = _listen(args.host, args.port)
    port = sock.getsockname()[1]
    try:
        loopback = ipaddress.ip_address(args.host).is_loopback
    except ValueError:
        loopback = args.host == "localhost"
    links = _links(args.host, port)
    if not loopback:
        print(
            f"warning: listening on {args.host}: anyone who can reach this address may start "
            "games, and a seat's link is its only key; the traffic is not encrypted (put a "
            "reverse proxy with TLS in front: see the docs' page Serving)",
            file=out,
        )
    print(f"cardrules serve: open {' or '.join(links)} (Ctrl-C stops)", file=out)
    print(f"tables kept in {database}", file=out)
    out.flush()
    # A kept-alive connection lives longer than a seat waits for its turn (uvicorn: 5 s).
    config = uvicorn.Config(app, log_level="warning", ws="auto", timeout_keep_alive=75)
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        sock.close()
    return 0
