"""The plugins installed: the entry points of Podium's group, found by :mod:`importlib.metadata` and kept between runs.

Finding them means importing :mod:`importlib.metadata` (with the e-mail parser it reads package metadata with) and
reading every installed distribution's entry points: 0.02–0.03 s of every command on the 2-core machine, a tenth
of a cold ``podium matches`` (docs/performance.md). What it finds changes only when a package is installed,
upgraded or removed, or the search path changes, so it is kept, as Python keeps bytecode, in
``entry-points.<tag>.json`` beside this module's bytecode, under what it was found in: each folder of ``sys.path``
that holds package metadata (``*.dist-info``, ``*.egg-info``), with the name and time of change of each. pip
makes a new metadata folder for every package it installs and removes the old one, so any change of what is
installed changes that, and the plugins are looked for again. The search path differs with the way Python is
started (the ``podium`` script, or ``python -m podium`` from a checkout, whose folder holds ``podium.egg-info``), so
the file keeps what was found for the last :data:`KEPT_AT_MOST` search paths, the latest first.

The file follows Python's rules for bytecode (:mod:`podium.code_cache`): it is not written when
``PYTHONDONTWRITEBYTECODE`` is set (the set-up writes it then, ``tools/startup_caches.py``), it goes where
``PYTHONPYCACHEPREFIX`` sends bytecode, and a file that cannot be read or written only means the entry points are
read from the metadata again.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from podium.cache_files import replace_quietly

_METADATA = (".dist-info", ".egg-info")
KEPT_AT_MOST = 8
"""Search paths the kept file remembers what was found in (one per way of starting Python, in practice)."""


@attrs.frozen
class EntryPoint:
    """A plugin installed in a group: its name, what to load (``module`` or ``module:attribute``) and the
    distribution that provides it."""

    name: str
    value: str
    distribution: str
    version: str

    def load(self) -> Any:
        """The plugin: the module, or the attribute of it, the entry point names."""
        module, _, attribute = self.value.partition(":")
        found: Any = importlib.import_module(module.strip())
        for part in filter(None, attribute.strip().split(".")):
            found = getattr(found, part)
        return found


_found: dict[str, tuple[EntryPoint, ...]] = {}


def installed(group: str) -> tuple[EntryPoint, ...]:
    """The entry points of ``group`` in every installed distribution, in the order :mod:`importlib.metadata` lists
    the distributions (the order pluggy loads them in); read once per process, from the kept file when what it was
    found in is unchanged."""
    found = _found.get(group)
    if found is None:
        where = installed_where()
        path = cache_path()
        found = _read(path, group, where) if path else None
        if found is None:
            found = look(group)
            if path and not sys.dont_write_bytecode:
                keep(path, group, where, found)
        _found[group] = found
    return found


def cache_path() -> Path | None:
    """Where the entry points are kept, beside this module's bytecode; ``None`` when Python keeps no bytecode."""
    tag = sys.implementation.cache_tag
    if tag is None:
        return None
    return Path(importlib.util.cache_from_source(__file__)).with_name(f"entry-points.{tag}.json")


def installed_where(search_path: Sequence[str] | None = None) -> list[list[Any]]:
    """What the installed distributions are found in: each place on the search path (``sys.path`` unless given)
    holding package metadata, with the name and time of change (in nanoseconds) of each metadata folder or file; a
    file on the path (a zip archive) with its own time of change."""
    places: list[list[Any]] = []
    for entry in sys.path if search_path is None else search_path:
        place = os.path.abspath(entry or ".")
        try:
            with os.scandir(place) as listed:
                metadata = sorted([item.name, item.stat().st_mtime_ns] for item in listed if item.name.endswith(_METADATA))
        except NotADirectoryError:
            with contextlib.suppress(OSError):
                places.append([place, [["", os.stat(place).st_mtime_ns]]])
            continue
        except OSError:  # a folder on the path that is not there (yet)
            continue
        if metadata:
            places.append([place, metadata])
    return places


def look(group: str, search_path: Sequence[str] | None = None) -> tuple[EntryPoint, ...]:
    """The entry points of ``group``, read from the metadata of the distributions installed on the search path
    (``sys.path`` unless given)."""
    import importlib.metadata

    return tuple(
        EntryPoint(point.name, point.value, dist.metadata["Name"] or point.name, dist.version or "")
        for dist in importlib.metadata.distributions(**({} if search_path is None else {"path": list(search_path)}))
        for point in dist.entry_points
        if point.group == group
    )


def _read(path: Path, group: str, where: list[list[Any]]) -> tuple[EntryPoint, ...] | None:
    """The entry points of ``group`` kept at ``path`` when they were found in ``where``; ``None`` otherwise, or when
    the file cannot be read as kept entry points."""
    try:
        groups = next((place["groups"] for place in _places(path) if place["where"] == where), None)
        if groups is None:
            return None
        return tuple(EntryPoint(*(str(field) for field in point)) for point in groups[group])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _places(path: Path) -> list[dict[str, Any]]:
    """What the kept file at ``path`` holds: for each search path, latest first, the groups found in it."""
    places = json.loads(path.read_bytes())["places"]
    if not isinstance(places, list):
        raise TypeError("the kept places are not a list")
    return places


def keep(path: Path, group: str, where: list[list[Any]], found: tuple[EntryPoint, ...]) -> None:
    """Keep ``found`` (the entry points of ``group`` found in ``where``) at ``path``, first, with the other groups
    kept for the same ``where`` and what was kept for other search paths; replaced whole, so a reader never sees
    half of it. A folder that cannot be written keeps nothing."""
    places: list[dict[str, Any]] = []
    with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
        places = [place for place in _places(path) if isinstance(place, dict)]
    groups = next((dict(place.get("groups", {})) for place in places if place.get("where") == where), {})
    groups[group] = [attrs.astuple(point) for point in found]
    others = [place for place in places if place.get("where") != where]
    kept = [{"where": where, "groups": groups}, *others][:KEPT_AT_MOST]
    replace_quietly(path, json.dumps({"places": kept}).encode())
