"""A meet folder: ``meet.toml`` plus the store, and the derived state.

Services (draws, results, entries…) work through :class:`Meet`; the CLI calls the
services and formats their answers, nothing more.
"""

from __future__ import annotations

import functools
import os
import sqlite3
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from podium.config.meet import MEET_FILE, MeetConfig, load_meet
from podium.journal.entries import Entry, Kind, missing_facts
from podium.journal.state import MeetState, fold
from podium.registry import Registry, registry
from podium.store.sqlite import Store, database_error

NewEntry = tuple[Kind, str | None, Mapping[str, Any], str | None]


def find_meet_folder(option: str | None) -> Path:
    """The meet folder: ``--meet``, else ``PODIUM_MEET``, else the current folder."""
    return Path(option or os.environ.get("PODIUM_MEET") or ".").resolve()


class Meet:
    """An open meet folder."""

    def __init__(self, folder: Path, plugins: Registry | None = None) -> None:
        self.folder = folder
        self.registry = plugins or registry()
        self.store = Store(folder)

    @functools.cached_property
    def config(self) -> MeetConfig:
        return load_meet(self.folder, self.registry)

    @property
    def config_path(self) -> Path:
        return self.folder / MEET_FILE

    def state(self) -> MeetState:
        """The meet as the journal says it is now."""
        return fold(self.config, self.registry, self._whole(self.store.read()))

    def append(self, build: Callable[[MeetState], list[NewEntry]], event: str | None = None) -> list[Entry]:
        """Validate against the current state and append entries, atomically (see :meth:`Store.append`).

        With ``event``, ``build`` sees a state folded from that event's entries only: use it when
        ``build`` looks at nothing else.
        """
        config = self.config
        return self.store.append(lambda journal: build(fold(config, self.registry, self._whole(journal))), event)

    def _whole(self, journal: list[Entry]) -> list[Entry]:
        """``journal``, refused as damaged when an entry lacks a fact of its kind (a hand-edited database)."""
        problem = missing_facts(journal)
        if problem:
            raise database_error(self.store.path, sqlite3.DatabaseError(problem))
        return journal
