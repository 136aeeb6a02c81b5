"""Single elimination: standard seed positions, byes, play-offs, fixed maps, crossover from groups, walkovers.

Expected brackets are worked out by hand in each docstring; a bracket is written
line by line, so lines 1–2 meet in round 1, the winners of lines 1–4 in round 2…
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from podium.formats.base import StageEntrant
from podium.formats.brackets import bracket_size, meeting_round, seed_order
from podium.formats.knockout import Knockout
from podium.model.entrants import BYE
from podium.model.outcomes import forfeit
from tests.formats.helpers import entrants, lower_key_wins, options, play_out, random_winner, view

B = BYE


def test_standard_seed_order_by_hand() -> None:
    """Doubling: each seed s is followed by its first-round opponent 2·half + 1 − s.

    2: 1 2 · 4: 1 4 2 3 · 8: 1 8 4 5 2 7 3 6 · 16: 1 16 8 9 4 13 5 12 2 15 7 10 3 14 6 11.
    The 8-line order is also the tug-of-war bracket of the tug-of-war and heats rules §1: quarter-finals
    1–8, 4–5 | 2–7, 3–6, so the semi-finals are A(1–8)–D(4–5) and B(2–7)–C(3–6).
    """
    assert seed_order(2) == [1, 2]
    assert seed_order(4) == [1, 4, 2, 3]
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seed_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    assert seed_order(32)[:8] == [1, 32, 16, 17, 8, 25, 9, 24]


@pytest.mark.parametrize("size", [2**k for k in range(1, 8)])
def test_bracket_positions_match_standard_seeding(size: int) -> None:
    """For 2–128 lines: s meets size+1−s first; the top 2^k seeds are in 2^k different sections.

    So 1 and 2 meet only in the final, 1–4 only in the semi-finals, 1–8 only in the quarter-finals.
    """
    order = seed_order(size)
    assert sorted(order) == list(range(1, size + 1))
    for line in range(0, size, 2):
        assert order[line] + order[line + 1] == size + 1
    line_of = {seed: line for line, seed in enumerate(order)}
    rounds = size.bit_length() - 1
    for a, b in itertools.combinations(range(1, size + 1), 2):
        # a < b are both among the top 2^k seeds (2^k ≥ b): they sit in different sections of
        # size/2^k lines, so they can meet at the earliest in round rounds − k + 1.
        k = (b - 1).bit_length()
        assert meeting_round(line_of[a], line_of[b]) >= rounds - k + 1


@pytest.mark.parametrize("n", range(2, 129))
def test_byes_go_to_the_top_seeds(n: int) -> None:
    """n entrants, all seeded: the bracket has the next power of two lines and seeds 1..P−n face the byes."""
    fmt = Knockout()
    lines = fmt.draw(entrants(n, seed=list(range(1, n + 1))), options(fmt), random.Random(1))["lines"]
    size = bracket_size(n)
    assert len(lines) == size
    with_bye = sorted(int(lines[line ^ 1][1:]) for line in range(size) if lines[line] == B)
    assert with_bye == list(range(1, size - n + 1))


def test_five_entrants_by_hand() -> None:
    """5 seeded: 8 lines, seeds 6–8 are byes: lines 1 B 4 5 | 2 B 3 B.

    Round 1: 1–bye, 4–5, 2–bye, 3–bye; semi-finals 1 v (4/5) and 2 v 3; final. 4 matches to play = n − 1.
    """
    fmt = Knockout()
    stage = view(fmt, entrants(5, seed=[1, 2, 3, 4, 5]), options(fmt))
    assert stage.draw["lines"] == ["e1", B, "e4", "e5", "e2", B, "e3", B]
    matches = fmt.matches(stage)
    assert [(m.round_name, m.entrants) for m in matches if not m.is_bye] == [
        ("quarter", ("e4", "e5")),
        ("semi", ("e1", None)),
        ("semi", ("e2", "e3")),
        ("final", (None, None)),
    ]
    assert [m.entrants for m in matches if m.is_bye] == [("e1", B), ("e2", B), ("e3", B)]
    assert all(m.decisive and m.colours == "lots" for m in matches)


def test_third_place_match_and_places() -> None:
    """4 entrants, the better seed always wins: semis e1–e4, e2–e3; final e1–e2; third place e4–e3 won by e3.

    Places: e1 1, e2 2, e3 3, e4 4 (table-tennis plan 7 §4: semi-final losers play for 3rd/4th).
    """
    fmt = Knockout()
    stage = view(fmt, entrants(4, seed=[1, 2, 3, 4]), options(fmt, third_place=True))
    stage, matches = play_out(fmt, stage, lower_key_wins)
    assert [(m.round_name, m.entrants) for m in matches] == [
        ("semi", ("e1", "e4")),
        ("semi", ("e2", "e3")),
        ("final", ("e1", "e2")),
        ("third_place", ("e4", "e3")),
    ]
    assert fmt.placings(stage, matches) == [("e1", 1), ("e2", 2), ("e3", 3), ("e4", 4)]


def test_without_play_offs_losers_share_places() -> None:
    """8 entrants, no play-offs: semi-final losers share 3rd, quarter-final losers share 5th."""
    fmt = Knockout()
    stage = view(fmt, entrants(8, seed=list(range(1, 9))), options(fmt))
    stage, matches = play_out(fmt, stage, lower_key_wins)
    assert dict(fmt.placings(stage, matches)) == {"e1": 1, "e2": 2, "e3": 3, "e4": 3, "e5": 5, "e6": 5, "e7": 5, "e8": 5}


def test_play_offs_for_places_one_to_eight() -> None:
    """CXA 2011 §10.4 附加赛 for 8: 7 main matches, third place, places 5–8 (two semis, 5th and 7th place matches).

    12 matches; the better seed always wins, so the places are 1..8 in seed order.
    Quarter-final losers e5–e8 play e8 v e5? No: losers of QF (1–8, 4–5, 2–7, 3–6) are e8, e5, e7, e6 in
    bracket order, so the 5–8 semis are e8–e5 and e7–e6; 5th place e5–e6, 7th place e8–e7.
    """
    fmt = Knockout()
    stage = view(fmt, entrants(8, seed=list(range(1, 9))), options(fmt, playoffs="1-8"))
    stage, matches = play_out(fmt, stage, lower_key_wins)
    assert len(matches) == 12
    by_name = Counter(m.round_name for m in matches)
    assert by_name == {"quarter": 4, "semi": 2, "final": 1, "third_place": 1, "playoff": 2, "place_5": 1, "place_7": 1}
    assert [m.entrants for m in matches if m.round_name == "playoff"] == [("e8", "e5"), ("e7", "e6")]
    assert [m.entrants for m in matches if m.round_name in ("place_5", "place_7")] == [("e5", "e6"), ("e8", "e7")]
    assert fmt.placings(stage, matches) == [(f"e{i}", i) for i in range(1, 9)]


def test_fixed_pairing_map() -> None:
    """A fixed first round by list order (table-tennis plan 4, stage 2: opponents set by line-up order): 1–2, 3–4, 5–6, 7–8."""
    fmt = Knockout()
    opts = options(fmt, seeding="list", first_round=[[1, 2], [3, 4], [5, 6], [7, 8]])
    matches = fmt.matches(view(fmt, entrants(8), opts))
    assert [m.entrants for m in matches if m.round == 1] == [("e1", "e2"), ("e3", "e4"), ("e5", "e6"), ("e7", "e8")]


def test_tug_of_war_bracket_of_seed_003() -> None:
    """Tug-of-war and heats rules §1: teams numbered 1–8 by lot; QF 1–8, 2–7, 3–6, 4–5 → A, B, C, D; SF A–D and B–C.

    With numbers in list order the QF pairs are exactly those, and each semi-final joins A with D, B with C.
    """
    fmt = Knockout()
    stage = view(fmt, entrants(8), options(fmt, seeding="list"))
    matches = fmt.matches(stage)
    quarters = {frozenset(m.entrants): m.key for m in matches if m.round_name == "quarter"}
    a, b, c, d = (quarters[frozenset(pair)] for pair in (("e1", "e8"), ("e2", "e7"), ("e3", "e6"), ("e4", "e5")))
    semis = [frozenset(s.source[1] for s in m.sides) for m in matches if m.round_name == "semi"]  # type: ignore[index]
    assert sorted(semis, key=sorted) == sorted([frozenset((a, d)), frozenset((b, c))], key=sorted)


def test_until_four_leaves_the_survivors() -> None:
    """Knockout down to four (college xiangqi rules §6(1)): 8 entrants play the quarter-finals only; the four winners go on."""
    fmt = Knockout()
    stage = view(fmt, entrants(8, seed=list(range(1, 9))), options(fmt, until=4))
    stage, matches = play_out(fmt, stage, lower_key_wins)
    assert [m.round_name for m in matches] == ["quarter"] * 4
    assert [e.key for e in fmt.advancing(stage, matches, []).entrants] == ["e1", "e4", "e2", "e3"]


def group_qualifiers(groups: str, places: int) -> list[StageEntrant]:
    return [StageEntrant(key=f"{g}{p}", group=g, place=p, seed=None) for p in range(1, places + 1) for g in groups]


def test_crossover_from_four_groups() -> None:
    """Table-tennis plan 7 §4 and the 19-pair round-robin Q&A: A1–B2, B1–A2, C1–D2, D1–C2, and the semis pair an a/b winner with a c/d winner.

    Winners take seed lines (8 lines: seeds 1 8 4 5 2 7 3 6): A1 line 1, D1 line 3, B1 line 5, C1 line 7.
    Each runner-up goes to the half away from its group winner, against the paired group's winner:
    lines A1 B2 D1 C2 | B1 A2 C1 D2.
    """
    fmt = Knockout()
    lines = fmt.draw(group_qualifiers("ABCD", 2), options(fmt), random.Random(5))["lines"]
    assert lines == ["A1", "B2", "D1", "C2", "B1", "A2", "C1", "D2"]


def test_three_groups_into_eight_lines() -> None:
    """3 groups × 2 = 6: winners A1, B1, C1 on seed lines 1, 5, 7; the byes (seeds 7, 8) go to A1 and B1.

    Runners-up on lines 3, 4, 8: A2 must be in the bottom half (A1 is on top) — line 8, against C1;
    B2 and C2 fill lines 3–4 (both meet their own winner only in the final).
    """
    fmt = Knockout()
    lines = fmt.draw(group_qualifiers("ABC", 2), options(fmt), random.Random(5))["lines"]
    assert lines[0] == "A1" and lines[1] == B and lines[4] == "B1" and lines[5] == B and lines[6] == "C1"
    assert lines[7] == "A2" and set(lines[2:4]) == {"B2", "C2"}
    for group in "ABC":
        first, second = lines.index(f"{group}1"), lines.index(f"{group}2")
        assert meeting_round(first, second) == 3  # only in the final


@settings(max_examples=40, deadline=None)
@given(groups=st.integers(2, 8), places=st.integers(1, 3))
def test_same_group_entrants_meet_as_late_as_possible(groups: int, places: int) -> None:
    """Group winners never meet before the round with as many entrants as groups; two from a group never in round 1."""
    fmt = Knockout()
    people = group_qualifiers("ABCDEFGH"[:groups], places)
    if len(people) < 2:
        return
    lines = fmt.draw(people, options(fmt), random.Random(1))["lines"]
    line = {key: i for i, key in enumerate(lines) if key != B}
    rounds = (len(lines) - 1).bit_length()
    winners = [f"{g}1" for g in "ABCDEFGH"[:groups]]
    for a, b in itertools.combinations(winners, 2):
        assert meeting_round(line[a], line[b]) >= rounds - (groups - 1).bit_length() + 1
    for g in "ABCDEFGH"[:groups]:
        own = [line[f"{g}{p}"] for p in range(1, places + 1)]
        for a, b in itertools.combinations(own, 2):
            assert meeting_round(a, b) >= 2


def test_units_are_kept_apart() -> None:
    """8 drawn by lot, 2 from each of 4 units: the pair of a unit is in different halves (meets at the earliest in the final)."""
    fmt = Knockout()
    people = entrants(8, unit=["u1", "u1", "u2", "u2", "u3", "u3", "u4", "u4"])
    for seed in range(20):
        lines = fmt.draw(people, options(fmt, seeding="lots"), random.Random(seed))["lines"]
        unit = {e.key: e.unit for e in people}
        for a, b in itertools.combinations(range(8), 2):
            if unit[lines[a]] == unit[lines[b]]:
                assert meeting_round(a, b) == 3


def test_one_unit_of_four_goes_to_four_quarters() -> None:
    fmt = Knockout()
    people = entrants(8, unit=["u1"] * 4 + [None] * 4)
    lines = fmt.draw(people, options(fmt, seeding="lots"), random.Random(2))["lines"]
    quarters = {lines.index(f"e{i}") // 2 for i in range(1, 5)}
    assert quarters == {0, 1, 2, 3}


@settings(max_examples=80, deadline=None)
@given(n=st.integers(2, 64), third=st.booleans(), seed=st.integers(0, 10**6))
def test_a_knockout_of_n_has_n_minus_one_matches(n: int, third: bool, seed: int) -> None:
    """n − 1 matches to play, plus the third-place match when asked (from 4 entrants: with 3 it is a walkover)."""
    fmt = Knockout()
    rng = random.Random(seed)
    stage = view(fmt, entrants(n), options(fmt, third_place=third), seed)
    stage, matches = play_out(fmt, stage, random_winner(rng))
    played = [m for m in matches if not m.is_bye]
    assert len(played) == n - 1 + (1 if third and n >= 4 else 0)
    assert all(m.key in stage.outcomes for m in played)
    places = dict(fmt.placings(stage, matches))
    assert list(places.values()).count(1) == 1


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 40), seed=st.integers(0, 10**6))
def test_play_offs_for_all_places_rank_everyone(n: int, seed: int) -> None:
    """playoffs = "all": when everything is played every entrant has a place of its own, 1..n."""
    fmt = Knockout()
    stage = view(fmt, entrants(n), options(fmt, playoffs="all"), seed)
    stage, matches = play_out(fmt, stage, random_winner(random.Random(seed)))
    assert sorted(place for _key, place in fmt.placings(stage, matches)) == list(range(1, n + 1))


def test_withdrawn_entrant_gives_a_walkover() -> None:
    """e4 withdraws before its semi-final against e1: e1 goes to the final without a result (CXA 2011 §19)."""
    fmt = Knockout()
    stage = view(fmt, entrants(4, seed=[1, 2, 3, 4]), options(fmt), withdrawn=frozenset({"e4"}))
    stage, matches = play_out(fmt, stage, lower_key_wins)
    semi = next(m for m in matches if m.entrants == ("e1", "e4"))
    assert semi.key not in stage.outcomes
    assert fmt.rulings(stage, matches)[semi.key].outcome.winner == 0  # type: ignore[union-attr]
    assert next(m for m in matches if m.round_name == "final").entrants == ("e1", "e2")


def test_double_forfeit_sends_the_next_opponent_through() -> None:
    """CXA 2011 §20.2: both semi-finalists e1 and e4 absent; the final becomes a bye for the other semi's winner."""
    fmt = Knockout()
    stage = view(fmt, entrants(4, seed=[1, 2, 3, 4]), options(fmt))
    first_semi = fmt.matches(stage)[0]
    stage = play_out(fmt, view(fmt, entrants(4, seed=[1, 2, 3, 4]), options(fmt), outcomes={first_semi.key: forfeit(None)}), lower_key_wins)[0]
    matches = fmt.matches(stage)
    final = next(m for m in matches if m.round_name == "final")
    assert final.entrants == (BYE, "e2") and final.is_bye
    assert dict(fmt.placings(stage, matches))["e2"] == 1


def test_paper_draw_lines() -> None:
    """A paper draw gives bracket lines; empty lines are byes, two empty lines in one pair are refused."""
    fmt = Knockout()
    people = entrants(3)
    assert fmt.place(people, {"e1": "1", "e2": "3", "e3": "4"}, options(fmt)) == {"lines": ["e1", B, "e2", "e3"]}
    with pytest.raises(Exception, match="Lines 7 and 8 are both empty"):
        fmt.place(entrants(5), {f"e{i}": str(i) for i in range(1, 6)}, options(fmt))
    with pytest.raises(Exception, match="is not a line of the bracket; give a number from 1 to 4"):
        fmt.place(people, {"e1": "1", "e2": "2", "e3": "9"}, options(fmt))


def test_auto_seeding_uses_ratings_when_nobody_has_a_seed_number() -> None:
    """3 rated entrants, no seed numbers: by rating e3 (2100) is seed 1 and gets the bye; e1 (1900) v e2 (2000)."""
    fmt = Knockout()
    people = entrants(3, rating=[1900.0, 2000.0, 2100.0])
    assert fmt.draw(people, options(fmt), random.Random(1))["lines"] == ["e3", B, "e2", "e1"]
