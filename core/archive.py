"""Export a whole meet (configuration and journal) as JSON, and import it into an empty folder.

An export holds ``meet.toml`` verbatim and every journal entry with its number, time
and reason; entrants, draws and results are journal entries, so importing the file
reproduces identical standings and documents.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from podium import __version__
from podium.config import MEET_FILE, parse_meet
from podium.errors import PodiumError
from podium.i18n import _
from podium.journal import Entry, Kind, now
from podium.meet import Meet
from podium.registry import Registry
from podium.store import Store

FORMAT = "podium-meet-export"
VERSION = 1


def export_meet(meet: Meet) -> dict[str, Any]:
    """The whole meet as JSON-serialisable data."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "podium": __version__,
        "exported_at": now().isoformat(),
        "meet_toml": meet.config.text,
        "journal": [
            {"seq": e.seq, "at": e.at.isoformat(), "kind": e.kind.value, "event": e.event, "payload": e.payload, "reason": e.reason}
            for e in meet.store.read()
        ],
    }


def import_meet(data: Any, folder: Path, registry: Registry, source: str) -> int:
    """Recreate the exported meet in ``folder`` (which must be empty); returns the number of entries."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PodiumError(_("{file} is not a Podium meet export.").format(file=source))
    if data.get("version") != VERSION:
        raise PodiumError(
            _("{file} is a version {found} export; this Podium reads version {supported}.").format(
                file=source, found=data.get("version"), supported=VERSION
            )
        )
    if folder.exists() and any(folder.iterdir()):
        raise PodiumError(_("{folder} is not empty; import into a new or empty folder.").format(folder=folder))
    text = data.get("meet_toml")
    if not isinstance(text, str):
        raise PodiumError(_("{file} has no meet configuration.").format(file=source))
    parse_meet(text, registry, f"{source}:meet_toml")  # refuse before writing anything
    try:
        entries = [
            Entry(int(e["seq"]), dt.datetime.fromisoformat(e["at"]), Kind(e["kind"]), e["event"], e["payload"], e["reason"])
            for e in data.get("journal", [])
        ]
    except (KeyError, TypeError, ValueError) as error:
        raise PodiumError(_("{file} has a damaged journal entry ({error}).").format(file=source, error=error)) from None
    folder.mkdir(parents=True, exist_ok=True)
    (folder / MEET_FILE).write_text(text, encoding="utf-8")
    Store(folder).restore(entries)
    return len(entries)
