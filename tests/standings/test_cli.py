"""Standings from the command line on a real meet folder: --explain, --json, lots, play-offs, penalties.

A table-tennis singles round robin of four in list order (Berger table for 4: R1 1-4 2-3, R2 4-3 1-2,
R3 2-4 3-1), best of 3, ITTF match points (win 2, loss 1).
"""

from __future__ import annotations

import json
import random

PLAYERS = """\
event,name,gender,unit,bib
ms,Alan,M,Class 1,1
ms,Bo,M,Class 2,2
ms,Chen,M,Class 3,3
ms,Deng,M,Class 1,4
"""

MEET = """
[meet]
name = "Test meet"
language = "en"

[units]
c1 = "Class 1"
c2 = "Class 2"
c3 = "Class 3"

[events.ms]
name = "Men's singles"
sport = "table_tennis"
tiebreaks = {tiebreaks}

[events.ms.standings]
decide = [1]

[[events.ms.stages]]
name = "main"
format = "round_robin"
numbers = "list"
order = "berger"  # the expected matches below follow the Berger table (table tennis defaults to the ITTF order)

[events.ms.rules]
best_of = 3
"""

WON, LOST = "11-5 11-5", "5-11 5-11"
# Matches 1..6: Alan–Deng, Bo–Chen, Deng–Chen, Alan–Bo, Bo–Deng, Chen–Alan.
# Alan beat Deng and Chen, lost to Bo; Bo beat Chen and Alan, lost to Deng; Deng beat Chen and Bo, lost to Alan.
# Alan, Bo, Deng: 2+2+1 = 5 match points, games 4:2 each; Chen 3.
THREE_WAY = [WON, WON, WON, LOST, LOST, LOST]


def meet(make_meet, podium, tiebreaks='["penalties", "games_ratio"]', results=THREE_WAY, name="meet"):
    folder = make_meet(MEET.format(tiebreaks=tiebreaks), PLAYERS, name=name)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    for number, score in enumerate(results, start=1):
        podium(folder, "result", "ms", str(number), score)
    return folder


def table(podium, folder):
    return json.loads(podium(folder, "standings", "ms", "--json").output)["stages"][0]["tables"][0]


def journal(folder):
    return (folder / "meet.sqlite").read_bytes()


def test_a_tie_for_first_must_be_decided(make_meet, podium):
    """Alan, Bo and Deng share first after the chain; decide = [1] says the champion must be decided."""
    folder = meet(make_meet, podium)
    out = podium(folder, "standings", "ms").output
    assert (
        "Alan, Bo, Deng are tied for place 1, which must be decided: record a play-off with 'podium playoff ms …' "
        "or draw lots with 'podium lots ms'." in out
    )
    data = table(podium, folder)
    assert [(r["place"], r["name"], r["shared"]) for r in data["rows"]] == [
        (1, "Alan", True), (1, "Bo", True), (1, "Deng", True), (4, "Chen", False),
    ]
    assert data["ties"] == [{"place": 1, "keys": ["1", "2", "4"], "names": ["Alan", "Bo", "Deng"], "must_decide": True}]
    assert data["explain"] == []  # Chen is 4th on points; nothing separates the other three
    assert data["unresolved"] == [["Alan", "Bo", "Deng"]]


def test_nobody_is_tied_before_playing(make_meet, podium):
    """Before any result every entrant shares place 1, but no chain has ranked anyone: the standings say no tie must
    be decided (decide = [1]) and explain none. After match 1 (Alan beat Deng: 2 and 1 match points, ITTF 3.7.5.1) Bo
    and Chen, who have not played, still share place 3 with nothing said of them."""
    folder = meet(make_meet, podium, results=[])
    out = podium(folder, "standings", "ms", "--explain").output
    assert "tied" not in out and "must be decided" not in out
    data = table(podium, folder)
    assert [(r["place"], r["shared"]) for r in data["rows"]] == [(1, True)] * 4 and data["ties"] == []
    podium(folder, "result", "ms", "1", WON)
    data = table(podium, folder)
    assert [(r["place"], r["name"], r["points"]) for r in data["rows"]] == [(1, "Alan", 2), (2, "Deng", 1), (3, "Bo", 0), (3, "Chen", 0)]
    assert data["ties"] == []


def test_lots_are_drawn_with_a_recorded_seed(make_meet, podium):
    """`podium lots` orders the tied group by random.Random(seed).sample(sorted keys) and journals the seed."""
    folder = meet(make_meet, podium)
    out = podium(folder, "lots", "ms", "--seed", "7").output
    order = random.Random(7).sample(["1", "2", "4"], 3)
    names = {"1": "Alan", "2": "Bo", "4": "Deng"}
    assert f"Drew lots for place 1 of Men's singles (Round robin) with seed 7: 1. {names[order[0]]}  2. {names[order[1]]}  3. {names[order[2]]}" in out
    data = table(podium, folder)
    assert [r["name"] for r in data["rows"]] == [names[k] for k in order] + ["Chen"]
    assert data["ties"] == []
    explained = podium(folder, "standings", "ms", "--explain").output
    assert f"{names[order[0]]} above {names[order[1]]}: drawing of lots (seed 7) 1 vs 2" in explained
    assert "must be decided" not in explained
    log = json.loads(podium(folder, "log", "--json").output)
    assert log[-1]["kind"] == "lots" and log[-1]["payload"]["seed"] == 7 and log[-1]["payload"]["order"] == order
    # The same seed on another meet gives the same order.
    other = meet(make_meet, podium, name="other")
    podium(other, "lots", "ms", "--seed", "7")
    assert [r["name"] for r in table(podium, other)["rows"]] == [r["name"] for r in data["rows"]]
    # Nothing is left to decide now.
    again = podium(folder, "lots", "ms", ok=False)
    assert again.exit_code != 0
    assert "No tie in stage 'Round robin' of Men's singles must be decided; to draw lots for a shared place anyway, give --place N." in again.output


def test_a_play_off_decides_the_champion_and_the_rest_share(make_meet, podium):
    """Deng won a play-off for first: Deng 1st; Alan and Bo, not played off, share 2nd (allowed: only 1 must be decided)."""
    folder = meet(make_meet, podium)
    out = podium(folder, "playoff", "ms", "Deng", "--reason", "play-off game 11-8").output
    assert "Recorded the play-off for place 1 of Men's singles: 1. Deng" in out
    data = table(podium, folder)
    assert [(r["place"], r["name"]) for r in data["rows"]] == [(1, "Deng"), (2, "Alan"), (2, "Bo"), (4, "Chen")]
    explained = podium(folder, "standings", "ms", "--explain").output
    assert "Deng above Alan: play-off 1 vs 2" in explained
    assert "Alan, Bo remain tied after the whole chain and share place 2." in explained
    assert "must be decided" not in explained
    log = podium(folder, "log").output
    assert "play-off for place 1: Deng" in log and "play-off game 11-8" in log


def test_a_warning_puts_the_entrant_last_among_equals(make_meet, podium):
    """CXA 2011 §18.5: a warning for Bo puts him below Alan and Deng, who stay tied for first."""
    folder = meet(make_meet, podium)
    out = podium(folder, "penalty", "ms", "Bo", "--kind", "warning", "--reason", "disturbed the opponent", "--match", "4").output
    assert "Recorded a warning for Bo in Men's singles." in out  # the event by name, not "ms"
    assert "Bo now has 0 removals and 1 warning" in out
    data = table(podium, folder)
    assert [(r["place"], r["name"]) for r in data["rows"]] == [(1, "Alan"), (1, "Deng"), (3, "Bo"), (4, "Chen")]
    assert data["rows"][2]["values"] == {"penalties": "1 warning", "games_ratio": "4:2"}
    explained = podium(folder, "standings", "ms", "--explain").output
    assert "Deng above Bo: penalties none vs 1 warning" in explained
    assert "Alan, Deng are tied for place 1, which must be decided" in explained
    # Cancelled by mistake: both entries stay, the ranking is as before.
    podium(folder, "penalty", "ms", "Bo", "--kind", "warning", "--cancel", "--reason", "wrong player")
    assert [r["place"] for r in table(podium, folder)["rows"]] == [1, 1, 1, 4]
    assert "warning of Bo cancelled" in podium(folder, "log").output


def test_explain_in_chinese_and_english(make_meet, podium):
    """小分 (CXA 2011 §14.1) with ITTF match points: 张三 beat 李四 (5) and 王五 (4) = 9; 李四 beat 王五 (4) and 赵六 (4) = 8.

    Results: 张三–赵六 赵六 won; 李四–王五 李四; 赵六–王五 王五; 张三–李四 张三; 李四–赵六 李四; 王五–张三 张三.
    Match points: 张三 1+2+2 = 5; 李四 2+1+2 = 5; 王五 1+2+1 = 4; 赵六 2+1+1 = 4.
    王五 beat 赵六 (4) = 4; 赵六 beat 张三 (5) = 5 → 赵六 above 王五.
    """
    players = PLAYERS.replace("Alan", "张三").replace("Bo", "李四").replace("Chen", "王五").replace("Deng", "赵六")
    folder = make_meet(MEET.format(tiebreaks='"cxa-14.1"').replace("decide = [1]", "decide = []"), players)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    for number, score in enumerate([LOST, WON, LOST, WON, WON, LOST], start=1):
        podium(folder, "result", "ms", str(number), score)
    english = podium(folder, "standings", "ms", "--explain").output
    assert "张三 above 李四: Sonneborn-Berger 9 vs 8" in english
    assert "赵六 above 王五: Sonneborn-Berger 5 vs 4" in english
    chinese = podium(folder, "--lang", "zh", "standings", "ms", "--explain").output
    assert "张三排在李四之前：小分 9 对 8" in chinese  # two Chinese names take no space beside 排在 and 之前
    explain = json.loads(podium(folder, "standings", "ms", "--json").output)["stages"][0]["tables"][0]["explain"]
    assert explain == [
        {"upper": "张三", "lower": "李四", "upper_key": "1", "lower_key": "2", "criterion": "sonneborn_berger",
         "label": {"zh": "小分", "en": "Sonneborn-Berger"}, "upper_value": 9, "lower_value": 8},
        {"upper": "赵六", "lower": "王五", "upper_key": "4", "lower_key": "3", "criterion": "sonneborn_berger",
         "label": {"zh": "小分", "en": "Sonneborn-Berger"}, "upper_value": 5, "lower_value": 4},
    ]


def test_settling_is_refused_clearly(make_meet, podium):
    folder = meet(make_meet, podium, results=THREE_WAY[:4])
    before = journal(folder)
    for args, message in [
        (("lots", "ms"), "Stage 'Round robin' of Men's singles still has 2 matches without a result; settle ties once every result is in."),
        (("playoff", "ms", "Deng", "--reason", "x"), "still has 2 matches without a result"),
        (("penalty", "ms", "Nobody", "--kind", "warning", "--reason", "x"), "Men's singles has no entrant 'Nobody'."),
        (("penalty", "ms", "Bo", "--kind", "removal", "--cancel", "--reason", "x"), "Bo has no removal to cancel in Men's singles."),
        (("penalty", "ms", "Bo", "--kind", "warning", "--match", "1", "--reason", "x"),
         "Bo does not play match 1; name a match of theirs or leave out --match."),
        (("penalty", "ms", "Bo", "--kind", "caution", "--reason", "x"), "'caution' is not one of 'warning', 'removal'"),
    ]:
        result = podium(folder, *args, ok=False)
        assert result.exit_code != 0, args
        assert message in result.output, (args, result.output)
        assert "Traceback" not in result.output
        assert journal(folder) == before
    for number, score in enumerate(THREE_WAY[4:], start=5):
        podium(folder, "result", "ms", str(number), score)
    before = journal(folder)
    for args, message in [
        (("lots", "ms", "--place", "4"), "No entrants share place 4 in stage 'Round robin' of Men's singles"),
        (("lots", "ms", "--group", "Z"), "Stage 'Round robin' of Men's singles has no group 'Z'."),
        (("playoff", "ms", "Chen", "Alan", "--reason", "x"), "Chen, Alan are not tied with each other after the whole chain"),
        (("playoff", "ms", "Alan", "Alan", "--reason", "x"), "An entrant is named twice"),
    ]:
        result = podium(folder, *args, ok=False)
        assert result.exit_code != 0, args
        assert message in result.output, (args, result.output)
        assert journal(folder) == before


def test_bad_chains_and_options_in_meet_toml(make_meet, podium):
    for tiebreaks, options, message in [
        ('"cxa-99"', "", "events.ms.tiebreaks (Men's singles): unknown tie-break chain 'cxa-99'; valid chains: cxa-14.1, cxa-14.2,"),
        ('["sonneborn_berger", "smallscore"]', "", "unknown tie-breaker 'smallscore'; valid tie-breakers: boards, buchholz,"),
        ("7", "", "must be a chain name like \"cxa-14.1\" or a list of tie-breaker names"),
        ('"ittf"', "previous_round = \"last\"\n", "option 'previous_round' cannot be \"last\"; valid values: standing, round"),
        ('"ittf"', "tiebreak = 1\n", "unknown option 'tiebreak'; valid options: decide, head_to_head, previous_round, unplayed"),
    ]:
        text = MEET.format(tiebreaks=tiebreaks).replace("decide = [1]\n", "decide = [1]\n" + options)
        folder = make_meet(text, PLAYERS, name=f"bad{abs(hash(tiebreaks + options))}")
        result = podium(folder, "standings", "ms", ok=False)
        assert result.exit_code != 0
        assert message in result.output, result.output
        assert "Traceback" not in result.output
    folder = make_meet(MEET.format(tiebreaks='"ittf"').replace("decide = [1]", "decide = [0]"), PLAYERS, name="zero")
    result = podium(folder, "standings", "ms", ok=False)
    assert "option 'decide' must list places as whole numbers from 1, like [1] or [1, 2], not [0]." in result.output


def test_help_has_examples(podium):
    for command in ("lots", "playoff", "penalty", "standings"):
        out = podium(None, command, "--help").output
        assert "Example:" in out and f"podium {command} " in out


GROUPS = """
[meet]
name = "Test meet"
language = "en"

[events.ms]
name = "Men's singles"
sport = "table_tennis"
tiebreaks = ["games_ratio"]

[[events.ms.stages]]
name = "groups"
format = "groups"
groups = 2

[[events.ms.stages]]
name = "knockout"
format = "knockout"

[events.ms.rules]
best_of = 3
"""


def test_a_finished_group_settles_its_tie_while_the_other_group_plays(make_meet, podium):
    """Weiqi 2002 Art. 27 / CXA 1999 §15.6 (lots for a place that must not be shared), per group: a group's
    standings depend on its own matches only. Group A is a cycle of three 2–0 wins: every player 1 win and 1
    loss (ITTF 3 points), games 2:2 each, so all three share 1st after the chain. Lots for place 1 of group A
    are journaled while group B has no result; group B's are refused until its three matches are in."""
    names = ["Ann", "Bo", "Cy", "Dan", "Eli", "Fu"]
    folder = make_meet(GROUPS, "event,name\n" + "".join(f"ms,{n}\n" for n in names))
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    group_a = [m for m in json.loads(podium(folder, "matches", "ms", "--json").output) if m["group"] == "A"]
    members = sorted({name for m in group_a for name in m["names"]})
    beats = {members[0]: members[1], members[1]: members[2], members[2]: members[0]}  # a cycle
    for m in group_a:
        first, second = m["names"]
        podium(folder, "result", "ms", str(m["number"]), WON if beats[first] == second else LOST)
    out = podium(folder, "lots", "ms", "--group", "A", "--place", "1", "--seed", "5").output
    assert "Drew lots for place 1 of Men's singles (Groups · group A) with seed 5: " in out and all(name in out for name in members)
    refused = podium(folder, "lots", "ms", "--group", "B", "--place", "1", ok=False)
    assert "Group B of stage 'Groups' of Men's singles still has 3 matches without a result; settle its ties once its results are in." in refused.output


def test_the_names_not_tied_are_listed_as_each_language_lists_them(make_meet, podium):
    """Chen (3 match points) and Alan (5) are not tied: Chinese lists the two with the enumeration comma 、, English
    with a comma."""
    folder = meet(make_meet, podium)
    chinese = podium(folder, "--lang", "zh", "playoff", "ms", "Chen", "Alan", "--reason", "x", ok=False).output
    assert "，Chen、Alan 比较全部破同分规则后并不并列；" in chinese, chinese
    english = podium(folder, "--lang", "en", "playoff", "ms", "Chen", "Alan", "--reason", "x", ok=False).output
    assert "Error: Chen, Alan are not tied with each other after the whole chain" in english, english
