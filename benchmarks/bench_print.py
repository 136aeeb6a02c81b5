"""Time of printing one document as a user does: ``podium print …`` in a fresh process.

Makes a fresh sample sports day (``podium demo --no-print``) in a temporary folder, then runs
``podium print draw ms``, ``podium print order --all``, ``podium print scoresheets ms --all`` and
``podium print certificates`` in fresh processes, ``RUNS`` times each (the commands taken in turn,
so that a busy moment of the shared machine falls on every command alike), after one run of each
that is not counted (it makes the font instances and kept views if this machine has none yet).
Prints the median and best wall time and the median CPU time (user + system of the process and of
every process it started) and the load average before and after.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SCRIPT = Path(sys.executable).with_name("podium")
PODIUM = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "podium"]
RUNS = 5
COMMANDS = (
    ["print", "draw", "ms"],
    ["print", "order", "--all"],
    ["print", "scoresheets", "ms", "--all"],
    ["print", "certificates"],
)


def timed(meet: Path, args: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one ``podium`` process run in ``meet``."""
    start = time.perf_counter()
    process = subprocess.Popen(PODIUM + args, cwd=meet, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _pid, status, usage = os.wait4(process.pid, 0)  # the usage counts the processes it started too
    wall = time.perf_counter() - start
    error = process.stderr.read().decode() if process.stderr else ""
    if status != 0:
        raise SystemExit(f"podium {' '.join(args)} failed: {error}")
    return wall, usage.ru_utime + usage.ru_stime


def main() -> int:
    folder = Path(tempfile.mkdtemp(prefix="podium-bench-print-"))
    subprocess.run([*PODIUM, "demo", "--no-print"], cwd=folder, check=True, capture_output=True)
    meet = folder / "podium-demo"
    for args in COMMANDS:
        timed(meet, args)
    before = os.getloadavg()
    found: dict[str, tuple[list[float], list[float]]] = {" ".join(args): ([], []) for args in COMMANDS}
    for _ in range(RUNS):
        for args in COMMANDS:
            wall, cpu = timed(meet, args)
            found[" ".join(args)][0].append(wall)
            found[" ".join(args)][1].append(cpu)
    after = os.getloadavg()
    print(f"{RUNS} fresh processes each, in {meet}; load average {before[0]:.2f} before, {after[0]:.2f} after")
    print(f"{'':40}{'wall median':>12}{'wall best':>11}{'CPU median':>12}")
    for name, (walls, cpus) in found.items():
        print(f"podium {name:33}{statistics.median(walls):12.3f}{min(walls):11.3f}{statistics.median(cpus):12.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
