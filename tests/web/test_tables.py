"""Shared tables of ``cardrules serve``: seats with secret tokens, bots in the other seats,
SQLite persistence across a restart, bots off the event loop with a time limit, undo against
bots, and polling that tells what the WebSocket tells."""

from __future__ import annotations

import asyncio
import random
import sys
import time
import warnings
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from cardrules.agents.registry import make_agent
from cardrules.core.deck import derive_seed
from cardrules.records import from_json, replay
from cardrules.web.app import LIVE_SECONDS, _build, _think, create_app
from cardrules.web.store import TableStore, default_database

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def table_of(app: Any, table_id: str) -> Any:
    """The table, in the server's memory or (a finished one) read from its database."""
    inner = app.state.cardrules
    return inner.live.get(table_id) or _build(table_id, inner.tables.load(table_id))


def move(client: TestClient, app: Any, tokens: dict[int, str], table_id: str, n: int) -> None:
    """Play ``n`` moves of the people's seats (the rule agent chooses for them)."""
    for turn in range(n):
        state = table_of(app, table_id).state
        if state.is_terminal:
            return
        seat = state.current_player
        choice = make_agent("all-fours", "rule").act(state.observe(seat), random.Random(turn))
        answer = client.post(f"/api/games/{tokens[seat]}/actions", json={"action": str(choice)})
        assert answer.status_code == 200, answer.text


def test_a_restart_loses_no_game_and_a_finished_table_keeps_its_record(tmp_path: Path) -> None:
    database = tmp_path / "tables.sqlite3"
    app = create_app(database=database)
    with TestClient(app) as client:
        made = client.post(
            "/api/tables",
            json={
                "game": "all-fours",
                "seats": [None, "rule", None, "rule"],
                "names": ["Ann", "", "Cy"],
                "scores": [10, 10],
                "seed": 77,
            },
        ).json()
        tokens = {s["seat"]: s["id"] for s in made["seats"] if s["id"]}
        assert [s["name"] for s in made["seats"]] == ["Ann", "Seat 1", "Cy", "Seat 3"]
        assert made["seats"][0]["link"] == f"/#seat={tokens[0]}"
        move(client, app, tokens, made["table"], 5)
        before = client.get(f"/api/games/{tokens[2]}").json()
        assert before["step"] > 5
    assert database.exists()

    again = create_app(database=database)  # a new server on the same database
    with TestClient(again) as client:
        after = client.get(f"/api/games/{tokens[2]}").json()
        assert (after["step"], after["view"]) == (before["step"], before["view"])
        move(client, again, tokens, made["table"], 500)
        assert made["table"] not in again.state.cardrules.live  # over: it left memory
        finished = table_of(again, made["table"])
        final = finished.state
        assert final.is_terminal
        record = client.get(f"/api/games/{tokens[0]}/record").json()
    steps = list(replay(from_json(record["json"])))
    assert steps[-1].after.scores == final.scores
    assert len(steps) == len(finished.steps)

    with TestClient(create_app(database=database)) as client:  # finished, and still there
        kept = client.get(f"/api/games/{tokens[0]}/record").json()
        assert kept["json"] == record["json"]
        assert client.get(f"/api/games/{tokens[0]}").json()["view"]["game_over"] is True


def test_the_default_database_is_under_the_users_data_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_database() == tmp_path / "cardrules" / "tables.sqlite3"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_database() == Path.home() / ".local" / "share" / "cardrules" / "tables.sqlite3"


def test_the_store_keeps_no_token_and_drops_idle_and_surplus_tables(tmp_path: Path) -> None:
    now = [0.0]
    store = TableStore(tmp_path / "t.db", max_in_play=2, idle_seconds=10, clock=lambda: now[0])
    store.create("a", {}, {"token-a": 0})
    now[0] = 1
    store.create("b", {}, {"token-b": 1})
    now[0] = 2
    store.create("c", {}, {"token-c": 2})  # over the cap: the least recently moved goes
    assert store.find("token-a") is None
    assert store.find("token-c") == ("c", 2)
    assert b"token-c" not in (tmp_path / "t.db").read_bytes()
    store.save("b", {"x": 1}, finished=True)
    now[0] = 20
    assert store.prune() == ["c"]
    assert store.load("b") == {"x": 1}  # a finished table is not idle


def test_a_slow_bot_delays_no_other_table_and_is_cut_off() -> None:
    """A bot that would think 30 s (search:30s, pure Python) thinks in a worker process: the
    other tables are answered meanwhile, and at the time limit the worker stops it and the rule
    agent moves in its place."""
    import httpx

    app = create_app(bot_seconds=1.0, workers=1)
    inner = app.state.cardrules

    async def run() -> tuple[float, float, Any]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            made = await client.post(
                "/api/tables",
                json={"game": "400", "seats": [None, "search:30s", "rule", "rule"], "seed": 5},
            )
            tokens = made.json()
            token = tokens["seats"][0]["id"]
            legal = (await client.get(f"/api/games/{token}")).json()["view"]["legal"]
            started = time.monotonic()
            moving = asyncio.create_task(
                client.post(f"/api/games/{token}/actions", json={"id": legal[-1]["id"]})
            )
            while inner.ready is None or not inner.ready.done():  # the worker has started
                await asyncio.sleep(0.01)
            await asyncio.sleep(0.1)  # and the bot's thought has begun
            other = time.monotonic()
            answer = await client.post("/api/games", json={"game": "all-fours"})
            assert answer.status_code == 201
            assert (await client.get("/api/options")).status_code == 200
            other = time.monotonic() - other
            assert inner.thinking == 1  # still thinking
            moved = await moving
            assert moved.status_code == 200
            return other, time.monotonic() - started, inner.live[tokens["table"]]

    try:
        other, total, table = asyncio.run(run())
    finally:
        assert isinstance(inner.pool, ProcessPoolExecutor)
        inner.pool.shutdown()
    assert other < 1.0  # the other table answered before the slow bot's time was up
    assert 1.1 <= total < 6.0  # the slow move was cut off at its time limit
    # the bot's move is the rule agent's, from the bot's view with the bot's random seed
    step = next(index for index, (seat, _) in enumerate(table.steps) if seat == 1)
    rng = random.Random(derive_seed(table.seed, "web", step))
    rule = make_agent("400", "rule").act(table.states[step].observe(1), rng)
    assert table.steps[step] == (1, table.recorder.codec.step_text(rule))


def test_undo_against_bots_and_polling_tells_what_happened() -> None:
    client = TestClient(create_app())
    game = client.post("/api/games", json={"game": "400", "seed": 8, "seat": 1}).json()
    token = game["id"]
    assert game["undo"] is False
    assert client.post(f"/api/games/{token}/undo").json()["reason"] == "not_allowed"
    first = game["view"]
    moved = client.post(f"/api/games/{token}/actions", json={"id": first["legal"][0]["id"]})
    assert moved.json()["undo"] is True
    polled = client.get(f"/api/games/{token}?since={game['step']}").json()
    assert polled["events"] == moved.json()["events"]
    assert polled["from"] == game["step"]
    undone = client.post(f"/api/games/{token}/undo").json()
    assert undone["reset"] is True
    assert undone["view"] == first
    assert undone["step"] == game["step"]


def test_shared_table_moves_reach_every_seat_over_the_websocket() -> None:
    app = create_app()
    with TestClient(app) as client:
        made = client.post(
            "/api/tables", json={"game": "all-fours", "players": 2, "seats": [None, None]}
        ).json()
        tokens = [s["id"] for s in made["seats"]]
        with client.websocket_connect(f"/api/games/{tokens[0]}/ws") as one:
            hello = one.receive_json()
            assert hello["type"] == "view"
            assert hello["seats"][1]["connected"] is False
            with client.websocket_connect(f"/api/games/{tokens[1]}/ws") as two:
                assert two.receive_json()["seats"][0]["connected"] is True
                assert one.receive_json()["seats"][1]["connected"] is True
                state = app.state.cardrules.live[made["table"]].state
                mover = state.current_player
                text = state.observe(mover).to_dict()["legal"][0]["text"]
                client.post(f"/api/games/{tokens[mover]}/actions", json={"action": text})
                for socket, seat in ((one, 0), (two, 1)):
                    update = socket.receive_json()
                    assert update["type"] == "update"
                    assert update["seat"] == seat
                    assert (update["from"], update["step"]) == (0, 1)
                    assert update["events"][0]["seat"] == mover
        with client.websocket_connect("/api/games/nope/ws") as lost:
            assert lost.receive_json()["reason"] == "not_found"


def test_a_bot_to_move_when_the_server_stopped_moves_after_the_restart(tmp_path: Path) -> None:
    database = tmp_path / "tables.sqlite3"
    app = create_app(database=database)
    with TestClient(app) as client:
        made = client.post(
            "/api/tables",
            json={"game": "400", "seats": [None, "rule", "rule", "rule"], "seed": 3},
        ).json()
        token = made["seats"][0]["id"]
        table = app.state.cardrules.live[made["table"]]
        data = table.data()
    # the database as a server that stopped while seat 1 (a bot) was to bid leaves it
    first_bot = next(i for i, (seat, _) in enumerate(data["steps"]) if seat != 0)
    data["steps"] = data["steps"][:first_bot]
    store = TableStore(database, max_in_play=10, idle_seconds=3600)
    store.save(made["table"], data, finished=False)
    store.close()
    with TestClient(create_app(database=database)) as client:
        deadline = time.monotonic() + 10
        while True:
            answer = client.get(f"/api/games/{token}").json()
            if answer["view"]["your_turn"] or answer["view"]["game_over"]:
                break
            assert time.monotonic() < deadline, "the bots did not move after the restart"
            time.sleep(0.05)
        assert answer["step"] > first_bot


def test_a_game_over_at_the_deal_is_refused_for_a_given_seed_and_redrawn_for_none() -> None:
    app = create_app()
    client = TestClient(app)
    body = {"game": "all-fours", "scores": [13, 13]}
    refused = client.post("/api/games", json={**body, "seed": 0})  # its kick scores the target
    assert refused.status_code == 400
    assert "over before anyone moves" in refused.json()["error"]
    for _ in range(5):
        made = client.post("/api/games", json=body)
        assert made.status_code == 201
        # the deal as drawn is in play (the bots' first decisions, before the person's turn,
        # may then run the pack into a new deal: the view is not always of deal 0)
        first = table_of(app, made.json()["table"]).states[0]
        assert (first.is_terminal, first.deal_number, first.history) == (False, 0, ())


def test_tables_that_are_over_or_idle_leave_memory_and_come_back_from_the_database() -> None:
    app = create_app()
    inner = app.state.cardrules
    client = TestClient(app)
    game = client.post(
        "/api/games", json={"game": "all-fours", "scores": [10, 10], "seed": 12}
    ).json()
    token, table_id = game["id"], game["table"]
    while True:  # the person plays the rule agent's moves to the end of the game
        table = inner.live[table_id]
        view = table.state.observe(0)
        rng = random.Random(len(table.steps))
        moved = client.post(
            f"/api/games/{token}/actions",
            json={"action": str(make_agent("all-fours", "rule").act(view, rng))},
        ).json()
        if moved["view"]["game_over"]:
            break
    assert table_id not in inner.live  # over, and nobody watches it: it left memory
    assert client.get(f"/api/games/{token}/record").status_code == 200
    assert table_id not in inner.live  # read from the database, not kept
    other = client.post("/api/games", json={"game": "400", "seed": 3}).json()
    before = client.get(f"/api/games/{other['id']}").json()
    inner.housekeep()
    assert other["table"] in inner.live  # asked for a moment ago: it stays
    inner.live[other["table"]].used -= LIVE_SECONDS + 1
    inner.housekeep()
    assert other["table"] not in inner.live  # idle and unwatched: it left memory
    assert inner.freed is False
    again = client.get(f"/api/games/{other['id']}").json()
    assert (again["step"], again["view"]) == (before["step"], before["view"])


def test_a_thought_whose_time_is_up_before_it_starts_is_not_begun() -> None:
    from cardrules import four_hundred

    view = four_hundred.new_game(seed=1).observe(0)
    assert _think("400", "search:30s", view, 1, time.time() - 0.1) is None
    assert _think("400", "rule", view, 1, time.time() + 60) in view.legal_actions


#: A server that starts a bot worker, prints the worker's process id and dies at once, without
#: stopping its pool (as a killed server would).
_DYING_SERVER = """
import multiprocessing, os
from concurrent.futures import ProcessPoolExecutor
from cardrules.web.app import _start_worker
if __name__ == "__main__":
    pool = ProcessPoolExecutor(
        1, mp_context=multiprocessing.get_context("spawn"), initializer=_start_worker,
        initargs=(os.getpid(),),
    )
    print(pool.submit(os.getpid).result(), flush=True)
    os._exit(0)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_bot_worker_ends_when_its_server_has_gone(tmp_path: Path) -> None:
    import subprocess

    script = tmp_path / "server.py"
    script.write_text(_DYING_SERVER)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    worker = int(done.stdout.split()[0])
    deadline = time.monotonic() + 10
    while True:
        try:
            state = Path(f"/proc/{worker}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except FileNotFoundError:
            break  # gone
        if state == "Z":
            break  # ended, not yet reaped
        assert time.monotonic() < deadline, "the worker outlived its server"
        time.sleep(0.1)


def test_a_bot_whose_worker_dies_is_replaced_by_the_rule_agent_and_a_new_pool() -> None:
    import os
    import signal

    import httpx

    app = create_app(bot_seconds=5.0, workers=1)
    inner = app.state.cardrules

    async def run() -> tuple[float, int, Any]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            made = await client.post(
                "/api/tables",
                json={"game": "400", "seats": [None, "search:30s", "rule", "rule"], "seed": 5},
            )
            token = made.json()["seats"][0]["id"]
            legal = (await client.get(f"/api/games/{token}")).json()["view"]["legal"]
            started = time.monotonic()
            moving = asyncio.create_task(
                client.post(f"/api/games/{token}/actions", json={"id": legal[-1]["id"]})
            )
            while inner.ready is None or not inner.ready.done():
                await asyncio.sleep(0.01)
            await asyncio.sleep(0.2)
            for pid in list(inner.pool._processes):  # the worker is killed mid-thought
                os.kill(pid, signal.SIGKILL)
            moved = await moving
            took = time.monotonic() - started
            table = inner.live[made.json()["table"]]
            view = table.state.observe(table.state.current_player)
            assert inner.pool is None  # the broken pool is gone
            again = await inner.think("400", "rule", view, 1)  # a new pool for the next one
            assert again in view.legal_actions
            inner.pool.shutdown()
            return took, moved.status_code, table

    took, status, table = asyncio.run(run())
    assert status == 200
    assert took < 5.0  # not the time limit: the death is seen at once
    step = next(index for index, (seat, _) in enumerate(table.steps) if seat == 1)
    rng = random.Random(derive_seed(table.seed, "web", step))
    rule = make_agent("400", "rule").act(table.states[step].observe(1), rng)
    assert table.steps[step] == (1, table.recorder.codec.step_text(rule))
