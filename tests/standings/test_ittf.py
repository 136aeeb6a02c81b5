"""ITTF group ranking (ITTF Handbook 3.7.5): ties go to the matches among the tied only —
match points, then (teams) the individual-match ratio, then games ratio, then points ratio; as soon as a place
is decided, the decided members' matches are dropped and the rest is resolved again from the start.

Why the two configurations below and not three singles players in a plain cycle of best-of-5 matches: in a
cycle A beat B 3–x, B beat C 3–y, C beat A 3–z, the games ratios among the three are A (3+z):(3+x),
B (3+x):(3+y), C (3+y):(3+z). For games ratio to decide one place and leave the other two level, two of the
ratios must be equal, e.g. B = C: (3+x)(3+z) = (3+y)², with x, y, z in 0..2, so factors in {3, 4, 5}: the only
products of two such numbers that are squares are 3·3, 4·4, 5·5, which forces x = y = z — and then all three
ratios are 1 and games ratio decides nothing. The same holds for best of 3 and best of 7. Four tied players do
not help: their six matches cannot give everyone equal match points, so a three-way sub-tie is again a plain
cycle among themselves. It does happen in team events (ties of 5 rubbers, where the games add up over the
rubbers) and when the matches of a cycle differ in length.
"""

from __future__ import annotations

from podium.model.outcomes import Outcome, forfeit
from podium.model.scoring import PRESETS
from podium.standings.ledger import Decision

from .helpers import explained, ledger, match, standings


def tie(rnd, a, b, winner, **stats):
    return match(rnd, a, b), Outcome.win(winner, stats=stats)


def test_team_three_way_tie_by_games_ratio_then_two_way_by_their_match():
    """Teams T1–T3 beat each other 3–2 in rubbers in a cycle and each beat T4 3–0.

    ITTF match points (win 2, loss 1): T1, T2, T3 2+1+2 = 5; T4 1+1+1 = 3.
    Among T1, T2, T3: match points 3 each; rubbers 5:5 each. Games in the three ties:
    T1–T2 10–9, T2–T3 9–9, T3–T1 9–10 (a 3–2 winner has 9–13 games, a loser 6–12: all possible).
    Games ratio among them: T1 (10+10):(9+9) = 20:18; T2 (9+9):(10+9) = 18:19; T3 (9+9):(9+10) = 18:19.
    T1 is first; T1's ties are dropped and T2, T3 start again: match points between them T2 2, T3 1.
    """
    results = [
        tie(1, "T1", "T2", 0, rubbers=(3, 2), games=(10, 9)),
        tie(2, "T2", "T3", 0, rubbers=(3, 2), games=(9, 9)),
        tie(3, "T3", "T1", 0, rubbers=(3, 2), games=(9, 10)),
        tie(4, "T1", "T4", 0, rubbers=(3, 0), games=(9, 1)),
        tie(5, "T2", "T4", 0, rubbers=(3, 0), games=(9, 2)),
        tie(6, "T3", "T4", 0, rubbers=(3, 0), games=(9, 3)),
    ]
    table = standings(ledger(["T1", "T2", "T3", "T4"], results, PRESETS["ittf"]), "ittf")
    assert [(row.key, row.record.points) for row in table.rows] == [("T1", 5), ("T2", 5), ("T3", 5), ("T4", 3)]
    assert explained(table) == [
        "T1 above T2: games ratio among the tied 20:18 vs 18:19",
        "T2 above T3: match points among the tied 2 vs 1",
    ]


def test_singles_cycle_with_a_longer_match():
    """A, B, C beat each other in a cycle and all beat D; C–A was a best of 7 (e.g. a later round's rules).

    A beat B 3–1, B beat C 3–0 (best of 5), C beat A 4–0 (best of 7). Match points A, B, C 2+1+2 = 5, D 3.
    Among A, B, C: match points 3 each. Games: A won 3+0 = 3, lost 1+4 = 5 → 3:5; B won 1+3 = 4, lost 3+0
    = 3 → 4:3; C won 0+4 = 4, lost 3+0 = 3 → 4:3. A is third; its matches are dropped and B, C start again:
    B beat C → B 2 vs C 1. Order B, C, A.
    """
    results = [
        tie(1, "A", "B", 0, games=(3, 1)),
        tie(2, "B", "C", 0, games=(3, 0)),
        tie(3, "C", "A", 0, games=(4, 0)),
        tie(4, "A", "D", 0, games=(3, 0)),
        tie(5, "B", "D", 0, games=(3, 0)),
        tie(6, "C", "D", 0, games=(3, 0)),
    ]
    table = standings(ledger("ABCD", results, PRESETS["ittf"]), "ittf")
    assert [row.key for row in table.rows] == ["B", "C", "A", "D"]
    assert explained(table) == [
        "B above C: match points among the tied 2 vs 1",
        "C above A: games ratio among the tied 4:3 vs 3:5",
    ]


def test_a_pair_still_tied_after_the_ittf_ranking_is_ordered_by_lots_and_both_splits_are_explained():
    """W beats X, Y and Z; Y and Z beat X 3–0; Y–Z is a double forfeit. Then lots put Z above Y.

    ITTF match points (win 2, loss 1, forfeit 0): W 6; X 1+1+1 = 3; Y 2+0+1 = 3; Z 2+0+1 = 3.
    Among X, Y, Z: match points X 1+1 = 2, Y 2+0 = 2, Z 2+0 = 2. Games among them: X 0:6, Y 3:0, Z 3:0, so X is
    third of the three. Y and Z start again: their only match is the double forfeit, 0 match points and no games
    each, so they stay level and the drawn lots decide: Z, then Y. The explanation of Y above X is the games ratio
    of the step that decided X's place, whichever of Y and Z the lots put last.
    """
    results = [
        tie(1, "W", "X", 0, games=(3, 0)),
        tie(2, "W", "Y", 0, games=(3, 0)),
        tie(3, "W", "Z", 0, games=(3, 0)),
        tie(4, "Y", "X", 0, games=(3, 0)),
        tie(5, "Z", "X", 0, games=(3, 0)),
        (match(6, "Y", "Z"), forfeit(None)),
    ]
    before = standings(ledger("WXYZ", results, PRESETS["ittf"]), "ittf")
    assert before.unresolved == (("Y", "Z"),)
    lots = Decision(frozenset("YZ"), ("Z", "Y"))
    table = standings(ledger("WXYZ", results, PRESETS["ittf"], decisions=[lots]), "ittf")
    assert [(row.key, row.record.points) for row in table.rows] == [("W", 6), ("Z", 3), ("Y", 3), ("X", 3)]
    assert [line.split(":")[0] for line in explained(table)] == ["Z above Y", "Y above X"]
    assert explained(table)[1] == "Y above X: games ratio among the tied 3:0 vs 0:6"
