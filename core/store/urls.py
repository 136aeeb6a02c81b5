"""Which store keeps a meet's journal, from the address a person gives (docs/postgresql.md).

An address is either a PostgreSQL URL (``postgresql://user@host/database``, also ``postgres://``) or a path: a SQLite
meet folder (its ``meet.sqlite``) or a SQLite file (a backup, a copy). In a PostgreSQL URL Podium reads one parameter
of its own, ``meet``: the meet's id in the database. Without it the id is the meet folder's name, so that a folder
moved to another machine (or a second server's copy of it) finds the same meet; giving ``?meet=`` is clearer when
several people set up servers, and is what docs/postgresql.md recommends.
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Callable
from pathlib import Path

from podium.errors import PodiumError, Target
from podium.i18n import N_
from podium.store.contract import JournalStore
from podium.store.sqlite import Store

SCHEMES = ("postgresql", "postgres")


def is_postgresql(address: str) -> bool:
    """Whether ``address`` is a PostgreSQL URL."""
    return urllib.parse.urlsplit(address).scheme.lower() in SCHEMES and "://" in address


def meet_id(url: str, folder: Path) -> str:
    """The meet's id in the database at ``url``: its ``meet`` parameter, else the name of the meet folder."""
    for key, value in urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query, keep_blank_values=True):
        if key == "meet":
            return value
    return folder.resolve().name


def open_store(folder: Path, address: str | None, on_wait: Callable[[Path], None] | None = None) -> JournalStore:
    """The store at ``address`` for the meet in ``folder``: ``None`` is the folder's own SQLite file; a PostgreSQL
    URL is that database (the meet named as :func:`meet_id` says); a path is a SQLite meet folder, or a SQLite file
    when it names one (``….sqlite`` or an existing file)."""
    if address is None:
        return Store(folder, on_wait)
    if is_postgresql(address):
        from podium.store.postgresql import PostgresStore

        return PostgresStore(address, meet_id(address, folder))
    scheme = urllib.parse.urlsplit(address).scheme
    if "://" in address and scheme:
        raise PodiumError(
            N_("Podium keeps meets in PostgreSQL (postgresql://…) or in a SQLite folder or file, not at '{address}'."),
            code="store.url_unknown", target=Target(argument="store"), address=address[:200],
        )
    path = Path(address).expanduser()
    if path.suffix == ".sqlite" or path.is_file():
        return Store.of_file(path, on_wait)
    return Store(path, on_wait)



def setting(address: str, folder: Path) -> str:
    """The PostgreSQL ``address`` as ``meet.toml`` keeps it (``[store] url``): without its password (libpq finds
    it in ``~/.pgpass`` or ``PGPASSWORD``), naming the meet with ``?meet=`` so that the folder's name no longer matters."""
    from podium.store.postgresql import without_password

    shown = without_password(address)
    if "meet" in dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(shown).query)):
        return shown
    return shown + ("&" if urllib.parse.urlsplit(shown).query else "?") + urllib.parse.urlencode({"meet": meet_id(address, folder)})
