"""Moving a meet's journal between stores (``podium store copy``; docs/postgresql.md)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import attrs

from podium.errors import PodiumError, Target
from podium.i18n import N_
from podium.store.sqlite import Store
from podium.store.urls import open_store


@attrs.frozen
class Copied:
    """What ``podium store copy`` did: how many entries, from where to where (addresses without passwords)."""

    count: int
    source: str
    target: str


def copy_meet(folder: Path, source: str, target: str, on_wait: Callable[[Path], None] | None = None) -> Copied:
    """Copy the journal of the meet at ``source`` into the empty store ``target`` (addresses as
    :func:`podium.store.urls.open_store` reads them, for the meet in ``folder``): every entry with its number,
    time and actor, in one transaction, then read back and compared, so that the copy exports exactly as the
    original does."""
    origin = open_store(folder, source, on_wait)
    copy = open_store(folder, target, on_wait)
    try:
        if origin.location == copy.location:
            raise PodiumError(N_("{store} is both the source and the destination; copy to another store."), code="store.copy_onto_itself", target=Target(file=copy.location), store=copy.location)
        if not origin.exists():
            raise PodiumError(N_("{store} holds no meet to copy."), code="store.copy_no_meet", target=Target(file=origin.location), store=origin.location)
        entries = origin.read()
        if isinstance(copy, Store):
            copy.path.parent.mkdir(parents=True, exist_ok=True)
        copy.restore(entries)
        if copy.read() != entries:
            raise PodiumError(
                N_("The copy in {store} does not read back as the original; do not use it (and tell whoever looks after Podium)."),
                code="store.copy_differs", target=Target(file=copy.location), store=copy.location,
            )
        return Copied(len(entries), origin.location, copy.location)
    finally:
        origin.close()
        copy.close()
