"""``podium store upgrade`` and ``podium store copy``: the store of a meet (docs/postgresql.md)."""

from __future__ import annotations

import click

from podium.faces.cli.common import open_meet, say_waiting
from podium.i18n import _, ngettext


@click.group(
    help=_(
        "Work on the store that keeps the meet's journal: the SQLite file in the meet folder, or a PostgreSQL "
        "database (--store URL, PODIUM_STORE, or [store] url in meet.toml).\n\n"
        "\b\nExample:\n  podium store upgrade\n  podium store copy . postgresql://db.school/podium?meet=day"
    )
)
def store() -> None:
    """The commands on a meet's store."""


@store.command(
    short_help=_("Bring the store to the schema this Podium writes."),
    help=_(
        "Bring the meet's store to the schema this Podium writes (a PostgreSQL database: every meet in it). "
        "Safe to run again, and while others write.\n\n\b\nExample:\n  podium store upgrade"
    )
)
@click.pass_context
def upgrade(ctx: click.Context) -> None:
    meet = open_meet(ctx)
    before, after = meet.store.upgrade()
    if before == after:
        click.echo(_("{store} is up to date (schema {version}).").format(store=meet.store.location, version=after))
    else:
        click.echo(_("{store} upgraded from schema {before} to {after}.").format(store=meet.store.location, before=before, after=after))


@store.command(
    short_help=_("Copy a meet between SQLite and PostgreSQL, either way."),
    help=_(
        "Copy the meet's journal from the store SRC to the empty store DST, either way between SQLite and PostgreSQL. "
        "A store is a PostgreSQL URL (its meet named by ?meet=…, else by the meet folder's name), a meet folder, or a "
        "SQLite file. meet.toml stays in the meet folder: afterwards, point the meet at DST ([store] url in meet.toml).\n\n"
        "\b\nExample:\n  podium store copy . postgresql://db.school/podium?meet=day\n"
        "  podium store copy postgresql://db.school/podium?meet=day ../copy"
    )
)
@click.argument("source", metavar="SRC")
@click.argument("target", metavar="DST")
@click.pass_context
def copy(ctx: click.Context, source: str, target: str) -> None:
    from podium.services.meet import find_meet_folder
    from podium.services.stores import copy_meet

    folder = find_meet_folder((ctx.find_root().obj or {}).get("meet"))
    copied = copy_meet(folder, source, target, say_waiting)
    click.echo(
        ngettext("Copied {count} journal entry from {source} to {target}.", "Copied {count} journal entries from {source} to {target}.", copied.count).format(
            count=copied.count, source=copied.source, target=copied.target
        )
    )
