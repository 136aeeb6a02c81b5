"""The web face in a real browser (issue 17, "Done when"): ``podium serve`` runs on 127.0.0.1 on a free port, Debian's
Chromium (driven by Playwright through its executable path; nothing is downloaded) opens an entry link on a phone-sized
screen as a scanned QR code would, sees 11-10 refused with the ITTF reason, enters a valid score, and a second page
showing the board updates without reloading. The Chinese board has no English. The screenshots of docs/web.md are
taken here: into a temporary folder on every run, into docs/images with ``make screenshots``
(``PODIUM_SCREENSHOTS=docs``), so that running the tests leaves the checkout as it was."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from podium.services.entry_links import Scope, WebStore
from tests.web.conftest import on_table
from tests.web.test_chinese import english

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
]
"""Chromium run as root in a closed network: no sandbox (root), and none of its calls home."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def serving(folder: Path, tmp_path: Path) -> Iterator[str]:
    """``podium serve`` of ``folder`` on a free port of 127.0.0.1, as an organiser starts it; its address."""
    port = free_port()
    log = (tmp_path / "serve.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "podium", "--meet", str(folder), "serve", "--port", str(port)],
        stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "PODIUM_LANG": "en"},
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=1) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    log.close()
                    raise AssertionError((tmp_path / "serve.log").read_text()) from None
                time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        process.wait(10)
        log.close()
    printed = (tmp_path / "serve.log").read_text()
    assert f"Board: {base}/" in printed and f"{base}/desk/sign-in/" in printed


@pytest.fixture
def server(meet_folder: Path, tmp_path: Path) -> Iterator[str]:
    with serving(meet_folder, tmp_path) as base:
        yield base


@pytest.fixture
def images(tmp_path: Path) -> Path:
    """Where the screenshots go: docs/images with ``PODIUM_SCREENSHOTS=docs`` (``make screenshots``), else a
    temporary folder."""
    return ROOT / "docs" / "images" if os.environ.get("PODIUM_SCREENSHOTS") == "docs" else tmp_path


@pytest.fixture
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), "Chromium is missing: scripts/system-deps installs Debian's chromium"
    with sync_playwright() as playwright:
        found = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            yield found
        finally:
            found.close()


def test_a_referee_enters_a_score_on_a_phone_and_the_board_updates_without_reload(server, browser, meet_folder, images):
    number = on_table(meet_folder, "T1")[0]
    token = WebStore(meet_folder).make_link(Scope("table", venue="gym", table="T1"), 2, "T1")[1]

    board = browser.new_page(viewport={"width": 1280, "height": 900})
    board.goto(f"{server}/events/ms")
    board.wait_for_selector("html[data-live=open]", state="attached")  # listening for new entries
    board.locator("main").evaluate("main => main.setAttribute('data-before-update', 'yes')")

    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True,
        user_agent="Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Mobile Safari/537.36",
    ).new_page()
    phone.goto(f"{server}/entry/{token}")  # as a scanned QR code opens it
    phone.click(f"a[href='/entry/{token}/ms/{number}']")
    phone.fill("#result", "11-10 11-5 11-3")
    with phone.expect_response(lambda r: r.request.method == "POST") as refused:
        phone.click("button[type=submit]")
    assert refused.value.status == 422
    problem = phone.locator("#result-problem").inner_text()
    assert "Game 1 (11-10): at 10-10 a game goes on until one side leads by 2 points (ITTF 2.11.1)." in problem
    images.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(images / "web-entry-phone.png"), full_page=True)

    phone.fill("#result", "11-9 11-7 11-5")
    with phone.expect_response(lambda r: r.request.method == "POST") as recorded:
        phone.click("button[type=submit]")
    assert recorded.value.status == 200
    assert re.match(rf"Match {number} recorded: .+ – .+ 11-9 11-7 11-5, .+ wins\.", phone.locator(".notice").inner_text())

    started = time.monotonic()
    # the games typed from the first side, every one won by it: the board reads 3 games to 0 (ITTF 2.12.1)
    board.wait_for_selector(f"#match-{number} .result:text-is('3:0')", timeout=5000)
    assert time.monotonic() - started < 2  # within a second or so of the entry, by the watcher's 0.2 s polls
    assert board.locator("main").get_attribute("data-before-update") == "yes"  # the same page: not reloaded
    board.wait_for_timeout(1200)  # the update's highlight fades
    board.screenshot(path=str(images / "web-board.png"), full_page=True)


def test_the_chinese_board_and_the_big_screen(server, browser, meet_folder, images):
    import importlib.util

    spec = importlib.util.spec_from_file_location("zh_views", ROOT / "tools" / "zh_views.py")
    scan = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(ROOT / "tools"))
    spec.loader.exec_module(scan)
    page = browser.new_page(viewport={"width": 390, "height": 844}, locale="zh-CN")
    for path in ("/", "/events/ms", "/schedule", "/medals"):
        page.goto(server + path)  # the browser's language: no switch needed
        assert page.evaluate("document.documentElement.lang") == "zh-Hans"
        assert english(scan, path, page.content()) == []
    screen = browser.new_page(viewport={"width": 1920, "height": 1080}, locale="zh-CN")
    screen.goto(f"{server}/board/screen?events=ms")
    assert screen.locator(".slide.shown").count() == 1
    screen.screenshot(path=str(images / "web-screen.png"))


def test_a_wide_crosstable_scrolls_inside_the_board_instead_of_widening_the_page(browser, tmp_path):
    """A round robin of 14 with every result has a wall chart of 13 rounds, wider than half a desktop screen and than a
    phone: the standings scroll sideways inside their column, so the page itself is never wider than the screen (the
    matches beside the standings stay on the screen of a 1280-pixel projector, and a phone never scrolls the page)."""
    import random

    from podium.services.meet import Meet
    from podium.services.results import record_many
    from tests.test_cost import XIANGQI
    from tests.web.conftest import drawn_meet

    entrants = "event,name\n" + "".join(f"xq,Player {i}\n" for i in range(1, 15))
    folder = drawn_meet(tmp_path / "club", XIANGQI, entrants, "xq")
    event = Meet(folder).state().event("xq")
    rng = random.Random(14)
    record_many(Meet(folder), "xq", [([str(m.number)], event.sport.simulate(rng, event.context(m))) for m in event.matches()])
    with serving(folder, tmp_path) as base:
        for width in (390, 1280):
            page = browser.new_page(viewport={"width": width, "height": 800})
            page.goto(f"{base}/events/xq")
            assert page.locator(".standings th.round").last.inner_text() == "Rd 13"  # 14 entrants: 13 rounds
            assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_the_desk_journal_fits_a_phone_without_scrolling_sideways(server, browser, meet_folder, tmp_path):
    """The organiser's journal on a 390-pixel phone: each entry's sentence wraps under its number and time, so
    neither the page nor the journal's table scrolls sideways (six columns do not fit that width)."""
    import json

    from podium.services.meet import Meet
    from podium.services.results import record_many

    match = on_table(meet_folder, "T1")[0]
    record_many(Meet(meet_folder), "ms", [([str(match)], "11-9 11-7 11-5")])
    link = re.search(r"https?://\S+/desk/sign-in/\S+", (tmp_path / "serve.log").read_text()).group(0)
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    phone.goto(link)  # the one-time link shows a button that signs the organiser in
    phone.locator("form.entry button").click()
    phone.wait_for_url(f"{server}/desk")
    phone.goto(f"{server}/desk/journal")
    assert phone.locator("table.journal tbody tr").count() >= 3  # entrants, draw, the result
    widths = phone.evaluate(
        "() => { const s = document.querySelector('table.journal').parentElement;"
        " return [document.documentElement.scrollWidth, s.scrollWidth, s.clientWidth]; }"
    )
    assert widths[0] <= 390, json.dumps(widths)
    assert widths[1] <= widths[2], json.dumps(widths)  # the table is no wider than its box: nothing to scroll
