"""Wind readings on the heat sheet (World Athletics TR 17, TR 29; docs/athletics.md, "Wind"): a race of an event
with ``wind`` (the 100 m) has one reading for the heat, a long jump one with each trial; a reading is rounded up to
the next tenth in the positive direction (+2.03 → +2.1, −2.03 → −2.0). The high jump takes none."""

from __future__ import annotations

import re
from pathlib import Path

from starlette.testclient import TestClient

from podium.faces.web import create_app
from podium.journal.entries import Kind
from podium.services.meet import Meet

from .conftest import drawn_meet
from .test_heat_sheet import ATHLETICS
from .test_trials_sheet import Sheet, field  # noqa: F401 (the fixture)

RUNNERS = "event,name,unit,gender\nb100,张伟,一班,M\nb100,王磊,二班,M\nb100,李强,一班,M\n"


def winds(folder: Path, event: str) -> dict[str, str | None]:
    """The wind recorded with each performance, by the athlete's name."""
    state = Meet(folder).state()
    names = {key: e.name for key, e in state.event(event).entrants.items()}
    return {names[e.payload["entrant"]]: e.payload.get("wind") for e in state.journal if e.kind is Kind.PERFORMANCE and e.event == event}


class RaceSheet(Sheet):
    """The sheet of the 100 m's heat 1, on the stadium's link."""

    def __init__(self, client: TestClient) -> None:
        super().__init__(client, "b100")

    def send_wind(self, marks: dict[str, str], wind: str) -> object:
        keys = {name: key for key, name in re.findall(r'<input name="mark-([^"]+)"[^>]*aria-label="mark ([^"]+)"', self.text)}
        data = {"form": re.search(r'name="form" value="([^"]+)"', self.text).group(1), "wind": wind}
        data.update({f"mark-{keys[name]}": mark for name, mark in marks.items()})
        return self.client.post(self.url, data=data)


def test_a_race_sheet_takes_the_heats_wind_once_and_then_shows_it(tmp_path):
    """张伟 12.34 and 王磊 12.50 are sent with the wind +2.03: both performances carry +2.1, and the sheet, opened again
    for 李强, shows "wind +2.1 m/s" instead of the field."""
    folder = drawn_meet(tmp_path / "race", ATHLETICS, RUNNERS, "b100")
    with TestClient(create_app(folder)) as client:
        sheet = RaceSheet(client).open()
        assert 'name="wind"' in sheet.text
        assert sheet.send_wind({"张伟": "12.34", "王磊": "12.50"}, "+2.03").status_code == 200
        sheet.open()
    assert winds(folder, "b100") == {"张伟": "+2.1", "王磊": "+2.1"}
    assert "wind +2.1 m/s" in sheet.text and 'name="wind"' not in sheet.text


def test_a_wrong_race_wind_is_refused_as_the_heats_not_a_runners(tmp_path):
    """The wind 'abc': 422 with the sport's sentence, not put on a runner (no "张伟, lane …"), the wind field marked,
    nothing recorded."""
    folder = drawn_meet(tmp_path / "race", ATHLETICS, RUNNERS, "b100")
    with TestClient(create_app(folder)) as client:
        refused = RaceSheet(client).open().send_wind({"张伟": "12.34"}, "abc")
    assert refused.status_code == 422
    assert "<p>&#39;abc&#39; is not a wind reading; give metres per second like +1.2, -0.4 or 0.</p>" in refused.text
    assert re.search(r'<input id="wind" name="wind" value="abc"[^>]*aria-invalid="true"', refused.text)
    assert winds(folder, "b100") == {}


def test_each_long_jump_trial_takes_its_own_wind_and_a_wrong_one_is_named(field):  # noqa: F811
    """李娜's trial 1, 5.00, with −2.03 records −2.0; 赵敏's 4.50 without a reading records none. Then 李娜's trial 2 with
    a wind of 12 m/s is refused naming her, her wind field marked. A high jump's sheet has no wind field."""
    with TestClient(create_app(field)) as client:
        sheet = Sheet(client).open()
        keys = {name: key for key, name in re.findall(r'<input name="mark-([^"]+)"[^>]*aria-label="trial 1 ([^"]+)"', sheet.text)}
        form = re.search(r'name="form" value="([^"]+)"', sheet.text).group(1)
        data = {"form": form, f"mark-{keys['李娜']}": "5.00", f"wind-{keys['李娜']}": "-2.03", f"mark-{keys['赵敏']}": "4.50"}
        assert client.post(sheet.url, data=data).status_code == 200
        recorded = winds(field, "glj")
        sheet.open()
        place = re.search(r'<td class="num">(\d+)</td><td>李娜</td>', sheet.text).group(1)
        form = re.search(r'name="form" value="([^"]+)"', sheet.text).group(1)
        refused = client.post(sheet.url, data={"form": form, f"mark-{keys['李娜']}": "5.10", f"wind-{keys['李娜']}": "12", f"attempt-{keys['李娜']}": "2"})
        high_jump = Sheet(client, "ghj").open().text
    assert recorded == {"李娜": "-2.0", "赵敏": None}
    assert refused.status_code == 422
    assert f"李娜, No. {place} in the order: A wind of 12 m/s cannot be right: a gauge reads from -9.9 to +9.9." in refused.text
    assert re.findall(r'<input name="wind-[^"]+" value="([^"]*)"[^>]*aria-invalid="true"', refused.text) == ["12"]
    assert winds(field, "glj") == {"李娜": "-2.0", "赵敏": None}
    assert "wind" not in high_jump.split('class="entry heat-sheet"')[1]


def test_a_trial_s_wind_without_its_mark_is_refused_not_dropped(field):  # noqa: F811
    """赵敏's wind field has +1.0 but her mark field is empty, while 李娜's trial 1 is 5.00: the sheet is refused
    (422) naming 赵敏 and marking her wind field, and nothing is recorded; before, 李娜's mark was recorded and the
    reading silently lost."""
    with TestClient(create_app(field)) as client:
        sheet = Sheet(client).open()
        keys = {name: key for key, name in re.findall(r'<input name="mark-([^"]+)"[^>]*aria-label="trial 1 ([^"]+)"', sheet.text)}
        form = re.search(r'name="form" value="([^"]+)"', sheet.text).group(1)
        refused = client.post(sheet.url, data={"form": form, f"mark-{keys['李娜']}": "5.00", f"wind-{keys['赵敏']}": "+1.0"})
    assert refused.status_code == 422
    assert "赵敏: a wind reading goes with the mark of its trial; enter the mark too." in refused.text
    assert re.findall(r'<input name="wind-[^"]+" value="([^"]*)"[^>]*aria-invalid="true"', refused.text) == ["+1.0"]
    assert winds(field, "glj") == {}
