"""Writing the files Podium keeps to save work (compiled methods, the plugins installed, kept views): whole or not
at all, and quietly, since a file that cannot be kept only means the work is done again next time.

Standard library only: :mod:`podium.code_cache` uses it before any class of Podium is made.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def replace_quietly(path: Path, data: bytes, *, folder_mode: int = 0o777, file_mode: int = 0o666) -> bool:
    """Write ``data`` to ``path`` under a temporary name beside it and rename it over ``path`` (a reader sees the old
    file or the new one, never half of one), making its folder (with ``folder_mode``) when missing; the file is
    made with ``file_mode`` (both less the user's umask). ``False``, leaving nothing behind, when the folder cannot
    be made or written."""
    temporary = path.with_name(f"{path.name}.{os.getpid()}.{os.urandom(4).hex()}")
    try:
        path.parent.mkdir(mode=folder_mode, parents=True, exist_ok=True)
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, file_mode)  # a new file, never a link
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
        return False
    return True
