"""What the work on cost (issue 16, item 9) must leave unchanged: the shortcuts give the answers of the long way.

The figures themselves are measured by ``benchmarks/bench_cost.py`` (docs/performance.md), not here.
"""

from __future__ import annotations

import json

import pytest

from podium.errors import PodiumError
from podium.journal.entries import Kind
from podium.journal.stages import cell
from podium.model.outcomes import Outcome, OutcomeKind, forfeit
from podium.services.meet import Meet, check_texts

XIANGQI = """
[meet]
name = "Test meet"
language = "en"

[events.xq]
name = "Xiangqi"
sport = "xiangqi"

[[events.xq.stages]]
name = "main"
format = "round_robin"
"""


@pytest.mark.parametrize(
    ("outcome", "first", "second"),
    [
        (Outcome.win(0, stats={"games": (3.0, 1.0)}), "3:1", "1:3"),  # games counted: each side's games first
        (Outcome.win(1), "0", "1"),
        (Outcome.draw(), "½", "½"),
        (Outcome(OutcomeKind.PLAYED, 0, (0.75, 0.25)), "0.75", "0.25"),  # a checkers deadlock won
        (forfeit(0), "+", "−"),  # CXA 2011 §20.3
        (forfeit(None), "−", "−"),  # both absent, §20.2
    ],
)
def test_a_crosstable_cell_reads_either_side_without_turning_the_outcome(outcome, first, second):
    assert (cell(outcome), cell(outcome, 1)) == (first, second)
    assert cell(outcome, 1) == cell(outcome.mirrored())


def test_the_wall_chart_shows_each_game_from_both_sides(make_meet, podium):
    """Four players, Berger round 1 D–B and A–C, round 2 B–C and D–A. D–B: B had red (``red=2``) and D won;
    A–C: A, listed first, had red and C won; B–C: a walkover for B (no colours: the listed order shows); D–A not
    played (the listed order's colours). A win is 2 game points in xiangqi (CXA 2011 §14: 2-1-0)."""
    folder = make_meet(XIANGQI, "event,name\nxq,A\nxq,B\nxq,C\nxq,D\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "xq", "--seed", "1")
    for number, text in (("1", "red=2 1-0"), ("2", "0-1 fouls=1:0"), ("3", "+:-")):
        podium(folder, "result", "xq", number, text)
    table = json.loads(podium(folder, "standings", "xq", "--json").output)["stages"][0]["tables"][0]
    numbers = {row["name"]: row["number"] for row in table["rows"]}
    games = {row["name"]: [(g["opponent"], g["first"], g["result"]) for g in row["games"][:2]] for row in table["rows"]}
    assert games["D"] == [(numbers["B"], False, "2:0"), (numbers["A"], True, "")]
    assert games["B"] == [(numbers["D"], True, "0:2"), (numbers["C"], True, "+")]
    assert games["A"] == [(numbers["C"], True, "0:2"), (numbers["D"], False, "")]
    assert games["C"] == [(numbers["A"], False, "2:0"), (numbers["B"], False, "−")]


def test_a_bad_text_is_refused_however_often_a_batch_repeats_it():
    """A batch checks each distinct text once; a text that failed is not taken as checked."""
    checked: set[str] = set()
    check_texts((Kind.RESULT, "ms", {"stage": "main", "result": "3:1"}, None), checked)
    assert {"stage", "main", "result", "3:1"} <= checked
    bad = (Kind.RESULT, "ms", {"stage": "main", "result": "3:1\x1b[31m"}, None)
    for _ in range(2):
        with pytest.raises(PodiumError) as refused:
            check_texts(bad, checked)
        assert refused.value.code == "cli.text_invalid"


def test_the_match_list_of_an_event_is_the_callers_own(make_meet, podium):
    folder = make_meet(entrants="event,name,unit\nms,A,Class 1\nms,B,Class 2\nms,C,Class 3\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    event = Meet(folder).state().event("ms")
    listed = event.matches()
    assert len(listed) == 3  # three players: three matches
    listed.clear()
    assert len(event.matches()) == 3
