"""``cardrules serve``: how long a move on one table takes while another table's bots think,
with the bots in worker processes (as the server runs them) and, side by side, in threads of
the server's own process (as it ran them before).

``python benchmarks/bench_web_bots.py [--bot search:2s] [--moves 3]`` starts a server for each
way (a new process on a free loopback port, its tables in memory), then, on table A (a person
against three ``rule`` bots, which move at once), makes moves one after another and times each
answer: first with nothing else going on, then while table B's three bots (``--bot``, a
pure-Python search) think over ``--moves`` moves of B's person.  It prints the median, the 90th
percentile and the longest of A's answers in each case.

``run(seconds)`` is the short version that the benchmark smoke test calls.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from typing import Any

#: The server, with its bots in processes (``processes``) or in threads (``threads``).
_SERVER = """
import sys
from concurrent.futures import ThreadPoolExecutor
import uvicorn
from cardrules.web.app import create_app
app = create_app(workers=2)
if sys.argv[1] == "threads":
    app.state.cardrules.pool = ThreadPoolExecutor(2, thread_name_prefix="cardrules-bot")
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _start(way: str) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    process = subprocess.Popen([sys.executable, "-c", _SERVER, way, str(port)])
    base = f"http://127.0.0.1:{port}"
    import httpx

    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(f"{base}/api/options", timeout=1)
            return process, base
        except httpx.TransportError:
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                raise RuntimeError("the server did not start") from None
            time.sleep(0.2)


class _TableA:
    """A person against three rule bots: a new game whenever one ends."""

    def __init__(self, http: Any) -> None:
        self.http = http
        self.token = ""
        self.legal: list[dict[str, Any]] = []

    def new(self) -> None:
        answer = self.http.post("/api/games", json={"game": "all-fours", "bots": "rule"}).json()
        self.token, self.legal = answer["id"], answer["view"]["legal"]

    def move(self) -> float:
        """One move of the person; the seconds its answer took."""
        if not self.legal:
            self.new()
        started = time.perf_counter()
        answer = self.http.post(
            f"/api/games/{self.token}/actions", json={"id": self.legal[0]["id"]}
        )
        took = time.perf_counter() - started
        assert answer.status_code == 200, answer.text
        view = answer.json()["view"]
        self.legal = [] if view["game_over"] else view["legal"]
        return took


def _busy(base: str, bot: str, moves: int, done: threading.Event) -> None:
    """Table B: its person moves ``moves`` times, and after each its three bots think."""
    import httpx

    with httpx.Client(base_url=base, timeout=600) as http:
        made = http.post("/api/tables", json={"game": "400", "seats": [None, bot, bot, bot]})
        token = made.json()["seats"][0]["id"]
        for _ in range(moves):
            legal = http.get(f"/api/games/{token}").json()["view"]["legal"]
            if not legal:
                break
            http.post(f"/api/games/{token}/actions", json={"id": legal[0]["id"]})
    done.set()


def measure(way: str, bot: str, moves: int, idle_moves: int = 30) -> dict[str, list[float]]:
    """Table A's answers (seconds), idle and while table B's bots think, for one way."""
    import httpx

    process, base = _start(way)
    try:
        with httpx.Client(base_url=base, timeout=600) as http:
            table = _TableA(http)
            warm = threading.Event()
            _busy(base, bot, 1, warm)  # the workers started, the agents' modules imported
            idle = [table.move() for _ in range(idle_moves)]
            done = threading.Event()
            thinking = threading.Thread(target=_busy, args=(base, bot, moves, done))
            thinking.start()
            time.sleep(0.5)  # B's first move made: its bots think
            busy: list[float] = []
            while not done.is_set():
                busy.append(table.move())
            thinking.join()
    finally:
        process.terminate()
        process.wait(10)
    return {"idle": idle, "busy": busy}


def _figures(seconds: list[float]) -> str:
    if not seconds:
        return "no move"
    ordered = sorted(seconds)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (
        f"{1000 * statistics.median(ordered):.1f} ms median, {1000 * p90:.1f} ms p90, "
        f"{1000 * ordered[-1]:.1f} ms longest ({len(ordered)} moves)"
    )


def report(bot: str, moves: int) -> None:
    """Both ways, side by side."""
    print(f"a move on table A while table B's three {bot} bots think over {moves} move(s):")
    for way in ("threads", "processes"):
        figures = measure(way, bot, moves)
        print(f"  bots in {way:9}: idle   {_figures(figures['idle'])}")
        print(f"  {'':18} B busy {_figures(figures['busy'])}")


def run(seconds: float) -> None:
    """The short version: a bot of about ``seconds`` a move, one move of B."""
    report(f"search:{max(0.2, min(seconds, 2.0)) / 3:.2f}s", 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="search:2s", help="table B's bots (default search:2s)")
    parser.add_argument("--moves", type=int, default=3, choices=range(1, 21))
    args = parser.parse_args()
    os.nice(5)
    report(args.bot, args.moves)


if __name__ == "__main__":
    main()
