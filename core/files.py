"""The files a command reads and writes: bounded reads of regular files, whole-or-nothing writes.

A meet folder is something people copy from each other, and a path on the command line may
name anything. So:

- **Inputs are bounded before they are read** (:func:`read_input`): only a regular file is
  read (a FIFO or ``/dev/zero`` given as ``meet.toml`` or an entrants file would hang or fill
  the memory), and only up to a limit that no real input reaches.
- **Outputs never replace what is not a regular file** (:func:`write_whole`): a regular file
  (or a new name) is written under a temporary name beside it and renamed when complete, so
  a crash never leaves half a file under the chosen name; a terminal, a pipe or a device such
  as ``/dev/stdout`` or ``/dev/null`` is written directly, never renamed over; a symbolic link
  or a disk device is refused. ``-`` is the screen (standard output).
- **Temporary files live in a folder Podium owns** (:func:`scratch_folder`) and what a killed
  command left there, or beside an output (``.NAME.<pid>.partial``), is swept by the next
  command that writes there.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from podium.errors import NotFound, PodiumError, Target
from podium.i18n import N_, Message
from podium.model.numerals import whole_number

STDOUT = "-"
"""The output path that means the screen (standard output)."""
PARTIAL = ".partial"
"""The ending of a file being written beside its chosen name."""
STALE_SECONDS = 24 * 3600
"""A scratch folder this old is swept even when its process id is in use again (ids are reused)."""


def describe_kind(mode: int) -> Message:
    """What a file that is not a regular file is, in words: a folder, a pipe, a device… (translated where it is shown)."""
    if stat.S_ISDIR(mode):
        return Message(N_("a folder"))
    if stat.S_ISFIFO(mode):
        return Message(N_("a pipe (FIFO)"))
    if stat.S_ISCHR(mode):
        return Message(N_("a character device"))
    if stat.S_ISBLK(mode):
        return Message(N_("a disk device"))
    if stat.S_ISSOCK(mode):
        return Message(N_("a socket"))
    return Message(N_("not a regular file"))


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


def read_input(path: Path, limit: int) -> bytes:
    """The bytes of ``path``, refused with one sentence unless it is a regular file of at most ``limit`` bytes."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        raise NotFound(N_("{path}: no such file."), code="file.not_found", target=Target(file=path), path=path) from None
    except OSError as error:
        raise PodiumError(
            N_("Cannot read {path}: {reason}."), code="file.unreadable", target=Target(file=path), path=path, reason=_reason(error)
        ) from None
    if not stat.S_ISREG(mode):
        raise PodiumError(
            N_("{path} is {kind}, not a file; Podium reads only regular files."), code="file.not_regular",
            target=Target(file=path), path=path, kind=describe_kind(mode),
        )
    try:
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except OSError as error:
        raise PodiumError(
            N_("Cannot read {path}: {reason}."), code="file.unreadable", target=Target(file=path), path=path, reason=_reason(error)
        ) from None
    if len(data) > limit:
        raise PodiumError(
            N_("{path} is larger than {limit} bytes, more than such a file ever holds; check that it is the right file."),
            code="file.too_large", target=Target(file=path), path=path, limit=f"{limit:,}",
        )
    return data


def is_stdout(path: Path | None) -> bool:
    """True when ``path`` is ``-``: write to the screen."""
    return path is not None and str(path) == STDOUT


def _direct(path: Path) -> bool:
    """True when ``path`` is written directly (a terminal, a pipe, a character device); refuses what may not be written.

    A regular file or a new name is replaced whole (False); a symbolic link, a folder, a disk
    device or a socket is refused.
    """
    try:
        own = path.lstat()
    except FileNotFoundError:
        return False
    except OSError as error:
        raise PodiumError(
            N_("Cannot write {path}: {reason}."), code="file.unwritable", target=Target(file=path), path=path, reason=_reason(error)
        ) from None
    if stat.S_ISLNK(own.st_mode):
        try:
            target = path.stat().st_mode
        except OSError:
            target = 0
        if stat.S_ISCHR(target) or stat.S_ISFIFO(target):  # /dev/stdout and the like: written through
            return True
        raise PodiumError(
            N_("{path} is a symbolic link; Podium does not replace links: give the file it points to, or '-' for the screen."),
            code="file.symbolic_link", target=Target(file=path), path=path,
        )
    if stat.S_ISREG(own.st_mode):
        return False
    if stat.S_ISCHR(own.st_mode) or stat.S_ISFIFO(own.st_mode):
        return True
    raise PodiumError(
        N_("{path} is {kind}; Podium writes only regular files, pipes and terminals (give '-' for the screen)."),
        code="file.not_writable_kind", target=Target(file=path), path=path, kind=describe_kind(own.st_mode),
    )


def partial_path(target: Path) -> Path:
    """The temporary name beside ``target`` while it is written: ``.NAME.<pid>.partial`` (NAME shortened if long)."""
    return target.with_name(f".{target.name[:100]}.{os.getpid()}{PARTIAL}")


def write_whole(target: Path, produce: Callable[[Path], None]) -> None:
    """Make ``target`` with ``produce(path)``, which writes a complete file at ``path``; whole or not at all.

    A regular file (or a new name) is produced under a temporary name beside it and renamed
    over it; what a killed command left beside it before is swept first. A terminal, pipe or
    character device gets the bytes directly (produced in :func:`scratch_folder` first), and
    ``-`` is standard output. What cannot be written is one sentence.
    """
    if is_stdout(target):
        with scratch_folder() as folder:
            produce(folder / "output")
            _copy(folder / "output", sys.stdout.buffer, target)
        return
    if _direct(target):
        with scratch_folder() as folder:
            produce(folder / "output")
            try:
                flags = os.O_WRONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0)
                descriptor = os.open(target, flags)
            except OSError as error:
                if error.errno == errno.ENXIO:  # a FIFO nobody reads: writing would wait for ever
                    raise PodiumError(
                        N_("Cannot write {path}: no program is reading from the pipe."), code="file.pipe_unread",
                        target=Target(file=target), path=target,
                    ) from None
                raise PodiumError(
                    N_("Cannot write {path}: {reason}."), code="file.unwritable", target=Target(file=target), path=target,
                    reason=_reason(error),
                ) from None
            os.set_blocking(descriptor, True)
            with os.fdopen(descriptor, "wb") as handle:
                _copy(folder / "output", handle, target)
        return
    if not target.parent.is_dir():
        raise PodiumError(
            N_("Cannot write {path}: the folder {folder} does not exist."), code="file.folder_missing",
            target=Target(file=target), path=target, folder=target.parent,
        )
    sweep_partials(target)
    sweep_scratch()
    partial = partial_path(target)
    try:
        produce(partial)
        os.replace(partial, target)
    except OSError as error:  # a read-only folder, a full disk, a name too long: one sentence, and no half file
        raise PodiumError(
            N_("Cannot write {path}: {reason}."), code="file.unwritable", target=Target(file=target), path=target,
            reason=_reason(error),
        ) from None
    finally:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)


def _copy(source: Path, handle: object, target: Path) -> None:
    import shutil

    try:
        with source.open("rb") as data:
            shutil.copyfileobj(data, handle)  # type: ignore[arg-type]
        handle.flush()  # type: ignore[attr-defined]
    except OSError as error:
        raise PodiumError(
            N_("Cannot write {path}: {reason}."), code="file.unwritable", target=Target(file=target), path=target,
            reason=_reason(error),
        ) from None


def write_bytes(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` whole or not at all (see :func:`write_whole`)."""
    write_whole(target, lambda path: path.write_bytes(data))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True
    return True


def sweep_partials(target: Path) -> None:
    """Remove ``.NAME.<pid>.partial`` files beside ``target`` left by killed commands (whose process is gone)."""
    prefix = f".{target.name[:100]}."
    with contextlib.suppress(OSError):
        for leftover in target.parent.iterdir():
            name = leftover.name
            if not (name.startswith(prefix) and name.endswith(PARTIAL)):
                continue
            pid = whole_number(name[len(prefix) : -len(PARTIAL)], 9)
            if pid is not None and pid != os.getpid() and not _alive(pid):
                with contextlib.suppress(OSError):
                    leftover.unlink()


def cache_folder() -> Path:
    """Podium's folder for the user: ``PODIUM_CACHE``, else ``$XDG_CACHE_HOME/podium``, else ``~/.cache/podium``."""
    explicit = os.environ.get("PODIUM_CACHE")
    if explicit:
        return Path(explicit)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "podium"


def sweep_scratch(root: Path | None = None) -> None:
    """Remove scratch folders of processes that are gone (killed prints), or older than :data:`STALE_SECONDS`."""
    import shutil

    root = root or cache_folder() / "tmp"
    now = time.time()
    with contextlib.suppress(OSError):
        for folder in root.iterdir():
            pid = whole_number(folder.name.split("-", 1)[0], 9)
            if pid is None or pid == os.getpid():
                continue
            try:
                old = now - folder.stat().st_mtime > STALE_SECONDS
            except OSError:
                continue
            if old or not _alive(pid):
                shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def scratch_folder() -> Iterator[Path]:
    """A temporary folder of this command, removed when it ends, inside ``<cache>/tmp`` (swept of killed
    commands' folders first); in the system's temporary folder when the cache cannot be written.

    ``shutil`` and ``tempfile`` are imported here: loading them costs a quarter of a cold start."""
    import shutil
    import tempfile

    root = cache_folder() / "tmp"
    try:
        root.mkdir(parents=True, exist_ok=True)
        sweep_scratch(root)
        folder = Path(tempfile.mkdtemp(prefix=f"{os.getpid()}-", dir=root))
    except OSError:
        folder = Path(tempfile.mkdtemp(prefix=f"podium-{os.getpid()}-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)
