"""Team score from individual results (队员总分制, CXA 2011 §11.5, ranked by §14.8) on real meet folders.

An individual xiangqi round robin of six players from three schools, two each:
A = Ann, Amy; B = Bo, Ben; C = Cai, Cal. Results (first-named side's view, 2/1/0, CXA 2011 §13.1):
  Ann beats all five;  Amy loses all five;
  Bo = Cai,  Bo 1-0 Cal,  Bo = Ben,  Cai = Ben,  Cai 1-0 Cal,  Ben = Cal.
Points: Ann 10; Bo 2+1+2+1 = 6; Cai 2+1+1+2 = 6; Ben 2+1+1+1 = 5; Cal 2+0+0+1 = 3; Amy 0.
Chain sonneborn_berger, wins, head_to_head: Bo and Cai both beat Amy (0) and Cal (3) and drew each
other (6 → 3) and Ben (5 → 2.5): 小分 8.5 each; 2 wins each; their game drawn → they share 2nd.
Individual places: Ann 1, Bo 2=, Cai 2=, Ben 4, Cal 5, Amy 6.
Team ranking (§14.8, every player counts): B 2+4 = 6; A 1+6 = 7; C 2+5 = 7 → B 1st; A and C on 7,
best places 1 vs 2 → A 2nd, C 3rd.
"""

from __future__ import annotations

import json
import random

TOML = """
[meet]
name = "Schools xiangqi"
language = "en"

[units]
a = "School A"
b = "School B"
c = "School C"

[events.xq]
name = "Individual"
sport = "xiangqi"
tiebreaks = ["sonneborn_berger", "wins", "head_to_head"]

[[events.xq.stages]]
name = "main"
format = "round_robin"

[events.xq.team_ranking]
name = { zh = "团体", en = "Schools" }

[events.xq.team_ranking.awards]
places = 3

[events.xq.team_ranking.points]
places = [7, 5, 3]
"""

PLAYERS = "event,name,unit\nxq,Ann,a\nxq,Amy,a\nxq,Bo,b\nxq,Ben,b\nxq,Cai,c\nxq,Cal,c\n"

RESULTS = [
    ("Ann", "Amy", "1-0"), ("Ann", "Bo", "1-0"), ("Ann", "Ben", "1-0"), ("Ann", "Cai", "1-0"), ("Ann", "Cal", "1-0"),
    ("Bo", "Amy", "1-0"), ("Ben", "Amy", "1-0"), ("Cai", "Amy", "1-0"), ("Cal", "Amy", "1-0"),
    ("Bo", "Cai", "="), ("Bo", "Cal", "1-0"), ("Bo", "Ben", "="), ("Cai", "Ben", "="), ("Cai", "Cal", "1-0"), ("Ben", "Cal", "="),
]


def _meet(make_meet, podium, toml=TOML, players=PLAYERS):
    folder = make_meet(toml, players)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "xq", "--seed", "1")
    return folder


def _enter(podium, folder, results):
    for first, second, score in results:
        podium(folder, "result", "xq", first, second, score)


def _teams(podium, folder):
    return json.loads(podium(folder, "standings", "xq", "--teams", "--json").output)


def _table(view):
    return [(r["place"], r["shared"], r["unit_name"], r["players"], r["sum"], r["best"]) for r in view["rows"]]


def test_team_ranking_from_a_round_robin(make_meet, podium):
    folder = _meet(make_meet, podium)
    _enter(podium, folder, RESULTS[:5])
    provisional = _teams(podium, folder)
    assert provisional["complete"] is False and "(provisional)" in podium(folder, "standings", "xq", "--teams").output

    _enter(podium, folder, RESULTS[5:])
    individual = json.loads(podium(folder, "standings", "xq", "--json").output)["stages"][0]["tables"][0]["rows"]
    assert [(r["place"], r["shared"], r["name"]) for r in individual] == [
        (1, False, "Ann"), (2, True, "Bo"), (2, True, "Cai"), (4, False, "Ben"), (5, False, "Cal"), (6, False, "Amy"),
    ]
    view = _teams(podium, folder)
    assert view["complete"] is True and view["name"] == {"zh": "团体", "en": "Schools"} and view["key"] == "xq.teams"
    assert _table(view) == [(1, False, "School B", 2, 6, 2), (2, False, "School A", 2, 7, 1), (3, False, "School C", 2, 7, 2)]
    assert [[(p["name"], p["place"], p["shared"]) for p in r["counted"]] for r in view["rows"]] == [
        [("Bo", 2, True), ("Ben", 4, False)], [("Ann", 1, False), ("Amy", 6, False)], [("Cai", 2, True), ("Cal", 5, False)],
    ]
    text = podium(folder, "standings", "xq", "--teams", "--explain").output
    assert "School B above School A: sum of individual places 6 vs 7" in text
    assert "School A above School C: best individual place 1 vs 2" in text
    assert "Bo 2=, Ben 4" in text

    # The team ranking's own awards and unit points (CXA 2011 §11.5: a team result for the unit).
    awards = json.loads(podium(folder, "awards", "xq", "--json").output)["events"]
    team = next(e for e in awards if e["event"] == "xq.teams")
    assert [(a["place"], a["name"], a["medal"], a["recipients"]) for a in team["awards"]] == [
        (1, "School B", "gold", ["Bo", "Ben"]), (2, "School A", "silver", ["Ann", "Amy"]), (3, "School C", "bronze", ["Cai", "Cal"]),
    ]
    tables = json.loads(podium(folder, "medals", "--json").output)
    points = {r["unit"]: r["points"].get("xq.teams") for r in tables["points"]["rows"]}
    assert points == {"a": 5, "b": 7, "c": 3}
    # Medals: individual gold Ann (A), silver Bo (B) and Cai (C) sharing 2nd; team gold B, silver A, bronze C.
    assert [(r["place"], r["unit"], r["gold"], r["silver"], r["bronze"]) for r in tables["medals"]] == [
        (1, "a", 1, 1, 0), (1, "b", 1, 1, 0), (3, "c", 0, 1, 1),
    ]

    out = folder / "results.html"
    podium(folder, "print", "results", "xq", "--html", "-o", str(out))
    html = out.read_text(encoding="utf-8")
    assert "<h2>Schools</h2>" in html and "Bo 2=, Ben 4" in html
    # Certificates: one for each school's team award (3), besides the individual ones (Ann 1st, Bo and Cai
    # sharing 2nd: 3); with --per-member, one for each player who counted for a school (6).
    out = folder / "certificates.html"
    podium(folder, "print", "certificates", "--html", "-o", str(out))
    html = out.read_text(encoding="utf-8")
    assert html.count("in Schools at Schools xiangqi") == 3
    assert html.count("in Individual at Schools xiangqi") == 3
    podium(folder, "print", "certificates", "--per-member", "--html", "-o", str(out))
    html = out.read_text(encoding="utf-8")
    assert html.count("in Schools at Schools xiangqi") == 6
    assert html.count("in Individual at Schools xiangqi") == 3

    # Disqualifying Ann (podium disqualify): she no longer counts and those below move up a place
    # (the event's award rule, move_up): Bo 1=, Cai 1=, Ben 3, Cal 4, Amy 5.
    # B 1+3 = 4, C 1+4 = 5; A has only Amy (5): one player who counts, so A ranks after B and C.
    before = _table(view)
    podium(folder, "disqualify", "xq", "Ann", "--reason", "took back a move")
    view = _teams(podium, folder)
    assert _table(view) == [(1, False, "School B", 2, 4, 1), (2, False, "School C", 2, 5, 1), (3, False, "School A", 1, 5, 5)]
    assert {"upper": "School C", "lower": "School A", "criterion": "players", "upper_value": 2, "lower_value": 1}.items() <= (
        view["explain"][-1].items()
    )
    assert view["explain"][-1]["label"]["en"] == "players who count"
    assert "Units have 1 to 2 players who count; set count in [events.xq.team_ranking] to compare the same number of each." in (
        podium(folder, "standings", "xq", "--teams").output
    )
    podium(folder, "disqualify", "xq", "Ann", "--cancel", "--reason", "appeal upheld")
    assert _table(_teams(podium, folder)) == before


def test_a_provisional_team_ranking_is_marked_as_each_language_writes_it(make_meet, podium, tmp_path):
    """An unfinished team ranking is marked provisional: "Schools (provisional)" in English, and in Chinese the note
    in full-width brackets with no space before them, "团体（暂定）", on the screen and on the printed results."""
    folder = _meet(make_meet, podium)
    _enter(podium, folder, RESULTS[:5])
    assert podium(folder, "standings", "xq", "--teams").output.splitlines()[0] == "Schools (provisional)"
    assert podium(folder, "--lang", "zh", "standings", "xq", "--teams").output.splitlines()[0] == "团体（暂定）"
    podium(folder, "print", "results", "xq", "--html", "-o", str(tmp_path / "en.html"))
    podium(folder, "--lang", "zh", "print", "results", "xq", "--html", "-o", str(tmp_path / "zh.html"))
    assert '<h2>Schools <span class="muted">(provisional)</span></h2>' in (tmp_path / "en.html").read_text(encoding="utf-8")
    assert '<h2>团体<span class="muted">（暂定）</span></h2>' in (tmp_path / "zh.html").read_text(encoding="utf-8")
    # after Ann's five wins the other five share place 2: A 1+2 = 3, B 2+2 = 4, C 2+2 = 4, so B and C share place 2,
    # listed with 、 in Chinese
    assert "<li>School B, School C remain tied after the whole chain and share place 2.</li>" in (tmp_path / "en.html").read_text(encoding="utf-8")
    assert "<li>School B、School C 比较全部破同分规则后仍然相同，并列第 2 名。</li>" in (tmp_path / "zh.html").read_text(encoding="utf-8")


def test_a_withdrawn_player_does_not_count(make_meet, podium):
    """Amy withdraws after 3 of her 5 games (Ann, Bo, Ben): half or more played, so her results stand and
    the games against Cai and Cal are forfeits they win (CXA 2011 §19.2) — the same points as before.
    Amy is not ranked: A has Ann (1) only. B 2+4 = 6, C 2+5 = 7, then A with one player who counts."""
    folder = _meet(make_meet, podium)
    _enter(podium, folder, [r for r in RESULTS if r[:2] not in (("Cai", "Amy"), ("Cal", "Amy"))])
    podium(folder, "withdraw", "xq", "Amy", "--reason", "ill")
    view = _teams(podium, folder)
    assert view["complete"] is True
    assert _table(view) == [(1, False, "School B", 2, 6, 2), (2, False, "School C", 2, 7, 2), (3, False, "School A", 1, 1, 1)]


def test_count_ranks_units_short_of_players_after_full_ones(make_meet, podium):
    """``count = 2`` with a third player for School B, Bea, who lost every game: she places 7th and does not count;
    School A without Amy (not entered) has one player and comes last even though Ann won the event.

    Players Ann, Bo, Ben, Bea, Cai, Cal: Ann beats all; Bea loses all; the rest as in the module docstring with
    Bea in Amy's place. Places: Ann 1, Bo 2=, Cai 2=, Ben 4, Cal 5, Bea 6. B: 2+4 = 6 (Bea not counted),
    C: 2+5 = 7, A: Ann 1 alone → B, C, A."""
    toml = TOML.replace('name = { zh = "团体", en = "Schools" }', 'name = { zh = "团体", en = "Schools" }\ncount = 2')
    players = PLAYERS.replace("xq,Amy,a\n", "").replace("xq,Ben,b\n", "xq,Ben,b\nxq,Bea,b\n")
    folder = _meet(make_meet, podium, toml, players)
    _enter(podium, folder, [(a.replace("Amy", "Bea"), b.replace("Amy", "Bea"), s) for a, b, s in RESULTS])
    view = _teams(podium, folder)
    assert view["count"] == 2
    assert _table(view) == [(1, False, "School B", 2, 6, 2), (2, False, "School C", 2, 7, 2), (3, False, "School A", 1, 1, 1)]
    assert [p["name"] for p in view["rows"][0]["others"]] == ["Bea"]
    assert "Fewer than 2 placed players, ranked after the units with 2: School A." in podium(folder, "standings", "xq", "--teams").output


TIED = """
[meet]
name = "Two schools"
language = "en"

[units]
e = "East"
w = "West"

[events.xq]
name = "Individual"
sport = "xiangqi"
tiebreaks = []

[[events.xq.stages]]
name = "main"
format = "round_robin"

[events.xq.rules]
rule_set = "cxa2011"

[events.xq.team_ranking.standings]
decide = [1]
"""
TIED_PLAYERS = "event,name,unit\nxq,Eve,e\nxq,Ed,e\nxq,Wu,w\nxq,Wen,w\n"
TIED_RESULTS = [
    ("Eve", "Wu", "="), ("Ed", "Wen", "= fouls=1:0"),
    ("Eve", "Ed", "1-0"), ("Eve", "Wen", "1-0"), ("Wu", "Ed", "1-0"), ("Wu", "Wen", "1-0"),
]


def _journal(folder):
    return (folder / "meet.sqlite").read_bytes()


def test_a_tie_after_the_best_place_lots_then_the_1999_rules_and_penalties(make_meet, podium):
    """East: Eve, Ed; West: Wu, Wen. Eve = Wu, Ed = Wen (Ed 1 foul), Eve and Wu beat Ed and Wen.
    Points Eve 5, Wu 5, Ed 1, Wen 1; ranked by points only they share: Eve 1=, Wu 1=, Ed 3=, Wen 3=.
    East 1+3 = 4, best 1; West 1+3 = 4, best 1: tied under CXA 2011 §14.8.
    """
    folder = _meet(make_meet, podium, TIED, TIED_PLAYERS)
    _enter(podium, folder, TIED_RESULTS[:5])
    before = _journal(folder)
    refused = podium(folder, "lots", "xq", "--teams", ok=False)
    assert refused.exit_code != 0 and "Traceback" not in refused.output
    assert "Individual is not finished yet; settle ties of its team ranking once every result is in." in refused.output
    assert _journal(folder) == before

    _enter(podium, folder, TIED_RESULTS[5:])
    view = _teams(podium, folder)
    assert _table(view) == [(1, True, "East", 2, 4, 1), (1, True, "West", 2, 4, 1)]
    assert view["ties"] == [{"place": 1, "keys": ["e", "w"], "names": ["East", "West"], "must_decide": True}]
    text = podium(folder, "standings", "xq", "--teams").output
    assert "East, West are tied for place 1, which must be decided" in text and "podium lots xq --teams" in text

    before = _journal(folder)
    refused = podium(folder, "playoff", "xq", "--teams", "North", "--reason", "x", ok=False)
    assert "'North' is not a unit of the team ranking of Individual; its units: East, West." in refused.output
    assert _journal(folder) == before

    out = podium(folder, "lots", "xq", "--teams", "--seed", "5").output
    order = random.Random(5).sample(["e", "w"], 2)  # the recorded draw: Random(seed).sample(sorted keys)
    names = {"e": "East", "w": "West"}
    assert f"1. {names[order[0]]}  2. {names[order[1]]}" in out
    view = _teams(podium, folder)
    assert [(r["place"], r["unit"]) for r in view["rows"]] == [(1, order[0]), (2, order[1])]
    assert view["explain"][0]["criterion"] == "lots"
    assert "team ranking" in podium(folder, "log").output

    # CXA 1999 §15.5 (rule_set = "cxa1999" makes it the default chain): next best 3 vs 3, then team fouls:
    # East 1 (Ed's), West 0 → West first, whatever the lots said.
    (folder / "meet.toml").write_text(TIED.replace('rule_set = "cxa2011"', 'rule_set = "cxa1999"'), encoding="utf-8")
    view = _teams(podium, folder)
    assert view["chain"] == ["placings", "penalties", "next_best_place", "fouls", "lots"]
    assert [(r["place"], r["unit"]) for r in view["rows"]] == [(1, "w"), (2, "e")]
    assert "West above East: fouls 0 vs 1" in podium(folder, "standings", "xq", "--teams", "--explain").output

    # A warning for Wu (CXA 2011 §18.1) counts against West (a unit's penalties are its counting players'),
    # but it first puts Wu last among equals in the individual table (§18.5): Eve 1, Wu 2, Ed 3=, Wen 3=.
    # So West 2+3 = 5 and East 1+3 = 4: East first by the sum.
    podium(folder, "penalty", "xq", "Wu", "--kind", "warning", "--reason", "disturbed the opponent")
    view = _teams(podium, folder)
    assert _table(view) == [(1, False, "East", 2, 4, 1), (2, False, "West", 2, 5, 2)]
    assert view["rows"][1]["values"]["penalties"] == "1 warning" and "penalties" not in view["rows"][0]["values"]


SECTIONS = """
[meet]
name = "Schools xiangqi"
language = "en"

[units]
a = "School A"
b = "School B"

[events.xb]
name = "Boys"
sport = "xiangqi"
format = "round_robin"

[events.xg]
name = "Girls"
sport = "xiangqi"
format = "round_robin"

[events.xb.team_ranking]
name = "Schools"
count = 3
also = ["xg"]
awards = { places = 1 }
"""

SECTION_PLAYERS = (
    "event,name,unit\nxb,Al,a\nxb,Abe,a\nxb,Bo,b\nxb,Ben,b\n"
    "xg,Ada,a\nxg,Amy,a\nxg,Bea,b\nxg,Bev,b\n"
)


def test_a_team_score_over_two_sections(make_meet, podium):
    """CXA 2011 §11.5 ranked by §14.8 over the boys' and the girls' section (``also``), the best 3 places of a
    school counting, each place as its own section ranked it (2/1/0 for a win, §13.1).
    Boys: Al beats all (6), Bo beats Abe and Ben (4), Abe beats Ben (2), Ben 0 → Al 1, Bo 2, Abe 3, Ben 4.
    Girls: Bea beats all (6), Bev beats Ada and Amy (4), Ada beats Amy (2), Amy 0 → Bea 1, Bev 2, Ada 3, Amy 4.
    School A: Al 1, Abe 3, Ada 3 (Amy 4 does not count) = 7; School B: Bea 1, Bo 2, Bev 2 (Ben 4 not) = 5.
    B is 1st, A 2nd; the boys alone would give A 1 + 3 = 4 before B 2 + 4 = 6."""
    folder = make_meet(SECTIONS, SECTION_PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    for event, results in (
        ("xb", [("Al", "Abe"), ("Al", "Bo"), ("Al", "Ben"), ("Bo", "Abe"), ("Bo", "Ben"), ("Abe", "Ben")]),
        ("xg", [("Bea", "Ada"), ("Bea", "Amy"), ("Bea", "Bev"), ("Bev", "Ada"), ("Bev", "Amy"), ("Ada", "Amy")]),
    ):
        podium(folder, "draw", event, "--seed", "1")
        for winner, loser in results:
            podium(folder, "result", event, winner, loser, "1-0")
    view = json.loads(podium(folder, "standings", "xb", "--teams", "--json").output)
    assert _table(view) == [(1, False, "School B", 3, 5, 1), (2, False, "School A", 3, 7, 1)]
    counted = {r["unit"]: sorted((p["event"], p["name"], p["place"]) for p in r["counted"]) for r in view["rows"]}
    assert counted == {
        "b": [("xb", "Bo", 2), ("xg", "Bea", 1), ("xg", "Bev", 2)],
        "a": [("xb", "Abe", 3), ("xb", "Al", 1), ("xg", "Ada", 3)],
    }
    assert [(p["event"], p["name"]) for r in view["rows"] for p in r["others"]] == [("xb", "Ben"), ("xg", "Amy")]
    # best place first; at equal places the declaring section's player first
    assert "Bea 1 (Girls), Bo 2, Bev 2 (Girls)" in podium(folder, "standings", "xb", "--teams").output
    awards = json.loads(podium(folder, "awards", "--json").output)
    team = next(e for e in awards["events"] if e["event"] == "xb.teams")
    assert [(a["name"], sorted(a["recipients"])) for a in team["awards"]] == [("School B", ["Bea", "Bev", "Bo"])]


def test_also_must_name_other_events_of_individuals(make_meet, podium):
    toml = SECTIONS.replace('also = ["xg"]', 'also = ["xb", "girls"]')
    folder = make_meet(toml, SECTION_PLAYERS)
    out = podium(folder, "standings", "xb", "--teams", ok=False).output
    assert "events.xb.team_ranking.also (Boys): lists the event itself; name the other events whose places count too" in out
    assert "events.xb.team_ranking.also (Boys): names no event 'girls'; events: xb, xg" in out


def test_a_team_ranking_without_units_says_so_by_the_event_s_name(make_meet, podium):
    """No player has a unit, so no unit is ranked: the answer names the event as meet.toml does ("Individual")."""
    no_units = TOML.replace('[units]\na = "School A"\nb = "School B"\nc = "School C"\n', "")
    folder = _meet(make_meet, podium, no_units, "event,name\nxq,Ann\nxq,Bo\nxq,Cai\n")
    _enter(podium, folder, [("Ann", "Bo", "1-0")])
    out = podium(folder, "standings", "xq", "--teams").output
    assert out == "No player of Individual with a unit is ranked yet, so there is no team ranking.\n"
