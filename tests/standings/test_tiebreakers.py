"""Single tie-breakers at their edges: unplayed games, incomplete head-to-head, byes, decisions, places to decide."""

from __future__ import annotations

import pytest

from podium.model.outcomes import Outcome, OutcomeKind
from podium.model.scoring import PRESETS
from podium.plugins.table_tennis.sport import TableTennis
from podium.standings.ledger import Decision
from podium.tiebreakers.presets import CHAINS

from .helpers import bye, explained, game, ledger, match, places, standings


def test_unplayed_wins_count_unless_excluded():
    """A "+" is a win (CXA 2011 §20.3) and counts in 胜局 and 小分 by default; unplayed = "exclude" drops it.

    A: beat C over the board, won against D by forfeit, lost to B → 4. B: beat A, lost to C and D → 2.
    C: lost to A, beat B, drew D → 3. D: lost to A by forfeit, beat B, drew C → 3.
    C and D on 3: 小分 C = B 2 + D 3 / 2 = 3.5; D = B 2 + C 3 / 2 = 3.5. 胜局 1 each, 直胜 drawn.
    A's 小分 = C 3 + D 3 = 6 (forfeit counted) or 3 (excluded); A's 胜局 2 or 1.
    """
    results = [
        game(1, "A", "C", "1-0"), game(1, "B", "D", "0-1"),
        game(2, "A", "D", "+-"), game(2, "C", "B", "1-0"),
        game(3, "B", "A", "1-0"), game(3, "C", "D", "="),
    ]
    counted = standings(ledger("ABCD", results), ["sonneborn_berger", "wins"])
    assert (counted.row("A").values["sonneborn_berger"], counted.row("A").values["wins"]) == (6, 2)
    excluded = standings(ledger("ABCD", results, unplayed="exclude"), ["sonneborn_berger", "wins"])
    assert (excluded.row("A").values["sonneborn_berger"], excluded.row("A").values["wins"]) == (3, 1)
    assert excluded.row("D").values["sonneborn_berger"] == 3.5


def test_head_to_head_needs_a_meeting():
    """直胜 separates only entrants who met: two tied who never met, or three of whom two never met, stay tied.

    Swiss of 4, 2 rounds: R1 A–B 1-0, C–D 1-0; R2 A–D 0-1, B–C 0-1... so A 2, B 0, C 4, D 2.
    A and D met (D won) → D above A. With R2 A–C instead (C won) and B–D (D won): A 2, D 2, never met → tied.
    """
    met = [game(1, "A", "B", "1-0"), game(1, "C", "D", "1-0"), game(2, "A", "D", "0-1"), game(2, "B", "C", "0-1")]
    assert explained(standings(ledger("ABCD", met), ["head_to_head"])) == ["D above A: head-to-head 2 vs 0"]
    apart = [game(1, "A", "B", "1-0"), game(1, "C", "D", "1-0"), game(2, "A", "C", "0-1"), game(2, "B", "D", "0-1")]
    table = standings(ledger("ABCD", apart), ["head_to_head"])
    assert table.unresolved == (("A", "D"),)


def test_head_to_head_of_four_who_all_drew_even():
    """A–B 1-0, B–C 1-0, C–A 1-0 and everyone drew D: all four on 3, and so on 3 in the mini-table too: no split."""
    results = [
        game(1, "A", "B", "1-0"), game(1, "C", "D", "="),
        game(2, "B", "C", "1-0"), game(2, "A", "D", "="),
        game(3, "C", "A", "1-0"), game(3, "B", "D", "="),
    ]
    assert standings(ledger("ABCD", results), ["head_to_head"]).unresolved == (("A", "B", "C", "D"),)


def test_head_to_head_of_three_mini_table_or_two_only():
    """Three tied who all met: a mini-table of their games (default), or nothing with head_to_head = "two_only".

    A–B 1-0, A–C 0-1, A–D =, A–E 0-1, B–C 1-0, B–D =, B–E 1-0, C–D =, C–E 1-0, D–E 1-0.
    A 2+0+1+0 = 3; B 0+2+1+2 = 5; C 2+0+1+2 = 5; D 1+1+1+2 = 5; E 2.
    Among B, C, D: B beat C and drew D = 3; D drew B and C = 2; C lost to B, drew D = 1 → B, D, C.
    """
    results = [
        game(1, "A", "B", "1-0"), game(1, "C", "D", "="),
        game(2, "A", "C", "0-1"), game(2, "B", "D", "="),
        game(3, "A", "D", "="), game(3, "B", "E", "1-0"),
        game(4, "A", "E", "0-1"), game(4, "C", "E", "1-0"),
        game(5, "B", "C", "1-0"), game(5, "D", "E", "1-0"),
    ]
    table = standings(ledger("ABCDE", results), ["head_to_head"])
    assert places(table) == [(1, "B", 5), (2, "D", 5), (3, "C", 5), (4, "A", 3), (5, "E", 2)]
    assert explained(table) == ["B above D: head-to-head 3 vs 2", "D above C: head-to-head 2 vs 1"]
    assert standings(ledger("ABCDE", results, head_to_head="two_only"), ["head_to_head"]).unresolved == (("B", "C", "D"),)


def test_direct_second_with_colours_swapped_does_not_separate():
    """对局时后走: in a double round robin the two tied met once with each colour: 1 game second each, no split."""
    results = [game(1, "A", "B", "1-0"), game(2, "B", "A", "1-0")]
    assert standings(ledger("AB", results), ["direct_second"]).unresolved == (("A", "B"),)
    single = standings(ledger("AB", [game(1, "A", "B", "=")]), ["direct_second"])
    assert explained(single) == ["B above A: second mover in their game 1 vs 0"]


def test_buchholz_bye_when_nobody_scored_yet():
    """CXA 2011 §14.4: a bye counts as the lowest score among those who scored; here only the bye scored.

    Round 1 of three: A–B double forfeit (0 each, §20.2), C bye (2). Lowest score among scorers: C's 2.
    对手分: A = B 0; B = A 0; C = the bye 2.
    """
    table = standings(ledger("ABC", [game(1, "A", "B", "--"), bye(1, "C")]), ["buchholz"])
    assert {row.key: row.values["buchholz"] for row in table.rows} == {"A": 0, "B": 0, "C": 2}


def test_previous_round_counts_a_round_without_a_match_as_nothing():
    """A withdrew after round 1 (Swiss, CXA 2011 §19.3: results stand, no further pairing): round 2 adds 0.

    R1 A–B 1-0, C–D =; R2 B–C 1-0, D bye. A 2, B 2, C 1, D 1+2 = 3.
    A and B on 2; 对手分 A = B 2; B = A 2 + C 1 = 3 → B above A. With chain previous_round only:
    score after round 1: A 2, B 0 → A above B.
    """
    results = [game(1, "A", "B", "1-0"), game(1, "C", "D", "="), game(2, "B", "C", "1-0"), bye(2, "D")]
    assert explained(standings(ledger("ABCD", results), "cxa-14.3.1")) == ["B above A: Buchholz 3 vs 2"]
    assert explained(standings(ledger("ABCD", results), ["previous_round"])) == ["A above B: score after round 1 2 vs 0"]


def test_sonneborn_berger_with_fractional_outcomes():
    """小分 weights each opponent's score by the share of the win (general Chinese checkers rules, additional rule 4: a deadlock won 0.75 / lost 0.25).

    Scoring 1/½/0: A–B deadlock won by A (0.75 / 0.25), B–C 1-0, C–A 1-0. A 0.75; B 0.25 + 1 = 1.25; C 1.
    小分 A = 0.75 × B 1.25 = 0.9375; B = 0.25 × A 0.75 + 1 × C 1 = 1.1875; C = 1 × A 0.75 = 0.75.
    """
    deadlock = (match(1, "A", "B"), Outcome(kind=OutcomeKind.PLAYED, winner=0, shares=(0.75, 0.25)))
    table = standings(ledger("ABC", [deadlock, game(2, "B", "C", "1-0"), game(3, "C", "A", "1-0")], PRESETS["1-0.5-0"]), ["sonneborn_berger"])
    assert [(row.key, row.record.points, row.values["sonneborn_berger"]) for row in table.rows] == [
        ("B", 1.25, 1.1875), ("C", 1, 0.75), ("A", 0.75, 0.9375),
    ]


def _three_tied():
    """A, B, C in a drawn triangle: 2 points each, nothing separates them."""
    return [game(1, "A", "B", "="), game(2, "B", "C", "="), game(3, "C", "A", "=")]


def test_decisions_settle_only_groups_they_cover():
    """Lots drawn among A, B, C settle the tie; a later play-off among the same three takes precedence; a decision
    about other entrants changes nothing."""
    results = _three_tied()
    lots = Decision(frozenset("ABC"), ("C", "A", "B"), "lots", 7)
    table = standings(ledger("ABC", results, decisions=[lots]), "cxa-14.1")
    assert [row.key for row in table.rows] == ["C", "A", "B"]
    assert explained(table) == ["C above A: drawing of lots (seed 7) 1 vs 2", "A above B: drawing of lots (seed 7) 2 vs 3"]
    playoff = Decision(frozenset("ABC"), ("B", "A", "C"), "playoff")
    assert [row.key for row in standings(ledger("ABC", results, decisions=[lots, playoff]), "cxa-14.1").rows] == ["B", "A", "C"]
    other = Decision(frozenset("XY"), ("X", "Y"))
    assert standings(ledger("ABC", results, decisions=[other]), "cxa-14.1").unresolved == (("A", "B", "C"),)


def test_a_partial_play_off_leaves_the_rest_tied():
    """A play-off that only found the winner (B) among A, B, C: B first, A and C share second."""
    playoff = Decision(frozenset("ABC"), ("B",), "playoff")
    table = standings(ledger("ABC", _three_tied(), decisions=[playoff]), "cxa-14.1")
    assert [(row.place, row.key) for row in table.rows] == [(1, "B"), (2, "A"), (2, "C")]
    assert explained(table) == ["B above A: play-off 1 vs 2"]


@pytest.mark.parametrize(
    ("decide", "must"),
    [([], ()), ([1], ((1, ("A", "B", "C")),)), ([2], ((1, ("A", "B", "C")),)), ([3], ()), ([1, 3], ((1, ("A", "B", "C")),))],
)
def test_places_that_must_be_decided(decide, must):
    """decide = [N]: a tie spanning places N and N+1 must be settled (1: the champion; N: a cut after place N).

    A, B, C share places 1–3: it spans 1|2 and 2|3, not 3|4.
    """
    assert standings(ledger("ABC", _three_tied(), decide=decide), "cxa-14.1").must_decide == must


def test_a_sport_may_name_a_preset_as_its_default_chain():
    class Xiangqi(TableTennis):
        tiebreaks = {"round_robin": "cxa-14.1", "team_round_robin": "cxa-14.5", "swiss": ("buchholz", "wins")}

    sport = Xiangqi()
    assert sport.tiebreak_chain("round_robin", {"kind": "individual"}) == CHAINS["cxa-14.1"]
    assert sport.tiebreak_chain("round_robin", {"kind": "team"}) == CHAINS["cxa-14.5"]
    assert sport.tiebreak_chain("swiss", {"kind": "team"}) == ("buchholz", "wins")
