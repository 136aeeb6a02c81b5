"""Swiss pairing speed: round 9 for 1,000 entrants (target under 1 s on the 2-core machine).

Plays 8 rounds with the engine and seeded random results (win, draw and loss
equally likely; a bye scores as a win, CXA 2011 §14.4), then times the pairing
of round 9. It prints the median of a few runs for 1,000 entrants and for 100
(a pure-Python FIDE Dutch engine needs about 4 s for 100).
"""

from __future__ import annotations

import random
import statistics
import time

from podium.formats.swiss_pairing import FIRST, SECOND, SwissPlayer, pair_round

ROUNDS_PLAYED = 8
RUNS = 5


def standings_after(size: int, rounds: int, seed: int = 1) -> list[SwissPlayer]:
    """The field after ``rounds`` rounds of a Swiss paired by the engine."""
    rng = random.Random(seed)
    ids = [f"e{k:04d}" for k in range(1, size + 1)]
    score = dict.fromkeys(ids, 0.0)
    opponents: dict[str, set[str]] = {i: set() for i in ids}
    colours: dict[str, list[int]] = {i: [] for i in ids}
    had_bye = dict.fromkeys(ids, False)

    def players() -> list[SwissPlayer]:
        return [
            SwissPlayer(i, score[i], k, opponents[i], colours[i], had_bye[i]) for k, i in enumerate(ids, 1)
        ]

    for round_number in range(1, rounds + 1):
        pairing = pair_round(players(), round_number)
        for first, second in pairing.pairs:
            result = rng.choice((1.0, 0.5, 0.0))
            score[first] += result
            score[second] += 1 - result
            opponents[first].add(second)
            opponents[second].add(first)
            colours[first].append(FIRST)
            colours[second].append(SECOND)
        if pairing.bye:
            had_bye[pairing.bye] = True
            score[pairing.bye] += 1
    return players()


def main() -> None:
    for size in (1000, 100):
        players = standings_after(size, ROUNDS_PLAYED)
        times = []
        for _ in range(RUNS):
            start = time.perf_counter()
            pair_round(players, ROUNDS_PLAYED + 1)
            times.append(time.perf_counter() - start)
        print(
            f"swiss pairing: {size} entrants, round {ROUNDS_PLAYED + 1}: "
            f"{statistics.median(times):.2f} s (best {min(times):.2f} s, target < 1 s)"
        )


if __name__ == "__main__":
    main()
