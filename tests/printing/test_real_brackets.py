"""Brackets of the knockout and double-elimination formats on main, printed from a real meet folder."""

from __future__ import annotations

import json

from podium.faces.print.bracket import layout
from podium.faces.print.documents import draw_sheet
from podium.services.meet import Meet
from tests.printing.conftest import A4_LANDSCAPE, same_size

NAMES = ["张伟", "Alice Smith", "王芳", "李娜", "Bob Jones", "刘洋", "陈杰", "杨帆", "赵勇", "黄涛", "欧阳娜娜", "Chen Wei", "周杰"]

MEET = """
[meet]
name = "Spring cup"
language = "en"

[units]
c1 = "Club 1"
c2 = "Club 2"
c3 = "Club 3"

[events.ko]
name = "Open singles"
sport = "table_tennis"

[[events.ko.stages]]
name = "main"
format = "knockout"
third_place = true

[events.ko.rules]
best_of = 3

[events.de]
name = "Double"
sport = "table_tennis"

[[events.de.stages]]
name = "main"
format = "double_elimination"

[events.de.rules]
best_of = 3
"""


def meet_with(make_meet, podium, rows):
    folder = make_meet(MEET, "event,name,unit,seed\n" + "\n".join(rows) + "\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    return folder


def test_knockout_of_13_prints_three_byes_and_fills_in(make_meet, podium, read_pdf, tmp_path):
    """13 seeded entrants, 16 lines in the standard order 1 16 8 9 4 13 5 12 2 15 7 10 3 14 6 11 (table-tennis plan 2 §6.4:
    byes to the top seeds), so seeds 1, 2 and 3 meet byes. Results: 9 beats 8 (match 2), 4 beats 13 (match 3),
    then 1 beats 9 in the first quarter-final (match 9)."""
    folder = meet_with(make_meet, podium, [f"ko,{name},Club {n % 3 + 1},{n}" for n, name in enumerate(NAMES, start=1)])
    podium(folder, "draw", "ko", "--seed", "1")
    for number, score in (("2", "9-11 9-11"), ("3", "11-3 11-4"), ("9", "11-5 11-5")):
        podium(folder, "result", "ko", number, score)
    out = tmp_path / "ko.pdf"
    podium(folder, "print", "draw", "ko", "-o", str(out))
    pdf = read_pdf(out)
    assert len(pdf.pages) == 1 and same_size(pdf.size(), A4_LANDSCAPE)
    text = pdf.text()
    assert text.count("bye") == 3 and "Places 3–4" in text and "loser of #13" in text
    # match 2 was won by its second side (9-11 9-11 from the first): under the winner it reads 2:0 from the
    # winner's side; matches 3 and 9 were won 2:0 by their first sides; no points of a game are printed
    assert text.count("2:0") == 3 and "0:2" not in text and "11-" not in text
    meet = Meet(folder)
    bracket = draw_sheet(meet.config, meet.state().event("ko")).stages[0].bracket
    main = layout(bracket).pages[0].blocks[0]
    leaves = ["bye" if line.side.bye else line.side.name for line in sorted(main.lines, key=lambda x: x.y) if line.leaf]
    order = [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    assert leaves == ["bye" if seed > 13 else NAMES[seed - 1] for seed in order]
    quarter = bracket.sections[0].rounds[1].matches[0]
    assert [side.name for side in quarter.sides] == ["张伟", "赵勇"] and quarter.winner == 0


def test_knockout_places_give_the_certificates(make_meet, podium, read_pdf, tmp_path):
    """Four seeds with a third-place match: semi-finals 1 v 4 and 2 v 3 (standard order 1 4 2 3).
    1 beats 4, 3 beats 2; the final: 3 beats 1; the third-place match: 2 beats 4.
    So 3 is champion, 1 runner-up, 2 third: three certificates in that order."""
    folder = meet_with(make_meet, podium, [f"ko,P{n},Club 1,{n}" for n in range(1, 5)])
    podium(folder, "draw", "ko", "--seed", "1")
    for a, b, score in (("P1", "P4", "11-5 11-5"), ("P3", "P2", "11-5 11-5"), ("P3", "P1", "11-5 11-5"), ("P2", "P4", "11-5 11-5")):
        podium(folder, "result", "ko", a, b, score)
    out = tmp_path / "c.pdf"
    podium(folder, "print", "certificates", "ko", "-o", str(out))
    pages = [page.extract_text() for page in read_pdf(out).pages]
    assert [("P3" in pages[0], "Champion" in pages[0]), ("P1" in pages[1], "Runner-up" in pages[1]),
            ("P2" in pages[2], "Third place" in pages[2])] == [(True, True)] * 3
    results = tmp_path / "r.html"
    podium(folder, "print", "results", "ko", "--html", "-o", str(results))
    text = results.read_text(encoding="utf-8")
    assert text.index(">P3<") < text.index(">P1<") < text.index(">P2<") < text.index(">P4<")


def test_double_elimination_prints_winners_losers_and_final(make_meet, podium, read_pdf, tmp_path):
    """Six entrants played to the end: the winners bracket (8 lines, 2 byes), the losers bracket and the grand
    final are three trees; every match number of the stage is printed."""
    import random

    from podium.faces.demo import play_event

    folder = meet_with(make_meet, podium, [f"de,{name},Club 1,{n}" for n, name in enumerate(NAMES[:6], start=1)])
    podium(folder, "draw", "de", "--seed", "1")
    play_event(Meet(folder), "de", random.Random(3))
    out = tmp_path / "de.pdf"
    podium(folder, "print", "draw", "de", "-o", str(out))
    text = read_pdf(out).text()
    assert text.index("Winners bracket") < text.index("Losers bracket") < text.index("Final")
    numbers = [m["number"] for m in json.loads(podium(folder, "matches", "de", "--json").output) if m["status"] != "bye"]
    assert numbers and all(text.count(f"#{n}\n") + text.count(f"#{n} ") >= 1 for n in numbers)


STAGED = """
[meet]
name = "Cup"
language = "en"

[events.gk]
name = "Singles"
sport = "table_tennis"

[[events.gk.stages]]
name = "groups"
title = "Groups"
format = "groups"
groups = 2
advance = 2

[[events.gk.stages]]
name = "ko"
title = "Knockout"
format = "knockout"
seeding = "groups"

[events.sw]
name = "Xiangqi"
sport = "xiangqi"

[[events.sw.stages]]
name = "swiss"
format = "swiss"
rounds = 3
"""


def test_groups_then_knockout_and_swiss_rounds(make_meet, podium, tmp_path):
    """Two groups of 3 (6 entrants), the top 2 of each advance to a 4-line knockout (crossover A1–B2, B1–A2:
    table-tennis plan 7 §4); a Swiss of 8 prints each round's 4 pairings as they are made."""
    import random

    from podium.faces.demo import play_matches

    rows = ["event,name"] + [f"gk,G{n}" for n in range(1, 7)] + [f"sw,S{n}" for n in range(1, 9)]
    folder = make_meet(STAGED, "\n".join(rows) + "\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "gk", "--seed", "1")
    podium(folder, "draw", "sw", "--seed", "1")
    play_matches(Meet(folder), "gk", random.Random(1))
    podium(folder, "advance", "gk", "--seed", "1")
    out = tmp_path / "gk.html"
    podium(folder, "print", "draw", "gk", "--html", "-o", str(out))
    text = out.read_text(encoding="utf-8")
    assert "<h3>Group A</h3>" in text and "<h3>Group B</h3>" in text
    assert text.index("Groups") < text.index("Singles · Knockout") and text.count('class="joint"') == 3
    play_matches(Meet(folder), "sw", random.Random(1))
    podium(folder, "pair", "sw", "--seed", "1")
    podium(folder, "print", "draw", "sw", "--html", "-o", str(out))
    text = out.read_text(encoding="utf-8")
    assert text.count('<table class="pairings">') == 2 and text.count('<td class="num muted">#') == 8
