"""``cardrules serve`` under load: many shared tables played at once by WebSocket clients.

``python benchmarks/bench_web.py [--tables 50] [--seconds 60]`` starts ``cardrules serve`` on
a free loopback port (a new process, its tables in a temporary database) and plays, for the
given time, that many tables of four people at once (half 400, half All Fours), each seat a
WebSocket client that moves (a random legal move, by POST) when its view says it is to act, and
a new table when a game ends (the games start from scores near the target, so that they end;
after the time, the games in play are played out, within ``--grace`` seconds).  It prints the
moves per second, the latency of a move's answer (median and 99th percentile), the server's CPU
time per move, and checks on every message: no 5xx; no lost or duplicated move
(each seat sees every step once, in order, and the server's steps are the moves answered 200);
no card of another seat's hand at that step in any message; and the server's memory at the
start, after a game of each (the warm start: the modules a game imports loaded), at its peak and
once the tables of each round are over and the server's housekeeping has run (``--rounds``,
default 2: a leak would grow from round to round), against :data:`MEMORY_MARGIN_MB`.
``--trace`` runs the server under :mod:`tracemalloc` and prints what Python objects it holds
after the rounds that it did not at the warm start.

``--bots search:1s`` measures something else: how long a move on one table takes while another
table's bots think, with the bots in worker processes (as the server runs them) and, side by
side, in threads of the server's own process.  It starts a server for each way (its tables in
memory), then, on table A (a person against three ``rule`` bots, which move at once), makes
moves one after another and times each answer: first with nothing else going on, then while
table B's three bots think over ``--bot-moves`` moves of B's person; it prints the median, the
90th percentile and the longest of A's answers in each case.

``run(seconds)`` is the short version that the test suite runs (two tables).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: How long the memory is let settle after a round (two runs of the server's housekeeping: it
#: collects once a run finds that no table was asked for since the one before).
SETTLE_SECONDS = 5.0
#: The criterion: once a round's tables are over (their games played out, their clients gone,
#: the server's housekeeping run), the server's resident memory is at most this many MB above
#: its warm start (after a game of each).  What stays: the engines' lookup tables, filled as
#: hands are seen, and the arenas of Python's small-object allocator that they pin.
MEMORY_MARGIN_MB = 12.0
CARD = re.compile(r"\b[2-9TJQKA][CDHS]\b")


@dataclass
class Tally:
    """What the clients saw."""

    moves: int = 0
    latencies: list[float] = field(default_factory=list)
    server_errors: int = 0
    refused: int = 0
    gaps: int = 0
    repeats: int = 0
    lost: int = 0
    games: int = 0
    broken: int = 0
    unfinished: int = 0
    messages: int = 0
    leaks: int = 0
    #: (table, seat, step) -> the seat's hand then, and the cards each message of it named
    hands: dict[tuple[str, int, int], set[str]] = field(default_factory=dict)
    named: list[tuple[str, int, int, set[str]]] = field(default_factory=list)


def _named(message: dict[str, Any]) -> set[str]:
    """The cards a message names about the deal in play (an earlier deal's events name cards
    that a later deal deals again)."""
    told = message.get("events", [])
    deals = [index for index, event in enumerate(told) if event["kind"] == "deal"]
    now = {**message, "events": told[deals[-1] :] if deals else told}
    return set(CARD.findall(json.dumps(now)))


def _rss(pid: int) -> float:
    """A process's resident memory in MB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def _post(http: Any, token: str, move: int, step: int, tally: Tally) -> int:
    """POST a move; once more if the connection broke and the move was not made (a kept-alive
    connection that the server closed as the request left)."""
    import httpx

    try:
        return int((await http.post(f"/api/games/{token}/actions", json={"id": move})).status_code)
    except httpx.TransportError:
        tally.broken += 1
        now = (await http.get(f"/api/games/{token}")).json()
        if now["step"] != step:
            return 200  # it was made
        return int((await http.post(f"/api/games/{token}/actions", json={"id": move})).status_code)


async def _seat(
    http: Any, base: str, table: str, token: str, seat: int, tally: Tally, rng: random.Random
) -> int:
    """One person's client: listen, move when to act; returns the moves it made."""
    import websockets

    made = 0
    known: int | None = None
    acted = -1
    url = base.replace("http", "ws", 1) + f"/api/games/{token}/ws"
    async with websockets.connect(url, max_size=2**22) as socket:
        async for raw in socket:
            message = json.loads(raw)
            tally.messages += 1
            step = message["step"]
            if known is not None:
                if message["from"] > known:
                    tally.gaps += 1
                elif message["from"] < known and step > known:
                    tally.repeats += 1
            known = step if known is None else max(known, step)
            view = message["view"]
            tally.hands[(table, seat, step)] = set(view["hand"])
            tally.named.append((table, seat, step, _named(message)))
            if view["game_over"]:
                return made
            if view["your_turn"] and step != acted:
                acted = step
                legal = view["legal"]
                # 400: the second-lowest bid (random bids fail, and the game would not end)
                bidding = view["phase"] == "bidding"
                move = legal[min(1, len(legal) - 1)] if bidding else rng.choice(legal)
                started = time.perf_counter()
                status = await _post(http, token, move["id"], step, tally)
                tally.latencies.append(time.perf_counter() - started)
                if status >= 500:
                    tally.server_errors += 1
                elif status == 200:
                    made += 1
                    tally.moves += 1
                else:
                    tally.refused += 1
    return made


async def _table(
    http: Any, base: str, number: int, deadline: float, grace: float, tally: Tally
) -> None:
    """Tables of four people, one after another, until the deadline."""
    rng = random.Random(number)
    game = "400" if number % 2 else "all-fours"
    # Scores near the target to start from, so that games end and new tables start.
    scores = [39, 39, 39, 39] if game == "400" else [10, 10]
    request = {"game": game, "seats": [None] * 4, "scores": scores}
    while time.monotonic() < deadline:
        made = await http.post("/api/tables", json=request)
        if made.status_code != 201:
            tally.server_errors += made.status_code >= 500
            tally.refused += made.status_code < 500
            print(f"(a table refused: {made.status_code} {made.text[:200]})", file=sys.stderr)
            await asyncio.sleep(0.5)
            continue
        body = made.json()
        tokens = [seat["id"] for seat in body["seats"]]
        try:
            moves = await asyncio.wait_for(
                asyncio.gather(
                    *(
                        _seat(http, base, body["table"], token, seat, tally, rng)
                        for seat, token in enumerate(tokens)
                    )
                ),
                max(0.5, deadline + grace - time.monotonic()),
            )
        except TimeoutError:  # a game that did not end in its time
            moves = None
            tally.unfinished += 1
        final = (await http.get(f"/api/games/{tokens[0]}")).json()
        if moves is not None:
            tally.games += 1
            if final["step"] != sum(moves):
                tally.lost += abs(final["step"] - sum(moves))


#: The server under tracemalloc (``--trace``): SIGUSR1 writes a snapshot to the folder given.
_TRACED = """
import gc, signal, sys, tracemalloc
from pathlib import Path
folder, count = Path(sys.argv[1]), [0]
def dump(*_):
    gc.collect()
    tracemalloc.take_snapshot().dump(str(folder / f"{count[0]}.snapshot"))
    count[0] += 1
signal.signal(signal.SIGUSR1, dump)
from cardrules.cli import main
sys.exit(main(sys.argv[2:]))
"""


def _serve(
    database: Path, tables: int, trace: Path | None = None
) -> tuple[subprocess.Popen[str], str]:
    command = [sys.executable, "-m", "cardrules"]
    if trace is not None:
        command = [sys.executable, "-X", "tracemalloc=6", "-c", _TRACED, str(trace)]
    command += ["serve", "--port", "0"]
    command += ["--database", str(database), "--max-games", str(max(100, 2 * tables))]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    for line in process.stdout:
        found = re.search(r"open (http://127\.0\.0\.1:\d+)/", line)
        if found:
            return process, found.group(1)
    raise RuntimeError("cardrules serve did not start")


def _settled(pid: int) -> float:
    """A process's resident memory once the tables are over: after the server's housekeeping
    has run (it drops what is done and gives freed memory back every few seconds)."""
    time.sleep(SETTLE_SECONDS)
    return _rss(pid)


def _cpu(pid: int) -> float:
    """A process's CPU seconds so far (user and system; Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def load(
    tables: int,
    seconds: float,
    grace: float = 30.0,
    rounds: int = 1,
    trace: bool = False,
    memory: bool = True,
) -> dict[str, Any]:
    """Play ``tables`` tables for ``seconds`` against a new server, then up to ``grace``
    seconds more for the games in play to end (no new table starts), ``rounds`` times; the
    figures and checks (the server's memory after each round; ``memory=False``: no warm start
    and no wait for the memory to settle, as in the smoke test)."""
    with tempfile.TemporaryDirectory() as folder:
        process, base = _serve(
            Path(folder) / "tables.sqlite3", tables, Path(folder) if trace else None
        )
        snapshots: list[Any] = []

        def snapshot() -> None:
            if trace:
                import signal
                import tracemalloc

                process.send_signal(signal.SIGUSR1)
                path = Path(folder) / f"{len(snapshots)}.snapshot"
                while not path.exists():
                    time.sleep(0.2)
                time.sleep(1.0)  # written
                snapshots.append(tracemalloc.Snapshot.load(str(path)))

        try:
            tally = Tally()
            start_memory = _rss(process.pid)
            peak = [start_memory]

            async def main(tables: int, seconds: float, grace: float, tally: Tally) -> None:
                import httpx

                # One client for every seat (making one costs a TLS context, even for http).
                limits = httpx.Limits(max_connections=None, max_keepalive_connections=None)
                http = httpx.AsyncClient(base_url=base, timeout=30, limits=limits)
                deadline = time.monotonic() + seconds

                async def watch() -> None:
                    while True:
                        peak[0] = max(peak[0], _rss(process.pid))
                        await asyncio.sleep(0.5)

                watcher = asyncio.create_task(watch())
                await asyncio.gather(
                    *(_table(http, base, n, deadline, grace, tally) for n in range(tables))
                )
                watcher.cancel()
                await http.aclose()

            # A game of each first, so that the modules that a game imports are in the start
            # (``memory=False``: no warm start, and no wait for the memory to settle).
            if memory:
                asyncio.run(main(2, 0.01, 60, Tally()))
            warm = _settled(process.pid) if memory else start_memory
            snapshot()
            started = time.monotonic()
            cpu = _cpu(process.pid)
            after: list[float] = []
            for _ in range(rounds):
                asyncio.run(main(tables, seconds, grace, tally))
                after.append(_settled(process.pid) if memory else _rss(process.pid))
                snapshot()
            elapsed = time.monotonic() - started - rounds * SETTLE_SECONDS * memory
            cpu = _cpu(process.pid) - cpu
        finally:
            process.terminate()
            process.wait(10)
    if snapshots:
        print("what the server holds after the rounds that it did not at the start:")
        for stat in snapshots[-1].compare_to(snapshots[0], "traceback")[:12]:
            print(f"  {stat.size_diff / 1024:+.0f} KiB in {stat.count_diff:+d} blocks:")
            for line in stat.traceback.format()[-8:]:
                print("   ", line)
        total = [sum(stat.size for stat in shot.statistics("filename")) for shot in snapshots]
        print("  Python objects:", ", ".join(f"{size / 2**20:.1f} MB" for size in total))
    for table, seat, step, cards in tally.named:
        for other in range(4):
            hand = tally.hands.get((table, other, step))
            if other != seat and hand and cards & hand:
                tally.leaks += 1
    latencies = sorted(tally.latencies) or [float("nan")]
    return {
        "tables": tables,
        "seconds": elapsed,
        "moves": tally.moves,
        "moves_per_second": tally.moves / elapsed,
        "p50_ms": 1000 * latencies[len(latencies) // 2],
        "p99_ms": 1000 * latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))],
        "server_errors": tally.server_errors,
        "refused": tally.refused,
        "lost": tally.lost,
        "gaps": tally.gaps,
        "repeats": tally.repeats,
        "games": tally.games,
        "broken": tally.broken,
        "unfinished": tally.unfinished,
        "messages": tally.messages,
        "leaks": tally.leaks,
        "memory_mb": (start_memory, warm, peak[0], after),
        "memory_settled": memory,
        "server_cpu_ms_per_move": 1000 * cpu / max(1, tally.moves),
    }


def report(figures: dict[str, Any]) -> None:
    """Print the figures."""
    start, warm, peak, after = figures["memory_mb"]
    verdict = ""
    if figures["memory_settled"]:
        within = max(after) <= warm + MEMORY_MARGIN_MB
        verdict = f": {'within' if within else 'NOT within'} {MEMORY_MARGIN_MB:g} MB of the warm "
        verdict += "start"
    print(
        f"serve: {figures['tables']} tables x 4 WebSocket clients, {figures['seconds']:.0f} s: "
        f"{figures['moves_per_second']:.0f} moves/s ({figures['moves']} moves, "
        f"{figures['games']} games, {figures['unfinished']} unfinished), a move answered in "
        f"{figures['p50_ms']:.1f} ms (median), "
        f"{figures['p99_ms']:.1f} ms (p99); the server's CPU "
        f"{figures['server_cpu_ms_per_move']:.1f} ms a move"
    )
    print(
        f"(checks: {figures['server_errors']} 5xx, {figures['refused']} moves refused, "
        f"{figures['lost']} lost, {figures['broken']} broken connections, "
        f"{figures['gaps']} gaps, {figures['repeats']} repeats, "
        f"{figures['leaks']} hidden cards in {figures['messages']} messages; server memory "
        f"{start:.0f} MB at the start, {warm:.0f} MB after a game of each, {peak:.0f} MB at "
        "the peak, "
        f"{', '.join(f'{mb:.0f}' for mb in after)} MB after each round{verdict})"
    )


# -- one table while another table's bots think ------------------------------------------


#: The server, with its bots in processes (``processes``) or in threads (``threads``).
_BOTS_SERVER = """
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


def _start_bots_server(way: str) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    process = subprocess.Popen([sys.executable, "-c", _BOTS_SERVER, way, str(port)])
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


def measure_bots(way: str, bot: str, moves: int, idle_moves: int = 30) -> dict[str, list[float]]:
    """Table A's answers (seconds), idle and while table B's bots think, for one way."""
    import httpx

    process, base = _start_bots_server(way)
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


def _bot_figures(seconds: list[float]) -> str:
    if not seconds:
        return "no move"
    ordered = sorted(seconds)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (
        f"{1000 * statistics.median(ordered):.1f} ms median, {1000 * p90:.1f} ms p90, "
        f"{1000 * ordered[-1]:.1f} ms longest ({len(ordered)} moves)"
    )


def report_bots(bot: str, moves: int) -> None:
    """Both ways, side by side."""
    print(f"a move on table A while table B's three {bot} bots think over {moves} move(s):")
    for way in ("threads", "processes"):
        figures = measure_bots(way, bot, moves)
        print(f"  bots in {way:9}: idle   {_bot_figures(figures['idle'])}")
        print(f"  {'':18} B busy {_bot_figures(figures['busy'])}")


def run(seconds: float) -> None:
    """The short version (two tables), as the benchmark smoke test calls it."""
    report(load(2, max(seconds, 1.0), grace=0, memory=False))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--grace", type=float, default=30)
    parser.add_argument("--rounds", type=int, default=2, choices=range(1, 6))
    parser.add_argument(
        "--bots",
        metavar="SPEC",
        help="time one table's moves while another table's three SPEC bots think (e.g. "
        "search:1s), with the bots in processes and in threads, in place of the load test",
    )
    parser.add_argument("--bot-moves", type=int, default=3, choices=range(1, 21))
    parser.add_argument(
        "--trace",
        action="store_true",
        help="run the server under tracemalloc and show what it holds after the rounds (slower)",
    )
    args = parser.parse_args()
    if not 1 <= args.tables <= 500 or not 0 < args.seconds <= 600:
        parser.error("--tables from 1 to 500, --seconds above 0 and at most 600")
    os.nice(5)
    if args.bots:
        report_bots(args.bots, args.bot_moves)
        return
    report(load(args.tables, args.seconds, min(max(args.grace, 0), 120), args.rounds, args.trace))


if __name__ == "__main__":
    main()
