"""The public board (issue 17, "The public board"): events with their status, matches and standings with the tie
explanations, the order of play with now and next per table, medals and points, the big screen; each request in its
own language; names escaped; live updates noticed by one watcher."""

from __future__ import annotations

import asyncio
import re

import pytest
from starlette.testclient import TestClient

from podium.faces.web.site import Live
from podium.services.meet import Meet
from podium.services.results import record


def play(folder, *games: tuple[str, str, str]) -> None:
    meet = Meet(folder)
    for first, second, score in games:
        record(meet, "ms", [first, second], score)


CYCLE = (
    ("张伟", "王磊", "11-1 11-1 11-1"), ("张伟", "李强", "11-1 11-1 11-1"), ("张伟", "赵敏", "11-1 11-1 11-1"),
    ("王磊", "李强", "11-5 11-5 11-5"), ("李强", "赵敏", "11-5 11-5 11-5"), ("赵敏", "王磊", "11-5 5-11 11-5 11-5"),
)
"""张伟 wins all; 王磊, 李强 and 赵敏 beat one another in a circle: one win each, a three-way tie."""


def test_the_index_lists_every_event_with_where_it_stands(client, meet_folder):
    page = client.get("/")
    assert page.status_code == 200
    assert re.search(r'href="/events/ms">Men&#39;s singles</a>.*?draw made, no result yet</span>.*?0/6', page.text, re.S)
    play(meet_folder, CYCLE[0])
    assert re.search(r"in progress</span>.*?1/6", client.get("/").text, re.S)
    play(meet_folder, *CYCLE[1:])
    assert re.search(r"decided</span>.*?6/6", client.get("/").text, re.S)


def test_the_event_page_explains_the_three_way_tie(client, meet_folder):
    """ITTF 3.7.1.4: among 王磊, 李强 and 赵敏 (one win each) games decide: 王磊 3:3, 李强 3:3, 赵敏 3:4, so 赵敏 is
    fourth; 王磊 and 李强 are then separated by their own match, which 王磊 won."""
    play(meet_folder, *CYCLE)
    page = client.get("/events/ms").text
    rows = re.findall(r'<tr><td class="num">(\d=?)</td><td class="num muted">\d+</td><td>([^<]+)</td>(.*?)</tr>', page, re.S)
    assert [(place, name) for place, name, _rest in rows] == [("1", "张伟"), ("2", "王磊"), ("3", "李强"), ("4", "赵敏")]
    # the wall chart: 张伟 won every round 3 games to 0; 赵敏 beat 王磊 3:1 and lost to 张伟 and 李强 0:3
    assert re.findall(r"<strong>([^<]+)</strong>", rows[0][2]) == ["3:0", "3:0", "3:0"]
    assert sorted(re.findall(r"<strong>([^<]+)</strong>", rows[3][2])) == ["0:3", "0:3", "3:1"]
    lines = re.findall(r"<li>([^<]*above[^<]*)</li>", page)
    assert [line.split(":")[0] for line in lines] == ["王磊 above 李强", "李强 above 赵敏"]


def result_cell(page: str, number: int) -> str:
    """The result column of match ``number``'s row in the matches list of an event page or the big screen."""
    found = re.search(rf'id="match-{number}">.*?<td class="result">([^<]*)</td>', page, re.S)
    assert found is not None, page
    return found.group(1)


def test_a_result_reads_as_games_won_not_as_the_games_typed(client, meet_folder):
    """ITTF 2.12.1: a match is best of an odd number of games, won by the side that wins the majority. Match 1
    entered from its first side as "11-5 9-11 11-7 11-4": the first side won games 1, 3 and 4, so every board reads
    it as the printed draw sheet does, 3 games to 1: "3:1" on the event page, the big screen and the order of play,
    never the point scores the referee typed."""
    record(Meet(meet_folder), "ms", ["1"], "11-5 9-11 11-7 11-4")
    for path in ("/events/ms", "/board/screen?events=ms"):
        page = client.get(path).text
        assert result_cell(page, 1) == "3:1"
        assert "11-5 9-11 11-7 11-4" not in page
    plan = client.get("/schedule").text
    assert re.findall(r'<td class="num">1</td><td>[^<]*</td><td class="who">[^<]*</td><td class="result">([^<]*)</td>', plan) == ["3:1"]
    assert "11-5 9-11 11-7 11-4" not in plan


def test_the_order_of_play_shows_now_and_next_on_each_table(client, meet_folder):
    page = client.get("/schedule").text
    cards = re.findall(r'<div class="where">Sports hall · (Table \d)</div>\s*<div><span class="tag now">now</span> Men&#39;s singles #(\d+)', page)
    assert [table for table, _n in cards] == ["Table 1", "Table 2"]
    first_on_t1 = int(cards[0][1])
    play_number(meet_folder, first_on_t1)
    after = re.findall(r'<div class="where">Sports hall · Table 1</div>\s*<div><span class="tag now">now</span> Men&#39;s singles #(\d+)', client.get("/schedule").text)
    assert after and int(after[0]) != first_on_t1


def play_number(folder, number: int) -> None:
    record(Meet(folder), "ms", [str(number)], "11-9 11-9 11-9")


def test_medals_and_points_pages(client, meet_folder):
    assert "Unofficial — 1 event not decided" in client.get("/medals").text
    play(meet_folder, *CYCLE)
    medals = client.get("/medals").text
    assert "Unofficial" not in medals
    assert re.search(r"<td>一班</td>", medals)
    assert client.get("/points").status_code == 200


def test_the_big_screen_shows_the_chosen_boards(client):
    page = client.get("/board/screen?events=ms")
    assert page.status_code == 200
    assert page.text.count('class="slide"') == 1 and 'data-seconds="15"' in page.text
    assert client.get("/board/screen?events=Men's singles").text.count('class="slide"') == 1  # by name, as the CLI takes it


def test_the_big_screen_refuses_an_event_the_meet_does_not_have(client):
    """An unknown event is not left out (a screen showing less than asked looks like an event with nothing on): the
    page is refused as a page that does not exist, with the sentence naming it, in the reader's language."""
    page = client.get("/board/screen?events=ms,nosuch")
    assert page.status_code == 404
    assert "Unknown event &#39;nosuch&#39;; events of this meet: ms." in page.text
    assert 'class="slide"' not in page.text
    page = client.get("/board/screen?events=nosuch", headers={"Accept-Language": "zh-CN"})
    assert page.status_code == 404
    assert "未知项目“nosuch”；本赛事的项目有：ms。" in page.text


def test_language_by_switch_cookie_and_browser(client):
    assert "男子单打" in client.get("/", headers={"Accept-Language": "zh-CN,zh;q=0.9,en;q=0.8"}).text
    assert "Men&#39;s singles" in client.get("/", headers={"Accept-Language": "en-GB,en;q=0.9,zh;q=0.8"}).text
    switched = client.get("/?lang=zh")
    assert "podium_lang=zh" in switched.headers["set-cookie"]
    assert "男子单打" in client.get("/", headers={"Accept-Language": "en"}).text  # the switch is remembered
    assert "Men&#39;s singles" in client.get("/?lang=en").text


def test_each_request_in_its_own_language_at_once(meet_folder, settings):
    """Two requests served at the same moment in two threads, one in Chinese and one in English."""
    from concurrent.futures import ThreadPoolExecutor

    from podium.faces.web import create_app

    app = create_app(meet_folder, settings)

    def get(lang: str) -> str:
        return TestClient(app).get("/events/ms", headers={"Accept-Language": lang}).text  # each its own event loop

    with ThreadPoolExecutor(4) as pool:
        pages = list(pool.map(get, ["zh", "en"] * 4))
    assert all(("积分" in page) == (i % 2 == 0) for i, page in enumerate(pages))
    assert all(("Standings" in page) == (i % 2 == 1) for i, page in enumerate(pages))


HOSTILE = '<img src="file:///etc/passwd">'
TEMPLATE_CODE = "{{ 7*7 }}"
"""The printing issue's hostile names (tests/printing/test_safety.py): a tag and template code."""


def test_hostile_names_are_text_on_every_page(tmp_path):
    """An entrant called <img src="file:///etc/passwd"> or {{ 7*7 }} is shown as typed: escaped, never a tag, never
    evaluated (no 49), on the board, the order of play and an entry form."""
    from podium.faces.web import create_app
    from podium.services.entry_links import Scope
    from tests.web.conftest import ENTRANTS, MEET_TOML, drawn_meet

    hostile = HOSTILE.replace('"', '""')
    folder = drawn_meet(tmp_path / "meet", MEET_TOML, ENTRANTS.replace("张伟", f'"{hostile}"').replace("王磊", TEMPLATE_CODE), "ms")
    with TestClient(create_app(folder)) as client:
        token = client.app.state.site.web.make_link(Scope("venue", venue="gym"), 2, "gym")[1]
        pages = [client.get(path).text for path in ("/events/ms", "/schedule", "/board/screen", f"/entry/{token}")]
        pages += [client.get(f"/entry/{token}/ms/{number}").text for number in range(1, 7)]
    for page in pages[:4]:
        assert "&lt;img src=&#34;file:///etc/passwd&#34;&gt;" in page
        assert "{{ 7*7 }}" in page
    assert not any("<img src=\"file" in page or ">49<" in page for page in pages)


def test_health(client):
    assert client.get("/healthz").json() == {"ok": True, "entries": 2}  # entrants imported, ms drawn


def test_one_watcher_wakes_every_listener_when_the_journal_grows(meet_folder):
    meet = Meet(meet_folder)

    async def scenario() -> list[int]:
        live = Live(meet.last_entry, 0.02)
        await live.start()
        try:
            listeners = [asyncio.create_task(live.wait(2, 5)) for _ in range(3)]
            await asyncio.sleep(0.05)
            assert not any(task.done() for task in listeners)
            await asyncio.to_thread(record, meet, "ms", ["1"], "11-9 11-9 11-9")
            return await asyncio.wait_for(asyncio.gather(*listeners), 1)
        finally:
            await live.stop()

    assert asyncio.run(scenario()) == [3, 3, 3]


KNOCKOUT = """
[meet]
name = "Cup"
date = 2026-12-05
organiser = "PE department"
language = "en"

[events.cup]
name = "Cup"
sport = "table_tennis"

[[events.cup.stages]]
name = "ko"
format = "knockout"
"""


def test_a_knockout_has_its_bracket_round_by_round(tmp_path):
    """Four entrants: two semi-finals (#1, #2), then the final (#3) between their winners."""
    from podium.faces.web import create_app
    from tests.web.conftest import drawn_meet

    folder = drawn_meet(tmp_path / "cup", KNOCKOUT, "event,name\ncup,Ann\ncup,Bo\ncup,Cy\ncup,Di\n", "cup", seed=3)
    record(Meet(folder), "cup", ["1"], "11-9 11-9 11-9")
    with TestClient(create_app(folder)) as client:
        page = client.get("/events/cup").text
    columns = page.split('<div class="bracket-round">')[1:]
    assert [re.search(r'<div class="bracket-title">([^<]+)</div>', column).group(1) for column in columns] == ["semi-final", "final"]
    assert [re.findall(r'id="bracket-(\d+)"', column) for column in columns] == [["1", "2"], ["3"]]
    final = re.search(r'id="bracket-3">(.*?)</div>\s*</div>', page, re.S).group(1)
    winner = re.search(r'id="bracket-1">\s*<div class="winner"><span class="num">#1</span> (\w+)', page).group(1)
    assert winner in final and "winner of #2" in final


def test_the_big_screen_shows_a_knockouts_bracket_as_its_event_page_does(tmp_path):
    """A projector showing the cup (four entrants: semi-finals #1 and #2, final #3) shows its bracket, round by round,
    with #1's result under its winner, as the event's page does: a knockout is read on a wall by its bracket."""
    from podium.faces.web import create_app
    from tests.web.conftest import drawn_meet

    folder = drawn_meet(tmp_path / "cup", KNOCKOUT, "event,name\ncup,Ann\ncup,Bo\ncup,Cy\ncup,Di\n", "cup", seed=3)
    record(Meet(folder), "cup", ["1"], "5-11 11-9 7-11 4-11")
    with TestClient(create_app(folder)) as client:
        screen = client.get("/board/screen?events=cup").text
    columns = screen.split('<div class="bracket-round">')[1:]
    assert [re.search(r'<div class="bracket-title">([^<]+)</div>', column).group(1) for column in columns] == ["semi-final", "final"]
    assert bracket_box(screen, 1) == (1, "3:1")


def bracket_box(page: str, number: int) -> tuple[int | None, str]:
    """Which side (0 or 1) of match ``number``'s box in an event page's bracket is marked the winner, and the box's
    result."""
    box = re.search(rf'id="bracket-{number}">(.*?)</div>\s*</div>', page, re.S)
    assert box is not None, page
    sides = re.findall(r'<div class="(winner|)">', box.group(1))
    result = re.search(r'<div class="result">([^<]*)$', box.group(1))
    assert len(sides) == 2 and result is not None, box.group(1)
    return sides.index("winner") if "winner" in sides else None, result.group(1)


def test_a_bracket_reads_each_result_from_its_winners_side(tmp_path):
    """A bracket prints a result under its winner's name, from the winner's side, as the printed bracket does.
    #1 entered from its first side as "5-11 11-9 7-11 4-11": the second side won games 1, 3 and 4, 3 games to 1
    (ITTF 2.12.1), so its box reads "3:1" under the winner, while the matches list, side 1 then side 2, reads it
    from the first side: "1:3". #2 entered as "w/o 1": the first side did not play and the second wins by walkover;
    the box reads the winner's "+" first, "+:− walkover", and the list the first side's "−:+ walkover" (the
    CXA 2011 §20.3 marks of a result given for an absent side)."""
    from podium.faces.web import create_app
    from tests.web.conftest import drawn_meet

    folder = drawn_meet(tmp_path / "cup", KNOCKOUT, "event,name\ncup,Ann\ncup,Bo\ncup,Cy\ncup,Di\n", "cup", seed=3)
    meet = Meet(folder)
    record(meet, "cup", ["1"], "5-11 11-9 7-11 4-11")
    record(meet, "cup", ["2"], "w/o 1")
    with TestClient(create_app(folder)) as client:
        page = client.get("/events/cup").text
    assert bracket_box(page, 1) == (1, "3:1")
    assert bracket_box(page, 2) == (1, "+:− walkover")
    assert (result_cell(page, 1), result_cell(page, 2)) == ("1:3", "−:+ walkover")
    assert "5-11 11-9 7-11 4-11" not in page


def test_a_missing_page_and_an_unforeseen_problem_are_said_in_the_readers_language(meet_folder, monkeypatch, caplog):
    from podium.faces.web import board, create_app

    app = create_app(meet_folder)
    with TestClient(app, raise_server_exceptions=False) as client:
        missing = client.get("/no/such/page?lang=zh")  # an event not there is named: test_places_and_not_found
        assert missing.status_code == 404 and "此页面不存在。" in missing.text

        def broken(*args, **kwargs):
            raise RuntimeError("a bug")

        monkeypatch.setattr(board, "on_tables", broken)
        crashed = client.get("/schedule?lang=en")
    assert crashed.status_code == 500
    assert "Podium stopped on a problem it did not expect" in crashed.text and "a bug" not in crashed.text
    assert "RuntimeError: a bug" in caplog.text


def test_medals_are_shown_per_division_when_units_have_divisions(podium, tmp_path):
    """The secondary-school meet ranks its classes per grade (``division`` of each unit in its meet.toml: Grade 7, 8
    and 9), so the medal and points pages show one table per grade, as ``podium medals`` does."""
    from podium.faces.web import create_app

    podium(None, "--lang", "en", "init", str(tmp_path / "ss"), "--template", "secondary-school")
    podium(tmp_path / "ss", "entrants", "import", str(tmp_path / "ss" / "entrants.csv"))
    with TestClient(create_app(tmp_path / "ss")) as client:
        for path in ("/medals", "/points"):
            assert re.findall(r"<h2>([^<]+)</h2>", client.get(path).text) == ["Grade 7", "Grade 8", "Grade 9"]


def test_a_board_is_made_once_however_many_readers_ask_at_once_and_again_only_when_its_event_changes(meet_folder, settings):
    """Eight readers asking for a board that is not made yet wait for the one making it (one make, eight equal
    answers); asked again with the same version it is not made again; a new version (the event's next entry) makes
    it once more. A make that fails keeps nothing, and the next reader makes it."""
    import threading
    import time

    from podium.faces.web.site import Site

    site = Site(meet_folder, settings)
    made: list[int] = []

    def make() -> str:
        made.append(1)
        time.sleep(0.05)  # long enough for every reader to arrive while it is being made
        return f"board {len(made)}"

    answers: list[str] = []
    readers = [threading.Thread(target=lambda: answers.append(site.cached("board:ms", make, version=7))) for _ in range(8)]
    for reader in readers:
        reader.start()
    for reader in readers:
        reader.join()
    assert (len(made), answers) == (1, ["board 1"] * 8)
    assert site.cached("board:ms", make, version=7) == "board 1"
    assert site.cached("board:ms", make, version=8) == "board 2"

    def broken() -> str:
        raise RuntimeError("the disk is gone")

    with pytest.raises(RuntimeError):
        site.cached("board:ws", broken, version=1)
    assert site.cached("board:ws", make, version=1) == "board 3"


def test_a_request_the_server_does_not_serve_is_one_sentence_in_the_readers_language(client):
    """A form's address opened as a page (405, with the methods it takes), a form that cannot be read (400): the
    sentence of the page in the reader's language, never the server's English word."""
    wrong = client.get("/desk/draw?lang=zh")
    assert wrong.status_code == 405 and wrong.headers["allow"] == "POST"
    assert "这个地址不接受这种请求；请从本网站的页面打开它。" in wrong.text and "Method Not Allowed" not in wrong.text
    cut = client.post("/desk/draw?lang=en", content=b"--x", headers={"content-type": "multipart/form-data"})
    assert cut.status_code == 400 and "This request could not be read; send the form again from its page." in cut.text
