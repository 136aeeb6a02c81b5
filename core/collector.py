"""Building large derived structures without the cycle collector running again and again.

Folding a meet of 20,000 results creates a few hundred thousand objects (entries, outcomes, matches, ledger
lines), none of which form reference cycles. CPython's cycle collector runs after every 700 allocations and,
with the heap growing, traverses the older objects again and again: about a tenth of the time of
``podium standings`` on a 200-entrant round robin (docs/performance.md). :func:`building` pauses it while such a
structure is built; reference counting still frees everything at once, and any cycle made meanwhile is
collected by the next run after the pause.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def building() -> Iterator[None]:
    """Pause the cycle collector for the block (nested blocks keep it paused; it runs again as it was before)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
