"""Views kept between commands (podium.services.kept_views): ``podium standings`` is read back while nothing it was
made from changed, and made again as soon as something did.

Two table-tennis singles events of two players each, best of 3, ITTF match points (win 2, loss 1, ITTF 3.7.5.1):
ms is Alan against Bo, ws is Cui against Dai; each event has one match, entered by the players' names.
"""

from __future__ import annotations

import json
import os
import pickle
import shutil

import pytest

from podium.services import kept_files
from podium.services import standings as standings_service
from tests.hostile import RunsCommand

PLAYERS = """\
event,name,gender,unit,bib
ms,Alan,M,Class 1,1
ms,Bo,M,Class 2,2
ws,Cui,F,Class 1,3
ws,Dai,F,Class 2,4
"""

MEET = """
[meet]
name = "Test meet"
language = "en"

[units]
c1 = "Class 1"
c2 = "Class 2"

[events.ms]
name = "{ms_name}"
sport = "table_tennis"

[[events.ms.stages]]
name = "main"
format = "round_robin"

[events.ms.rules]
best_of = 3

[events.ws]
name = "Women's singles"
sport = "table_tennis"

[[events.ws.stages]]
name = "main"
format = "round_robin"

[events.ws.rules]
best_of = 3
"""

ALAN_WINS, BO_WINS = "11-5 11-5", "5-11 5-11"  # entered naming Alan first, then Bo (Cui, then Dai)


@pytest.fixture
def made(monkeypatch):
    """Counts how often the standings are made (not read back), by event."""
    counted: list[str] = []
    make = standings_service.standings

    def counting(state, event, **options):
        counted.append(event)
        return make(state, event, **options)

    monkeypatch.setattr(standings_service, "standings", counting)
    return counted


def drawn(make_meet, podium, ms_name="Men's singles", draw_ws=True):
    folder = make_meet(MEET.format(ms_name=ms_name), PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    if draw_ws:
        podium(folder, "draw", "ws", "--seed", "1")
    return folder


def points(podium, folder, event="ms"):
    """Each entrant's points, in the order of the table."""
    table = json.loads(podium(folder, "standings", event, "--json").output)["stages"][0]["tables"][0]
    return [(row["name"], row["points"]) for row in table["rows"]]


def views():
    return sorted(name for name in os.listdir(os.environ["PODIUM_VIEWS"]) if name.endswith(".view"))


def test_standings_are_read_back_until_the_event_s_stream_changes(make_meet, podium, made):
    """Alan wins match 1 (Alan 2 points, Bo 1); asked again, the standings are read back, not made; corrected to
    Bo's win they are made again: Bo 2, Alan 1."""
    folder = drawn(make_meet, podium)
    podium(folder, "result", "ms", "Alan", "Bo", ALAN_WINS)
    first = podium(folder, "standings", "ms", "--explain").output
    assert made == ["ms"]
    assert podium(folder, "standings", "ms", "--explain").output == first
    assert made == ["ms"]
    assert points(podium, folder) == [("Alan", 2), ("Bo", 1)]
    assert made == ["ms", "ms"]  # --json carries the wall chart: another view
    podium(folder, "correct", "ms", "Alan", "Bo", BO_WINS, "--reason", "sides swapped")
    assert points(podium, folder) == [("Bo", 2), ("Alan", 1)]
    assert made == ["ms", "ms", "ms"]


def test_on_either_store_the_view_is_kept_under_the_stream_s_last_entry(make_meet, podium, made, stores):
    """The same on the meet folder's SQLite file and on PostgreSQL (each store reads its stream's last entry)."""
    folder = make_meet(MEET.format(ms_name="Men's singles"), PLAYERS)
    store = ("--store", stores.address) if stores.address else ()
    podium(folder, *store, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, *store, "draw", "ms", "--seed", "1")
    podium(folder, *store, "result", "ms", "Alan", "Bo", ALAN_WINS)
    first = podium(folder, *store, "standings", "ms").output
    assert podium(folder, *store, "standings", "ms").output == first
    assert made == ["ms"]
    podium(folder, *store, "correct", "ms", "Alan", "Bo", BO_WINS, "--reason", "sides swapped")
    table = json.loads(podium(folder, *store, "standings", "ms", "--json").output)["stages"][0]["tables"][0]
    assert [(row["name"], row["points"]) for row in table["rows"]] == [("Bo", 2), ("Alan", 1)]
    assert made == ["ms", "ms"]


def test_another_event_s_entries_leave_the_view_kept(make_meet, podium, made):
    """ws's entrants, draw and result are not in ms's stream: ms's standings are read back; ws's are made."""
    folder = drawn(make_meet, podium, draw_ws=False)
    podium(folder, "standings", "ms")
    (folder / "more.csv").write_text("event,name,gender,unit,bib\nws,Eva,F,Class 1,5\n", encoding="utf-8")
    podium(folder, "entrants", "import", str(folder / "more.csv"))
    podium(folder, "draw", "ws", "--seed", "1")
    podium(folder, "result", "ws", "Cui", "Dai", ALAN_WINS)
    podium(folder, "standings", "ms")
    assert made == ["ms"]
    assert "Eva" in podium(folder, "standings", "ws").output
    assert made == ["ms", "ws"]


def test_an_edited_meet_toml_is_made_again(make_meet, podium, made):
    folder = drawn(make_meet, podium)
    assert "Men's singles" in podium(folder, "standings", "ms").output
    (folder / "meet.toml").write_text(MEET.format(ms_name="Boys' singles"), encoding="utf-8")
    assert "Boys' singles" in podium(folder, "standings", "ms").output
    assert made == ["ms", "ms"]


def test_a_new_database_with_as_many_entries_is_made_again(make_meet, podium):
    """The folder gets a new journal of the same length (import, two draws, one result), made within the same
    second maybe: its last entry has the number the kept view was made at, but other facts, so Bo's win shows."""
    folder = drawn(make_meet, podium)
    podium(folder, "result", "ms", "Alan", "Bo", ALAN_WINS)
    assert points(podium, folder) == [("Alan", 2), ("Bo", 1)]
    (folder / "meet.sqlite").unlink()
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    podium(folder, "draw", "ws", "--seed", "1")
    podium(folder, "result", "ms", "Alan", "Bo", BO_WINS)
    assert points(podium, folder) == [("Bo", 2), ("Alan", 1)]


@pytest.mark.parametrize("content", ["code", "garbage", "empty"])
def test_a_kept_file_that_is_no_view_runs_nothing_and_is_made_again(make_meet, podium, made, tmp_path, content):
    folder = drawn(make_meet, podium)
    podium(folder, "result", "ms", "Alan", "Bo", ALAN_WINS)
    podium(folder, "standings", "ms")
    [kept] = views()
    marker = tmp_path / "ran"
    place = os.path.join(os.environ["PODIUM_VIEWS"], kept)
    with open(place, "wb") as file:
        file.write({"code": pickle.dumps(RunsCommand(f"touch {marker}")), "garbage": b"\x80\x05not a pickle", "empty": b""}[content])
    assert "Alan" in podium(folder, "standings", "ms").output
    assert not marker.exists()
    assert made == ["ms", "ms"]
    podium(folder, "standings", "ms")  # made again above and kept: read back now
    assert made == ["ms", "ms"]


def test_views_off_keeps_none(make_meet, podium, made, monkeypatch):
    folder = drawn(make_meet, podium)
    kept = os.environ["PODIUM_VIEWS"]
    before = os.listdir(kept)  # the meet.toml the commands above kept (podium.services.kept_config)
    monkeypatch.setenv("PODIUM_VIEWS", "off")
    (folder / "meet.toml").write_text((folder / "meet.toml").read_text(encoding="utf-8") + "\n", encoding="utf-8")
    podium(folder, "standings", "ms")
    podium(folder, "standings", "ms")
    assert made == ["ms", "ms"]
    assert os.listdir(kept) == before  # neither a view nor the changed meet.toml


def test_a_views_folder_that_cannot_be_made_is_no_error(make_meet, podium, made, tmp_path, monkeypatch):
    folder = drawn(make_meet, podium)
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    monkeypatch.setenv("PODIUM_VIEWS", str(tmp_path / "a-file" / "views"))
    assert "Alan" in podium(folder, "standings", "ms").output
    assert "Alan" in podium(folder, "standings", "ms").output
    assert made == ["ms", "ms"]
    assert (tmp_path / "a-file").read_text(encoding="utf-8") == ""


def test_beyond_the_limit_the_oldest_views_go(make_meet, podium, made, monkeypatch):
    """At most two kept: ms's (the oldest) goes when the third is kept; ws's stays."""
    monkeypatch.setattr(kept_files, "KEPT_AT_MOST", 2)
    folder = drawn(make_meet, podium)
    podium(folder, "standings", "ms")
    podium(folder, "standings", "ws")
    os.utime(os.path.join(os.environ["PODIUM_VIEWS"], views()[0]), ns=(1, 1))  # one of them much older …
    oldest = views()[0]
    podium(folder, "standings", "ms", "--json")
    assert len(views()) == 2 and oldest not in views()  # … is the one that went


def test_the_code_mark_follows_the_plugins_files_but_not_their_bytecode(tmp_path, monkeypatch):
    """A plugin's file that changes (here: grows by a line) changes the mark; new bytecode beside it does not."""
    plugin = tmp_path / "club_sport"
    (plugin / "__pycache__").mkdir(parents=True)
    (plugin / "__init__.py").write_text("RULES = 1\n", encoding="utf-8")

    class Plugins:
        sources = (str(plugin),)

    def mark():
        monkeypatch.setattr(kept_files, "_code_marks", {})
        return kept_files.code_mark(Plugins())  # type: ignore[arg-type]

    before = mark()
    (plugin / "__pycache__" / "__init__.cpython-311.pyc").write_bytes(b"bytecode")
    assert mark() == before
    (plugin / "__init__.py").write_text("RULES = 1\nLIMIT = 2\n", encoding="utf-8")
    assert mark() != before
    shutil.rmtree(plugin)
    assert mark() != before


def test_a_label_worded_in_chinese_is_kept_and_read_back(tmp_path):
    """A view's labels are worded in both languages when it is made (a tie-break's 同分者之间的比赛积分); their Chinese, a text
    translated into Chinese (podium.i18n.Translated, which spaces Chinese names when filled in), is read back like
    any text: were it refused as a foreign class, every such view would be a miss and made again each time."""
    from podium.i18n import Label, translate
    from podium.services.kept_views import _ViewUnpickler

    label = Label(zh=translate("match points among the tied", "zh"), en="match points among the tied")
    place = tmp_path / "views" / "label.view"
    kept_files.keep(place.parent, place, ("key",), [label])
    assert kept_files.read_kept(place, ("key",), _ViewUnpickler) == [Label(zh="同分者之间的比赛积分", en="match points among the tied")]
