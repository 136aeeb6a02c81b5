"""Awards, the medal table and the unit points table from the command line.

The six-player round robin of tests/test_vertical_slice.py ends, worked by hand there:
1 Alan, 2 Chen, 3 Bo, 4 Deng, 5 Er, 6 Fu. Units: Alan and Deng Class 1, Bo and Er Class 2,
Chen and Fu Class 3. Points 9-7-6-5-4-3: Class 1 9 + 5 = 14, Class 2 6 + 4 = 10, Class 3
7 + 3 = 10; Classes 2 and 3 tie on 10 and neither has a 1st place; Class 3 has a 2nd place
(Chen), so Class 3 is second (countback). Medals: Class 1 gold, Class 3 silver, Class 2 bronze.

Chen disqualified: those below move up — 1 Alan, 2 Bo, 3 Deng, 4 Er, 5 Fu; points Class 1
9 + 6 = 15, Class 2 7 + 5 = 12, Class 3 4 (Fu 5th); medals Class 1 gold and bronze, Class 2 silver.
"""

from __future__ import annotations

import json

from tests.test_vertical_slice import PLAYERS, ROUNDS

TOML = """\
[meet]
name = "Test meet"
date = 2026-12-05
language = "en"

[units]
c1 = "Class 1"
c2 = "Class 2"
c3 = "Class 3"

[points]
places = [9, 7, 6, 5, 4, 3]

[events.ms]
name = { zh = "男子单打", en = "Men's singles" }
sport = "table_tennis"
awards = { places = 3 }

[[events.ms.stages]]
name = "main"
format = "round_robin"
numbers = "list"
order = "berger"  # the expected matches below follow the Berger table (table tennis defaults to the ITTF order)
"""


def played(make_meet, podium, last: int = len(ROUNDS)):
    folder = make_meet(TOML, PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "11")
    for number, (_a, _b, score) in enumerate(ROUNDS[:last], start=1):
        podium(folder, "result", "ms", str(number), score)
    return folder


def test_no_awards_before_the_event_is_decided(make_meet, podium):
    folder = played(make_meet, podium, last=14)
    assert "not decided yet" in podium(folder, "awards").output
    assert podium(folder, "medals").output.strip() == "No event is decided yet."


def test_awards_medals_and_unit_points(make_meet, podium):
    folder = played(make_meet, podium)
    view = json.loads(podium(folder, "awards", "--json").output)
    [event] = view["events"]
    assert [(a["place"], a["title"]["en"], a["name"], a["unit_name"], a["medal"]) for a in event["awards"]] == [
        (1, "Champion", "Alan", "Class 1", "gold"), (2, "Runner-up", "Chen", "Class 3", "silver"), (3, "Third place", "Bo", "Class 2", "bronze"),
    ]
    tables = json.loads(podium(folder, "medals", "--json").output)
    assert [(r["place"], r["unit_name"], r["total"]) for r in tables["points"]["rows"]] == [
        (1, "Class 1", 14), (2, "Class 3", 10), (3, "Class 2", 10)
    ]
    assert [(r["place"], r["unit_name"], r["gold"], r["silver"], r["bronze"]) for r in tables["medals"]] == [
        (1, "Class 1", 1, 0, 0), (2, "Class 3", 0, 1, 0), (3, "Class 2", 0, 0, 1)
    ]
    text = podium(folder, "medals", "--by-event").output
    assert "Medal table" in text and "Unit points" in text
    assert text.splitlines()[-3].split() == ["1", "Class", "1", "14", "14"]
    by_event = podium(folder, "--lang", "zh", "medals", "--by-event").output.splitlines()
    header = by_event[by_event.index("团体总分") + 1]
    assert header.split() == ["名次", "单位", "男子单打", "合计"]  # the event's name heads its column, not its key "ms"
    chinese = podium(folder, "--lang", "zh", "awards").output
    assert "冠军" in chinese and "亚军" in chinese and "季军" in chinese
    # each event is headed by its name and its key, the key in brackets as each language writes them
    assert chinese.splitlines()[0] == "男子单打（ms）" and podium(folder, "awards").output.splitlines()[0] == "Men's singles (ms)"


def test_a_disqualified_entrant_receives_nothing_and_others_move_up(make_meet, podium):
    folder = played(make_meet, podium)
    out = podium(folder, "disqualify", "ms", "Chen", "--reason", "outside player").output
    assert "Chen is disqualified in Men's singles: no award, no unit points." in out  # the event by name, not "ms"
    [event] = json.loads(podium(folder, "awards", "--json").output)["events"]
    assert [(a["place"], a["name"]) for a in event["awards"]] == [(1, "Alan"), (2, "Bo"), (3, "Deng")]
    assert event["disqualified"] == ["3"] and event["disqualified_names"] == ["Chen"]
    assert "Disqualified, no award: Chen" in podium(folder, "awards").output  # the name, not the key "3"
    tables = json.loads(podium(folder, "medals", "--json").output)
    assert [(r["unit_name"], r["total"]) for r in tables["points"]["rows"]] == [("Class 1", 15), ("Class 2", 12), ("Class 3", 4)]
    assert [(r["unit_name"], r["gold"], r["silver"], r["bronze"]) for r in tables["medals"]] == [
        ("Class 1", 1, 0, 1), ("Class 2", 0, 1, 0), ("Class 3", 0, 0, 0)
    ]
    again = podium(folder, "disqualify", "ms", "Chen", "--reason", "twice", ok=False)
    assert "Error: Chen is already disqualified in Men's singles." in again.output
    podium(folder, "disqualify", "ms", "Chen", "--cancel", "--reason", "appeal upheld")
    [event] = json.loads(podium(folder, "awards", "--json").output)["events"]
    assert [a["name"] for a in event["awards"]] == ["Alan", "Chen", "Bo"]
    text = podium(folder, "log").output
    assert "Chen disqualified" in text and "Chen reinstated" in text
    log = json.loads(podium(folder, "log", "--json").output)
    assert [(e["kind"], e["reason"]) for e in log if e["kind"] == "disqualification"] == [
        ("disqualification", "outside player"), ("disqualification", "appeal upheld")
    ]
