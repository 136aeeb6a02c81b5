"""How fast the machine runs plain Python at the moment of a benchmark: the yardstick printed beside its figures.

The project's machine is shared: from one day to the next the same command has taken twice or three times the CPU
time, with nothing else running in it. A figure is only comparable with another taken at the same yardstick, so the
scripts print it before and after their runs.
"""

from __future__ import annotations

import time

ADDITIONS = 10_000_000
REFERENCE = 0.45
"""The yardstick's CPU seconds on the machine of 2026-11-29, where the issues' targets were first measured."""


def yardstick(runs: int = 3) -> float:
    """CPU seconds of ten million additions in a Python loop, the best of ``runs``."""
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        total = 0
        for number in range(ADDITIONS):
            total += number
        best = min(best, time.process_time() - start)
    return best


def said() -> str:
    """The yardstick in words, for a benchmark's header and footer."""
    seconds = yardstick()
    return f"yardstick: ten million additions in {seconds:.2f} s of CPU ({seconds / REFERENCE:.1f}x the {REFERENCE} s of 2026-11-29)"
