"""Views kept between commands: a query's answer saved with what it was made from, so that the next command asking
the same question of an unchanged event reads it instead of folding and ranking the event's journal again (a read
model). ``podium standings`` of a 200-entrant round robin is made once after each new result, then read back: the
cost of a command follows what changed, not the history of the meet.

A kept view is derived, never the truth, and is used only when everything it was made from is the same:

- the event's stream: its last entry (:meth:`podium.store.contract.JournalStore.stream_end`), with its number,
  time, actor, reason and facts: a new journal of as many entries tells itself from the old one;
- the text of ``meet.toml`` (as a digest: the file may name a database with its password);
- the code that made it: every file of Podium and of each plugin (name, size, time of change), the Python version;
- the question: the view's name and variant, the event, the store's location.

Anything else misses: the view is made from the journal and kept in place of the old one. The stream's end is read
before the journal, so a view is never kept under an end later than the entries it was made from.

The views are kept in the user's cache folder (``PODIUM_VIEWS``, else ``views`` in ``$PODIUM_CACHE``, else in
``$XDG_CACHE_HOME/podium``, else in ``~/.cache/podium``), never in the meet folder: a meet folder someone sends
cannot bring views of its own. ``PODIUM_VIEWS=off`` keeps none. Each file is a pickle read by an unpickler that
makes nothing but Podium's view classes and labels: a damaged or foreign file is a miss, never code run. Writing
one that fails (a full disk, a read-only home) is a miss next time, never an error.
"""

from __future__ import annotations

import contextlib
import enum
import hashlib
import io
import os
import pickle
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from podium.cache_files import replace_quietly
from podium.files import cache_folder
from podium.store.payloads import payload_text

if TYPE_CHECKING:
    from podium.journal.entries import Entry
    from podium.journal.state import MeetState
    from podium.registry import Registry
    from podium.services.meet import Meet

V = TypeVar("V")

LAYOUT = 1
"""The layout of a kept file: a change to it makes every kept view a miss."""

KEPT_AT_MOST = 500
"""Files kept in the cache folder; the least recently written go first."""

LARGEST = 64 * 1024 * 1024
"""A kept file larger than this is not read (a view of a few thousand entrants is well under a megabyte)."""

_VIEW_MODULES = ("podium.views.", "podium.i18n")
_code_marks: dict[tuple[str, ...], str] = {}


def views_folder() -> Path | None:
    """Where views are kept: ``PODIUM_VIEWS``, else ``views`` in Podium's cache folder
    (:func:`podium.files.cache_folder`); ``None`` when ``PODIUM_VIEWS`` is ``off``."""
    chosen = os.environ.get("PODIUM_VIEWS")
    if chosen:
        return None if chosen.lower() == "off" else Path(chosen)
    return cache_folder() / "views"


def kept(meet: Meet, name: str, event: str, make: Callable[[MeetState], V]) -> V:
    """``make(state)`` of event ``event`` (a key of ``meet.toml``) folded from its stream, or the view kept from
    the last time it was made from the same stream, ``meet.toml`` and code. ``name`` names the question (a view
    and its variant)."""
    folder = views_folder()
    if folder is None:
        return make(meet.state(event))
    key = (
        LAYOUT, name, event, _entry_mark(meet.store.stream_end(event)), _digest(meet.config.text), code_mark(meet.registry)
    )
    place = folder / f"{_digest(meet.store.location, name, event)}.view"
    found = _read(place, key)
    if found is not None:
        return found  # type: ignore[no-any-return]
    view = make(meet.state(event))
    _keep(folder, place, key, view)
    return view


def code_mark(registry: Registry) -> str:
    """A digest of the code a view is made by: the name, size and time of change of every file of Podium and of
    each plugin, and the Python version; worked out once per process (a process runs the code it loaded)."""
    sources = (str(Path(__file__).resolve().parent.parent), *registry.sources)
    mark = _code_marks.get(sources)
    if mark is None:
        digest = hashlib.blake2b(sys.version.encode(), digest_size=16)
        for source in sources:
            for path, size, changed in _files(source):
                digest.update(f"{path}\0{size}\0{changed}\n".encode())
        mark = _code_marks[sources] = digest.hexdigest()
    return mark


def _files(source: str) -> list[tuple[str, int, int]]:
    """Every file at ``source`` (a file, or a folder and its subfolders but for bytecode), as path, size and
    time of change in nanoseconds."""
    try:
        if not os.path.isdir(source):
            found = os.stat(source)
            return [(source, found.st_size, found.st_mtime_ns)]
        files = []
        for folder, subfolders, names in os.walk(source):
            subfolders[:] = sorted(name for name in subfolders if name != "__pycache__")
            for name in sorted(names):
                path = os.path.join(folder, name)
                found = os.stat(path)
                files.append((path, found.st_size, found.st_mtime_ns))
        return files
    except OSError:
        return [(source, -1, -1)]


def _entry_mark(entry: Entry | None) -> str:
    """What tells the last entry of a stream from any other: its number, time, kind, event, actor, reason and facts
    (entries are stored to the second: a new journal's last entry may have the number and time of the old one's)."""
    if entry is None:
        return ""
    return _digest(str(entry.seq), entry.at.isoformat(), entry.kind.value, entry.event or "", entry.actor or "", entry.reason or "", payload_text(entry.payload))


def _digest(*parts: str) -> str:
    return hashlib.blake2b("\0".join(parts).encode(), digest_size=16).hexdigest()


class _ViewUnpickler(pickle.Unpickler):
    """Makes Podium's view classes (attrs classes and enumerations of ``podium.views``) and labels, nothing else."""

    def find_class(self, module: str, name: str) -> Any:
        if module.startswith(_VIEW_MODULES):
            found = super().find_class(module, name)
            if isinstance(found, type) and (attrs.has(found) or issubclass(found, enum.Enum)):
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not a view")


def _read(place: Path, key: tuple[Any, ...]) -> object | None:
    """The view kept at ``place`` under ``key``; ``None`` when there is none, it was kept under another key, or the
    file cannot be read as one."""
    try:
        with open(place, "rb") as file:
            if os.fstat(file.fileno()).st_size > LARGEST:
                return None
            data = file.read()
        kept_key, view = _ViewUnpickler(io.BytesIO(data)).load()
    except Exception:  # noqa: BLE001 - a kept view that cannot be read is a miss, whatever the reason
        return None
    return view if kept_key == key else None


def _keep(folder: Path, place: Path, key: tuple[Any, ...], view: object) -> None:
    """Keep ``view`` at ``place`` under ``key`` (written whole, then renamed: a reader sees the old file or the new
    one); the oldest files go when there are more than :data:`KEPT_AT_MOST`. A failure leaves nothing behind."""
    if replace_quietly(place, pickle.dumps((key, view), protocol=pickle.HIGHEST_PROTOCOL), folder_mode=0o700):
        with contextlib.suppress(OSError):  # another command pruning at the same moment
            _prune(folder)


def _prune(folder: Path) -> None:
    """Remove the least recently written views beyond :data:`KEPT_AT_MOST`."""
    with os.scandir(folder) as found:
        views = [entry for entry in found if entry.name.endswith(".view") and entry.is_file(follow_symlinks=False)]
    if len(views) <= KEPT_AT_MOST:
        return
    views.sort(key=lambda entry: entry.stat().st_mtime_ns)
    for entry in views[: len(views) - KEPT_AT_MOST]:
        with contextlib.suppress(OSError):
            os.unlink(entry.path)
