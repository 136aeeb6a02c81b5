"""Round robin on the Berger tables (FIDE Handbook C.05 Annex 1; CXA 2011 Appendix 1, §12.1, §12.2).

The FIDE tables below are typed by hand from the Handbook (pairings are written
"white–black": the number listed first plays first, CXA 2011 §12.1). For an odd
field the same table is used and the extra number is the bye.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from podium.formats.base import Format
from podium.formats.berger import berger_rounds
from podium.formats.round_robin import RoundRobin
from tests.formats.helpers import entrants, options, view


def table(text: str) -> list[list[tuple[int, int]]]:
    """Parse "Rd 1: 1-4 2-3 / Rd 2: …" lines into rounds of (first, second)."""
    rounds = []
    for line in text.strip().splitlines():
        pairs = line.split(":", 1)[1].split()
        rounds.append([tuple(int(x) for x in pair.split("-")) for pair in pairs])
    return rounds


FIDE = {
    4: """
        Rd 1: 1-4 2-3
        Rd 2: 4-3 1-2
        Rd 3: 2-4 3-1
    """,
    6: """
        Rd 1: 1-6 2-5 3-4
        Rd 2: 6-4 5-3 1-2
        Rd 3: 2-6 3-1 4-5
        Rd 4: 6-5 1-4 2-3
        Rd 5: 3-6 4-2 5-1
    """,
    8: """
        Rd 1: 1-8 2-7 3-6 4-5
        Rd 2: 8-5 6-4 7-3 1-2
        Rd 3: 2-8 3-1 4-7 5-6
        Rd 4: 8-6 7-5 1-4 2-3
        Rd 5: 3-8 4-2 5-1 6-7
        Rd 6: 8-7 1-6 2-5 3-4
        Rd 7: 4-8 5-3 6-2 7-1
    """,
    10: """
        Rd 1: 1-10 2-9 3-8 4-7 5-6
        Rd 2: 10-6 7-5 8-4 9-3 1-2
        Rd 3: 2-10 3-1 4-9 5-8 6-7
        Rd 4: 10-7 8-6 9-5 1-4 2-3
        Rd 5: 3-10 4-2 5-1 6-9 7-8
        Rd 6: 10-8 9-7 1-6 2-5 3-4
        Rd 7: 4-10 5-3 6-2 7-1 8-9
        Rd 8: 10-9 1-8 2-7 3-6 4-5
        Rd 9: 5-10 6-4 7-3 8-2 9-1
    """,
    12: """
        Rd 1: 1-12 2-11 3-10 4-9 5-8 6-7
        Rd 2: 12-7 8-6 9-5 10-4 11-3 1-2
        Rd 3: 2-12 3-1 4-11 5-10 6-9 7-8
        Rd 4: 12-8 9-7 10-6 11-5 1-4 2-3
        Rd 5: 3-12 4-2 5-1 6-11 7-10 8-9
        Rd 6: 12-9 10-8 11-7 1-6 2-5 3-4
        Rd 7: 4-12 5-3 6-2 7-1 8-11 9-10
        Rd 8: 12-10 11-9 1-8 2-7 3-6 4-5
        Rd 9: 5-12 6-4 7-3 8-2 9-1 10-11
        Rd 10: 12-11 1-10 2-9 3-8 4-7 5-6
        Rd 11: 6-12 7-5 8-4 9-3 10-2 11-1
    """,
}


@pytest.mark.parametrize("size", sorted(FIDE))
def test_berger_tables_equal_the_fide_tables(size: int) -> None:
    """FIDE C.05 Annex 1, typed by hand: the same table serves size−1 (odd) and size players."""
    expected = table(FIDE[size])
    assert berger_rounds(size) == expected
    assert berger_rounds(size - 1) == expected


@pytest.mark.parametrize("n", range(3, 21))
def test_berger_construction_rules(n: int) -> None:
    """The rules the FIDE tables are built by, for every field of 3–20.

    With N = n rounded up to even: N−1 rounds of N/2 boards; round 1 is 1–N, 2–(N−1), …;
    each next round adds N/2 to every number but N (counted round 1..N−1) and turns
    board 1 round, so N alternates colours; every pair meets exactly once.
    """
    rounds = berger_rounds(n)
    size = n + n % 2
    assert len(rounds) == size - 1
    assert rounds[0] == [(i, size + 1 - i) for i in range(1, size // 2 + 1)]

    def shift(x: int) -> int:
        return x if x == size else (x - 1 + size // 2) % (size - 1) + 1

    for before, after in itertools.pairwise(rounds):
        moved = [(shift(a), shift(b)) for a, b in before]
        moved[0] = (moved[0][1], moved[0][0])
        assert after == moved
    for pairs in rounds:
        assert sorted(x for pair in pairs for x in pair) == list(range(1, size + 1))
    met = Counter(frozenset(pair) for pairs in rounds for pair in pairs)
    assert set(met) == {frozenset(p) for p in itertools.combinations(range(1, size + 1), 2)}
    assert set(met.values()) == {1}
    colours_of_n = [0 if pairs[0][0] == size else 1 for pairs in rounds]
    assert all(a != b for a, b in itertools.pairwise(colours_of_n))


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 64), cycles=st.sampled_from((1, 2)), seed=st.integers(0, 10**6))
def test_every_pair_meets_exactly_once_per_cycle(n: int, cycles: int, seed: int) -> None:
    """A law of the round robin: each pair once per cycle, the second cycle with sides reversed (CXA 2011 §10.1)."""
    fmt = RoundRobin()
    stage = view(fmt, entrants(n), options(fmt, cycles=cycles), seed)
    matches = fmt.matches(stage)
    assert len(matches) == cycles * n * (n - 1) // 2
    met = Counter(m.entrants for m in matches)
    for a, b in itertools.combinations(stage.draw["order"], 2):
        assert met[(a, b)] + met[(b, a)] == cycles
        if cycles == 2:
            assert met[(a, b)] == met[(b, a)] == 1
    per_round = Counter((m.round, e) for m in matches for e in m.entrants)
    assert set(per_round.values()) == {1}
    assert max(m.round for m in matches) == cycles * (n + n % 2 - 1)


def test_numbered_matches_carry_the_numbers_users_type_in_order_of_play() -> None:
    """Four entrants numbered from 7: the Berger table's six matches, rounds 1–3 of two boards each, are 7–12."""
    fmt = RoundRobin()
    stage = view(fmt, entrants(4), options(fmt, numbers="list"))
    numbered = fmt.numbered_matches(stage, 7)
    assert [(m.key, m.number) for m in numbered] == [
        ("R1.1", 7), ("R1.2", 8), ("R2.1", 9), ("R2.2", 10), ("R3.1", 11), ("R3.2", 12),
    ]
    assert all(m.number == 0 for m in fmt.matches(stage))  # laid out, not numbered yet


@settings(max_examples=30, deadline=None)
@given(n=st.integers(2, 24), cycles=st.sampled_from((1, 2)), first=st.integers(1, 500))
def test_numbered_matches_are_the_laid_out_matches_numbered(n: int, cycles: int, first: int) -> None:
    """The round robin numbers its matches as it lays them out; the same matches as numbering them afterwards."""
    fmt = RoundRobin()
    stage = view(fmt, entrants(n), options(fmt, cycles=cycles), n)
    assert fmt.numbered_matches(stage, first) == Format.numbered_matches(fmt, stage, first)


def test_odd_field_each_entrant_sits_out_once() -> None:
    """5 entrants use the table of 6; whoever meets number 6 sits out: each of 1–5 exactly once (round 1: 1 sits out)."""
    fmt = RoundRobin()
    stage = view(fmt, entrants(5), options(fmt, numbers="list"))
    matches = fmt.matches(stage)
    playing = {r: {e for m in matches if m.round == r for e in m.entrants} for r in range(1, 6)}
    resting = [sorted({"e1", "e2", "e3", "e4", "e5"} - playing[r]) for r in range(1, 6)]
    # From the table of 6: the partner of 6 in rounds 1..5 is 1, 4, 2, 5, 3.
    assert resting == [["e1"], ["e4"], ["e2"], ["e5"], ["e3"]]


def test_listed_first_plays_first_and_team_board_colours() -> None:
    """CXA 2011 §12.1: the number listed first plays red; §12.2: a team listed first has red on odd boards."""
    fmt = RoundRobin()
    stage = view(fmt, entrants(4), options(fmt, numbers="list"))
    first = fmt.matches(stage)[0]
    assert first.entrants == ("e1", "e4") and first.colours == "listed"


def test_numbers_by_seed_put_seeds_first() -> None:
    """numbers = "seeds": seeds 1, 2 take table numbers 1, 2; the unseeded are drawn after them."""
    fmt = RoundRobin()
    people = entrants(5, seed=[None, 2, None, 1, None])
    order = fmt.draw(people, options(fmt, numbers="seeds"), random.Random(3))["order"]
    assert order[:2] == ["e4", "e2"] and sorted(order[2:]) == ["e1", "e3", "e5"]


def test_paper_draw_uses_the_given_numbers() -> None:
    """The draw records the numbers and the round-robin table it was made under."""
    fmt = RoundRobin()
    people = entrants(3)
    assert fmt.place(people, {"e1": "3", "e2": "1", "e3": "2"}, options(fmt)) == {"order": ["e2", "e3", "e1"], "table": "berger"}
    with pytest.raises(Exception, match="Number 1 is given to both e1 and e2"):
        fmt.place(people, {"e1": "1", "e2": "1", "e3": "2"}, options(fmt))
    with pytest.raises(Exception, match="give a number from 1 to 3"):
        fmt.place(people, {"e1": "4", "e2": "1", "e3": "2"}, options(fmt))
