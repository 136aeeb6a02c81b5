"""The ``podium`` command line.

Commands are loaded lazily so that ``podium --help`` and quick commands start fast;
each command parses its arguments, calls a service and formats the answer. User
mistakes end with one clear sentence on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

from podium import __version__
from podium.errors import PodiumError
from podium.i18n import LANGUAGES, _, set_language

# name: (module, attribute, short help in English — translated when shown)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "init": ("podium.cli.meet_commands", "init", "Create a meet folder with a commented meet.toml."),
    "sports": ("podium.cli.meet_commands", "sports", "List installed sports, formats and tie-breakers."),
    "entrants": ("podium.cli.entrant_commands", "entrants", "Import and list entrants."),
    "draw": ("podium.cli.stage_commands", "draw", "Make the draw of an event."),
    "matches": ("podium.cli.play_commands", "matches", "List the matches of an event."),
    "result": ("podium.cli.play_commands", "result", "Enter the result of a match."),
    "correct": ("podium.cli.play_commands", "correct", "Correct the result of a match, with a reason."),
    "standings": ("podium.cli.play_commands", "standings", "Show the standings of an event."),
    "withdraw": ("podium.cli.stage_commands", "withdraw", "Withdraw an entrant from an event."),
    "advance": ("podium.cli.stage_commands", "advance", "Close a stage and draw the next one from its standings."),
    "log": ("podium.cli.meet_commands", "log", "Show the history of the meet."),
    "demo": ("podium.cli.demo_command", "demo", "Run a complete sample meet into a folder."),
}

ROOT_HELP = """Podium runs sports days and tournaments: entrants, draws, results, standings and printouts.

The meet is the current folder, or --meet DIR, or the PODIUM_MEET environment variable.

\b
Example:
  podium init my-meet && cd my-meet
  podium entrants import entrants.csv
  podium draw ms --seed 7
  podium result ms 1 "11-9 9-11 11-7 11-5"
  podium standings ms
"""


class LazyGroup(click.Group):
    """A group whose commands are imported only when used."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module, attribute, _help = COMMANDS[name]
        return getattr(importlib.import_module(module), attribute)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, _(short)) for name, (_m, _a, short) in COMMANDS.items()]
        with formatter.section(_("Commands")):
            formatter.write_dl(rows)

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(_(ROOT_HELP))

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        rest = super().parse_args(ctx, args)
        set_language(ctx.params.get("lang"))
        return rest

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except PodiumError as error:
            fail(error)


def fail(error: PodiumError) -> None:
    """Print a user error (and its details) to stderr and exit non-zero."""
    click.echo(_("Error: {message}").format(message=error.message), err=True)
    for line in error.details:
        click.echo(f"  - {line}", err=True)
    sys.exit(error.exit_code)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--meet", "meet", metavar="DIR", help="The meet folder (default: PODIUM_MEET or the current folder).")
@click.option("--lang", type=click.Choice(LANGUAGES), help="Language of messages and documents (zh or en).")
@click.version_option(__version__, prog_name="podium")
@click.pass_context
def cli(ctx: click.Context, meet: str | None, lang: str | None) -> None:
    ctx.obj = {"meet": meet, "lang": lang}


def main() -> None:
    """Entry point of the ``podium`` console script."""
    cli(prog_name="podium")
