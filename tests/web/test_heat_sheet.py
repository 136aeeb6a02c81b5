"""A heat sheet for measured events (issue 17, "measured events get a heat sheet form"): every lane of a heat at
once, through the same performance service as ``podium perf``; all or nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from podium.faces.web import create_app
from podium.journal.entries import Kind
from podium.services.entry_links import Scope
from podium.services.meet import Meet

from .conftest import drawn_meet

ATHLETICS = """
[meet]
name = { zh = "田径测试", en = "Athletics test" }
date = 2026-12-05
organiser = "PE department"
language = "en"

[units]
c1 = "一班"
c2 = "二班"

[venues.stadium]
name = { zh = "田径场", en = "Stadium" }
resources = { track = 1 }
lanes = { track = 8 }

[[venues.stadium.sessions]]
name = "am"
start = "08:00"
end = "11:30"

[events.b100]
name = { zh = "男子100米", en = "Boys' 100 m" }
sport = "athletics"
game = "sprint_100"
schedule = { resource = "track" }
"""


@pytest.fixture
def track(tmp_path: Path) -> Path:
    entrants = "event,name,unit,gender\nb100,张伟,一班,M\nb100,王磊,二班,M\nb100,李强,一班,M\nb100,赵敏,二班,M\n"
    return drawn_meet(tmp_path / "athletics", ATHLETICS, entrants, "b100")


def marks(folder: Path) -> dict[str, str]:
    state = Meet(folder).state()
    names = {key: e.name for key, e in state.event("b100").entrants.items()}
    return {names[e.payload["entrant"]]: e.payload.get("value") or e.payload.get("status") for e in state.journal if e.kind is Kind.PERFORMANCE}


def test_a_heat_sheet_records_every_lane_at_once_or_nothing(track):
    with TestClient(create_app(track)) as client:
        token = client.app.state.site.web.make_link(Scope("venue", venue="stadium"), 2, "track")[1]
        form = client.get(f"/entry/{token}/b100/1")
        assert form.status_code == 200
        field = {name: key for key, name in re.findall(r'<input name="(mark-[^"]+)"[^>]*aria-label="mark ([^"]+)"', form.text)}
        assert sorted(field) == sorted(["张伟", "王磊", "李强", "赵敏"])  # every lane of the heat
        key = re.search(r'name="form" value="([^"]+)"', form.text).group(1)
        data = {"form": key, field["张伟"]: "12.34", field["王磊"]: "12.50", field["李强"]: "12.80", field["赵敏"]: "abc"}
        refused = client.post(f"/entry/{token}/b100/1", data=data)
        assert refused.status_code == 422
        assert "&#39;abc&#39; is not a time; write it like 12.34 (seconds), 1:02.5 (minutes:seconds) or 1分02秒5." in refused.text
        assert marks(track) == {}  # all or nothing
        data[field["赵敏"]] = ""
        data[field["赵敏"].replace("mark-", "status-")] = "DNF"
        done = client.post(f"/entry/{token}/b100/1", data={**data, "form": re.search(r'name="form" value="([^"]+)"', refused.text).group(1)})
        assert done.status_code == 200 and "Heat 1: 4 marks recorded." in done.text
        board = client.get("/events/b100").text
    assert marks(track) == {"张伟": "12.34", "王磊": "12.50", "李强": "12.80", "赵敏": "DNF"}
    places = re.findall(r"<td>([^<]+)</td><td>[^<]*</td><td class=\"result\">([^<]*?)\s", board)
    # a hand time is rounded up to the next tenth (World Athletics TR 19): 12.34 shows as 12.4
    assert places[:3] == [("张伟", "12.4"), ("王磊", "12.5"), ("李强", "12.8")]


def test_a_chinese_heat_sheet_and_board_word_the_statuses(track):
    """In Chinese the sheet's status choices read 弃权, 未完成, 取消资格 and send DNS, DNF, DQ; 弃权 typed as a mark is
    DNS; the Chinese board shows the words, the English board the codes, and the journal keeps the codes."""
    with TestClient(create_app(track)) as client:
        token = client.app.state.site.web.make_link(Scope("venue", venue="stadium"), 2, "track")[1]
        sheet = client.get(f"/entry/{token}/b100/1?lang=zh").text
        assert '<option value="DNS">弃权</option><option value="DNF">未完成</option><option value="DQ">取消资格</option>' in sheet
        field = {name: key for key, name in re.findall(r'<input name="(mark-[^"]+)"[^>]*aria-label="成绩 ([^"]+)"', sheet)}
        data = {"form": re.search(r'name="form" value="([^"]+)"', sheet).group(1), field["张伟"]: "12.34", field["李强"]: "弃权"}
        data[field["赵敏"].replace("mark-", "status-")] = "DNF"
        assert client.post(f"/entry/{token}/b100/1?lang=zh", data=data).status_code == 200
        chinese, english = client.get("/events/b100?lang=zh").text, client.get("/events/b100?lang=en").text
    assert marks(track) == {"张伟": "12.34", "李强": "DNS", "赵敏": "DNF"}
    assert re.search(r'<td>李强</td><td>[^<]*</td><td class="result">弃权\s', chinese)
    assert re.search(r'<td>赵敏</td><td>[^<]*</td><td class="result">未完成\s', chinese)
    assert re.search(r'<td>李强</td><td>[^<]*</td><td class="result">DNS\s', english)
    assert re.search(r'<td>赵敏</td><td>[^<]*</td><td class="result">DNF\s', english)


def test_two_referees_on_one_heat_the_second_sees_the_heat_as_it_stands(track):
    """Two referees open the sheet of heat 1. The first records 张伟 12.34; the second, on the older sheet, sends 张伟
    12.00: 409, the heat as stored (张伟 12.34, a hand time shown to the tenth above: 12.4), nothing more recorded,
    and no command-line option in the answer."""
    with TestClient(create_app(track)) as client:
        token = client.app.state.site.web.make_link(Scope("venue", venue="stadium"), 2, "track")[1]
        sheets = [client.get(f"/entry/{token}/b100/1").text for _ in range(2)]
        keys = [re.search(r'name="form" value="([^"]+)"', sheet).group(1) for sheet in sheets]
        field = re.search(r'<input name="(mark-[^"]+)"[^>]*aria-label="mark 张伟"', sheets[0]).group(1)
        assert client.post(f"/entry/{token}/b100/1", data={"form": keys[0], field: "12.34"}).status_code == 200
        second = client.post(f"/entry/{token}/b100/1", data={"form": keys[1], field: "12.00"})
    assert second.status_code == 409
    assert "Another referee entered marks in heat 1 first; nothing more was recorded." in second.text
    assert re.search(r"<td>张伟</td><td class=\"result\">12\.4", second.text)
    assert "--reason" not in second.text
    assert marks(track) == {"张伟": "12.34"}


def test_an_event_whose_heat_has_some_marks_is_in_progress_on_the_board(track):
    """张伟's 12.34 is the only mark of heat 1 (three runners to come): the heat is not finished (0 of 1 heats
    played), but the event has results, so the board says "in progress", not "draw made, no result yet"."""
    from podium.measure.sport import PerformanceInput
    from podium.services.performances import record_performances

    meet = Meet(track)
    record_performances(meet, "b100", [("张伟", PerformanceInput(text="12.34"), None)])
    with TestClient(create_app(track)) as client:
        index = client.get("/").text
        event = client.get("/events/b100").text
    assert re.search(r'Boys&#39; 100 m</a></td>\s*<td><span class="badge in_progress">in progress</span></td>\s*<td class="num">0/1</td>', index)
    assert '<span class="badge in_progress">in progress</span>' in event


JUMPS = ATHLETICS.replace("resources = { track = 1 }", "resources = { track = 1, pit = 1 }") + """
[events.glj]
name = { zh = "女子跳远", en = "Girls' long jump" }
sport = "athletics"
game = "long_jump"
schedule = { resource = "pit" }
"""


def test_a_jump_lists_its_jumpers_by_their_order_of_trials_not_by_lane(tmp_path):
    """Long jumpers have no lanes: they jump in a drawn order (World Athletics TR 25.4), so the board's heat table
    and the heat sheet head that column "order" (顺序), as ``podium matches`` does, not "lane" (道次)."""
    entrants = "event,name,unit,gender\nglj,李娜,一班,F\nglj,赵敏,二班,F\nglj,王芳,一班,F\n"
    folder = drawn_meet(tmp_path / "jumps", JUMPS, entrants, "glj")
    with TestClient(create_app(folder)) as client:
        token = client.app.state.site.web.make_link(Scope("venue", venue="stadium"), 2, "pit")[1]
        pages = {
            "board": client.get("/events/glj").text, "sheet": client.get(f"/entry/{token}/glj/1").text,
            "板": client.get("/events/glj?lang=zh").text, "表": client.get(f"/entry/{token}/glj/1?lang=zh").text,
        }
    for name in ("board", "sheet"):
        assert '<th class="num">order</th>' in pages[name] and ">lane<" not in pages[name], name
    for name in ("板", "表"):
        assert '<th class="num">顺序</th>' in pages[name] and ">道次<" not in pages[name], name


def test_a_refused_mark_on_the_heat_sheet_names_the_runner_and_lane_it_is_for(track):
    """Four lanes are sent and 赵敏's mark is 'abc': the sentence says whose mark it is (赵敏 and the lane the sheet
    shows for him), in English and in Chinese, and only his field is marked as the wrong one."""
    with TestClient(create_app(track)) as client:
        token = client.app.state.site.web.make_link(Scope("venue", venue="stadium"), 2, "track")[1]
        answers = {}
        for lang in ("en", "zh"):
            sheet = client.get(f"/entry/{token}/b100/1?lang={lang}").text
            lanes = dict(re.findall(r'<td class="num">(\d+)</td><td>([^<]+)</td>', sheet))
            lane = next(number for number, name in lanes.items() if name == "赵敏")
            field = {name: key for key, name in re.findall(r'<input name="(mark-[^"]+)"[^>]*aria-label="[^"]*?\s?([^"\s]+)"', sheet)}
            data = {"form": re.search(r'name="form" value="([^"]+)"', sheet).group(1), field["张伟"]: "12.34", field["赵敏"]: "abc"}
            answers[lang] = (lane, client.post(f"/entry/{token}/b100/1?lang={lang}", data=data))
    lane, english = answers["en"]
    assert english.status_code == 422
    assert f"赵敏, lane {lane}: &#39;abc&#39; is not a time; write it like 12.34 (seconds)" in english.text
    assert re.findall(r'<input name="mark-[^"]+" value="([^"]*)"[^>]*aria-invalid="true"', english.text) == ["abc"]
    lane, chinese = answers["zh"]
    assert chinese.status_code == 422
    assert f"赵敏（第 {lane} 道）：“abc”不是时间" in chinese.text
    assert marks(track) == {}


def test_a_jumps_heat_sheet_opens_a_keyboard_with_letters_a_races_the_number_pad(track, tmp_path):
    """A long jumper's foul is X and a high jump's series 1.30:O 1.35:XO (``podium perf lj 李娜 X``): a phone's
    number pad (inputmode decimal) has no X, O or colon, so a jump's mark fields ask for text; a race's times are
    digits and a point (12.34), so its fields keep the number pad."""
    entrants = "event,name,unit,gender\nglj,李娜,一班,F\nglj,赵敏,二班,F\n"
    jumps = drawn_meet(tmp_path / "jumps", JUMPS, entrants, "glj")
    sheets = {}
    for folder, event, resource in ((track, "b100", "track"), (jumps, "glj", "pit")):
        with TestClient(create_app(folder)) as client:
            token = client.app.state.site.web.make_link(Scope("venue", venue="stadium"), 2, resource)[1]
            sheets[event] = client.get(f"/entry/{token}/{event}/1").text
    assert set(re.findall(r'<input name="mark-[^"]+" value="" inputmode="(\w+)"', sheets["glj"])) == {"text"}
    assert set(re.findall(r'<input name="mark-[^"]+" value="" inputmode="(\w+)"', sheets["b100"])) == {"decimal"}


def test_a_race_with_no_mark_yet_says_so_instead_of_an_empty_ranking(track):
    """Before the first heat is run the board's ranking has no row: it says that no mark is in yet, rather than a
    table with headings and nothing under them; with the first marks the ranking is there."""
    from podium.measure.sport import PerformanceInput
    from podium.services.performances import record_performance

    with TestClient(create_app(track)) as client:
        before = client.get("/events/b100?lang=zh").text
        assert "尚无成绩：录入第一批成绩后显示排名。" in before
        assert before.count('<table class="list">') == 0  # the heats' lane lists are tables of more classes
        record_performance(Meet(track), "b100", "张伟", PerformanceInput(text="12.34"))
        after = client.get("/events/b100?lang=zh").text
        assert "尚无成绩" not in after and re.search(r"<td>张伟</td><td>一班</td><td class=\"result\">12\.4", after)
