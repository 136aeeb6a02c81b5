"""What every command shares: opening the meet in the right language."""

from __future__ import annotations

import click

from podium.i18n import set_language
from podium.meet import Meet, find_meet_folder


def open_meet(ctx: click.Context) -> Meet:
    """The meet of this invocation, with messages switched to its language unless ``--lang`` was given."""
    options = ctx.find_root().obj or {}
    meet = Meet(find_meet_folder(options.get("meet")))
    if not options.get("lang"):
        set_language(meet.config.language)
    return meet
