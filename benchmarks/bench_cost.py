"""Cost that follows the work (issue 16, item 9): each figure times a whole command in a fresh process.

- ``podium standings`` of a 200-entrant xiangqi round robin with all 19,900 results entered and the full
  CXA 2011 §14.1 tie-break chain (target: under 0.3 s): the first time after the last result was entered, when
  the view is made over the results kept by the look before that result (``podium.services.kept_results``); the
  first time with nothing kept at all, when the whole journal is read and folded; and asked again, when the view
  is read back as it was kept (``podium.services.kept_views``);
- ``podium result`` entering the last result of that round robin, against entering the last one of a 20-entrant
  round robin (target: less than 2x);
- all the results of a round robin recorded in one batch (``podium.services.results.record_many``, the service a
  face calls for a batch, in a fresh ``python`` process that opens the meet and sets the collector as the CLI does) at 50, 100 and 200
  entrants: the time per result must stay flat (linear growth), not grow with the number of results.

The meets are set up in this process with the services (import, draw); the journal of "all but the last result"
is the batch's journal without its last entry. Results are simulated by the sport, seeded. Prints the median and
best of a few runs, wall clock and CPU time of the process, and the load average before and after (on a shared
machine the CPU time is the steadier figure). ``python benchmarks/bench_cost.py [standings] [entry] [batch]`` runs some parts only.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from podium.journal.entries import Kind
from podium.services.draws import make_draw
from podium.services.meet import Meet
from podium.services.registration import import_entrants
from podium.store.sqlite import Store

SCRIPT = Path(sys.executable).with_name("podium")
PODIUM = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "podium"]
"""``podium`` as a user runs it: the script the install made beside Python (``python -m podium`` run in a checkout
also has the checkout's folder on its search path, which a user's command has not)."""
RUNS = 7
MEET = """
[meet]
name = "Benchmark"
language = "en"

[units]
{units}

[events.ev]
name = "Xiangqi"
sport = "xiangqi"

[[events.ev.stages]]
name = "main"
format = "round_robin"
tiebreaks = "cxa-14.1"
"""
BATCH = """
import gc, json, sys
from pathlib import Path
from podium.i18n import use_language
from podium.services.meet import Meet
from podium.services.results import record_many
folder, items = Path(sys.argv[1]), json.loads(Path(sys.argv[2]).read_text(encoding="utf-8"))
gc.disable()  # as a podium command does (podium.faces.cli.main)
with use_language("en"):
    done = record_many(Meet(folder), "ev", [([key], text) for key, text in items])
print(len(done))
"""


def load() -> str:
    return "/".join(f"{value:.2f}" for value in os.getloadavg())


def drawn_meet(root: Path, count: int) -> tuple[Path, list[tuple[str, str]]]:
    """A drawn round robin of ``count`` entrants in ``root/rr<count>``, and a simulated result for each match."""
    folder = root / f"rr{count}"
    folder.mkdir()
    units = 16
    (folder / "meet.toml").write_text(MEET.format(units="\n".join(f'u{i} = "Unit {i}"' for i in range(units))), encoding="utf-8")
    rows = ["event,name,unit"] + [f"ev,E{i:04d},Unit {i % units}" for i in range(count)]
    (folder / "entrants.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    meet = Meet(folder)
    import_entrants(meet, folder / "entrants.csv")
    make_draw(meet, "ev", seed=count)
    event = Meet(folder).state().event("ev")
    rng = random.Random(count)
    items = [(m.key, event.sport.simulate(rng, event.context(m))) for m in event.matches() if not m.is_bye]
    return folder, items


Timing = tuple[float, float]
"""Wall-clock and CPU seconds (user and system) of one fresh process."""


def wall(args: list[str], views: Path | None = None) -> Timing:
    """Seconds of one fresh process running ``args``: wall clock, and the CPU time the process used (on a shared
    machine the wall clock grows with the load; the CPU time is the steadier figure). ``views`` is the folder of
    kept views (``PODIUM_VIEWS``; none kept without it)."""
    start = time.perf_counter()
    env = {**os.environ, "PODIUM_VIEWS": str(views) if views else "off"}
    with tempfile.TemporaryFile() as out:
        process = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT, env=env)
        _pid, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        if status != 0:
            out.seek(0)
            raise SystemExit(f"{' '.join(args)} failed:\n{out.read().decode()}")
    return seconds, usage.ru_utime + usage.ru_stime


def batch(root: Path, count: int) -> tuple[Path, Timing]:
    """Record every result of a ``count``-entrant round robin in one batch; the folder and the seconds taken."""
    folder, items = drawn_meet(root, count)
    path = root / f"items{count}.json"
    path.write_text(json.dumps(items), encoding="utf-8")
    return folder, wall([sys.executable, "-c", BATCH, str(folder), str(path)])


def all_but_last(folder: Path) -> Path:
    """A copy of ``folder`` whose journal lacks its last entry (the last result)."""
    entries = Store(folder).read()
    assert entries[-1].kind is Kind.RESULT
    copy = folder.with_name(folder.name + "-open")
    if copy.exists():
        return copy
    copy.mkdir()
    shutil.copy(folder / "meet.toml", copy / "meet.toml")
    Store(copy).restore(entries[:-1])
    return copy


def last_result(folder: Path) -> tuple[str, str]:
    last = Store(folder).read()[-1].payload
    return last["match"], last["input"]


def entering(root: Path, full: Path, runs: int) -> list[Timing]:
    """Seconds of ``podium result`` entering the last result of the round robin in ``full``, each on a fresh copy."""
    open_ = all_but_last(full)
    match, text = last_result(full)
    times = []
    for run in range(runs):
        copy = root / f"{full.name}-entry{run}"
        shutil.copytree(open_, copy)
        times.append(wall([*PODIUM, "--meet", str(copy), "result", "ev", match, text]))
        shutil.rmtree(copy)
    return times


def line(label: str, times: list[Timing], note: str = "") -> None:
    walls, cpus = [t[0] for t in times], [t[1] for t in times]
    print(f"{label:<52} wall median {statistics.median(walls):6.3f} best {min(walls):6.3f}  "
          f"CPU median {statistics.median(cpus):6.3f} best {min(cpus):6.3f} s  {note}")


def main() -> None:
    parts = set(sys.argv[1:]) or {"standings", "entry", "batch"}
    print(f"load average before: {load()} on {os.cpu_count()} CPUs")
    root = Path(tempfile.mkdtemp(prefix="podium-bench-cost-"))
    try:
        full: dict[int, Path] = {}
        sizes = (50, 100, 200) if "batch" in parts else (200,)
        before: tuple[int, float] | None = None
        for count in sorted({20, *sizes} if "entry" in parts else set(sizes)):
            folder, timing = batch(root, count)
            full[count] = folder
            results = count * (count - 1) // 2
            if count in sizes and "batch" in parts:
                # The CPU each further result cost since the smaller batch: start-up cancels out; flat = linear.
                further = "" if before is None else (
                    f"{(timing[1] - before[1]) / (results - before[0]) * 1000:.3f} ms of CPU per result above "
                    f"{before[0]:,}"
                )
                line(f"{results:,} results in one batch ({count} entrants)", [timing], further)
                before = (results, timing[1])
        if "standings" in parts:
            standings = [*PODIUM, "--meet", str(full[200]), "standings", "ev"]
            after, cold, again, matches = [], [], [], []
            open_ = all_but_last(full[200])
            match, text = last_result(full[200])
            for run in range(RUNS):
                views, copy = root / f"views{run}", root / f"rr200-look{run}"
                shutil.copytree(open_, copy)
                looking = [*PODIUM, "--meet", str(copy), "standings", "ev"]
                wall(looking, views)  # the look before the last result keeps the results
                wall([*PODIUM, "--meet", str(copy), "result", "ev", match, text], views)
                after.append(wall(looking, views))
                shutil.rmtree(copy)
                shutil.copytree(open_, copy)  # the same for podium matches
                wall(looking, views)
                wall([*PODIUM, "--meet", str(copy), "result", "ev", match, text], views)
                matches.append(wall([*PODIUM, "--meet", str(copy), "matches", "ev"], views))
                shutil.rmtree(copy)
                cold.append(wall(standings, root / f"cold{run}"))  # nothing kept: the whole journal is folded
                again.append(wall(standings, root / f"cold{run}"))
            line("podium standings, 200 entrants, 19,900 results", after, "first look after the last result")
            line("podium standings, nothing kept", cold, "the whole journal read and folded")
            line("podium standings again, nothing changed", again, "read back")
            line("podium matches, 200 entrants, 19,900 results", matches, "first look after the last result")
        if "entry" in parts:
            small, big = entering(root, full[20], RUNS), entering(root, full[200], RUNS)
            line("podium result, the last of 190 (20 entrants)", small)
            line("podium result, the last of 19,900 (200 entrants)", big,
                 f"{statistics.median([t[1] for t in big]) / statistics.median([t[1] for t in small]):.2f}x the "
                 "20-entrant one in CPU (target < 2x)")
    finally:
        shutil.rmtree(root)
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
