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
from podium.errors import PodiumError, Target
from podium.i18n import N_
from podium.journal.entries import Entry, Kind, missing_facts
from podium.journal.state import MeetState, fold
from podium.model.inputs import MAX_FREE_TEXT, MAX_LENGTH, shown, text_problem
from podium.registry import Registry, registry
from podium.store.sqlite import Store, database_error

NewEntry = tuple[Kind, str | None, Mapping[str, Any], str | None]


def find_meet_folder(option: str | None) -> Path:
    """The meet folder: ``--meet``, else ``PODIUM_MEET``, else the current folder."""
    return Path(option or os.environ.get("PODIUM_MEET") or ".").resolve()


class Meet:
    """An open meet folder."""

    def __init__(self, folder: Path, plugins: Registry | None = None, on_wait: Callable[[Path], None] | None = None) -> None:
        self.folder = folder
        self.registry = plugins or registry()
        self.store = Store(folder, on_wait)

    @functools.cached_property
    def config(self) -> MeetConfig:
        return load_meet(self.folder, self.registry)

    @property
    def config_path(self) -> Path:
        return self.folder / MEET_FILE

    def state(self) -> MeetState:
        """The meet as the journal says it is now."""
        return fold(self.config, self.registry, self._whole(self.store.read()))

    def last_entry(self) -> int:
        """The number of the journal's last entry (0 before the first): what changed since a face last looked."""
        return self.store.last_seq()

    def append(self, build: Callable[[MeetState], list[NewEntry]], event: str | None = None) -> list[Entry]:
        """Validate against the current state and append entries, atomically (see :meth:`Store.append`).

        With ``event``, ``build`` sees a state folded from that event's entries only: use it when
        ``build`` looks at nothing else.
        """
        config = self.config

        def checked(journal: list[Entry]) -> list[NewEntry]:
            new = build(fold(config, self.registry, self._whole(journal)))
            for entry in new:
                check_texts(entry)
            return new

        return self.store.append(checked, event)

    def _whole(self, journal: list[Entry]) -> list[Entry]:
        """``journal``, refused as damaged when an entry lacks a fact of its kind (a hand-edited database)."""
        problem = missing_facts(journal)
        if problem:
            raise database_error(self.store.path, sqlite3.DatabaseError(problem))
        return journal


def check_texts(entry: NewEntry) -> None:
    """Every text an entry keeps is safe to show: its reason, and every text of its facts (a file name, a
    typed result), pass :func:`podium.model.inputs.text_problem` — so ``podium log`` never prints an escape sequence."""
    _kind, _event, payload, reason = entry
    if reason is not None:
        wrong = text_problem(reason, MAX_FREE_TEXT)
        if wrong is not None:
            raise PodiumError(N_("The reason {problem}."), code="cli.reason_invalid", target=Target(argument="reason"), problem=wrong)
    for text in _strings(payload):
        wrong = text_problem(text, MAX_LENGTH)
        if wrong is not None:
            raise PodiumError(N_("'{text}' {problem}."), code="cli.text_invalid", text=shown(text)[:60], problem=wrong)


def _strings(value: Any) -> list[str]:
    """Every text inside ``value`` (keys of tables too), without recursion."""
    found: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.append(item)
        elif isinstance(item, Mapping):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found
