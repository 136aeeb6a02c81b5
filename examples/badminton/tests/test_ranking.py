"""BWF General Competition Regulations 16.2 on groups of four, worked out by hand."""

from __future__ import annotations

from podium.api import Entrant, EntrantKind, Match, MatchContext, Person, Slot, rank_results

from podium_badminton.ranking import BwfGroupRanking
from podium_badminton.sport import Badminton

SPORT = Badminton()
CTX = MatchContext("ms", {"best_of": 3, "doubles": "open", "kind": "individual"},
                   (Entrant("1", "ms", EntrantKind.INDIVIDUAL, "x", (Person("x"),)),) * 2)


def standings(results: list[tuple[str, str, str]]):
    matches = []
    for number, (a, b, text) in enumerate(results, start=1):
        outcome = SPORT.outcome(SPORT.parse_result(text, CTX), CTX)
        matches.append((Match(f"M{number}", "main", number, (Slot(a), Slot(b))), outcome))
    return rank_results(["A", "B", "C", "D"], matches, SPORT.scoring, [BwfGroupRanking(), "lots"])


def test_three_tied_by_game_difference_then_two_by_their_match():
    """A, B and C each won 2 matches (A beat B and D, B beat C and D, C beat A and D): 16.2.3.

    Game difference over all group matches: A won 2+0+2 = 4, lost 0+2+1 = 3 → +1;
    B won 0+2+2 = 4, lost 2+1+0 = 3 → +1; C won 2+1+2 = 5, lost 0+2+0 = 2 → +3.
    C is first; A and B stay equal, two of them, so their match decides (16.2.2): A beat B.
    """
    table = standings([
        ("A", "B", "21-10 21-12"),
        ("B", "C", "21-15 18-21 21-19"),
        ("C", "A", "21-17 21-19"),
        ("A", "D", "21-11 19-21 21-13"),
        ("B", "D", "21-8 21-9"),
        ("C", "D", "21-5 21-6"),
    ])
    assert table.order() == ["C", "A", "B", "D"]
    assert [(s.upper, s.lower, s.label) for s in table.separations[:2]] == [
        ("C", "A", "game difference"),
        ("A", "B", "won the match between them"),
    ]


def test_three_tied_on_games_too_go_by_point_difference():
    """A beat B, B beat C, C beat A, all 2-0, and all three beat D 21-10 21-10: each won 4 games and
    lost 2 (+2), so point difference decides (16.2.3).

    A: +12 against B (42-30), −6 against C (36-42), +22 against D → +28.
    B: −12 against A, +4 against C (42-38), +22 → +14.  C: −4 against B, +6 against A, +22 → +24.
    """
    table = standings([
        ("A", "B", "21-15 21-15"),
        ("B", "C", "21-19 21-19"),
        ("C", "A", "21-18 21-18"),
        ("A", "D", "21-10 21-10"),
        ("B", "D", "21-10 21-10"),
        ("C", "D", "21-10 21-10"),
    ])
    assert table.order() == ["A", "C", "B", "D"]
    first = table.separations[0]
    assert (first.label, first.upper_value, first.lower_value) == ("point difference", 28, 24)


def test_two_tied_who_have_not_met_stay_tied_for_lots():
    """16.2.2 needs their match; without it the chain goes on to lots (undrawn: still tied)."""
    table = standings([("A", "C", "21-3 21-3"), ("B", "D", "21-3 21-3")])
    assert table.unresolved == (("A", "B"), ("C", "D"))
