"""CXA 2011 §18.5: among entrants on equal points, penalised ones go to the last places,
ordered by severity (a removal from a game, §18.2, is worse than a warning, §18.1) and then by number."""

from __future__ import annotations

from .helpers import explained, game, ledger, places, standings

# Five players, every game drawn: all on 4 points, 小分 4 × 2 = 8 each, no wins, head-to-head all 2.
DRAWS = [
    game(r, a, b, "=")
    for r, (a, b) in enumerate(
        [("A", "B"), ("C", "D"), ("E", "A"), ("B", "C"), ("D", "E"), ("A", "C"), ("B", "D"), ("C", "E"), ("A", "D"), ("B", "E")],
        start=1,
    )
]


def test_penalised_last_by_severity_then_number():
    """CXA 2011 §18.5: unpenalised first, then warnings only (fewer first), then removals (fewer first, then warnings).

    Penalties: A none; B 2 warnings; C 1 removal and 1 warning; D 1 warning; E 1 removal.
    Order by (removals, warnings): A (0,0), D (0,1), B (0,2), E (1,0), C (1,1).
    """
    penalties = {"B": (0, 2), "C": (1, 1), "D": (0, 1), "E": (1, 0)}
    table = standings(ledger("ABCDE", DRAWS, penalties=penalties), "cxa-14.1")
    assert places(table) == [(1, "A", 4), (2, "D", 4), (3, "B", 4), (4, "E", 4), (5, "C", 4)]
    assert explained(table) == [
        "A above D: penalties none vs 1 warning",
        "D above B: penalties 1 warning vs 2 warnings",
        "B above E: penalties 2 warnings vs 1 removal",
        "E above C: penalties 1 removal vs 1 removal, 1 warning",
    ]


def test_penalties_come_before_the_tie_breaks_and_never_cross_points():
    """CXA 2011 §18.5 applies "在积分相同时" — among equal points only, before 小分.

    X beat Y, lost to P and Q: 2; Y lost to X, drew P and Q: 2; P 5; Q 3 (小分 Y 4 > X 2).
    A warning for Y puts X above Y despite Y's better 小分. A removal for P (5 points) does not
    move P below anyone: nobody else has 5.
    """
    results = [
        game(1, "X", "Y", "1-0"), game(1, "P", "Q", "1-0"),
        game(2, "P", "X", "1-0"), game(2, "Y", "Q", "="),
        game(3, "Q", "X", "1-0"), game(3, "Y", "P", "="),
    ]
    table = standings(ledger("XYPQ", results, penalties={"Y": (0, 1), "P": (1, 0)}), "cxa-14.1")
    assert places(table) == [(1, "P", 5), (2, "Q", 3), (3, "X", 2), (4, "Y", 2)]
    assert explained(table) == ["X above Y: penalties none vs 1 warning"]


def test_penalised_alike_go_on_down_the_chain():
    """Two entrants with the same penalties are separated by the rest of the chain (here 小分, CXA 2011 §14.1)."""
    results = [
        game(1, "X", "Y", "1-0"), game(1, "P", "Q", "1-0"),
        game(2, "P", "X", "1-0"), game(2, "Y", "Q", "="),
        game(3, "Q", "X", "1-0"), game(3, "Y", "P", "="),
    ]
    table = standings(ledger("XYPQ", results, penalties={"Y": (0, 1), "X": (0, 1)}), "cxa-14.1")
    assert [row.key for row in table.rows] == ["P", "Q", "Y", "X"]
    assert explained(table) == ["Y above X: Sonneborn-Berger 4 vs 2"]


def test_a_chain_without_penalties_gets_them_first():
    """CXA 2011 §18.5 holds whatever the chain: a sport's default chain that leaves `penalties` out still puts the
    warned Y below X (小分 alone would put Y first, 4 vs 2). Without penalties nothing changes."""
    results = [
        game(1, "X", "Y", "1-0"), game(1, "P", "Q", "1-0"),
        game(2, "P", "X", "1-0"), game(2, "Y", "Q", "="),
        game(3, "Q", "X", "1-0"), game(3, "Y", "P", "="),
    ]
    chain = ["sonneborn_berger", "wins"]
    assert [row.key for row in standings(ledger("XYPQ", results), chain).rows] == ["P", "Q", "Y", "X"]
    table = standings(ledger("XYPQ", results, penalties={"Y": (0, 1)}), chain)
    assert [row.key for row in table.rows] == ["P", "Q", "X", "Y"]
    assert explained(table) == ["X above Y: penalties none vs 1 warning"]
    assert table.chain == ("penalties", "sonneborn_berger", "wins")
    assert table.row("Y").values["penalties"].warnings == 1 and "penalties" not in table.row("X").values
