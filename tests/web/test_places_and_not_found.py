"""Wording of the board after a walkthrough: the heading over what is on now and next names the venues' places of
play as they are (球台 only where every place is a table), and a page that is not found says what was asked for and
what would be valid."""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from podium.faces.web import create_app
from tests.web.conftest import ENTRANTS, MEET_TOML, drawn_meet
from tests.web.test_board_game_colours import client as boards_client  # noqa: F401 - a fixture

MIXED_TOML = MEET_TOML.replace("resources = { table = 2 }", "resources = { table = 2, floor = 1 }")
"""The test meet's hall with a floor beside its two tables (a sports day's hall: table tennis and a rope-skipping
floor)."""


@pytest.fixture
def mixed_client(tmp_path: Path, settings) -> Iterator[TestClient]:
    with TestClient(create_app(drawn_meet(tmp_path / "mixed", MIXED_TOML, ENTRANTS, "ms"), settings)) as found:
        yield found


def test_the_board_games_room_is_not_called_tables(boards_client):  # noqa: F811
    page = boards_client.get("/schedule?lang=zh").text
    assert "各棋桌正在进行与下一场" in page and "球台" not in page
    assert "Now and next on every board" in boards_client.get("/schedule?lang=en").text


def test_places_of_several_kinds_get_a_neutral_heading(mixed_client):
    page = mixed_client.get("/schedule?lang=zh").text
    assert "各场地正在进行与下一场" in page and "各球台" not in page
    assert "Now and next at every place of play" in mixed_client.get("/schedule?lang=en").text


WITH_WS = MEET_TOML + """
[events.ws]
name = { zh = "女子单打", en = "Women's singles" }
sport = "table_tennis"
schedule = { resource = "table" }

[[events.ws.stages]]
name = "main"
format = "round_robin"
"""
"""The test meet with women's singles, not drawn yet."""


def entry(client: TestClient, path: str) -> tuple[int, str]:
    """The status and the unescaped page of ``path`` under an entry link for the whole hall."""
    from podium.services.entry_links import Scope

    token = client.app.state.site.web.make_link(Scope("venue", venue="gym"), 2, "hall")[1]
    answer = client.get(f"/entry/{token}{path}")
    return answer.status_code, html.unescape(answer.text)


def test_an_event_not_found_is_named_with_the_meets_events(client):
    page = client.get("/events/nosuch?lang=en")
    assert page.status_code == 404
    assert "Unknown event 'nosuch'; events of this meet: ms." in html.unescape(page.text)
    page = client.get("/events/nosuch?lang=zh")
    assert page.status_code == 404
    assert "未知项目“nosuch”；本赛事的项目有：ms。" in page.text
    status, page = entry(client, "/nosuch/1?lang=en")  # an entry form's address with an event the meet lacks
    assert status == 404 and "Unknown event 'nosuch'; events of this meet: ms." in page


def test_a_match_number_not_found_is_named_with_the_numbers_there_are(client):
    # four players in a round robin play 4 × 3 / 2 = 6 matches, numbered 1 to 6
    status, page = entry(client, "/ms/99?lang=en")
    assert status == 404
    assert "Men's singles has no match or heat 99; its matches and heats are numbered 1 to 6." in page
    status, page = entry(client, "/ms/7?lang=zh")
    assert status == 404
    assert "男子单打没有第 7 场比赛或第 7 组；其场次和组的编号为 1 至 6。" in page


def test_a_match_of_an_event_not_drawn_yet_is_not_found_until_the_draw(tmp_path, settings):
    with TestClient(create_app(drawn_meet(tmp_path / "ws", WITH_WS, ENTRANTS, "ms"), settings)) as client:
        status, page = entry(client, "/ws/1?lang=en")
        assert status == 404
        assert "Women's singles has no match or heat 1: it has none until it is drawn." in page
