"""The JSON API of ``cardrules serve`` through Starlette's TestClient: a whole game of each game
played by requests, the scores the engine gives, 4xx answers with a reason (never a 500), no
hidden card in any answer, bounded memory, and the record viewer."""

from __future__ import annotations

import json
import re
import warnings
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # Starlette asks for httpx2, which is not on PyPI for all
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from cardrules.records import from_json, replay
from cardrules.web.app import MAX_BODY_BYTES, create_app
from cardrules.web.store import Store

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

CARD = re.compile(r'"([2-9TJQKA][CDHS])"')


@pytest.fixture
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=True)


def play_out(client: TestClient, game: str, seed: int, seat: int = 0) -> dict[str, Any]:
    """Play a whole game for ``seat`` by always choosing the first legal move; check that no
    answer holds a card the seat may not see."""
    answer = client.post("/api/games", json={"game": game, "seed": seed, "seat": seat})
    assert answer.status_code == 201
    body = answer.json()
    key = body["id"]
    seen: set[str] = set()
    for _ in range(2000):
        view = body["view"]
        assert view["seat"] == seat
        # every card in an answer is in the seat's hand now, or was played or turned up
        public = set(view["hand"]) | set(view["kicks"])
        public |= {p["card"] for p in view["trick"]["plays"]}
        if view["last_trick"]:
            public |= {p["card"] for p in view["last_trick"]["plays"]}
        for event in body["events"]:
            public |= set(CARD.findall(json.dumps(event)))
        seen |= public
        assert set(CARD.findall(json.dumps(body))) <= seen
        if view["game_over"]:
            return body
        assert view["your_turn"]
        move = view["legal"][0]
        body = client.post(f"/api/games/{key}/actions", json={"action": move["text"]}).json()
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("game", "seed"), [("all-fours", 1), ("400", 2)])
def test_a_whole_game_by_requests(client: TestClient, game: str, seed: int) -> None:
    body = play_out(client, game, seed, seat=1)
    record = client.get(f"/api/games/{body['id']}/record").json()
    final = list(replay(from_json(record["json"])))[-1].after
    assert body["view"]["scores"] == list(final.scores)
    assert body["view"]["winner"] == final.winner
    assert body["events"][-1] == {
        "kind": "game_over",
        "winner": final.winner,
        "scores": list(final.scores),
        "target": 14 if game == "all-fours" else None,
    }
    again = client.post(f"/api/games/{body['id']}/actions", json={"action": "2C"})
    assert again.status_code == 409
    assert again.json()["reason"] == "game_over"


def test_moves_by_id_and_claims(client: TestClient) -> None:
    body = client.post("/api/games", json={"game": "all-fours", "seed": 5, "bots": "random"}).json()
    while not body["view"]["your_turn"]:
        body = client.get(f"/api/games/{body['id']}").json()
    move = body["view"]["legal"][-1]
    after = client.post(f"/api/games/{body['id']}/actions", json={"id": move["id"]}).json()
    assert after["events"][0]["seat"] == 0
    claim = client.post("/api/games", json={"game": "400", "seed": 5}).json()
    refused = client.post(f"/api/games/{claim['id']}/actions", json={"action": "claim"})
    assert refused.status_code == 409
    assert refused.json()["reason"] == "claim_not_allowed"


@pytest.mark.parametrize(
    ("path", "body", "status", "reason"),
    [
        ("/api/games", {"game": "chess"}, 400, "parse_error"),
        ("/api/games", {"game": "400", "preset": "nope"}, 400, "bad_rules"),
        ("/api/games", {"game": "400", "players": 2}, 400, "bad_rules"),
        ("/api/games", {"game": "all-fours", "players": 3}, 400, "bad_rules"),
        ("/api/games", {"game": "400", "seat": 4}, 400, "bad_request"),
        ("/api/games", {"game": "400", "seat": True}, 400, "bad_request"),
        ("/api/games", {"game": "400", "seed": 2**80}, 400, "bad_request"),
        ("/api/games", {"game": "400", "bots": "os:system"}, 400, "bad_request"),
        ("/api/games", [1, 2], 400, "bad_request"),
        ("/api/games/nope/actions", {"action": "2C"}, 404, "not_found"),
        ("/api/records", {"record": "{}"}, 400, "bad_record"),
        ("/api/records", {"record": '[Game "chess"]\n'}, 400, "bad_record"),
        ("/api/records", {}, 400, "bad_request"),
        ("/api/nothing", {}, 404, "not_found"),
    ],
)
def test_bad_requests_get_a_reason(
    client: TestClient, path: str, body: Any, status: int, reason: str
) -> None:
    answer = client.post(path, json=body)
    assert answer.status_code == status, answer.text
    assert answer.json()["reason"] == reason
    assert answer.json()["error"]


def test_bad_moves_get_the_engine_reasons(client: TestClient) -> None:
    body = client.post("/api/games", json={"game": "400", "seed": 3}).json()
    url = f"/api/games/{body['id']}/actions"
    cases = [
        ({"action": "1"}, 409, "bid_below_minimum"),
        ({"action": "QQ"}, 400, "parse_error"),
        ({"id": 10_000}, 400, "parse_error"),
        ({"id": "x"}, 400, "bad_request"),
        ({}, 400, "bad_request"),
    ]
    for payload, status, reason in cases:
        answer = client.post(url, json=payload)
        assert (answer.status_code, answer.json()["reason"]) == (status, reason), payload
    wrong = client.post(url, json={"action": "AS"})
    assert wrong.status_code == 409
    assert wrong.json()["reason"] == "wrong_phase"
    big = client.post(url, content=b"{" + b" " * (MAX_BODY_BYTES + 1) + b"}")
    assert big.status_code == 413
    assert client.post(url, content=b"not json").json()["reason"] == "bad_request"


def test_the_viewer_steps_through_a_text_record(client: TestClient) -> None:
    body = play_out(client, "all-fours", 7)
    text = client.get(f"/api/games/{body['id']}/record").json()["text"]
    opened = client.post("/api/records", json={"record": text})
    assert opened.status_code == 201
    record = opened.json()
    last = client.get(f"/api/records/{record['id']}/steps/{record['length']}?seat=2").json()
    assert last["view"]["scores"] == body["view"]["scores"]
    assert last["view"]["seat"] == 2
    first = client.get(f"/api/records/{record['id']}/steps/0").json()
    assert first["action"] is None
    assert first["events"][0]["kind"] == "deal"
    step = client.get(f"/api/records/{record['id']}/steps/1?seat=1").json()
    assert step["action"]["text"] in ("stand", "beg")
    for bad in (f"steps/{record['length'] + 1}", "steps/1?seat=9", "steps/1?seat=x"):
        answer = client.get(f"/api/records/{record['id']}/{bad}")
        assert answer.status_code in (400, 404)
        assert answer.json()["reason"] in ("bad_request", "not_found")


def test_games_are_bounded_and_expire() -> None:
    client = TestClient(create_app(max_games=2))
    keys = [client.post("/api/games", json={"game": "400"}).json()["id"] for _ in range(3)]
    assert client.get(f"/api/games/{keys[0]}").status_code == 404
    assert client.get(f"/api/games/{keys[2]}").status_code == 200
    assert client.delete(f"/api/games/{keys[2]}").status_code == 204
    assert client.get(f"/api/games/{keys[2]}").json()["reason"] == "not_found"
    now = [0.0]
    store: Store[int] = Store(5, 10, clock=lambda: now[0])
    key = store.add(1)
    now[0] = 9
    assert store.get(key) == 1
    now[0] = 18
    assert store.get(key) == 1
    now[0] = 40
    assert store.get(key) is None
    assert len(store) == 0


def test_the_page_and_its_files_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert "<script" in page.text
    for name in ("app.js", "style.css"):
        assert client.get(f"/{name}").status_code == 200
    options = client.get("/api/options").json()
    assert options["games"]["all-fours"]["presets"][0] == "trinidad"


#: The characters beyond ASCII that the page may show: Latin-1 (the replay's arrows « ‹ › »),
#: the suits and "≥", all in the fonts a Debian desktop has (U+23EE and U+23ED, once used for
#: the replay's first and last buttons, are not: they showed as empty boxes).
SHOWN = {chr(c) for c in range(0xA0, 0x100)} | set("\u2660\u2663\u2665\u2666\u2265")


def test_the_page_uses_only_glyphs_the_fonts_have() -> None:
    from importlib.resources import files

    static = files("cardrules.web") / "static"
    for name in ("index.html", "app.js", "cards.js", "style.css"):
        text = (static / name).read_text(encoding="utf-8")
        escapes = re.findall(r"\\u([0-9a-fA-F]{4})|&#x([0-9a-fA-F]+);", text)
        shown = {c for c in text if ord(c) > 0x7F}
        shown |= {chr(int(a or b, 16)) for a, b in escapes}
        assert shown <= SHOWN, (name, sorted(shown - SHOWN))


@pytest.mark.rule("FH-11", "FH-13")
def test_the_bidding_box_limits_come_from_the_game(client: TestClient) -> None:
    """A 400 answer carries the seat's minimum bid and the minimum total (the game's words,
    found through the registry); an All Fours answer, a game without bids, carries none."""
    from cardrules.four_hundred import minimum_bid, minimum_total, new_game

    answer = client.post("/api/games", json={"game": "400", "seed": 4, "seat": 0}).json()
    state = new_game(seed=4)
    assert answer["limits"] == {
        "minimum_bid": minimum_bid(0, state.rules),
        "minimum_total": minimum_total((0, 0, 0, 0), state.rules),
    }
    other = client.post("/api/games", json={"game": "all-fours", "seed": 4, "seat": 0}).json()
    assert other["limits"] is None
