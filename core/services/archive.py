"""Export a whole meet (configuration and journal) as JSON, and import it into an empty folder.

An export holds ``meet.toml`` verbatim and every journal entry with its number, time
and reason; entrants, draws and results are journal entries, so importing the file
reproduces identical standings and documents. An export may have been edited by hand, so
an import replays every entry through the checks of the command that wrote it
(:mod:`podium.services.replay`) and writes nothing unless all of them pass.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from podium import __version__
from podium.config.meet import MEET_FILE, MeetConfig, parse_meet
from podium.errors import PodiumError, Target
from podium.i18n import N_, Message
from podium.journal.entries import REQUIRED, Entry, Kind, now
from podium.journal.state import fold
from podium.model.inputs import MAX_LENGTH, text_problem
from podium.registry import Registry
from podium.services.meet import Meet, store_address
from podium.services.replay import check_journal
from podium.store.urls import open_store

FORMAT = "podium-meet-export"
VERSION = 1
MAX_EXPORT_BYTES = 200_000_000
"""A meet of a hundred thousand journal entries exports to about 50 MB; a larger file is not read."""


def export_meet(meet: Meet) -> dict[str, Any]:
    """The whole meet as JSON-serialisable data."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "podium": __version__,
        "exported_at": now().isoformat(),
        "meet_toml": meet.config.text,
        "journal": [
            {"seq": e.seq, "at": e.at.isoformat(), "kind": e.kind.value, "event": e.event, "payload": e.payload, "reason": e.reason, "actor": e.actor}
            for e in meet.store.read()
        ],
    }


def import_meet(data: Any, folder: Path, registry: Registry, source: str, store_url: str | None = None) -> int:
    """Recreate the exported meet in ``folder`` (which must be empty); returns the number of entries. The journal
    goes where the new folder's meet says (:func:`podium.services.meet.store_address`: ``store_url``, else
    ``PODIUM_STORE``, else the exported ``[store] url``, else the folder's SQLite file)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PodiumError(N_("{file} is not a Podium meet export."), code="archive.not_an_export", target=Target(file=source), file=source)
    if data.get("version") != VERSION:
        raise PodiumError(
            N_("{file} is a version {found} export; this Podium reads version {supported}."), code="archive.version", target=Target(file=source), file=source, found=data.get("version"), supported=VERSION
        )
    if folder.exists() and any(folder.iterdir()):
        raise PodiumError(N_("{folder} is not empty; import into a new or empty folder."), code="archive.folder_not_empty", target=Target(file=folder), folder=folder)
    text = data.get("meet_toml")
    if not isinstance(text, str):
        raise PodiumError(N_("{file} has no meet configuration."), code="archive.no_configuration", target=Target(file=source), file=source)
    config = parse_meet(text, registry, f"{source}:meet_toml")  # refuse before writing anything
    entries = _entries(data.get("journal"), source)
    check_journal(config, registry, entries, source)  # every entry through the checks of the command that wrote it
    _check_replay(config, registry, entries, source)
    store = open_store(folder, store_address(store_url, lambda: config))
    try:
        if store.read():  # before the folder is written: a database may already hold a meet of this id
            raise PodiumError(
                N_("{path} already holds a journal; restore into an empty folder."), code="store.not_empty",
                target=Target(file=store.location), path=store.location,
            )
        folder.mkdir(parents=True, exist_ok=True)
        (folder / MEET_FILE).write_text(text, encoding="utf-8")
        store.restore(entries)
    finally:
        store.close()
    return len(entries)


def _entries(raw: Any, source: str) -> list[Entry]:
    """The exported journal as entries: numbered upwards, each with a time, a known kind and a table of facts."""
    if not isinstance(raw, list):
        raise PodiumError(N_("{file} has no journal (a list of entries)."), code="archive.no_journal", target=Target(file=source), file=source)
    entries = []
    for index, item in enumerate(raw, start=1):
        try:
            entry = Entry(
                int(item["seq"]), dt.datetime.fromisoformat(item["at"]), Kind(item["kind"]), item["event"], item["payload"], item["reason"],
                item.get("actor"),  # exports made before Podium recorded who entered what have none
            )
            if not isinstance(entry.payload, dict) or not all(isinstance(v, str | None) for v in (entry.event, entry.reason, entry.actor)):
                raise TypeError(Message(N_("its event, payload, reason or actor has the wrong type")))
            if entry.actor is not None and text_problem(entry.actor, MAX_LENGTH) is not None:
                raise ValueError(Message(N_("its actor {problem}"), problem=text_problem(entry.actor, MAX_LENGTH)))
            if entry.seq < 1 or entries and entry.seq <= entries[-1].seq:
                raise ValueError(Message(N_("entries must be numbered upwards from 1")))
            missing = [key for key in REQUIRED.get(entry.kind, ()) if key not in entry.payload]
            if missing:  # journal.missing_facts, said for one entry of an export
                raise ValueError(Message(N_("it lacks {keys}"), keys=", ".join(missing)))
        except (KeyError, TypeError, ValueError) as error:
            raise PodiumError(
                N_("{file} has a damaged journal entry (number {index}: {error})."), code="archive.entry_damaged", target=Target(file=source), file=source, index=index,
                error=error.args[0] if len(error.args) == 1 and isinstance(error.args[0], Message) else error,
            ) from None
        entries.append(entry)
    return entries


def _check_replay(config: MeetConfig, registry: Registry, entries: list[Entry], source: str) -> None:
    """Fold the journal over the configuration as every command will, so a damaged export is refused now."""
    from podium.services.match_list import match_list

    state = fold(config, registry, entries)
    try:
        for event in state.events():
            match_list(state, event.key)
    except PodiumError:
        raise
    except Exception as error:  # the file is not ours: whatever its journal trips over, refuse it, naming the error
        raise PodiumError(
            N_("{file} has a damaged journal: it cannot be replayed ({error})."), code="archive.journal_damaged", target=Target(file=source), file=source, error=f"{type(error).__name__}: {error}"
        ) from None
