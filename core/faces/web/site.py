"""One served meet: the meet, its web store, snapshots of its state by journal entry, and the live watcher."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from podium.errors import PodiumError
from podium.faces.web.guard import RateLimiter
from podium.faces.web.settings import WebSettings
from podium.journal.state import MeetState
from podium.services.entry_links import WebStore
from podium.services.meet import Meet
from podium.views.schedule import ScheduleView

T = TypeVar("T")

ORGANISER = "web:organiser"
"""The actor of everything done at the organiser's desk."""


def link_actor(label: str) -> str:
    """The actor of results entered through an entry link: ``web:link:`` and the link's name (never its token)."""
    from podium.model.inputs import text_problem

    name = " ".join(label.split())[:80]
    return f"web:link:{name if name and text_problem(name, 80) is None else '?'}"


class Site:
    """What every request of one served meet shares.

    Reads fold the journal once per new entry (:meth:`state`): the last entry number is one indexed read, so a board
    page costs a fold only after a change, and an event's board and pages are made again only when that event's own
    entries change (:meth:`cached` with the event's position). Writes go through :attr:`write_lock`, so that a form's
    check of its key and the result it records are one step in this process (the store's transaction keeps other
    processes out).
    """

    def __init__(self, folder: Path, settings: WebSettings) -> None:
        self.folder = folder
        self.settings = settings
        self.meet = Meet(folder, actor=ORGANISER)
        self._acting: dict[str, Meet] = {ORGANISER: self.meet}
        self.web = WebStore(folder)
        self.write_lock = threading.Lock()
        self.sign_in_limiter = RateLimiter(settings.sign_in_limit)
        self.entry_limiter = RateLimiter(settings.entry_limit)
        self.sign_in_token = settings.sign_in_token
        self._cache_lock = threading.Lock()
        self._cache: dict[str, tuple[int, object]] = {}
        self._making: dict[str, threading.Lock] = {}
        self.live = Live(self.meet.last_entry, settings.poll_seconds)

    def acting(self, actor: str) -> Meet:
        """The meet as ``actor`` writes to it (the journal records who entered each entry): the organiser's desk is
        ``web:organiser``, a referee's entry link ``web:link:<its name>``. Same store, same plugins, same ``meet.toml``."""
        with self._cache_lock:
            found = self._acting.get(actor)
            if found is None:
                found = self._acting[actor] = Meet(
                    self.folder, self.meet.registry, store=self.meet.store, actor=actor, config=self.meet.config
                )
            return found

    def use_sign_in_token(self, token: str) -> bool:
        """Whether ``token`` is the one-time sign-in link's; it works once."""
        import hmac

        with self._cache_lock:
            if self.sign_in_token is None or not hmac.compare_digest(self.sign_in_token.encode(), token.encode()):
                return False
            self.sign_in_token = None
            return True

    def cached(self, name: str, make: Callable[[], T], version: int | None = None) -> T:
        """``make()`` once per ``version`` of what it shows (by default the journal's last entry number): the same
        answer until the journal grows. Without ``version`` the entry number is read before ``make`` reads the
        journal, so what is kept is never older than the number it is kept under; a caller giving ``version`` makes
        it from the state that version was read from.

        One thread makes a missing answer while the others asking for it wait for that one (a board that fifty
        phones reload after an entry is made once, not fifty times).
        """
        if version is None:
            version = self.meet.last_entry()
        with self._cache_lock:
            found = self._cache.get(name)
            if found is not None and found[0] == version:
                return found[1]  # type: ignore[return-value]
            making = self._making.setdefault(name, threading.Lock())
        with making:
            with self._cache_lock:
                found = self._cache.get(name)
                if found is not None and found[0] == version:
                    return found[1]  # type: ignore[return-value]
            value = make()
            with self._cache_lock:
                self._cache[name] = (version, value)
        return value

    def state(self) -> MeetState:
        """The meet as its journal says now."""
        return self.cached("state", self.meet.state)

    def plan(self) -> ScheduleView | None:
        """The order of play now (``podium schedule``); ``None`` for a meet without venues."""
        from podium.services.schedule import plan_view

        def make() -> ScheduleView | None:
            try:
                return plan_view(self.state())
            except PodiumError:
                return None

        return self.cached("plan", make)


class Live:
    """Tells every listening page that the journal grew: one background task polls the last entry number and wakes
    all listeners at once, however many pages are open."""

    def __init__(self, last_entry: Callable[[], int], seconds: float) -> None:
        self._last_entry = last_entry
        self.seconds = seconds
        self.seq = 0
        self._changed: asyncio.Condition | None = None
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._changed = asyncio.Condition()
        self.seq = await asyncio.to_thread(self._last_entry)
        self._task = asyncio.create_task(self._watch())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
            self._task = None

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(self.seconds)
            try:
                seq = await asyncio.to_thread(self._last_entry)
            except PodiumError:  # the database is busy or being replaced: look again next time
                continue
            if seq != self.seq:
                self.seq = seq
                assert self._changed is not None
                async with self._changed:
                    self._changed.notify_all()

    async def wait(self, seen: int, timeout: float) -> int:
        """The last entry number once it differs from ``seen``, or after ``timeout`` seconds."""
        if self._changed is None or self.seq != seen:
            return self.seq
        async with self._changed:
            try:
                await asyncio.wait_for(self._changed.wait_for(lambda: self.seq != seen), timeout)
            except TimeoutError:
                pass
        return self.seq
