"""Which round-robin table a stage follows (issue 21, item 23).

Table tennis plays its groups in the ITTF order of play, which leaves the top two seeds to the last
round; xiangqi and weiqi follow the Berger tables (FIDE C.05 Annex 1, which CXA 2011 Appendix 1 and the
weiqi rules use). A sport chooses the default (``Sport.round_robin_order``); a stage's ``order`` in
meet.toml overrides it. The ITTF tables below are typed by hand from the ITTF Handbook for Tournament
Referees (order of play in groups), the number listed first as printed there; on an odd field the
missing number is the bye, as in the Berger tables.
"""

from __future__ import annotations

import itertools
import json

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from podium.formats.berger import ORDERS, berger_rounds, ittf_rounds
from podium.formats.groups import Groups
from podium.formats.round_robin import RoundRobin
from podium.journal.entries import Kind
from podium.store.sqlite import Store
from tests.formats.helpers import entrants, options, view
from tests.formats.test_round_robin import table

ITTF = {
    3: """
        Rd 1: 2-3
        Rd 2: 1-3
        Rd 3: 1-2
    """,
    4: """
        Rd 1: 1-4 2-3
        Rd 2: 1-3 4-2
        Rd 3: 1-2 3-4
    """,
    5: """
        Rd 1: 1-4 3-5
        Rd 2: 4-5 2-3
        Rd 3: 1-5 4-2
        Rd 4: 1-3 5-2
        Rd 5: 1-2 3-4
    """,
    6: """
        Rd 1: 1-4 2-6 3-5
        Rd 2: 1-6 4-5 2-3
        Rd 3: 1-5 6-3 4-2
        Rd 4: 1-3 5-2 6-4
        Rd 5: 1-2 3-4 5-6
    """,
    8: """
        Rd 1: 1-4 2-6 3-8 5-7
        Rd 2: 1-6 4-8 2-7 3-5
        Rd 3: 1-8 6-7 4-5 2-3
        Rd 4: 1-7 8-5 6-3 4-2
        Rd 5: 1-5 7-3 8-2 6-4
        Rd 6: 1-3 5-2 7-4 8-6
        Rd 7: 1-2 3-4 5-6 7-8
    """,
}


def played(rounds: list[list[tuple[int, int]]], n: int) -> list[list[tuple[int, int]]]:
    """The rounds without the pairings with the bye number."""
    return [[pair for pair in r if max(pair) <= n] for r in rounds]


@pytest.mark.parametrize("size", sorted(ITTF))
def test_ittf_order_equals_the_handbook(size):
    assert played(ittf_rounds(size), size) == table(ITTF[size])


@given(st.integers(min_value=2, max_value=24), st.sampled_from(sorted(ORDERS)))
def test_every_pair_meets_once_and_nobody_plays_twice_in_a_round(n, order):
    rounds = played(ORDERS[order](n), n)
    pairs = [frozenset(pair) for r in rounds for pair in r]
    assert sorted(map(sorted, pairs)) == sorted(map(list, itertools.combinations(range(1, n + 1), 2)))
    for r in rounds:
        people = [p for pair in r for p in pair]
        assert len(people) == len(set(people))


@given(st.integers(min_value=2, max_value=24))
def test_ittf_top_two_seeds_meet_last(n):
    """The ITTF order's point: 1 and 2 meet in the last round (Berger pairs them in round 2)."""
    assert (1, 2) in ittf_rounds(n)[-1]
    if n >= 4:
        assert (1, 2) not in berger_rounds(n)[-1]


SPORTS_TOML = """
[meet]
name = "Orders"
language = "en"

[units]
c1 = "Class 1"

[events.tt]
sport = "table_tennis"

[[events.tt.stages]]
name = "main"
format = "round_robin"
numbers = "list"

[events.ttb]
sport = "table_tennis"

[[events.ttb.stages]]
name = "main"
format = "round_robin"
numbers = "list"
order = "berger"

[events.xq]
sport = "xiangqi"

[[events.xq.stages]]
name = "main"
format = "round_robin"
numbers = "list"
"""

PLAYERS = "event,name,unit\n" + "".join(f"{e},{p},c1\n" for e in ("tt", "ttb", "xq") for p in ("P1", "P2", "P3", "P4"))


def pairs_by_round(podium, folder, event):
    rows = json.loads(podium(folder, "matches", event, "--json").output)
    rounds: dict[int, list[tuple[str, str]]] = {}
    for row in rows:
        rounds.setdefault(row["round"], []).append(tuple(row["names"]))
    return [rounds[r] for r in sorted(rounds)]


def test_each_sport_follows_its_order(make_meet, podium):
    """Four players numbered in list order: table tennis plays 1–2 in the last round (ITTF), xiangqi in round 2
    (Berger, FIDE C.05 Annex 1: Rd 2 4-3 1-2); meet.toml's order = "berger" makes table tennis follow Berger."""
    folder = make_meet(SPORTS_TOML, PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    for event in ("tt", "ttb", "xq"):
        podium(folder, "draw", event)
    assert pairs_by_round(podium, folder, "tt") == [[("P1", "P4"), ("P2", "P3")], [("P1", "P3"), ("P4", "P2")], [("P1", "P2"), ("P3", "P4")]]
    berger = [[("P1", "P4"), ("P2", "P3")], [("P4", "P3"), ("P1", "P2")], [("P2", "P4"), ("P3", "P1")]]
    assert pairs_by_round(podium, folder, "xq") == berger
    assert pairs_by_round(podium, folder, "ttb") == berger


def test_an_unknown_order_is_refused(make_meet, podium):
    folder = make_meet(SPORTS_TOML.replace('order = "berger"', 'order = "fide"'))
    refused = podium(folder, "matches", "tt", ok=False)
    assert refused.exit_code == 2
    assert "events.ttb.stages[0].order" in refused.output and "berger, ittf" in refused.output


def test_groups_follow_the_sport_order(make_meet, podium):
    """A table-tennis group stage plays each group in the ITTF order. Eight players in two groups of four, numbered
    in list order inside each group: each group's rounds are its numbers paired as the Handbook's table for 4
    (1–4 2–3, 1–3 4–2, 1–2 3–4), so its numbers 1 and 2 meet in the last round."""
    toml = SPORTS_TOML.split("[events.ttb]")[0].replace('format = "round_robin"', 'format = "groups"\ngroups = 2')
    players = "event,name,unit\n" + "".join(f"tt,P{i},c1\n" for i in range(1, 9))
    folder = make_meet(toml, players)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "tt")
    rows = json.loads(podium(folder, "matches", "tt", "--json").output)
    for group in ("A", "B"):
        own = [row for row in rows if row["group"] == group]
        members = sorted({name for row in own for name in row["names"]}, key=lambda name: int(name[1:]))
        expected = [[(members[a - 1], members[b - 1]) for a, b in pairs] for pairs in table(ITTF[4])]
        rounds: dict[int, list[tuple[str, str]]] = {}
        for row in own:
            rounds.setdefault(row["round"], []).append(tuple(row["names"]))
        assert [rounds[r] for r in sorted(rounds)] == expected, group


BERGER_4 = [[("P1", "P4"), ("P2", "P3")], [("P4", "P3"), ("P1", "P2")], [("P2", "P4"), ("P3", "P1")]]
"""Four players in list order on the Berger table for 4 (FIDE C.05 Annex 1: 1-4 2-3, 4-3 1-2, 2-4 3-1)."""
ITTF_4 = [[("P1", "P4"), ("P2", "P3")], [("P1", "P3"), ("P4", "P2")], [("P1", "P2"), ("P3", "P4")]]
"""The same four on the ITTF table for 4 (1-4 2-3, 1-3 4-2, 1-2 3-4)."""


def test_the_draw_records_its_table_and_a_draw_without_one_followed_berger():
    """A new draw records the table it was made under; a draw journaled before stages had an order (no table in
    it) keeps the Berger matches it was drawn with, whatever the stage's order now says."""
    for fmt, key in ((RoundRobin(), "order"), (Groups(), "groups")):
        opts = options(fmt, numbers="list", order="ittf")
        stage = view(fmt, entrants(4), opts)
        assert stage.draw["table"] == "ittf"
        old = {key: stage.draw[key]}
        ittf = [m.entrants for m in fmt.matches(stage)]
        berger = [m.entrants for m in fmt.matches(view(fmt, entrants(4), options(fmt, numbers="list", order="berger")))]
        assert berger != ittf
        assert [m.entrants for m in fmt.matches(attrs.evolve(stage, draw=old))] == berger


TT_ONLY = SPORTS_TOML.split("[events.ttb]")[0]
TT_PLAYERS = "event,name,unit\n" + "".join(f"tt,{p},c1\n" for p in ("P1", "P2", "P3", "P4"))


def old_meet(make_meet, podium, name):
    """A table-tennis event drawn by an older Podium: every round robin followed Berger and the draw held no table."""
    folder = make_meet(TT_ONLY, TT_PLAYERS, name=name)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    people = [{"group": None, "key": str(i), "place": None, "rating": None, "seed": None, "unit": "c1"} for i in range(1, 5)]
    old_draw = {"stage": "main", "seed": 1, "entrants": people, "draw": {"order": ["1", "2", "3", "4"]}}
    store = Store(folder)
    store.append([(Kind.DRAW, "tt", old_draw, None)], expected=store.read()[-1].seq, actor="cli")
    return folder


def test_an_old_table_tennis_meet_keeps_its_berger_matches(make_meet, podium):
    """After the upgrade that made ITTF the table-tennis default, an event drawn before it keeps its Berger matches
    and its results; a redraw (before any result) takes the ITTF order."""
    folder = old_meet(make_meet, podium, "old")
    assert pairs_by_round(podium, folder, "tt") == BERGER_4
    podium(folder, "result", "tt", "P4", "P3", "11-7 11-5 11-3")  # round 2 of the Berger table
    assert pairs_by_round(podium, folder, "tt") == BERGER_4
    redrawn = old_meet(make_meet, podium, "redrawn")
    podium(redrawn, "draw", "tt", "--redraw", "--seed", "1")
    assert pairs_by_round(podium, redrawn, "tt") == ITTF_4


def test_changing_the_order_after_the_draw_keeps_the_matches(make_meet, podium):
    """meet.toml's order is read when the stage is drawn: changing it later does not reshuffle drawn matches."""
    folder = make_meet(SPORTS_TOML, PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "tt")
    toml = folder / "meet.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('numbers = "list"\n\n[events.ttb]', 'numbers = "list"\norder = "berger"\n\n[events.ttb]'), encoding="utf-8")
    assert 'order = "berger"' in toml.read_text(encoding="utf-8").split("[events.ttb]")[0]
    assert pairs_by_round(podium, folder, "tt") == ITTF_4
