"""The page of ``cardrules serve`` in a real browser: headless Chromium (Debian's ``chromium``
and ``chromium-driver``), driven by Selenium, plays a whole All Fours game and a deal of 400 by
clicking, checks the scores shown against the engine's, and steps through a record in the
viewer.

Without a browser the test is skipped, unless ``CI`` is set: there it must run (``.ci/run``
installs the browser).
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

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
        for name in ("selenium", "uvicorn", "starlette")
        if importlib.util.find_spec(name) is None
    ),
]

pytestmark = pytest.mark.skipif(
    bool(MISSING) and not os.environ.get("CI"),
    reason=f"no browser test without {', '.join(MISSING)} (apt-get install chromium "
    "chromium-driver; pip install 'cardrules[web,test]'); CI always runs it",
)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """``cardrules serve``'s app on a free loopback port, stopped after the tests."""
    import uvicorn

    from cardrules.web.app import create_app

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(create_app(max_games=10), log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(argument)
    options.add_argument("--window-size=1000,1100")
    if CHROMIUM:
        options.binary_location = CHROMIUM
    driver = webdriver.Chrome(options=options, service=Service(executable_path=DRIVER))
    driver.set_script_timeout(20)
    try:
        yield driver
    finally:
        driver.quit()


def wait(driver: Any, condition: str, seconds: float = 15) -> Any:
    """Wait until the JavaScript expression ``condition`` is truthy; returns its value."""
    deadline = time.monotonic() + seconds
    while True:
        value = driver.execute_script(f"return {condition};")
        if value:
            return value
        assert time.monotonic() < deadline, f"timed out waiting for {condition}"
        time.sleep(0.02)


IDLE = "document.body.dataset.busy === '0'"
SCORES = "JSON.parse(document.getElementById('scores').dataset.scores || 'null')"


def new_game(driver: Any, base: str, game: str, seed: int) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    driver.get(base + "/")
    wait(driver, "document.body.dataset.ready === '1'")
    Select(driver.find_element(By.ID, "game")).select_by_value(game)
    driver.find_element(By.ID, "seed").send_keys(str(seed))
    driver.find_element(By.ID, "start").click()
    wait(driver, f"{IDLE} && document.body.dataset.gameId")


def click_a_legal_move(driver: Any) -> None:
    """Click the first enabled card, else the first action button."""
    from selenium.webdriver.common.by import By

    buttons = driver.find_elements(By.CSS_SELECTOR, "#hand button:not([disabled])")
    buttons += driver.find_elements(By.CSS_SELECTOR, "#actions button:not([data-action=claim])")
    assert buttons, "your turn, but no legal move to click"
    buttons[0].click()
    wait(driver, IDLE)


def engine_state(base: str, game_id: str) -> Any:
    """The engine's state at the end of the game's record (replayed and checked)."""
    with urllib.request.urlopen(f"{base}/api/games/{game_id}/record") as answer:
        record = json.load(answer)
    return list(replay(from_json(record["json"])))[-1].after, record


def test_play_both_games_and_view_a_record(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    # A whole game of All Fours, by clicking.
    new_game(browser, server, "all-fours", 11)
    for _ in range(300):
        if browser.find_element(By.ID, "result").is_displayed():
            break
        click_a_legal_move(browser)
    assert browser.find_element(By.ID, "result").is_displayed()
    final, record = engine_state(
        server, browser.execute_script("return document.body.dataset.gameId")
    )
    assert final.is_terminal
    assert wait(browser, SCORES) == list(final.scores)
    assert f"side {final.winner} wins" in browser.find_element(By.ID, "result").text
    kinds = browser.execute_script(
        "return [...document.querySelectorAll('#log li')].map((li) => li.dataset.kind)"
    )
    assert {"deal", "play", "trick", "award", "game_over"} <= set(kinds)

    # The game's record (text notation) in the viewer, stepped through.
    browser.find_element(By.ID, "tab-replay").click()
    browser.execute_script(
        "document.getElementById('record-text').value = arguments[0];", record["text"]
    )
    browser.find_element(By.ID, "open-record").click()
    length = len(list(replay(from_json(record["json"]))))
    wait(browser, f"document.getElementById('step').textContent === '0 / {length}'")
    browser.find_element(By.ID, "next").click()
    wait(browser, f"document.getElementById('step').textContent === '1 / {length}'")
    browser.find_element(By.ID, "last").click()
    wait(browser, f"document.getElementById('step').textContent === '{length} / {length}'")
    assert wait(browser, SCORES) == list(final.scores)
    assert not browser.find_elements(By.CSS_SELECTOR, "#hand button:not([disabled])")

    # A deal of 400, by clicking: bids, then thirteen tricks.
    new_game(browser, server, "400", 5)
    for _ in range(60):
        if "deal 2," in browser.find_element(By.ID, "status").text:
            break
        click_a_legal_move(browser)
    assert "deal 2," in browser.find_element(By.ID, "status").text
    final, _ = engine_state(server, browser.execute_script("return document.body.dataset.gameId"))
    assert final.history[0].ending.value == "played"
    assert wait(browser, SCORES) == list(final.scores) == list(final.history[0].scores)
    assert "scored" in browser.find_element(By.ID, "log").text
