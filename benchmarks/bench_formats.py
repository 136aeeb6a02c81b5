"""Formats speed (issue 3): each figure is a whole service call on a real meet folder (fold, format, store).

- round robin of 200 entrants generated and stored (``podium draw``; target < 0.5 s);
- one Swiss round paired for 1,000 entrants after 8 rounds (``podium pair``; target < 1 s),
  with the part spent in the pairing engine itself shown separately;
- a 1,024-entrant knockout drawn, with units kept apart (``podium draw``; target < 0.5 s).

Table tennis is the sport (its results are parsed whenever the journal is folded).
Prints the median and best of a few runs.
"""

from __future__ import annotations

import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from podium.services.draws import make_draw
from podium.services.meet import Meet
from podium.services.pairing import pair_next_round
from podium.services.registration import import_entrants
from podium.services.results import record_many

RUNS = 5
HEADER = """
[meet]
name = "Benchmark"
language = "en"

[units]
{units}

[events.ev]
name = "Event"
sport = "table_tennis"

[events.ev.rules]
best_of = 1

[[events.ev.stages]]
name = "main"
{stage}
"""


def make_meet(root: Path, name: str, stage: str, count: int, units: int = 16) -> Meet:
    folder = root / name
    folder.mkdir()
    unit_lines = "\n".join(f'u{i} = "Unit {i}"' for i in range(units))
    (folder / "meet.toml").write_text(HEADER.format(units=unit_lines, stage=stage), encoding="utf-8")
    rows = ["event,name,unit"] + [f"ev,E{i:04d},Unit {i % units}" for i in range(count)]
    (folder / "entrants.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    meet = Meet(folder)
    import_entrants(meet, folder / "entrants.csv")
    return meet


def timed(prepare: Callable[[int], Callable[[], object]]) -> list[float]:
    times = []
    for run in range(RUNS):
        action = prepare(run)
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return times


def report(label: str, times: list[float], target: float) -> None:
    print(f"{label}: {statistics.median(times):.3f} s (best {min(times):.3f} s, target < {target:g} s)")


def bench_round_robin(root: Path) -> None:
    def prepare(run: int) -> Callable[[], object]:
        meet = make_meet(root, f"rr{run}", 'format = "round_robin"', 200)
        return lambda: make_draw(meet, "ev", seed=run)

    report("round robin, 200 entrants (19,900 matches) drawn and stored", timed(prepare), 0.5)


def bench_knockout(root: Path) -> None:
    def prepare(run: int) -> Callable[[], object]:
        meet = make_meet(root, f"ko{run}", 'format = "knockout"\nthird_place = true', 1024, units=40)
        return lambda: make_draw(meet, "ev", seed=run)

    report("knockout, 1,024 entrants drawn (units kept apart)", timed(prepare), 0.5)


def play_round(meet: Meet, rng: random.Random) -> None:
    event = meet.state().event("ev")
    items = [([m.key], event.sport.simulate(rng, event.context(m))) for m in event.stages[-1].pending()]
    record_many(meet, "ev", items)


def bench_swiss(root: Path) -> None:
    meet = make_meet(root, "swiss", 'format = "swiss"\nrounds = 9', 1000)
    rng = random.Random(1)
    make_draw(meet, "ev", seed=1)
    play_round(meet, rng)
    for _ in range(7):
        pair_next_round(meet, "ev")
        play_round(meet, rng)
    engine_times: list[float] = []

    from podium.formats import dutch

    original = dutch.pair_round

    def measured(*args: object, **kwargs: object) -> object:
        start = time.perf_counter()
        try:
            return original(*args, **kwargs)  # type: ignore[arg-type]
        finally:
            engine_times.append(time.perf_counter() - start)

    dutch.pair_round = measured  # type: ignore[assignment]

    def prepare(run: int) -> Callable[[], object]:
        copy = root / f"swiss{run}"
        shutil.copytree(meet.folder, copy)
        return lambda: pair_next_round(Meet(copy), "ev")

    try:
        times = timed(prepare)
    finally:
        dutch.pair_round = original  # type: ignore[assignment]
    report("swiss, round 9 of 1,000 entrants paired and stored", times, 1.0)
    print(f"  of which the pairing engine: {statistics.median(engine_times):.3f} s (best {min(engine_times):.3f} s)")


def main() -> None:
    which = set(sys.argv[1:]) or {"rr", "ko", "swiss"}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        if "rr" in which:
            bench_round_robin(root)
        if "ko" in which:
            bench_knockout(root)
        if "swiss" in which:
            bench_swiss(root)


if __name__ == "__main__":
    main()
