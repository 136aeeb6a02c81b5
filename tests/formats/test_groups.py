"""Groups (CXA 2011 §10.2; table-tennis plan 7 §4; the 19-pair round-robin Q&A) and round-robin withdrawals (CXA 2011 §19.2)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from podium.formats.groups import Groups, group_name, snake
from podium.formats.round_robin import RoundRobin
from podium.model.outcomes import Outcome, forfeit
from tests.formats.helpers import entrants, options, view


def test_snake_order() -> None:
    """Serpentine over 4 groups: A B C D D C B A A B for 10 places."""
    assert "".join(group_name(g) for g in snake(10, 4)) == "ABCDDCBAAB"
    assert [group_name(i) for i in (0, 25, 26, 27)] == ["A", "Z", "AA", "AB"]


def test_seeds_by_snake_rest_drawn() -> None:
    """10 entrants, 4 groups, seeds 1–8: A gets 1 and 8, B 2 and 7, C 3 and 6, D 4 and 5.

    Sizes follow the snake of all 10 (A B C D D C B A A B): 3, 3, 2, 2, so the two
    unseeded entrants are drawn into A and B.
    """
    fmt = Groups()
    people = entrants(10, seed=[1, 2, 3, 4, 5, 6, 7, 8, None, None])
    groups = fmt.draw(people, options(fmt, groups=4, numbers="seeds"), random.Random(1))["groups"]
    assert groups["A"][:2] == ["e1", "e8"] and groups["B"][:2] == ["e2", "e7"]
    assert groups["C"] == ["e3", "e6"] and groups["D"] == ["e4", "e5"]
    assert sorted(groups["A"][2:] + groups["B"][2:]) == ["e10", "e9"]


@settings(max_examples=80, deadline=None)
@given(n=st.integers(2, 64), data=st.data(), seed=st.integers(0, 10**6))
def test_group_sizes_differ_by_at_most_one(n: int, data: st.DataObject, seed: int) -> None:
    count = data.draw(st.integers(1, n // 2))
    fmt = Groups()
    people = entrants(n, unit=[f"u{i % 5}" for i in range(n)])
    groups = fmt.draw(people, options(fmt, groups=count), random.Random(seed))["groups"]
    sizes = [len(g) for g in groups.values()]
    assert len(sizes) == count and sum(sizes) == n and max(sizes) - min(sizes) <= 1
    assert sorted(k for g in groups.values() for k in g) == sorted(e.key for e in people)


def test_units_kept_in_different_groups() -> None:
    """12 entrants of 4 units (3 each) in 3 groups: every group has one of each unit."""
    fmt = Groups()
    people = entrants(12, unit=[f"u{i % 4}" for i in range(12)])
    for seed in range(10):
        groups = fmt.draw(people, options(fmt, groups=3, seeding="lots"), random.Random(seed))["groups"]
        unit = {e.key: e.unit for e in people}
        for members in groups.values():
            assert sorted(unit[k] for k in members) == ["u0", "u1", "u2", "u3"]


def test_units_apart_where_possible() -> None:
    """4 entrants of one unit in 3 groups: the fourth must share a group, but no group has three."""
    fmt = Groups()
    people = entrants(9, unit=["u1"] * 4 + [None] * 5)
    groups = fmt.draw(people, options(fmt, groups=3, seeding="lots"), random.Random(4))["groups"]
    counts = sorted(sum(1 for k in g if k in {"e1", "e2", "e3", "e4"}) for g in groups.values())
    assert counts == [1, 1, 2]


def test_group_rounds_run_side_by_side() -> None:
    """Two groups of 4 play rounds 1–3 together; the tables are the groups."""
    fmt = Groups()
    stage = view(fmt, entrants(8), options(fmt, groups=2))
    matches = fmt.matches(stage)
    assert [m.round for m in matches] == [1] * 4 + [2] * 4 + [3] * 4
    assert [(t.name, len(t.entrants), len(t.matches)) for t in fmt.tables(stage, matches)] == [("A", 4, 6), ("B", 4, 6)]


def test_paper_draw_by_group_and_number() -> None:
    fmt = Groups()
    people = entrants(4)
    placed = fmt.place(people, {"e1": "A1", "e2": "B2", "e3": "a2", "e4": "B-1"}, options(fmt, groups=2))
    assert placed == {"groups": {"A": ["e1", "e3"], "B": ["e4", "e2"]}, "table": "berger"}
    try:
        fmt.place(people, {"e1": "A1", "e2": "C1", "e3": "A2", "e4": "C2"}, options(fmt))
    except Exception as error:
        assert "groups must be lettered A, B without gaps" in str(error)
    else:
        raise AssertionError("a gap in the group letters was accepted")


def withdrawal_view(size: int, played: int, forfeits: int = 0):
    """A round robin of ``size`` in list order where e1 played its first ``played`` matches (won them) and then withdrew."""
    fmt = RoundRobin()
    stage = view(fmt, entrants(size), options(fmt, numbers="list"))
    own = [m for m in fmt.matches(stage) if "e1" in m.entrants]
    outcomes = {m.key: Outcome.win(m.side_of("e1")) for m in own[:played]}  # type: ignore[arg-type]
    outcomes.update({m.key: forfeit(m.side_of("e1")) for m in own[played : played + forfeits]})
    stage = view(fmt, entrants(size), options(fmt, numbers="list"), outcomes=outcomes, withdrawn=frozenset({"e1"}))
    matches = fmt.matches(stage)
    return fmt, stage, matches, own


def test_withdrawal_with_fewer_than_half_played_annuls_everything() -> None:
    """CXA 2011 §19.2: 10 players, 9 opponents, 4 played → all of e1's results annulled.

    e1 leaves the table; all 9 of its matches (4 played, 5 not) are ruled annulled.
    """
    fmt, stage, matches, own = withdrawal_view(10, 4)
    table = fmt.tables(stage, matches)[0]
    assert "e1" not in table.entrants and len(table.entrants) == 9
    rulings = fmt.rulings(stage, matches)
    assert {k for k, r in rulings.items() if r.annulled} == {m.key for m in own}


def test_withdrawal_with_half_or_more_played_keeps_results() -> None:
    """§19.2: 9 opponents, 5 played → kept; the other 4 are forfeit wins for the opponents."""
    fmt, stage, matches, own = withdrawal_view(10, 5)
    assert "e1" in fmt.tables(stage, matches)[0].entrants
    rulings = fmt.rulings(stage, matches)
    assert set(rulings) == {m.key for m in own[5:]}
    for match in own[5:]:
        outcome = rulings[match.key].outcome
        assert outcome is not None and outcome.kind.value == "forfeit"
        assert match.entrants[outcome.winner] != "e1"  # type: ignore[index]


def test_withdrawal_exactly_half_keeps_results() -> None:
    """§19.2 "达到一半": 9 players, 8 opponents, 4 played → kept."""
    fmt, stage, matches, own = withdrawal_view(9, 4)
    assert "e1" in fmt.tables(stage, matches)[0].entrants
    assert not any(r.annulled for r in fmt.rulings(stage, matches).values())


def test_forfeits_are_not_games_played() -> None:
    """4 played and 1 won by forfeit out of 9: only 4 games were played, so the results are annulled."""
    fmt, stage, matches, _own = withdrawal_view(10, 4, forfeits=1)
    assert "e1" not in fmt.tables(stage, matches)[0].entrants


def test_group_withdrawal_is_per_group() -> None:
    """A withdrawal annuls only within the entrant's own group."""
    fmt = Groups()
    stage = view(fmt, entrants(8), options(fmt, groups=2), withdrawn=frozenset({"e1"}))
    matches = fmt.matches(stage)
    group = next(name for name, members in stage.draw["groups"].items() if "e1" in members)
    rulings = fmt.rulings(stage, matches)
    assert Counter(next(m.group for m in matches if m.key == k) for k in rulings) == {group: 3}


def test_auto_seeding_snakes_by_rating() -> None:
    """No seed numbers, everyone rated: 4 into 2 groups by snake over the ratings: A gets 1st and 4th, B 2nd and 3rd."""
    fmt = Groups()
    people = entrants(4, rating=[1500.0, 1800.0, 1600.0, 1700.0])  # order by rating: e2, e4, e3, e1
    groups = fmt.draw(people, options(fmt, groups=2, numbers="seeds"), random.Random(1))["groups"]
    assert groups == {"A": ["e2", "e1"], "B": ["e4", "e3"]}
