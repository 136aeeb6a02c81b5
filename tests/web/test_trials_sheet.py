"""The heat sheet of a jump or throw through the whole competition: each athlete with trials left gets a field for
the next trial, the trials recorded so far in the row; after the cut (World Athletics TR 25.5) only the best go on,
in the reverse order of their ranking, the best last. A high jump's row shows its series, and while the athlete is still
in (World Athletics TR 26) a field for the next heights.

The flight below: three long jumpers, three trials each, then three more for the best two (``final_trials = true``,
``final_best = 2``). The marks are chosen so that the ranking after three trials is plain: 王芳 5.20, 李娜 5.00,
赵敏 4.70; so 王芳 and 李娜 go on, 赵敏 does not, and trial 4 is taken by 李娜 first, 王芳 last (the best last).
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from podium.faces.web import create_app
from podium.journal.entries import Kind
from podium.services.entry_links import Scope
from podium.services.meet import Meet

from .conftest import drawn_meet
from .test_heat_sheet import ATHLETICS

FIELD = ATHLETICS.replace("resources = { track = 1 }", "resources = { track = 1, pit = 1 }") + """
[events.glj]
name = { zh = "女子跳远", en = "Girls' long jump" }
sport = "athletics"
game = "long_jump"
schedule = { resource = "pit" }
rules = { final_trials = true, final_best = 2 }

[events.ghj]
name = { zh = "女子跳高", en = "Girls' high jump" }
sport = "athletics"
game = "high_jump"
schedule = { resource = "pit" }
"""

ENTRANTS = "event,name,unit,gender\nglj,李娜,一班,F\nglj,赵敏,二班,F\nglj,王芳,一班,F\nghj,刘洋,一班,F\nghj,陈静,二班,F\n"


@pytest.fixture
def field(tmp_path: Path) -> Path:
    folder = drawn_meet(tmp_path / "field", FIELD, ENTRANTS, "glj")
    from podium.services.draws import make_draw

    make_draw(Meet(folder), "ghj", seed=1)
    return folder


def recorded(folder: Path, event: str = "glj") -> dict[str, dict[int, str]]:
    """Each athlete's recorded trials by number, as the journal holds them."""
    state = Meet(folder).state()
    names = {key: e.name for key, e in state.event(event).entrants.items()}
    found: dict[str, dict[int, str]] = {}
    for entry in state.journal:
        if entry.kind is Kind.PERFORMANCE and entry.event == event:
            facts = entry.payload
            found.setdefault(names[facts["entrant"]], {})[facts["attempt"]] = facts.get("value") or facts.get("status")
    return found


class Sheet:
    """A referee's phone on the venue's link: opens the sheet of heat 1 of an event and sends it."""

    def __init__(self, client: TestClient, event: str = "glj") -> None:
        self.client, self.event = client, event
        self.token = client.app.state.site.web.make_link(Scope("venue", venue="stadium"), 2, "pit")[1]
        self.text = ""

    @property
    def url(self) -> str:
        return f"/entry/{self.token}/{self.event}/1"

    def open(self) -> Sheet:
        self.text = self.client.get(self.url).text
        return self

    def rows(self) -> list[str]:
        """The names of the rows, top to bottom."""
        return re.findall(r'<tr><td class="num">\d+</td><td>([^<]+)</td>', self.text)

    def fields(self) -> dict[str, str]:
        """Who has a field on the sheet, and for which trial."""
        return {name: trial for trial, name in re.findall(r'<input name="mark-[^"]+"[^>]*aria-label="trial (\d+) ([^"]+)"', self.text)}

    def trials(self) -> dict[str, str]:
        """The trials each row shows as recorded."""
        return dict(re.findall(r'<td>([^<]+)</td>\s*<td class="result trials">([^<]*)</td>', self.text))

    def send(self, marks: dict[str, str]) -> object:
        """The sheet as it was opened, with ``marks`` typed into the fields of those athletes."""
        keys = {name: key for key, name in re.findall(r'<input name="mark-([^"]+)"[^>]*aria-label="[^"]*? ([^" ]+)"', self.text)}
        data = {"form": re.search(r'name="form" value="([^"]+)"', self.text).group(1)}
        data.update(dict(re.findall(r'<input type="hidden" name="((?:attempt|series)-[^"]+)" value="([^"]*)"', self.text)))
        data.update({f"mark-{keys[name]}": mark for name, mark in marks.items()})
        return self.client.post(self.url, data=data)


def test_after_the_first_trial_every_jumper_gets_a_field_for_the_second(field):
    """All three jump once and the sheet is sent: opened again, it shows each jumper's first trial and a field for
    trial 2 for each (three trials each at least), and the venue's link still lists the flight."""
    with TestClient(create_app(field)) as client:
        sheet = Sheet(client).open()
        assert sheet.fields() == {"李娜": "1", "赵敏": "1", "王芳": "1"}
        assert sheet.send({"李娜": "5.00", "赵敏": "4.50", "王芳": "X"}).status_code == 200
        sheet.open()
        listed = client.get(f"/entry/{sheet.token}").text
    assert sheet.fields() == {"李娜": "2", "赵敏": "2", "王芳": "2"}
    assert sheet.trials() == {"李娜": "5.00", "赵敏": "4.50", "王芳": "X"}
    assert f'href="/entry/{sheet.token}/glj/1"' in listed
    assert recorded(field) == {"李娜": {1: "5.00"}, "赵敏": {1: "4.50"}, "王芳": {1: "NR"}}


def test_trials_four_to_six_go_to_the_best_two_the_best_last(field):
    """After three trials (王芳 5.20, 李娜 5.00, 赵敏 4.70) the sheet lists 李娜 then 王芳 with a field for trial 4,
    then 赵敏 without one (TR 25.5). 李娜's fourth is sent alone: she then has trial 5, 王芳 still trial 4."""
    rounds = [
        {"李娜": "5.00", "赵敏": "4.50", "王芳": "5.20"},
        {"李娜": "X", "赵敏": "4.60", "王芳": "X"},
        {"李娜": "X", "赵敏": "4.70", "王芳": "X"},
    ]
    with TestClient(create_app(field)) as client:
        sheet = Sheet(client)
        for marks in rounds:
            assert sheet.open().send(marks).status_code == 200
        sheet.open()
        after_cut = (sheet.rows(), sheet.fields(), sheet.trials())
        assert sheet.send({"李娜": "5.10"}).status_code == 200
        sheet.open()
    rows, fields, trials = after_cut
    assert rows == ["李娜", "王芳", "赵敏"]
    assert fields == {"李娜": "4", "王芳": "4"}
    assert trials == {"李娜": "5.00 X X", "王芳": "5.20 X X", "赵敏": "4.50 4.60 4.70"}
    assert sheet.fields() == {"李娜": "5", "王芳": "4"}
    assert recorded(field)["李娜"] == {1: "5.00", 2: "NR", 3: "NR", 4: "5.10"}


def test_a_jumper_waits_for_the_cut_and_one_outside_it_is_refused_by_name(field):
    """李娜 has made her three trials, the others two: she has no field until the cut is made (trial 4 comes after
    it), the others have trial 3. Once all have three, a hand-made form giving 赵敏 (outside the best two) a fourth
    trial is refused with one sentence naming her, 422, and nothing is recorded."""
    with TestClient(create_app(field)) as client:
        sheet = Sheet(client)
        sheet.open().send({"李娜": "5.00", "赵敏": "4.50", "王芳": "5.20"})
        sheet.open().send({"李娜": "X", "赵敏": "4.60", "王芳": "X"})
        sheet.open().send({"李娜": "X"})
        waiting = sheet.open().fields()
        sheet.send({"赵敏": "4.70", "王芳": "X"})
        sheet.open()
        zhao = re.search(r'<td class="num">(\d+)</td><td>赵敏</td>', sheet.text).group(1)
        key = next(k for k, e in Meet(field).state().event("glj").entrants.items() if e.name == "赵敏")
        form = re.search(r'name="form" value="([^"]+)"', sheet.text).group(1)
        refused = client.post(sheet.url, data={"form": form, f"mark-{key}": "4.90", f"attempt-{key}": "4"})
    assert waiting == {"赵敏": "3", "王芳": "3"}
    assert refused.status_code == 422
    assert f"赵敏, No. {zhao} in the order: 赵敏 is not among the best 2 after 3 attempts, so has no further attempts." in refused.text
    assert 4 not in recorded(field)["赵敏"]


def test_two_referees_on_one_trial_the_second_is_told_and_nothing_goes_to_the_next_trial(field):
    """Both referees open the sheet showing trial 2. The first sends 李娜 5.10; the second, on the older sheet, sends
    李娜 5.30 for the same trial 2: HTTP 409, and 5.30 is not recorded as her trial 3."""
    with TestClient(create_app(field)) as client:
        first = Sheet(client)
        first.open().send({"李娜": "5.00", "赵敏": "4.50", "王芳": "5.20"})
        second = Sheet(client)
        first.open(), second.open()
        assert first.send({"李娜": "5.10"}).status_code == 200
        late = second.send({"李娜": "5.30"})
    assert late.status_code == 409
    assert recorded(field)["李娜"] == {1: "5.00", 2: "5.10"}


def test_a_high_jumpers_row_shows_the_series_and_no_field_once_it_is_in(field):
    """刘洋's series 1.30:O 1.35:XO 1.40:XXX is sent: her row shows it (and 1.35, her best) without a field; 陈静,
    who has none yet, keeps hers."""
    with TestClient(create_app(field)) as client:
        sheet = Sheet(client, "ghj").open()
        keys = dict((name, key) for key, name in re.findall(r'<input name="mark-([^"]+)"[^>]*aria-label="mark ([^"]+)"', sheet.text))
        form = re.search(r'name="form" value="([^"]+)"', sheet.text).group(1)
        assert client.post(sheet.url, data={"form": form, f"mark-{keys['刘洋']}": "1.30:O 1.35:XO 1.40:XXX"}).status_code == 200
        sheet.open()
    assert re.search(r"<td>刘洋</td>\s*<td class=\"result\">1\.35 <span class=\"muted\">1\.30:O 1\.35:XO 1\.40:XXX</span></td>", sheet.text)
    assert re.findall(r'aria-label="mark ([^"]+)"', sheet.text) == ["陈静"]


def series(folder: Path) -> dict[str, str]:
    """Each high jumper's series as the journal now holds it."""
    return {name: trials[1] for name, trials in recorded(folder, "ghj").items()}


def test_a_high_jumper_still_in_gets_a_field_for_the_next_heights(field):
    """刘洋 clears 1.30: she is still in, so her row shows 1.30:O and a field for the next heights. 1.35:XO sent there
    is added (the answer says so and the journal holds the whole series); after 1.40:XXX she is out (TR 26): no field."""
    with TestClient(create_app(field)) as client:
        sheet = Sheet(client, "ghj").open()
        sheet.send({"刘洋": "1.30:O"})
        sheet.open()
        shown = re.search(r'<td>刘洋</td>\s*<td><span class="result">([^<]*)<span class="muted series">([^<]*)</span>', sheet.text)
        fields = re.findall(r'aria-label="([^"]+)"', sheet.text)
        answer = sheet.send({"刘洋": "1.35:XO"})
        after_one = series(field)
        sheet.open().send({"刘洋": "1.40:XXX"})
        sheet.open()
    assert shown.groups() == ("1.30 ", "1.30:O")
    assert "next heights 刘洋" in fields and "mark 陈静" in fields
    assert answer.status_code == 200
    assert "Heat 1: 1 mark recorded. 1.35:XO added to 刘洋's series, which is now 1.30:O 1.35:XO (mark 1.35)." in html.unescape(answer.text)
    assert after_one == {"刘洋": "1.30:O 1.35:XO"}
    assert series(field) == {"刘洋": "1.30:O 1.35:XO 1.40:XXX"}
    assert "刘洋" not in re.findall(r'aria-label="[^"]* ([^" ]+)"', sheet.text)


def test_the_answer_to_a_high_jumpers_next_heights_reads_as_chinese_is_written(field):
    """The same answer in Chinese: its two sentences follow each other with no space after the first's 。, and 刘洋's
    name meets 的 without a space, while a mark beside Chinese keeps its space."""
    with TestClient(create_app(field)) as client:
        client.get("/?lang=zh")
        sheet = Sheet(client, "ghj").open()
        sheet.send({"刘洋": "1.30:O"})
        answer = sheet.open().send({"刘洋": "1.35:XO"})
    assert answer.status_code == 200
    assert "第 1 组：已记录 1 个成绩。刘洋的试跳记录加上 1.35:XO，现为 1.30:O 1.35:XO（成绩 1.35）。" in html.unescape(answer.text)


def test_next_heights_that_do_not_go_on_are_refused_by_name(field):
    """刘洋 has 1.30:O 1.35:XO: 1.35:O goes back to a height recorded (a correction, which the sheet does not make), and
    1.40:XX leaves her an attempt at 1.40; each is refused with one sentence naming her, 422, nothing recorded."""
    with TestClient(create_app(field)) as client:
        sheet = Sheet(client, "ghj").open()
        sheet.send({"刘洋": "1.30:O"})
        sheet.open().send({"刘洋": "1.35:XO"})
        sheet.open()
        place = re.search(r'<td class="num">(\d+)</td><td>刘洋</td>', sheet.text).group(1)
        back, open_height = sheet.send({"刘洋": "1.35:O"}), sheet.send({"刘洋": "1.40:XX"})
    assert (back.status_code, open_height.status_code) == (422, 422)
    assert f"<p>刘洋, No. {place} in the order: 刘洋 already has 1.30:O 1.35:XO in heat 1.</p>" in back.text
    assert (
        f"<p>刘洋, No. {place} in the order: The series stops at 1.40 m with attempts left; add the remaining attempts, a "
        "pass (-) or r (retired).</p>"
    ) in open_height.text
    assert series(field) == {"刘洋": "1.30:O 1.35:XO"}


def test_two_referees_on_one_height_the_second_is_told_and_nothing_is_added(field):
    """Both referees open the sheet showing 刘洋's 1.30:O. The first sends 1.35:O; the second, on the older sheet, sends
    1.35:XO for the same height: HTTP 409, and the series stays 1.30:O 1.35:O."""
    with TestClient(create_app(field)) as client:
        Sheet(client, "ghj").open().send({"刘洋": "1.30:O"})
        first, second = Sheet(client, "ghj").open(), Sheet(client, "ghj").open()
        assert first.send({"刘洋": "1.35:O"}).status_code == 200
        late = second.send({"刘洋": "1.35:XO"})
    assert late.status_code == 409
    assert series(field) == {"刘洋": "1.30:O 1.35:O"}


def test_a_high_jump_sheet_shows_how_a_series_is_written_before_its_first_entry(field):
    """Before anything is recorded, each high jumper's field shows how a series is typed, as the field for the next
    heights does once she has one (``next heights, like 1.35:XO``), in English and in Chinese; a long jumper's field
    shows its trial instead."""
    with TestClient(create_app(field)) as client:
        url = Sheet(client, "ghj").url
        english, chinese = client.get(f"{url}?lang=en").text, client.get(f"{url}?lang=zh").text
        long_jump = client.get(f"{Sheet(client).url}?lang=en").text
    hints = r'<input name="mark-[^"]+"[^>]*placeholder="([^"]*)"'
    assert re.findall(hints, english) == ["next heights, like 1.35:XO"] * 2  # 刘洋 and 陈静
    assert re.findall(hints, chinese) == ["后续高度，如 1.35:XO"] * 2
    assert re.findall(hints, long_jump) == ["trial 1"] * 3
