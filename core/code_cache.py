"""The compiled methods of attrs classes, kept between runs as Python keeps a module's bytecode.

attrs writes the ``__init__``, ``__eq__``, ``__hash__`` and ``__repr__`` of each class as source and compiles them
when the class is made. Compiling is most of what making a class costs — 0.3 to 0.4 ms a class, 0.035–0.045 s of
the start of ``podium matches``, which makes some 120 classes (docs/performance.md) — and Python keeps the
bytecode of modules in ``__pycache__`` but not of these. :func:`install` keeps them there too: it wraps attrs' compile step so that a
method whose source (and file name) was compiled before is taken from ``attrs-methods.<tag>.marshal`` beside
Podium's own bytecode, and the methods compiled anew are added to that file when the process ends.

The cache follows Python's rules for bytecode: it is not written when ``PYTHONDONTWRITEBYTECODE`` is set, it goes
where ``PYTHONPYCACHEPREFIX`` sends bytecode, a file written by another Python version (another magic number) is
not read, and a folder that cannot be written only means the methods are compiled again next time. A method is
found by a digest of its source and file name, so a class whose fields change compiles afresh and the same source
always gives the same code. attrs names this step in a private function (``attr._make._compile_and_eval``); when a
release of attrs no longer has it, classes are made as attrs makes them and nothing is kept.
"""

from __future__ import annotations
import __future__

import atexit
import importlib.util
import marshal
import re
import sys
import types
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from podium.cache_files import replace_quietly

KEPT_AT_MOST = 1_000
"""Methods the file keeps (Podium and its plugins make about 300 classes; each is about 3 KB, and every command
reads the whole file, though it unmarshals only the methods of the classes it makes); beyond it, only those this
run used or compiled are kept, so classes of an older version of the code fall out."""


def cache_path() -> Path | None:
    """Where the compiled methods are kept, beside this module's bytecode; ``None`` when Python keeps no bytecode."""
    tag = sys.implementation.cache_tag
    if tag is None:  # an implementation without a cache tag keeps no bytecode
        return None
    return Path(importlib.util.cache_from_source(__file__)).with_name(f"attrs-methods.{tag}.marshal")


_TYPE_HASH = re.compile(r"(?<=return hash\(\(\n)\s*-?\d+(?=,\n)")
"""The number attrs puts first in what a class's ``__hash__`` hashes: ``hash()`` of a name, so it changes with
every process's hash seed. It is left out of the key: the code kept from an earlier process hashes with that
process's number, which is as good — it stays the same within the process and differs from class to class."""


class _Kept:
    """The methods read from the cache, and those this process took from it or compiled."""

    def __init__(self, path: Path, flags: int) -> None:
        self.path = path
        self.flags = flags
        self.known: dict[bytes, bytes] | None = None  # read when attrs first compiles
        self.used: dict[bytes, bytes] = {}
        self.fresh: dict[bytes, bytes] = {}

    def compile_and_eval(self, script: str, globs: dict[str, Any] | None, locs: Mapping[str, object] | None = None, filename: str = "") -> None:
        """attrs' step, with the code of ``script`` taken from the cache when it was compiled before."""
        from podium.digests import blake2b  # here: ``podium --help`` makes no class

        key = blake2b(f"{filename}\0{_TYPE_HASH.sub('#', script, count=1)}".encode(), digest_size=16).digest()
        if self.known is None:
            self.known = read(self.path)
        kept = self.known.get(key)
        code = _code(kept) if kept is not None else None
        if code is None:
            code = compile(script, filename, "exec", self.flags, dont_inherit=True)
            self.fresh[key] = marshal.dumps(code)
        else:
            self.used[key] = kept  # type: ignore[assignment]
        eval(code, globs, locs)  # what attrs does with the code it compiles

    def save(self) -> None:
        """Keep the methods compiled anew, if any."""
        if self.fresh:
            write(self.path, self.used, self.fresh)
            self.known = {**(self.known or {}), **self.fresh}
            self.used.update(self.fresh)
            self.fresh = {}


def install() -> _Kept | None:
    """Take attrs' compiled methods from the cache from now on, and keep the new ones when the process ends (unless
    Python writes no bytecode); what is kept (:meth:`_Kept.save` keeps it at once, as ``tools/startup_caches.py``
    does at set-up), or ``None`` when nothing can be."""
    from attr import _make

    step = getattr(_make, "_compile_and_eval", None)
    path = cache_path()
    if step is None or path is None:
        return None
    kept = getattr(step, "__self__", None)
    if isinstance(kept, _Kept):
        return kept  # installed already
    kept = _Kept(path, _future_flags(_make))
    _make._compile_and_eval = kept.compile_and_eval
    if not sys.dont_write_bytecode:
        atexit.register(kept.save)
    return kept


def _future_flags(module: types.ModuleType) -> int:
    """The ``__future__`` features in effect in ``module``: attrs' own ``compile`` call inherits them from its
    module, and the code compiled here must be the code it would have compiled."""
    flags = 0
    for value in vars(module).values():
        if isinstance(value, __future__._Feature):
            flags |= value.compiler_flag
    return flags


def _code(kept: bytes) -> types.CodeType | None:
    """The code of one kept method; ``None`` when it cannot be read as code."""
    try:
        code = marshal.loads(kept)
    except (EOFError, ValueError, TypeError):
        return None
    return code if isinstance(code, types.CodeType) else None


def read(path: Path) -> dict[bytes, bytes]:
    """The methods kept at ``path``, each as its marshalled code (read when a class needs it: a command makes a
    few of the classes the file keeps); none when there is no file, or one this Python cannot read."""
    try:
        data = path.read_bytes()
    except OSError:
        return {}
    magic = importlib.util.MAGIC_NUMBER
    if not data.startswith(magic):
        return {}
    try:
        kept = marshal.loads(data[len(magic):])
    except (EOFError, ValueError, TypeError):
        return {}
    if not isinstance(kept, dict):
        return {}
    return {k: v for k, v in kept.items() if isinstance(k, bytes) and isinstance(v, bytes)}


def write(path: Path, used: Mapping[bytes, bytes], fresh: Mapping[bytes, bytes]) -> None:
    """Add the ``fresh`` methods to those kept at ``path`` (read again: another process may have added some), in one
    replacement of the file; past :data:`KEPT_AT_MOST`, keep only those this run ``used`` and compiled."""
    kept = {**read(path), **fresh}
    if len(kept) > KEPT_AT_MOST:
        kept = {**used, **fresh}
    # a folder Podium may not write (or cannot make) keeps nothing: the methods are compiled again next time
    replace_quietly(path, importlib.util.MAGIC_NUMBER + marshal.dumps(kept))
