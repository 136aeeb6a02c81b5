"""Documents rendered from hand-made view models, read back from the PDF with pypdf."""

from __future__ import annotations

import datetime as dt

import pytest

from podium.faces.print.award_documents import certificates
from podium.faces.print.bracket import layout
from podium.faces.print.models import Award, DrawSheet, MedalRow, StageDraw, UnitPoints, UnitPointsRow
from podium.faces.print.pdf import allowed_roots, write_pdf
from podium.faces.print.printing import render_html
from podium.faces.print.templating import podium_templates
from podium.i18n import use_language as language
from tests.printing.conftest import A4_LANDSCAPE, same_size
from tests.printing.samples import bracket_13

MEET = {"name": "阳光体育节 Sunshine Games", "date": dt.date(2026, 12, 5), "organiser": "体育组", "venue": ""}


def render(tmp_path, template, context, lang="en", title="Test"):
    with language(lang):
        html = render_html(template, context, lang=lang, title=title, meet=MEET, sources=[podium_templates()])
    out = tmp_path / "out.pdf"
    write_pdf([html], out, base=tmp_path, roots=allowed_roots([podium_templates().directory, tmp_path]))
    return html, out


def test_bracket_of_13_prints_on_one_a4_landscape_page_with_three_byes(tmp_path, read_pdf):
    bracket = bracket_13()
    sheet = DrawSheet(event="男子单打 Men's singles", sport="Table tennis", stages=(StageDraw("Main draw", "Knockout", bracket=bracket),))
    html, out = render(tmp_path, "draw.html", {"sheet": sheet, "layouts": {0: layout(bracket)}})
    pdf = read_pdf(out)
    assert len(pdf.pages) == 1
    assert same_size(pdf.size(0), A4_LANDSCAPE)
    text = pdf.pages[0].extract_text()
    assert text.count("bye") == 3
    for name in ("张伟", "欧阳娜娜", "Alice Smith", "Chen Wei"):
        assert name in text
    assert "9-11 11-7 5-11 8-11" in text
    assert pdf.fonts() and all(pdf.fonts().values())


def test_bracket_byes_in_chinese():
    bracket = bracket_13()
    sheet = DrawSheet(event="男子单打", sport="乒乓球", stages=(StageDraw("正赛", "淘汰赛", bracket=bracket),))
    with language("zh"):
        html = render_html("draw.html", {"sheet": sheet, "layouts": {0: layout(bracket)}}, lang="zh", title="秩序",
                           meet=MEET, sources=[podium_templates()])
    assert html.count("轮空") == 3 and "第 1 页" not in html


def test_certificates_one_page_each_team_members_each_get_one(tmp_path, read_pdf):
    """Three awards, one to a team of three: 2 + 3 = 5 certificates, 5 A4 landscape pages (table-tennis plan 5 §7)."""
    from podium.config.meet import MeetConfig
    from podium.i18n import Label

    config = MeetConfig(Label("2026 年阳光体育节", "Sunshine Games 2026"), dt.date(2026, 12, 5), "体育组", "zh", "", {}, {}, "")
    awards = [
        Award(event="男子单打", title="冠军", name="欧阳娜娜", unit="初一（1）班", place=1, medal="gold", points=9),
        Award(event="男子单打", title="亚军", name="Alice Smith", unit="Class 2", place=2, medal="silver", points=7),
        Award(event="男子团体", title="冠军", name="一班队", unit="初一（1）班", place=1, medal="gold",
              members=("张伟", "王磊", "李强"), points=9),
    ]
    certs = certificates(config, awards, signatures=("裁判长",), lang="zh")
    assert [c.name for c in certs] == ["欧阳娜娜", "Alice Smith", "张伟", "王磊", "李强"]
    assert certs[2].team == "一班队" and certs[0].meet == "2026 年阳光体育节"
    _html, out = render(tmp_path, "certificate.html", {"certificates": certs, "background": None}, lang="zh")
    pdf = read_pdf(out)
    assert len(pdf.pages) == 5
    assert all(same_size(pdf.size(i), A4_LANDSCAPE) for i in range(5))
    assert "欧阳娜娜" in pdf.pages[0].extract_text() and "Alice Smith" in pdf.pages[1].extract_text()
    assert "奖状" in pdf.pages[4].extract_text().replace(" ", "") and "2026年12月5日" in pdf.text()
    assert "裁判长" in pdf.text()
    fonts = pdf.fonts()
    assert fonts and all(fonts.values()), fonts


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_medal_table_and_unit_points(lang):
    """The tables as computed by the sports day (tests/sportsday): medals B 1-1-0 above A 1-0-0, C and D
    sharing 3rd with a bronze each; points on 9-7-6-5 with C and D sharing 3rd: (6+5)/2 = 5.5 each."""
    rows = [MedalRow(1, "B", 1, 1, 0), MedalRow(2, "A", 1, 0, 0), MedalRow(3, "C", 0, 0, 1), MedalRow(3, "D", 0, 0, 1)]
    table = UnitPoints(
        events=("男子单打", "女子单打"),
        rows=(
            UnitPointsRow(1, "B", (0, 16), 16), UnitPointsRow(2, "A", (9, 0), 9),
            UnitPointsRow(3, "C", (0, 5.5), 5.5), UnitPointsRow(3, "D", (0, 5.5), 5.5),
        ),
    )
    with language(lang):
        medals = render_html("medals.html", {"rows": rows}, lang=lang, title="", meet=MEET, sources=[podium_templates()])
        points = render_html("unit_points.html", {"table": table}, lang=lang, title="", meet=MEET, sources=[podium_templates()])
    assert ("金牌</th>" in medals) == (lang == "zh") and ("gold</th>" in medals) == (lang == "en")
    assert "<td class=\"num\">5.5</td>" in points and "<td class=\"num strong\">16</td>" in points
