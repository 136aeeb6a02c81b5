"""One served meet: the meet, its web store, snapshots of its state by journal entry, and the live watcher.

``meet.toml`` is read again when it changes while the server runs (:meth:`Site.refresh`): the forms check results by
the rules the command line uses. A changed file with a problem stops every write until it is corrected, while the
board goes on showing the meet by the last configuration that was valid.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from podium.errors import PodiumError
from podium.faces.web.guard import RateLimiter
from podium.faces.web.settings import WebSettings
from podium.journal.state import MeetState
from podium.registry import registry
from podium.services.entry_links import WebStore
from podium.services.kept_config import meet_config
from podium.services.meet import Meet
from podium.views.schedule import ScheduleView

T = TypeVar("T")

SAME_TICK = 2
"""Seconds within which two changes of a file may leave it the same times of change (the tick of the file system's
clock: 2 s on FAT, a few milliseconds elsewhere)."""

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
        self._mark = self._config_mark()
        self._text = self._read_text()
        plugins = registry()
        # read now: a meet.toml with a problem stops the server before it serves anything
        self.meet = Meet(folder, plugins, actor=ORGANISER, config=meet_config(folder, plugins))
        self.config_error: PodiumError | None = None
        """Why the ``meet.toml`` changed while serving cannot be used (the command line's sentence), or ``None``: while
        it is set, nothing is written, and pages show the meet by its last valid configuration (:meth:`refresh`)."""
        self._refresh_lock = threading.Lock()
        self._acting: dict[str, Meet] = {ORGANISER: self.meet}
        self.web = WebStore(folder)
        self.write_lock = threading.Lock()
        self.sign_in_limiter = RateLimiter(settings.sign_in_limit)
        self.entry_limiter = RateLimiter(settings.entry_limit)
        self.sign_in_token = settings.sign_in_token
        self._cache_lock = threading.Lock()
        self._cache: dict[str, tuple[object, int, object]] = {}
        self._making: dict[str, threading.Lock] = {}
        self.live = Live(self.meet.last_entry, settings.poll_seconds)

    def _config_mark(self) -> tuple[object, ...] | None:
        """What tells a changed ``meet.toml`` cheaply: its size, times of change and file number (one ``stat``), and
        while its last change is less than :data:`SAME_TICK` old, the digest of its text too: a second change within
        the same tick of the file system's clock would leave the times as they were. ``None`` when it cannot be read."""
        try:
            found = os.stat(self.folder / "meet.toml")
        except OSError:
            return None
        mark: tuple[object, ...] = (found.st_size, found.st_mtime_ns, found.st_ctime_ns, found.st_ino)
        if time.time_ns() - max(found.st_mtime_ns, found.st_ctime_ns) < SAME_TICK * 1_000_000_000:
            text = self._read_text()
            if text is None:
                return None
            mark += (hashlib.sha256(text).hexdigest(),)
        return mark

    def _read_text(self) -> bytes | None:
        """The bytes of ``meet.toml`` as they are now; ``None`` when it cannot be read."""
        try:
            return (self.folder / "meet.toml").read_bytes()
        except OSError:
            return None

    def changed(self) -> bool:
        """Whether ``meet.toml`` may have changed since it was last read (one ``stat``; each request asks)."""
        return self._config_mark() != self._mark

    def refresh(self) -> None:
        """Read ``meet.toml`` again if it changed: a valid file becomes the meet's configuration for every page and
        form from now on, and nothing made under the old one is used again (the kept pages and states, the meets of
        each entry link); a file with a problem keeps the last valid configuration for reading and sets
        :attr:`config_error`, which refuses writes, until the file is valid again."""
        with self._refresh_lock:
            mark = self._config_mark()
            if mark == self._mark:
                return
            text = self._read_text()
            if text is not None and text == self._text:  # the same text (its times changed, or its digest aged)
                self._mark = mark
                return
            try:
                config = meet_config(self.folder, self.meet.registry)
            except PodiumError as error:
                self.config_error = error
            else:
                meet = Meet(self.folder, self.meet.registry, store=self.meet.store, actor=ORGANISER, config=config)
                with self._cache_lock:
                    self.meet = meet
                    self._acting = {ORGANISER: meet}
                    self._cache.clear()
                self.config_error = None
            self._mark, self._text = mark, text

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

    def cached(self, name: str, make: Callable[[], T], version: int | None = None, config: object = None) -> T:
        """``make()`` once per ``version`` of what it shows (by default the journal's last entry number) and
        configuration: the same answer until the journal grows or ``meet.toml`` changes. Without ``version`` the
        entry number is read before ``make`` reads the journal, so what is kept is never older than the number it
        is kept under; a caller giving ``version`` makes it from the state that version was read from, and gives
        that state's ``config`` (else the meet's configuration now is taken), so that an answer made from a state
        read before ``meet.toml`` changed is never kept as the answer under the new one.

        One thread makes a missing answer while the others asking for it wait for that one (a board that fifty
        phones reload after an entry is made once, not fifty times).
        """
        if config is None:
            config = self.meet.config
        if version is None:
            version = self.meet.last_entry()
        with self._cache_lock:
            found = self._cache.get(name)
            if found is not None and found[0] is config and found[1] == version:
                return found[2]  # type: ignore[return-value]
            making = self._making.setdefault(name, threading.Lock())
        with making:
            with self._cache_lock:
                found = self._cache.get(name)
                if found is not None and found[0] is config and found[1] == version:
                    return found[2]  # type: ignore[return-value]
            value = make()
            with self._cache_lock:
                if config is self.meet.config:  # not once meet.toml changed meanwhile
                    self._cache[name] = (config, version, value)
        return value

    def state(self) -> MeetState:
        """The meet as its journal says now, by its configuration now."""
        meet = self.meet
        return self.cached("state", meet.state, config=meet.config)

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
