"""The web face on a phone (390 × 844, the size of a common phone held upright), as a school sports day uses it: a
referee taps through an entry link's list, a match's form and a high jump's sheet, and the organiser works the desk.
Everything a finger taps there is at least 44 × 44 px (the size Apple's, Android's and the W3C's accessibility
guidelines give for a touch target), and a button's word or an athlete's name is never broken a character a line."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from podium.services.draws import make_draw
from podium.services.entry_links import Scope, WebStore
from podium.services.meet import Meet
from tests.web.conftest import ENTRANTS, MEET_TOML, drawn_meet, on_table
from tests.web.test_browser import CHROMIUM, FLAGS, serving

pytestmark = pytest.mark.slow

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "locale": "zh-CN"}

SPORTS_DAY = MEET_TOML + """
[venues.stadium]
name = { zh = "田径场", en = "Stadium" }
resources = { pit = 1 }

[[venues.stadium.sessions]]
name = "stadium_am"
start = "08:00"
end = "11:30"

[events.ghj]
name = { zh = "女子跳高", en = "Girls' high jump" }
sport = "athletics"
game = "high_jump"
schedule = { resource = "pit" }

[events.ws]
name = { zh = "乒乓球班级团体赛（男女混合）", en = "Class team table tennis" }
sport = "table_tennis"
schedule = { resource = "table" }
"""

JUMPERS = ["欧阳明轩", "司马婉清", "诸葛子涵", "上官雨桐", "朱雅琴", "陈晓彤", "罗思琪", "孙佳怡"]
"""Eight high jumpers, with the three- and four-character names a class list has."""

TAPPABLE = """(scope) => [...document.querySelectorAll(scope)]
  .filter(e => e.offsetParent !== null && e.type !== 'hidden')
  .map(e => { const r = e.getBoundingClientRect(); return [e.tagName, (e.innerText || e.name).trim(), Math.round(r.width), Math.round(r.height)]; })
  .filter(([, , width, height]) => width < 44 || height < 44)"""
"""What a finger taps in ``scope`` that is narrower or lower than 44 px: tag, text, width, height."""

LINES = """(scope) => [...document.querySelectorAll(scope)].map(e => {
  const range = document.createRange(); range.selectNodeContents(e);
  const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
  return [e.innerText.trim(), tops.size]; }).filter(([, lines]) => lines > 1)"""
"""The elements of ``scope`` whose text takes more than one line, with their text."""


@pytest.fixture
def sports_day(tmp_path: Path) -> Path:
    entrants = ENTRANTS + "".join(f"ghj,{name},一班\n" for name in JUMPERS)
    folder = drawn_meet(tmp_path / "sports-day", SPORTS_DAY, entrants, "ms")
    make_draw(Meet(folder), "ghj", seed=1)
    return folder


@pytest.fixture
def browser() -> Iterator[object]:
    """Debian's Chromium driven by Playwright, as tests/web/test_browser.py starts it."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        found = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            yield found
        finally:
            found.close()


@pytest.fixture
def server(sports_day: Path, tmp_path: Path) -> Iterator[str]:
    with serving(sports_day, tmp_path) as base:
        yield base


def test_a_referee_taps_everything_on_a_phone_with_a_finger(server, browser, sports_day):
    table = WebStore(sports_day).make_link(Scope("table", venue="gym", table="T1"), 2, "体育馆 1号台")[1]
    pit = WebStore(sports_day).make_link(Scope("venue", venue="stadium"), 2, "田径场")[1]
    number = on_table(sports_day, "T1")[0]
    phone = browser.new_context(**PHONE).new_page()

    phone.goto(f"{server}/entry/{table}")  # the list of what waits at 1号台
    assert phone.locator("ul.entries a").count() >= 1
    assert phone.evaluate(TAPPABLE, "a, button, input, select") == []  # the header's links as well
    rows = "() => new Set([...document.querySelectorAll('header.top nav a')].map(a => Math.round(a.getBoundingClientRect().top))).size"
    assert phone.evaluate(rows) == 1  # and they stay on one row: the header takes little of the screen
    phone.goto(f"{server}/entry/{table}/ms/{number}")
    phone.fill("#result", "11-10 11-5 11-3")
    phone.click("button[type=submit]")
    assert phone.locator("#result-problem").count() == 1  # refused: the referee corrects the field and sends again
    assert phone.evaluate(TAPPABLE, "a, button, input, select") == []  # "all matches of this link" among them

    phone.goto(f"{server}/entry/{pit}/ghj/1")
    assert phone.locator("table.list tbody tr").count() == 8
    assert phone.evaluate(TAPPABLE, "a, button, input, select") == []
    assert phone.evaluate(LINES, "form.heat-sheet tbody td:nth-child(2)") == []  # 欧阳明轩 on one line beside her field


def test_the_desks_buttons_and_fields_take_a_finger_and_keep_their_words_on_one_line(server, browser, tmp_path):
    link = re.search(r"https?://\S+/desk/sign-in/\S+", (tmp_path / "serve.log").read_text()).group(0)
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(link)
    phone.locator("form.entry button").click()
    phone.wait_for_url(f"{server}/desk")
    assert phone.locator("td.actions button", has_text="抽签").count() == 1  # the class teams, not drawn yet
    assert phone.evaluate(TAPPABLE, "main button, main input, main select") == []
    assert phone.evaluate(LINES, "main button") == []  # 抽签, not 抽 over 签


LOW = """(scope) => [...document.querySelectorAll(scope)]
  .filter(e => e.offsetParent !== null)
  .map(e => [e.innerText.trim(), Math.round(e.getBoundingClientRect().height)])
  .filter(([, height]) => height < 44)"""
"""The links of ``scope`` lower than 44 px, with their text and height (a link is as wide as its words)."""


def test_every_link_of_the_boards_and_the_desks_tables_is_a_finger_high(server, browser, tmp_path):
    """The events on the board's first page and on the desk, the desk's journal, results as PDF and table cards: each
    link is at least 44 px high, not the 19 px of a line of text that a finger taps beside."""
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{server}/")
    assert phone.locator("main table a").count() == 3  # 男子单打, 女子跳高, the class teams
    assert phone.evaluate(LOW, "main a") == []
    link = re.search(r"https?://\S+/desk/sign-in/\S+", (tmp_path / "serve.log").read_text()).group(0)
    phone.goto(link)
    phone.locator("form.entry button").click()
    phone.wait_for_url(f"{server}/desk")
    assert phone.locator("main table a").count() == 5  # three events, and results as PDF of the two drawn
    assert phone.evaluate(LOW, "main a") == []
