"""The CXA 2011 §14 chains, each worked by hand from the rule text.

Points are 2/1/0 per game (CXA 2011 §13.1) unless a test says otherwise; in a
team match each board scores 2/1/0 game points (局分) and the match scores 2/1/0
match points (场分) by comparing game points (§13.2).
"""

from __future__ import annotations

import pytest

from podium.model.scoring import PRESETS
from podium.standings.ledger import build_placings_ledger

from .helpers import explained, game, ledger, places, standings, team

# CXA 2011 §14.1: five players, single round robin, each on 4 points.
# A listed first moves first (Red, §12.1).
FIVE = [
    game(1, "X", "Z", "1-0"),
    game(1, "X", "Y", "1-0"),
    game(2, "P", "X", "1-0"),
    game(2, "Q", "X", "1-0"),
    game(3, "Y", "Z", "1-0"),
    game(3, "Y", "P", "="),
    game(4, "Q", "Y", "="),
    game(4, "Z", "P", "1-0"),
    game(5, "Z", "Q", "1-0"),
    game(5, "P", "Q", "=", fouls=(1, 0)),
]


def test_cxa_14_1_every_criterion_in_turn():
    """CXA 2011 §14.1: 积分, then 小分, 胜局, 直胜, 犯规, 后走局数, 对局时后走.

    Points: X W(Z) W(Y) L(P) L(Q) = 4; Y L(X) W(Z) D(P) D(Q) = 4; Z L(X) L(Y) W(P) W(Q) = 4;
    P W(X) D(Y) L(Z) D(Q) = 4; Q W(X) D(Y) L(Z) D(P) = 4. All five on 4.
    小分: every opponent has 4 points, so 小分 = 4 × (wins + draws/2) = 4 × 2 = 8 for all: no split.
    胜局: X 2, Z 2 | Y 1, P 1, Q 1 → {X, Z} above {Y, P, Q}.
    直胜 X–Z: X won → X 2 vs Z 0.
    直胜 among Y, P, Q (all met, all drawn): 2 points each → no split.
    犯规: P 1 foul (game P–Q), Y 0, Q 0 → {Y, Q} above P.
    后走局数 (games as Black, listed second): Y black vs X and vs Q = 2; Q black vs Z and vs P = 2 → equal.
    对局时后走: in Q–Y, Q moved first, so Y had Black → Y 1 vs Q 0.
    Order X, Z, Y, Q, P, every place decided.
    """
    table = standings(ledger("XYZPQ", FIVE), "cxa-14.1")
    assert places(table) == [(1, "X", 4), (2, "Z", 4), (3, "Y", 4), (4, "Q", 4), (5, "P", 4)]
    assert {row.key: row.values["sonneborn_berger"] for row in table.rows} == dict.fromkeys("XYZPQ", 8)
    assert explained(table) == [
        "X above Z: head-to-head 2 vs 0",
        "Z above Y: wins 2 vs 1",
        "Y above Q: second mover in their game 1 vs 0",
        "Q above P: fouls 0 vs 1",
    ]


def test_cxa_14_1_sonneborn_berger_comes_before_wins_and_head_to_head():
    """CXA 2011 §14.1: 小分 = opponents beaten + half of those drawn, before 胜局 and 直胜.

    X beat Y, lost to P and Q: 2 points, 1 win. Y lost to X, drew P and Q: 2 points, 0 wins.
    P beat X, drew Y, beat Q: 5. Q beat X, drew Y, lost to P: 3.
    小分 X = Y's 2 = 2; 小分 Y = (5 + 3) / 2 = 4 → Y above X although X has more wins and beat Y.
    """
    results = [
        game(1, "X", "Y", "1-0"), game(1, "P", "Q", "1-0"),
        game(2, "P", "X", "1-0"), game(2, "Y", "Q", "="),
        game(3, "Q", "X", "1-0"), game(3, "Y", "P", "="),
    ]
    table = standings(ledger("XYPQ", results), "cxa-14.1")
    assert places(table) == [(1, "P", 5), (2, "Q", 3), (3, "Y", 2), (4, "X", 2)]
    assert explained(table) == ["Y above X: Sonneborn-Berger 4 vs 2"]


def pairing(rnd, a, b, first, second):
    """A two-game pairing (CXA 2011 §12.4: colours swapped in game 2), from a's view: 'W', 'D' or 'L' per game."""
    from podium.model.outcomes import Outcome
    from podium.model.scoring import Scoring, team_outcome

    def one(result, a_moves_first):
        mover = 0 if a_moves_first else 1
        return Outcome.draw(first_mover=mover) if result == "D" else Outcome.win(0 if result == "W" else 1, first_mover=mover)

    from .helpers import match

    return match(rnd, a, b), team_outcome([one(first, True), one(second, False)], Scoring())


def test_cxa_14_2_two_games_per_pairing():
    """CXA 2011 §14.2: 场分, then 局分总和, 胜局, (empty slot), 直胜, 犯规, 后走胜局.

    Each pairing is two games (2/1/0 game points); more game points wins the pairing: 2/1/0 场分.
    A–B W D: 3–1, A 2.  A–C W L: 2–2, 1 each.  A–D D D: 2–2, 1 each.
    B–C W D: 3–1, B 2.  B–D W D: 3–1, B 2.  C–D D D: 2–2, 1 each.
    场分: A 2+1+1 = 4; B 0+2+2 = 4; C 1+0+1 = 2; D 1+0+1 = 2.
    局分: A 3+2+2 = 7; B 1+3+3 = 7 → equal. 胜局: A 1 (B) + 1 (C) = 2; B 1 (C) + 1 (D) = 2 → equal.
    直胜: A won the pairing with B → A 2 vs B 0.
    C: 局分 2+1+2 = 5, D: 2+1+2 = 5; 胜局 C 1 (its win against A), D 0 → C above D.
    """
    results = [
        pairing(1, "A", "B", "W", "D"), pairing(1, "C", "D", "D", "D"),
        pairing(2, "A", "C", "W", "L"), pairing(2, "B", "D", "W", "D"),
        pairing(3, "A", "D", "D", "D"), pairing(3, "B", "C", "W", "D"),
    ]
    table = standings(ledger("ABCD", results), "cxa-14.2")
    assert places(table) == [(1, "A", 4), (2, "B", 4), (3, "C", 2), (4, "D", 2)]
    assert table.row("A").values["game_points"] == table.row("B").values["game_points"] == 7
    assert explained(table) == ["A above B: head-to-head 2 vs 0", "C above D: games won 1 vs 0"]


# CXA 2011 §14.3.1: five players, three Swiss rounds, one bye a round.
SWISS_A = [
    game(1, "A", "B", "1-0"), game(1, "C", "D", "="), ("bye", 1, "E"),
    game(2, "A", "E", "="), game(2, "B", "D", "1-0"), ("bye", 2, "C"),
    game(3, "A", "C", "0-1"), game(3, "E", "D", "1-0"), ("bye", 3, "B"),
]


def _swiss(rows):
    from .helpers import bye

    return [bye(r[1], r[2]) if r[0] == "bye" else r for r in rows]


@pytest.mark.parametrize(
    ("reading", "order", "line"),
    [
        ("standing", ["E", "C"], "E above C: score after round 1 2 vs 1"),
        ("round", ["C", "E"], "C above E: points in round 2 2 vs 1"),
    ],
)
def test_cxa_14_3_1_previous_round_readings(reading, order, line):
    """CXA 2011 §14.3.1: 对手分, 胜局, 犯规, 后走局数, then "比较前一轮成绩，以此类推".

    Scores (bye = a win, 2 points, §14.4): A 2+1+0 = 3; B 0+2+2 = 4; C 1+2+2 = 5; D 1+0+0 = 1; E 2+1+2 = 5.
    C and E tie on 5. Lowest score among those who scored: D's 1, what a bye counts in 对手分 (§14.4).
    对手分 C = D 1 + bye 1 + A 3 = 5; E = bye 1 + A 3 + D 1 = 5.
    胜局 C = bye + win over A = 2; E = bye + win over D = 2. 犯规 none.
    后走局数: C Black only against A (round 3) = 1; E Black only against A (round 2) = 1.
    Previous round, reading "standing": after round 2 C 3, E 3; after round 1 C 1, E 2 → E above C.
    Reading "round": round 3 C 2, E 2; round 2 C 2 (bye), E 1 → C above E. The readings disagree.
    """
    table = standings(ledger("ABCDE", _swiss(SWISS_A), previous_round=reading), "cxa-14.3.1")
    assert [row.key for row in table.rows] == order + ["B", "A", "D"]
    assert table.row("C").values["buchholz"] == table.row("E").values["buchholz"] == 5
    assert explained(table) == [line]


def test_cxa_14_3_1_buchholz_with_a_bye_then_wins():
    """CXA 2011 §14.3.1 and §14.4: 对手分 counts a bye as the lowest score among players who scored.

    As above but A and C draw in round 3: A 2+1+1 = 4; B 0+2+2 = 4; C 1+2+1 = 4; D 1; E 2+1+2 = 5.
    Lowest scorer D = 1. 对手分: A = B 4 + E 5 + C 4 = 13; B = A 4 + D 1 + bye 1 = 6;
    C = D 1 + bye 1 + A 4 = 6. A first. B and C: 胜局 B = win over D + bye = 2, C = bye = 1 → B above C.
    """
    rows = list(SWISS_A)
    rows[6] = game(3, "A", "C", "=")
    table = standings(ledger("ABCDE", _swiss(rows)), "cxa-14.3.1")
    assert places(table) == [(1, "E", 5), (2, "A", 4), (3, "B", 4), (4, "C", 4), (5, "D", 1)]
    assert explained(table) == ["A above B: Buchholz 13 vs 6", "B above C: wins 2 vs 1"]


def test_cxa_14_3_2_progressive_and_dropping_rounds():
    """CXA 2011 §14.3.2: 累进分, 胜局, 犯规, 后走局数, then drop round 1, round 2, ….

    Per-round points (2/1/0):  A 1,0,2  B 0,2,1  C 1,2,0  D 2,1,0  E 2,0,1  F 0,1,2 — all on 3, one win each.
    累进分 (sum of running scores): A 1+1+3 = 5; B 0+2+3 = 5; C 1+3+3 = 7; D 2+3+3 = 8; E 2+2+3 = 7; F 0+1+3 = 4.
    后走局数 (listed second): A 1 (R2), B 1 (R1), C 2 (R1, R3), E 2 (R2, R3) → no help.
    C–E: drop round 1 → C 2,0 → running 2,2 → 4; E 0,1 → 0,1 → 1 → C above E.
    A–B: drop round 1 → A 0,2 → 0,2 → 2; B 2,1 → 2,3 → 5 → B above A (less in round 1 ranks higher).
    """
    results = [
        game(1, "A", "C", "="), game(1, "D", "B", "1-0"), game(1, "E", "F", "1-0"),
        game(2, "B", "A", "1-0"), game(2, "C", "E", "1-0"), game(2, "D", "F", "="),
        game(3, "A", "D", "1-0"), game(3, "B", "E", "="), game(3, "F", "C", "1-0"),
    ]
    table = standings(ledger("ABCDEF", results), "cxa-14.3.2")
    assert [row.key for row in table.rows] == ["D", "C", "E", "B", "A", "F"]
    assert {row.key: row.values["progressive"] for row in table.rows} == {"A": 5, "B": 5, "C": 7, "D": 8, "E": 7, "F": 4}
    assert explained(table) == [
        "D above C: progressive score 8 vs 7",
        "C above E: progressive score from round 2 4 vs 1",
        "E above B: progressive score 7 vs 5",
        "B above A: progressive score from round 2 5 vs 2",
        "A above F: progressive score 5 vs 4",
    ]


@pytest.mark.parametrize(
    ("t4_t1", "order", "line"),
    [
        ("W D D D", ["T4", "T1", "T2", "T3"], "T1 above T2: matches won 1 vs 0"),
        ("W W D D", ["T4", "T2", "T1", "T3"], "T2 above T1: game points 12 vs 11"),
    ],
)
def test_cxa_14_5_team_round_robin(t4_t1, order, line):
    """CXA 2011 §14.5: 场分, then 全队总局分, 全队胜场, 全队胜局, 直胜, 全队犯规, 后走胜局, 后走局数.

    Four boards, 2/1/0 per board. T1–T2 D D D D 4–4; T1–T3 W D D D 5–3; T2–T3 and T2–T4 4–4;
    T3–T4 W L D D 4–4. 场分 with T4–T1 W D D D (T4 5–3): T1 1+2+0 = 3, T2 1+1+1 = 3, T3 0+1+1 = 2,
    T4 2+1+1 = 4. 局分: T1 4+5+3 = 12, T2 4+4+4 = 12 → equal; 胜场 T1 1, T2 0 → T1 above T2.
    With T4–T1 W W D D (T4 6–2) instead: 局分 T1 4+5+2 = 11 < T2 12 → T2 above T1 although T1
    won more matches: 局分 comes first.
    """
    results = [
        team(1, "T1", "T2", "D D D D"), team(1, "T3", "T4", "W L D D"),
        team(2, "T1", "T3", "W D D D"), team(2, "T2", "T4", "D D D D"),
        team(3, "T4", "T1", t4_t1), team(3, "T2", "T3", "D D D D"),
    ]
    table = standings(ledger(["T1", "T2", "T3", "T4"], results), "cxa-14.5")
    assert [row.key for row in table.rows] == order
    assert [row.record.points for row in table.rows] == [4, 3, 3, 2]
    assert explained(table) == [line]


SIX_TEAMS = ["T1", "T2", "T3", "T4", "T5", "T6"]


def _team_swiss(t2_t3: str, scoring=None):
    return [
        team(1, "T1", "T2", "W D D D", scoring), team(1, "T3", "T4", "D D D D", scoring), team(1, "T5", "T6", "W D D D", scoring),
        team(2, "T1", "T5", "W D D D", scoring), team(2, "T2", "T3", t2_t3, scoring), team(2, "T4", "T6", "D D D D", scoring),
    ]


@pytest.mark.parametrize(
    ("t2_t3", "order", "lines"),
    [
        (
            "W D D D",
            ["T1", "T5", "T2", "T4", "T3", "T6"],
            ["T5 above T2: score after round 1 2 vs 0", "T2 above T4: team Buchholz 5 vs 2", "T3 above T6: score after round 1 1 vs 0"],
        ),
        (
            "W W D D",
            ["T1", "T2", "T5", "T4", "T6", "T3"],
            ["T2 above T5: game points 9 vs 8", "T5 above T4: team Buchholz 5 vs 2", "T6 above T3: game points 7 vs 6"],
        ),
    ],
)
def test_cxa_14_6_team_swiss(t2_t3, order, lines):
    """CXA 2011 §14.6: 场分, then 团体对手分, 全队总局分, 全队胜场, 全队胜局, 全队犯规, previous rounds.

    R1: T1–T2 W D D D (5–3), T3–T4 4–4, T5–T6 5–3. R2: T1–T5 5–3, T2–T3 (5–3 or 6–2), T4–T6 4–4.
    场分: T1 4; T2 0+2 = 2; T4 1+1 = 2; T5 2+0 = 2; T3 1+0 = 1; T6 0+1 = 1.
    团体对手分: T2 = T1 4 + T3 1 = 5; T5 = T6 1 + T1 4 = 5; T4 = T3 1 + T6 1 = 2;
    T3 = T4 2 + T2 2 = 4; T6 = T5 2 + T4 2 = 4.
    With T2–T3 5–3: 局分 T2 3+5 = 8, T5 5+3 = 8; 胜场 1 each; 胜局 1 each (one board won in a 5–3);
    no fouls; score after round 1: T5 2, T2 0 → T5 above T2. T3 4+3 = 7, T6 3+4 = 7, no wins;
    after round 1 T3 1, T6 0 → T3 above T6.
    With T2–T3 6–2: 局分 T2 3+6 = 9 vs T5 8; T3 4+2 = 6 vs T6 7.
    """
    table = standings(ledger(SIX_TEAMS, _team_swiss(t2_t3)), "cxa-14.6")
    assert [row.key for row in table.rows] == order
    assert [row.record.points for row in table.rows] == [4, 2, 2, 2, 1, 1]
    assert explained(table) == lines


def test_cxa_14_7_team_swiss_by_game_points():
    """CXA 2011 §14.7: a team Swiss may rank by total game points (scoring = "cxa-14.7").

    Same matches as the first §14.6 case. 局分: T1 5+5 = 10; T2 3+5 = 8; T4 4+4 = 8; T5 5+3 = 8;
    T3 4+3 = 7; T6 3+4 = 7. Opponents' totals (团体对手分 on this basis): T2 = T1 10 + T3 7 = 17;
    T5 = T6 7 + T1 10 = 17; T4 = T3 7 + T6 7 = 14; T3 = T4 8 + T2 8 = 16; T6 = T5 8 + T4 8 = 16.
    T2–T5: 1 match won and 1 board won each, no fouls; after round 1 T5 5, T2 3 → T5 above T2.
    T3–T6: no wins; after round 1 T3 4, T6 3 → T3 above T6.
    """
    table = standings(ledger(SIX_TEAMS, _team_swiss("W D D D"), PRESETS["cxa-14.7"]), "cxa-14.7")
    assert places(table) == [(1, "T1", 10), (2, "T5", 8), (3, "T2", 8), (4, "T4", 8), (5, "T3", 7), (6, "T6", 7)]
    assert explained(table) == [
        "T5 above T2: score after round 1 5 vs 3",
        "T2 above T4: team Buchholz 17 vs 14",
        "T3 above T6: score after round 1 4 vs 3",
    ]


def test_cxa_14_8_teams_by_individual_places():
    """CXA 2011 §14.8: sum of individual places, fewer first; if equal, the best individual place.

    A: 1+5+6 = 12; B: 2+3+7 = 12; D: 2+4+6 = 12 (B's and D's players shared 2nd); C: 4+8+9 = 21.
    A, B, D on 12: best places 1, 2, 2 → A first; B and D equal on both → they share 2nd. C 4th.
    """
    table = standings(build_placings_ledger({"A": [1, 5, 6], "B": [2, 3, 7], "C": [4, 8, 9], "D": [2, 4, 6]}), "cxa-14.8")
    assert [(row.place, row.key, row.shared) for row in table.rows] == [
        (1, "A", False), (2, "B", True), (2, "D", True), (4, "C", False),
    ]
    assert explained(table) == ["A above B: best individual place 1 vs 2", "D above C: sum of individual places 12 vs 21"]
    assert table.unresolved == (("B", "D"),)
