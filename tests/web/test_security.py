"""What a seat may know, and only that: every endpoint and WebSocket message of ``cardrules
serve``, asked at every step of whole games, checked against the engine's state for a hidden
card, a seed or a deck; malformed paths, queries and bodies that once gave a 500 now get a 4xx
with a reason; a body shorter than its Content-Length is refused in time."""

from __future__ import annotations

import asyncio
import json
import random
import re
import warnings
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from cardrules.agents.registry import make_agent
from cardrules.records import from_json, recorder, to_text
from cardrules.web.app import create_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

#: A card's name standing alone: not two letters inside a random id (``secrets.token_urlsafe``
#: draws letters, digits, ``-`` and ``_``: an id such as ``JS-x8...`` is no card).
CARD = re.compile(r"(?<![\w-])[2-9TJQKA][CDHS](?![\w-])")
SEED = 987_654_321


def hidden_cards(state: Any, seat: int) -> set[str]:
    """The cards ``seat`` may not see now, from the engine: the other hands (less their exposed
    cards) and, in All Fours, the undealt stock (less the cards turned up)."""
    hidden: set[str] = set()
    exposed = getattr(state, "exposed", None)
    for other, hand in enumerate(state.hands):
        if other != seat:
            shown = {str(c) for c in exposed[other]} if exposed else set()
            hidden |= {str(card) for card in hand} - shown
    if hasattr(state, "stock"):
        hidden |= {str(card) for card in state.stock} - {str(c) for c in state.kicks}
    return hidden


def keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for item in value.values() for k in keys(item)}
    if isinstance(value, list):
        return {k for item in value for k in keys(item)}
    return set()


def check(answer: Any, state: Any, seat: int) -> None:
    """Nothing in ``answer`` lets ``seat`` compute a card it may not see in this deal (the
    events of an earlier deal name its cards, all of them played, which a later deal deals
    again)."""
    text = json.dumps(answer)
    if state.is_terminal:
        return
    assert not keys(answer) & {"seed", "deck", "hands", "json"}, text[:300]
    assert str(SEED)[:6] not in text
    told = answer.get("events", [])
    deals = [index for index, event in enumerate(told) if event["kind"] == "deal"]
    now = {**answer, "events": told[deals[-1] :] if deals else told}
    if deals:
        assert told[deals[-1]]["deal_number"] == state.deal_number
    assert not set(CARD.findall(json.dumps(now))) & hidden_cards(state, seat), text[:300]


def drain(socket: Any, step: int, seen: list[dict[str, Any]]) -> None:
    """Read a seat's messages up to the one that tells step ``step``."""
    while True:
        message = socket.receive_json()
        seen.append(message)
        if message["step"] == step:
            return


@pytest.mark.parametrize(
    ("game", "players", "seats", "scores", "seed"),
    [  # short games of two deals or more, from scores near the target
        ("400", 4, [None, "rule", None, "rule"], [39, 39, 39, 39], SEED + 1),
        ("all-fours", 4, [None, None, "random", "rule"], [11, 11], SEED + 3),
        ("all-fours", 2, [None, None], [8, 8], SEED + 3),
    ],
)
def test_every_endpoint_at_every_step_tells_no_hidden_card(
    game: str, players: int, seats: list[str | None], scores: list[int], seed: int
) -> None:
    app = create_app(workers=1)  # one bot worker process, for the hints
    player = make_agent(game, "rule")
    with TestClient(app) as client:
        made = client.post(
            "/api/tables",
            json={"game": game, "players": players, "seats": seats, "seed": seed, "scores": scores},
        )
        assert made.status_code == 201, made.text
        check(made.json(), app.state.cardrules.live[made.json()["table"]].state, 0)
        tokens = {s["seat"]: s["id"] for s in made.json()["seats"] if s["id"]}
        assert all(s["link"] is None for s in made.json()["seats"] if s["player"] != "person")
        table_id = made.json()["table"]
        sockets = {
            seat: client.websocket_connect(f"/api/games/{t}/ws") for seat, t in tokens.items()
        }
        messages: dict[int, list[dict[str, Any]]] = {seat: [] for seat in tokens}
        entered = {seat: socket.__enter__() for seat, socket in sockets.items()}
        try:
            for seat, socket in entered.items():
                drain(socket, len(app.state.cardrules.live[table_id].steps), messages[seat])
            hints = 0
            for turn in range(500):
                table = app.state.cardrules.live[table_id]
                state = table.state
                for seat, token in tokens.items():
                    base = f"/api/games/{token}"
                    paths = [base, f"{base}?since={max(0, len(table.steps) - 3)}", f"{base}/record"]
                    if turn % 8 == 0 or state.is_terminal:  # the longer answers, now and then
                        paths += [f"{base}?since=0", f"{base}/rules"]
                    for path in paths:
                        answer = client.get(path)
                        assert answer.status_code in (200, 409), (path, answer.text)
                        check(answer.json(), state, seat)
                    if not state.is_terminal:
                        assert client.get(f"{base}/record").json()["reason"] == "in_play"
                        for refused in (client.post(f"{base}/undo"), client.delete(base)):
                            assert refused.status_code == 409
                            check(refused.json(), state, seat)
                    if turn % 20 == 0 and state.current_player == seat:  # a hint thinks 0.5 s
                        hint = client.get(f"{base}/hint")
                        assert hint.status_code == 200
                        check(hint.json(), state, seat)
                        hints += 1
                if state.is_terminal:
                    break
                mover = state.current_player
                assert mover in tokens, "a bot seat is to act after the bots ran"
                for seat, token in tokens.items():  # a move from the wrong seat is refused
                    if seat != mover:
                        wrong = client.post(f"/api/games/{token}/actions", json={"id": 0})
                        assert wrong.status_code == 409
                        assert wrong.json()["reason"] == "not_your_turn"
                        assert "is to act" in wrong.json()["error"]
                choice = player.act(state.observe(mover), random.Random(turn))
                moved = client.post(
                    f"/api/games/{tokens[mover]}/actions", json={"action": str(choice)}
                )
                assert moved.status_code == 200, moved.text
                after = app.state.cardrules.live[table_id]
                check(moved.json(), after.state, mover)
                for seat, socket in entered.items():
                    drain(socket, len(after.steps), messages[seat])
                    for message in messages[seat]:  # each against the state it tells
                        check(message, after.states[message["step"]], seat)
                    messages[seat].clear()
            else:
                raise AssertionError("the game did not end")
            assert hints >= 1
            # Once the game is over, the seed and the record are given, and they replay.
            final = app.state.cardrules.live[table_id].state
            token = next(iter(tokens.values()))
            record = client.get(f"/api/games/{token}/record").json()
            assert record["seed"] == seed
            assert client.get(f"/api/games/{token}").json()["seed"] == seed
            assert final.deal_number >= 1
            assert from_json(record["json"]).scores == tuple(final.scores)
        finally:
            for socket in sockets.values():
                socket.__exit__(None, None, None)


def test_a_hint_is_a_legal_move_from_the_seats_view_only() -> None:
    with TestClient(create_app(workers=1)) as client:  # its worker process stops at the end
        body = client.post("/api/games", json={"game": "400", "seed": 4}).json()
        hint = client.get(f"/api/games/{body['id']}/hint")
        assert hint.status_code == 200
        assert hint.json()["id"] in {move["id"] for move in body["view"]["legal"]}
        table = client.post(
            "/api/tables", json={"game": "400", "seats": [None, None, "rule", "rule"], "seed": 4}
        ).json()
        waiting = table["seats"][1]["id"]
        refused = client.get(f"/api/games/{waiting}/hint")
        assert (refused.status_code, refused.json()["reason"]) == (409, "not_your_turn")


def text_record() -> str:
    from cardrules import all_fours

    keep = recorder(all_fours.new_game(seed=2))
    while not keep.state.is_terminal:
        keep.apply(keep.state.legal_actions()[0])
    return to_text(keep.record())


BIG = "9" * 5000


@pytest.mark.parametrize(
    "mutate",
    [
        lambda text: re.sub(r"\[Seed \"\d+\"\]", f'[Seed "{BIG}"]', text),
        lambda text: re.sub(r"\[Dealer \"\d+\"\]", f'[Dealer "{BIG}"]', text),
        lambda text: re.sub(r"\[Scores \"[\d ]+\"\]", f'[Scores "{BIG} 1"]', text),
        lambda text: re.sub(r"\[Result \"[^\"]+\"\]", f'[Result "{BIG}"]', text),
        lambda text: text.replace("\n\n", "\n\n" + BIG + " ", 1),
    ],
)
def test_records_with_huge_numbers_get_a_4xx(mutate: Any) -> None:
    client = TestClient(create_app(), raise_server_exceptions=False)
    text = text_record()
    changed = mutate(text)
    assert changed != text
    answer = client.post("/api/records", json={"record": changed})
    assert answer.status_code == 400, answer.text[:200]
    assert answer.json()["reason"] == "bad_record"


@pytest.mark.parametrize(
    "query",
    [
        "steps/0?seat=%C2%B2",  # "²" is a digit to str.isdigit, not to int()
        "steps/0?seat=" + "1" * 5000,
        "steps/" + "1" * 5000,
        "steps/%D9%A4",  # an Arabic-Indic four
        "steps/-1",
        "steps/0?seat=-1",
        "steps/0?seat=%20%31",
    ],
)
def test_malformed_steps_and_seats_get_a_4xx(query: str) -> None:
    client = TestClient(create_app(), raise_server_exceptions=False)
    opened = client.post("/api/records", json={"record": text_record()}).json()
    answer = client.get(f"/api/records/{opened['id']}/{query}")
    assert answer.status_code in (400, 404), answer.text[:200]
    assert answer.json()["reason"] in ("bad_request", "not_found")


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("GET", "/api/games/" + "x" * 5000, None),
        ("GET", "/api/games/%00", None),
        ("GET", "/api/games/nope?since=%C2%B2", None),
        ("POST", "/api/tables", {"game": "400", "seats": "all"}),
        ("POST", "/api/tables", {"game": "400", "seats": ["rule"] * 4}),
        ("POST", "/api/tables", {"game": "400", "seats": [None, "os:system", None, None]}),
        ("POST", "/api/games", {"game": "400", "scores": [10**5000]}),
        ("POST", "/api/games", {"game": "400", "scores": [1, 2]}),
        ("POST", "/api/games", {"game": "400", "names": [1]}),
        ("POST", "/api/games", {"game": "400", "bots": "search:1e999s"}),
    ],
)
def test_malformed_requests_get_a_4xx(method: str, path: str, body: Any) -> None:
    client = TestClient(create_app(), raise_server_exceptions=False)
    if body is not None and body.get("scores") == [10**5000]:
        content = b'{"game": "400", "scores": [' + b"9" * 5000 + b"]}"
        answer = client.request(method, path, content=content)
    else:
        answer = client.request(method, path, json=body)
    assert 400 <= answer.status_code < 500, answer.text[:200]
    assert answer.json()["reason"]


def test_a_game_id_cannot_be_deleted_at_a_shared_table_and_since_is_checked() -> None:
    client = TestClient(create_app())
    table = client.post(
        "/api/tables", json={"game": "all-fours", "seats": [None, None, "rule", "rule"]}
    ).json()
    token = table["seats"][0]["id"]
    assert client.delete(f"/api/games/{token}").json()["reason"] == "not_allowed"
    assert client.post(f"/api/games/{token}/undo").json()["reason"] == "not_allowed"
    assert client.get(f"/api/games/{token}?since=x").status_code == 400
    assert client.get(f"/api/games/{token}?since=99").json()["reset"] is True


def asgi_post(app: Any, chunks: list[bytes], length: int, hang: bool) -> list[dict[str, Any]]:
    """POST ``chunks`` to the ASGI app with a Content-Length of ``length``; then the client
    hangs (``hang``) or leaves."""
    sent: list[dict[str, Any]] = []
    queue = [{"type": "http.request", "body": chunk, "more_body": True} for chunk in chunks]

    async def receive() -> dict[str, Any]:
        if queue:
            return queue.pop(0)
        if hang:
            await asyncio.sleep(3600)
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/api/games",
        "raw_path": b"/api/games",
        "query_string": b"",
        "root_path": "",
        "headers": [(b"content-length", str(length).encode()), (b"host", b"test")],
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 80),
        "state": {},
    }
    asyncio.run(asyncio.wait_for(app(scope, receive, send), 5))
    return sent


def test_a_body_shorter_than_its_content_length_is_refused_in_time() -> None:
    app = create_app(body_seconds=0.2)
    sent = asgi_post(app, [b'{"game": '], 100, hang=True)
    assert sent[0]["status"] == 408
    assert json.loads(sent[1]["body"])["reason"] == "timeout"
    gone = asgi_post(app, [b'{"game": '], 100, hang=False)  # the client left: no traceback
    assert gone[0]["status"] == 400
