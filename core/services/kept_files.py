"""The folder of kept read models and what every kept file shares: where it is, what marks the code that made its
content, and how a file is read and written.

:mod:`podium.services.kept_views` keeps query answers (``<digest>.view``), :mod:`podium.services.kept_results`
each event's result records (``<digest>.results``), :mod:`podium.services.kept_config` the validated ``meet.toml``
(``<digest>.config``). The folder is ``PODIUM_VIEWS``, else ``views`` in Podium's cache folder; ``PODIUM_VIEWS=off``
keeps nothing. Each file is a pickle of a head (a few numbers and texts, :func:`read_head`) followed by a pickle of
``(key, value)``, read by an unpickler that makes only the classes its kind may hold, and used only when its key
is the one asked for: a damaged, foreign or stale file is a miss, never code run and never an error. Files are
written whole and renamed (a reader sees the old file or the new one); only the user can read them, or enter the
folder Podium makes for them. Each kind keeps at most :data:`KEPT_AT_MOST` files.
"""

from __future__ import annotations

import contextlib
import enum
import io
import os
import pickle
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from podium.cache_files import replace_quietly
from podium.digests import blake2b
from podium.files import cache_folder
from podium.i18n import Translated

if TYPE_CHECKING:
    from podium.journal.entries import Entry
    from podium.registry import Registry

KEPT_AT_MOST = 500
"""Files of each kind kept in the folder; the least recently written go first."""

LARGEST = 64 * 1024 * 1024
"""A kept file larger than this is not read (a view of a few thousand entrants is well under a megabyte)."""

_code_marks: dict[tuple[str, ...], str] = {}


def views_folder() -> Path | None:
    """Where views (and the other kept files) are kept: ``PODIUM_VIEWS``, else ``views`` in Podium's cache folder
    (:func:`podium.files.cache_folder`); ``None`` when ``PODIUM_VIEWS`` is ``off``."""
    chosen = os.environ.get("PODIUM_VIEWS")
    if chosen:
        return None if chosen.lower() == "off" else Path(chosen)
    return cache_folder() / "views"


def code_mark(registry: Registry) -> str:
    """A digest of the code a kept value is made by: the name, size and time of change of every file of Podium and of
    each plugin, and the Python version; worked out once per process (a process runs the code it loaded)."""
    sources = (str(Path(__file__).resolve().parent.parent), *registry.sources)
    mark = _code_marks.get(sources)
    if mark is None:
        digest = blake2b(sys.version.encode(), digest_size=16)
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


def entry_mark(entry: Entry | None) -> str:
    """What tells a journal entry from any other: its number, time, kind, event, actor, reason and facts (entries
    are stored to the second: a new journal's last entry may have the number and time of the old one's)."""
    from podium.store.payloads import payload_text

    if entry is None:
        return ""
    return digest(str(entry.seq), entry.at.isoformat(), entry.kind.value, entry.event or "", entry.actor or "", entry.reason or "", payload_text(entry.payload))


def digest(*parts: str) -> str:
    """A short digest of ``parts`` (what a kept file is named and keyed by)."""
    return blake2b("\0".join(parts).encode(), digest_size=16).hexdigest()


class ValuesUnpickler(pickle.Unpickler):
    """Makes the attrs classes and enumerations of the modules named :attr:`modules` (by prefix), the classes of
    :attr:`plain` and texts translated into Chinese (:class:`podium.i18n.Translated`, a :class:`str`), nothing else:
    what a kind of kept file may hold."""

    modules: ClassVar[tuple[str, ...]] = ()
    plain: ClassVar[Mapping[tuple[str, str], type]] = {}

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) == ("podium.i18n", "Translated"):  # a text translated into Chinese (a label's zh), a str
            return Translated
        found = self.plain.get((module, name))
        if found is not None:
            return found
        if module.startswith(self.modules):
            found = super().find_class(module, name)
            if isinstance(found, type) and (attrs.has(found) or issubclass(found, enum.Enum)):
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not what a kept file of this kind holds")


def read_kept(place: Path, key: tuple[Any, ...], unpickler: type[ValuesUnpickler]) -> object | None:
    """What is kept at ``place`` under ``key``, read by ``unpickler`` (which makes only the classes it may hold);
    ``None`` when there is nothing, it was kept under another key, or the file cannot be read as such."""
    try:
        with open(place, "rb") as file:
            if os.fstat(file.fileno()).st_size > LARGEST:
                return None
            data = file.read()
        stream = io.BytesIO(data)
        ValuesUnpickler(stream).load()  # the head (:func:`read_head`)
        kept_key, value = unpickler(stream).load()
    except Exception:  # noqa: BLE001 - a kept file that cannot be read is a miss, whatever the reason
        return None
    return value if kept_key == key else None


def read_head(place: Path) -> object | None:
    """The head a file was kept with (:func:`keep`), read alone: numbers and texts, no class; ``None`` when there is
    no such file or it cannot be read as one."""
    try:
        with open(place, "rb") as file:
            return ValuesUnpickler(file).load()
    except Exception:  # noqa: BLE001 - a kept file that cannot be read is a miss, whatever the reason
        return None


def keep(folder: Path, place: Path, key: tuple[Any, ...], value: object, head: tuple[Any, ...] = ()) -> None:
    """Keep ``value`` at ``place`` (in ``folder``) under ``key`` (written whole, then renamed: a reader sees the old
    file or the new one); the oldest files go when there are more than :data:`KEPT_AT_MOST`. A failure leaves
    nothing behind. ``head`` (numbers and texts) is written first, where :func:`read_head` reads it without
    reading the rest: what a command may want to know before it can make the classes of ``value``."""
    data = pickle.dumps(head, protocol=pickle.HIGHEST_PROTOCOL) + pickle.dumps((key, value), protocol=pickle.HIGHEST_PROTOCOL)
    if replace_quietly(place, data, folder_mode=0o700, file_mode=0o600):
        with contextlib.suppress(OSError):  # another command pruning at the same moment
            _prune(folder, place.suffix)


def _prune(folder: Path, suffix: str) -> None:
    """Remove the least recently written kept files of a kind (named ``*<suffix>``) beyond :data:`KEPT_AT_MOST`."""
    with os.scandir(folder) as found:
        views = [entry for entry in found if entry.name.endswith(suffix) and entry.is_file(follow_symlinks=False)]
    if len(views) <= KEPT_AT_MOST:
        return
    views.sort(key=lambda entry: entry.stat().st_mtime_ns)
    for entry in views[: len(views) - KEPT_AT_MOST]:
        with contextlib.suppress(OSError):
            os.unlink(entry.path)
