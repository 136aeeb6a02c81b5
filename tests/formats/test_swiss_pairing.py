"""Tests of the Swiss pairing engine (CXA 2011 §12.3, §14.4; Weiqi 2002 art. 26).

The hand-worked cases give the expected pairing worked out by hand in each
docstring. Entrants are named by their rank, results are 1/0.5/0 from the
first mover's side, and a bye scores as a win (CXA 2011 §14.4).

The property tests play whole tournaments, and pair arbitrary small standings,
checking every round against the absolute criteria. Where the engine says no
pairing exists, or breaks a colour rule, a brute-force search over all
pairings must agree that it had to, and that no pairing breaks fewer.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from podium.formats.swiss_pairing import FIRST, SECOND, Pairing, PairingImpossible, SwissPlayer, pair_round


class Tournament:
    """A Swiss played with the engine: entrant ``str(k)`` has rank ``k``."""

    def __init__(self, size: int):
        self.ids = [str(k) for k in range(1, size + 1)]
        self.score = dict.fromkeys(self.ids, 0.0)
        self.opponents: dict[str, set[str]] = {i: set() for i in self.ids}
        self.colours: dict[str, list[int]] = {i: [] for i in self.ids}
        self.had_bye = dict.fromkeys(self.ids, False)
        self.round = 1

    def players(self) -> list[SwissPlayer]:
        return [
            SwissPlayer(i, self.score[i], rank, self.opponents[i], self.colours[i], self.had_bye[i])
            for rank, i in enumerate(self.ids, start=1)
        ]

    def record(self, pairing: Pairing, results: Sequence[float]) -> None:
        """Enter the round: ``results`` are the first movers' points, board by board."""
        for (first, second), result in zip(pairing.pairs, results, strict=True):
            self.opponents[first].add(second)
            self.opponents[second].add(first)
            self.colours[first].append(FIRST)
            self.colours[second].append(SECOND)
            self.score[first] += result
            self.score[second] += 1 - result
        if pairing.bye:
            self.had_bye[pairing.bye] = True
            self.score[pairing.bye] += 1
        self.round += 1


def colour_breaks(colours: Sequence[int], colour: int) -> int:
    """How many absolute colour rules ``colour`` breaks: three in a row, counts more than 2 apart."""
    history = (*colours, colour)
    return (history[-3:] == (colour,) * 3) + (abs(sum(history)) > 2)


def fewest_colour_breaks(players: Sequence[SwissPlayer]) -> int | None:
    """Brute force over every pairing without rematches, the bye to an entrant without one.

    Returns the fewest colour-rule breaks such a pairing needs, or None when there is none.
    """
    assert len(players) <= 20, "too many entrants for brute force"
    n = len(players)
    never = n * 4 + 1

    def breaks(a: SwissPlayer, b: SwissPlayer) -> int:
        if a.id in b.opponents or b.id in a.opponents:
            return never
        return min(colour_breaks(a.colours, c) + colour_breaks(b.colours, -c) for c in (FIRST, SECOND))

    cost = [[breaks(a, b) for b in players] for a in players]

    @functools.cache
    def fewest(mask: int) -> int:
        if not mask:
            return 0
        i = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << i)
        return min((cost[i][j] + fewest(rest & ~(1 << j)) for j in range(n) if rest >> j & 1), default=never)

    everyone = (1 << n) - 1
    if n % 2 == 0:
        best = fewest(everyone)
    else:
        best = min(
            (fewest(everyone & ~(1 << i)) for i, p in enumerate(players) if not p.had_bye), default=never
        )
    return best if best < never else None


def check_round(players: Sequence[SwissPlayer], pairing: Pairing) -> None:
    """Assert the absolute criteria; colour rules may break only as few times as brute force allows."""
    by_id = {p.id: p for p in players}
    seated = [i for pair in pairing.pairs for i in pair] + ([pairing.bye] if pairing.bye else [])
    assert sorted(seated) == sorted(by_id), "everyone plays exactly once or has the bye"
    assert (pairing.bye is not None) == (len(players) % 2 == 1)
    assert pairing.bye is None or not by_id[pairing.bye].had_bye, "a second bye"
    for first, second in pairing.pairs:
        assert second not in by_id[first].opponents and first not in by_id[second].opponents, "a rematch"
    broken = sum(
        colour_breaks(by_id[first].colours, FIRST) + colour_breaks(by_id[second].colours, SECOND)
        for first, second in pairing.pairs
    )
    if broken:
        assert broken == fewest_colour_breaks(players), "colour rules broken more than needed"


def play(tournament: Tournament, rounds: int, rng: random.Random) -> None:
    """Play ``rounds`` rounds with random results, checking each pairing."""
    size = len(tournament.ids)
    for _ in range(rounds):
        players = tournament.players()
        try:
            pairing = pair_round(players, tournament.round)
        except PairingImpossible:
            # Before round r each entrant has met at most r-1 others. For r <= n // 2
            # the graph of pairs not yet played has minimum degree >= n/2 (after setting
            # the bye aside), so by Dirac's theorem it has a Hamiltonian cycle and hence
            # a pairing. Impossibility can only come later, and brute force must confirm it.
            assert tournament.round > size // 2
            assert fewest_colour_breaks(players) is None
            return
        check_round(players, pairing)
        tournament.record(pairing, [rng.choice((1.0, 0.5, 0.0)) for _ in pairing.pairs])


# Hand-worked cases.


def test_round_one_of_eight() -> None:
    """Top half v bottom half: 1-5, 2-6, 3-7, 4-8.

    Colours alternate by board, the higher-ranked entrant first on board 1:
    (1, 5), (6, 2), (3, 7), (8, 4).
    """
    pairing = pair_round(Tournament(8).players(), 1)
    assert pairing == Pairing(pairs=(("1", "5"), ("6", "2"), ("3", "7"), ("8", "4")), bye=None)


def test_round_one_of_seven() -> None:
    """The bye goes to the lowest, 7; the other six pair 1-4, 2-5, 3-6: (1, 4), (5, 2), (3, 6)."""
    pairing = pair_round(Tournament(7).players(), 1)
    assert pairing == Pairing(pairs=(("1", "4"), ("5", "2"), ("3", "6")), bye="7")


def test_round_two_with_groups_one_half_and_zero() -> None:
    """Round 1 (1, 5) 1-0, (6, 2) draw, (3, 7) 1-0, (8, 4) draw.

    Groups: 1 point {1, 3}; 0.5 {2, 4, 6, 8}; 0 {5, 7}.
    - {1, 3}: 1-3. Both had first, so both mildly want second; the higher, 1,
      gets it: (3, 1).
    - {2, 4, 6, 8}: top half v bottom half is 2-6, 4-8, but both are rematches.
      2-4 + 6-8 and 2-8 + 4-6 are equally far from it, and only the second
      gives everyone the colour they want (2 and 4 had second, 6 and 8 first):
      (2, 8), (4, 6), 2 above 4 on the boards.
    - {5, 7}: both had second; the higher, 5, gets first: (5, 7).
    """
    t = Tournament(8)
    t.record(pair_round(t.players(), 1), [1, 0.5, 1, 0.5])
    pairing = pair_round(t.players(), 2)
    assert pairing == Pairing(pairs=(("3", "1"), ("2", "8"), ("4", "6"), ("5", "7")), bye=None)


def test_floats() -> None:
    """Round 1: (1, 4) 1-0, (5, 2) 0-1, (3, 6) 1-0.

    Round 2: {1, 2, 3} on 1 is odd: 1 meets 2 (top half {1} v bottom half
    {2, 3}), and 3, the lowest, floats down to meet the top of {4, 5, 6}:
    3-4, leaving 5-6.
    Colours: 2 had second, 1 first: (2, 1); 4 second, 3 first: (4, 3);
    6 second, 5 first: (6, 5).

    Results (2, 1) 0-1, (4, 3) 0-1, (6, 5) draw. Round 3: 1 and 3 have 2,
    2 has 1, 5 and 6 have 0.5, 4 has 0.
    - {1, 3}: 1-3. Both had first then second, so both want first; the higher,
      1, gets it: (1, 3).
    - 2 is alone and floats to {5, 6}; it has met 5, so 2-6 and 5 floats on
      to meet 4. 2 and 6 both want second; 2 is higher: (6, 2). 5 wants
      first, 4 second: (5, 4).
    """
    t = Tournament(6)
    t.record(pair_round(t.players(), 1), [1, 0, 1])
    pairing = pair_round(t.players(), 2)
    assert pairing == Pairing(pairs=(("2", "1"), ("4", "3"), ("6", "5")), bye=None)
    t.record(pairing, [0, 0, 0.5])
    pairing = pair_round(t.players(), 3)
    assert pairing == Pairing(pairs=(("1", "3"), ("6", "2"), ("5", "4")), bye=None)


def test_first_first_must_get_second() -> None:
    """Six entrants level before round 3, none has met another (their past opponents withdrew).

    1 and 4 moved first twice, so both must move second and may not meet:
    the natural 1-4, 2-5, 3-6 is out. 2, 3 and 6 (first, second) want first;
    5 (second, first) wants second. Everyone gets their colour when 1 and 4
    take two of 2, 3, 6 and the third meets 5. Counting the distance from
    1-4, 2-5, 3-6 as (|i - j| - 3)^2 per pair:
    - 2-5 (0) with 1-3 (1) + 4-6 (1) = 2, or with 1-6 (4) + 3-4 (4) = 8;
    - 3-5 (1) with 1-2 (4) + 4-6 (1), or 1-6 (4) + 2-4 (1): 6;
    - 5-6 (4) with 1-3 (1) + 2-4 (1), or 1-2 (4) + 3-4 (4): 6 or 12.
    So 1-3, 2-5, 4-6, and both first-first entrants move second:
    (3, 1), (2, 5), (6, 4).
    """
    colours = [
        (FIRST, FIRST),
        (FIRST, SECOND),
        (FIRST, SECOND),
        (FIRST, FIRST),
        (SECOND, FIRST),
        (FIRST, SECOND),
    ]
    players = [
        SwissPlayer(str(k), 1, k, {f"gone{k}a", f"gone{k}b"}, c) for k, c in enumerate(colours, start=1)
    ]
    pairing = pair_round(players, 3)
    assert pairing == Pairing(pairs=(("3", "1"), ("2", "5"), ("6", "4")), bye=None)


def test_bye_skips_entrants_who_had_one() -> None:
    """Round 1 of 5: (1, 3) 1-0, (4, 2) 0-1, bye 5 (a win).

    Round 2: {1, 2, 5} on 1: 1-2, and 5, the lowest, floats to {3, 4}. The
    bye goes to the lowest without one, 4, and 5 meets 3. 2 had second:
    (2, 1); 3 had second, 5 has no colour: (3, 5).

    Results (2, 1) 0-1, (3, 5) 1-0. Round 3: 1 on 2 floats to {2, 3, 4, 5}
    on 1. 5 and 4 had byes, so the bye goes to 3. Then 1 has met 2 and 3,
    and 2 has met 4: 1-4, 2-5. 1 (first, second) wants first, 4 (first)
    second: (1, 4). 2 (second, first) wants second, 5 (second) first: (5, 2).
    """
    t = Tournament(5)
    pairing = pair_round(t.players(), 1)
    assert pairing == Pairing(pairs=(("1", "3"), ("4", "2")), bye="5")
    t.record(pairing, [1, 0])
    pairing = pair_round(t.players(), 2)
    assert pairing == Pairing(pairs=(("2", "1"), ("3", "5")), bye="4")
    t.record(pairing, [0, 1])
    pairing = pair_round(t.players(), 3)
    assert pairing == Pairing(pairs=(("1", "4"), ("5", "2")), bye="3")


def test_lowest_group_that_cannot_pair_merges_with_the_one_above() -> None:
    """Before round 3: a, b on 2; c, d on 1; e, f on 0, and e and f have met.

    {a, b} pairs a-b; a (first, second) wants first, b (second, first) second: (a, b).
    {c, d} alone would pair c-d, but then e-f is a rematch, so the two lowest
    groups are paired together: c-e + d-f or c-f + d-e, two floats either way.
    c and e want first, d and f second, so only c-f + d-e gives everyone their
    colour: (c, f), (e, d), c above d on the boards.
    """
    colours = {"a": (FIRST, SECOND), "b": (SECOND, FIRST), "c": (FIRST, SECOND)}
    colours |= {"d": (SECOND, FIRST), "e": (FIRST, SECOND), "f": (SECOND, FIRST)}
    scores = {"a": 2, "b": 2, "c": 1, "d": 1, "e": 0, "f": 0}
    met = {"e": {"f"}, "f": {"e"}}
    players = [
        SwissPlayer(i, scores[i], k, met.get(i, {f"gone-{i}"}) | {f"gone2-{i}"}, colours[i])
        for k, i in enumerate("abcdef", start=1)
    ]
    pairing = pair_round(players, 3)
    assert pairing == Pairing(pairs=(("a", "b"), ("c", "f"), ("e", "d")), bye=None)


def test_a_failing_bottom_leaves_the_upper_groups_alone() -> None:
    """The merge climbs only as far as needed: pairs of the higher groups stay as they were.

    After 5 rounds of 100 entrants, pretend everyone in the two lowest score
    groups has met everyone else there, so those groups must take opponents
    from the groups above.
    """
    t = Tournament(100)
    rng = random.Random(5)
    for _ in range(5):
        t.record(pair_round(t.players(), t.round), [rng.choice((1.0, 0.5, 0.0)) for _ in range(50)])
    players = t.players()
    scores = sorted({p.score for p in players})
    bottom = {p.id for p in players if p.score <= scores[1]}
    cut_off = [
        p if p.id not in bottom else attrs.evolve(p, opponents=p.opponents | bottom - {p.id}) for p in players
    ]
    before, after = pair_round(players, 6), pair_round(cut_off, 6)
    check_round(cut_off, after)
    score = {p.id: p.score for p in players}
    upper = {pair for pair in before.pairs if min(score[i] for i in pair) > scores[3]}
    assert upper and upper <= set(after.pairs)


def test_colour_rule_relaxed_rather_than_failing() -> None:
    """Two entrants who both moved first twice can only meet each other: one gets a third first.

    Each allocation breaks the rules twice for one of them, so the tie goes to
    the higher, a, who gets the second move: (b, a).
    """
    players = [
        SwissPlayer(i, 2, k, {f"gone{i}1", f"gone{i}2"}, (FIRST, FIRST)) for k, i in enumerate("ab", 1)
    ]
    assert pair_round(players, 3) == Pairing(pairs=(("b", "a"),), bye=None)


def test_large_round_one_uses_the_sparse_graph() -> None:
    """100 entrants, one bracket above the complete-graph limit: 1-51, 2-52, ..., 50-100."""
    pairing = pair_round(Tournament(100).players(), 1)
    expected = tuple((str(k), str(k + 50)) if k % 2 else (str(k + 50), str(k)) for k in range(1, 51))
    assert pairing == Pairing(pairs=expected, bye=None)


def test_trivial_fields() -> None:
    assert pair_round([], 1) == Pairing(pairs=(), bye=None)
    assert pair_round([SwissPlayer("solo", 0, 1)], 1) == Pairing(pairs=(), bye="solo")


def test_impossible_when_everyone_has_met() -> None:
    players = [SwissPlayer(i, 1, k, set("abc") - {i}, (FIRST, SECOND)) for k, i in enumerate("abc", 1)]
    with pytest.raises(PairingImpossible, match="a has met every other entrant"):
        pair_round(players, 3)


def test_impossible_when_everyone_has_had_the_bye() -> None:
    players = [SwissPlayer(i, 1, k, had_bye=True) for k, i in enumerate("abc", 1)]
    with pytest.raises(PairingImpossible, match="every entrant has had a bye"):
        pair_round(players, 2)


@pytest.mark.parametrize(
    "players",
    [
        [SwissPlayer("a", 0, 1), SwissPlayer("a", 0, 2)],
        [SwissPlayer("a", 1, 1, colours=(FIRST, FIRST))],
        [SwissPlayer("a", 1, 1, had_bye=True, colours=(FIRST,))],
    ],
)
def test_rejects_inconsistent_input(players: list[SwissPlayer]) -> None:
    with pytest.raises(ValueError):
        pair_round(players, 2)


def test_rejects_unknown_colour_code() -> None:
    with pytest.raises(ValueError):
        SwissPlayer("a", 0, 1, colours=(0,))


# Properties.


@pytest.mark.slow
def test_random_tournaments() -> None:
    """2,000 tournaments of 5-64 entrants and 3-9 rounds with random wins, draws and losses.

    Rounds are at most min(9, n - 1), so small fields can run out of pairings;
    ``play`` then proves by brute force that no pairing existed.
    """
    rng = random.Random(20240611)
    for _ in range(2000):
        size = rng.randint(5, 64)
        play(Tournament(size), min(rng.randint(3, 9), size - 1), rng)


@st.composite
def standings(draw: st.DrawFn) -> list[SwissPlayer]:
    """Up to 9 entrants with arbitrary meetings, colours, byes and scores."""
    size = draw(st.integers(1, 9))
    ids = [f"e{k}" for k in range(size)]
    met = draw(st.sets(st.sampled_from(list(itertools.combinations(ids, 2)))) if size > 1 else st.just(set()))
    colours = st.lists(st.sampled_from((FIRST, SECOND)), max_size=4)
    return [
        SwissPlayer(
            id=i,
            score=draw(st.sampled_from((0, 0.5, 1, 1.5, 2))),
            rank=rank,
            opponents={x for pair in met if i in pair for x in pair if x != i},
            colours=draw(colours),
            had_bye=draw(st.booleans()),
        )
        for rank, i in enumerate(ids, start=1)
    ]


@settings(max_examples=300, deadline=None)
@given(players=standings(), order=st.randoms(use_true_random=False))
def test_arbitrary_standings(players: list[SwissPlayer], order: random.Random) -> None:
    """Fails exactly when brute force finds no pairing; legal otherwise, and independent of input order."""
    round_number = 1 + max(len(p.colours) + p.had_bye for p in players)
    try:
        pairing = pair_round(players, round_number)
    except PairingImpossible:
        assert fewest_colour_breaks(players) is None
        return
    check_round(players, pairing)
    shuffled = list(players)
    order.shuffle(shuffled)
    assert pair_round(shuffled, round_number) == pairing
