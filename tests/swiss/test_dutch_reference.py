"""Podium's Dutch pairings against an independent implementation: the FIDE Dutch engine of caissify-pairings.

caissify-pairings (PyPI, Apache-2.0) is a separate Python implementation of FIDE
C.04.3 checked by its authors against bbpPairings. Random tournaments are paired
round by round by both engines from the same history (the reference's pairing is
played on); every round must come out identical, except where the two read the
rules differently and Podium follows the text, each such reading named here and
proved by a hand-worked test in ``test_dutch_rules.py``:

- ``"art. 5.2.4 / 5.2.5 with art. 1.2"``: the "higher-ranked player" of a pair is
  the one with more points, then the smaller pairing number (art. 1.2); the
  reference ranks by pairing number alone, so pairs of a float with equal
  preferences and histories get opposite colours
  (``test_the_higher_ranked_player_is_the_one_with_more_points``).

Rounds where the reference returns no valid pairing (a second bye, a bye in an
even field, a rematch) are counted apart and played on with Podium's pairing;
where Podium finds no pairing the reference's answer must break a rule.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator

import pytest

from podium.formats.dutch import FIRST, Pairing, PairingImpossible, pair_round
from podium.formats.dutch.colours import allocate
from tests.swiss.helpers import Tournament

caissify = pytest.importorskip("caissify_pairings")

RANK_BY_PAIRING_NUMBER = "art. 5.2.4 / 5.2.5 with art. 1.2"


def reference(t: Tournament) -> tuple[tuple[tuple[str, str], ...], str | None]:
    """The reference engine's pairing of the tournament's next round, as (first, second) pairs and the bye."""
    players = [
        {
            "id": int(i),
            "score": t.score[i],
            "rating": 3000 - rank,
            "starting_number": rank,
            "pairing_number": rank,
            "color_hist": ["white" if c == FIRST else "black" for c in t.colours[i]],
            "float_history": [{1: "down", -1: "up", 0: "none"}[f] for f in t.floats[i]],
            "bye_count": int(t.had_bye[i]),
        }
        for rank, i in enumerate(t.ids, start=1)
    ]
    previous = {(int(a), int(b)) for a in t.ids for b in t.opponents[a] if int(a) < int(b)}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = caissify.generate_pairings(
            system="dutch",
            players=players,
            previous_pairings=previous,
            round_number=t.round,
            total_rounds=t.rounds,
            initial_color="white",
        )
    pairs = tuple(sorted((str(p["white_id"]), str(p["black_id"])) for p in out if not p.get("bye")))
    byes = [str(p["white_id"]) for p in out if p.get("bye")]
    return pairs, ",".join(byes) or None


def valid(t: Tournament, pairs: tuple[tuple[str, str], ...], bye: str | None) -> bool:
    """Whether a pairing keeps [C1] and [C2] and seats everyone once."""
    seated = [i for pair in pairs for i in pair] + ([bye] if bye else [])
    return (
        sorted(seated) == sorted(t.ids)
        and (bye is None) == (len(t.ids) % 2 == 0)
        and (bye is None or not t.had_bye[bye])
        and all(b not in t.opponents[a] for a, b in pairs)
    )


def ranked_by_pairing_number(t: Tournament, pairs: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """Podium's pairs with colours allocated as if the higher-ranked player were the smaller pairing number."""
    out = []
    for a, b in pairs:
        high, low = sorted((a, b), key=int)
        colour, _rule = allocate(t.colours[high], t.colours[low], int(high), FIRST)
        out.append((high, low) if colour == FIRST else (low, high))
    return tuple(sorted(out))


def rounds_compared(seed: int, count: int, smallest: int, largest: int) -> Iterator[tuple[str, Tournament]]:
    """Play ``count`` random tournaments; yield how each round compared."""
    rng = random.Random(seed)
    for _ in range(count):
        size = rng.randint(smallest, largest)
        t = Tournament(size, min(rng.randint(4, 9), size - 1))
        while t.round <= t.rounds:
            theirs = reference(t)
            try:
                ours = pair_round(t.players(), t.round, rounds=t.rounds)
            except PairingImpossible:
                assert not valid(t, *theirs), f"Podium found no pairing, the reference did: {theirs}"
                yield "none exists", t
                break
            mine = (tuple(sorted(ours.pairs)), ours.bye)
            if not valid(t, *theirs):
                outcome, played = "reference invalid", ours
            elif mine == theirs:
                outcome, played = "identical", ours
            elif ours.bye == theirs[1] and ranked_by_pairing_number(t, mine[0]) == theirs[0]:
                outcome, played = RANK_BY_PAIRING_NUMBER, Pairing(pairs=theirs[0], bye=theirs[1])
            else:
                raise AssertionError(f"round {t.round} of {t.rounds}, {size} players: reference {theirs}, Podium {mine}")
            yield outcome, t
            t.record(played, [rng.choice((1.0, 0.5, 0.0)) for _ in played.pairs])


def test_identical_to_the_reference_on_random_tournaments() -> None:
    """A quick sample: 6 tournaments of 6-12 players (the longer run is marked slow)."""
    outcomes = [outcome for outcome, _t in rounds_compared(20261202, 6, 6, 12)]
    assert outcomes.count("identical") >= len(outcomes) // 2


@pytest.mark.slow
def test_identical_to_the_reference_on_many_random_tournaments() -> None:
    """120 tournaments of 6-20 players, 4-9 rounds: every round identical or one of the named readings."""
    outcomes = [outcome for outcome, _t in rounds_compared(7, 120, 6, 20)]
    assert outcomes.count("identical") > 0.7 * len(outcomes)
