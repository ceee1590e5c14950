"""The ASGI application of ``cardrules serve``: the JSON API under ``/api/`` and the page.

Games and replays live in memory, keyed by random ids, in two bounded stores
(:class:`~cardrules.web.store.Store`: a cap on entries, idle expiry).  Every answer about a game
is what the human's seat may see: ``observe(seat).to_dict()`` and the events between that seat's
observations.  A bad request gets a 4xx answer ``{"error": message, "reason": reason}``, the
reason being an :class:`~cardrules.errors.Reason` value for an illegal move, else one of
``bad_request``, ``parse_error``, ``bad_rules``, ``bad_record``, ``not_found``,
``too_large``.

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app())
>>> answer = client.post("/api/games", json={"game": "all-fours", "seed": 3}).json()
>>> answer["view"]["game"], answer["view"]["seat"], answer["events"][0]["kind"]
('all_fours', 0, 'deal')
"""

from __future__ import annotations

import json
import random
from typing import Any, Final

import attrs
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from cardrules.agents.registry import AGENT_KINDS, game_name, make_agent
from cardrules.core.deck import derive_seed
from cardrules.errors import CardrulesError, IllegalActionError, ParseError, Reason, RulesError
from cardrules.events import Event, events, start_events

__all__ = ["MAX_BODY_BYTES", "ApiError", "create_app"]

#: The largest request body accepted (a record to view is the largest thing a page sends).
MAX_BODY_BYTES: Final = 1_000_000

_MODULES: Final = {"400": "cardrules.four_hundred", "all-fours": "cardrules.all_fours"}


class ApiError(Exception):
    """A request the API refuses: the HTTP status, a machine-readable reason and a message."""

    def __init__(self, status: int, reason: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.reason = reason
        self.message = message


@attrs.define
class _Game:
    """A game in play: its module, the human's seat, the bots and the record so far."""

    game: str
    module: Any
    seat: int
    bot: Any
    bots: str
    seed: int
    recorder: Any
    #: The moves made so far (the bots' random streams are keyed by it).
    moves: int = 0

    @property
    def state(self) -> Any:
        return self.recorder.state


@attrs.define
class _Replay:
    """A record opened in the viewer: its states and steps (seat and text)."""

    game: str
    module: Any
    states: list[Any]
    steps: list[tuple[int, str]]


def _module(game: str) -> Any:
    import importlib

    return importlib.import_module(_MODULES[game])


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object, read up to :data:`MAX_BODY_BYTES`."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        raise ApiError(413, "too_large", f"the body is over {MAX_BODY_BYTES:,} bytes")
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY_BYTES:
            raise ApiError(413, "too_large", f"the body is over {MAX_BODY_BYTES:,} bytes")
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


def _told(told: list[Event]) -> list[dict[str, Any]]:
    return [event.to_dict() for event in told]


class _App:
    """The state of one application: its stores and its routes' handlers."""

    def __init__(self, max_games: int, idle_seconds: float) -> None:
        from cardrules.web.store import Store

        self.games: Store[_Game] = Store(max_games, idle_seconds)
        self.replays: Store[_Replay] = Store(max_games, idle_seconds)

    # -- games ---------------------------------------------------------------------------------

    def _game(self, request: Request) -> _Game:
        found = self.games.get(request.path_params["game_id"])
        if found is None:
            raise ApiError(404, "not_found", "no such game (it may have expired)")
        return found

    def _answer(self, key: str, entry: _Game, told: list[Event], status: int = 200) -> Response:
        return JSONResponse(
            {
                "id": key,
                "game": entry.game,
                "seat": entry.seat,
                "seed": entry.seed,
                "bots": entry.bots,
                "view": entry.state.observe(entry.seat).to_dict(),
                "events": _told(told),
            },
            status_code=status,
        )

    def _bots(self, entry: _Game) -> list[Event]:
        """The bots' moves until it is the human's turn or the game is over."""
        told: list[Event] = []
        while not entry.state.is_terminal and entry.state.current_player != entry.seat:
            before = entry.state
            seat = before.current_player
            rng = random.Random(derive_seed(entry.seed, "web", entry.moves))
            action = entry.bot.act(before.observe(seat), rng)
            after = entry.recorder.apply(action)
            entry.moves += 1
            told += events(before.observe(entry.seat), action, after.observe(entry.seat))
        return told

    async def new_game(self, request: Request) -> Response:
        body = await _body(request)
        game = game_name(_field(body, "game", str, ""))
        module = _module(game)
        preset = _field(body, "preset", str)
        rules = module.Rules.preset(preset) if preset else module.Rules()
        players = _field(body, "players", int)
        if players is not None and players != getattr(rules, "players", 4):
            if game == "400":
                raise ApiError(400, "bad_rules", "400 is played by four players (FH-1)")
            rules = attrs.evolve(rules, players=players)
        count = int(getattr(rules, "players", 4))
        seat = _field(body, "seat", int, 0)
        if not 0 <= seat < count:
            raise ApiError(400, "bad_request", f"seat must be from 0 to {count - 1}")
        bots = _field(body, "bots", str, "rule")
        if bots not in AGENT_KINDS:
            raise ApiError(400, "bad_request", f"bots must be one of {', '.join(AGENT_KINDS)}")
        seed = _field(body, "seed", int)
        if seed is not None and not 0 <= seed < 2**53:  # a seed the page's JavaScript keeps exact
            raise ApiError(400, "bad_request", "seed must be from 0 to 2**53 - 1")
        if seed is None:
            seed = random.SystemRandom().getrandbits(32)
        from cardrules.records import recorder

        state = module.new_game(rules, seed=seed)
        entry = _Game(game, module, seat, make_agent(game, bots), bots, seed, recorder(state))
        told = start_events(state.observe(seat)) + self._bots(entry)
        return self._answer(self.games.add(entry), entry, told, status=201)

    async def get_game(self, request: Request) -> Response:
        entry = self._game(request)
        return self._answer(request.path_params["game_id"], entry, [])

    async def act(self, request: Request) -> Response:
        entry = self._game(request)
        body = await _body(request)
        state = entry.state
        module = entry.module
        if "id" in body:
            number = _field(body, "id", int)
            if number is None or not 0 <= number < len(module.ACTIONS):
                raise ApiError(
                    400, "parse_error", f"id must be from 0 to {len(module.ACTIONS) - 1}"
                )
            action = module.ACTIONS[number]
        else:
            text = _field(body, "action", str)
            if text is None:
                raise ApiError(400, "bad_request", "send the move as action (text) or id")
            claim = entry.game == "400" and text.strip().lower() == "claim"
            action = module.Claim(entry.seat) if claim else module.parse_action(text)
        if state.is_terminal:
            raise ApiError(409, Reason.GAME_OVER.value, "the game is over")
        claim_type = getattr(module, "Claim", None)
        if claim_type is not None and isinstance(action, claim_type):
            if action.seat != entry.seat:
                raise ApiError(409, Reason.NOT_YOUR_TURN.value, "you may claim for your seat only")
            # a claim is made between tricks by any seat; the record files it at the seat to act
            after = entry.recorder.step(state.current_player, str(action))
            entry.moves += 1
        else:
            if state.current_player != entry.seat:
                raise ApiError(409, Reason.NOT_YOUR_TURN.value, "it is not your turn")
            after = entry.recorder.apply(action)
            entry.moves += 1
        told = events(state.observe(entry.seat), action, after.observe(entry.seat))
        told += self._bots(entry)
        return self._answer(request.path_params["game_id"], entry, told)

    async def record(self, request: Request) -> Response:
        from cardrules.records import to_json, to_text

        entry = self._game(request)
        record = entry.recorder.record()
        return JSONResponse({"json": to_json(record), "text": to_text(record)})

    async def end_game(self, request: Request) -> Response:
        if not self.games.remove(request.path_params["game_id"]):
            raise ApiError(404, "not_found", "no such game (it may have expired)")
        return Response(status_code=204)

    # -- records -------------------------------------------------------------------------------

    async def open_record(self, request: Request) -> Response:
        from cardrules.records import from_json, from_text, replay

        body = await _body(request)
        text = _field(body, "record", str)
        if not text or not text.strip():
            raise ApiError(400, "bad_request", "send the record's text (JSON or the notation)")
        text = text.lstrip("\ufeff")
        try:
            record = from_json(text) if text.lstrip().startswith("{") else from_text(text)
            steps = list(replay(record))
        except CardrulesError as error:
            raise ApiError(400, "bad_record", f"not a valid record: {error}") from None
        game = game_name(record.game)
        states = [steps[0].before] if steps else []
        if not steps:
            raise ApiError(400, "bad_record", "the record holds no step")
        states += [step.after for step in steps]
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
        number = request.path_params["step"]
        if not 0 <= number <= len(entry.steps):
            raise ApiError(404, "not_found", f"step must be from 0 to {len(entry.steps)}")
        seat_text = request.query_params.get("seat", "0")
        players = _players(entry.states[0])
        if not seat_text.isdigit() or not 0 <= int(seat_text) < players:
            raise ApiError(400, "bad_request", f"seat must be from 0 to {players - 1}")
        seat = int(seat_text)
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
        return JSONResponse(
            {
                "id": request.path_params["record_id"],
                "game": entry.game,
                "step": number,
                "length": len(entry.steps),
                "action": step,
                "view": after.observe(seat).to_dict(),
                "events": _told(told),
            }
        )

    async def options(self, request: Request) -> Response:
        return JSONResponse(
            {
                "games": {
                    game: {
                        "presets": list(_module(game).Rules.PRESETS),
                        "players": [4] if game == "400" else [4, 2],
                    }
                    for game in _MODULES
                },
                "bots": list(AGENT_KINDS),
            }
        )


def _players(state: Any) -> int:
    return int(getattr(state.rules, "players", 4))


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


async def _no_route(request: Request) -> Response:
    raise ApiError(404, "not_found", f"no API route {request.method} {request.url.path}")


def create_app(*, max_games: int = 100, idle_minutes: float = 60) -> Starlette:
    """The application: at most ``max_games`` games (and as many records) in memory, each
    dropped after ``idle_minutes`` without a request."""
    app = _App(max_games, idle_minutes * 60)
    routes = [
        Route("/api/options", app.options, methods=["GET"]),
        Route("/api/games", app.new_game, methods=["POST"]),
        Route("/api/games/{game_id}", app.get_game, methods=["GET"]),
        Route("/api/games/{game_id}", app.end_game, methods=["DELETE"]),
        Route("/api/games/{game_id}/actions", app.act, methods=["POST"]),
        Route("/api/games/{game_id}/record", app.record, methods=["GET"]),
        Route("/api/records", app.open_record, methods=["POST"]),
        Route("/api/records/{record_id}/steps/{step:int}", app.record_step, methods=["GET"]),
        Route("/api/{rest:path}", _no_route, methods=["GET", "POST", "PUT", "PATCH", "DELETE"]),
        Mount("/", StaticFiles(packages=[("cardrules.web", "static")], html=True)),
    ]
    return Starlette(
        routes=routes,
        exception_handlers={
            ApiError: _api_error,
            CardrulesError: _cardrules_error,
            HTTPException: _http_error,
        },
    )
