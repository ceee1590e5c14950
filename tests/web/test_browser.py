"""The page of ``cardrules serve`` in a real browser: headless Chromium (Debian's ``chromium``
and ``chromium-driver``), driven by Selenium.

It plays a whole game of each game by clicking, at the phone size (390x844) and at 1280x900
(short games: scores near the target to start with), checks the scores shown against the
engine's, steps through the record with every hand shown, plays a shared table with two
browsers (two people, two bots) of which one reloads mid-deal and rejoins its seat, a table at
which one browser has no WebSocket and follows by polling, and checks
the two bugs once found (a replay's log holding an earlier game; a game out of reach after a
replay).  Screenshots of the start, a trick, a deal summary and the replay go to the folder it
prints (``$CARDRULES_SCREENSHOTS``, else a temporary one), each checked for what it must show
and, at the phone size, for nothing outside the screen.

The people's moves are the rule agent's choices (the test reads the engine's state in the
server, which runs in this process), so that the games end as games do.  Without a browser the
test is skipped, unless ``CI`` is set: there it must run (``.ci/run`` installs the browser).
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import shutil
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardrules.agents.registry import make_agent
from cardrules.records import from_json, replay

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver") or (
    "/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None
)
MISSING = [
    *(["chromium"] if CHROMIUM is None else []),
    *(["chromedriver"] if DRIVER is None else []),
    *(
        name
        for name in ("selenium", "uvicorn", "starlette", "websockets")
        if importlib.util.find_spec(name) is None
    ),
]

pytestmark = pytest.mark.skipif(
    bool(MISSING) and not os.environ.get("CI"),
    reason=f"no browser test without {', '.join(MISSING)} (apt-get install chromium "
    "chromium-driver; pip install 'cardrules[web,test]'); CI always runs it",
)

PHONE = (390, 844)
DESKTOP = (1280, 900)
# With every seat played by the rule agent, 400 from 39 each is over in one deal, and All Fours
# from 12 each (seed - 1) in one deal of seven moves of seat 0.
SEED_400 = 987_654_323


class Server:
    """``cardrules serve``'s app on a free loopback port (its tables in a temporary file)."""

    def __init__(self, database: Path) -> None:
        import uvicorn

        from cardrules.web.app import create_app

        self.app = create_app(max_games=20, database=database)
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.base = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        config = uvicorn.Config(self.app, log_level="warning", ws="auto")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True
        )
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)

    def table(self, table_id: str) -> Any:
        """The table, in the server's memory or (a finished one) read from its database."""
        from cardrules.web.app import _build

        inner = self.app.state.cardrules
        return inner.live.get(table_id) or _build(table_id, inner.tables.load(table_id))

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.sock.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("serve") / "tables.sqlite3")
    try:
        yield running
    finally:
        running.stop()


def chromium() -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(argument)
    if CHROMIUM:
        options.binary_location = CHROMIUM
    driver = webdriver.Chrome(options=options, service=Service(executable_path=DRIVER))
    driver.set_script_timeout(20)
    return driver


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    driver = chromium()
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = Path(os.environ.get("CARDRULES_SCREENSHOTS") or tmp_path_factory.mktemp("screens"))
    folder.mkdir(parents=True, exist_ok=True)
    print(f"\nscreenshots of the browser test: {folder}")
    return folder


def wait(driver: Any, condition: str, seconds: float = 45) -> Any:
    """Wait until the JavaScript expression ``condition`` is truthy; returns its value."""
    deadline = time.monotonic() + seconds
    while True:
        value = driver.execute_script(f"return {condition};")
        if value:
            return value
        if time.monotonic() > deadline:
            seen = driver.execute_script(
                "return [document.body.dataset.screen, document.body.dataset.busy,"
                " document.getElementById('setup-error').textContent,"
                " document.getElementById('error').textContent]"
            )
            raise AssertionError(f"timed out waiting for {condition}; the page: {seen}")
        time.sleep(0.02)


def size(driver: Any, window: tuple[int, int]) -> None:
    """Make the page's viewport ``window`` (the window's frame added)."""
    driver.set_window_size(*window)
    inner = driver.execute_script("return [innerWidth, innerHeight]")
    driver.set_window_size(2 * window[0] - inner[0], 2 * window[1] - inner[1])


def inside_the_screen(driver: Any) -> list[str]:
    """The visible elements of the table screen that reach outside the viewport."""
    return list(
        driver.execute_script(
            """
            const out = [];
            const root = document.documentElement;
            if (root.scrollWidth > innerWidth + 1) out.push(`page width ${root.scrollWidth}`);
            if (root.scrollHeight > innerHeight + 1) out.push(`page height ${root.scrollHeight}`);
            const nodes = document.querySelectorAll(
              '#scoreboard, #status, #actions button, #hand .card, .seat .who, #tools button,' +
              ' #summary-ok, #replay-controls button, #trick .played');
            for (const node of nodes) {
              const r = node.getBoundingClientRect();
              if (!r.width) continue;
              const off = r.left < -1 || r.top < -1;
              if (off || r.right > innerWidth + 1 || r.bottom > innerHeight + 1)
                out.push(`${node.id || node.className} ${node.dataset.card || node.textContent}`);
            }
            return out;
            """
        )
    )


def snap(driver: Any, shots: Path, name: str, window: tuple[int, int]) -> None:
    """A screenshot; at the phone size, nothing may reach outside the screen."""
    driver.save_screenshot(str(shots / f"{name}-{window[0]}x{window[1]}.png"))
    if window == PHONE:
        assert inside_the_screen(driver) == [], name


def summary_open(driver: Any) -> bool:
    return bool(driver.execute_script("return !document.getElementById('summary').hidden"))


def my_turn(driver: Any, server: Server) -> tuple[Any, int] | None:
    """The engine's state when it is this page's seat to act, else None."""
    table_id = driver.execute_script("return document.body.dataset.table")
    seat = int(driver.execute_script("return document.body.dataset.seat"))
    state = server.table(table_id).state
    return (state, seat) if state.current_player == seat else None


def click(driver: Any, selector: str) -> None:
    from selenium.webdriver.common.by import By

    element = driver.find_element(By.CSS_SELECTOR, selector)
    # The hand's cards overlap on a phone: a person taps the visible edge; this taps the card.
    driver.execute_script("arguments[0].click()", element)


def play_turn(driver: Any, server: Server, game: str, turn: int) -> bool:
    """Close a deal summary, or make this seat's move (the rule agent's choice) by clicking;
    False when there was nothing to do."""
    if summary_open(driver):
        click(driver, "#summary-ok")
        return True
    found = my_turn(driver, server)
    if found is None:
        return False
    state, seat = found
    wait(driver, f"document.body.dataset.step === '{len(server.table(table_of(driver)).steps)}'")
    choice = make_agent(game, "rule").act(state.observe(seat), random.Random(turn))
    text = server.table(table_of(driver)).recorder.codec.step_text(choice)
    legal = state.observe(seat).to_dict()["legal"]
    card = next((move["card"] for move in legal if move["text"] == text), None)
    if card:
        assert driver.execute_script(
            f"return document.querySelector('#hand .card[data-card=\"{card}\"]')"
            ".classList.contains('legal')"
        )
        click(driver, f'#hand .card[data-card="{card}"]')
    else:
        click(driver, f'#actions button[data-action="{text}"]')
    wait(driver, "document.body.dataset.busy === '0'")
    return True


def see_the_end(driver: Any) -> None:
    """Wait until the page shows the game over, closing the summary when it comes."""
    deadline = time.monotonic() + 45
    while driver.execute_script("return document.body.dataset.phase") != "over":
        assert time.monotonic() < deadline, "the page did not show the end"
        if summary_open(driver):
            click(driver, "#summary-ok")
        time.sleep(0.05)


def table_of(driver: Any) -> str:
    return str(driver.execute_script("return document.body.dataset.table"))


def start_game(driver: Any, base: str, game: str, seed: int, scores: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    driver.get(base + "/")
    wait(driver, "document.body.dataset.ready === '1'")
    driver.find_element(By.ID, "tab-play").click()
    Select(driver.find_element(By.ID, "game")).select_by_value(game)
    driver.find_element(By.ID, "seed").send_keys(str(seed))
    driver.find_element(By.ID, "start-scores").send_keys(scores)
    driver.find_element(By.ID, "start").click()
    wait(driver, "document.body.dataset.busy === '0' && document.body.dataset.table")


def engine_record(base: str, token: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{base}/api/games/{token}/record") as answer:
        return dict(json.load(answer))


def play_a_whole_game(
    driver: Any, server: Server, shots: Path, game: str, window: tuple[int, int]
) -> dict[str, Any]:
    """Start a short game at ``window`` and play it to the end by clicking; screenshots of the
    start, a trick and a deal summary; returns the record."""
    from selenium.webdriver.common.by import By

    size(driver, window)
    seed, scores = (SEED_400, "39 39 39 39") if game == "400" else (SEED_400 - 1, "12 12")
    start_game(driver, server.base, game, seed, scores)
    wait(driver, "document.getElementById('status').textContent")
    players = 4
    assert len(driver.find_elements(By.CSS_SELECTOR, ".seat .who")) == players
    assert driver.find_element(By.ID, "status").text
    assert driver.find_elements(By.CSS_SELECTOR, "#scoreboard .team")
    snap(driver, shots, f"{game}-start", window)
    tricks = summaries = 0
    for turn in range(400):
        over = driver.execute_script("return document.body.dataset.phase") == "over"
        if over and not summary_open(driver):
            break
        if summary_open(driver):
            lines = driver.find_elements(By.CSS_SELECTOR, "#summary-lines li.score")
            assert lines, "a deal summary tells what scored"
            if not summaries:
                snap(driver, shots, f"{game}-summary", window)
            summaries += 1
        elif not tricks and driver.find_elements(By.CSS_SELECTOR, "#trick .played"):
            snap(driver, shots, f"{game}-trick", window)
            tricks += 1
        if not play_turn(driver, server, game, turn):
            time.sleep(0.05)
    else:
        raise AssertionError("the game did not end")
    assert summaries >= 1
    assert tricks == 1
    state = server.table(table_of(driver)).state
    assert state.is_terminal
    assert wait(driver, "JSON.parse(document.getElementById('scoreboard').dataset.scores)") == list(
        state.scores
    )
    status = driver.find_element(By.ID, "status").text
    assert status.startswith(("You win", "You lose"))
    token = driver.execute_script("return document.body.dataset.gameId")
    return engine_record(server.base, token)


@pytest.mark.parametrize(
    ("game", "window"),
    [("all-fours", PHONE), ("400", DESKTOP), ("400", PHONE), ("all-fours", DESKTOP)],
)
def test_a_whole_game_by_clicking(
    server: Server, browser: Any, shots: Path, game: str, window: tuple[int, int]
) -> None:
    from selenium.webdriver.common.by import By

    record = play_a_whole_game(browser, server, shots, game, window)
    if window != PHONE or game != "400":
        return
    # The record in the viewer, every hand shown, stepped by step, trick and deal.
    log_before = browser.execute_script("return document.querySelectorAll('#log li').length")
    assert log_before > 0
    click(browser, "#home")
    click(browser, "#tab-replay")
    browser.execute_script(
        "document.getElementById('record-text').value = arguments[0];", record["text"]
    )
    click(browser, "#open-record")
    length = len(list(replay(from_json(record["json"]))))
    wait(browser, f"document.getElementById('step').textContent === '0 / {length}'")
    # the bug once found: the log kept the earlier game's events
    kinds = browser.execute_script(
        "return [...document.querySelectorAll('#log li')].map((li) => li.dataset.kind)"
    )
    assert kinds == ["deal"]
    click(browser, "#next-trick")
    wait(browser, "document.querySelectorAll('#trick .played').length === 4")
    backs = browser.find_elements(By.CSS_SELECTOR, ".seat .backs")
    assert backs == []
    open_cards = browser.find_elements(By.CSS_SELECTOR, ".seat .open-hand svg")
    assert len(open_cards) == 3 * 12
    assert len(browser.find_elements(By.CSS_SELECTOR, "#hand .card")) == 12
    assert "Replay" in browser.find_element(By.ID, "status").text
    assert "You" not in browser.find_element(By.ID, "status").text
    snap(browser, shots, "400-replay", window)
    click(browser, "#last")
    wait(browser, f"document.getElementById('step').textContent === '{length} / {length}'")
    final = list(replay(from_json(record["json"])))[-1].after
    assert wait(
        browser, "JSON.parse(document.getElementById('scoreboard').dataset.scores)"
    ) == list(final.scores)
    click(browser, "#prev-deal")
    wait(browser, f"document.getElementById('step').textContent !== '{length} / {length}'")


def test_the_game_in_play_is_reached_again_after_a_replay(server: Server, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    size(browser, DESKTOP)
    start_game(browser, server.base, "all-fours", 5, "")
    token = browser.execute_script("return document.body.dataset.gameId")
    # Rules, hint and undo, and the reason for a refused move.
    click(browser, "#rules")
    wait(browser, "!document.getElementById('rules-box').hidden")
    assert "trumps" in browser.find_element(By.ID, "rules-words").text
    click(browser, "#rules-ok")
    while not my_turn(browser, server):
        play_turn(browser, server, "all-fours", 0)
    click(browser, "#hint")
    wait(browser, "document.getElementById('status').textContent.startsWith('Hint (')")
    assert browser.find_elements(By.CSS_SELECTOR, ".hinted")
    step = browser.execute_script("return document.body.dataset.step")
    play_turn(browser, server, "all-fours", 0)
    wait(browser, f"document.body.dataset.step !== '{step}'")
    click(browser, "#undo")
    wait(browser, f"document.body.dataset.step === '{step}'")
    state = server.table(table_of(browser)).state
    view = state.observe(0).to_dict()
    refused = [c for c in view["hand"] if c not in {m["card"] for m in view["legal"]}]
    if refused:
        click(browser, f'#hand .card[data-card="{refused[0]}"]')
        wait(browser, "!document.getElementById('error').hidden")
        assert browser.find_element(By.ID, "error").text
    hand = browser.execute_script(
        "return [...document.querySelectorAll('#hand .card')].map((c) => c.dataset.card)"
    )
    click(browser, "#home")
    click(browser, "#tab-replay")
    browser.execute_script("document.getElementById('record-text').value = 'not a record';")
    click(browser, "#open-record")
    wait(browser, "!document.getElementById('setup-error').hidden")
    assert "not a valid record" in browser.find_element(By.ID, "setup-error").text
    click(browser, "#tab-play")
    assert browser.find_element(By.ID, "setup-error").is_displayed() is False
    click(browser, "#resume")
    wait(browser, "document.body.dataset.screen === 'table'")
    assert browser.execute_script("return document.body.dataset.gameId") == token
    assert (
        browser.execute_script(
            "return [...document.querySelectorAll('#hand .card')].map((c) => c.dataset.card)"
        )
        == hand
    )
    assert browser.find_element(By.ID, "error").is_displayed() is False
    assert browser.find_element(By.ID, "replay-controls").is_displayed() is False


def test_a_shared_table_with_two_browsers_one_reloading(
    server: Server, browser: Any, shots: Path
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    size(browser, DESKTOP)
    browser.get(server.base + "/")
    wait(browser, "document.body.dataset.ready === '1'")
    click(browser, "#tab-share")
    Select(browser.find_element(By.ID, "game")).select_by_value("all-fours")
    browser.find_element(By.ID, "start-scores").send_keys("11 11")
    browser.find_element(By.ID, "seed").send_keys(str(SEED_400 + 1))  # two deals, by the rule agent
    browser.find_element(By.CSS_SELECTOR, "[data-seat-name='0']").send_keys("Ann")
    # a name is text, never markup, on the other seats' pages
    browser.find_element(By.CSS_SELECTOR, "[data-seat-name='1']").send_keys("<i>Bo</i>")
    click(browser, "#start")
    wait(browser, "!document.getElementById('links').hidden")
    links = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, ".seat-link")]
    assert len(links) == 2
    assert "rule" in browser.find_element(By.ID, "link-list").text
    other = chromium()
    try:
        size(other, PHONE)
        browser.get(links[0])
        other.get(links[1])
        for page in (browser, other):
            wait(page, "document.body.dataset.ready === '1' && document.body.dataset.table")
            wait(page, "document.body.dataset.live === 'ws'")
        wait(
            other,
            "[...document.querySelectorAll('.seat .who')]"
            ".some((n) => n.textContent.includes('Ann'))",
        )
        names = [node.text for node in browser.find_elements(By.CSS_SELECTOR, ".seat .who")]
        assert any("<i>Bo</i>" in name for name in names), names
        assert not browser.find_elements(By.CSS_SELECTOR, "#table-screen i:not(.dot)")
        reloaded = False
        for turn in range(400):
            state = server.table(table_of(browser)).state
            if state.is_terminal and not summary_open(browser) and not summary_open(other):
                break
            if not reloaded and len(state.trick_winners) >= 2 and not state.is_terminal:
                # mid-deal, the phone reloads its page: it rejoins its seat by its link
                seat = int(other.execute_script("return document.body.dataset.seat"))
                other.refresh()
                wait(other, "document.body.dataset.ready === '1' && document.body.dataset.table")
                wait(other, "document.body.dataset.live === 'ws'")
                now = server.table(table_of(other)).state
                shown = other.execute_script(
                    "return [...document.querySelectorAll('#hand .card')]"
                    ".map((c) => c.dataset.card)"
                )
                assert sorted(shown) == sorted(str(c) for c in now.hands[seat])
                assert other.execute_script("return document.body.dataset.seat") == str(seat)
                snap(other, shots, "shared-rejoined", PHONE)
                reloaded = True
            moved = play_turn(browser, server, "all-fours", turn)
            moved = play_turn(other, server, "all-fours", turn) or moved
            if not moved:
                time.sleep(0.05)
        else:
            raise AssertionError("the shared game did not end")
        assert reloaded
        final = server.table(table_of(browser)).state
        for page in (browser, other):
            see_the_end(page)
            assert wait(
                page, "JSON.parse(document.getElementById('scoreboard').dataset.scores)"
            ) == list(final.scores)
        snap(browser, shots, "shared-over", DESKTOP)
    finally:
        other.quit()


def test_a_seat_without_websockets_follows_the_table_by_polling(
    server: Server, browser: Any
) -> None:
    request = urllib.request.Request(
        server.base + "/api/tables",
        data=json.dumps(
            {
                "game": "all-fours",
                "players": 2,
                "seats": [None, None],
                "scores": [12, 12],
                "seed": 987_654_330,  # a deal of 13 moves by the rule agent
            }
        ).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as answer:
        seats = json.load(answer)["seats"]
    polling = chromium()
    try:
        # this browser has no WebSocket (as behind a proxy that does not pass them)
        polling.execute_cdp_cmd(
            "Page.addScriptToEvaluateOnNewDocument", {"source": "delete window.WebSocket;"}
        )
        size(browser, DESKTOP)
        size(polling, PHONE)
        browser.get(server.base + seats[0]["link"])
        polling.get(server.base + seats[1]["link"])
        for page in (browser, polling):
            wait(page, "document.body.dataset.ready === '1' && document.body.dataset.table")
        wait(browser, "document.body.dataset.live === 'ws'")
        wait(polling, "document.body.dataset.live === 'poll'")
        for turn in range(200):
            state = server.table(table_of(browser)).state
            if state.is_terminal and not summary_open(browser) and not summary_open(polling):
                break
            moved = play_turn(browser, server, "all-fours", turn)
            moved = play_turn(polling, server, "all-fours", turn) or moved
            if not moved:
                time.sleep(0.1)
        else:
            raise AssertionError("the game did not end")
        final = server.table(table_of(browser)).state
        for page in (browser, polling):
            see_the_end(page)
            assert wait(
                page, "JSON.parse(document.getElementById('scoreboard').dataset.scores)"
            ) == list(final.scores)
        assert polling.execute_script("return document.body.dataset.live") == "poll"
    finally:
        polling.quit()
