"""Time of full standings with the default chains (target: under 0.5 s each).

- a 200-entrant single round robin (19,900 games), chains cxa-14.1 (xiangqi), weiqi-2002 and ittf;
- a 1,000-entrant Swiss after 9 rounds (4,500 games; pairings made synthetically at the Ledger level: each
  round pairs neighbours in the current score order, the last one gets a bye), chains cxa-14.3.1,
  cxa-14.3.2 and weiqi-2002-swiss.

"Full standings" is what ``podium standings`` computes from the outcomes: the ledger (points, records) and
the ranking with every tie-break column and explanation. Results are random but seeded. Prints the median
and the best of several runs.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable

from podium.model.entrants import BYE
from podium.model.matches import Match, Slot
from podium.model.outcomes import Outcome, OutcomeKind
from podium.model.scoring import PRESETS, Scoring
from podium.registry import registry
from podium.standings.ledger import build_ledger
from podium.standings.table import Standings, rank
from podium.tiebreakers.presets import CHAINS

RUNS = 7
Results = list[tuple[Match, Outcome]]


def outcome(rng: random.Random) -> Outcome:
    """A game won, lost or drawn, with colours, fouls, warnings and table-tennis-like games and points."""
    roll = rng.random()
    stats = {
        "fouls": (rng.randint(0, 1), rng.randint(0, 1)),
        "warnings": (int(rng.random() < 0.1), int(rng.random() < 0.1)),
        "games": (rng.randint(0, 3), rng.randint(0, 3)),
        "points": (rng.randint(20, 40), rng.randint(20, 40)),
    }
    if roll < 0.2:
        return Outcome.draw(first_mover=0, stats=stats)
    return Outcome.win(0 if roll < 0.6 else 1, first_mover=0, stats=stats)


def round_robin(n: int, rng: random.Random) -> tuple[list[str], Results]:
    entrants = [f"E{i:04d}" for i in range(n)]
    results = []
    for i, a in enumerate(entrants):
        for j in range(i + 1, n):
            results.append((Match(f"{a}-{entrants[j]}", "main", 1 + (i + j) % (n - 1), (Slot(a), Slot(entrants[j]))), outcome(rng)))
    return entrants, results


def swiss(n: int, rounds: int, rng: random.Random, scoring: Scoring) -> tuple[list[str], Results]:
    entrants = [f"E{i:04d}" for i in range(n)]
    score = dict.fromkeys(entrants, 0.0)
    results: Results = []
    for rnd in range(1, rounds + 1):
        order = sorted(entrants, key=lambda k: (-score[k], rng.random()))
        if len(order) % 2:
            who = order.pop()
            results.append((Match(f"R{rnd}.bye", "main", rnd, (Slot(who), Slot(BYE))), Outcome.win(0, kind=OutcomeKind.BYE)))
            score[who] += scoring.points(results[-1][1], 0)
        for board in range(0, len(order), 2):
            a, b = order[board], order[board + 1]
            result = outcome(rng)
            results.append((Match(f"R{rnd}.{board // 2 + 1}", "main", rnd, (Slot(a), Slot(b))), result))
            points = scoring.winner_points(result)
            score[a] += points[0]
            score[b] += points[1]
    return entrants, results


def timed(work: Callable[[], Standings]) -> tuple[list[float], Standings]:
    times = []
    table = work()
    for _ in range(RUNS):
        start = time.perf_counter()
        table = work()
        times.append(time.perf_counter() - start)
    return times, table


def report(label: str, entrants: list[str], results: Results, scoring: Scoring, chain_name: str) -> None:
    chain = [registry().tiebreaker(name) for name in CHAINS[chain_name]]
    times, table = timed(lambda: rank(build_ledger(entrants, results, scoring), chain))
    ties = sum(1 for s in table.separations)
    print(
        f"{label:<34} {chain_name:<17} median {statistics.median(times):.3f} s  best {min(times):.3f} s"
        f"  ({len(results)} results, {ties} ties explained; target < 0.5 s)"
    )


def main() -> None:
    print(f"load average before the run: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    rng = random.Random(2026)
    entrants, results = round_robin(200, rng)
    for chain, scheme in (("cxa-14.1", "2-1-0"), ("weiqi-2002", "2-1-0"), ("ittf", "ittf")):
        report("round robin, 200 entrants", entrants, results, PRESETS[scheme], chain)
    entrants, results = swiss(1000, 9, rng, PRESETS["2-1-0"])
    for chain in ("cxa-14.3.1", "cxa-14.3.2", "weiqi-2002-swiss"):
        report("Swiss, 1,000 entrants, 9 rounds", entrants, results, PRESETS["2-1-0"], chain)


if __name__ == "__main__":
    main()
