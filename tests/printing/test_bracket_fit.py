"""A bracket's lines fit their text: in a draw of 32 lines on A4, or of 64 on A4 (two parts of 32 lines), the columns
are 31 mm wide (186 mm for five rounds and the winner), and a seeded entrant's line holds the seed's box, a
five-character name and a class such as 初二（10）班, wider than the column at the tree's type size; the line's type
shrinks until all of it prints (read back from the PDF), where it used to be cut off with an ellipsis."""

from __future__ import annotations

import pytest

MEET = """
[meet]
name = "春季杯"
language = "zh"

[units]
c1 = "初二（10）班"
c2 = "高一（12）班"

[events.ko]
name = "男子单打"
sport = "table_tennis"

[[events.ko.stages]]
name = "main"
format = "knockout"

[events.ko.rules]
best_of = 3
"""


@pytest.mark.parametrize(("count", "paper"), [(32, "a4"), (64, "a4")])
def test_every_seeded_entrants_class_prints_whole(make_meet, podium, read_pdf, tmp_path, count, paper):
    """Entrant n is 欧阳娜娜n, seeded n for the first eight, of 初二（10）班 when n is odd and 高一（12）班 when even: with
    no result yet every class is printed once, on the entrant's own line, so each prints count / 2 times whole;
    the seeds' lines (seeds 1–8) carry both their seed and their whole class."""
    rows = "\n".join(f"ko,欧阳娜娜{n},{'初二（10）班' if n % 2 else '高一（12）班'},{n if n <= 8 else ''}" for n in range(1, count + 1))
    folder = make_meet(MEET, f"event,name,unit,seed\n{rows}\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ko", "--seed", "1")
    out = tmp_path / "ko.pdf"
    podium(folder, "print", "draw", "ko", "--paper", paper, "-o", str(out))
    text = read_pdf(out).text().replace(" ", "")
    assert (text.count("初二（10）班"), text.count("高一（12）班")) == (count // 2, count // 2)
    assert "…" not in text
    for seed in range(1, 9):
        unit = "初二（10）班" if seed % 2 else "高一（12）班"
        assert f"{seed}欧阳娜娜{seed}{unit}" in text
