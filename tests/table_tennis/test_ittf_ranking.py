"""ITTF group ranking (ITTF Regulations 3.7.5) on table-tennis outcomes, with hand-worked groups.

3.7.5.1: 2 match points for a win, 1 for a loss, 0 for a match not played or not completed.
3.7.5.2: members equal on match points are separated only by the matches between them:
match points, then (teams) individual matches, then games, then points ratios.
3.7.5.3: once some places are decided, their matches are left out and the rest is
resolved again from the start. 3.7.5.4: what is still equal is decided by lot.
"""

from __future__ import annotations

from podium.model.entrants import EntrantKind
from podium.model.matches import Match, Slot
from podium.registry import registry
from podium.standings.ledger import build_ledger
from podium.standings.table import rank

from .helpers import SPORT, ctx, team_ctx


def standings(results, entrants, context=None):
    """Rank ``results`` ((first, second, text) from the first's side) with the sport's default chain."""
    context = context or ctx()
    matches = []
    for index, (a, b, text) in enumerate(results, start=1):
        match = Match(key=f"M{index}", stage="main", round=index, sides=(Slot(a), Slot(b)))
        matches.append((match, SPORT.outcome(SPORT.parse_result(text, context), context)))
    chain = [registry().tiebreaker(name) for name in SPORT.tiebreak_chain("round_robin", context.rules)]
    return rank(build_ledger(entrants, matches, SPORT.scoring), chain)


W30, W31, W32 = "11-5 11-5 11-5", "11-5 5-11 11-5 11-5", "11-5 5-11 11-5 5-11 11-5"
L03, L13, L23 = "5-11 5-11 5-11", "5-11 11-5 5-11 5-11", "5-11 11-5 5-11 11-5 5-11"


def test_decided_places_drop_out_and_the_rest_starts_again():
    """Six players; A, B, C, D end on 8 match points, E on 7, F on 6.

    Results: A beats B 3-0, C 3-2, D 3-0, loses to E and F. B beats C 3-0, C beats D 3-2,
    D beats B 3-1 (a cycle); B, C and D each beat E and F 3-0; E beats F.
    Totals: A 3×2 + 2×1 = 8; B, C, D each 3 wins + 2 losses = 8; E 2 wins = 7; F 1 win = 6.

    Among A, B, C, D (3.7.5.2) match points: A 6, B, C, D 4 each → A first.
    3.7.5.3: A's matches are left out; among B, C, D match points are 3 each, so the
    games ratio among B, C, D alone: B 3+1 : 0+3 = 4:3, D 2+3 : 3+1 = 5:4, C 0+3 : 3+2 = 3:5
    → B, D, C. (Keeping A's matches would give D 5:7 above B 4:6 above C 5:8 — wrong.)
    """
    results = [
        ("A", "B", W30), ("A", "C", W32), ("A", "D", W30), ("E", "A", W30), ("F", "A", W30),
        ("B", "C", W30), ("C", "D", W32), ("D", "B", W31),
        ("B", "E", W30), ("B", "F", W30), ("C", "E", W30), ("C", "F", W30), ("D", "E", W30), ("D", "F", W30),
        ("E", "F", W30),
    ]
    table = standings(results, list("ABCDEF"))
    assert [(r.key, r.record.points) for r in table.rows] == [("A", 8), ("B", 8), ("D", 8), ("C", 8), ("E", 7), ("F", 6)]
    reasons = {(s.upper, s.lower): (s.label, str(s.upper_value), str(s.lower_value)) for s in table.separations}
    assert reasons[("A", "B")] == ("match points among the tied", "6", "4")
    assert reasons[("B", "D")] == ("games ratio among the tied", "4:3", "5:4")
    assert reasons[("D", "C")] == ("games ratio among the tied", "5:4", "3:5")


def test_points_ratio_when_games_are_equal():
    """Three players in a cycle, every match 3-1: match points and games among the tied are equal (4:4 each).

    Points: A beat B 11-5 5-11 11-5 11-5 (38:26) and lost to C 5-11 11-9 5-11 5-11 (26:42): 64:68.
    B beat C 11-9 9-11 11-9 11-9 (42:38), lost to A (26:38): 68:76.
    C beat A (42:26), lost to B (38:42): 80:68. Ratios: C 1.176, A 0.941, B 0.895 → C, A, B.
    """
    results = [("A", "B", "11-5 5-11 11-5 11-5"), ("C", "A", "11-5 9-11 11-5 11-5"), ("B", "C", "11-9 9-11 11-9 11-9")]
    table = standings(results, ["A", "B", "C"])
    assert table.order() == ["C", "A", "B"]
    assert table.separations[0].label == "points ratio among the tied"
    assert (str(table.separations[0].upper_value), str(table.separations[0].lower_value)) == ("80:68", "64:68")


def test_walkovers_score_nothing_and_do_not_count_in_ratios():
    """A beats B by walkover (2 and 0 match points); B beats C and C beats A 3-0: A 2+1 = 3, B 0+2 = 2, C 1+2 = 3.

    A and C are tied on 3: their own match (C won) decides: C above A. B is last on 2.
    """
    table = standings([("A", "B", "+:-"), ("B", "C", W30), ("C", "A", W30)], ["A", "B", "C"])
    assert [(r.key, r.record.points) for r in table.rows] == [("C", 3), ("A", 3), ("B", 2)]


def test_a_tie_nothing_separates_is_left_to_lots():
    """Three players, identical cycle of 11-5 ×3 wins: everything among them is equal; ITTF 3.7.5.4 says lots.

    Until lots are drawn the three share first place.
    """
    table = standings([("A", "B", W30), ("B", "C", W30), ("C", "A", W30)], ["A", "B", "C"])
    assert table.chain == ("ittf", "lots")
    assert [(r.place, r.shared) for r in table.rows] == [(1, True), (1, True), (1, True)]
    assert table.unresolved == (("A", "B", "C"),)


def test_teams_are_separated_by_individual_matches_first():
    """Three teams in a cycle (ITTF order, best of 3 rubbers): each 2 + 1 = 3 match points.

    T1 beat T2 3-0 with every rubber 2-0 games: rubbers 3:0, games 6:0.
    T2 beat T3 3-1; T3 beat T1 3-2 (rubbers). Rubber ratios among the tied: T1 3+2 : 0+3 = 5:3,
    T3 1+3 : 3+2 = 4:5, T2 0+3 : 3+1 = 3:4 → T1, T3, T2 (1.67 > 0.8 > 0.75) — decided before games are looked at.
    """
    lineups = "A=张三 B=李四 C=王五; X=赵六 Y=钱七 Z=孙八"
    context = team_ctx(best_of=3)
    win, lose = "11-5 11-5", "5-11 5-11"
    results = [
        ("T1", "T2", f"{lineups}; {win} | {win} | A+C-Y+Z {win}"),
        ("T2", "T3", f"{lineups}; {win} | {lose} | A+C-Y+Z {win} | B-Z {win}"),
        ("T3", "T1", f"{lineups}; {win} | {lose} | A+C-Y+Z {lose} | B-Z {win} | C-X {win}"),
    ]
    table = standings(results, ["T1", "T2", "T3"], context)
    assert table.order() == ["T1", "T3", "T2"]
    labels = {(s.upper, s.lower): (s.label, str(s.upper_value), str(s.lower_value)) for s in table.separations}
    assert labels[("T1", "T3")] == ("individual-match ratio among the tied", "5:3", "4:5")
    assert labels[("T3", "T2")] == ("individual-match ratio among the tied", "4:5", "3:4")


def test_team_and_individual_events_share_the_chain():
    assert SPORT.tiebreak_chain("round_robin", ctx(EntrantKind.TEAM).rules) == ("ittf", "lots")
