"""What every command shares: opening the meet in the right language."""

from __future__ import annotations

from pathlib import Path

import click

from podium.errors import PodiumError, Target
from podium.i18n import N_, _
from podium.services.meet import Meet, find_meet_folder


def open_meet(ctx: click.Context) -> Meet:
    """The meet of this invocation (opened once: :func:`podium.faces.cli.cli` opened it to learn its language)."""
    options = ctx.find_root().obj or {}
    opened = options.get("opened")
    if isinstance(opened, Meet):
        return opened
    meet = Meet(find_meet_folder(options.get("meet")), on_wait=say_waiting, store_url=options.get("store"), short_lived=True)
    ctx.call_on_close(meet.close)
    return meet


def say_waiting(path: Path) -> None:
    """Tell the user that the command waits for another one that is writing the meet (docs/reliability.md)."""
    from podium.store.sqlite import lock_wait

    click.echo(
        _("Waiting for another command that is writing {path} (at most {seconds} seconds in all)…").format(
            path=path, seconds=f"{lock_wait():g}"
        ),
        err=True,
    )


def not_the_meet_itself(meet: Meet, output: Path) -> None:
    """Refuse an output path that is the meet's own ``meet.toml`` or one of its store's files (the database and
    what the store keeps beside it): writing there would destroy the meet."""
    own = (meet.config_path.resolve(), *meet.store.own_files())
    if output.resolve() in own:
        raise PodiumError(N_("{path} is one of the meet's own files; write to another file."), code="file.meet_file", target=Target(file=output), path=output)
