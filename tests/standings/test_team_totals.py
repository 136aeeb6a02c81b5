"""Team ranking from individual places (队员总分制, CXA 2011 §11.5, §14.8; CXA 1999 §15.5), worked by hand.

CXA 2011 §14.8: "根据各队棋手个人名次总和多少排列名次，少者列前。如相等，则比较最高
个人名次" — the sum of the players' places, fewer first; then the best single place.
CXA 1999 §15.5: "…最高个人名次.次高个人名次.全队犯规.无法区分，则名次并列" — then the
next best place, then the team's fouls, then the teams share the place.

Individual rankings are written as ``"a1 1, b1 2=, …"``: player ``a1`` of unit ``a`` placed 1st,
``b1`` shares 2nd. A shared individual place counts as the shared number (docs/standings.md).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from podium.registry import registry
from podium.sportsday.awards import Placed, award_places
from podium.sportsday.team_totals import rank_units, unit_places
from podium.standings.ledger import Decision
from podium.tiebreakers.presets import expand

from .helpers import explained, game, ledger


def ranking(text: str, disqualified: str = "") -> list[Placed]:
    """``"a1 1, b1 2=, c1 2="`` → places; names in ``disqualified`` are flagged."""
    found = []
    for item in text.split(","):
        name, place = item.split()
        found.append(Placed(name, int(place.rstrip("=")), place.endswith("="), name in disqualified.split()))
    return found


def units_of(placed: list[Placed]) -> dict[str, str]:
    return {p.key: p.key[0] for p in placed}


def rank(text: str, chain: str = "cxa-14.8", count: int | None = None, **kwargs):
    placed = ranking(text)
    places = unit_places(placed, units_of(placed), count)
    return places, rank_units(places, [registry().tiebreaker(n) for n in expand(chain)], **kwargs)


def rows(table) -> list[tuple[int, str, bool]]:
    return [(row.place, row.key, row.shared) for row in table.rows]


def test_a_tie_on_the_sum_is_decided_by_the_best_single_place_and_shared_places_count_as_shared():
    """CXA 2011 §14.8 with shared individual places.

    Individual: a1 1, b1 2=, c1 2=, c2 4, b2 5, a2 6, a3 7, b3 8=, c3 8=.
    Sums (a shared place counts as its number): a 1+6+7 = 14; b 2+5+8 = 15; c 2+4+8 = 14.
    a and c on 14: best places 1 vs 2 → a above c; b (15) third.
    (Counting a shared place as the mean of the places covered would give c 2.5+4+8.5 = 15 and b 16.)
    """
    places, table = rank("a1 1, b1 2=, c1 2=, c2 4, b2 5, a2 6, a3 7, b3 8=, c3 8=")
    assert [places[u].places for u in "abc"] == [(1, 6, 7), (2, 5, 8), (2, 4, 8)]
    assert rows(table) == [(1, "a", False), (2, "c", False), (3, "b", False)]
    assert explained(table) == ["a above c: best individual place 1 vs 2", "c above b: sum of individual places 14 vs 15"]


def test_count_takes_the_best_players_and_units_short_of_players_rank_after_full_ones():
    """``count = 2``: the two best placed players of each unit count (the rules do not say how many).

    Individual: a1 1, b1 2, c1 3, d1 4, b2 5, a2 6, a3 7, b3 8, d2 9, e1 10 (units c and e have one player).
    a: 1+6 = 7 (a3 7th does not count); b: 2+5 = 7 (b3 does not count); d: 4+9 = 13.
    a and b on 7: best 1 vs 2 → a, b. Then d (13). The short units come after every full one
    although c's single place (3) is lower than any full sum: c above e by their own places 3 vs 10.
    """
    places, table = rank("a1 1, b1 2, c1 3, d1 4, b2 5, a2 6, a3 7, b3 8, d2 9, e1 10", count=2)
    assert [p.key for p in places["a"].others] == ["a3"] and [p.key for p in places["b"].others] == ["b3"]
    assert rows(table) == [(1, "a", False), (2, "b", False), (3, "d", False), (4, "c", False), (5, "e", False)]
    assert [table.row(u).record.points for u in "abdce"] == [2, 2, 2, 1, 1]
    assert explained(table) == [
        "a above b: best individual place 1 vs 2",
        "b above d: sum of individual places 7 vs 13",
        "c above e: sum of individual places 3 vs 10",
    ]


def test_by_default_every_player_counts():
    """No ``count``: all players count. a: 1+4+5 = 10 (3 players); b: 2+3 = 5 (2 players).
    More players who count rank first, so a is above b whatever the sums (set ``count`` to compare equal numbers)."""
    _places, table = rank("a1 1, b1 2, b2 3, a2 4, a3 5")
    assert rows(table) == [(1, "a", False), (2, "b", False)]


def test_cxa_2011_leaves_a_tie_after_the_best_place_shared_and_a_decided_place_waits_for_lots():
    """CXA 2011 §14.8 names two criteria only. a1 1=, b1 1=, a2 3=, b2 3=: a 1+3 = 4, b 1+3 = 4, best 1 and 1.

    They share 1st; with ``decide = [1]`` the tie must be decided (CXA 1999 §15.6), and recorded
    lots (b drawn first) settle it.
    """
    text = "a1 1=, b1 1=, a2 3=, b2 3="
    _places, table = rank(text)
    assert rows(table) == [(1, "a", True), (1, "b", True)] and table.unresolved == (("a", "b"),)
    _places, table = rank(text, options={"decide": [1]})
    assert table.must_decide == ((1, ("a", "b")),)
    lots = Decision(frozenset("ab"), ("b", "a"), "lots", 7)
    _places, table = rank(text, options={"decide": [1]}, decisions=[lots])
    assert rows(table) == [(1, "b", False), (2, "a", False)] and table.must_decide == ()
    assert table.separations[0].criterion == "lots"


def test_cxa_1999_goes_on_with_the_next_best_place():
    """CXA 1999 §15.5: a1 1=, b1 1=, a2 3, b2 4, b3 7, a3 8. Sums a 1+3+8 = 12, b 1+4+7 = 12; best 1 and 1;
    next best 3 vs 4 → a above b. Under CXA 2011 (§14.8) they share 1st."""
    text = "a1 1=, b1 1=, a2 3, b2 4, b3 7, a3 8"
    _places, table = rank(text, "cxa-1999-15.5")
    assert rows(table) == [(1, "a", False), (2, "b", False)]
    assert explained(table) == ["a above b: next best individual place 3 vs 4"]
    _places, table = rank(text)
    assert rows(table) == [(1, "a", True), (1, "b", True)]


def test_cxa_1999_then_team_fouls_then_shared():
    """CXA 1999 §15.5 after the places: 全队犯规, fewer first; then shared ("无法区分，则名次并列").

    a1 1=, b1 1=, c1 1=, a2 4=, b2 4=, c2 4=: every unit 1+4 = 5, best 1, next best 4.
    Fouls in the players' games: a1 drew c2 with 1 foul for a1; a2 lost to b2 with 2 fouls for a2 → a 3.
    b and c none → b and c above a (fouls 0 vs 3), and b, c share 1st.
    """
    text = "a1 1=, b1 1=, c1 1=, a2 4=, b2 4=, c2 4="
    players = ledger(
        ["a1", "a2", "b2", "c2"],
        [game(1, "a1", "c2", "=", fouls=(1, 0)), game(2, "a2", "b2", "0-1", fouls=(2, 0))],
    )
    entries = {
        "a": [*players.records["a1"].entries, *players.records["a2"].entries],
        "b": list(players.records["b2"].entries),
        "c": list(players.records["c2"].entries),
    }
    _places, table = rank(text, "cxa-1999-15.5", entries=entries)
    assert rows(table) == [(1, "b", True), (1, "c", True), (3, "a", False)]
    assert explained(table) == ["c above a: fouls 0 vs 3"]
    assert table.unresolved == (("b", "c"),)


def test_a_penalised_unit_goes_last_among_the_tied():
    """CXA 2011 §18.5 ("受到处分的人(队)"): a and b tie on places (1+4 each, best 1); a player of a was warned
    (§18.1), so a goes below b: penalties none vs 1 warning."""
    _places, table = rank("a1 1=, b1 1=, a2 3=, b2 3=", penalties={"a": (0, 1)})
    assert rows(table) == [(1, "b", False), (2, "a", False)]
    assert explained(table) == ["b above a: penalties none vs 1 warning"]


def test_disqualified_players_do_not_count_and_the_award_rule_moves_the_others_up_or_not():
    """b1 (1st) is disqualified. ``move_up`` (依次递补; barred from awards: student board-games league plan §7.4): a1 1, b2 2, a2 3, b3 4 →
    a 1+3 = 4, b 2+4 = 6. ``vacate``: a1 2, b2 3, a2 4, b3 5 → a 6, b 8. Either way b counts two players."""
    placed = ranking("b1 1, a1 2, b2 3, a2 4, b3 5", disqualified="b1")
    moved = unit_places(award_places(placed, "move_up"), units_of(placed), None)
    assert moved["a"].places == (1, 3) and moved["b"].places == (2, 4)
    kept = unit_places(award_places(placed, "vacate"), units_of(placed), None)
    assert kept["a"].places == (2, 4) and kept["b"].places == (3, 5)


def test_entrants_without_a_unit_count_for_nobody_but_keep_their_places():
    """A guest (no unit) placed 1st: a1 2 and b1 3 keep their places, a 2 vs b 3."""
    placed = ranking("g1 1, a1 2, b1 3")
    places = unit_places(placed, {"g1": None, "a1": "a", "b1": "b"}, None)
    assert set(places) == {"a", "b"} and places["a"].places == (2,)


@given(st.permutations(range(1, 10)), st.integers(min_value=1, max_value=3))
def test_a_unit_placed_better_player_by_player_never_ranks_below(order, count):
    """A law of §14.8: when unit x's k-th best place is never worse than unit y's k-th best (same number of players
    who count), x's sum is not larger and its best place not worse, so x never ranks below y."""
    placed = [Placed(f"{'xyz'[i % 3]}{i}", place) for i, place in enumerate(order)]
    places = unit_places(placed, {p.key: p.key[0] for p in placed}, count)
    table = rank_units(places, [registry().tiebreaker(n) for n in expand("cxa-14.8")])
    for x in places:
        for y in places:
            a, b = places[x].places, places[y].places
            if len(a) == len(b) and all(p <= q for p, q in zip(a, b, strict=True)):
                assert table.place(x) <= table.place(y)
