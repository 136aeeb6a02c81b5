"""A board game's entry form says who plays which colour (a result such as ``B+R`` or ``红胜`` is read by colour):
the side the match lists first plays Black in weiqi (Weiqi 2002 Art. 10) and in game 1 of gomoku (college gomoku
rules 2012 §2.2), red in xiangqi (CXA 2011 §12.1); a xiangqi knockout's colours are drawn by lot at the table
(CXA 2011 §12.4)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from podium.faces.web import create_app
from podium.services.draws import make_draw
from podium.services.entry_links import Scope
from podium.services.meet import Meet
from podium.services.registration import import_entrants

BOARDS_TOML = """
[meet]
name = { zh = "棋类比赛", en = "Board games" }
date = 2026-12-05
language = "en"

[venues.room]
name = { zh = "棋室", en = "Club room" }
resources = { board = 8 }

[[venues.room.sessions]]
name = "am"
start = "08:00"
end = "18:00"

[events.wq]
name = { zh = "围棋", en = "Weiqi" }
sport = "weiqi"
[[events.wq.stages]]
name = "main"
format = "round_robin"

[events.gm]
name = { zh = "五子棋", en = "Gomoku" }
sport = "gomoku"
[[events.gm.stages]]
name = "main"
format = "round_robin"

[events.xq]
name = { zh = "象棋", en = "Xiangqi" }
sport = "xiangqi"
[[events.xq.stages]]
name = "main"
format = "round_robin"

[events.xk]
name = { zh = "象棋淘汰赛", en = "Xiangqi knockout" }
sport = "xiangqi"
[[events.xk.stages]]
name = "main"
format = "knockout"
"""

ENTRANTS = "event,name\n" + "".join(
    f"{event},{name}\n" for event in ("wq", "gm", "xq") for name in ("张伟", "王磊", "李强", "赵敏")
) + "xk,周杰\nxk,吴芳\n"


@pytest.fixture
def client(tmp_path: Path, settings) -> Iterator[TestClient]:
    folder = tmp_path / "boards"
    folder.mkdir()
    (folder / "meet.toml").write_text(BOARDS_TOML, encoding="utf-8")
    (folder / "entrants.csv").write_text(ENTRANTS, encoding="utf-8")
    meet = Meet(folder)
    import_entrants(meet, folder / "entrants.csv")
    for event in ("wq", "gm", "xq", "xk"):
        make_draw(meet, event, seed=1)
    with TestClient(create_app(folder, settings)) as found:
        yield found


def form(client: TestClient, event: str, number: int, lang: str = "en") -> tuple[tuple[str, str], str]:
    """The sides of the match as its entry form lists them, and the form's page (unescaped)."""
    site = client.app.state.site
    token = site.web.make_link(Scope("match", event=event, item=str(number)), 2, "test")[1]
    page = client.get(f"/entry/{token}/{event}/{number}?lang={lang}")
    assert page.status_code == 200
    text = html.unescape(page.text)
    sides = re.search(r'<p class="sides"><span>(.+?)</span> – <span>(.+?)</span></p>', text)
    assert sides is not None
    return (sides.group(1), sides.group(2)), text


@pytest.mark.parametrize("number", [1, 2])
def test_a_weiqi_form_says_the_first_listed_side_plays_black(client, number):
    (first, second), page = form(client, "wq", number)
    assert f"{first} plays Black and {second} White, as the match lists them (Weiqi 2002 Art. 10)." in page
    (first, second), page = form(client, "wq", number, "zh")
    assert f"按对阵所列顺序，{first}执黑，{second}执白（《中国围棋竞赛规则》2002 第10条）。" in page


def test_a_gomoku_form_says_who_plays_black_in_game_1_and_that_black_alternates(client):
    (first, second), page = form(client, "gm", 1)
    assert (
        f"{first} plays Black in game 1 and {second} in game 2, as the match lists them; Black alternates every game "
        "(college gomoku rules 2012 §2.2)." in page
    )
    (first, second), page = form(client, "gm", 1, "zh")
    assert f"按对阵所列顺序，第 1 局{first}执黑，第 2 局{second}执黑；此后每局轮换执黑" in page


def test_a_xiangqi_form_says_the_first_listed_side_plays_red(client):
    (first, second), page = form(client, "xq", 1)
    assert f"{first} plays red and {second} black, as the match lists them (CXA 2011 §12.1)." in page
    (first, second), page = form(client, "xq", 1, "zh")
    assert f"按对阵所列顺序，{first}执红，{second}执黑（CXA 2011 §12.1）。" in page


def test_a_xiangqi_knockout_form_says_colours_are_drawn_by_lot(client):
    _sides, page = form(client, "xk", 1)
    assert "Colours are drawn by lot at the table (CXA 2011 §12.4); the result says who drew red." in page
    assert "plays red" not in page
    _sides, page = form(client, "xk", 1, "zh")
    assert "先后手在台前抽签决定（CXA 2011 §12.4）；成绩中需写明哪一方抽到红方。" in page
