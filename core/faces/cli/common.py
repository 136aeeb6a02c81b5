"""What every command shares: opening the meet in the right language."""

from __future__ import annotations

from pathlib import Path

import click

from podium.errors import PodiumError
from podium.i18n import _, set_language
from podium.services.meet import Meet, find_meet_folder


def open_meet(ctx: click.Context) -> Meet:
    """The meet of this invocation, with messages switched to its language unless ``--lang`` was given."""
    options = ctx.find_root().obj or {}
    meet = Meet(find_meet_folder(options.get("meet")))
    if not options.get("lang"):
        set_language(meet.config.language)
    return meet


def not_the_meet_itself(meet: Meet, output: Path) -> None:
    """Refuse an output path that is the meet's own ``meet.toml`` or database: writing there would destroy the meet.

    SQLite's files beside the database count too: a file named ``meet.sqlite-journal`` is read as a hot
    journal to roll back, so every read-only command failed until the next write.
    """
    database = meet.store.path.resolve()
    own = (meet.config_path.resolve(), database, *(database.with_name(database.name + end) for end in ("-journal", "-wal", "-shm")))
    if output.resolve() in own:
        raise PodiumError(_("{path} is one of the meet's own files; write to another file.").format(path=output))
