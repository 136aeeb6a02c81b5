"""Brackets as trees: byes shown, tree positions, and pages for large draws (pure layout, no PDF)."""

from __future__ import annotations

from podium.faces.print.bracket import layout
from podium.faces.print.models import Bracket, BracketMatch, BracketRound, BracketSection, BracketSide
from tests.printing.samples import NAMES_13, bracket_13, single_elimination


def leaf_names(block):
    return ["bye" if line.side.bye else line.side.name or line.side.note for line in sorted(block.lines, key=lambda line: line.y) if line.leaf]


def test_thirteen_entrants_show_three_byes_in_seed_positions():
    """16 lines for 13 entrants: 3 byes, against seeds 1, 3 and 2 (standard positions 1-16, 3-14, 2-15).

    Reading the first column top to bottom gives seeds 1, bye, 8, 9, 5, 12, 4, 13, 3, bye, 6, 11, 7, 10, 2, bye.
    """
    result = layout(bracket_13())
    assert len(result.pages) == 1 and result.landscape
    main, third = result.pages[0].blocks
    order = (1, 0, 8, 9, 5, 12, 4, 13, 3, 0, 6, 11, 7, 10, 2, 0)
    assert leaf_names(main) == ["bye" if n == 0 else NAMES_13[n - 1] for n in order]
    assert sum(1 for line in main.lines if line.side.bye) == 3
    assert leaf_names(third) == ["loser of #13", "loser of #14"]


def test_tree_positions_put_each_match_between_its_feeders():
    """Lines 0..15 in round 1; a quarter-final sits midway between its two first-round matches
    (lines 0,1 → 0.5 and 2,3 → 2.5 → QF1 at 1.5), the final midway between the semi-finals (3.5 and 11.5 → 7.5)."""
    main = layout(bracket_13()).pages[0].blocks[0]
    joints = {j.number: (j.top + j.bottom) / 2 for j in main.joints}
    assert joints[2] == 2.5 and joints[9] == 1.5 and joints[13] == 3.5 and joints[14] == 11.5 and joints[15] == 7.5
    champion = [line for line in main.lines if line.champion]
    assert len(champion) == 1 and champion[0].y == 7.5 and champion[0].start == 4
    assert main.rounds == ("Round 1", "Quarter-finals", "Semi-finals", "Final")


def test_results_arrive_in_the_tree():
    """Seed 9 beat seed 8 in match 2: the winner's line is marked and the quarter-final shows 杨帆's opponent as 赵勇."""
    main = layout(bracket_13()).pages[0].blocks[0]
    won = {line.side.name for line in main.lines if line.won and line.leaf}
    assert {"赵勇", "Bob Jones", "张伟", "王芳", "Alice Smith"} <= won
    assert "杨帆" not in won
    joint = next(j for j in main.joints if j.number == 2)
    assert joint.result == "9-11 11-7 5-11 8-11"


def test_128_entrants_fit_five_a4_pages_or_three_a3_pages():
    """128 lines: A4 holds 32 lines, so four quarters (5 rounds each, ending with a quarter-final) and a last
    page with semi-finals and final fed by the four quarter winners; A3 holds 64: two halves and the final."""
    bracket = single_elimination(128)
    a4 = layout(bracket, "a4")
    assert len(a4.pages) == 5 and not a4.landscape
    assert [b.height for p in a4.pages for b in p.blocks] == [32, 32, 32, 32, 4]
    assert a4.pages[-1].blocks[0].rounds == ("Round 6", "Round 7")
    a3 = layout(bracket, "a3")
    assert len(a3.pages) == 3
    assert [b.height for p in a3.pages for b in p.blocks] == [64, 64, 2]


def test_32_entrants_fit_one_a4_page():
    result = layout(single_elimination(32))
    assert len(result.pages) == 1 and not result.landscape and result.size == "A4 portrait"


def test_double_elimination_losers_bracket_is_drawn_as_a_tree():
    """Losers bracket of 4 entrants: LB1 = loser #1 v loser #2; LB2 = winner LB1 v loser #3 (the WB final).
    The LB2 tree has 3 leaves: loser #1, loser #2, loser #3; LB1 sits midway between lines 0 and 1."""
    lose = lambda k, n: BracketSide(source=("loser", k), note=f"loser of #{n}")  # noqa: E731
    lb1 = BracketMatch("L1", (lose("W1", 1), lose("W2", 2)), number=4)
    lb2 = BracketMatch("L2", (BracketSide(source=("winner", "L1")), lose("W3", 3)), number=5)
    losers = BracketSection("Losers bracket", (BracketRound("LB round 1", (lb1,)), BracketRound("LB round 2", (lb2,))))
    gf = BracketMatch("GF", (BracketSide(source=("winner", "W3")), BracketSide(source=("winner", "L2"))), number=6)
    result = layout(Bracket("Double elimination", (losers, BracketSection("Grand final", (BracketRound("Grand final", (gf,)),)))))
    lb_block, gf_block = result.pages[0].blocks
    assert leaf_names(lb_block) == ["loser of #1", "loser of #2", "loser of #3"]
    assert {j.number: (j.top + j.bottom) / 2 for j in lb_block.joints} == {4: 0.5, 5: 1.25}
    assert lb_block.height == 3 and gf_block.height == 2


def test_rounds_without_sources_are_paired_by_position():
    """A full bracket whose later sides carry no source is still a tree: match m of a round is fed by 2m and 2m+1."""
    bracket = single_elimination(8)
    stripped = Bracket(bracket.title, tuple(
        BracketSection(s.title, tuple(
            BracketRound(r.title, tuple(BracketMatch(m.key, (BracketSide(m.sides[0].name), BracketSide(m.sides[1].name)), m.number)
                                        for m in r.matches))
            for r in s.rounds))
        for s in bracket.sections))
    block = layout(stripped).pages[0].blocks[0]
    assert len([line for line in block.lines if line.leaf]) == 8 and block.height == 8
