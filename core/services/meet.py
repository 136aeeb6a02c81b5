"""A meet folder: ``meet.toml`` plus the store, and the derived state.

Services (draws, results, entries…) work through :class:`Meet`; the CLI calls the
services and formats their answers, nothing more.
"""

from __future__ import annotations

import functools
import os
import random
import time
from collections.abc import Callable, Collection, Mapping
from pathlib import Path
from typing import Any

from podium.config.meet import MEET_FILE, MeetConfig
from podium.errors import Hint, PodiumError, Target
from podium.i18n import N_
from podium.journal.entries import Entry, missing_facts
from podium.journal.state import MeetState, fold
from podium.model.inputs import MAX_FREE_TEXT, MAX_LENGTH, shown, text_problem
from podium.registry import Registry, registry
from podium.store.contract import Conflict, JournalStore, NewEntry
from podium.store.sqlite import lock_wait
from podium.store.urls import open_store


def find_meet_folder(option: str | None) -> Path:
    """The meet folder: ``--meet``, else ``PODIUM_MEET``, else the current folder."""
    return Path(option or os.environ.get("PODIUM_MEET") or ".").resolve()


def store_address(option: str | None, config: Callable[[], MeetConfig | None]) -> str | None:
    """Where the meet's journal is kept (docs/postgresql.md): ``option`` (``--store``), else ``PODIUM_STORE``
    (read, never written), else ``[store] url`` of the meet's configuration (``config`` reads it; ``None`` when
    the folder has no ``meet.toml``), else ``None``: the SQLite file in the folder."""
    chosen = option or os.environ.get("PODIUM_STORE")
    if chosen:
        return chosen
    meet = config()
    return meet.store_url if meet is not None else None


class Meet:
    """An open meet folder: its ``meet.toml``, the store holding its journal, and who is acting on it.

    ``store`` is the store to use; without it the store is opened at the address :func:`store_address` finds
    (``store_url`` is the ``--store`` option), when first used. ``actor`` is recorded with every entry appended
    through this meet (``cli`` for the command line, ``web:…`` for a web page). ``config`` is the meet's ``meet.toml``
    already read (a face acting for several people on one meet reads it once); without it, it is read when first used.
    ``short_lived`` says the meet serves one command that then exits (the command line): services read only the
    entries they need (:meth:`append_narrow`) instead of folding whole streams a long-running process keeps warm.
    """

    def __init__(
        self,
        folder: Path,
        plugins: Registry | None = None,
        on_wait: Callable[[Path], None] | None = None,
        *,
        store: JournalStore | None = None,
        store_url: str | None = None,
        actor: str = "cli",
        config: MeetConfig | None = None,
        short_lived: bool = False,
    ) -> None:
        self.folder = folder
        self.registry = plugins or registry()
        self.on_wait = on_wait
        self.store_url = store_url
        if store is not None:
            self.store = store
        if config is not None:
            self.config = config
        self.actor = actor
        self.short_lived = short_lived
        self._whole_up_to: dict[str | None, tuple[int, Entry]] = {}
        self._held: list[MeetState] = []

    @functools.cached_property
    def store(self) -> JournalStore:
        """The store keeping the journal (chosen by :func:`store_address`)."""
        return open_store(self.folder, store_address(self.store_url, lambda: self.config if self.config_path.exists() else None), self.on_wait)

    def close(self) -> None:
        """Close the store's connections, if it was opened (a command's end; the store opens them again if used)."""
        if "store" in self.__dict__:
            self.store.close()

    @functools.cached_property
    def config(self) -> MeetConfig:
        """The meet's ``meet.toml``, validated (or kept from an earlier command: :mod:`podium.services.kept_config`)."""
        from podium.services.kept_config import meet_config

        return meet_config(self.folder, self.registry)

    @property
    def config_path(self) -> Path:
        return self.folder / MEET_FILE

    def state(self, event: str | None = None) -> MeetState:
        """The meet as the journal says it is now; with ``event`` (a key of ``meet.toml``), folded from that event's
        stream only (its entries and the meet-wide ones): right for that event, and all a query about it reads."""
        return self.hold(fold(self.config, self.registry, self._whole(self.store.read(event), event)))

    def hold(self, state: MeetState) -> MeetState:
        """``state`` (folded for a service), kept as long as this meet when it serves one command (``short_lived``):
        the command's process then ends without freeing it (:func:`podium.faces.cli.leave`), where freeing it
        object by object as the service returned cost a 200-entrant round robin's ``podium standings`` 0.01 s."""
        if self.short_lived:
            self._held.append(state)
        return state

    def last_entry(self) -> int:
        """The number of the journal's last entry (0 before the first): what changed since a face last looked."""
        return self.store.last_seq()

    def append(self, build: Callable[[MeetState], list[NewEntry]], event: str | None = None) -> list[Entry]:
        """Validate against the current state and append what ``build`` returns, atomically.

        ``build`` runs on a state read and folded outside any lock; the entries are appended only if nobody
        appended to the stream since (:class:`podium.store.contract.Conflict`), else the journal is read again and
        ``build`` runs again, so two volunteers can never both record a result for the same match. If ``build``
        raises, nothing is written. With ``event``, ``build`` sees a state folded from that event's entries and the
        meet-wide ones only: use it when ``build`` looks at nothing else (and then other events' writers never
        make it retry).
        """
        config = self.config
        deadline = time.monotonic() + lock_wait()
        while True:
            journal = self._whole(self.store.read(event), event)
            new = build(fold(config, self.registry, journal))
            checked: set[str] = set()
            for entry in new:
                check_texts(entry, checked)
            try:
                return self.store.append(new, expected=journal[-1].seq if journal else 0, event=event, actor=self.actor)
            except Conflict:
                self._contended(deadline)

    def append_narrow(
        self,
        event: str,
        matches: Callable[[MeetState], Collection[tuple[str, str]] | None],
        build: Callable[[MeetState], list[NewEntry]],
    ) -> list[Entry]:
        """:meth:`append` for ``event``, reading the results of the matches ``build`` looks at, not every result.

        ``matches`` gets the event's state without results (its entrants, draws, withdrawals…: what lays its
        matches out) and names the ``(stage, match key)`` pairs ``build`` needs the results of, or ``None`` when
        ``build`` needs more than that state and those results. ``build`` then runs on the state with those results,
        and its entries are appended at the stream's position, as :meth:`append` does (a conflict reads again).

        Only a meet of a command that runs once reads this way (``short_lived``): a process that keeps running keeps
        the whole state folded and extends it as entries come (:func:`podium.journal.state.fold`), which costs less
        than laying the event out again for each result.
        """
        if not self.short_lived:
            return self.append(build, event)
        config = self.config
        deadline = time.monotonic() + lock_wait()
        while True:
            outline, position = self.store.read_outline(event)
            wanted = matches(fold(config, self.registry, self.checked(outline)))
            if wanted is None:
                return self.append(build, event)
            results = self.checked(self.store.read_results(event, wanted, position))
            journal = sorted([*outline, *results], key=lambda entry: entry.seq)
            new = build(fold(config, self.registry, journal))
            checked: set[str] = set()
            for entry in new:
                check_texts(entry, checked)
            try:
                return self.store.append(new, expected=position, event=event, actor=self.actor)
            except Conflict:
                self._contended(deadline)

    def _contended(self, deadline: float) -> None:
        """After a conflict: wait a moment before reading again, or give up when others kept writing too long."""
        if time.monotonic() >= deadline:
            raise PodiumError(
                N_("Others kept writing to the meet for more than {seconds} seconds; nothing was written. Try again."),
                code="store.contended", seconds=f"{lock_wait():g}",
            ) from None
        time.sleep(random.uniform(0, 0.01))  # let the other writers' burst pass

    def checked(self, entries: list[Entry]) -> list[Entry]:
        """``entries``, refused as damaged when one lacks a fact of its kind (a hand-edited database)."""
        problem = missing_facts(entries)
        if problem:
            raise self._damaged(problem)
        return entries

    def _damaged(self, problem: str) -> PodiumError:
        return PodiumError(
            N_("{path} is damaged or is not a Podium database ({error})."), code="store.damaged",
            target=Target(file=self.store.location), hint=Hint("restore"), path=self.store.location, error=problem,
        )

    def _whole(self, journal: list[Entry], stream: str | None) -> list[Entry]:
        """``journal`` (the stream of event ``stream``, or the whole meet's), refused as damaged when an entry lacks a
        fact of its kind (a hand-edited database). Each entry is looked at once: the store hands out the entries it
        read before as the same objects, so a stream whose entry at the position checked last time is still that
        object is checked from there on."""
        start = 0
        known = self._whole_up_to.get(stream)
        if known is not None and known[0] < len(journal) and journal[known[0]] is known[1]:
            start = known[0] + 1
        problem = missing_facts(journal[start:])
        if problem:
            raise self._damaged(problem)
        if journal:
            self._whole_up_to[stream] = (len(journal) - 1, journal[-1])
        return journal


def check_texts(entry: NewEntry, checked: set[str] | None = None) -> None:
    """Every text an entry keeps is safe to show: its reason, and every text of its facts (a file name, a
    typed result), pass :func:`podium.model.inputs.text_problem` — so ``podium log`` never prints an escape sequence.

    ``checked`` holds the texts of facts found safe already (the entries of one batch repeat their keys, sides
    and results); each text is checked once and added to it.
    """
    _kind, _event, payload, reason = entry
    checked = set() if checked is None else checked
    if reason is not None:
        wrong = text_problem(reason, MAX_FREE_TEXT)
        if wrong is not None:
            raise PodiumError(N_("The reason {problem}."), code="cli.reason_invalid", target=Target(argument="reason"), problem=wrong)
    for text in _strings(payload):
        if text in checked:
            continue
        wrong = text_problem(text, MAX_LENGTH)
        if wrong is not None:
            raise PodiumError(N_("'{text}' {problem}."), code="cli.text_invalid", text=shown(text)[:60], problem=wrong)
        checked.add(text)


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
