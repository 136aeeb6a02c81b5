"""Table tennis from the command line on a real meet folder: team ties of both orders, doubles composition, help.

Three teams register in the order Tigers (1), Lions (2), Bears (3); with numbers = "list"
and order = "berger" (these tests are about ties, and the Berger table lists Bears first against
Tigers, which tests a result entered from the other side) the Berger table for 3 (FIDE C.05, bye
number 4) gives R1 2-3, R2 1-2, R3 3-1, so match 1 is Lions–Bears, match 2 Tigers–Lions, match 3
Bears–Tigers. The sport's own ITTF order is tested in tests/formats/test_round_robin_orders.py and by
the worked example of docs/table_tennis.md.
"""

from __future__ import annotations

import json

TOML = """
[meet]
name = "Team day"
language = "en"

[units]
c1 = "Class 1"
c2 = "Class 2"
c3 = "Class 3"

[events.team]
name = { zh = "团体", en = "Team (ITTF order)" }
sport = "table_tennis"
kind = "team"

[[events.team.stages]]
name = "groups"
format = "round_robin"
numbers = "list"
order = "berger"

[events.team.rules]
tie = "ittf"
best_of = 3

[events.plan6]
name = { zh = "团体（五场单打）", en = "Team (five singles)" }
sport = "table_tennis"
kind = "team"

[[events.plan6.stages]]
name = "groups"
format = "round_robin"
numbers = "list"
order = "berger"

[events.plan6.rules]
tie = "five_singles"
best_of = 3

[events.xd]
name = { zh = "混合双打", en = "Mixed doubles" }
sport = "table_tennis"
kind = "pair"

[events.xd.rules]
composition = "mixed"
best_of = 3
"""

TEAMS = """\
event,name,gender,unit,team,reserve
{event},Zhang San,M,Class 1,Tigers,
{event},Li Si,M,Class 1,Tigers,
{event},Wang Wu,M,Class 1,Tigers,
{event},Zhou Jiu,M,Class 1,Tigers,yes
{event},Zhao Liu,M,Class 2,Lions,
{event},Qian Qi,M,Class 2,Lions,
{event},Sun Ba,M,Class 2,Lions,
{event},Chen Yi,F,Class 3,Bears,
{event},Lin Er,F,Class 3,Bears,
{event},Xu San,F,Class 3,Bears,
"""

TIGERS = "A=Zhang San B=Li Si C=Wang Wu"
LIONS = "X=Zhao Liu Y=Qian Qi Z=Sun Ba"
BEARS = "X=Chen Yi Y=Lin Er Z=Xu San"
WIN, LOSE = "11-5 11-7", "5-11 7-11"


def setup(make_meet, podium, event):
    folder = make_meet(TOML, TEAMS.format(event=event))
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", event, "--seed", "1")
    return folder


def test_ittf_ties_from_the_cli(make_meet, podium):
    """ITTF order (table-tennis rules summary §5), rubbers best of 3.

    Match 1: Lions beat Bears 3-1. Match 2: Tigers beat Lions 3-0 and the tie stops.
    Match 3: Bears beat Tigers 3-2, entered with Tigers named first.
    Each team has one win and one loss: 2 + 1 = 3 match points (ITTF 3.7.5.1).
    Individual-match ratio among the three (ITTF 3.7.5.2): Tigers 3:0 + 2:3 = 5:3,
    Bears 1:3 + 3:2 = 4:5, Lions 3:1 + 0:3 = 3:4 → Tigers, Bears, Lions.
    """
    folder = setup(make_meet, podium, "team")
    names = [m["names"] for m in json.loads(podium(folder, "matches", "team", "--json").output)]
    assert names == [["Lions", "Bears"], ["Tigers", "Lions"], ["Bears", "Tigers"]]

    podium(folder, "result", "team", "1", f"{LIONS.replace('X=', 'A=').replace('Y=', 'B=').replace('Z=', 'C=')}; {BEARS}; "
           f"{WIN} | {LOSE} | A+C-Y+Z {WIN} | B-Z {WIN}")

    journal = (folder / "meet.sqlite").read_bytes()
    stranger = podium(folder, "result", "team", "2", f"A=Zhang San B=Li Si C=Nobody; {LIONS}; {WIN} | {WIN} | A+C-Y+Z {WIN}", ok=False)
    assert stranger.exit_code != 0 and "Traceback" not in stranger.output
    assert "Error: Nobody is not a member of Tigers; its members: Zhang San, Li Si, Wang Wu, Zhou Jiu." in stranger.output
    reserve = podium(folder, "result", "team", "2", f"A=Zhang San B=Li Si C=Zhou Jiu; {LIONS}; {WIN} | {WIN} | A+C-Y+Z {WIN}", ok=False)
    assert "Zhou Jiu is a reserve of Tigers, and this event allows no substitutions (substitutions = false; table-tennis plan 6 §9.3)." in reserve.output
    fourth = podium(folder, "result", "team", "2", f"{TIGERS}; {LIONS}; {WIN} | {WIN} | A+C-Y+Z {WIN} | {WIN}", ok=False)
    assert "Rubber 4: the tie was already decided 3-0 after rubber 3; no further rubber is played" in fourth.output
    assert (folder / "meet.sqlite").read_bytes() == journal

    done = podium(folder, "result", "team", "2", f"{TIGERS}; {LIONS}; {WIN} | {WIN} | A+C-Y+Z {WIN}").output
    assert "Match 2 recorded: Tigers – Lions A=Zhang San B=Li Si C=Wang Wu; X=Zhao Liu Y=Qian Qi Z=Sun Ba; A-X 11-5 11-7 | B-Y 11-5 11-7 | A+C-Y+Z 11-5 11-7, Tigers wins." in done

    barred = podium(folder, "result", "team", "Tigers", "Bears",
                    f"{TIGERS}; {BEARS}; {WIN} | {LOSE} | A+C-Y+Z {LOSE} | A-Z {WIN} | {LOSE}", ok=False)
    assert "Rubber 4 (A/B–Z): A played the doubles and plays no later singles where the order gives a choice (table-tennis rules summary §5 (5))." in barred.output
    podium(folder, "result", "team", "Tigers", "Bears", f"{TIGERS}; {BEARS}; {WIN} | {LOSE} | A+C-Y+Z {LOSE} | {WIN} | {LOSE}")

    third = json.loads(podium(folder, "matches", "team", "--json").output)[2]
    assert third["winner"] == 0  # Bears, listed first in match 3
    assert third["result"] == (
        "X=Chen Yi Y=Lin Er Z=Xu San; A=Zhang San B=Li Si C=Wang Wu; "
        "X-A 5-11 7-11 | Y-B 11-5 11-7 | Y+Z-A+C 11-5 11-7 | Z-B 5-11 7-11 | X-C 11-5 11-7"
    )

    view = json.loads(podium(folder, "standings", "team", "--json").output)
    rows = view["stages"][0]["tables"][0]["rows"]
    assert [(r["place"], r["name"], r["points"]) for r in rows] == [(1, "Tigers", 3), (2, "Bears", 3), (3, "Lions", 3)]
    explained = podium(folder, "standings", "team", "--explain").output
    assert "Tigers above Bears: individual-match ratio among the tied 5:3 vs 4:5" in explained
    assert "Bears above Lions: individual-match ratio among the tied 4:5 vs 3:4" in explained


def test_five_singles_ties_from_the_cli(make_meet, podium):
    """Table-tennis plan 6 §7(3) order A–Y, B–X, C–Z, A–X, B–Y, rubbers best of 3 (§7(1)).

    Match 2: Tigers beat Lions 3-0 (A–Y, B–X, C–Z) and stop. Match 1: Lions beat Bears 3-2.
    Match 3: Bears walk over (Tigers absent: -:+ from Bears' side is +:-).
    Points: Tigers 2 + 0 = 2, Lions 1 + 2 = 3, Bears 1 + 2 = 3. Lions and Bears: Lions won
    their tie → Lions 1st, Bears 2nd, Tigers 3rd.
    """
    folder = setup(make_meet, podium, "plan6")
    out = podium(folder, "result", "plan6", "2", f"Zhang San, Li Si, Wang Wu; Zhao Liu, Qian Qi, Sun Ba; {WIN} | {WIN} | {WIN}").output
    assert "A-Y 11-5 11-7 | B-X 11-5 11-7 | C-Z 11-5 11-7, Tigers wins." in out
    wrong = podium(folder, "result", "plan6", "1", f"A=Zhao Liu B=Qian Qi C=Sun Ba; {BEARS}; A-X {WIN}", ok=False)
    assert "Rubber 1 is A–Y in this tie's order; X of Bears cannot play it." in wrong.output
    podium(folder, "result", "plan6", "1", f"A=Zhao Liu B=Qian Qi C=Sun Ba; {BEARS}; {WIN} | {LOSE} | {WIN} | {LOSE} | 11-9 9-11 11-9")
    podium(folder, "result", "plan6", "3", "+:-")
    rows = json.loads(podium(folder, "standings", "plan6", "--json").output)["stages"][0]["tables"][0]["rows"]
    assert [(r["name"], r["points"]) for r in rows] == [("Lions", 3), ("Bears", 3), ("Tigers", 2)]


def test_mixed_doubles_composition_is_checked_on_import(make_meet, podium):
    """A mixed pair is one man and one woman (mixed doubles, table-tennis plan 1 §6(2)): a pair of two men is refused and nothing is imported."""
    entrants = """\
    event,name,gender,unit,team
    xd,Zhang San,M,Class 1,P1
    xd,Li Na,F,Class 1,P1
    xd,Wang Wu,M,Class 2,P2
    xd,Zhao Liu,M,Class 2,P2
    xd,Sun Li,F,Class 3,P3
    xd,Qian Qi,,Class 3,P3
    """
    folder = make_meet(TOML, entrants)
    out = podium(folder, "entrants", "import", str(folder / "entrants.csv"), ok=False)
    assert out.exit_code != 0 and "Traceback" not in out.output
    assert "entrants.csv: entrants break their event's rules; nothing was imported:" in out.output
    assert "xd: Wang Wu / Zhao Liu: a mixed pair is one man and one woman (composition = mixed); this pair has 2 men and 0 women." in out.output
    assert "xd: Sun Li / Qian Qi: the gender of Qian Qi is not given, and this event needs it (composition = mixed); add a gender column." in out.output
    assert [(e["event"], e["entrants"]) for e in json.loads(podium(folder, "entrants", "list", "xd", "--json").output)["events"]] == [("xd", [])]


def test_composition_is_checked_again_when_the_event_is_drawn(make_meet, podium):
    """Pairs entered while the event was open are refused at the draw once it is for men only."""
    entrants = "event,name,gender,unit,team\nxd,Zhang San,M,Class 1,P1\nxd,Li Na,F,Class 1,P1\nxd,Wang Wu,M,Class 2,P2\nxd,Zhao Liu,M,Class 2,P2\n"
    folder = make_meet(TOML.replace('composition = "mixed"', 'composition = "open"'), entrants)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    (folder / "meet.toml").write_text(TOML.replace('composition = "mixed"', 'composition = "men"'), encoding="utf-8")
    out = podium(folder, "draw", "xd", ok=False)
    assert "Mixed doubles cannot be drawn: 1 entrant does not fit its rules (change meet.toml or withdraw it):" in out.output
    assert "Zhang San / Li Na: Li Na is recorded as a woman, and this event is for men (composition = men)." in out.output
    undrawn = podium(folder, "matches", "xd", "--json", ok=False)  # the refused draw left the event undrawn
    assert undrawn.exit_code == 2 and json.loads(undrawn.output)["error"]["code"] == "event.not_drawn"


def test_team_too_small_for_its_tie_order(make_meet, podium):
    """Three players are needed for the ITTF order (table-tennis rules summary §5 (2)); reserves do not count without substitutions."""
    entrants = "event,name,unit,team,reserve\nteam,Zhang San,Class 1,Tigers,\nteam,Li Si,Class 1,Tigers,\nteam,Wang Wu,Class 1,Tigers,yes\n"
    folder = make_meet(TOML, entrants)
    out = podium(folder, "entrants", "import", str(folder / "entrants.csv"), ok=False)
    assert ("team: Tigers has 2 players besides its reserves, who do not play without substitutions; "
            "its tie order (A–X, B–Y, C+A/B–Z+X/Y, A/B–Z, C–X/Y) needs 3.") in out.output


def test_bad_tie_order_in_meet_toml(make_meet, podium):
    folder = make_meet(TOML.replace('tie = "five_singles"', 'tie = "A-Y, B-X, E-Z"'))
    out = podium(folder, "matches", "plan6", ok=False)
    assert out.exit_code != 0
    assert "events.plan6.rules.tie (Team (five singles)): option 'tie' cannot be \"A-Y, B-X, E-Z\": rubber 3 ('E-Z'): 'E' is not a letter of the home side (A, B, C, D)" in out.output


def test_result_help_shows_examples_per_sport(podium):
    out = podium(None, "result", "--help").output
    assert "Results by sport" in out
    assert '"11-9 9-11 11-7 11-5"' in out and '"11-9 5-3 ret:2"' in out
    assert "table_tennis (team)" in out and "A=Li B=Wang C=Zhao; X=Chen Y=Liu Z=Zhou;" in out


def test_team_members_are_listed(make_meet, podium):
    """Entering a tie means naming members, so 'entrants list' shows them, reserves marked."""
    folder = make_meet(TOML, TEAMS.format(event="team"))
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    out = podium(folder, "entrants", "list", "team").output
    assert "Zhang San, Li Si, Wang Wu, Zhou Jiu (reserve)" in out and "Chen Yi, Lin Er, Xu San" in out


DEMO_TOML = """
[meet]
name = "Sunshine Sports Day 2026"
language = "en"

[units]
c1 = "Class 7-1"
c2 = "Class 7-2"
c3 = "Class 7-3"
c4 = "Class 7-4"

[events.xd]
name = { zh = "混合双打", en = "Mixed doubles" }
sport = "table_tennis"
kind = "pair"
format = "round_robin"

[events.xd.rules]
best_of = 3
composition = "mixed"

[events.team]
name = { zh = "班级团体", en = "Class team" }
sport = "table_tennis"
kind = "team"
format = "round_robin"

[events.team.rules]
tie = "ittf"
best_of = 3
"""

DEMO_ROWS = """\
event,name,gender,unit,team,reserve
xd,Zhang Wei,M,Class 7-1,Zhang Wei/Wang Fang,
xd,Wang Fang,F,Class 7-1,Zhang Wei/Wang Fang,
xd,Wang Lei,M,Class 7-2,Wang Lei/Li Na,
xd,Li Na,F,Class 7-2,Wang Lei/Li Na,
xd,Li Qiang,M,Class 7-3,Li Qiang/Zhang Min,
xd,Zhang Min,F,Class 7-3,Li Qiang/Zhang Min,
xd,Liu Yang,M,Class 7-4,Liu Yang/Liu Jing,
xd,Liu Jing,F,Class 7-4,Liu Yang/Liu Jing,
team,Zhang Wei,M,Class 7-1,Class 7-1,
team,Chen Jie,M,Class 7-1,Class 7-1,
team,Wang Fang,F,Class 7-1,Class 7-1,
team,Chen Li,F,Class 7-1,Class 7-1,yes
team,Wang Lei,M,Class 7-2,Class 7-2,
team,Yang Fan,M,Class 7-2,Class 7-2,
team,Li Na,F,Class 7-2,Class 7-2,
team,Yang Xue,F,Class 7-2,Class 7-2,yes
team,Li Qiang,M,Class 7-3,Class 7-3,
team,Zhao Yong,M,Class 7-3,Class 7-3,
team,Zhang Min,F,Class 7-3,Class 7-3,
team,Liu Yang,M,Class 7-4,Class 7-4,
team,Huang Tao,M,Class 7-4,Class 7-4,
team,Liu Jing,F,Class 7-4,Class 7-4,
"""


def test_demo_events_simulate_to_the_end(make_meet, podium):
    """The mixed doubles and team events proposed for the demo run from import to standings with simulated results."""
    import random

    from podium.faces.demo import play_event
    from podium.services.draws import make_draw
    from podium.services.meet import Meet
    from podium.services.registration import import_entrants

    folder = make_meet(DEMO_TOML, DEMO_ROWS)
    meet = Meet(folder)
    assert import_entrants(meet, folder / "entrants.csv").counts == {"xd": 4, "team": 4}
    rng = random.Random(2026)
    for key in ("xd", "team"):
        make_draw(meet, key, seed=2026)
        assert play_event(meet, key, rng) == 6  # 4 entrants: 6 matches (4·3/2)
        assert json.loads(podium(folder, "matches", key, "--pending", "--json").output) == []
        rows = json.loads(podium(folder, "standings", key, "--json").output)["stages"][0]["tables"][0]["rows"]
        assert sorted(r["played"] for r in rows) == [3, 3, 3, 3]
