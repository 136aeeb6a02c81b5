"""A small table-tennis meet with one hall of two tables (T1, T2) and a sack race, drawn, and its web app."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from podium.faces.web import WebSettings, create_app
from podium.faces.web.guard import hash_password
from podium.faces.web.settings import Limit
from podium.services.draws import make_draw
from podium.services.meet import Meet
from podium.services.registration import import_entrants

MEET_TOML = """
[meet]
name = { zh = "测试运动会", en = "Test meet" }
date = 2026-12-05
organiser = "PE department"
language = "en"

[units]
c1 = "一班"
c2 = "二班"

[venues.gym]
name = { zh = "体育馆", en = "Sports hall" }
resources = { table = 2 }

[[venues.gym.sessions]]
name = "am"
start = "08:00"
end = "11:30"

[events.ms]
name = { zh = "男子单打", en = "Men's singles" }
sport = "table_tennis"
schedule = { resource = "table" }

[[events.ms.stages]]
name = "main"
format = "round_robin"

[events.ms.rules]
best_of = 5
"""

ENTRANTS = """event,name,unit
ms,张伟,一班
ms,王磊,二班
ms,李强,一班
ms,赵敏,二班
"""

PASSWORD = "correct horse battery staple"


def drawn_meet(folder: Path, toml: str, entrants: str, event: str, seed: int = 1) -> Path:
    """A meet folder from ``toml`` and an entrants CSV, its entrants imported and ``event`` drawn with ``seed``."""
    folder.mkdir()
    (folder / "meet.toml").write_text(toml, encoding="utf-8")
    (folder / "entrants.csv").write_text(entrants, encoding="utf-8")
    meet = Meet(folder)
    import_entrants(meet, folder / "entrants.csv")
    make_draw(meet, event, seed=seed)
    return folder


@pytest.fixture
def meet_folder(tmp_path: Path) -> Path:
    return drawn_meet(tmp_path / "meet", MEET_TOML, ENTRANTS, "ms")


@pytest.fixture
def settings() -> WebSettings:
    return WebSettings(password_hash=hash_password(PASSWORD), sign_in_token="one-time-secret", poll_seconds=0.05)


@pytest.fixture
def client(meet_folder: Path, settings: WebSettings) -> Iterator[TestClient]:
    with TestClient(create_app(meet_folder, settings)) as found:
        yield found


@pytest.fixture
def strict_client(meet_folder: Path) -> Callable[..., TestClient]:
    """A client of an app with tight limits (for the rate-limit tests)."""

    def make(**limits: Limit) -> TestClient:
        return TestClient(create_app(meet_folder, WebSettings(password_hash=hash_password(PASSWORD), **limits)))

    return make


def sign_in_once(client: TestClient, token: str = "one-time-secret", **options: object):
    """Open the one-time sign-in link (GET: a page with a button) and press its button (POST with the page's CSRF
    token); the answer to the POST."""
    import re

    page = client.get(f"/desk/sign-in/{token}")
    found = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert found is not None, page.text
    return client.post(f"/desk/sign-in/{token}", data={"csrf": found.group(1)}, **options)


def on_table(folder: Path, table: str) -> list[int]:
    """The numbers of the matches the order of play puts on ``table`` (``podium schedule``)."""
    from podium.services.schedule import plan_view

    plan = plan_view(Meet(folder).state())
    return [row.number for session in plan.sessions for row in session.rows if table in row.resources]


def later(hours: int) -> dt.datetime:
    return dt.datetime.now(dt.UTC) + dt.timedelta(hours=hours)
