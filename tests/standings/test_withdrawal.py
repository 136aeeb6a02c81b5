"""CXA 2011 §19.2, at the Ledger level: a round-robin withdrawal with fewer than half of the
opponents met annuls all of the entrant's results — standings built without it keep no trace of it; with
half or more met the results stand and the games left are forfeits won by the opponents.

Deciding which case applies and writing the forfeits is the formats' job (withdrawals); standings must make
both come out right.
"""

from __future__ import annotations

from .helpers import explained, game, ledger, places, standings

# A–D among themselves: A–B 1-0, A–C =, A–D 1-0, B–C 1-0, B–D =, C–D 1-0.
# A 2+1+2 = 5; B 0+2+1 = 3; C 1+0+2 = 3; D 0+1+0 = 1.
AMONG = [
    game(1, "A", "B", "1-0"), game(1, "C", "D", "1-0"),
    game(2, "A", "C", "="), game(2, "B", "D", "="),
    game(3, "A", "D", "1-0"), game(3, "B", "C", "1-0"),
]


def test_fewer_than_half_met_annuls_every_result():
    """X met 1 of its 4 opponents (drew C in round 4) and withdrew: 1 < 4/2, so the result is annulled.

    Without X: A 5, B 3, C 3, D 1. 小分 B = C 3 (beaten) + D 1 / 2 = 3.5; C = A 5 / 2 + D 1 = 3.5;
    胜局 1 each; 直胜 B beat C → B above C. C keeps 3 points, not 4, and X appears nowhere.
    """
    results = [*AMONG, game(4, "X", "C", "=")]
    table = standings(ledger("ABCD", results), "cxa-14.1")
    assert places(table) == [(1, "A", 5), (2, "B", 3), (3, "C", 3), (4, "D", 1)]
    assert table.row("B").values["sonneborn_berger"] == table.row("C").values["sonneborn_berger"] == 3.5
    assert explained(table) == ["B above C: head-to-head 2 vs 0"]
    assert all(e.opponent != "X" for row in table.rows for e in row.record.entries)


def test_half_or_more_met_keeps_the_results_and_forfeits_the_rest():
    """X met 2 of 4 (drew C, lost to A): "达到或超过半数" — the results stand, B and D win the rest by forfeit.

    A 5+2 = 7; B 3+2 (+) = 5; C 3+1 = 4; D 1+2 (+) = 3; X 1+0+0+0 = 1. A "+" scores as a win (§20.3).
    """
    results = [*AMONG, game(4, "X", "C", "="), game(5, "A", "X", "1-0"), game(6, "X", "B", "-+"), game(7, "D", "X", "+-")]
    table = standings(ledger("ABCDX", results), "cxa-14.1")
    assert places(table) == [(1, "A", 7), (2, "B", 5), (3, "C", 4), (4, "D", 3), (5, "X", 1)]
