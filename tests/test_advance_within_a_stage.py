"""``podium advance`` on a stage that lays out its own later rounds (issue 21, item 17).

A heats-then-final fun game (the demo's sack race) is one stage of the ``heats`` format: its final is formed
inside the stage when every heat is complete (tug-of-war and heats rules §2: "每组胜出者参加决赛"; see
core/formats/heats.py), as the later rounds of ``rounds`` and of athletics' qualifying rounds are. So
``podium advance`` has no stage to move on to, and it says that the final comes by itself rather than calling
the heats the last stage.
"""

from __future__ import annotations

import hashlib
import json

SACK = """
[meet]
name = "Fun day"
date = 2026-12-05
language = "en"

[units]
c1 = "Class 1"

[events.sack]
name = { zh = "袋鼠跳", en = "Sack race" }
sport = "fun_games"
game = "sack_race"
"""

PEOPLE = "event,name,unit\n" + "".join(f"sack,{name},Class 1\n" for name in ("Ann", "Bo", "Cai", "Dan", "Eve", "Fay", "Gus"))
"""Seven entrants: with the sack race's 5 lanes, two heats of 4 and 3 (sizes differ by at most one)."""


def _digest(folder) -> str:
    return hashlib.sha256((folder / "meet.sqlite").read_bytes()).hexdigest()


def test_advance_while_heats_run_says_the_final_comes_by_itself(make_meet, podium):
    folder = make_meet(SACK, PEOPLE)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "sack", "--seed", "1")
    before = _digest(folder)
    refused = podium(folder, "advance", "sack", ok=False)
    assert refused.exit_code == 2
    assert refused.output == (
        "Error: Sack race has no stage after this one: its final is drawn by itself once every heat before it has "
        "a result; record performances with 'podium perf'.\n"
    )
    assert "last stage" not in refused.output
    assert _digest(folder) == before
    chinese = podium(folder, "--lang", "zh", "advance", "sack", ok=False)
    assert chinese.output == "错误：袋鼠跳没有下一阶段：本阶段的决赛会在之前各组全部录入成绩后自动生成；请用 podium perf 录入成绩。\n"


def test_once_the_heats_are_complete_the_final_is_there_and_advance_has_nothing_left(make_meet, podium):
    """Times by hand: the lowest time of each heat wins it, and the heat winners make the final (advance =
    "winners", per_heat = 1). Heat 1 holds the draw's first four; whoever ran 11.5 s there and 15.5 s in heat 2
    are the finalists. Then the final is laid out: the stage is the event's last, and advance says so."""
    folder = make_meet(SACK, PEOPLE)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "sack", "--seed", "1")
    heats = [row for row in json.loads(podium(folder, "matches", "sack", "--json").output) if "lanes" in row]
    times = iter(["11.5", "12.5", "13.5", "14.5", "15.5", "16.5", "17.5"])
    ran = {}
    for heat in heats:
        for lane in heat["lanes"]:
            ran[lane["name"]] = next(times)
            podium(folder, "perf", "sack", lane["name"], ran[lane["name"]])
    final = [row for row in json.loads(podium(folder, "matches", "sack", "--json").output) if "lanes" in row][-1]
    assert sorted(ran[lane["name"]] for lane in final["lanes"]) == ["11.5", "15.5"]
    refused = podium(folder, "advance", "sack", ok=False)
    assert refused.exit_code == 2 and "is the last stage of Sack race" in refused.output
