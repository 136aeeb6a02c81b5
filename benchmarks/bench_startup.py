"""Cold-start time of quick commands (target: under 0.2 s on the 2-core machine).

Runs each command several times in a fresh process and prints the median and the best.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PODIUM = [sys.executable, "-m", "podium"]
RUNS = 15


def timed(args: list[str], cwd: Path) -> list[float]:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run(PODIUM + args, cwd=cwd, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="podium-bench-"))
    try:
        subprocess.run(PODIUM + ["demo", str(folder / "demo")], check=True, capture_output=True)
        for label, args in (
            ("podium --help", ["--help"]),
            ("podium matches ms", ["--meet", str(folder / "demo"), "matches", "ms"]),
            ("podium standings ms", ["--meet", str(folder / "demo"), "standings", "ms"]),
        ):
            times = timed(args, folder)
            print(f"{label:<22} median {statistics.median(times):.3f} s  best {min(times):.3f} s  (target < 0.2 s)")
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
