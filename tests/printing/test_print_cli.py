"""``podium print`` on a real meet folder: every kind of document, read back from the PDF.

The meet: four players in a table-tennis round robin (numbers in list order), best of 3.
Berger table for 4 (FIDE C.05): R1 1-4 2-3; R2 4-3 1-2; R3 2-4 3-1, so matches 1..6 are
张伟–Dave, 王芳–Carol, Dave–Carol, 张伟–王芳, 王芳–Dave, Carol–张伟. The results below (score from
the first-named side): 张伟 beats Dave 2:0, 王芳 beats Carol 2:1, Dave beats Carol 2:0, 张伟 beats
王芳 2:0, 王芳 wins by walkover over Dave, 张伟 beats Carol 2:0.

ITTF match points (win 2, loss 1, walkover lost 0): 张伟 2+2+2 = 6; 王芳 1+2+2 = 5; Dave 1+2+0 = 3;
Carol 1+1+1 = 3. Dave and Carol tie on 3: Dave won their match, so Dave is 3rd, Carol 4th.
"""

from __future__ import annotations

import json
import re

import pytest

from tests.printing.conftest import A4, A4_LANDSCAPE, same_size

MEET = """
[meet]
name = { zh = "春季乒乓球赛", en = "Spring table tennis" }
date = 2026-04-18
organiser = "PE department"
language = "en"

[units]
c1 = "Class 1"
c2 = "初二二班"

[events.ms]
name = { zh = "男子单打", en = "Singles" }
sport = "table_tennis"

[[events.ms.stages]]
name = "main"
format = "round_robin"
numbers = "list"
order = "berger"  # the expected matches below follow the Berger table (table tennis defaults to the ITTF order)

[events.ms.rules]
best_of = 3
"""

PLAYERS = """\
event,name,unit,bib
ms,张伟,Class 1,1
ms,王芳,初二二班,2
ms,Carol,Class 1,3
ms,Dave,初二二班,4
"""

RESULTS = [("1", "11-5 11-5"), ("2", "11-5 5-11 11-9"), ("3", "11-7 11-7"), ("4", "11-8 11-8"), ("5", "+:-"), ("6", "7-11 7-11")]


@pytest.fixture
def meet(make_meet, podium):
    folder = make_meet(MEET, PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "3")
    return folder


def finish(podium, folder):
    for number, score in RESULTS:
        podium(folder, "result", "ms", number, score)


def test_draw_sheet_and_order_of_play_before_any_result(meet, podium, read_pdf, tmp_path):
    out = tmp_path / "draw.pdf"
    done = podium(meet, "print", "draw", "ms", "-o", str(out))
    assert f"Wrote {out}." in done.output
    pdf = read_pdf(out)
    assert len(pdf.pages) == 1 and same_size(pdf.size(), A4)
    text = pdf.text()
    for name in ("张伟", "王芳", "Carol", "Dave", "初二二班", "Round 3"):
        assert name in text
    assert all(read_pdf(out).fonts().values())
    podium(meet, "print", "order", "--html", "-o", str(tmp_path / "order.html"))
    order = (tmp_path / "order.html").read_text(encoding="utf-8")
    assert order.index("Round 1") < order.index("Round 2") < order.index("Round 3")
    assert "umpire" in order


def test_crosstable_shows_every_result_from_each_side(meet, podium, read_pdf, tmp_path):
    """Row 张伟 (games won against 王芳, Carol, Dave): 2:0 2:0 2:0, 6 points, 1st.
    Row Dave (against 张伟, 王芳, Carol): 0:2 − 2:0 (the walkover lost is −), 3 points, 3rd (see the module docstring)."""
    finish(podium, meet)
    out = tmp_path / "cross.pdf"
    podium(meet, "print", "crosstable", "ms", "-o", str(out))
    pdf = read_pdf(out)
    assert len(pdf.pages) == 1 and same_size(pdf.size(), A4)
    lines = [line.split() for line in pdf.text().splitlines()]
    assert ["1", "张伟", "Class", "1", "2:0", "2:0", "2:0", "6", "1"] in lines
    assert ["4", "Dave", "初二二班", "0:2", "−", "2:0", "3", "3"] in lines
    assert ["3", "Carol", "Class", "1", "0:2", "1:2", "0:2", "3", "4"] in lines
    assert "Dave above Carol: match points among the tied 2 vs 1" in pdf.text()


def test_results_medals_points_and_certificates_after_the_event(meet, podium, read_pdf, tmp_path):
    finish(podium, meet)
    podium(meet, "print", "results", "ms", "--html", "-o", str(tmp_path / "results.html"))
    text = (tmp_path / "results.html").read_text(encoding="utf-8")
    assert text.index("张伟") < text.index("王芳") < text.index("Dave") < text.index("Carol")
    done = podium(meet, "print", "certificates", "-o", str(tmp_path / "c.pdf"), "--sign", "Referee")
    assert "Wrote" in done.output
    pdf = read_pdf(tmp_path / "c.pdf")
    # Places 1-3 of the finished event (张伟, 王芳, Dave): three certificates, A4 landscape.
    assert len(pdf.pages) == 3 and all(same_size(pdf.size(i), A4_LANDSCAPE) for i in range(3))
    assert "张伟" in pdf.pages[0].extract_text() and "Champion" in pdf.pages[0].extract_text()
    assert "Dave" in pdf.pages[2].extract_text() and "Referee" in pdf.pages[2].extract_text()
    podium(meet, "print", "medals", "--html", "-o", str(tmp_path / "m.html"))
    medals = (tmp_path / "m.html").read_text(encoding="utf-8")
    # 张伟 (Class 1) gold; 王芳 silver and Dave bronze for 初二二班: one gold ranks Class 1 first.
    assert medals.index("Class 1") < medals.index("初二二班")
    podium(meet, "print", "points", "--html", "-o", str(tmp_path / "p.html"))
    # Every place scores on 9-7-6-5-…, one event column: Class 1 9 (张伟 1st) + 5 (Carol 4th) = 14;
    # 初二二班 7 (王芳 2nd) + 6 (Dave 3rd) = 13.
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", (tmp_path / "p.html").read_text(encoding="utf-8"))
    assert cells == ["1", "Class 1", "14", "14", "2", "初二二班", "13", "13"]


def test_chinese_documents_with_lang(meet, podium, read_pdf, tmp_path):
    """In Chinese the certificate is a traditional 奖状 by default: salutation, the place in Chinese numerals, the
    date as 二〇二六年四月 (2026-04-18) and a seal area; --style modern prints the award's title and the long date."""
    finish(podium, meet)
    podium(meet, "--lang", "zh", "print", "certificates", "-o", str(tmp_path / "c.pdf"))
    pdf = read_pdf(tmp_path / "c.pdf")
    first = pdf.pages[0].extract_text().replace(" ", "")
    assert len(pdf.pages) == 3
    assert "奖状" in first and "张伟同学：" in first and "在春季乒乓球赛男子单打比赛中，荣获第一名。" in first
    assert "特发此状，以资鼓励。" in first and "二〇二六年四月" in first and "盖章处" in first
    podium(meet, "--lang", "zh", "print", "certificates", "--style", "modern", "-o", str(tmp_path / "m.pdf"))
    modern = read_pdf(tmp_path / "m.pdf").pages[0].extract_text().replace(" ", "")
    assert "奖状" in modern and "冠军" in modern and "春季乒乓球赛" in modern and "2026年4月18日" in modern


def test_score_sheets_for_pending_matches_with_game_boxes(meet, podium, read_pdf, tmp_path):
    """Six matches pending, two sheets per page → 3 pages; best of 3 gives boxes for games 1–3 only."""
    out = tmp_path / "sheets.pdf"
    podium(meet, "print", "scoresheets", "ms", "-o", str(out))
    pdf = read_pdf(out)
    assert len(pdf.pages) == 3
    text = pdf.text()
    assert "Game 3" in text and "Game 4" not in text and "Umpire" in text
    html = tmp_path / "sheet.html"
    podium(meet, "print", "scoresheets", "ms", "--sheet", "score_sheets/board_game.html", "--html", "-o", str(html))
    board = html.read_text(encoding="utf-8")
    assert board.count("Arbiter") == 6 and "First to move" in board
    podium(meet, "print", "scoresheets", "ms", "--sheet", "score_sheets/heats.html", "--lanes", "4", "--html", "-o", str(html))
    heats = html.read_text(encoding="utf-8")
    assert "Heat 1" in heats and "Heat 2" not in heats  # 4 entrants, 4 lanes: one heat
    podium(meet, "print", "scoresheets", "ms", "--sheet", "score_sheets/judges.html", "--judges", "3", "--html", "-o", str(html))
    judges = html.read_text(encoding="utf-8")
    assert "Judge 3" in judges and "Judge 4" not in judges


def test_a_printed_list_reads_back_with_each_bullet_on_its_item(meet, podium, read_pdf, tmp_path):
    """The text of a PDF (copied, searched, read aloud) has each bullet on its own item's line, not a line of bare
    bullets after the list: Dave and Carol tie on 3 points and Dave won their match, the results' one explanation;
    a score sheet lists the rules of the match."""
    finish(podium, meet)
    podium(meet, "print", "results", "ms", "-o", str(tmp_path / "r.pdf"))
    podium(meet, "print", "scoresheets", "ms", "--all", "-o", str(tmp_path / "s.pdf"))
    for document, item in (("r.pdf", r"Dave above Carol: "), ("s.pdf", r"Games to 11")):
        lines = [line.strip() for line in read_pdf(tmp_path / document).text().splitlines()]
        assert not [line for line in lines if line in ("•", "·")], document
        assert any(re.match(rf"[•·] ?{item}", line) for line in lines), (document, lines)


def test_html_output(meet, podium, tmp_path):
    out = tmp_path / "draw.html"
    podium(meet, "print", "draw", "ms", "--html", "-o", str(out))
    html = out.read_text(encoding="utf-8")
    assert html.startswith("<!doctype html>") and "王芳" in html and "@font-face" in html


def test_default_output_goes_to_the_print_folder(meet, podium):
    podium(meet, "print", "draw", "ms", "--html")
    assert (meet / "print" / "draw-ms.html").is_file()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("print", "draw"), "The document 'draw' is printed for one event; events of this meet: ms."),
        (("print", "draw", "xx"), "Unknown event 'xx'; events of this meet: ms."),
        (("print", "certificates"), "No event is finished yet, so there are no awards to print"),
        (("print", "medals"), "No event is finished yet"),
        (("print", "certificates", "--background", "/etc/hostname"), "must be a file inside the meet folder"),
    ],
)
def test_mistakes_are_refused_in_one_sentence(meet, podium, args, message):
    before = sorted(p.name for p in meet.iterdir())
    journal = (meet / "meet.sqlite").read_bytes()
    refused = podium(meet, *args, ok=False)
    assert refused.exit_code != 0 and message in refused.output and "Traceback" not in refused.output
    assert sorted(p.name for p in meet.iterdir()) == before and (meet / "meet.sqlite").read_bytes() == journal


def test_undrawn_event_is_refused(make_meet, podium):
    folder = make_meet(MEET, PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    refused = podium(folder, "print", "crosstable", "ms", ok=False)
    assert "Singles has not been drawn yet; run 'podium draw ms'." in refused.output


def test_help_has_an_example(podium):
    """Help texts are translated when the command module is first imported (in the language of that
    invocation), so within one test process the heading may be Chinese; the example lines are the same."""
    text = podium(None, "print", "--help").output
    assert ("Example:" in text or "示例：" in text) and "podium print draw ms -o ms-draw.pdf" in text


def test_matches_json_unchanged_by_printing(meet, podium, tmp_path):
    before = podium(meet, "matches", "ms", "--json").output
    podium(meet, "print", "draw", "ms", "--html", "-o", str(tmp_path / "d.html"))
    assert json.loads(podium(meet, "matches", "ms", "--json").output) == json.loads(before)


def test_print_all_writes_every_kind_for_the_demo(meet, podium):
    """What ``podium demo`` calls: every document kind the meet's state allows, here as HTML (fast)."""
    from podium.faces.print.printing import print_all
    from podium.services.meet import Meet

    finish(podium, meet)
    written = print_all(Meet(meet), meet / "print", "zh", html=True)
    assert sorted(p.path.name for p in written) == sorted([
        "draw-ms.html", "results-ms.html", "crosstable-ms.html", "scoresheets-ms.html",
        "order.html", "programme.html", "medals.html", "points.html", "certificates.html",
    ])
    assert "奖状" in (meet / "print" / "certificates.html").read_text(encoding="utf-8")


def tiny_png() -> bytes:
    """A 1×1 pale-yellow PNG, built by hand (signature, IHDR, IDAT, IEND)."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\x00\xff\xf5\xcc")) + chunk(b"IEND", b"")


def test_a_meet_brings_its_own_certificate_and_background(meet, podium, read_pdf, tmp_path):
    """templates/certificate.html in the meet folder replaces Podium's; the background image next to it is read
    (it is inside the meet folder, so the URL fetcher allows it)."""
    finish(podium, meet)
    (meet / "templates").mkdir()
    (meet / "templates" / "certificate-background.png").write_bytes(tiny_png())
    (meet / "templates" / "certificate.html").write_text(
        '{% extends "base.html" %}{% block stylesheet %}@page { size: A5 landscape; background: url("{{ background }}"); }'
        "{% endblock %}{% block header %}{% endblock %}"
        '{% block body %}{% for c in certificates %}<p style="break-after: page">Well done {{ c.name }}, {{ c.title }}</p>'
        "{% endfor %}{% endblock %}",
        encoding="utf-8",
    )
    out = tmp_path / "own.pdf"
    done = podium(meet, "print", "certificates", "-o", str(out))
    assert "Not read" not in done.output
    pdf = read_pdf(out)
    assert "Well done 张伟, Champion" in pdf.pages[0].extract_text()
    assert abs(pdf.size()[0] / pdf.size()[1] - 210 / 148) < 0.01  # A5 landscape
    assert b"/Image" in out.read_bytes()  # the background, drawn through a pattern on every page


def test_three_way_tie_shares_first_place_and_its_points(make_meet, podium):
    """A beats B, B beats C, C beats A, every match 11-5 11-5: equal match points (3 each), equal games (2:2)
    and equal points (42:42) among the tied, so the ITTF chain cannot separate them and all three share 1st.
    Sharing places 1–3 on the 9-7-6 scale gives each (9 + 7 + 6) / 3 = 22/3 points, a gold medal and the
    Champion title (table-tennis plan 6 §8: a joint 3rd)."""
    from podium.faces.print.award_documents import meet_awards
    from podium.services.meet import Meet
    from podium.services.sportsday import tables_view

    folder = make_meet(MEET, "event,name,unit\nms,A,Class 1\nms,B,Class 1\nms,C,初二二班\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    for winner, loser in (("A", "B"), ("B", "C"), ("C", "A")):
        podium(folder, "result", "ms", winner, loser, "11-5 11-5")
    state = Meet(folder).state()
    awards = meet_awards(state, lang="en")
    assert sorted((a.name, a.place, a.medal, a.title) for a in awards) == [
        ("A", 1, "gold", "Champion"), ("B", 1, "gold", "Champion"), ("C", 1, "gold", "Champion")]
    points = {row.unit_name: row.total for row in tables_view(state).points.rows}
    assert abs(points["Class 1"] - 44 / 3) < 0.01 and abs(points["初二二班"] - 22 / 3) < 0.01
