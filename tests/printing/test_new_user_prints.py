"""Printed documents as a new user reads them (issue 21, items 10–16): scores read from the winner's side in a
bracket, a judged event's judges' sheet, score sheets with the table and time the order of play assigned, the
Swiss wall chart's opponent, colour and result columns, draw-sheet round tables that line up, the unit points
table on A4, and one precision of times per event. Expected values are worked out by hand from the rule cited
in each test."""

from __future__ import annotations

from podium.faces.print.documents import draw_sheet
from podium.services.results import record
from tests.printing.test_knockout_stage import knockout_meet


def _box(meet, key):
    stage = draw_sheet(meet.config, meet.state().event("ko")).stages[0]
    return next(m for s in stage.bracket.sections for r in s.rounds for m in r.matches if m.key == key)


def test_bracket_score_reads_from_the_winners_side(make_meet):
    """Issue 21 item 10. ITTF 2.11.1: a game is won by the player who first scores 11 points (2 clear at 10-10).
    Match R1.2 is Player 8 v Player 9; entered from Player 8's side as "9-11 11-9 9-11", Player 9 won games 1
    and 3, so under Player 9 (the winner) the bracket reads "11-9 9-11 11-9": the winner's points first in
    each game, two games of three won. A first side's win keeps its text: R1.4 (Player 5 v Player 12)
    entered as "11-5 11-4" reads "11-5 11-4"."""
    meet = knockout_meet(make_meet)
    record(meet, "ko", ["R1.2"], "9-11 11-9 9-11")
    record(meet, "ko", ["R1.4"], "11-5 11-4")
    second = _box(meet, "R1.2")
    assert (second.sides[second.winner].name, second.result) == ("Player 9", "11-9 9-11 11-9")
    first = _box(meet, "R1.4")
    assert (first.sides[first.winner].name, first.result) == ("Player 5", "11-5 11-4")


def test_bracket_walkover_reads_from_the_winners_side(make_meet):
    """Issue 21 item 10. A walkover won by the second side (entered "-:+" from the first side, who did not play)
    reads "+:-" under its winner, the "+" being the winner's mark as in the CXA 2011 §20.3 crosstable marks."""
    meet = knockout_meet(make_meet)
    record(meet, "ko", ["R1.2"], "-:+")
    box = _box(meet, "R1.2")
    assert (box.sides[box.winner].name, box.result) == ("Player 9", "+:-")
