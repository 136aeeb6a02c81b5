"""Printing the other sports on main: a xiangqi slip, a table-tennis team tie sheet and a fun-games heat sheet,
with the fields each sport gives (Sport.score_sheet_fields) and the heats a measured event draws."""

from __future__ import annotations

import re

import pytest

MEET = """
[meet]
name = "Mixed meet"
language = "en"

[units]
c1 = "Class 1"
c2 = "Class 2"
c3 = "Class 3"

[events.xq]
name = "Xiangqi singles"
sport = "xiangqi"
format = "round_robin"

[events.xq.rules]
time_control = "25min+5s"

[events.tt]
name = "Table tennis teams"
sport = "table_tennis"
kind = "team"
format = "round_robin"

[events.tt.rules]
best_of = 3

[events.sack]
sport = "fun_games"
game = "sack_race"
"""

ENTRANTS = """\
event,name,unit,team,bib
xq,张伟,Class 1,,1
xq,王磊,Class 2,,2
xq,李强,Class 3,,3
tt,A1,Class 1,Team One,
tt,A2,Class 1,Team One,
tt,A3,Class 1,Team One,
tt,B1,Class 2,Team Two,
tt,B2,Class 2,Team Two,
tt,B3,Class 2,Team Two,
sack,S1,Class 1,,11
sack,S2,Class 2,,12
sack,S3,Class 3,,13
sack,S4,Class 1,,14
sack,S5,Class 2,,15
sack,S6,Class 3,,16
sack,S7,Class 1,,17
"""


@pytest.fixture
def meet(make_meet, podium):
    folder = make_meet(MEET, ENTRANTS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    for event in ("xq", "tt", "sack"):
        podium(folder, "draw", event, "--seed", "1")
    return folder


def html(podium, folder, tmp_path, *args):
    out = tmp_path / "out.html"
    podium(folder, "print", *args, "--html", "-o", str(out))
    return out.read_text(encoding="utf-8")


def test_xiangqi_slip_shows_red_black_and_the_time_control(meet, podium, tmp_path):
    """3 entrants: 3 matches, a slip each (CXA 2011 §12.1: the first-listed side plays red); the notes carry
    the event's time control (CXA 2011 §6.1 form "25 min each plus 5 s per move")."""
    text = html(podium, meet, tmp_path, "scoresheets", "xq")
    assert text.count("Red (moves first)") == 3 and text.count("Arbiter") == 3
    assert "25" in text and "Time control" in text


def test_team_tie_sheet_follows_the_sports_tie_order(meet, podium, tmp_path):
    """The sheet lists the rubbers of the event's tie order as the sport gives them: by default the five of
    the table-tennis rules summary §5 (A–X, B–Y, the doubles C+A/B–Z+X/Y, A/B–Z, C–X/Y)."""
    text = html(podium, meet, tmp_path, "scoresheets", "tt")
    assert '<td class="center strong">5</td>' in text and '<td class="center strong">6</td>' not in text
    assert "Captain" in text
    assert "C+A/B–Z+X/Y" in text


def test_heats_are_drawn_lanes_on_the_draw_and_heat_sheets(meet, podium, read_pdf, tmp_path):
    """Sack race: 7 entrants in heats of up to 5 (the game's default) → 2 heats; the sheet is the heat sheet by
    default for a sport without a sheet of its own, with the drawn lanes."""
    draw = html(podium, meet, tmp_path, "draw", "sack")
    assert draw.count("Heats, heat ") >= 2 and ">lane / order<" in draw
    out = tmp_path / "heats.pdf"
    podium(meet, "print", "scoresheets", "sack", "-o", str(out))
    pdf = read_pdf(out)
    text = pdf.text()
    assert len(pdf.pages) == 1 and "Timekeeper" in text
    assert all(f"S{n}" in text for n in range(1, 8))


def test_results_and_certificates_of_a_finished_measured_event(meet, podium, tmp_path):
    """Times S1 11.5 … S7 17.5 s; heat winners S3 (13.5) and S1 (11.5) run the final: S1 12.0, S3 13.0.
    Final ranking (fun_games: finalists first, then the rest by heat time): S1, S3, S2 — the three certificates."""
    for n in range(1, 8):
        podium(meet, "perf", "sack", f"S{n}", f"1{n}.5")
    podium(meet, "perf", "sack", "S3", "13.0")
    podium(meet, "perf", "sack", "S1", "12.0")
    results = html(podium, meet, tmp_path, "results", "sack")
    assert results.index("S1") < results.index("S3") < results.index("S2") and "12.0" in results
    certificates = html(podium, meet, tmp_path, "certificates", "sack")
    assert certificates.count('<section class="certificate">') == 3
    assert certificates.index("S1") < certificates.index("S3") < certificates.index("S2")


def test_chinese_results_word_the_statuses(meet, podium, tmp_path):
    """The results a teacher posts after the heats: S5 did not start, S6 did not finish, S7 was disqualified. In Chinese
    the mark column reads 弃权, 未完成, 取消资格 (docs/fun_games.md, "Statuses"); in English DNS, DNF, DQ."""
    for n in range(1, 5):
        podium(meet, "perf", "sack", f"S{n}", f"1{n}.5")
    podium(meet, "perf", "sack", "S5", "弃权")
    podium(meet, "perf", "sack", "S6", "--status", "DNF")
    podium(meet, "perf", "sack", "S7", "--status", "DQ")
    out = tmp_path / "zh.html"
    podium(meet, "--lang", "zh", "print", "results", "sack", "--html", "-o", str(out))
    chinese = out.read_text(encoding="utf-8")
    english = html(podium, meet, tmp_path, "results", "sack")
    for name, word, code in (("S5", "弃权", "DNS"), ("S6", "未完成", "DNF"), ("S7", "取消资格", "DQ")):
        assert re.search(rf"<td>{name}</td>.*?\n?\s*<td class=\"num strong\">{word}</td>", chinese), name
        assert re.search(rf"<td>{name}</td>.*?\n?\s*<td class=\"num strong\">{code}</td>", english), name
    assert not re.search(r">(DNS|DNF|DQ)<", chinese)


def test_judges_sheet_follows_the_drawn_sessions(make_meet, podium, tmp_path):
    """Square dance (square-dance contest rules §6–7): teams of 12–30; four teams drawn into preliminary sessions by the game's
    rules. The judges' sheet then has one table per session, teams in performance order, a column per judge."""
    rows = ["event,name,team,gender"]
    rows += [f"sd,D{t}-{i},Team {t},{'M' if i % 2 else 'F'}" for t in range(1, 5) for i in range(12)]
    folder = make_meet('[meet]\nname = "Dance"\nlanguage = "en"\n[events.sd]\nsport = "fun_games"\ngame = "square_dance"\n',
                       "\n".join(rows) + "\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "sd", "--seed", "1")
    sessions = len([line for line in podium(folder, "matches", "sd").output.splitlines() if line.startswith("#")])
    text = html(podium, folder, tmp_path, "scoresheets", "sd", "--sheet", "score_sheets/judges.html", "--judges", "7")
    assert text.count('<table class="judges">') == sessions > 1
    assert "Judge 7" in text and "Judge 8" not in text
    assert all(f"Team {t}" in text for t in range(1, 5))
    refused = podium(folder, "print", "order", "--all", ok=False)
    assert "No drawn event has matches to list" in refused.output


def test_a_chinese_heat_sheet_has_no_english_column(meet, podium, tmp_path):
    """The heat sheet a timekeeper fills in at a school sports day: in Chinese its status column reads 弃权 / 未完成 /
    取消资格 (the words podium perf --status takes) rather than DNS / DNF / DQ, and the faults column reads 犯规 (what the
    recorder writes down; Podium turns them into seconds added or points taken off), not 罚分, which a time is not."""
    out = tmp_path / "sheet.html"
    podium(meet, "--lang", "zh", "print", "scoresheets", "sack", "--html", "-o", str(out))
    text = out.read_text(encoding="utf-8")
    assert ">弃权 / 未完成 / 取消资格<" in text and ">犯规<" in text
    assert "DNS" not in text and "罚分" not in text


def test_the_key_to_qualifying_flags_is_printed_only_with_flags(meet, podium, tmp_path, make_meet):
    """A sack race's heats send their winners to the final without a Q beside anyone (tug-of-war and heats rules §2),
    so its results carry no key to Q, q, SR and MR; a 100 m whose heats qualify by place and time (World Athletics
    TR 21: Q and q beside the qualifiers) does."""
    for n in range(1, 8):
        podium(meet, "perf", "sack", f"S{n}", f"1{n}.5")
    assert "through by place" not in html(podium, meet, tmp_path, "results", "sack")
    from tests.athletics.test_cli import TOML, entrants

    stadium = make_meet(TOML.format(b100=""), entrants(), name="stadium")
    podium(stadium, "entrants", "import", str(stadium / "entrants.csv"))
    podium(stadium, "draw", "b100", "--seed", "3")
    for n in range(1, 21):
        podium(stadium, "perf", "b100", f"Runner {n}", f"{12 + n / 10:.2f}")
    results = html(podium, stadium, tmp_path, "results", "b100")
    assert "<strong>Q</strong>" in results and "Q: through by place · q: through by time" in results


TUG_OF_WAR = """
[meet]
name = "Class games"
language = "en"

[units]
c1 = "Class 1"
c2 = "Class 2"
c3 = "Class 3"
c4 = "Class 4"

[events.tow]
sport = "fun_games"
game = "tug_of_war"

[events.tow.rules]
min_size = 2
max_size = 2

[[events.tow.stages]]
name = "final"
format = "round_robin"
numbers = "list"

[events.tow5]
name = "Staff tug of war"
sport = "fun_games"
game = "tug_of_war"

[events.tow5.rules]
min_size = 2
max_size = 2
best_of = 5
"""

TEAMS = "".join(
    f"{event},{team}{n},{unit},{team}\n"
    for event in ("tow", "tow5")
    for team, unit in (("Lions", "Class 1"), ("Tigers", "Class 2"), ("Bears", "Class 3"), ("Wolves", "Class 4"))
    for n in (1, 2)
)


@pytest.fixture
def tug_of_war(make_meet, podium):
    folder = make_meet(TUG_OF_WAR, "event,name,unit,team\n" + TEAMS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    for event in ("tow", "tow5"):
        podium(folder, "draw", event, "--seed", "1")
    return folder


def sheets_of(text: str) -> list[str]:
    return text.split('<div class="sheet"')[1:]


def test_a_tug_of_war_match_sheet_has_a_box_per_pull(tug_of_war, podium, read_pdf, tmp_path):
    """Fun games choose the tug-of-war sheet for their game of pulls, without --sheet. Four teams in a round robin of
    list numbers, Berger order for 4: round 1 is Lions–Wolves (1–4) and Tigers–Bears (2–3), six matches in all, so six
    sheets, two to an A4 page: 3 pages. Best of 3 pulls (tug-of-war and heats rules §1: 三局两胜): the columns Pull 1 to
    Pull 3, a box for each team under each, 2 × 3 = 6 pull boxes on a sheet; the referee and both captains sign."""
    out = tmp_path / "tow.pdf"
    podium(tug_of_war, "print", "scoresheets", "tow", "-o", str(out))
    pdf = read_pdf(out)
    text = pdf.text()
    assert len(pdf.pages) == 3
    assert text.count("Pull 1 Pull 2 Pull 3 pulls won") == 6 and "Pull 4" not in text
    first = text.split("Tug of war")[1]
    assert "Match 1" in first and "Lions" in first and "Wolves" in first and "Class 1" in first and "Class 4" in first
    assert "Tigers" not in first and "Bears" not in first
    assert "Referee Captain · Lions Captain · Wolves" in first
    assert "Best of 3 pulls: the first team to win 2 pulls wins the match (tug-of-war and heats rules §1: 三局两胜)." in text
    assert "Three fouls in a row lose the match" in text
    html = tmp_path / "tow.html"
    podium(tug_of_war, "print", "scoresheets", "tow", "--html", "-o", str(html))
    sheets = sheets_of(html.read_text(encoding="utf-8"))
    assert len(sheets) == 6 and all(sheet.count('class="box pull"') == 6 for sheet in sheets)


def test_a_best_of_five_has_five_pulls(tug_of_war, podium, tmp_path):
    """The event's own ``best_of = 5``: five pull columns, 2 × 5 = 10 pull boxes a sheet, three pulls win; the sheet
    cites no rule for a number the rules do not give."""
    html = tmp_path / "tow5.html"
    podium(tug_of_war, "print", "scoresheets", "tow5", "--html", "-o", str(html))
    text = html.read_text(encoding="utf-8")
    sheets = sheets_of(text)
    assert len(sheets) == 6 and all(sheet.count('class="box pull"') == 10 for sheet in sheets)
    assert "Pull 5" in text and "Pull 6" not in text
    assert "Best of 5 pulls: the first team to win 3 pulls wins the match.<" in text


def test_a_chinese_tug_of_war_sheet(tug_of_war, podium, read_pdf, tmp_path):
    """In Chinese: 第 1 局 to 第 3 局, 三局两胜 with its rule by title and article, the referee and the captains."""
    out = tmp_path / "tow-zh.pdf"
    podium(tug_of_war, "--lang", "zh", "print", "scoresheets", "tow", "-o", str(out))
    text = read_pdf(out).text()
    assert text.count("第 1 局 第 2 局 第 3 局 胜局数") == 6 and "第 4 局" not in text
    assert "三局两胜：先胜 2 局的队获胜（《各项目比赛规则（拔河、个人项目）》一）。" in text
    assert "裁判员 队长 · Lions 队长 · Wolves" in text
