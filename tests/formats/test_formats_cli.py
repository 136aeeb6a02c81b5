"""Every format from the command line, on a real meet folder (table tennis, best of 5 unless a round says otherwise).

Results are entered so that the lower bib always wins 3-0 (11-5 in every game);
expected brackets and places below follow from that by hand.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

HEADER = """
[meet]
name = "Formats"
language = "en"

[units]
c1 = "Class 1"
c2 = "Class 2"
c3 = "Class 3"
c4 = "Class 4"

[events.ms]
name = "Men's singles"
sport = "table_tennis"

[events.ms.rules]
best_of = 5
"""


def meet(make_meet, podium, stages: str, count: int, seeds: int = 0, units: int = 4, name: str = "meet") -> Path:
    """A meet with ``count`` players P1… (bib = number, unit cycling over ``units``), the first ``seeds`` seeded;
    ``name`` is its folder's."""
    rows = ["event,name,unit,bib,seed"]
    for i in range(1, count + 1):
        rows.append(f"ms,P{i},Class {(i - 1) % units + 1},{i},{i if i <= seeds else ''}")
    folder = make_meet(HEADER + textwrap.dedent(stages), "\n".join(rows) + "\n", name=name)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    return folder


def rows(podium, folder: Path, *flags: str) -> list[dict]:
    return json.loads(podium(folder, "matches", "ms", "--json", *flags).output)


def score(row: dict, games: int = 3) -> str:
    """The lower bib wins every game 11-5, written from the first side's point of view."""
    a, b = (int(name[1:]) for name in row["names"])
    return " ".join(["11-5" if a < b else "5-11"] * games)


def play_all(podium, folder: Path, games: dict[str, int] | None = None, only: set[str] | None = None) -> int:
    """Enter results for every pending match (of the rounds ``only`` names) until none is left; ``games`` per round name (default 3)."""
    entered = 0
    while pending := [r for r in rows(podium, folder, "--pending") if only is None or r["round_name"] in only]:
        for row in pending:
            podium(folder, "result", "ms", str(row["number"]), score(row, (games or {}).get(row["round_name"], 3)))
            entered += 1
    return entered


def by_round(podium, folder: Path, name: str) -> list[list[str]]:
    return [row["names"] for row in rows(podium, folder) if row["round_name"] == name]


GROUPS_KNOCKOUT = """
[[events.ms.stages]]
name = "groups"
format = "groups"
groups = 4
advance = 2
numbers = "seeds"

[[events.ms.stages]]
name = "knockout"
format = "knockout"
third_place = true
round_rules = { final = { best_of = 7 } }
"""


def test_groups_then_knockout_with_third_place_and_best_of_seven_final(make_meet, podium):
    """16 players, seeds 1–8 snaked into 4 groups: A 1 8, B 2 7, C 3 6, D 4 5 (+ 2 drawn each).

    The seeds win their groups' top two places (lower bib wins): A1 P1, A2 P8; B1 P2, B2 P7;
    C1 P3, C2 P6; D1 P4, D2 P5. Crossover quarter-finals (table-tennis plan 7 §4): A1–B2, D1–C2 |
    B1–A2, C1–D2 = P1–P7, P4–P6, P2–P8, P3–P5. Semis P1–P4, P2–P3; final P1–P2 (best of 7:
    4 games); third place P4–P3.
    """
    folder = meet(make_meet, podium, GROUPS_KNOCKOUT, 16, seeds=8)
    assert "16 entrants, 24 matches" in podium(folder, "draw", "ms", "--seed", "5").output
    first = rows(podium, folder)[0]
    podium(folder, "result", "ms", str(first["number"]), score(first))
    refused = podium(folder, "advance", "ms", ok=False)
    assert refused.exit_code != 0 and "Stage 'Groups' of Men's singles is not complete; still open: #2 " in refused.output
    play_all(podium, folder)
    out = podium(folder, "advance", "ms", "--seed", "3").output
    assert "8 go through to 'Knockout': P1, P2, P3, P4, P8, P7, P6, P5." in out
    assert by_round(podium, folder, "quarter") == [["P1", "P7"], ["P4", "P6"], ["P2", "P8"], ["P3", "P5"]]
    play_all(podium, folder, only={"quarter", "semi"})
    final = next(row for row in rows(podium, folder, "--pending") if row["round_name"] == "final")
    assert final["names"] == ["P1", "P2"]
    short = podium(folder, "result", "ms", str(final["number"]), "11-5 11-5 11-5", ok=False)
    assert "best of 7" in short.output
    play_all(podium, folder, games={"final": 4, "third_place": 3})
    assert by_round(podium, folder, "third_place") == [["P4", "P3"]]
    placings = json.loads(podium(folder, "standings", "ms", "--json").output)["stages"][1]["placings"]
    assert [(p["place"], p["name"]) for p in placings][:4] == [(1, "P1"), (2, "P2"), (3, "P3"), (4, "P4")]
    assert [p["place"] for p in placings][4:] == [5, 5, 5, 5]
    assert "Error" in podium(folder, "advance", "ms", ok=False).output


def test_tie_at_the_cut_is_reported_then_decided_by_lots(make_meet, podium):
    """One group of 3, top 2 advance; P1 beats P2, P2 beats P3, P3 beats P1, all 3-0 with 11-5 games.

    ITTF 3.7.5: among the three, match points, games ratio and points ratio are all equal, so
    the chain cannot separate them and 2 places are tied among 3 entrants: reported, never decided.
    """
    folder = meet(make_meet, podium, """
        [[events.ms.stages]]
        name = "groups"
        format = "groups"
        groups = 1
        advance = 2

        [[events.ms.stages]]
        name = "final"
        format = "knockout"
    """, 3)
    podium(folder, "draw", "ms", "--seed", "1")
    for row in rows(podium, folder):
        a, b = (int(n[1:]) for n in row["names"])
        first_wins = (a, b) in ((1, 2), (2, 3), (3, 1))
        podium(folder, "result", "ms", str(row["number"]), "11-5 11-5 11-5" if first_wins else "5-11 5-11 5-11")
    journal = (folder / "meet.sqlite").read_bytes()
    refused = podium(folder, "advance", "ms", ok=False)
    assert "The qualifying cut of stage 'Groups' is tied: P1, P2, P3 are tied in group A for 2 places; decide it by a play-off" in refused.output
    assert (folder / "meet.sqlite").read_bytes() == journal
    assert "--order needs --reason" in podium(folder, "advance", "ms", "--order", "P3,P1", ok=False).output
    out = podium(folder, "advance", "ms", "--lots", "--seed", "9").output
    assert "2 go through to 'Knockout'" in out and "Tie at the cut decided:" in out
    log = json.loads(podium(folder, "log", "--json").output)
    kinds = [entry["kind"] for entry in log]
    assert kinds[-3:] == ["lots", "advance", "draw"]
    assert log[-2]["payload"]["decided"][0]["by"] == "lots"


def test_tie_at_the_cut_decided_by_a_play_off_order(make_meet, podium):
    folder = meet(make_meet, podium, """
        [[events.ms.stages]]
        name = "groups"
        format = "groups"
        groups = 1
        advance = 2

        [[events.ms.stages]]
        name = "final"
        format = "knockout"
    """, 3)
    podium(folder, "draw", "ms", "--seed", "1")
    for row in rows(podium, folder):
        a, b = (int(n[1:]) for n in row["names"])
        podium(folder, "result", "ms", str(row["number"]), "11-5 11-5 11-5" if (a, b) in ((1, 2), (2, 3), (3, 1)) else "5-11 5-11 5-11")
    out = podium(folder, "advance", "ms", "--order", "P3,P1,P2", "--reason", "play-off on 12 May").output
    assert "2 go through to 'Knockout': P3, P1." in out
    assert by_round(podium, folder, "final") == [["P3", "P1"]]


def test_swiss_then_knockout(make_meet, podium):
    """积分晋圈淘汰制: 6 players, 3 Swiss rounds, the top 4 enter a knockout seeded by Swiss rank."""
    folder = meet(make_meet, podium, """
        [[events.ms.stages]]
        name = "swiss"
        format = "swiss"
        rounds = 3
        advance = 4

        [[events.ms.stages]]
        name = "final"
        format = "knockout"
    """, 6, seeds=6)
    out = podium(folder, "draw", "ms", "--seed", "2").output
    assert "6 entrants, 3 matches" in out
    assert [r["names"] for r in rows(podium, folder)] == [["P1", "P4"], ["P5", "P2"], ["P3", "P6"]]
    assert "Round 1 of stage 'Swiss' is not complete" in podium(folder, "pair", "ms", ok=False).output
    for _ in range(2):
        play_all(podium, folder)
        assert "Paired round" in podium(folder, "pair", "ms").output
    play_all(podium, folder)
    assert "Every round of stage 'Swiss' has been paired" in podium(folder, "pair", "ms", ok=False).output
    standings = json.loads(podium(folder, "standings", "ms", "--json").output)["stages"][0]["tables"][0]["rows"]
    top = [r["name"] for r in standings[:4]]
    out = podium(folder, "advance", "ms", "--seed", "1").output
    assert f"4 go through to 'Knockout': {', '.join(top)}." in out
    semis = by_round(podium, folder, "semi")
    assert semis == [[top[0], top[3]], [top[1], top[2]]]  # seeded by Swiss rank: 1–4, 2–3


def test_knockout_down_to_four_then_round_robin(make_meet, podium):
    """College xiangqi rules §6(1): knockout until four remain, then a round robin of the four (6 matches)."""
    folder = meet(make_meet, podium, """
        [[events.ms.stages]]
        name = "knockout"
        format = "knockout"
        until = 4

        [[events.ms.stages]]
        name = "final"
        format = "round_robin"
    """, 8, seeds=8)
    assert "8 entrants, 4 matches" in podium(folder, "draw", "ms", "--seed", "1").output
    play_all(podium, folder)
    out = podium(folder, "advance", "ms", "--seed", "1").output
    assert "4 go through to 'Round robin': P1, P4, P2, P3." in out and "4 entrants, 6 matches" in out
    play_all(podium, folder)
    table = json.loads(podium(folder, "standings", "ms", "--json").output)["stages"][1]["tables"][0]["rows"]
    assert [r["name"] for r in table] == ["P1", "P2", "P3", "P4"]


def test_double_elimination_from_the_cli(make_meet, podium):
    folder = meet(make_meet, podium, """
        [[events.ms.stages]]
        name = "main"
        format = "double_elimination"
    """, 4, seeds=4)
    podium(folder, "draw", "ms", "--seed", "1")
    assert play_all(podium, folder) == 6  # 2n − 2: the winners-bracket winner takes the final
    placings = json.loads(podium(folder, "standings", "ms", "--json").output)["stages"][0]["placings"]
    assert [p["name"] for p in placings] == ["P1", "P2", "P3", "P4"]


def test_round_robin_withdrawal_before_half_annuls(make_meet, podium):
    """withdrawal = "half" (CXA 2011 §19.2, chosen here for a table-tennis stage): 10 players; P1 plays 4 of its 9
    matches, then withdraws: all 4 results annulled."""
    stage = '[[events.ms.stages]]\nname = "main"\nformat = "round_robin"\nnumbers = "list"\nwithdrawal = "half"\n'
    folder = meet(make_meet, podium, stage, 10)
    podium(folder, "draw", "ms", "--seed", "1")
    own = [r for r in rows(podium, folder) if "P1" in r["names"]]
    for row in own[:4]:
        podium(folder, "result", "ms", str(row["number"]), score(row))
    out = podium(folder, "withdraw", "ms", "P1", "--reason", "injured").output
    assert "P1 withdrawn after playing 4 of 9 matches: fewer than half, so all of their results are annulled (CXA 2011 §19.2)." in out
    statuses = [r["status"] for r in rows(podium, folder) if "P1" in r["names"]]
    assert statuses == ["annulled"] * 9
    refused = podium(folder, "result", "ms", str(own[5]["number"]), "11-5 11-5 11-5", ok=False)
    assert f"match {own[5]['number']} is annulled: P1 withdrew having played fewer than half of the matches (CXA 2011 §19.2)." in refused.output
    table = json.loads(podium(folder, "standings", "ms", "--json").output)["stages"][0]["tables"][0]["rows"]
    assert "P1" not in [r["name"] for r in table]
    assert all(r["played"] == 0 for r in table)  # the 4 opponents' losses to P1 are gone too
    again = podium(folder, "withdraw", "ms", "P1", "--reason", "twice", ok=False)
    assert "P1 has already withdrawn from Men's singles (injured)." in again.output


def test_table_tennis_withdrawal_keeps_the_results_and_loses_the_rest(make_meet, podium):
    """ITTF 3.7.5.1, table tennis's default: 2 match points for a win, 1 for a loss in a played match, 0 for a loss in
    an unplayed one; nothing is annulled. Four players in the ITTF group order (1–4 and 2–3 first, 1–2 last): P1 beats
    P4 in round 1, then withdraws having played 1 of 3 — under CXA 2011 §19.2 that result would be annulled; here it
    stands and P1's matches with P3 and P2 are walkovers. The others: lower bib wins.

    P2: walkover over P1 2 + beat P3 2 + beat P4 2 = 6; P3: walkover 2 + lost to P2 1 + beat P4 2 = 5;
    P4: lost to P1 1 + lost to P2 1 + lost to P3 1 = 3; P1: beat P4 2 + two unplayed losses 0 = 2.
    """
    folder = meet(make_meet, podium, '[[events.ms.stages]]\nname = "main"\nformat = "round_robin"\nnumbers = "list"\n', 4)
    podium(folder, "draw", "ms", "--seed", "1")
    first = rows(podium, folder)[0]
    assert first["names"] == ["P1", "P4"]
    podium(folder, "result", "ms", str(first["number"]), score(first))
    out = podium(folder, "withdraw", "ms", "P1", "--reason", "injured").output
    assert "P1 withdrawn after playing 1 of 3 matches: the results stand and the unplayed matches are forfeits (ITTF 3.7.5.1)." in out
    walkover = next(r for r in rows(podium, folder) if r["names"] == ["P1", "P3"])
    waiting = [r["names"] for r in rows(podium, folder, "--pending")]
    assert waiting == [["P2", "P3"], ["P4", "P2"], ["P3", "P4"]]  # the walkovers wait for nothing
    refused = podium(folder, "result", "ms", str(walkover["number"]), "11-5 11-5 11-5", ok=False)
    assert f"match {walkover['number']} needs no result: P1 withdrew, so it is a walkover (ITTF 3.7.5.1)." in refused.output
    assert play_all(podium, folder) == 3
    table = json.loads(podium(folder, "standings", "ms", "--json").output)["stages"][0]["tables"][0]["rows"]
    assert [(r["place"], r["name"], r["points"]) for r in table] == [(1, "P2", 6), (2, "P3", 5), (3, "P4", 3), (4, "P1", 2)]


def test_a_withdrawal_before_the_draw_names_the_event(make_meet, podium):
    """Withdrawn before the draw, the entrant will not be in it; the answer names the event as meet.toml does."""
    folder = meet(make_meet, podium, '[[events.ms.stages]]\nname = "main"\nformat = "round_robin"\n', 4)
    out = podium(folder, "withdraw", "ms", "P1", "--reason", "injured").output
    assert out == "P1 withdrawn from Men's singles; they will not be in the draw.\n"


def test_an_annulled_played_match_can_be_corrected_and_still_counts_for_nobody(make_meet, podium):
    """docs/standings.md: a played match annulled by §19.2 (``withdrawal = "half"``) keeps its result, which may be
    corrected (a wrong score is still wrong); the match stays annulled and nobody's record changes. P1 beat P2 11-5 ×3
    (entered as P2 winning by mistake, then corrected); P1 played 1 of 9 and withdraws, so the match counts for neither."""
    stage = '[[events.ms.stages]]\nname = "main"\nformat = "round_robin"\nnumbers = "list"\nwithdrawal = "half"\n'
    folder = meet(make_meet, podium, stage, 10)
    podium(folder, "draw", "ms", "--seed", "1")
    [first] = [r for r in rows(podium, folder) if set(r["names"]) == {"P1", "P2"}]
    wrong = "5-11 5-11 5-11" if first["names"][0] == "P1" else "11-5 11-5 11-5"
    right = "11-5 11-5 11-5" if first["names"][0] == "P1" else "5-11 5-11 5-11"
    podium(folder, "result", "ms", str(first["number"]), wrong)
    podium(folder, "withdraw", "ms", "P1", "--reason", "injured")
    podium(folder, "correct", "ms", str(first["number"]), right, "--reason", "score sheet")
    [after] = [r for r in rows(podium, folder) if r["number"] == first["number"]]
    assert (after["status"], after["result"]) == ("annulled", right)
    table = {r["name"]: r for r in json.loads(podium(folder, "standings", "ms", "--json").output)["stages"][0]["tables"][0]["rows"]}
    assert "P1" not in table and table["P2"]["played"] == 0


def test_round_robin_withdrawal_after_half_keeps_results(make_meet, podium):
    """§19.2: 5 of 9 played → kept; the other 4 are walkovers for the opponents (ITTF: a walkover loss scores 0)."""
    folder = meet(make_meet, podium, '[[events.ms.stages]]\nname = "main"\nformat = "round_robin"\nnumbers = "list"\n', 10)
    podium(folder, "draw", "ms", "--seed", "1")
    own = [r for r in rows(podium, folder) if "P1" in r["names"]]
    for row in own[:5]:
        podium(folder, "result", "ms", str(row["number"]), score(row))
    out = podium(folder, "withdraw", "ms", "P1", "--reason", "left").output
    assert "after playing 5 of 9 matches: the results stand and the unplayed matches are forfeits" in out
    assert out.count("wins by walkover") == 4
    statuses = [r["status"] for r in rows(podium, folder) if "P1" in r["names"]]
    assert statuses == ["done"] * 5 + ["walkover"] * 4
    refused = podium(folder, "result", "ms", str(own[6]["number"]), "11-5 11-5 11-5", ok=False)
    assert "needs no result: P1 withdrew, so it is a walkover" in refused.output
    table = {r["name"]: r for r in json.loads(podium(folder, "standings", "ms", "--json").output)["stages"][0]["tables"][0]["rows"]}
    assert table["P1"]["wins"] == 5 and table["P1"]["losses"] == 4 and table["P1"]["points"] == 10  # 5 × 2 + 4 × 0


def test_knockout_withdrawal_walkover_and_bye(make_meet, podium):
    """3 players: P1 has a bye (no result needed); P3 withdraws, so P2 reaches the final by walkover."""
    folder = meet(make_meet, podium, '[[events.ms.stages]]\nname = "main"\nformat = "knockout"\n', 3, seeds=3)
    podium(folder, "draw", "ms", "--seed", "1")
    listed = rows(podium, folder)
    assert [(r["names"], r["status"]) for r in listed[:2]] == [(["P1", None], "bye"), (["P2", "P3"], "ready")]
    assert listed[0]["sides"][1] == "BYE"  # a bye has no name: its side is the BYE key
    assert "it needs no result" in podium(folder, "result", "ms", "1", "11-5 11-5 11-5", ok=False).output
    out = podium(folder, "withdraw", "ms", "P3", "--reason", "ill").output
    assert "Match 2: P2 wins by walkover." in out
    assert by_round(podium, folder, "final") == [["P1", "P2"]]


def test_double_forfeit_in_a_knockout(make_meet, podium):
    """CXA 2011 §20.2: both absent (-:-) is accepted in a knockout; the next opponent goes through."""
    folder = meet(make_meet, podium, '[[events.ms.stages]]\nname = "main"\nformat = "knockout"\n', 4, seeds=4)
    podium(folder, "draw", "ms", "--seed", "1")
    podium(folder, "result", "ms", "1", "-:-")
    podium(folder, "result", "ms", "2", "11-5 11-5 11-5")
    final = rows(podium, folder)[2]
    assert (final["names"], final["sides"][0], final["status"]) == ([None, "P2"], "BYE", "bye")


def test_correcting_a_knockout_winner_after_the_next_round_is_refused(make_meet, podium):
    folder = meet(make_meet, podium, '[[events.ms.stages]]\nname = "main"\nformat = "knockout"\n', 4, seeds=4)
    podium(folder, "draw", "ms", "--seed", "1")
    play_all(podium, folder)
    journal = (folder / "meet.sqlite").read_bytes()
    refused = podium(folder, "correct", "ms", "1", "5-11 5-11 5-11", "--reason", "wrong winner", ok=False)
    assert "match 1 cannot be corrected to this result, which changes who went on, because match 3 (P1 – P2) has already been played" in refused.output
    assert (folder / "meet.sqlite").read_bytes() == journal
    podium(folder, "correct", "ms", "1", "11-5 11-7 11-5", "--reason", "game 2 score")


def test_paper_draw_and_redraw(make_meet, podium, tmp_path):
    folder = meet(make_meet, podium, '[[events.ms.stages]]\nname = "main"\nformat = "knockout"\n', 3)
    paper = tmp_path / "paper.csv"
    paper.write_text("签位,姓名\n1,P3\n3,P1\n4,P2\n", encoding="utf-8")
    assert "from paper.csv: 3 entrants, 2 matches" in podium(folder, "draw", "ms", "--from", str(paper)).output
    listed = rows(podium, folder)
    assert [r["names"] for r in listed][:2] == [["P3", None], ["P1", "P2"]] and listed[0]["sides"][1] == "BYE"
    assert "already drawn; add --redraw" in podium(folder, "draw", "ms", "--from", str(paper), ok=False).output
    bad = tmp_path / "bad.csv"
    bad.write_text("position,name\n1,P3\n2,Nobody\n", encoding="utf-8")
    assert "bad.csv: line 3: Men's singles has no entrant 'Nobody'." in podium(folder, "draw", "ms", "--redraw", "--from", str(bad), ok=False).output
    bad.write_text("position,name\n1,P3\n2,P1\n", encoding="utf-8")
    assert "every entrant needs a position; missing: P2" in podium(folder, "draw", "ms", "--redraw", "--from", str(bad), ok=False).output
    assert "either --seed or --from" in podium(folder, "draw", "ms", "--redraw", "--seed", "1", "--from", str(paper), ok=False).output
    podium(folder, "draw", "ms", "--redraw", "--seed", "4")
    podium(folder, "result", "ms", "2", "11-5 11-5 11-5")
    refused = podium(folder, "draw", "ms", "--redraw", ok=False)
    assert "Stage 'Knockout' of Men's singles cannot be redrawn because results have been entered;" in refused.output
    log = json.loads(podium(folder, "log", "--json").output)
    assert [e["payload"].get("seed") for e in log if e["kind"] == "draw"] == [None, 4]


def test_a_paper_draw_refused_names_entrants_by_name_at_their_line(make_meet, podium, tmp_path):
    """P1, P2 and P3 have bibs 1, 2 and 3 (their keys); a refused paper draw names them as the file and the organiser
    do, at the file's line (the header is line 1), never by key. A bracket of 3 has lines 1 to 4."""
    folder = meet(make_meet, podium, '[[events.ms.stages]]\nname = "main"\nformat = "knockout"\n', 3)
    paper = tmp_path / "paper.csv"
    paper.write_text("position,name\n1,P3\n9,P1\n4,P2\n", encoding="utf-8")
    refused = podium(folder, "draw", "ms", "--from", str(paper), ok=False)
    assert refused.stderr == "Error: paper.csv: line 3: Position '9' of P1 is not a line of the bracket; give a number from 1 to 4.\n"
    paper.write_text("position,name\n1,P3\n1,P1\n4,P2\n", encoding="utf-8")  # P1 (line 3) is read first, then P2, then P3
    refused = podium(folder, "draw", "ms", "--from", str(paper), ok=False)
    assert refused.stderr == "Error: paper.csv: line 2: Line 1 is given to both P1 and P3.\n"
    paper.write_text("position,name\n1,P3\n2,3\n4,P2\n", encoding="utf-8")  # P3 again, by bib
    refused = podium(folder, "--lang", "zh", "draw", "ms", "--from", str(paper), ok=False)
    assert refused.stderr == "错误：paper.csv：第 3 行：P3 出现了两次（第 2 行已经排过）。\n"


def test_redraw_of_a_later_stage_keeps_its_entrants(make_meet, podium):
    folder = meet(make_meet, podium, GROUPS_KNOCKOUT, 8, seeds=4)
    podium(folder, "draw", "ms", "--seed", "1")
    play_all(podium, folder)
    podium(folder, "advance", "ms", "--seed", "1")
    before = sorted(n for r in rows(podium, folder) if r["stage"] == "knockout" and r["round"] == 1 for n in r["names"])
    out = podium(folder, "draw", "ms", "--redraw", "--seed", "2").output
    assert "Drew Men's singles (Knockout) with seed 2: 8 entrants" in out
    after = sorted(n for r in rows(podium, folder) if r["stage"] == "knockout" and r["round"] == 1 for n in r["names"])
    assert before == after


def test_commands_refuse_what_does_not_fit(make_meet, podium):
    folder = meet(make_meet, podium, '[[events.ms.stages]]\nname = "main"\nformat = "round_robin"\n', 4)
    assert "has not been drawn yet" in podium(folder, "advance", "ms", ok=False).output
    podium(folder, "draw", "ms", "--seed", "1")
    assert "is laid out by its draw; there are no rounds to pair" in podium(folder, "pair", "ms", ok=False).output
    play_all(podium, folder)
    assert "Stage 'Round robin' is the last stage of Men's singles; there is nothing to advance to." in podium(folder, "advance", "ms", ok=False).output
    assert "Men's singles has no entrant 'Nobody'." in podium(folder, "withdraw", "ms", "Nobody", "--reason", "x", ok=False).output
    assert "--reason" in podium(folder, "withdraw", "ms", "P1", ok=False).output


def test_a_correction_that_changes_who_went_through_is_refused(make_meet, podium):
    """8 players in 4 groups of 2 → knockout: flipping group A's only match swaps A1 and A2 after the knockout draw.

    Both still go through, but A1–B2 / B1–A2 would no longer be who plays whom; a score fix that keeps
    the winner is accepted.
    """
    folder = meet(make_meet, podium, GROUPS_KNOCKOUT, 8, seeds=4)
    podium(folder, "draw", "ms", "--seed", "1")
    play_all(podium, folder)
    podium(folder, "advance", "ms", "--seed", "1")
    group_a = [r for r in rows(podium, folder) if r["group"] == "A"]
    (match,) = group_a
    flipped = " ".join("5-11" if g == "11-5" else "11-5" for g in match["result"].split())
    refused = podium(folder, "correct", "ms", str(match["number"]), flipped, "--reason", "swapped", ok=False)
    assert "would change who went through from stage 'Groups' to stage 'Knockout', which is already drawn" in refused.output
    podium(folder, "correct", "ms", str(match["number"]), match["result"].replace("11-5 11-5 11-5", "11-5 11-7 11-5").replace("5-11 5-11 5-11", "5-11 7-11 5-11"), "--reason", "game 2")


def test_swiss_elimination_cut_decided_by_lots(make_meet, podium):
    """积分末位淘汰制: 4 players, from round 2 the lowest one leaves (keep 3).

    Round 1: P1–P3 and P2–P4 (top half v bottom half), both won 3-0 with 11-5 games, so P3 and P4 are
    level on everything the ITTF chain compares (they did not meet): the cut is reported, then lots
    decide it; the lots entry is the one 'podium lots' writes, so the standings rank them that way too.
    """
    folder = meet(make_meet, podium, """
        [[events.ms.stages]]
        name = "swiss"
        format = "swiss"
        rounds = 2
        eliminate_from = 2
        eliminate = 1
        keep = 3
    """, 4, seeds=4)
    podium(folder, "draw", "ms", "--seed", "1")
    play_all(podium, folder)
    refused = podium(folder, "pair", "ms", ok=False)
    assert "Round 2 cannot be paired: the cut is tied: P3, P4 are tied for 1 place; decide it by a play-off" in refused.output
    out = podium(folder, "pair", "ms", "--lots", "--seed", "3").output
    log = json.loads(podium(folder, "log", "--json").output)
    lots = next(e for e in log if e["kind"] == "lots")
    assert lots["payload"]["method"] == "lots" and lots["payload"]["seed"] == 3 and lots["payload"]["place"] == 3
    survivor, loser = (f"P{key}" for key in lots["payload"]["order"])  # keys are the bibs
    assert f"{loser} is eliminated." in out and f"bye: {survivor}" in out  # three left: the lowest gets the bye
    rows_ = json.loads(podium(folder, "standings", "ms", "--json").output)["stages"][0]["tables"][0]["rows"]
    assert rows_[-1]["name"] == loser


def test_paper_draw_of_groups_from_xlsx(make_meet, podium, tmp_path):
    """A groups draw made on paper, typed into a spreadsheet with Chinese headers: 签位 (A1, B2…) and 姓名."""
    import openpyxl

    folder = meet(make_meet, podium, '[[events.ms.stages]]\nname = "groups"\nformat = "groups"\ngroups = 2\n', 4)
    book = openpyxl.Workbook()
    sheet = book.active
    for row in (("签位", "姓名"), ("A1", "P4"), ("A2", "P1"), ("B1", "P2"), ("B2", "P3")):
        sheet.append(row)
    book.save(tmp_path / "paper.xlsx")
    assert "from paper.xlsx: 4 entrants, 2 matches" in podium(folder, "draw", "ms", "--from", str(tmp_path / "paper.xlsx")).output
    assert [(r["group"], r["names"]) for r in rows(podium, folder)] == [("A", ["P4", "P1"]), ("B", ["P2", "P3"])]
    (tmp_path / "bad.csv").write_text("place,who\nA1,P1\n", encoding="utf-8")
    refused = podium(folder, "draw", "ms", "--redraw", "--from", str(tmp_path / "bad.csv"), ok=False)
    assert "bad.csv: the header needs a 'position' (签位) column and a 'name' (姓名) column." in refused.output


def test_a_round_robin_numbered_by_lot_notes_the_seeds_it_leaves_unused(make_meet, podium):
    """P1 and P2 carry seeds 1 and 2; a round robin numbers by lot unless told otherwise (numbers = "lots"), so the
    draw says that those 2 seeds were not used and how to use them; numbered by seed, or as a knockout (seeded
    by default), or without seeds, it has nothing to note."""
    lots = meet(make_meet, podium, '[[events.ms.stages]]\nname = "main"\nformat = "round_robin"\n', 4, seeds=2)
    drawn = podium(lots, "draw", "ms", "--seed", "1").output.splitlines()
    assert drawn[1] == (
        "Note: 2 entrants have seed numbers, which this draw does not use. To give table numbers by seed, "
        'set numbers = "seeds" in the stage\'s [[events.ms.stages]] table of meet.toml and redraw.'
    )
    stages = {
        "seeded": ('format = "round_robin"\nnumbers = "seeds"', 2),
        "knockout": ('format = "knockout"', 2),
        "unseeded": ('format = "round_robin"', 0),
    }
    for name, (stage, seeds) in stages.items():
        folder = meet(make_meet, podium, f'[[events.ms.stages]]\nname = "main"\n{stage}\n', 4, seeds=seeds, name=name)
        assert "Note" not in podium(folder, "draw", "ms", "--seed", "1").output, name
