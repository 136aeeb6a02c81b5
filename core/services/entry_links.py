"""Entry links, shared by the web face (which serves them) and the print face (which prints their QR codes on
table cards and score sheets): what the web face keeps beside the meet, never in its journal: the signing secret,
the entry links the organiser made (and revoked), the organiser's sessions still open, and the
answer to every result form already recorded.

They live in ``<meet>/web/`` (``secret``, readable by its owner only, and ``web.sqlite``). An entry link is
``/entry/<token>``: the token is the link's number signed with the secret (:mod:`itsdangerous`), so it cannot be
guessed or altered; what it may enter (its :class:`Scope`), until when, and whether it was revoked are read from
``web.sqlite`` on every use, so revoking works at once. A result form carries a key signed the same way; a
form sent twice (a phone that lost the Wi-Fi and retries) finds its key here and is answered with what was
stored, so it records once.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import json
import os
import secrets
import sqlite3
import urllib.parse
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import attrs
from itsdangerous import BadSignature, URLSafeSerializer

from podium.config.meet import MeetConfig
from podium.errors import PodiumError, Target
from podium.i18n import N_, Label

WEB_FOLDER = "web"
LINK_HOURS = 12
"""How long an entry link works unless the organiser chooses otherwise."""
SESSION_HOURS = 12
"""How long an organiser's session at the desk lasts, unless signed out before."""
ENTRY_PATH = "/entry/"
"""Where an entry link's token goes in the web face's address: ``/entry/<token>``."""
SECRET_FILE = "secret"
DATABASE = "web.sqlite"

_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS links (
        id TEXT PRIMARY KEY, scope TEXT NOT NULL, label TEXT NOT NULL, created TEXT NOT NULL,
        expires TEXT NOT NULL, revoked TEXT)""",
    """CREATE TABLE IF NOT EXISTS submissions (
        key TEXT PRIMARY KEY, link TEXT NOT NULL, event TEXT NOT NULL, item TEXT NOT NULL, answer TEXT NOT NULL,
        at TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, started TEXT NOT NULL, ended TEXT)""",
)


class LinkRefused(PodiumError):
    """An entry link that does not let its holder enter this (HTTP 403)."""


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def read_secret(meet_folder: Path) -> bytes:
    """The meet's web secret, made on first use: 32 random bytes, in a file only its owner may read."""
    folder = meet_folder / WEB_FOLDER
    folder.mkdir(mode=0o700, exist_ok=True)
    path = folder / SECRET_FILE
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text(encoding="ascii").strip().encode("ascii")
    value = secrets.token_hex(32)
    with os.fdopen(descriptor, "w", encoding="ascii") as handle:
        handle.write(value + "\n")
    return value.encode("ascii")


@attrs.frozen
class Scope:
    """What an entry link may enter: every match and heat of a venue, of one table (court, lane, board) of a venue,
    or one match or heat."""

    kind: str
    """``venue``, ``table`` or ``match``."""
    venue: str | None = None
    table: str | None = None
    """The resource as meet.toml names it (``T1``)."""
    event: str | None = None
    item: str | None = None
    """The key of the match or heat (``R1.2``, ``H1``)."""

    def covers(self, event: str, item: str, venue: str | None, resources: tuple[str, ...]) -> bool:
        """Whether the match or heat ``item`` of ``event``, played at ``venue`` on ``resources`` (as the order of
        play places it; ``None`` and empty when it has no place), is within this scope."""
        if self.kind == "match":
            return (self.event, self.item) == (event, item)
        if venue is None or venue != self.venue:
            return False
        return self.kind == "venue" or self.table in resources

    def as_json(self) -> dict[str, str | None]:
        return attrs.asdict(self)


@attrs.frozen
class EntryLink:
    """An entry link as the organiser made it."""

    id: str
    scope: Scope
    label: str
    created: dt.datetime
    expires: dt.datetime
    revoked: dt.datetime | None

    def usable(self, now: dt.datetime) -> bool:
        return self.revoked is None and now < self.expires


def _within_session(started: str, now: dt.datetime) -> bool:
    """Whether a session started at ``started`` (as stored) still lasts at ``now``: :data:`SESSION_HOURS` from its start."""
    return now < dt.datetime.fromisoformat(started) + dt.timedelta(hours=SESSION_HOURS)


class WebStore:
    """The web face's own small database beside the meet (``<meet>/web/web.sqlite``) and its signed tokens."""

    def __init__(self, meet_folder: Path) -> None:
        self.path = meet_folder / WEB_FOLDER / DATABASE
        secret = read_secret(meet_folder)
        self._secret = secret
        self._links = URLSafeSerializer(secret, salt="podium.entry-link")
        self._forms = URLSafeSerializer(secret, salt="podium.entry-form")
        with self._connection() as connection:
            for statement in _SCHEMA:
                connection.execute(statement)

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        connection = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        try:
            connection.execute("PRAGMA busy_timeout = 30000")
            yield connection
        finally:
            connection.close()

    def session_secret(self) -> str:
        """The key that signs the organiser's session cookie: derived from the meet's secret, so sessions survive
        a restart of the server."""
        return hmac.new(self._secret, b"podium.session", hashlib.sha256).hexdigest()

    def start_session(self, now: dt.datetime | None = None) -> str:
        """A new organiser's session, and its number (which the session cookie carries). The sessions that can no
        longer sign anybody in (signed out, or older than :data:`SESSION_HOURS`) are deleted then, so the table holds
        the sessions of the last hours, not every sign-in of the meet's life."""
        now = now or utc_now()
        session = secrets.token_urlsafe(24)
        with self._connection() as connection:
            connection.execute("BEGIN IMMEDIATE")
            over = [
                (found,) for found, started, ended in connection.execute("SELECT id, started, ended FROM sessions")
                if ended is not None or not _within_session(started, now)
            ]
            connection.executemany("DELETE FROM sessions WHERE id = ?", over)
            connection.execute("INSERT INTO sessions (id, started, ended) VALUES (?, ?, NULL)", (session, now.isoformat()))
            connection.execute("COMMIT")
        return session

    def session_open(self, session: object, now: dt.datetime | None = None) -> bool:
        """Whether ``session`` is an organiser's session started here, not signed out and not older than
        :data:`SESSION_HOURS`: a copy of the cookie taken before signing out no longer signs anybody in."""
        if not isinstance(session, str):
            return False
        with self._connection() as connection:
            row = connection.execute("SELECT started FROM sessions WHERE id = ? AND ended IS NULL", (session,)).fetchone()
        return row is not None and _within_session(row[0], now or utc_now())

    def end_session(self, session: object, now: dt.datetime | None = None) -> None:
        """Sign ``session`` out, on every server of the meet at once."""
        if isinstance(session, str):
            with self._connection() as connection:
                connection.execute("UPDATE sessions SET ended = ? WHERE id = ? AND ended IS NULL", ((now or utc_now()).isoformat(), session))

    def make_link(self, scope: Scope, hours: int, label: str, now: dt.datetime | None = None) -> tuple[EntryLink, str]:
        """A new entry link for ``scope`` that works for ``hours``, and its token."""
        now = now or utc_now()
        link = EntryLink(secrets.token_urlsafe(9), scope, label, now, now + dt.timedelta(hours=hours), None)
        with self._connection() as connection:
            connection.execute(
                "INSERT INTO links (id, scope, label, created, expires, revoked) VALUES (?, ?, ?, ?, ?, NULL)",
                (link.id, json.dumps(scope.as_json()), label, now.isoformat(), link.expires.isoformat()),
            )
        return link, self.token(link)

    def token(self, link: EntryLink) -> str:
        return self._links.dumps(link.id)

    def links(self) -> list[EntryLink]:
        """Every entry link made, newest first."""
        with self._connection() as connection:
            rows = connection.execute("SELECT id, scope, label, created, expires, revoked FROM links ORDER BY created DESC").fetchall()
        return [_link(row) for row in rows]

    def revoke(self, link_id: str, now: dt.datetime | None = None) -> bool:
        """Revoke a link at once; ``False`` when there is no such link or it was revoked before."""
        with self._connection() as connection:
            cursor = connection.execute(
                "UPDATE links SET revoked = ? WHERE id = ? AND revoked IS NULL", ((now or utc_now()).isoformat(), link_id)
            )
        return cursor.rowcount == 1

    def link(self, token: str, now: dt.datetime | None = None) -> EntryLink:
        """The link of ``token`` if it may be used now; refused when forged, unknown, expired or revoked."""
        try:
            link_id = self._links.loads(token)
        except BadSignature:
            link_id = None
        row = None
        if isinstance(link_id, str):
            with self._connection() as connection:
                row = connection.execute(
                    "SELECT id, scope, label, created, expires, revoked FROM links WHERE id = ?", (link_id,)
                ).fetchone()
        if row is None:
            raise LinkRefused(N_("This entry link is not valid; ask the organiser for a new one."), code="web.link_invalid")
        found = _link(row)
        if found.revoked is not None:
            raise LinkRefused(N_("This entry link was revoked; ask the organiser for a new one."), code="web.link_revoked")
        if (now or utc_now()) >= found.expires:
            raise LinkRefused(N_("This entry link expired; ask the organiser for a new one."), code="web.link_expired")
        return found

    def form_key(self, link: EntryLink, event: str, item: str) -> str:
        """A fresh key for one result form of ``item``: signed, so a form not made by this server is refused."""
        return self._forms.dumps([link.id, event, item, secrets.token_urlsafe(8)])

    def check_form_key(self, key: str, link: EntryLink, event: str, item: str) -> bool:
        """Whether ``key`` was made by :meth:`form_key` for this link and this match or heat."""
        try:
            found = self._forms.loads(key)
        except BadSignature:
            return False
        return isinstance(found, list) and found[:3] == [link.id, event, item]

    def submission(self, key: str) -> dict[str, Any] | None:
        """The answer given to the form with ``key``, if it was recorded."""
        with self._connection() as connection:
            row = connection.execute("SELECT answer FROM submissions WHERE key = ?", (key,)).fetchone()
        return json.loads(row[0]) if row else None

    def remember(self, key: str, link: EntryLink, event: str, item: str, answer: Mapping[str, Any]) -> None:
        """Keep the answer to the form with ``key``, recorded just now."""
        with self._connection() as connection:
            connection.execute(
                "INSERT OR IGNORE INTO submissions (key, link, event, item, answer, at) VALUES (?, ?, ?, ?, ?, ?)",
                (key, link.id, event, item, json.dumps(dict(answer), ensure_ascii=False), utc_now().isoformat()),
            )


def _link(row: tuple[Any, ...]) -> EntryLink:
    link_id, scope, label, created, expires, revoked = row
    return EntryLink(
        link_id, Scope(**json.loads(scope)), label, dt.datetime.fromisoformat(created), dt.datetime.fromisoformat(expires),
        dt.datetime.fromisoformat(revoked) if revoked else None,
    )


def refused_scope(event: str, name: Label, number: int) -> LinkRefused:
    """The error for a link used on a match or heat outside its scope: the event named as the referee knows it."""
    return LinkRefused(
        N_("This entry link is not for match {number} of {event}."), code="web.link_scope",
        target=Target(event=event, match=number), event=name, number=number,
    )


def table_scopes(config: MeetConfig) -> list[tuple[Scope, str]]:
    """A table scope for every table (court, lane, board) of every venue, with its label (``Sports hall Table 1``): what
    the desk's "links for every table" and ``podium print entry-cards`` make links for."""
    return [
        (Scope("table", venue=key, table=resource.name), f"{venue.name.get()} {resource.title.get()}")
        for key, venue in config.venues.items()
        for resource in venue.resources
    ]


def links_for(
    store: WebStore, scopes: Sequence[tuple[Scope, str]], hours: int, now: dt.datetime | None = None
) -> list[tuple[EntryLink, str]]:
    """An entry link and its token for each ``(scope, label)``: the newest link made for exactly that scope if it is
    still usable (neither revoked nor expired), else a new one that works for ``hours``. Printing the cards again
    therefore prints the same codes; a revoked or expired link is replaced."""
    now = now or utc_now()
    usable: dict[Scope, EntryLink] = {}
    for link in store.links():  # newest first: the first usable one of a scope is kept
        if link.usable(now):
            usable.setdefault(link.scope, link)
    found = []
    for scope, label in scopes:
        link = usable.get(scope)
        found.append((link, store.token(link)) if link is not None else store.make_link(scope, hours, label, now))
    return found


def entry_base(url: str) -> str:
    """The address referees' phones reach the web face at (``http://192.168.1.10:8000``), without a trailing ``/``;
    refused unless it is an ``http://`` or ``https://`` address with a host and no query or fragment."""
    parts = urllib.parse.urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise PodiumError(
            N_("The address {url} is not one a phone can open: give http:// or https://, the server's address and port, like http://192.168.1.10:8000."),
            code="print.url_not_http", target=Target(argument="url"), url=url,
        )
    return url.strip().rstrip("/")


def entry_url(base: str, token: str) -> str:
    """The full address of an entry link: ``base`` (checked by :func:`entry_base`) and ``/entry/<token>``."""
    return f"{base}{ENTRY_PATH}{token}"
