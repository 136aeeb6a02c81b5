"""Laws every Dutch pairing keeps, over whole random tournaments and arbitrary standings.

No rematch and at most one bye, never to a player barred from it ([C1], [C2]);
colour differences within ±2 and no colour three times running (C.04.1 art. 6, 7)
except where FIDE C.04.3 allows it: a topscorer and their opponent in the final
round ([C3] with art. 1.8), or a round that [C3] makes impossible (art. 1.9.3,
the colour rule relaxed). Where the engine says no pairing exists, or relaxes
[C3], a brute-force search over all pairings must agree.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from podium.formats.dutch import FIRST, SECOND, Pairing, PairingImpossible, SwissPlayer, pair_round
from podium.formats.dutch.colours import ABSOLUTE, breaks_difference, breaks_repetition, preference
from tests.swiss.helpers import Tournament


def complete_pairing_exists(players: Sequence[SwissPlayer], colours: bool) -> bool:
    """Brute force: a pairing without rematch, the bye (odd field) to a player not barred, and with ``colours`` [C3] kept.

    [C3] is checked for everyone, as when no topscorer exists (not the final round).
    """
    assert len(players) <= 12, "too many entrants for brute force"
    n = len(players)

    def may_meet(a: SwissPlayer, b: SwissPlayer) -> bool:
        if a.id in b.opponents or b.id in a.opponents:
            return False
        if not colours:
            return True
        (pa, sa), (pb, sb) = preference(a.colours), preference(b.colours)
        return not (sa == ABSOLUTE and sb == ABSOLUTE and pa == pb)

    ok = [[may_meet(a, b) for b in players] for a in players]

    @functools.cache
    def pairable(mask: int) -> bool:
        if not mask:
            return True
        i = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << i)
        return any(ok[i][j] and pairable(rest & ~(1 << j)) for j in range(n) if rest >> j & 1)

    everyone = (1 << n) - 1
    if n % 2 == 0:
        return pairable(everyone)
    return any(pairable(everyone & ~(1 << i)) for i, p in enumerate(players) if not p.had_bye)


def breaks(colours: Sequence[int], colour: int) -> bool:
    """Whether ``colour`` takes the difference beyond ±2 or repeats a colour a third time (C.04.1 art. 6, 7)."""
    return breaks_difference(colours, colour) or breaks_repetition(colours, colour)


def check_round(players: Sequence[SwissPlayer], pairing: Pairing, final: bool) -> None:
    """The laws of the module docstring for one round (a colour counts as broken when the other one would not be)."""
    by_id = {p.id: p for p in players}
    seated = [i for pair in pairing.pairs for i in pair] + ([pairing.bye] if pairing.bye else [])
    assert sorted(seated) == sorted(by_id), "everyone plays exactly once or has the bye"
    assert (pairing.bye is not None) == (len(players) % 2 == 1)
    assert pairing.bye is None or not by_id[pairing.bye].had_bye, "a second bye"
    for first, second in pairing.pairs:
        assert second not in by_id[first].opponents and first not in by_id[second].opponents, "a rematch"
        broken = [
            p
            for p, colour in ((by_id[first], FIRST), (by_id[second], SECOND))
            if breaks(p.colours, colour) and not breaks(p.colours, -colour)
        ]
        if broken and not pairing.relaxed_colours:
            assert final, f"colour rule broken before the final round: {first}-{second}"
    if pairing.relaxed_colours:
        assert not complete_pairing_exists(players, colours=True)


def play(tournament: Tournament, rounds: int, rng: random.Random) -> None:
    """Play ``rounds`` rounds with random results, checking each pairing."""
    for _ in range(rounds):
        players = tournament.players()
        final = tournament.round == tournament.rounds
        try:
            pairing = pair_round(players, tournament.round, rounds=tournament.rounds)
        except PairingImpossible:
            assert len(players) <= 12 and not complete_pairing_exists(players, colours=False)
            return
        check_round(players, pairing, final)
        tournament.record(pairing, [rng.choice((1.0, 0.5, 0.0)) for _ in pairing.pairs])


def test_random_tournaments_sample() -> None:
    """30 tournaments of 5-40 entrants and 3-9 rounds (the full 500 are marked slow)."""
    rng = random.Random(20261202)
    for _ in range(30):
        size = rng.randint(5, 40)
        rounds = min(rng.randint(3, 9), size - 1)
        play(Tournament(size, rounds), rounds, rng)


@pytest.mark.slow
def test_random_tournaments() -> None:
    """500 tournaments of 5-64 entrants and 3-9 rounds with random wins, draws and losses.

    Rounds are at most min(9, n - 1), so small fields can run out of pairings;
    brute force then proves that none existed.
    """
    rng = random.Random(20240611)
    for _ in range(500):
        size = rng.randint(5, 64)
        rounds = min(rng.randint(3, 9), size - 1)
        play(Tournament(size, rounds), rounds, rng)


@st.composite
def standings(draw: st.DrawFn) -> list[SwissPlayer]:
    """Up to 9 entrants with arbitrary meetings, colours, floats, byes and scores."""
    size = draw(st.integers(1, 9))
    ids = [f"e{k}" for k in range(size)]
    met = draw(st.sets(st.sampled_from(list(itertools.combinations(ids, 2)))) if size > 1 else st.just(set()))
    colours = st.lists(st.sampled_from((FIRST, SECOND)), max_size=4)
    floats = st.lists(st.sampled_from((1, 0, -1)), max_size=4)
    return [
        SwissPlayer(
            id=i,
            score=draw(st.sampled_from((0, 0.5, 1, 1.5, 2))),
            rank=rank,
            opponents={x for pair in met if i in pair for x in pair if x != i},
            colours=draw(colours),
            had_bye=draw(st.booleans()),
            floats=draw(floats),
        )
        for rank, i in enumerate(ids, start=1)
    ]


@settings(max_examples=200, deadline=None)
@given(players=standings(), order=st.randoms(use_true_random=False))
def test_arbitrary_standings(players: list[SwissPlayer], order: random.Random) -> None:
    """Fails exactly when brute force finds no pairing; lawful otherwise, and independent of the input order."""
    round_number = 1 + max(max(len(p.colours) + p.had_bye, len(p.floats)) for p in players)
    try:
        pairing = pair_round(players, round_number)
    except PairingImpossible:
        assert not complete_pairing_exists(players, colours=False)
        return
    check_round(players, pairing, final=False)
    shuffled = list(players)
    order.shuffle(shuffled)
    assert pair_round(shuffled, round_number) == pairing
