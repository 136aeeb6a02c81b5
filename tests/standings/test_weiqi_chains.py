"""The Weiqi 2002 Art. 27 chains, worked by hand. Points 2/1/0 per game."""

from __future__ import annotations

from .helpers import bye, explained, game, ledger, places, standings, team


def test_weiqi_round_robin_sonneborn_berger_then_warnings():
    """Weiqi 2002 Art. 27, individual round robin: 积分, then A 胜者小分, then B fewer warnings.

    A, B, C beat each other in a cycle (A–B, B–C, C–A) and all beat D: A, B, C on 4, D 0.
    胜者小分: each beat one 4-point player and D (0): 4 for all → no split.
    Warnings over the event: A 1 (vs B), B 0, C 2 (1 vs A, 1 vs D) → B, A, C.
    """
    results = [
        game(1, "A", "B", "1-0", warnings=(1, 0)), game(1, "C", "D", "1-0", warnings=(1, 0)),
        game(2, "B", "C", "1-0"), game(2, "A", "D", "1-0"),
        game(3, "C", "A", "1-0", warnings=(1, 0)), game(3, "B", "D", "1-0"),
    ]
    table = standings(ledger("ABCD", results), "weiqi-2002")
    assert places(table) == [(1, "B", 4), (2, "A", 4), (3, "C", 4), (4, "D", 0)]
    assert {row.key: row.values["sonneborn_berger"] for row in table.rows} == {"A": 4, "B": 4, "C": 4, "D": 0}
    assert explained(table) == ["B above A: warnings 0 vs 1", "A above C: warnings 1 vs 2"]


def test_weiqi_round_robin_sonneborn_berger_decides_first():
    """Weiqi 2002 Art. 27 (1.A): 胜者小分 counts opponents beaten plus half of those drawn with.

    X beat Y, lost to P and Q (2); Y lost to X, drew P and Q (2); P 5; Q 3.
    胜者小分 X = 2 (Y); Y = (5 + 3) / 2 = 4 → Y above X, though X has fewer warnings (0 vs 1).
    """
    results = [
        game(1, "X", "Y", "1-0", warnings=(0, 1)), game(1, "P", "Q", "1-0"),
        game(2, "P", "X", "1-0"), game(2, "Y", "Q", "="),
        game(3, "Q", "X", "1-0"), game(3, "Y", "P", "="),
    ]
    table = standings(ledger("XYPQ", results), "weiqi-2002")
    assert [row.key for row in table.rows] == ["P", "Q", "Y", "X"]
    assert explained(table) == ["Y above X: Sonneborn-Berger 4 vs 2"]


def test_weiqi_swiss_buchholz_then_warnings():
    """Weiqi 2002 Art. 27 (2.B), Swiss: 积分, then 对手积分, then fewer warnings (a bye counts as CXA 2011 §14.4).

    R1 A–B 1-0, C–D =, E bye; R2 A–E =, B–D 1-0, C bye; R3 A–C =, E–D 1-0, B bye.
    A 2+1+1 = 4; B 0+2+2 = 4; C 1+2+1 = 4; D 1; E 2+1+2 = 5. Lowest scorer D = 1 (for byes).
    对手积分: A = B 4 + E 5 + C 4 = 13; B = A 4 + D 1 + bye 1 = 6; C = D 1 + bye 1 + A 4 = 6.
    B and C: warnings B 1, C 0 → C above B (under CXA 2011 §14.3.1 胜局 would put B first).
    """
    results = [
        game(1, "A", "B", "1-0", warnings=(0, 1)), game(1, "C", "D", "="), bye(1, "E"),
        game(2, "A", "E", "="), game(2, "B", "D", "1-0"), bye(2, "C"),
        game(3, "A", "C", "="), game(3, "E", "D", "1-0"), bye(3, "B"),
    ]
    table = standings(ledger("ABCDE", results), "weiqi-2002-swiss")
    assert places(table) == [(1, "E", 5), (2, "A", 4), (3, "C", 4), (4, "B", 4), (5, "D", 1)]
    assert explained(table) == ["A above C: Buchholz 13 vs 6", "C above B: warnings 0 vs 1"]


def test_weiqi_teams_game_points_then_board_by_board():
    """Weiqi 2002 Art. 27, teams: 场分, then 局分, then board 1's game points, board 2's, …; all equal → shared.

    Four boards, 2 per board won. T1–T2 W W L L (4–4, 1 each); T1–T3 W W W L (6–2); T2–T3 W W W L (6–2);
    T4 loses every board to everyone (8–0). 场分: T1 1+2+2 = 5, T2 1+2+2 = 5, T3 0+0+2 = 2, T4 0.
    局分 T1 4+6+8 = 18, T2 4+6+8 = 18.
    Board 1: T1 2 (T2) + 2 (T3) + 2 (T4) = 6; T2 0 + 2 + 2 = 4 → T1 above T2.
    """
    results = [
        team(1, "T1", "T2", "W W L L"), team(1, "T3", "T4", "W W W W"),
        team(2, "T1", "T3", "W W W L"), team(2, "T2", "T4", "W W W W"),
        team(3, "T2", "T3", "W W W L"), team(3, "T1", "T4", "W W W W"),
    ]
    table = standings(ledger(["T1", "T2", "T3", "T4"], results), "weiqi-2002-team")
    assert places(table) == [(1, "T1", 5), (2, "T2", 5), (3, "T3", 2), (4, "T4", 0)]
    assert table.row("T1").values["game_points"] == table.row("T2").values["game_points"] == 18
    assert explained(table) == ["T1 above T2: board 1 game points 6 vs 4"]


def test_weiqi_teams_equal_on_every_board_share():
    """Weiqi 2002 Art. 27, teams: "如全部一样，允许并列" — equal on every board, the teams share the place.

    T1–T2 D D D D (4–4); each beats T3 W W W W: both have boards 1+2, 1+2, 1+2, 1+2 = 3, 3, 3, 3 → shared 1st.
    With T1–T2 W L W L instead: T1 boards 2+2, 0+2, 2+2, 0+2 = 4, 2, 4, 2; T2 0+2, 2+2, 0+2, 2+2 = 2, 4, 2, 4
    → board 1 decides: T1 above T2.
    """
    results = [team(1, "T1", "T2", "D D D D"), team(2, "T1", "T3", "W W W W"), team(3, "T2", "T3", "W W W W")]
    table = standings(ledger(["T1", "T2", "T3"], results), "weiqi-2002-team-swiss")
    assert [(row.place, row.key, row.shared) for row in table.rows] == [(1, "T1", True), (1, "T2", True), (3, "T3", False)]
    assert table.unresolved == (("T1", "T2"),)
    results[0] = team(1, "T1", "T2", "W L W L")
    assert explained(standings(ledger(["T1", "T2", "T3"], results), "weiqi-2002-team")) == [
        "T1 above T2: board 1 game points 4 vs 2"
    ]
