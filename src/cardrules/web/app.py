"""The ASGI application of ``cardrules serve``: the JSON API under ``/api/``, a WebSocket per
seat, and the page.

Every game is a **table** of four (or two) seats, each played by a person or a bot.  Each
person's seat has its own secret token: ``/api/games/{token}`` is that seat's view, moves,
hint, undo and (once the game is over) record, and ``/api/games/{token}/ws`` pushes every move
to it.  ``POST /api/games`` makes a table with one person and bots in the other seats (the
single-player page); ``POST /api/tables`` one with several people, answering a link per seat.
Tables live in an SQLite database (:class:`~cardrules.web.store.TableStore`), one row per table
with its rules, seed, seats and steps, so that a restarted server goes on with every game.

What a seat may know, and only that: an answer or message carries the seat's
``observe(seat).to_dict()`` and the events between that seat's observations; the seed, the deck
and the record come only once the game is over.  Bots that search think in worker processes
(given the seat's view only) with a time limit, so that one table's bot never holds up another
table.  A bad request gets a 4xx answer ``{"error": message, "reason": reason}``, the reason
being an :class:`~cardrules.errors.Reason` value for an illegal move, else one of ``bad_request``,
``parse_error``, ``bad_rules``, ``bad_record``, ``not_found``, ``too_large``, ``timeout``,
``not_allowed``, ``in_play``.

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app())
>>> answer = client.post("/api/games", json={"game": "all-fours", "seed": 3}).json()
>>> answer["view"]["game"], answer["view"]["seat"], answer["events"][0]["kind"]
('all_fours', 0, 'deal')
>>> "seed" in answer
False
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import functools
import gc
import json
import multiprocessing
import os
import random
import secrets
import signal
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, Final, cast

import attrs
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from cardrules.agents.registry import AGENT_KINDS, HINT_AGENT, game_name, make_agent
from cardrules.cli.game_text import text_for
from cardrules.core.deck import derive_seed
from cardrules.errors import CardrulesError, IllegalActionError, ParseError, Reason, RulesError
from cardrules.events import Event, events, start_events
from cardrules.games import find_game, games
from cardrules.web.store import Store, TableStore

__all__ = [
    "BOT_SECONDS",
    "HINT_AGENT",
    "HOUSEKEEPING_SECONDS",
    "LIVE_SECONDS",
    "MAX_BODY_BYTES",
    "POOL_SECONDS",
    "ApiError",
    "create_app",
]

#: The largest request body accepted (a record to view is the largest thing a page sends).
MAX_BODY_BYTES: Final = 1_000_000
#: The longest a bot may think over one move before the rule agent moves in its place.
BOT_SECONDS: Final = 10.0
#: The longest wait for a request's whole body (a Content-Length longer than the body).
BODY_SECONDS: Final = 10.0
#: How often the server's housekeeping runs: it drops from memory the tables and records that
#: are done or idle, and hands the memory freed back to the system.
HOUSEKEEPING_SECONDS: Final = 2.0
#: A table in play that no seat watches leaves memory after this long without a request (it is
#: read back from the database when next asked for).
LIVE_SECONDS: Final = 60.0
#: The bots' worker processes stop after this long without a thought (they start again at the
#: next one).
POOL_SECONDS: Final = 300.0
#: How much longer than its time limit the server waits for a bot's worker process (which stops
#: the bot at the limit itself): the time to send the view and the move.
_SLACK: Final = 1.0
#: The most digits taken in a number from a path or query (a step, a seat).
_MAX_DIGITS: Final = 6

#: Bots that move in well under a millisecond: they move on the event loop (a worker process's
#: round trip would cost more than their thought).
_QUICK: Final = frozenset({"random", "rule"})


class ApiError(Exception):
    """A request the API refuses: the HTTP status, a machine-readable reason and a message."""

    def __init__(self, status: int, reason: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.reason = reason
        self.message = message


def _module(game: str) -> Any:
    return find_game(game).load()


# -- the bots' worker processes -------------------------------------------------------------------


class _OutOfTime(BaseException):
    """Raised in a bot's worker process when its time is up (a BaseException, so that an
    agent's ``except Exception`` does not hold it)."""


def _out_of_time(signum: int, frame: Any) -> None:
    raise _OutOfTime


#: Whether this process is a bot worker whose thoughts SIGALRM stops (set by _start_worker).
_ALARM: Final[list[bool]] = [False]


def _start_worker(server: int) -> None:
    """A bot worker process starts: SIGALRM stops a thought at its time limit (POSIX; where
    there is no timer, the server stops waiting and the thought finishes unheard), and the
    worker ends when its server (process ``server``) has gone."""
    if hasattr(signal, "setitimer"):
        signal.signal(signal.SIGALRM, _out_of_time)
        _ALARM[0] = True
    threading.Thread(target=_orphaned, args=(server,), name="cardrules-server", daemon=True).start()


def _orphaned(server: int) -> None:
    """End the worker once its server has gone: a server killed, or stopped by a signal that
    skips Python's exit (uvicorn raises SIGTERM again once it has shut down), never tells its
    workers, and they would wait for work for ever."""
    while os.getppid() == server:
        time.sleep(1.0)
    os._exit(0)


def _think(game: str, spec: str, view: Any, seed: int, deadline: float) -> Any:
    """A bot's move, in a worker process: the agent ``spec`` made afresh (as a table rebuilt
    from the database makes it) and given only the seat's ``view`` and a random generator seeded
    ``seed``; ``None`` when the time is up before it chose (``deadline``, by the wall clock: the
    wait for a free worker counts)."""
    left = deadline - time.time()
    if left <= 0:
        return None
    try:
        if _ALARM[0]:
            signal.setitimer(signal.ITIMER_REAL, left)
        try:
            return make_agent(game, spec).act(view, random.Random(seed))
        finally:
            if _ALARM[0]:
                signal.setitimer(signal.ITIMER_REAL, 0)
    except _OutOfTime:
        return None


def _ready() -> None:
    """A new worker's first task: the agents' modules imported (so that the first thought does
    not pay for it)."""
    for game in games():
        for spec in ("rule", "search", "pimc"):
            with contextlib.suppress(CardrulesError):  # a game without agents of its own
                make_agent(game.key, spec)


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or ``None`` (another C library or system)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return cast(Callable[[int], int], ctypes.CDLL(None).malloc_trim)
    except (OSError, AttributeError):
        return None


def _give_back() -> None:
    """Hand the memory that the C library keeps free back to the system.

    glibc's malloc keeps what Python frees in its heaps (the messages, bodies and SQLite pages
    of the tables that are over): without ``malloc_trim`` a server's resident memory stays near
    its peak after its tables end.  Elsewhere this does nothing.
    """
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@attrs.define
class _Table:
    """A table in play (or finished): its rules, seats and every state so far.

    ``seats[s]`` is the bot spec of seat ``s``, or ``None`` for a person.  ``states`` holds the
    first state and the state after each step; ``actions`` the action of each step (for the
    events); the bots' random choices are keyed by the seed and the step's number, so that a
    rebuilt table plays on as it would have.  ``used`` is when a request last asked for it.
    """

    id: str
    game: str
    module: Any
    seed: int
    scores: list[int] | None
    seats: list[str | None]
    names: list[str]
    recorder: Any
    states: list[Any]
    steps: list[tuple[int, str]]
    actions: list[Any]
    lock: asyncio.Lock = attrs.field(factory=asyncio.Lock)
    watchers: dict[int, set[WebSocket]] = attrs.field(factory=dict)
    used: float = attrs.field(factory=time.monotonic)

    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def people(self) -> int:
        return sum(spec is None for spec in self.seats)

    def data(self) -> dict[str, Any]:
        """What the database keeps of the table."""
        return {
            "game": self.game,
            "rules": self.states[0].rules.to_dict(),
            "seed": self.seed,
            "scores": self.scores,
            "seats": self.seats,
            "names": self.names,
            "steps": [list(step) for step in self.steps],
        }

    def told(self, seat: int, start: int, *, opening: bool = False) -> list[Event]:
        """The events that ``seat`` sees from step ``start`` on (``opening``: and the first
        deal's, before any step)."""
        told = start_events(self.states[0].observe(seat)) if opening else []
        for index in range(start, len(self.steps)):
            before, after = self.states[index], self.states[index + 1]
            told += events(before.observe(seat), self.actions[index], after.observe(seat))
        return told


def _build(table_id: str, data: dict[str, Any]) -> _Table:
    """A table from its data (new, or kept in the database), its steps replayed."""
    from cardrules.records import recorder

    game = str(data["game"])
    module = _module(game)
    rules = module.Rules.from_dict(data["rules"])
    state = module.new_game(rules, seed=int(data["seed"]), scores=data.get("scores"))
    seats = [None if spec is None else str(spec) for spec in data["seats"]]
    table = _Table(
        id=table_id,
        game=game,
        module=module,
        seed=int(data["seed"]),
        scores=data.get("scores"),
        seats=seats,
        names=[str(name) for name in data["names"]],
        recorder=recorder(state),
        states=[state],
        steps=[],
        actions=[],
    )
    for seat, text in data["steps"]:
        _step(table, int(seat), str(text))
    return table


def _step(table: _Table, seat: int, text: str) -> None:
    after = table.recorder.step(seat, text)
    table.states.append(after)
    table.steps.append((seat, text))
    table.actions.append(table.module.parse_action(text))


# -- reading requests -----------------------------------------------------------------------------


async def _body(request: Request, seconds: float) -> dict[str, Any]:
    """The request's JSON object, read up to :data:`MAX_BODY_BYTES` within ``seconds``."""
    declared = request.headers.get("content-length")
    if declared is not None:
        if not (declared.isascii() and declared.isdigit()) or len(declared) > 12:
            raise ApiError(400, "bad_request", "Content-Length must be a number of bytes")
        if int(declared) > MAX_BODY_BYTES:
            raise ApiError(413, "too_large", f"the body is over {MAX_BODY_BYTES:,} bytes")

    async def read() -> bytes:
        data = bytearray()
        async for chunk in request.stream():
            data += chunk
            if len(data) > MAX_BODY_BYTES:
                raise ApiError(413, "too_large", f"the body is over {MAX_BODY_BYTES:,} bytes")
        return bytes(data)

    try:
        data = await asyncio.wait_for(read(), seconds)
    except TimeoutError:
        raise ApiError(
            408,
            "timeout",
            f"the body did not arrive within {seconds:g} s (is it shorter than "
            "its Content-Length?)",
        ) from None
    if not data:
        return {}
    try:
        value = json.loads(data)
    except (ValueError, RecursionError):
        raise ApiError(400, "bad_request", "the body is not JSON") from None
    if not isinstance(value, dict):
        raise ApiError(400, "bad_request", "the body must be a JSON object")
    return value


def _field(body: dict[str, Any], name: str, kind: type, default: Any = None) -> Any:
    value = body.get(name, default)
    if value is None:
        return default
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ApiError(400, "bad_request", f"{name} must be a {kind.__name__}")
    return value


def _number(text: str, name: str, high: int, status: int = 400) -> int:
    """A number from a path or query: ASCII digits, from 0 to ``high``."""
    if not (text.isascii() and text.isdigit()) or len(text) > _MAX_DIGITS or int(text) > high:
        reason = "not_found" if status == 404 else "bad_request"
        raise ApiError(status, reason, f"{name} must be a number from 0 to {high}")
    return int(text)


def _bot_spec(game: str, spec: Any, name: str) -> str:
    """A bot named by the registry (never ``module:attribute``: the server loads no code)."""
    if not isinstance(spec, str) or spec.split(":", 1)[0].lower() not in AGENT_KINDS:
        raise ApiError(
            400,
            "bad_request",
            f"{name} must be one of {', '.join(AGENT_KINDS)} (or search:N, "
            "search:Xs, pimc:N, pimc:Xs)",
        )
    try:
        make_agent(game, spec)
    except CardrulesError as error:
        raise ApiError(400, "bad_request", f"{name}: {error}") from None
    return spec


def _rules(game: str, module: Any, body: dict[str, Any]) -> tuple[Any, int]:
    """The ruleset a new table asks for, and its number of seats."""
    preset = _field(body, "preset", str)
    rules = module.Rules.preset(preset) if preset else module.Rules()
    players = _field(body, "players", int)
    info = find_game(game)
    seats = info.players(rules)
    if players is not None and players != seats:
        if len(info.seats) == 1:
            raise ApiError(400, "bad_rules", f"{info.title} is played by {seats} players")
        rules = attrs.evolve(rules, players=players)
    return rules, info.players(rules)


class _App:
    """The state of one application: its stores, its bots' process pool and its handlers."""

    def __init__(
        self,
        *,
        max_games: int,
        idle_seconds: float,
        database: str | Path,
        bot_seconds: float,
        body_seconds: float,
        workers: int,
    ) -> None:
        self.tables = TableStore(database, max_in_play=max_games, idle_seconds=idle_seconds)
        self.replays: Store[_Replay] = Store(max_games, idle_seconds)
        # The tables in memory, least recently used first (rebuilt from the database on need).
        self.live: OrderedDict[str, _Table] = OrderedDict()
        self.max_live = max_games
        self.bot_seconds = bot_seconds
        self.body_seconds = body_seconds
        self.workers = workers
        #: The bots' worker processes (started at the first thought), and their start.
        self.pool: Executor | None = None
        self.ready: asyncio.Future[list[None]] | None = None
        #: The thoughts under way, and when the last one ended.
        self.thinking = 0
        self.thought = time.monotonic()
        #: Whether something left memory, and whether a table was asked for, since the last
        #: housekeeping.
        self.freed = False
        self.asked = False
        #: The bots' moves started when a table is read back (kept until done, as asyncio asks).
        self.resuming: set[asyncio.Task[None]] = set()

    # -- tables --------------------------------------------------------------------------------

    def _forget(self, dropped: list[str]) -> None:
        for table_id in dropped:
            if self.live.pop(table_id, None) is not None:
                self.freed = True

    def _release(self, table: _Table) -> None:
        """A finished table that no seat watches leaves memory (it is read back from the
        database when asked for: its record, a late reload)."""
        done = table.state.is_terminal and not any(table.watchers.values())
        if done and self.live.get(table.id) is table:
            del self.live[table.id]
            self.freed = True

    def housekeep(self) -> None:
        """Drop from memory what is done: the tables that the database's caps and idle time
        dropped, the finished tables that no seat watches, the tables in play that no seat
        watches and no request asked for in :data:`LIVE_SECONDS`, and the expired records; stop
        the bots' worker processes after :data:`POOL_SECONDS` without a thought; then, if
        anything left (a table, a record, a closed WebSocket) and no table was asked for since
        the last run, collect the garbage and hand the memory freed back to the system.  Run
        every :data:`HOUSEKEEPING_SECONDS`."""
        self._forget(self.tables.prune())
        stale = time.monotonic() - LIVE_SECONDS
        for table in list(self.live.values()):
            idle = table.state.is_terminal or table.used < stale
            if idle and not any(table.watchers.values()) and not table.lock.locked():
                del self.live[table.id]
                self.freed = True
        if self.replays.expire():
            self.freed = True
        idle = time.monotonic() - self.thought > POOL_SECONDS
        if self.pool is not None and not self.thinking and idle:
            self._stop_pool(self.pool)
        quiet, self.asked = not self.asked, False
        if self.freed and quiet:
            self.freed = False
            # A closed WebSocket's protocol objects (with their zlib contexts, in C memory) are
            # held in reference cycles, and an idle server allocates nothing that would start a
            # collection: collect them here (not while tables are asked for: a collection holds
            # the event loop for tens of milliseconds, and under load Python collects anyway).
            gc.collect()
            self.tables.shrink()
            _give_back()

    async def housekeeping(self) -> None:
        """:meth:`housekeep` every :data:`HOUSEKEEPING_SECONDS`, for as long as the server
        runs."""
        while True:
            await asyncio.sleep(HOUSEKEEPING_SECONDS)
            self.housekeep()

    def _table(self, table_id: str) -> _Table:
        table = self.live.get(table_id)
        if table is None:
            data = self.tables.load(table_id)
            if data is None:
                raise ApiError(404, "not_found", "no such game (it may have expired)")
            table = _build(table_id, data)
            if table.state.is_terminal:
                return table  # read for this request, not kept in memory
            self.live[table_id] = table
            while len(self.live) > self.max_live:
                self.live.popitem(last=False)
            if table.seats[table.state.current_player]:
                # the server stopped while a bot was to move: it moves now
                task = asyncio.get_running_loop().create_task(self._resume(table))
                self.resuming.add(task)
                task.add_done_callback(self.resuming.discard)
        self.live.move_to_end(table_id)
        table.used = time.monotonic()
        return table

    def _seat(self, token: str) -> tuple[_Table, int]:
        self.asked = True
        self._forget(self.tables.prune())
        found = self.tables.find(token) if len(token) <= 64 else None
        if found is None:
            raise ApiError(404, "not_found", "no such game or seat (it may have expired)")
        return self._table(found[0]), found[1]

    def _save(self, table: _Table) -> None:
        self.tables.save(table.id, table.data(), finished=table.state.is_terminal)

    def answer(
        self, table: _Table, seat: int, token: str, told: list[Event], start: int | None = None
    ) -> dict[str, Any]:
        """What a seat is told: its view, the events of the steps from ``start`` (default: no
        step) to ``step``, the seats; the seed once the game is over."""
        state = table.state
        over = bool(state.is_terminal)
        body: dict[str, Any] = {
            "id": token,
            "table": table.id,
            "game": table.game,
            "seat": seat,
            "bots": next((spec for spec in table.seats if spec is not None), None),
            "seats": [
                {
                    "seat": index,
                    "name": table.names[index],
                    "player": "you" if index == seat else spec or "person",
                    "connected": index == seat or bool(table.watchers.get(index)),
                }
                for index, spec in enumerate(table.seats)
            ],
            "from": len(table.steps) if start is None else start,
            "step": len(table.steps),
            "undo": table.people == 1 and not over and any(s == seat for s, _ in table.steps),
            "view": state.observe(seat).to_dict(),
            "limits": _limits(state, seat),
            "events": [event.to_dict() for event in told],
        }
        if over:
            body["seed"] = table.seed
        return body

    async def _broadcast(self, table: _Table, start: int, skip: int | None = None) -> None:
        """Push the steps from ``start`` on to every watching seat (but ``skip``)."""
        for seat, sockets in list(table.watchers.items()):
            if seat == skip or not sockets:
                continue
            message = {
                "type": "update",
                **self.answer(table, seat, "", table.told(seat, start), start),
            }
            del message["id"]
            for socket in list(sockets):
                try:
                    await socket.send_json(message)
                except Exception:  # a closed socket: it rejoins with its link
                    sockets.discard(socket)

    async def think(self, game: str, spec: str, view: Any, seed: int) -> Any:
        """The move of the agent ``spec`` from the seat's ``view`` (its random generator seeded
        ``seed``), thought in a worker process within :data:`BOT_SECONDS` (the application's
        ``bot_seconds``); ``None`` when it is out of time or its worker died (a new pool is made
        for the next thought)."""
        loop = asyncio.get_running_loop()
        if self.pool is None:
            self.pool = ProcessPoolExecutor(
                self.workers,
                # spawn: a fork of a server with threads and sockets open is not safe
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker,
                initargs=(os.getpid(),),
            )
            # every worker started, its agents imported, before the first thought's clock runs
            self.ready = asyncio.gather(
                *(loop.run_in_executor(self.pool, _ready) for _ in range(self.workers))
            )
        pool = self.pool
        self.thinking += 1
        try:
            if self.ready is not None:
                await asyncio.shield(self.ready)
            deadline = time.time() + self.bot_seconds
            thought = loop.run_in_executor(pool, _think, game, spec, view, seed, deadline)
            return await asyncio.wait_for(thought, self.bot_seconds + _SLACK)
        except TimeoutError:  # a worker stuck where SIGALRM cannot stop it (in C code)
            return None
        except BrokenProcessPool:  # a worker was killed (out of memory, a signal)
            self._stop_pool(pool)
            return None
        finally:
            self.thinking -= 1
            self.thought = time.monotonic()

    def _stop_pool(self, pool: Executor) -> None:
        if self.pool is pool:
            self.pool = self.ready = None
        pool.shutdown(wait=False, cancel_futures=True)

    async def _bots(self, table: _Table) -> None:
        """The bots' moves until a person is to act or the game is over (hold the lock)."""
        start = len(table.steps)
        while not table.state.is_terminal:
            seat = table.state.current_player
            spec = table.seats[seat]
            if spec is None:
                break
            view = table.state.observe(seat)
            seed = derive_seed(table.seed, "web", len(table.steps))
            action = None
            if spec.split(":", 1)[0].lower() not in _QUICK:
                action = await self.think(table.game, spec, view, seed)
            if action is None:  # a quick bot, or out of time: the rule agent in its place
                quick = spec if spec.split(":", 1)[0].lower() in _QUICK else "rule"
                action = make_agent(table.game, quick).act(view, random.Random(seed))
            _step(table, seat, table.recorder.codec.step_text(action))
        if len(table.steps) > start:
            self._save(table)
            await self._broadcast(table, start)

    async def _resume(self, table: _Table) -> None:
        async with table.lock:
            await self._bots(table)
        self._release(table)

    async def _new_table(
        self, game: str, module: Any, rules: Any, body: dict[str, Any], seats: list[str | None]
    ) -> tuple[_Table, dict[int, str]]:
        given = _field(body, "seed", int)
        if given is not None and not 0 <= given < 2**53:  # a seed the page's JavaScript keeps
            raise ApiError(400, "bad_request", "seed must be from 0 to 2**53 - 1")
        scores = _field(body, "scores", list)
        if scores is not None:
            if not all(isinstance(s, int) and not isinstance(s, bool) for s in scores):
                raise ApiError(400, "bad_request", "scores must be a list of ints")
            if any(abs(s) > 10_000 for s in scores):
                raise ApiError(400, "bad_request", "scores must be from -10000 to 10000")
        # From scores near the target, the deal itself may end the game (an All Fours kick):
        # a seed drawn here is drawn again; a seed given is refused.
        for _ in range(1 if given is not None else 20):
            seed = random.SystemRandom().getrandbits(32) if given is None else given
            first = module.new_game(rules, seed=seed, scores=scores)  # the engine checks them
            if not first.is_terminal and first.deal_number == 0 and not first.history:
                break
        else:
            raise ApiError(
                400,
                "bad_request",
                "with these scores the game is over before anyone moves "
                "(the kick scores the target): give other scores or another seed",
            )
        names = _field(body, "names", list) or []
        if len(names) > len(seats) or not all(isinstance(n, str) and len(n) <= 40 for n in names):
            raise ApiError(400, "bad_request", "names must be a list of texts of 40 characters")
        names = [*names, *(f"Seat {index}" for index in range(len(names), len(seats)))]
        data = {
            "game": game,
            "rules": rules.to_dict(),
            "seed": seed,
            "scores": scores,
            "seats": seats,
            "names": [name.strip() or f"Seat {i}" for i, name in enumerate(names)],
            "steps": [],
        }
        table_id = secrets.token_urlsafe(9)
        self.asked = True
        table = _build(table_id, data)
        tokens = {
            seat: secrets.token_urlsafe(18) for seat, spec in enumerate(seats) if spec is None
        }
        self.tables.create(table_id, table.data(), {token: seat for seat, token in tokens.items()})
        self._forget(self.tables.prune(keep=table_id))
        self.live[table_id] = table
        async with table.lock:
            await self._bots(table)
        return table, tokens

    async def new_game(self, request: Request) -> Response:
        body = await _body(request, self.body_seconds)
        game = game_name(_field(body, "game", str, ""))
        module = _module(game)
        rules, count = _rules(game, module, body)
        seat = _field(body, "seat", int, 0)
        if not 0 <= seat < count:
            raise ApiError(400, "bad_request", f"seat must be from 0 to {count - 1}")
        bots = _bot_spec(game, _field(body, "bots", str, "rule"), "bots")
        seats: list[str | None] = [None if index == seat else bots for index in range(count)]
        table, tokens = await self._new_table(game, module, rules, body, seats)
        answer = self.answer(table, seat, tokens[seat], table.told(seat, 0, opening=True), 0)
        return JSONResponse(answer, status_code=201)

    async def new_table(self, request: Request) -> Response:
        body = await _body(request, self.body_seconds)
        game = game_name(_field(body, "game", str, ""))
        module = _module(game)
        rules, count = _rules(game, module, body)
        given = _field(body, "seats", list)
        if given is None or len(given) != count:
            raise ApiError(
                400,
                "bad_request",
                f"seats must be a list of {count}: null for a person, else "
                "the bot that plays the seat",
            )
        seats = [None if spec is None else _bot_spec(game, spec, "a seat") for spec in given]
        if None not in seats:
            raise ApiError(400, "bad_request", "seats: at least one seat is for a person")
        table, tokens = await self._new_table(game, module, rules, body, seats)
        return JSONResponse(
            {
                "table": table.id,
                "game": game,
                "seats": [
                    {
                        "seat": index,
                        "name": table.names[index],
                        "player": spec or "person",
                        "id": tokens.get(index),
                        "link": f"/#seat={tokens[index]}" if index in tokens else None,
                    }
                    for index, spec in enumerate(seats)
                ],
            },
            status_code=201,
        )

    async def get_game(self, request: Request) -> Response:
        token = request.path_params["token"]
        table, seat = self._seat(token)
        since = request.query_params.get("since")
        told: list[Event] = []
        reset = False
        start: int | None = None
        if since is not None:
            start = _number(since, "since", 10**_MAX_DIGITS - 1)
            if start > len(table.steps):  # the client is ahead: an undo went back
                reset = True
            else:
                told = table.told(seat, start)
        answer = self.answer(table, seat, token, told, None if reset else start)
        answer["reset"] = reset
        return JSONResponse(answer)

    def _action(self, table: _Table, seat: int, body: dict[str, Any]) -> Any:
        module = table.module
        if "id" in body:
            number = _field(body, "id", int)
            if number is None or not 0 <= number < len(module.ACTIONS):
                raise ApiError(
                    400, "parse_error", f"id must be from 0 to {len(module.ACTIONS) - 1}"
                )
            return module.ACTIONS[number]
        text = _field(body, "action", str)
        if text is None:
            raise ApiError(400, "bad_request", "send the move as action (text) or id")
        if len(text) > 40:
            raise ApiError(400, "parse_error", "a move is at most 40 characters")
        claim = hasattr(module, "Claim") and text.strip().lower() == "claim"
        return module.Claim(seat) if claim else module.parse_action(text)

    async def act(self, request: Request) -> Response:
        token = request.path_params["token"]
        table, seat = self._seat(token)
        body = await _body(request, self.body_seconds)
        action = self._action(table, seat, body)
        async with table.lock:
            state = table.state
            start = len(table.steps)
            if state.is_terminal:
                raise ApiError(409, Reason.GAME_OVER.value, "the game is over")
            claim_type = getattr(table.module, "Claim", None)
            if claim_type is not None and isinstance(action, claim_type):
                if action.seat != seat:
                    raise ApiError(
                        409, Reason.NOT_YOUR_TURN.value, "you may claim for your seat only"
                    )
                # a claim is made between tricks by any seat; the record files it at the seat
                # to act
                _step(table, state.current_player, str(action))
            else:
                if state.current_player != seat:
                    who = table.names[state.current_player]
                    raise ApiError(
                        409, Reason.NOT_YOUR_TURN.value, f"it is not your turn: {who} is to act"
                    )
                state.apply(action)  # the engine's own reason for an illegal move
                _step(table, seat, table.recorder.codec.step_text(action))
            self._save(table)
            await self._broadcast(table, start, skip=None)
            await self._bots(table)
            answer = self.answer(table, seat, token, table.told(seat, start), start)
        self._release(table)
        return JSONResponse(answer)

    async def undo(self, request: Request) -> Response:
        token = request.path_params["token"]
        table, seat = self._seat(token)
        async with table.lock:
            if table.people != 1:
                raise ApiError(409, "not_allowed", "undo is for a game against bots only")
            if table.state.is_terminal:
                raise ApiError(409, Reason.GAME_OVER.value, "the game is over")
            mine = [index for index, (s, _) in enumerate(table.steps) if s == seat]
            if not mine:
                raise ApiError(409, "not_allowed", "nothing to undo: you have not moved yet")
            data = table.data()
            data["steps"] = data["steps"][: mine[-1]]
            rebuilt = _build(table.id, data)
            rebuilt.watchers = table.watchers
            self.live[table.id] = rebuilt
            self._save(rebuilt)
            answer = self.answer(rebuilt, seat, token, [])
            answer["reset"] = True
            return JSONResponse(answer)

    async def hint(self, request: Request) -> Response:
        token = request.path_params["token"]
        table, seat = self._seat(token)
        state = table.state
        if state.is_terminal or state.current_player != seat:
            raise ApiError(409, Reason.NOT_YOUR_TURN.value, "a hint is for your turn")
        seed = derive_seed(table.seed, "hint", len(table.steps))
        action = await self.think(table.game, HINT_AGENT, state.observe(seat), seed)
        if action is None:
            raise ApiError(503, "timeout", "no hint in time: try again")
        return JSONResponse(
            {
                "action": table.recorder.codec.step_text(action),
                "id": table.module.action_id(action),
                "by": HINT_AGENT,
            }
        )

    async def rules(self, request: Request) -> Response:
        from cardrules.cli.rules import describe_rules

        table, _ = self._seat(request.path_params["token"])
        rules = table.states[0].rules
        return JSONResponse(
            {
                "game": table.game,
                "options": rules.to_dict(),
                "lines": describe_rules(table.game, rules),
            }
        )

    async def record(self, request: Request) -> Response:
        from cardrules.records import to_json, to_text

        table, _ = self._seat(request.path_params["token"])
        if not table.state.is_terminal:
            raise ApiError(
                409, "in_play", "the record (which holds the decks) is given once the game is over"
            )
        record = table.recorder.record()
        return JSONResponse({"json": to_json(record), "text": to_text(record), "seed": table.seed})

    async def end_game(self, request: Request) -> Response:
        table, _ = self._seat(request.path_params["token"])
        if table.people != 1:
            raise ApiError(409, "not_allowed", "a shared table is left, not deleted")
        self.tables.delete(table.id)
        self._forget([table.id])
        return Response(status_code=204)

    async def watch(self, socket: WebSocket) -> None:
        """A seat's WebSocket: its answer now, then an ``update`` after every step."""
        await socket.accept()
        try:
            table, seat = self._seat(socket.path_params["token"])
        except ApiError as error:
            await socket.send_json(
                {"type": "error", "error": error.message, "reason": error.reason}
            )
            await socket.close(code=4404)
            return
        table.watchers.setdefault(seat, set()).add(socket)
        try:
            answer = self.answer(table, seat, "", [])
            del answer["id"]
            await socket.send_json({"type": "view", **answer})
            await self._broadcast(table, len(table.steps), skip=seat)  # it is connected now
            while True:  # the page sends only pings; moves go by POST
                await socket.receive_text()
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            self.freed = True  # the connection's memory, for the housekeeping
            live = self.live.get(table.id, table)
            live.watchers.get(seat, set()).discard(socket)
            if live.state.is_terminal:
                self._release(live)
            else:
                await self._broadcast(live, len(live.steps))

    # -- records -------------------------------------------------------------------------------

    async def open_record(self, request: Request) -> Response:
        from cardrules.records import from_json, from_text, replay

        body = await _body(request, self.body_seconds)
        text = _field(body, "record", str)
        if not text or not text.strip():
            raise ApiError(400, "bad_request", "send the record's text (JSON or the notation)")
        text = text.lstrip("\ufeff")
        try:
            record = from_json(text) if text.lstrip().startswith("{") else from_text(text)
            steps = list(replay(record))
        except (CardrulesError, ValueError, RecursionError) as error:
            # ValueError: a number past Python's digit limit, from a loader that lets it through
            raise ApiError(400, "bad_record", f"not a valid record: {error}"[:500]) from None
        if not steps:
            raise ApiError(400, "bad_record", "the record holds no step")
        game = game_name(record.game)
        states = [steps[0].before, *(step.after for step in steps)]
        entry = _Replay(game, _module(game), states, [(s.seat, s.action) for s in steps])
        key = self.replays.add(entry)
        return JSONResponse(
            {"id": key, "game": game, "length": len(entry.steps), "players": _players(states[0])},
            status_code=201,
        )

    async def record_step(self, request: Request) -> Response:
        entry = self.replays.get(request.path_params["record_id"])
        if entry is None:
            raise ApiError(404, "not_found", "no such record (it may have expired)")
        number = _number(request.path_params["step"], "step", len(entry.steps), status=404)
        players = _players(entry.states[0])
        seat = _number(request.query_params.get("seat", "0"), "seat", players - 1)
        after = entry.states[number]
        if number == 0:
            told = start_events(after.observe(seat))
            step = None
        else:
            before = entry.states[number - 1]
            actor, text = entry.steps[number - 1]
            action = entry.module.parse_action(text)
            told = events(before.observe(seat), action, after.observe(seat))
            step = {"seat": actor, "text": text}
        deal = after.deal_number
        return JSONResponse(
            {
                "id": request.path_params["record_id"],
                "game": entry.game,
                "step": number,
                "length": len(entry.steps),
                "action": step,
                "view": after.observe(seat).to_dict(),
                "limits": _limits(after, seat),
                # a record is a finished game: every hand is shown
                "hands": [[str(card) for card in hand] for hand in after.hands],
                "deal_starts": entry.deal_starts,
                "trick_starts": entry.trick_starts,
                "deal": deal,
                "events": [event.to_dict() for event in told],
            }
        )

    async def options(self, request: Request) -> Response:
        return JSONResponse(
            {
                "games": {
                    game.key: {"presets": list(game.presets), "players": list(game.seats)}
                    for game in games()
                },
                "bots": list(AGENT_KINDS),
                "hint": HINT_AGENT,
            }
        )


@attrs.define
class _Replay:
    """A record opened in the viewer: its states and steps (seat and text)."""

    game: str
    module: Any
    states: list[Any]
    steps: list[tuple[int, str]]
    #: The step at which each deal starts, and those after which a trick is complete (for the
    #: viewer's deal and trick navigation).
    deal_starts: list[int] = attrs.field(init=False)
    trick_starts: list[int] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        marks = [_tricks_done(state) for state in self.states]
        self.deal_starts = [0] + [i for i in range(1, len(marks)) if marks[i][0] != marks[i - 1][0]]
        self.trick_starts = [i for i in range(1, len(marks)) if marks[i] != marks[i - 1]]


def _tricks_done(state: Any) -> tuple[int, int]:
    view = state.observe(0).to_dict()
    last = view["last_trick"]
    return (int(view["deal_number"]), 0 if last is None else int(last["number"]))


def _limits(state: Any, seat: int) -> dict[str, int] | None:
    """A game with bids (400): the seat's minimum bid (FH-11) and the minimum total of the bids
    (FH-13) now; ``None`` for a game without."""
    return text_for(state).bid_limits(state, seat)


def _players(state: Any) -> int:
    return find_game(state).players(state.rules)


async def _api_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, ApiError)
    return JSONResponse({"error": error.message, "reason": error.reason}, error.status)


async def _cardrules_error(request: Request, error: Exception) -> Response:
    if isinstance(error, IllegalActionError):
        return JSONResponse({"error": str(error), "reason": error.reason.value}, 409)
    reason = "bad_rules" if isinstance(error, RulesError) else "parse_error"
    if not isinstance(error, ParseError | RulesError):
        reason = "bad_request"
    return JSONResponse({"error": str(error), "reason": reason}, 400)


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    reason = "not_found" if error.status_code == 404 else "bad_request"
    return JSONResponse(
        {"error": str(error.detail), "reason": reason}, error.status_code, headers=error.headers
    )


async def _gone(request: Request, error: Exception) -> Response:
    # The client left before its body arrived: nobody reads this answer, and nothing is logged.
    return Response(status_code=400)


async def _no_route(request: Request) -> Response:
    raise ApiError(404, "not_found", f"no API route {request.method} {request.url.path}")


def create_app(
    *,
    max_games: int = 100,
    idle_minutes: float = 60,
    database: str | Path = ":memory:",
    bot_seconds: float = BOT_SECONDS,
    body_seconds: float = BODY_SECONDS,
    workers: int = 4,
) -> Starlette:
    """The application: at most ``max_games`` tables in play (and as many finished ones and
    opened records), a table in play dropped after ``idle_minutes`` without a move; tables kept
    in the SQLite file ``database`` (``":memory:"``: for as long as the application lives);
    bots thinking in ``workers`` worker processes (started at the first thought, stopped with
    the application), at most ``bot_seconds`` a move."""
    app = _App(
        max_games=max_games,
        idle_seconds=idle_minutes * 60,
        database=database,
        bot_seconds=bot_seconds,
        body_seconds=body_seconds,
        workers=workers,
    )

    @contextlib.asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        keeper = asyncio.get_running_loop().create_task(app.housekeeping())
        try:
            yield
        finally:
            keeper.cancel()
            if app.pool is not None:
                # idle workers end at once (waited for, so that they leave nothing behind); a
                # worker in a thought ends at its time limit, or when the server has gone
                app.pool.shutdown(wait=not app.thinking, cancel_futures=True)
            app.tables.close()

    game = "/api/games/{token}"
    routes = [
        Route("/api/options", app.options, methods=["GET"]),
        Route("/api/games", app.new_game, methods=["POST"]),
        Route("/api/tables", app.new_table, methods=["POST"]),
        Route(game, app.get_game, methods=["GET"]),
        Route(game, app.end_game, methods=["DELETE"]),
        Route(game + "/actions", app.act, methods=["POST"]),
        Route(game + "/undo", app.undo, methods=["POST"]),
        Route(game + "/hint", app.hint, methods=["GET"]),
        Route(game + "/rules", app.rules, methods=["GET"]),
        Route(game + "/record", app.record, methods=["GET"]),
        WebSocketRoute(game + "/ws", app.watch),
        Route("/api/records", app.open_record, methods=["POST"]),
        Route("/api/records/{record_id}/steps/{step}", app.record_step, methods=["GET"]),
        Route("/api/{rest:path}", _no_route, methods=["GET", "POST", "PUT", "PATCH", "DELETE"]),
        Mount("/", StaticFiles(packages=[("cardrules.web", "static")], html=True)),
    ]
    starlette = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={
            ApiError: _api_error,
            CardrulesError: _cardrules_error,
            HTTPException: _http_error,
            ClientDisconnect: _gone,
        },
    )
    starlette.state.cardrules = app
    return starlette
