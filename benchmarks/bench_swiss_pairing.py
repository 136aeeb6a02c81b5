"""Swiss pairing speed (FIDE Dutch engine): every round of a 1,000-player and a 100-player 9-round Swiss.

Targets (issue 22): rounds 2-9 of 1,000 players under 0.2 s each, of 100 players
under 20 ms. Each tournament is played with the engine and seeded random results
(win, draw and loss equally likely; the bye scores a win); every round's pairing
is timed, wall clock and CPU, over a few runs, and the median and the worst
round of rounds 2-9 are printed. The matching runs on rustworkx; with
``--networkx`` the same rounds are also timed with every matching on networkx.

    .venv/bin/python benchmarks/bench_swiss_pairing.py [--networkx]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from podium.formats.dutch import DOWN, FIRST, NO_FLOAT, SECOND, UP, SwissPlayer, matching, pair_round

ROUNDS = 9
RUNS = 3


def tournament_times(size: int, seed: int = 1) -> list[tuple[float, float]]:
    """(wall, CPU) seconds of pairing each round of one ``size``-player Swiss."""
    rng = random.Random(seed)
    ids = [f"e{k:04d}" for k in range(1, size + 1)]
    score = dict.fromkeys(ids, 0.0)
    opponents: dict[str, set[str]] = {i: set() for i in ids}
    colours: dict[str, list[int]] = {i: [] for i in ids}
    floats: dict[str, list[int]] = {i: [] for i in ids}
    had_bye = dict.fromkeys(ids, False)
    times = []
    for round_number in range(1, ROUNDS + 1):
        players = [
            SwissPlayer(i, score[i], k, opponents[i], colours[i], had_bye[i], floats[i]) for k, i in enumerate(ids, 1)
        ]
        wall, cpu = time.perf_counter(), time.process_time()
        pairing = pair_round(players, round_number, rounds=ROUNDS)
        times.append((time.perf_counter() - wall, time.process_time() - cpu))
        before = dict(score)
        for first, second in pairing.pairs:
            result = rng.choice((1.0, 0.5, 0.0))
            score[first] += result
            score[second] += 1 - result
            opponents[first].add(second)
            opponents[second].add(first)
            colours[first].append(FIRST)
            colours[second].append(SECOND)
            for me, other in ((first, second), (second, first)):
                floats[me].append(NO_FLOAT if before[me] == before[other] else DOWN if before[me] > before[other] else UP)
        if pairing.bye:
            had_bye[pairing.bye] = True
            score[pairing.bye] += 1
            floats[pairing.bye].append(DOWN)
    return times


def report(size: int, target: float, label: str) -> None:
    runs = [tournament_times(size) for _ in range(RUNS)]
    per_round = [statistics.median(run[r][0] for run in runs) for r in range(ROUNDS)]
    cpu_round = [statistics.median(run[r][1] for run in runs) for r in range(ROUNDS)]
    print(f"swiss pairing ({label}), {size} players, {ROUNDS} rounds, median of {RUNS} runs per round:")
    print("  round  " + "  ".join(f"{r:>6}" for r in range(1, ROUNDS + 1)))
    print("  wall   " + "  ".join(f"{t * 1000:6.1f}" for t in per_round) + "  ms")
    print("  cpu    " + "  ".join(f"{t * 1000:6.1f}" for t in cpu_round) + "  ms")
    later, later_cpu = per_round[1:], cpu_round[1:]
    print(
        f"  rounds 2-{ROUNDS}: median {statistics.median(later) * 1000:.1f} ms, worst {max(later) * 1000:.1f} ms "
        f"(CPU median {statistics.median(later_cpu) * 1000:.1f} ms, worst {max(later_cpu) * 1000:.1f} ms; "
        f"target < {target * 1000:.0f} ms)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--networkx", action="store_true", help="also time every matching on networkx")
    args = parser.parse_args()
    report(1000, 0.2, "rustworkx")
    report(100, 0.02, "rustworkx")
    if args.networkx:
        limit = matching.RUSTWORKX_BITS
        matching.RUSTWORKX_BITS = 0
        try:
            report(100, 0.02, "networkx")
            report(1000, 0.2, "networkx")
        finally:
            matching.RUSTWORKX_BITS = limit


if __name__ == "__main__":
    main()
