"""CSV and XLSX output neutralise formula injection (issue 11, security; OWASP "CSV Injection", ASVS 1.2.10).

A cell whose text starts with ``=``, ``+``, ``-``, ``@``, a tab, a carriage return or NUL
is a formula to Excel, WPS and LibreOffice; Podium writes such text with a single quote in
front. The entrant names below are the classic payloads (James Kettle's ``cmd|' /C calc'!A0``
DDE call, ``HYPERLINK`` exfiltration, ``@SUM``); each must come out as quoted text, in the
CSV printed by ``--csv``, in the ``.csv`` file (UTF-8 with BOM) and in the ``.xlsx`` file.
"""

from __future__ import annotations

import csv
import io
import json

import openpyxl
from hypothesis import given
from hypothesis import strategies as st

from podium.faces.tables.spreadsheet import FORMULA_STARTS, Sheet, csv_text, safe_cell

MEET = """
[meet]
name = "Injection test"
language = "en"

[units]
c1 = "Class 1, \\"the best\\""
c2 = "=Class 2"

[events.ms]
name = "Singles"
sport = "table_tennis"

[[events.ms.stages]]
name = "main"
format = "round_robin"
numbers = "list"
order = "berger"  # the points below are worked out on the Berger table (table tennis defaults to the ITTF order)

[events.ms.rules]
best_of = 3

[events.md]
name = "Doubles"
sport = "table_tennis"
kind = "pair"
"""

PAYLOADS = ["=1+2", "+SUM(A1:A2)", "-2+3+cmd|' /C calc'!A0", "@SUM(1;2)", "Plain Name"]

ENTRANTS = "event,name,unit,team\n" + "".join(f"ms,{name},{'c1' if i % 2 else 'c2'},\n" for i, name in enumerate(PAYLOADS)) + (
    "md,=A1,c1,=Pair\nmd,Bo,c1,=Pair\n"
)


def played(make_meet, podium):
    """Five players in list order (Berger 1–5); every match won by the side listed first, 11-5 11-5.

    Berger table for 5 (odd: number 6 sits out): R1 1-6 2-5 3-4, R2 6-4 5-3 1-2, R3 2-6 3-1 4-5,
    R4 6-5 1-4 2-3, R5 3-6 4-2 5-1. First-listed winners: 2>5, 3>4; 5>3, 1>2; 3>1, 4>5; 1>4, 2>3;
    4>2, 5>1. So every player has 2 wins and 2 losses: ITTF 2·2 + 1·2 = 6 points each.
    """
    folder = make_meet(MEET, ENTRANTS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    for match in json.loads(podium(folder, "matches", "ms", "--json").output):
        podium(folder, "result", "ms", str(match["number"]), "11-5 11-5")
    return folder


def test_standings_csv_quotes_every_formula_name(make_meet, podium):
    folder = played(make_meet, podium)
    rows = list(csv.reader(io.StringIO(podium(folder, "standings", "ms", "--csv").output)))
    assert rows[0][:9] == ["stage", "group", "place", "name", "unit", "played", "won", "lost", "points"]
    names = sorted(row[3] for row in rows[1:])
    assert names == sorted(["'=1+2", "'+SUM(A1:A2)", "'-2+3+cmd|' /C calc'!A0", "'@SUM(1;2)", "Plain Name"])
    assert {row[4] for row in rows[1:]} == {'Class 1, "the best"', "'=Class 2"}  # RFC 4180 quoting round-trips
    assert {(row[5], row[6], row[7], row[8]) for row in rows[1:]} == {("4", "2", "2", "6")}
    assert not any(cell.startswith(FORMULA_STARTS) for row in rows for cell in row)


def test_csv_file_has_a_bom_and_crlf_for_excel(make_meet, podium, tmp_path):
    folder = played(make_meet, podium)
    podium(folder, "standings", "ms", "-o", str(tmp_path / "ms.csv"))
    data = (tmp_path / "ms.csv").read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and b"\r\n" in data
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert "'-2+3+cmd|' /C calc'!A0" in [row[3] for row in rows]


def test_xlsx_cells_are_text_not_formulas(make_meet, podium, tmp_path):
    folder = played(make_meet, podium)
    out = podium(folder, "standings", "ms", "-o", str(tmp_path / "ms.xlsx"))
    assert out.output.strip() == f"wrote {tmp_path / 'ms.xlsx'}"
    sheet = openpyxl.load_workbook(tmp_path / "ms.xlsx").active
    cells = [cell for row in sheet.iter_rows(min_row=2) for cell in row]
    assert not any(cell.data_type == "f" for cell in cells)
    assert sorted(c.value for c in cells if c.column == 4) == sorted(
        ["'=1+2", "'+SUM(A1:A2)", "'-2+3+cmd|' /C calc'!A0", "'@SUM(1;2)", "Plain Name"]
    )
    assert {c.value for c in cells if c.column == 9} == {6}  # points stay numbers


def test_entrants_list_csv_and_xlsx_quote_names_members_and_units(make_meet, podium, tmp_path):
    folder = played(make_meet, podium)
    rows = list(csv.reader(io.StringIO(podium(folder, "entrants", "list", "--csv").output)))
    assert rows[0] == ["event", "key", "name", "unit", "seed", "members", "withdrawn"]
    # a pair is named after its players ("=A1 / Bo"); both the name and the members start a formula
    assert ["md", "1", "'=A1 / Bo", 'Class 1, "the best"', "", "'=A1、Bo", ""] in rows
    podium(folder, "entrants", "list", "md", "-o", str(tmp_path / "md.xlsx"))
    sheet = openpyxl.load_workbook(tmp_path / "md.xlsx").active
    assert [c.value for c in sheet[2]] == ["md", "1", "'=A1 / Bo", 'Class 1, "the best"', None, "'=A1、Bo", None]
    assert all(c.data_type != "f" for row in sheet.iter_rows() for c in row)


def test_output_options_refuse_clearly(make_meet, podium, tmp_path):
    folder = played(make_meet, podium)
    out = podium(folder, "standings", "ms", "-o", str(tmp_path / "ms.pdf"), ok=False)
    assert out.exit_code == 2 and "Error: Invalid value for --output: write to a .csv or .xlsx file, not 'ms.pdf'" in out.output
    out = podium(folder, "standings", "ms", "--csv", "-o", str(tmp_path / "ms.xlsx"), ok=False)
    assert out.exit_code == 2 and "Error: Give only one of --json, --csv and --output ('podium standings --help' shows how to use it)." in out.output
    out = podium(folder, "standings", "ms", "--csv", "--json", ok=False)  # given --json: the same sentence, as JSON
    assert out.exit_code == 2 and json.loads(out.stdout)["error"] == {
        "code": "usage", "message": "Give only one of --json, --csv and --output ('podium standings --help' shows how to use it).",
        "params": {}, "target": {}, "hint": None, "details": [],
    }
    out = podium(folder, "standings", "md", "--csv", ok=False)
    assert out.exit_code == 2 and "Error: Doubles has not been drawn yet; run 'podium draw md'." in out.output
    assert not list(tmp_path.glob("ms.*"))


def test_numbers_are_never_quoted():
    """Points and counts are numbers, not text: a negative number stays a number (it is not a formula)."""
    assert [safe_cell(v) for v in (-3, 2.5, 0, None)] == [-3, 2.5, 0, None]
    assert [safe_cell(v) for v in ("-3", " =1", "\t=1", "a=b", "")] == ["'-3", "' =1", "'\t=1", "a=b", ""]


@given(st.lists(st.lists(st.text(), min_size=3, max_size=3), max_size=5))
def test_no_cell_of_any_csv_starts_a_formula(rows):
    """Law: whatever text goes in, every cell read back from the CSV is the safe cell, and none starts a formula."""
    sheet = Sheet("t", ("a", "b", "c"), tuple(tuple(r) for r in rows))
    back = list(csv.reader(io.StringIO(csv_text(sheet), newline="")))
    assert back[1:] == [[safe_cell(v) for v in row] for row in rows]
    assert not any(cell.lstrip(" ").startswith(FORMULA_STARTS) for row in back for cell in row)


KNOCKOUT = """
[meet]
name = "Knockout export"
language = "en"

[events.ko]
name = "Knockout"
sport = "table_tennis"

[[events.ko.stages]]
name = "main"
format = "knockout"

[events.ko.rules]
best_of = 1
"""


def test_knockout_places_are_in_the_spreadsheet(make_meet, podium):
    """A knockout of four ranks by its bracket, not by points: the final's winner 1st, its loser 2nd, the two
    semi-final losers share 3rd (no third-place match, docs/formats.md "knockout"). Every match is won by the
    side listed first, so the semi-finals' second sides share 3rd and the final's first side is champion. The
    entrant called =Bo comes out quoted wherever it finishes."""
    folder = make_meet(KNOCKOUT, "event,name\nko,Ann\nko,=Bo\nko,Cai\nko,Dan\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ko", "--seed", "5")
    for _round in range(2):
        for match in json.loads(podium(folder, "matches", "ko", "--pending", "--json").output):
            podium(folder, "result", "ko", str(match["number"]), "11-5")
    semis, final = (lambda ms: (ms[:2], ms[2]))(json.loads(podium(folder, "matches", "ko", "--json").output))
    quoted = {"=Bo": "'=Bo"}
    expected = [
        ["Knockout", "", "1", quoted.get(final["names"][0], final["names"][0])],  # the stage by its format's title
        ["Knockout", "", "2", quoted.get(final["names"][1], final["names"][1])],
        *sorted(["Knockout", "", "3=", quoted.get(m["names"][1], m["names"][1])] for m in semis),
    ]
    rows = list(csv.reader(io.StringIO(podium(folder, "standings", "ko", "--csv").output)))
    assert [row[:4] for row in rows[1:3]] == expected[:2] and sorted(row[:4] for row in rows[3:]) == expected[2:]
    assert all(row[5:] == ["", "", "", ""] for row in rows[1:])  # no played/won/lost/points: the bracket places them


TEAM_RANKING = """
[meet]
name = "Team ranking export"
language = "en"

[units]
c1 = "=Class 1"
c2 = "Class 2"

[events.xq]
name = "Xiangqi"
sport = "xiangqi"
format = "round_robin"

[events.xq.team_ranking]
name = "Classes"
"""


def test_the_team_ranking_goes_to_a_spreadsheet_with_its_units_quoted(make_meet, podium, tmp_path):
    """A beats everyone, B beats C and D, C beats D: places A 1, B 2, C 3, D 4 (no ties). The units add their
    players' places (CXA 2011 §11.5, §14.8): =Class 1 has A and C, 1 + 3 = 4, best 1; Class 2 has B and D,
    2 + 4 = 6, best 2. So =Class 1 is first — quoted, since its name would start a formula."""
    folder = make_meet(TEAM_RANKING, "event,name,unit\nxq,A,=Class 1\nxq,B,Class 2\nxq,C,=Class 1\nxq,D,Class 2\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "xq", "--seed", "1")
    for winner, loser in (("A", "B"), ("A", "C"), ("A", "D"), ("B", "C"), ("B", "D"), ("C", "D")):
        podium(folder, "result", "xq", winner, loser, "1-0")
    rows = list(csv.reader(io.StringIO(podium(folder, "standings", "xq", "--teams", "--csv").output)))
    assert [row[:6] for row in rows] == [
        ["place", "unit", "players who count", "places that count", "sum", "best"],
        ["1", "'=Class 1", "2", "A 1, C 3", "4", "1"],
        ["2", "Class 2", "2", "B 2, D 4", "6", "2"],
    ]
    podium(folder, "standings", "xq", "--teams", "-o", str(tmp_path / "teams.xlsx"))
    sheet = openpyxl.load_workbook(tmp_path / "teams.xlsx").active
    assert [c.value for c in sheet[2]][:6] == [1, "'=Class 1", 2, "A 1, C 3", 4, 1]
