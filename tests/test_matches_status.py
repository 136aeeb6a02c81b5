"""The status column of ``podium matches``: a header and a legend of its marks, in English and Chinese (issue 21,
item 7).

A mark is shown per match: ✓ a result entered, ✓* a result corrected, … sides not known yet, - a bye, w/o a
walkover after a withdrawal, × annulled; a match to play has none. The legend under the table explains the
marks the table shows, and only those.
"""

from __future__ import annotations

from tests.conftest import BASIC_TOML
from tests.test_vertical_slice import PLAYERS

KNOCKOUT = """
[meet]
name = "Test meet"
date = 2026-12-05
language = "en"

[units]
c1 = "Class 1"
c2 = "Class 2"
c3 = "Class 3"

[events.ms]
name = { zh = "男子单打", en = "Men's singles" }
sport = "table_tennis"
format = "knockout"
"""

FOUR = "\n".join(PLAYERS.splitlines()[:5]) + "\n"
"""Alan, Bo, Chen and Deng: a knockout of four, two semi-finals (matches 1 and 2) and the final (match 3)."""


def _statuses(output: str) -> list[str]:
    """The status cell of each match row (the text after the result column, empty for a match to play)."""
    lines = output.splitlines()
    start = lines[0].index("status")
    return [line[start:].strip() for line in lines[2:] if line[:3].strip().isdigit()]


def test_header_and_legend_of_the_marks_shown(make_meet, podium):
    """Semi-final 1 entered and then corrected, semi-final 2 not played, the final waiting for both winners:
    by hand, the marks are ✓*, none, … and the legend names exactly those three (in the order ✓*, …, empty)."""
    folder = make_meet(KNOCKOUT, FOUR)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    podium(folder, "result", "ms", "1", "11-7 11-5 11-3")
    podium(folder, "correct", "ms", "1", "11-7 11-5 11-4", "--reason", "game 3 misread")
    out = podium(folder, "matches", "ms").output
    assert out.splitlines()[0].split()[-1] == "status"
    assert _statuses(out) == ["✓*", "", "…"]
    assert out.splitlines()[-1] == (
        "Status: ✓* result corrected (the earlier one is in 'podium log') · … sides not known yet · empty: to be played."
    )
    podium(folder, "result", "ms", "2", "11-7 11-5 11-3")
    out = podium(folder, "matches", "ms").output
    assert _statuses(out) == ["✓*", "✓", ""]
    assert out.splitlines()[-1] == (
        "Status: ✓ result entered · ✓* result corrected (the earlier one is in 'podium log') · empty: to be played."
    )


def test_no_legend_when_no_match_has_a_mark(make_meet, podium):
    """Right after the draw of a round robin every match is to be played: no mark, so no legend."""
    folder = make_meet(entrants=PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    out = podium(folder, "matches", "ms").output
    assert out.splitlines()[0].split()[-1] == "status"
    assert not any(line.startswith("Status:") for line in out.splitlines())


def test_walkover_and_annulled_marks_in_chinese(make_meet, podium):
    """Round robin of six (Berger, worked out in tests/test_vertical_slice.py: Alan plays matches 1, 6, 7, 12 and 13).
    Alan withdraws having played none: under ``withdrawal = "half"`` CXA 2011 §19.2 annuls all his matches (fewer than
    half played), so his five matches show × and the legend, in Chinese, explains × only (and the empty mark of the
    other ten)."""
    folder = make_meet(BASIC_TOML.replace('numbers = "list"', 'numbers = "list"\nwithdrawal = "half"'), entrants=PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    podium(folder, "withdraw", "ms", "Alan", "--reason", "ill")
    out = podium(folder, "--lang", "zh", "matches", "ms").output
    header = out.splitlines()[0]
    assert header.split()[-1] == "状态"
    marks = [line.split()[-1] for line in out.splitlines()[2:] if line[:3].strip().isdigit() and "Alan" in line]
    assert marks == ["×"] * 5
    assert out.splitlines()[-1] == "状态：× 已取消：一方退赛，其成绩不再计算 · 空白：待赛。"
