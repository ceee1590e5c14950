"""``cardrules serve``: the web application of :mod:`cardrules.web` on uvicorn."""

from __future__ import annotations

import argparse
import ipaddress
import sys
from typing import TextIO

from cardrules.cli import UsageError

__all__ = ["run_serve"]


def run_serve(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Serve until interrupted; returns the exit status."""
    out = out or sys.stdout
    if not 0 <= args.port <= 65535:
        raise UsageError("--port must be from 0 to 65535")
    if args.max_games < 1 or args.max_games > 100_000:
        raise UsageError("--max-games must be from 1 to 100000")
    if not 0 < args.idle_minutes <= 7 * 24 * 60:
        raise UsageError("--idle-minutes must be more than 0 and at most a week")
    try:
        import uvicorn

        from cardrules.web.app import create_app
    except ImportError as error:
        raise UsageError(
            f"serve needs the extra 'web' ({error.name} is missing): pip install 'cardrules[web]'"
        ) from None
    try:
        loopback = ipaddress.ip_address(args.host).is_loopback
    except ValueError:
        loopback = args.host == "localhost"
    if not loopback:
        print(
            f"warning: listening on {args.host}: anyone who can reach it may play (there is no "
            "login)",
            file=out,
        )
    app = create_app(max_games=args.max_games, idle_minutes=args.idle_minutes)
    print(f"cardrules serve: open http://{args.host}:{args.port}/ (Ctrl-C stops)", file=out)
    out.flush()
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0
