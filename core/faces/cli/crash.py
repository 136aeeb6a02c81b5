"""Crash reports: what Podium writes when it stops on a problem it did not foresee.

The command line never shows a traceback (docs/reliability.md). When an exception that is not
a :class:`~podium.errors.PodiumError` reaches the CLI edge, its traceback, the command line, the
Podium and Python versions go into a report file in ``<cache>/crashes`` (the cache folder of
:func:`podium.files.cache_folder`), or in the system's temporary folder when the cache cannot be
written; the user reads one sentence with the report's path.
"""

from __future__ import annotations

import datetime as dt
import os
import platform
import sys
import tempfile
import traceback
from collections.abc import Sequence
from pathlib import Path

from podium import __version__
from podium.files import cache_folder

KEEP = 20
"""Crash reports kept; older ones are removed when a new one is written."""


def report_text(error: BaseException, argv: Sequence[str]) -> str:
    """The report: when, what was run, which versions, and the traceback."""
    return "".join(
        [
            f"Podium crash report, {dt.datetime.now(dt.UTC).isoformat(timespec='seconds')}\n",
            f"command: {' '.join(argv)!r}\n",
            f"podium {__version__}, Python {platform.python_version()} on {platform.platform()}\n\n",
            *traceback.format_exception(error),
        ]
    )


def write_report(error: BaseException, argv: Sequence[str] = ()) -> Path | str:
    """Write the crash report of ``error``; its path, or why it could not be written."""
    text = report_text(error, argv or sys.argv)
    name = f"crash-{dt.datetime.now().strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.txt"
    reason = ""
    for folder in (cache_folder() / "crashes", Path(tempfile.gettempdir())):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / name
            path.write_text(text, encoding="utf-8")
        except OSError as problem:
            reason = problem.strerror or str(problem)
            continue
        _keep_recent(folder)
        return path
    return reason


def _keep_recent(folder: Path) -> None:
    """Remove all but the :data:`KEEP` newest crash reports of ``folder``."""
    try:
        reports = sorted(folder.glob("crash-*.txt"), key=lambda p: p.stat().st_mtime)
        for old in reports[:-KEEP]:
            old.unlink()
    except OSError:
        pass
