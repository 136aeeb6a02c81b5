"""The garbage collector in a ``podium`` process that keeps running (a command that runs once turns it off,
:func:`podium.faces.cli.main`)."""

from __future__ import annotations

import gc

GC_THRESHOLD = (50_000, 20, 100)
"""Garbage-collector thresholds of a long-running ``podium`` process (``podium serve``): a page folds the journal
into many small, long-lived, acyclic objects, and with Python's default (700, 10, 10) a big meet spends about 40% of
its time in the collector (``benchmarks/bench_sportsday.py``)."""


def collect_while_running() -> None:
    """Turn the cyclic garbage collector on, with :data:`GC_THRESHOLD`, for a command that keeps running: a server
    makes garbage with cycles (requests, exceptions, templates) for as long as it runs."""
    gc.set_threshold(*GC_THRESHOLD)
    gc.enable()
