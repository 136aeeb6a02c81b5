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
