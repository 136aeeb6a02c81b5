"""Athletics from the command line: a stadium's lanes, races, relays, jumps, records, and what is refused.

Every refusal prints one sentence, exits with status 2 and leaves the meet's files unchanged.
"""

from __future__ import annotations

import json

import pytest

from podium.faces.print.printing import prepare
from podium.services.meet import Meet
from tests.athletics.helpers import vertical_jump_meet

TOML = """
[meet]
name = "Athletics day"
date = 2026-04-22
language = "en"

[units]
c1 = "Class 1"
c2 = "Class 2"
c3 = "Class 3"
c4 = "Class 4"

[venues.stadium]
name = "Stadium"
resources = {{ track = 1, pit = 1 }}
lanes = {{ track = 8 }}

[[venues.stadium.sessions]]
name = "am"
start = "08:00"
end = "12:00"

[events.b100]
name = "Boys 100 m"
sport = "athletics"
game = "sprint_100"
schedule = {{ resource = "track" }}
records = {{ school = {{ mark = "12.5", holder = "Li Ming", year = 2019 }} }}
{b100}

[events.lj]
name = "Long jump"
sport = "athletics"
game = "long_jump"
schedule = {{ resource = "pit" }}
rules = {{ final_trials = true }}

[events.relay]
name = "4 x 100 m relay"
sport = "athletics"
game = "relay_4x100"
schedule = {{ resource = "track" }}
"""


def entrants() -> str:
    rows = ["event,name,unit,bib,team"]
    rows += [f"b100,Runner {n},Class {n % 4 + 1},{100 + n}," for n in range(1, 21)]
    rows += [f"lj,Jumper {n},Class {n % 4 + 1},{200 + n}," for n in range(1, 11)]
    rows += [f"relay,R{c}{m},Class {c},,Class {c}" for c in range(1, 5) for m in range(1, 6)]
    return "\n".join(rows) + "\n"


@pytest.fixture
def stadium(make_meet, podium):
    folder = make_meet(TOML.format(b100=""), entrants())
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    for event in ("b100", "lj", "relay"):
        podium(folder, "draw", event, "--seed", "3")
    return folder


def files(folder):
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def refused(podium, folder, *args):
    before = files(folder)
    result = podium(folder, *args, ok=False)
    assert result.exit_code == 2, result.output
    assert files(folder) == before
    return result.output.strip()


def heats(podium, folder, event):
    return json.loads(podium(folder, "matches", event, "--json").output)


def test_heats_take_the_track_s_lanes(stadium, podium):
    """20 runners on the stadium's 8 lanes: three heats of 7, 7 and 6 (TR 20.3), lanes 1–8 only."""
    found = [h for h in heats(podium, stadium, "b100") if h["kind"] == "heat"]
    assert [len(h["lanes"]) for h in found] == [7, 7, 6]
    assert all(1 <= lane["lane"] <= 8 for h in found for lane in h["lanes"])


def test_more_lanes_than_the_track_has_are_refused(make_meet, podium):
    folder = make_meet(TOML.format(b100='[[events.b100.stages]]\nname = "main"\nformat = "qualifying"\nlanes = 9'))
    output = refused(podium, folder, "matches", "b100")  # every command on a meet reads meet.toml
    assert "lanes = 9: heats of track 'stadium' hold at most 8, its lanes" in output


def test_lanes_named_as_resources_are_refused(make_meet, podium):
    """The issue's timetable: resources = { lane = 8 } would run eight heats at once."""
    text = TOML.format(b100="").replace("resources = { track = 1, pit = 1 }", "resources = { lane = 8, pit = 1 }")
    text = text.replace("lanes = { track = 8 }\n", "").replace('resource = "track"', 'resource = "lane"')
    folder = make_meet(text)
    output = refused(podium, folder, "matches", "b100")
    assert "a heat runs on the whole track, not on one lane" in output and "resources = { track = 1 } and lanes = 8" in output


@pytest.mark.parametrize(("args", "message"), [
    (("perf", "b100", "Runner 1", "8.99"), "8.99 for 100 m is impossible: times from 9.00 to 1:40 are accepted."),
    (("perf", "b100", "Runner 1", "0"), "0 for 100 m is impossible"),
    (("perf", "b100", "Runner 1", "X"), "'X' is not a time"),
    (("perf", "b100", "Runner 1", "12.3", "--wind", "+15"), "A wind of +15 m/s cannot be right"),
    (("perf", "b100", "Runner 1", "--status", "DNF", "--rule", "TR 17.3"), "--rule names the rule a disqualification breaks"),
    (("perf", "lj", "Jumper 1", "9.50"), "9.50 is beyond what anyone here could reach (the event's limit is 9.0 m)"),
    (("perf", "lj", "Jumper 1", "0"), "A mark of 0 is no mark: record a foul as X, a passed trial as -."),
    (("perf", "lj", "Jumper 1", "6.10", "--attempt", "4"), "Attempt 4 comes after the cut"),
    (("perf", "relay", "Class 1", "--legs", "R11,R12,R13"), "This relay has 4 legs, but 3 runners were given."),
    (("perf", "relay", "Class 1", "--legs", "R11,R12,R13,R11"), "'R11' runs legs 1 and 4; each member runs one leg."),
])
def test_bad_performances_are_refused(stadium, podium, args, message):
    assert message in refused(podium, stadium, *args)


def test_a_disqualification_cites_its_rule(stadium, podium):
    """The answer cites the rule once, with the mark: the rule is the mark's only note, not a second line."""
    out = podium(stadium, "perf", "b100", "Runner 1", "--status", "DQ", "--rule", "TR 16.8").output
    assert "DQ (TR 16.8) recorded" in out and out.count("TR 16.8") == 1 and len(out.splitlines()) == 1
    row = next(lane for h in heats(podium, stadium, "b100") for lane in h["lanes"] if lane["name"] == "Runner 1")
    assert row["mark"] == "DQ" and row["note"] == {"zh": "TR 16.8", "en": "TR 16.8"}


def _cells(output: str, name: str) -> list[str]:
    """The cells of the line of ``name`` (two words, ``Runner 1``) in a table the CLI printed, split at spaces."""
    return next(line for line in output.splitlines() if f" {name} " in line).split()


def test_statuses_and_no_mark_read_in_chinese_words(stadium, podium):
    """World Athletics TR 25 writes NM for a jump or throw without a valid trial, and X for a foul; a Chinese results
    list writes the words (docs/athletics.md, "Statuses"): 弃权 for DNS, 取消资格 for DQ, 无有效成绩 for NM, and keeps
    the trial's symbol X. 弃权 typed as the value of a race or of a jump is DNS."""
    said = podium(stadium, "--lang", "zh", "perf", "b100", "Runner 1", "--status", "DQ", "--rule", "TR 16.8").output
    assert "Runner 1 的成绩为取消资格（TR 16.8），已录入。" in said
    podium(stadium, "perf", "b100", "Runner 2", "弃权")
    for trial in (1, 2, 3):
        podium(stadium, "perf", "lj", "Jumper 1", "X", "--wind", "+1.0", "--attempt", str(trial))
    podium(stadium, "perf", "lj", "Jumper 2", "弃权")
    races = podium(stadium, "--lang", "zh", "matches", "b100").output
    assert _cells(races, "Runner 1")[-3:] == ["取消资格", "TR", "16.8"]
    assert "弃权" in _cells(races, "Runner 2")
    assert "DNS" in _cells(podium(stadium, "matches", "b100").output, "Runner 2")
    jumps = podium(stadium, "--lang", "zh", "matches", "lj").output
    assert "无有效成绩" in _cells(jumps, "Jumper 1") and _cells(jumps, "Jumper 1").count("X") == 3
    assert "弃权" in _cells(jumps, "Jumper 2")
    assert "NM" in _cells(podium(stadium, "matches", "lj").output, "Jumper 1")
    lanes = {lane["name"]: lane for h in heats(podium, stadium, "lj") for lane in h["lanes"]}
    assert (lanes["Jumper 1"]["mark"], lanes["Jumper 2"]["status"]) == ("NM", "DNS")


def _logged(podium, folder, event):
    """The sentences ``podium log --event EVENT --json`` says of the event's performances, as (zh, en)."""
    entries = json.loads(podium(folder, "log", "--event", event, "--json").output)
    return [(e["description"]["zh"], e["description"]["en"]) for e in entries if e["kind"] == "performance"]


def test_the_log_writes_a_foul_as_the_results_do(stadium, podium):
    """A foul in a long jump is recorded as a trial without a mark, and the results write it X in both languages
    (World Athletics TR 25; docs/athletics.md, "Statuses"): so does ``podium log``, however the foul was typed, not
    不计成绩 (NR), the word of a whole race without a result. A pass stays -; a race's NR stays 不计成绩."""
    podium(stadium, "perf", "lj", "Jumper 1", "5.10", "--wind", "+1.0")
    podium(stadium, "perf", "lj", "Jumper 1", "X", "--wind", "+1.0")
    podium(stadium, "--lang", "zh", "perf", "lj", "Jumper 1", "犯规", "--wind", "+1.0")
    podium(stadium, "perf", "lj", "Jumper 2", "-", "--wind", "+1.0")
    podium(stadium, "perf", "b100", "Runner 1", "--status", "NR")
    assert _logged(podium, stadium, "lj") == [
        ("第 1 组  Jumper 1  5.10", "heat 1  Jumper 1  5.10"),
        ("第 1 组  Jumper 1 第 2 次  X", "heat 1  Jumper 1 attempt 2  X"),
        ("第 1 组  Jumper 1 第 3 次  X", "heat 1  Jumper 1 attempt 3  X"),
        ("第 1 组  Jumper 2  -", "heat 1  Jumper 2  -"),
    ]
    assert [zh.split()[-1] for zh, _en in _logged(podium, stadium, "b100")] == ["不计成绩"]
    assert [en.split()[-1] for _zh, en in _logged(podium, stadium, "b100")] == ["NR"]
    shown = podium(stadium, "--lang", "zh", "log", "--event", "lj").output
    assert "不计成绩" not in shown and "Jumper 1 第 2 次  X" in shown


def test_the_log_shows_a_high_jump_series_as_entered_and_no_valid_trial_as_nm(make_meet, podium):
    """A high jump's series is logged as entered, O, X and - at each height (World Athletics TR 26), in both
    languages; an athlete recorded as NR has no valid trial, which the results write NM (无有效成绩, TR 25), and so does
    the log, not 不计成绩."""
    folder = make_meet(vertical_jump_meet("hj", "High jump", "high_jump", "1.00, 1.05, 1.10"), "event,name,unit\nhj,Ann,Class 1\nhj,Bo,Class 1\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "hj", "--seed", "1")
    podium(folder, "perf", "hj", "Ann", "1.00:- 1.05:XO 1.10:XXX")
    podium(folder, "perf", "hj", "Bo", "--status", "NR")
    assert _logged(podium, folder, "hj") == [
        ("第 1 组  Ann  1.00:- 1.05:XO 1.10:XXX", "heat 1  Ann  1.00:- 1.05:XO 1.10:XXX"),
        ("第 1 组  Bo  无有效成绩", "heat 1  Bo  NM"),
    ]


def test_a_relay_declares_its_running_order_before_the_race(stadium, podium):
    """TR 24: the order is declared before the race and may change until then; the time takes the declared order;
    once the team has run, a new declaration is refused."""
    podium(stadium, "perf", "relay", "Class 1", "--legs", "R11,R12,R13,R14")
    podium(stadium, "perf", "relay", "Class 1", "--legs", "R15,R12,R13,R14")  # R15 replaces R11 before the race
    podium(stadium, "perf", "relay", "Class 1", "52.3")
    lane = next(lane for h in heats(podium, stadium, "relay") for lane in h["lanes"] if lane["name"] == "Class 1")
    assert lane["legs"] == ["R15", "R12", "R13", "R14"] and lane["mark"] == "52.3"
    assert "has run in heat" in refused(podium, stadium, "perf", "relay", "Class 1", "--legs", "R11,R12,R13,R14")


def drawn_jumpers(make_meet, podium, event: str, count: int, more: str = ""):
    """A long jump ``event`` with trials after the cut (``final_trials``) and ``more`` of its table, for jumpers Q1 …
    Q``count`` of one class, imported and drawn with seed 1; the meet folder."""
    folder = make_meet(
        '[meet]\nname = "Jumpers"\ndate = 2026-05-20\nlanguage = "en"\n[units]\nc1 = "Class 1"\n'
        f'[events.{event}]\nname = "Long jump"\nsport = "athletics"\ngame = "long_jump"\nrules = {{ final_trials = true }}\n{more}',
        "event,name,unit\n" + "".join(f"{event},Q{n},c1\n" for n in range(1, count + 1)),
    )
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", event, "--seed", "1")
    return folder


def test_eight_jumpers_or_fewer_all_have_six_trials(make_meet, podium):
    """TR 25.5: with eight athletes or fewer each is allowed six trials, whatever their first three. Five jumpers;
    Q5 fouls all three (no valid mark, NM so far) and still takes a fourth trial, which then is the mark: 4.50."""
    folder = drawn_jumpers(make_meet, podium, "lj5", 5)
    marks = {"Q1": "5.00", "Q2": "4.90", "Q3": "4.80", "Q4": "4.70", "Q5": "X"}
    for trial in (1, 2, 3):
        for name, value in marks.items():
            podium(folder, "perf", "lj5", name, value, "--wind", "+1.0", "--attempt", str(trial))
    podium(folder, "perf", "lj5", "Q5", "4.50", "--wind", "+1.0", "--attempt", "4")
    lane = next(lane for h in heats(podium, folder, "lj5") for lane in h["lanes"] if lane["name"] == "Q5")
    assert lane["mark"] == "4.50"


def test_a_jumper_has_a_place_in_the_order_not_a_lane(make_meet, podium):
    """A long jump has no lanes: its athletes jump in an order of performance (World Athletics TR 25.5), so the
    answer to a mark and the heat list name the place in that order, in English and in Chinese; a 100 m heat keeps
    its lanes."""
    folder = make_meet(
        '[meet]\nname = "Jumps"\ndate = 2026-05-20\nlanguage = "en"\n[units]\nc1 = "Class 1"\n'
        '[events.lj5]\nname = "Long jump"\nsport = "athletics"\ngame = "long_jump"\n'
        '[events.h]\nname = "100 m"\nsport = "athletics"\ngame = "sprint_100"\n',
        "event,name,unit\n" + "".join(f"lj5,Q{n},c1\nh,R{n},c1\n" for n in range(1, 4)),
    )
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "lj5", "--seed", "1")
    podium(folder, "draw", "h", "--seed", "1")
    (lanes,) = [h["lanes"] for h in heats(podium, folder, "lj5")]
    position = next(lane["lane"] for lane in lanes if lane["name"] == "Q1")
    said = podium(folder, "perf", "lj5", "Q1", "4.52", "--wind", "+1.0").output
    assert f"Final, number {position} in the order: Q1 4.52 recorded." in said and "lane" not in said
    assert podium(folder, "matches", "lj5").output.splitlines()[1].split()[0] == "order"
    said = podium(folder, "--lang", "zh", "perf", "lj5", "Q2", "4.40", "--wind", "+1.0").output
    assert "决赛第" in said and "位出场" in said and "道" not in said and "H1" not in said  # the heat as sheets name it, not its key
    (runners,) = [h["lanes"] for h in heats(podium, folder, "h")]
    lane = next(found["lane"] for found in runners if found["name"] == "R1")
    said = podium(folder, "perf", "h", "R1", "12.50", "--wind", "+1.0").output  # a hand time, read to the tenth (TR 19)
    assert f"Final, lane {lane}: R1 12.5 recorded." in said  # one race: the final, not its key R1.1


def test_trial_four_goes_in_the_reverse_order_of_the_ranking_after_three(make_meet, podium):
    """TR 25.5: five long jumpers (all have six trials); after three Q2 leads with 5.20, then Q5 5.10, Q1 5.00,
    Q3 4.60, and Q4 has fouled three times. Trial 4 is taken Q4, Q3, Q1, Q5, Q2: the best last, whatever the draw."""
    folder = drawn_jumpers(make_meet, podium, "lj5", 5)
    marks = {"Q1": ["4.80", "X", "5.00"], "Q2": ["5.20", "X", "X"], "Q3": ["4.60", "4.50", "X"], "Q4": ["X", "X", "X"],
             "Q5": ["5.10", "5.00", "X"]}
    for trial in (1, 2, 3):
        assert heats(podium, folder, "lj5")[0]["final_order"] == []
        for name, values in marks.items():
            podium(folder, "perf", "lj5", name, values[trial - 1], "--wind", "+1.0", "--attempt", str(trial))
    heat = heats(podium, folder, "lj5")[0]
    names = {lane["entrant"]: lane["name"] for lane in heat["lanes"]}
    assert [names[key] for key in heat["final_order"]] == ["Q4", "Q3", "Q1", "Q5", "Q2"]
    assert "the best last (World Athletics TR 25.5): 1. Q4  2. Q3  3. Q1  4. Q5  5. Q2" in podium(folder, "matches", "lj5").output
    podium(folder, "print", "scoresheets", "lj5", "--html", "-o", str(folder / "sheet.html"))
    assert "Order of the trials after the cut: 1. Q4 · 2. Q3 · 3. Q1 · 4. Q5 · 5. Q2" in (folder / "sheet.html").read_text()


def test_a_long_jump_with_the_best_eight(stadium, podium):
    """Ten jumpers, three trials each; then only the best eight have trials 4–6 (TR 25.5): Jumper 10, the worst
    after three, is refused a fourth trial; X is a foul, - a pass."""
    for n in range(1, 11):
        for trial, value in enumerate([f"{4 + n / 10:.2f}", "X", "-"], start=1):
            podium(stadium, "perf", "lj", f"Jumper {n}", value, "--wind", "+1.0", "--attempt", str(trial))
    assert "Jumper 2 is not among the best 8 after 3 attempts" in refused(podium, stadium, "perf", "lj", "Jumper 2", "5.00")
    podium(stadium, "perf", "lj", "Jumper 10", "5.21")
    row = next(lane for h in heats(podium, stadium, "lj") for lane in h["lanes"] if lane["name"] == "Jumper 10")
    assert row["attempts"] == ["5.00", "X", "-", "5.21"] and row["mark"] == "5.21"


def test_a_school_record_is_flagged(stadium, podium):
    """The standing school record is 12.5; a 12.31 by hand is 12.4 (rounded up, TR 19): a new school record."""
    podium(stadium, "perf", "b100", "Runner 1", "12.31", "--wind", "+2.5")
    out = podium(stadium, "matches", "b100").output
    assert "12.4 SR" in out and "(wind +2.5 m/s)" in out
    standings = podium(stadium, "standings", "b100").output
    assert "New school record: Runner 1 12.4 (was 12.5, Li Ming, 2019)" in standings


@pytest.mark.parametrize(("records", "message"), [
    ('{ school = { mark = "fast" } }', "'fast' is not a time"),
    ('{ school = { mark = "8.1" } }', "8.1 for 100 m is impossible"),
    ('{ world = { mark = "9.58" } }', "unknown kind of record; kinds: school, meet"),
    ('{ school = { holder = "Li" } }', "is required: the record's mark as text"),
    ('{ school = { mark = "12.1", year = "last" } }', "must be a year like 2019"),
])
def test_bad_records_are_refused_with_where_they_are(make_meet, podium, records, message):
    text = TOML.format(b100="").replace('records = { school = { mark = "12.5", holder = "Li Ming", year = 2019 } }', f"records = {records}")
    output = refused(podium, make_meet(text), "matches", "b100")
    assert "meet.toml:" in output and message in output


def test_podium_sports_athletics_lists_events_and_options(podium):
    out = podium(None, "sports", "athletics").output
    for word in ("timing", "final_trials", "jump_off", "wind_gauge", "sprint_100", "relay_4x100", "high_jump", "solid_ball",
                 "standing_long_jump", "Every event is measured"):
        assert word in out
    assert "Scoring: win" not in out


def test_entry_marks_seed_the_heats(make_meet, podium):
    """TR 20.3: entry marks (报名成绩) rank the runners — Runner n entered 11.n, so Runner 1 is first — and the zigzag
    deals ranks 1 2 3 to heats 1 2 3 and ranks 4 5 6 back to heats 3 2 1: Runner 1 meets Runner 6, Runner 2 meets
    Runner 5, Runner 3 meets Runner 4 (their classes differ, so nobody is swapped)."""
    rows = ["event,name,unit,mark"] + [f"b100,Runner {n},Class {n % 4 + 1},{11 + n / 10:.1f}" for n in range(1, 21)]
    folder = make_meet(TOML.format(b100=""), "\n".join(rows) + "\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "b100", "--seed", "5")
    found = [{lane["name"] for lane in h["lanes"]} for h in heats(podium, folder, "b100")]
    for pair in (("Runner 1", "Runner 6"), ("Runner 2", "Runner 5"), ("Runner 3", "Runner 4")):
        assert any(set(pair) <= heat for heat in found), pair
    assert all(len({f"Runner {n}" for n in (1, 2, 3)} & heat) == 1 for heat in found)


def test_an_entry_mark_that_is_no_time_is_refused_at_import(make_meet, podium):
    folder = make_meet(TOML.format(b100=""), "event,name,unit,mark\nb100,Runner 1,Class 1,fast\nb100,Runner 2,Class 2,8.2\n")
    output = refused(podium, folder, "entrants", "import", str(folder / "entrants.csv"))
    assert "the entry mark of Runner 1, fast: 'fast' is not a time" in output
    assert "the entry mark of Runner 2, 8.2: 8.2 for 100 m is impossible" in output


def test_an_export_with_wind_rules_and_running_orders_imports_as_it_was(stadium, podium, tmp_path):
    """An import replays every performance through the checks of ``podium perf``: a wind reading (TR 17), the rule
    a disqualification breaks (TR 16.8) and a relay's running order declared before its race (TR 24) are facts it
    must reproduce, so the imported meet shows the same marks."""
    podium(stadium, "perf", "b100", "Runner 1", "12.31", "--wind", "+1.2")
    podium(stadium, "perf", "b100", "Runner 2", "--status", "DQ", "--rule", "TR 16.8")
    podium(stadium, "perf", "relay", "Class 1", "--legs", "R11,R12,R13,R14")
    podium(stadium, "perf", "relay", "Class 1", "52.3")
    podium(stadium, "export", "-o", str(tmp_path / "meet.json"))
    copy = tmp_path / "copy"
    podium(None, "import", str(tmp_path / "meet.json"), str(copy))
    for event in ("b100", "relay"):
        assert heats(podium, copy, event) == heats(podium, stadium, event)


HAND_TIMED = """
[meet]
name = "HT"
date = 2026-12-05
language = "en"

[units]
c1 = "Class 1"
c2 = "Class 2"

[events.h]
name = "100 m"
sport = "athletics"
game = "sprint_100"
"""


@pytest.fixture
def dead_heat(make_meet, podium):
    """A hand-timed 100 m final: H1 12.31 and H2 12.39 both round up to 12.4 (TR 19), H3 12.5."""
    folder = make_meet(HAND_TIMED, "event,name,unit\nh,H1,Class 1\nh,H2,Class 2\nh,H3,Class 1\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "h", "--seed", "3")
    for name, time in [("H1", "12.31"), ("H2", "12.39"), ("H3", "12.5")]:
        podium(folder, "perf", "h", name, time)
    return folder


def ranked(podium, folder, event):
    rows = json.loads(podium(folder, "standings", event, "--json").output)["stages"][0]["rows"]
    return [(r["place"], r["shared"], r["name"]) for r in rows]


def medals(podium, folder):
    table = json.loads(podium(folder, "medals", "--json").output)["medals"]
    return {row["unit"]: (row["gold"], row["silver"], row["bronze"]) for row in table}


def test_the_finish_judges_order_a_hand_timed_dead_heat(dead_heat, podium):
    """With hand timing the finish judges decide the order of finish; equal times are a dead heat only when they
    cannot separate the runners (World Athletics TR 19, hand timing). H1 and H2 share first on 12.4 until the
    judges' order is recorded: H2 ahead. Then H2 is first and champion (gold to Class 2), H1 second (silver to
    Class 1), H3 third; the final's heat shows the same places."""
    assert ranked(podium, dead_heat, "h") == [(1, True, "H1"), (1, True, "H2"), (3, False, "H3")]
    ties = json.loads(podium(dead_heat, "standings", "h", "--json").output)["stages"][0]["ties"]
    assert [(t["place"], t["names"], t["must_decide"]) for t in ties] == [(1, ["H1", "H2"], False)]
    assert medals(podium, dead_heat) == {"c1": (1, 0, 1), "c2": (1, 0, 0)}
    out = podium(dead_heat, "playoff", "h", "H2", "H1", "--reason", "finish judges: H2 ahead").output
    assert out.strip() == "Recorded the play-off for place 1 of 100 m: 1. H2  2. H1"
    assert ranked(podium, dead_heat, "h") == [(1, False, "H2"), (2, False, "H1"), (3, False, "H3")]
    assert json.loads(podium(dead_heat, "standings", "h", "--json").output)["stages"][0]["ties"] == []
    assert "H2 above H1: play-off 1 vs 2" in podium(dead_heat, "standings", "h", "--explain").output
    awards = json.loads(podium(dead_heat, "awards", "--json").output)["events"][0]["awards"]
    assert [(a["place"], a["shared"], a["name"], a["medal"]) for a in awards] == [
        (1, False, "H2", "gold"), (2, False, "H1", "silver"), (3, False, "H3", "bronze")
    ]
    assert medals(podium, dead_heat) == {"c2": (1, 0, 0), "c1": (0, 1, 1)}
    lanes = heats(podium, dead_heat, "h")[0]["lanes"]
    assert sorted((lane["place"], lane["name"]) for lane in lanes) == [(1, "H2"), (2, "H1"), (3, "H3")]
    assert "play-off for place 1: H2, H1" in podium(dead_heat, "log").output


def test_lots_settle_a_shared_place_of_a_race(dead_heat, podium):
    """``podium lots h --place 1 --seed 3`` orders the runners sharing first place as
    ``random.Random(3).sample(["1", "2"], 2)`` gives their keys: ["1", "2"], so H1 first and H2 second."""
    out = podium(dead_heat, "lots", "h", "--place", "1", "--seed", "3").output
    assert out.strip() == "Drew lots for place 1 of 100 m (Heats, semi-finals and final (Q by place, q by time)) with seed 3: 1. H1  2. H2"
    assert ranked(podium, dead_heat, "h") == [(1, False, "H1"), (2, False, "H2"), (3, False, "H3")]
    assert "H1 above H2: drawing of lots (seed 3) 1 vs 2" in podium(dead_heat, "standings", "h", "--explain").output


def test_a_dead_heat_is_settled_only_once_every_runner_has_a_time(make_meet, podium):
    """H1 12.31 and H2 12.39 share first on 12.4 (TR 19), but H3 has not been timed yet: H3 under 12.4 would leave
    them sharing second instead. The services behind ``podium lots`` and ``podium playoff`` refuse, naming the event
    and stage as people know them, and journal nothing."""
    from podium.errors import StateError, Target
    from podium.services.meet import Meet
    from podium.services.ties import draw_lots, record_playoff

    folder = make_meet(HAND_TIMED, "event,name,unit\nh,H1,Class 1\nh,H2,Class 2\nh,H3,Class 1\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "h", "--seed", "3")
    for name, time in [("H1", "12.31"), ("H2", "12.39")]:
        podium(folder, "perf", "h", name, time)
    meet = Meet(folder)
    last = meet.last_entry()
    for attempt in (lambda: draw_lots(meet, "h", place=1, seed=3), lambda: record_playoff(meet, "h", ["H2", "H1"], reason="finish judges")):
        with pytest.raises(StateError) as caught:
            attempt()
        assert (caught.value.code, caught.value.target) == ("tie.heats_unfinished", Target(event="h", stage="main"))
        assert str(caught.value) == (
            "Stage 'Heats, semi-finals and final (Q by place, q by time)' of 100 m still has 1 heat waiting for marks; "
            "settle ties once every mark is in."
        )
    assert meet.last_entry() == last
    meet.close()
    assert refused(podium, folder, "playoff", "h", "H2", "H1", "--reason", "finish judges").startswith(
        "Error: Stage 'Heats, semi-finals and final (Q by place, q by time)' of 100 m still has 1 heat waiting for marks"
    )


def test_runners_not_sharing_a_place_are_refused(dead_heat, podium):
    """H3 (12.5) shares no place with H1; nobody shares third place; once the judges' order is recorded, first
    place is no longer shared either. Each refusal leaves the meet unchanged."""
    assert refused(podium, dead_heat, "playoff", "h", "H3", "H1", "--reason", "finish judges") == (
        "Error: H3, H1 are not tied with each other after the whole chain in stage 'Heats, semi-finals and final (Q by place, q by time)' of 100 m; see 'podium standings h --explain'."
    )
    assert refused(podium, dead_heat, "lots", "h", "--place", "3") == (
        "Error: No entrants share place 3 in stage 'Heats, semi-finals and final (Q by place, q by time)' of 100 m; see 'podium standings h --explain'."
    )
    assert refused(podium, dead_heat, "lots", "h") == (
        "Error: No tie in stage 'Heats, semi-finals and final (Q by place, q by time)' of 100 m must be decided; to draw lots for a shared place anyway, give --place N."
    )
    podium(dead_heat, "playoff", "h", "H2", "H1", "--reason", "finish judges")
    assert refused(podium, dead_heat, "lots", "h", "--place", "1").startswith("Error: No entrants share place 1 in stage 'Heats, semi-finals and final (Q by place, q by time)' of 100 m")


def test_the_finish_judges_order_decides_the_last_q_of_a_heat(make_meet, podium):
    """TR 19 (hand timing) and TR 20.8: ten runners in two heats of five, the first three of each heat go on (Q).
    In heat 1 the third and fourth runners both read 12.4 (12.31 and 12.39); the finish judges placed the 12.39
    runner ahead, recorded before heat 2 ran. So that runner is third in the heat and takes the last Q; the other is
    fourth and goes out (with the times alone both would share third and both go on to a free lane)."""
    folder = make_meet(
        HAND_TIMED.replace('game = "sprint_100"', 'game = "sprint_100"\n[[events.h.stages]]\nname = "main"\nformat = "qualifying"\nqualify = [[3, 0]]'),
        "event,name,unit\n" + "".join(f"h,R{n},Class {1 + n % 2}\n" for n in range(1, 11)),
    )
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "h", "--seed", "3")
    first, second = ([lane["name"] for lane in sorted(h["lanes"], key=lambda lane: lane["lane"])] for h in heats(podium, folder, "h"))
    for name, time in zip(first, ["11.9", "12.0", "12.31", "12.39", "12.6"], strict=True):
        podium(folder, "perf", "h", name, time)
    podium(folder, "playoff", "h", first[3], first[2], "--reason", "finish judges")
    for name, time in zip(second, ["11.8", "12.1", "12.2", "12.5", "12.7"], strict=True):
        podium(folder, "perf", "h", name, time)
    heat = heats(podium, folder, "h")[0]
    went = {lane["name"]: (lane["place"], lane["qualified"]) for lane in heat["lanes"]}
    assert went[first[3]] == (3, "Q") and went[first[2]] == (4, None)


def _record_meet(make_meet, podium, record: str):
    """The stadium's events with the 100 m school record set to ``record`` (Li Ming, 2019), drawn."""
    text = TOML.format(b100="").replace('mark = "12.5"', f'mark = "{record}"')
    folder = make_meet(text, entrants())
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "b100", "--seed", "3")
    return folder


def _flags(podium, folder, event):
    """Every entrant with a mark and the record flags beside it in ``podium matches``, and in ``podium standings``."""
    lanes = {lane["name"]: lane["records"] for h in heats(podium, folder, event) for lane in h["lanes"] if lane["mark"]}
    ranked = json.loads(podium(folder, "standings", event, "--json").output)
    rows = {row["name"]: row["records"] for stage in ranked["stages"] for row in stage["rows"] if row["mark"]}
    return lanes, rows


def test_only_the_best_of_a_race_that_beats_the_record_sets_it(make_meet, podium):
    """The tester's race, school record 13.2 (World Athletics CR 31: a record is a mark equal to or better than the
    record as it stands). In heat 1 four runners finish at once: 12.34 by hand is 12.4 (TR 19), 12.3, 13.0 and
    12.3. The record before the race is 13.2; of the race the best is 12.3, run by two: both break it (SR). The
    12.4 and the 13.0 were slower than the 12.3 of the same race, so they set nothing though faster than 13.2.
    Heat 2 is run after: the record is now 12.3, and 12.5, 12.9 and 13.2 are all slower — no flag, not even =SR
    for the 13.2 (it only equals the record that stood before the meet, which no longer stands)."""
    folder = _record_meet(make_meet, podium, "13.2")
    first, second = (h["lanes"] for h in heats(podium, folder, "b100")[:2])
    for lane, value in zip(first, ["12.34", "12.3", "13.0", "12.3"], strict=False):
        podium(folder, "perf", "b100", lane["name"], value)
    for lane, value in zip(second, ["12.5", "12.9", "13.2"], strict=False):
        podium(folder, "perf", "b100", lane["name"], value)
    best = {first[1]["name"], first[3]["name"]}
    lanes, rows = _flags(podium, folder, "b100")
    assert len(lanes) == 7
    assert lanes == rows == {name: (["SR"] if name in best else []) for name in lanes}
    standings = podium(folder, "standings", "b100").output
    for name in best:
        assert f"New school record: {name} 12.3 (was 13.2, Li Ming, 2019)" in standings
    assert standings.count("school record") == 2


def test_a_later_heat_must_beat_the_record_an_earlier_heat_set(make_meet, podium):
    """School record 13.2; heats are run in the order of their numbers. Heat 1: 12.8 breaks 13.2 (SR); the 13.0 of
    the same race was behind it, so it is no record. Heat 2: the record is now 12.8, so the 13.0 there is none,
    and its 12.8 equals the record heat 1 set (=SR). The new record is heat 1's 12.8, and heat 2's 12.8 equals it."""
    folder = _record_meet(make_meet, podium, "13.2")
    first, second = (h["lanes"] for h in heats(podium, folder, "b100")[:2])
    podium(folder, "perf", "b100", first[0]["name"], "12.8")
    podium(folder, "perf", "b100", first[1]["name"], "13.0")
    podium(folder, "perf", "b100", second[0]["name"], "13.0")
    podium(folder, "perf", "b100", second[1]["name"], "12.8")
    lanes, rows = _flags(podium, folder, "b100")
    expected = {first[0]["name"]: ["SR"], first[1]["name"]: [], second[0]["name"]: [], second[1]["name"]: ["=SR"]}
    assert lanes == rows == expected
    standings = podium(folder, "standings", "b100").output
    assert f"New school record: {first[0]['name']} 12.8 (was 13.2, Li Ming, 2019)" in standings
    assert f"School record equalled: {second[1]['name']} 12.8 (12.8, {first[0]['name']})" in standings
    table = "".join(prepare(Meet(folder), "records", None, lang="en").parts)  # the records table: who set it
    assert f"<strong>new: 12.8</strong> {first[0]['name']} " in table and "equalled" not in table


def test_field_trials_set_records_in_the_order_they_are_made(make_meet, podium):
    """Long jump, school record 5.00, three trials in the drawn order (TR 25.5; no cut). Trial 1: the first jumper's
    5.10 breaks 5.00 (SR); the fourth's 5.08 comes after it in the same round, so it is behind the record of 5.10
    and sets nothing. Trial 2: the second jumper's 5.20 breaks 5.10 (SR); the third, jumping after, clears 5.20
    too and equals it (=SR). The first jumper's 5.10 was a record when it was jumped, so it keeps its SR."""
    text = TOML.format(b100="").replace('rules = { final_trials = true }', 'records = { school = { mark = "5.00", holder = "Wang Qiang" } }')
    rows = ["event,name,unit"] + [f"lj,Jumper {n},Class {n}" for n in range(1, 5)]
    folder = make_meet(text, "\n".join(rows) + "\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "lj", "--seed", "3")
    (flight,) = heats(podium, folder, "lj")
    order = [lane["name"] for lane in sorted(flight["lanes"], key=lambda lane: lane["lane"])]
    trials = {order[0]: ["5.10", "X", "X"], order[1]: ["4.90", "5.20", "X"], order[2]: ["X", "5.20", "X"], order[3]: ["5.08", "X", "X"]}
    for trial in range(3):
        for name in order:
            podium(folder, "perf", "lj", name, trials[name][trial], "--wind", "+1.0")
    lanes, rows = _flags(podium, folder, "lj")
    assert lanes == rows == {order[0]: ["SR"], order[1]: ["SR"], order[2]: ["=SR"], order[3]: []}
    standings = podium(folder, "standings", "lj").output
    assert f"New school record: {order[1]} 5.20 (was 5.00, Wang Qiang)" in standings
    assert f"School record equalled: {order[2]} 5.20 (5.20, {order[1]})" in standings


def test_trials_after_the_cut_set_records_in_the_order_they_are_taken(make_meet, podium):
    """Long jump with trials after the cut (TR 25.5), school record 5.00. After three trials Q1 leads (4.80), then Q2
    (4.70), then Q3 (4.60), so trial 4 is taken Q3, Q2, Q1, the best last. Q3 jumps 5.10 first and breaks 5.00
    (SR); Q1, jumping after, clears 5.10 too and only equals the record Q3 has just set (=SR)."""
    folder = drawn_jumpers(make_meet, podium, "lj3", 3, 'records = { school = { mark = "5.00", holder = "Wang Qiang" } }\n')
    firsts = {"Q1": ["4.80", "X", "X"], "Q2": ["4.70", "X", "X"], "Q3": ["4.60", "X", "X"]}
    for trial in (1, 2, 3):
        for name, values in firsts.items():
            podium(folder, "perf", "lj3", name, values[trial - 1], "--wind", "+1.0", "--attempt", str(trial))
    for name, value in (("Q3", "5.10"), ("Q2", "X"), ("Q1", "5.10")):
        podium(folder, "perf", "lj3", name, value, "--wind", "+1.0", "--attempt", "4")
    lanes, rows = _flags(podium, folder, "lj3")
    assert lanes == rows == {"Q1": ["=SR"], "Q2": [], "Q3": ["SR"]}


def test_a_chinese_trials_sheet_sets_no_space_after_a_full_stop_or_a_colon(make_meet, podium):
    """The long jump of Q1…Q5 after three trials (as above), its sheet printed in Chinese: the key's two sentences
    follow each other with no space after 。, and the order of the trials after the cut follows its colon ： with no
    space (GB/T 15834-2011 §5.1: a full-width mark takes the room of the space); the English sheet is as before."""
    folder = drawn_jumpers(make_meet, podium, "lj5", 5)
    marks = {"Q1": ["4.80", "X", "5.00"], "Q2": ["5.20", "X", "X"], "Q3": ["4.60", "4.50", "X"], "Q4": ["X", "X", "X"],
             "Q5": ["5.10", "5.00", "X"]}
    for trial in (1, 2, 3):
        for name, values in marks.items():
            podium(folder, "perf", "lj5", name, values[trial - 1], "--wind", "+1.0", "--attempt", str(trial))
    podium(folder, "--lang", "zh", "print", "scoresheets", "lj5", "--html", "-o", str(folder / "zh.html"))
    chinese = (folder / "zh.html").read_text(encoding="utf-8")
    assert "成绩相等时比较次好成绩（世界田联技术规则 TR 25.22）。前三次试跳（掷）后前八名再赛第 4—6 次" in chinese
    assert "后三次试跳（掷）顺序：1. Q4 · 2. Q3 · 3. Q1 · 4. Q5 · 5. Q2" in chinese
    podium(folder, "--lang", "en", "print", "scoresheets", "lj5", "--html", "-o", str(folder / "en.html"))
    english = (folder / "en.html").read_text(encoding="utf-8")
    assert "ties go to the next best trial (World Athletics TR 25.22). Trials 4–6 for the best eight after three" in english
    assert "Order of the trials after the cut: 1. Q4 · 2. Q3 · 3. Q1 · 4. Q5 · 5. Q2" in english


def test_a_chinese_race_sheet_brackets_the_rule_in_full_width(stadium, podium):
    """The column for a runner who did not start or finish or was disqualified names the rule broken in brackets:
    full-width in Chinese, 弃权 / 未完成 / 取消资格（违反条款）; half-width in English."""
    podium(stadium, "--lang", "zh", "print", "scoresheets", "b100", "--html", "-o", str(stadium / "zh.html"))
    assert '<th class="center">弃权 / 未完成 / 取消资格（违反条款）</th>' in (stadium / "zh.html").read_text(encoding="utf-8")
    podium(stadium, "--lang", "en", "print", "scoresheets", "b100", "--html", "-o", str(stadium / "en.html"))
    assert '<th class="center">DNS / DNF / DQ (rule)</th>' in (stadium / "en.html").read_text(encoding="utf-8")
