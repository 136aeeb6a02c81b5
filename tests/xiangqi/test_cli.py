"""Xiangqi from the command line: an individual and a team round robin on real meet folders.

Individual: four players in list order A=Ann, B=Bo, C=Cai, D=Dong. Berger rounds for 4
(CXA 2011 Appendix 1 / FIDE): R1 1-4 2-3, R2 4-3 1-2, R3 2-4 3-1, so matches 1–6 are
Ann-Dong, Bo-Cai, Dong-Cai, Ann-Bo, Bo-Dong, Cai-Ann; the first-listed plays red (§12.1).

Results and points (2/1/0, CXA 2011 §13.1):
  1 Ann-Dong  和                  draw          Ann 1, Dong 1
  2 Bo-Cai    typed "Cai Bo 黑胜": Bo had red, so black = Cai won      Cai 2
  3 Dong-Cai  0-1 checkmate                   Cai 2
  4 Ann-Bo    0-1 time                        Bo 2
  5 Bo-Dong   = agreed moves=30               Bo 1, Dong 1
  6 Cai-Ann   0-1 fouls=3:0 (Cai's third foul, §4.1.10)               Ann 2
Totals: Cai 4, Ann 3, Bo 3, Dong 2. Ann and Bo both have one win: with the chain ["wins"]
they stay tied and share 2nd place.
"""

from __future__ import annotations

import json
import re

PLAYERS = "event,name\nxq,Ann\nxq,Bo\nxq,Cai\nxq,Dong\n"

INDIVIDUAL = """
[meet]
name = "Club night"
language = "en"

[events.xq]
name = "Open xiangqi"
sport = "xiangqi"
tiebreaks = ["wins"]

[[events.xq.stages]]
name = "main"
format = "round_robin"
numbers = "list"

[events.xq.rules]
time_control = "25min+5s"
agreed_draw_minimum = 20
"""


def _journal(folder):
    return (folder / "meet.sqlite").read_bytes()


def test_individual_round_robin(make_meet, podium):
    folder = make_meet(INDIVIDUAL, PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    assert "4 entrants, 6 matches" in podium(folder, "draw", "xq").output
    rows = json.loads(podium(folder, "matches", "xq", "--json").output)
    assert [r["names"] for r in rows] == [["Ann", "Dong"], ["Bo", "Cai"], ["Dong", "Cai"], ["Ann", "Bo"], ["Bo", "Dong"], ["Cai", "Ann"]]

    assert "Match 1 recorded: Ann – Dong =, a draw." in podium(folder, "result", "xq", "1", "和").output
    assert "Match 2 recorded: Cai – Bo 1-0, Cai wins." in podium(folder, "result", "xq", "Cai", "Bo", "黑胜").output
    podium(folder, "result", "xq", "3", "0-1 checkmate")
    podium(folder, "result", "xq", "4", "0-1 time")

    before = _journal(folder)
    refused = podium(folder, "result", "xq", "5", "= agreed", ok=False)
    assert refused.exit_code != 0 and "Traceback" not in refused.output
    assert "An agreed draw counts only after 20 moves or 20 minutes (xiangqi supplementary rules §1.6)" in refused.output
    refused = podium(folder, "result", "xq", "6", "1-0 fouls=3:0", ok=False)
    assert "Cai has 3 fouls, which loses the game (CXA 2011 §4.1.10); the result must be a loss for Cai." in refused.output
    assert _journal(folder) == before

    podium(folder, "result", "xq", "5", "= agreed moves=30")
    podium(folder, "result", "xq", "6", "0-1 fouls=3:0")
    results = [r["result"] for r in json.loads(podium(folder, "matches", "xq", "--json").output)]
    assert results == ["=", "0-1", "0-1 checkmate", "0-1 time", "= agreed moves=30", "0-1 fouls=3:0"]

    view = json.loads(podium(folder, "standings", "xq", "--json").output)
    table = view["stages"][0]["tables"][0]
    assert [(r["place"], r["shared"], r["name"], r["points"], r["wins"]) for r in table["rows"]] == [
        (1, False, "Cai", 4, 2), (2, True, "Ann", 3, 1), (2, True, "Bo", 3, 1), (4, False, "Dong", 2, 0),
    ]


def test_correction_with_a_reason(make_meet, podium):
    """An early agreed draw corrected into both losing (xiangqi supplementary rules §1.6): 0 points each; history kept."""
    folder = make_meet(INDIVIDUAL, PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "xq")
    podium(folder, "result", "xq", "1", "= agreed moves=25")
    out = podium(folder, "correct", "xq", "1", "= agreed moves=12", "--reason", "only 12 moves were played").output
    assert "Match 1 corrected: Ann – Dong 0-0 agreed moves=12, both sides lose." in out
    table = json.loads(podium(folder, "standings", "xq", "--json").output)["stages"][0]["tables"][0]
    assert {r["name"]: r["points"] for r in table["rows"]}["Ann"] == 0


def test_bad_time_control_in_meet_toml_is_refused(make_meet, podium):
    folder = make_meet(INDIVIDUAL.replace('"25min+5s"', '"forty minutes"'), PLAYERS)
    out = podium(folder, "entrants", "import", str(folder / "entrants.csv"), ok=False)
    assert out.exit_code != 0
    assert "option 'time_control' cannot be \"forty minutes\": write it like 60min+30s" in out.output
    assert not (folder / "meet.sqlite").exists()


# --- a team round robin with substitutes (CXA 2011 §11.2) ------------------------------------------------

TEAMS = """
[meet]
name = "Inter-class team xiangqi"
language = "en"

[events.xt]
name = "Team xiangqi"
sport = "xiangqi"
kind = "team"
tiebreaks = ["game_points"]

[[events.xt.stages]]
name = "main"
format = "round_robin"
numbers = "list"

[events.xt.rules]
team_type = "substitutes"
boards = 4
substitutes = 2
"""

TEAM_ENTRANTS = """\
event,team,name,rating,reserve
xt,Wolves,W1,2300,
xt,Wolves,W2,2200,
xt,Wolves,W3,2100,
xt,Wolves,W4,2000,
xt,Wolves,W5,1900,yes
xt,Wolves,W6,,yes
xt,Tigers,T1,2250,
xt,Tigers,T2,2150,
xt,Tigers,T3,,
xt,Tigers,T4,,
xt,Eagles,E1,2120,
xt,Eagles,E2,2100,
xt,Eagles,E3,2000,
xt,Eagles,E4,1900,
xt,Eagles,E5,,yes
"""


def test_a_chinese_reader_s_examples_are_in_the_rules_chinese_words(make_meet, podium):
    """A refused result shows examples a Chinese referee would write: 将死 (CXA 2011 §4.1.1), 困毙 (§4.1.2), 议和
    (§4.2.1), 犯规 (§4.1.10), not "checkmate" or "agreed"; an English reader keeps the English words. Each example
    is a result the event takes (one with no move minimum for agreed draws): entered on match 1, then corrected with
    the next, every one is accepted."""
    folder = make_meet(INDIVIDUAL.replace("agreed_draw_minimum = 20\n", ""), PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "xq")
    refused = podium(folder, "--lang", "zh", "result", "xq", "1", "2-0", ok=False).output
    assert "成绩的写法如：1-0 将死 · 红胜 困毙 · 和 议和 · 0-1 犯规=3:0 · +:-" in refused
    assert "results look like: 1-0 checkmate · 红胜 困毙 · = agreed · 0-1 fouls=3:0 · +:-" in podium(folder, "result", "xq", "1", "2-0", ok=False).output
    podium(folder, "result", "xq", "1", "1-0 将死")
    for text in ("红胜 困毙", "和 议和", "0-1 犯规=3:0", "+:-"):
        podium(folder, "correct", "xq", "1", text, "--reason", "example")
    assert json.loads(podium(folder, "matches", "xq", "--json").output)[0]["result"] == "+:-"


def _shown_examples(output: str, lead: str) -> list[str]:
    """The examples a refusal lists after ``lead`` (``results look like: ``), one per ``·``."""
    line = next(line for line in output.splitlines() if lead in line)
    return line.split(lead, 1)[1].split(" · ")


def test_a_chinese_reader_s_examples_for_two_game_matches_are_in_chinese_words_too(make_meet, podium):
    """With games = 2 (CXA 2011 §10.1) the usual one-game examples are refused, so the event shows two-game results
    in their place; a Chinese reader sees them in the Chinese words the notation reads (超时, 犯规=…, 和), with no
    English word (time, fouls, checkmate…), an English reader in the canonical text. Of the usual examples only
    the forfeit of the whole match, +:- (§20.3), stays, first. Each Chinese example is accepted as typed and stored
    as the English example in its place, the same result."""
    folder = make_meet(INDIVIDUAL.replace("agreed_draw_minimum = 20\n", "games = 2\n"), PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "xq")
    zh = _shown_examples(podium(folder, "--lang", "zh", "result", "xq", "1", "1-0 将死", ok=False).output, "成绩的写法如：")
    en = _shown_examples(podium(folder, "result", "xq", "1", "1-0 checkmate", ok=False).output, "results look like: ")
    assert len(zh) == len(en) == 5
    assert zh[0] == en[0] == "+:-"
    assert [text for text in zh if re.search("[A-Za-z]", text)] == []
    assert all(re.search("[a-z]", text) for text in en[1:])
    podium(folder, "--lang", "zh", "result", "xq", "1", zh[0])
    stored = [json.loads(podium(folder, "matches", "xq", "--json").output)[0]["result"]]
    for text in zh[1:]:
        podium(folder, "--lang", "zh", "correct", "xq", "1", text, "--reason", "example")
        stored.append(json.loads(podium(folder, "matches", "xq", "--json").output)[0]["result"])
    assert stored == en


def test_team_round_robin(make_meet, podium):
    """Three teams in list order Wolves=1, Tigers=2, Eagles=3; rounds R1 Tigers-Eagles, R2 Wolves-Tigers,
    R3 Eagles-Wolves. Game points 2/1/0, match points from game points (CXA 2011 §13.2):
      1 Tigers-Eagles 1-2-3-4/1-2-3-5: 1-0, 1-0, =, 0-1   → 5-3, Tigers win
      2 Wolves-Tigers 1-2-3-4/1-2-3-4: 0-1, =, =, 1-0     → 4-4, draw
      3 Eagles-Wolves 2-3-4-5/2-3-4-6: 1-0, 1-0, 0-1, =   → 5-3, Eagles win
    Match points: Tigers 2+1 = 3, Eagles 0+2 = 2, Wolves 1+0 = 1."""
    folder = make_meet(TEAMS, TEAM_ENTRANTS)
    assert "3 teams imported into Team xiangqi" in podium(folder, "entrants", "import", str(folder / "entrants.csv")).output
    podium(folder, "draw", "xt")
    podium(folder, "result", "xt", "1", "1-2-3-4/1-2-3-5: 1-0, 1-0, =, 0-1")
    podium(folder, "result", "xt", "2", "1-2-3-4/1-2-3-4: 0-1 = = 1-0")

    before = _journal(folder)
    refused = podium(folder, "result", "xt", "3", "1-3-2-4/2-3-4-6: 1-0, 1-0, 0-1, =", ok=False)
    assert refused.exit_code != 0
    assert "line-up 1-3-2-4 of Eagles breaks the registered order" in refused.output
    refused = podium(folder, "result", "xt", "3", "1-0, 1-0, 0-1, =", ok=False)
    assert "Give both line-ups by registered number" in refused.output
    assert _journal(folder) == before

    podium(folder, "result", "xt", "3", "2-3-4-5/2-3-4-6: 1-0, 1-0, 0-1, =")
    rows = json.loads(podium(folder, "matches", "xt", "--json").output)
    assert rows[1]["result"] == "1-2-3-4/1-2-3-4: 0-1, =, =, 1-0"
    table = json.loads(podium(folder, "standings", "xt", "--json").output)["stages"][0]["tables"][0]
    assert [(r["place"], r["name"], r["points"], r["values"]["game_points"]) for r in table["rows"]] == [
        (1, "Tigers", 3, 9), (2, "Eagles", 2, 8), (3, "Wolves", 1, 7),
    ]


def test_team_board_order_is_checked_at_import(make_meet, podium):
    """CXA 2011 §11.1 (also for §11.2): E2 (2130) registered below E1 (2120) is refused; nothing is imported."""
    folder = make_meet(TEAMS, TEAM_ENTRANTS.replace("xt,Eagles,E2,2100,", "xt,Eagles,E2,2130,"))
    out = podium(folder, "entrants", "import", str(folder / "entrants.csv"), ok=False)
    assert out.exit_code != 0
    assert "entrants.csv: entrants break their event's rules; nothing was imported:" in out.output
    assert "team Eagles: E1 (rating 2120) is registered above E2 (rating 2130)" in out.output
    assert [(e["event"], e["entrants"]) for e in json.loads(podium(folder, "entrants", "list", "--json").output)["events"]] == [("xt", [])]


def test_team_with_too_many_players_is_refused(make_meet, podium):
    folder = make_meet(TEAMS.replace('team_type = "substitutes"', 'team_type = "fixed"'), TEAM_ENTRANTS)
    out = podium(folder, "entrants", "import", str(folder / "entrants.csv"), ok=False)
    assert "team Wolves has 6 players, but the team type fixed boards (CXA 2011 §11.1) takes exactly 4." in out.output
    assert "team Eagles has 5 players" in out.output


def test_result_help_and_sports_list(podium):
    sports = json.loads(podium(None, "sports", "--json").output)["sports"]
    assert {"name": "xiangqi", "title": {"zh": "中国象棋", "en": "Xiangqi"}, "entrants": ["individual", "team"], "provided_by": "podium 0.1.0"} in sports


def test_chinese_answers_word_results_in_the_rules_own_words(make_meet, podium):
    """A Chinese reader reads no English result words: the confirmation and ``podium matches`` word each game in the
    CXA rules' Chinese terms (CXA 2011 §4.1.2 困毙, §4.1.6 超时, §4.1.10 犯规, §4.2.1 议和), while ``--json`` and the
    journal keep the canonical text. Matches (module docstring): 1 Ann-Dong, 2 Bo-Cai, 3 Dong-Cai, 4 Ann-Bo.

    1: 红胜 困毙, Ann had red: Ann won by stalemate, ``1:0（困毙）``.
    2: = agreed moves=30: a draw, ``和棋（议和，30 回合）``.
    3: 1-0 fouls=0:3: Cai's third foul loses the game (§4.1.10), the reason shown by the counts, ``1:0（犯规 0:3）``.
    4: typed as Bo, Ann with 0-1 time: read from Bo's side, Bo lost on time, ``0:1（超时）``; the match's own order
    (Ann first) is ``1:0（超时）``.
    """
    folder = make_meet(INDIVIDUAL, PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "xq")
    zh = ("--lang", "zh")
    assert podium(folder, *zh, "result", "xq", "1", "红胜 困毙").output == "第 1 场已录入：Ann – Dong 1:0（困毙），Ann 胜。\n"
    assert podium(folder, *zh, "result", "xq", "2", "= agreed moves=30").output == "第 2 场已录入：Bo – Cai 和棋（议和，30 回合）。\n"  # the words say it is a draw: not said twice
    assert podium(folder, *zh, "result", "xq", "3", "1-0 fouls=0:3").output == "第 3 场已录入：Dong – Cai 1:0（犯规 0:3），Dong 胜。\n"
    assert podium(folder, *zh, "result", "xq", "Bo", "Ann", "0-1 time").output == "第 4 场已录入：Bo – Ann 0:1（超时），Ann 胜。\n"

    table = podium(folder, *zh, "matches", "xq").output
    rows = {line.split()[0]: line for line in table.splitlines()[2:] if line[:1].isdigit()}
    assert "1:0（困毙）" in rows["1"] and "和棋（议和，30 回合）" in rows["2"]
    assert "1:0（犯规 0:3）" in rows["3"] and "1:0（超时）" in rows["4"]
    assert not any(word in table for word in ("stalemate", "agreed", "fouls", "time"))

    stored = [row["result"] for row in json.loads(podium(folder, *zh, "matches", "xq", "--json").output)[:4]]
    assert stored == ["1-0 stalemate", "= agreed moves=30", "1-0 fouls=0:3", "1-0 time"]
    english = podium(folder, "matches", "xq").output
    assert "1-0 stalemate" in english and "= agreed moves=30" in english and "1-0 fouls=0:3" in english


def test_two_teams_are_named_by_their_units(make_meet, podium):
    """A team match is named on the command line by the two teams, or by their units (a class's one team): Wolves
    play for Class 1 and Tigers for Class 2, so 'Class 1' 'Class 2' names round 2's Wolves–Tigers (list order)."""
    meet = TEAMS.replace("[events.xt]", '[units]\nc1 = "Class 1"\nc2 = "Class 2"\nc3 = "Class 3"\n\n[events.xt]')
    units = {"Wolves": "Class 1", "Tigers": "Class 2", "Eagles": "Class 3"}
    lines = TEAM_ENTRANTS.splitlines()
    rows = [lines[0] + ",unit"] + [f"{row},{units[row.split(',')[1]]}" for row in lines[1:]]
    folder = make_meet(meet, "\n".join(rows) + "\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "xt")
    out = podium(folder, "result", "xt", "Class 1", "Class 2", "1-2-3-4/1-2-3-4: 0-1 = = 1-0").output
    assert out.startswith("Match 2 recorded: Wolves – Tigers ")
