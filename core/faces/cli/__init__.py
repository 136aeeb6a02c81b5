"""The ``podium`` command line.

Commands are loaded lazily so that ``podium --help`` and quick commands start fast;
each command parses its arguments, calls a service and formats the answer. User
mistakes end with one clear sentence on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

import click

from podium import __version__
from podium.errors import PodiumError, Target
from podium.faces.cli.click_messages import translate_click
from podium.faces.cli.help import HelpContext, adopt, speak
from podium.i18n import LANGUAGES, N_, _, current_language, default_language, use_language

translate_click()

# name: (module, attribute, short help in English — translated when shown)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "init": ("podium.faces.cli.meet_commands", "init", N_("Create a meet folder with a commented meet.toml.")),
    "sports": ("podium.faces.cli.meet_commands", "sports", N_("List installed sports, formats and tie-breakers.")),
    "entrants": ("podium.faces.cli.entrant_commands", "entrants", N_("Import and list entrants.")),
    "draw": ("podium.faces.cli.stage_commands", "draw", N_("Make the draw of an event.")),
    "matches": ("podium.faces.cli.play_commands", "matches", N_("List the matches of an event.")),
    "result": ("podium.faces.cli.play_commands", "result", N_("Enter the result of a match.")),
    "perf": ("podium.faces.cli.measure_commands", "perf", N_("Record a performance in a timed, counted or judged event.")),
    "correct": ("podium.faces.cli.play_commands", "correct", N_("Correct the result of a match, with a reason.")),
    "standings": ("podium.faces.cli.play_commands", "standings", N_("Show the standings of an event.")),
    "lots": ("podium.faces.cli.tie_commands", "lots", N_("Draw lots, with a recorded seed, for a tie that must be decided.")),
    "playoff": ("podium.faces.cli.tie_commands", "playoff", N_("Record the order a play-off gave to tied entrants.")),
    "penalty": ("podium.faces.cli.tie_commands", "penalty", N_("Record a warning or removal (ranks last among equals).")),
    "pair": ("podium.faces.cli.stage_commands", "pair", N_("Pair the next round of a Swiss.")),
    "withdraw": ("podium.faces.cli.stage_commands", "withdraw", N_("Withdraw an entrant from an event.")),
    "advance": ("podium.faces.cli.stage_commands", "advance", N_("Close a stage and draw the next one from its standings.")),
    "schedule": ("podium.faces.cli.sportsday_commands", "schedule", N_("Show the order of play; pin and move matches.")),
    "awards": ("podium.faces.cli.sportsday_commands", "awards", N_("Show the awards of the decided events.")),
    "medals": ("podium.faces.cli.sportsday_commands", "medals", N_("Show the medal table and the unit points table.")),
    "disqualify": ("podium.faces.cli.sportsday_commands", "disqualify", N_("Bar an entrant from awards and unit points.")),
    "log": ("podium.faces.cli.meet_commands", "log", N_("Show the history of the meet.")),
    "export": ("podium.faces.cli.archive_commands", "export", N_("Write the whole meet as one JSON file.")),
    "import": ("podium.faces.cli.archive_commands", "import_", N_("Recreate a meet from an export file.")),
    "backup": ("podium.faces.cli.archive_commands", "backup", N_("Copy the meet's database safely while in use.")),
    "store": ("podium.faces.cli.store_commands", "store", N_("Upgrade the meet's store, or copy a meet between SQLite and PostgreSQL.")),
    "print": ("podium.faces.cli.print_command", "print_", N_("Print draw sheets, brackets, score sheets, results and certificates.")),
    "serve": ("podium.faces.cli.serve_command", "serve", N_("Serve the meet on the web: live board, result entry, organiser's desk.")),
    "demo": ("podium.faces.cli.demo_command", "demo", N_("Run a complete sample meet into a folder.")),
    "new-sport": ("podium.faces.cli.plugin_commands", "new_sport", N_("Create a new sport plugin package, with tests that pass.")),
}

MEET_COMMANDS = frozenset(COMMANDS) - {"init", "sports", "import", "demo", "new-sport"}
"""The commands that work on the meet of ``--meet`` (or PODIUM_MEET, or the current folder): they speak
its language unless ``--lang`` is given."""

MEET_LANGUAGE_COMMANDS = frozenset({"sports"})
"""The commands that need no meet but, run in one, speak its language as the meet's own commands do."""

ROOT_HELP = N_("""Podium runs sports days and tournaments: entrants, draws, results, standings and printouts.

The meet is the current folder, or --meet DIR, or the PODIUM_MEET environment variable.

\b
Example:
  podium init my-meet && cd my-meet
  podium entrants import entrants.csv
  podium draw ms --seed 7
  podium result ms 1 "11-9 9-11 11-7 11-5"
  podium standings ms
""")


class LazyGroup(click.Group):
    """A group whose commands are imported only when used."""

    context_class = HelpContext

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module, attribute, _help = COMMANDS[name]
        with use_language("en"):  # a module words its help when imported: in English, the msgids speak() translates
            found = getattr(importlib.import_module(module), attribute)
        return adopt(found)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, _(short)) for name, (_m, _a, short) in COMMANDS.items()]
        with formatter.section(_("Commands")):
            formatter.write_dl(rows)

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(_(ROOT_HELP))

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        """click's own "did you mean" for a mistyped command: the commands are lazy, so click cannot list them itself."""
        try:
            return super().resolve_command(ctx, args)
        except click.NoSuchCommand as error:
            raise click.NoSuchCommand(error.command_name, possibilities=COMMANDS, ctx=ctx) from None

    def main(self, args: Any = None, *rest: Any, **options: Any) -> Any:
        """Run one invocation in a language of its own: ``--lang``, else the meet's (its meet.toml), else the
        environment's while the arguments are parsed (``--help`` is printed while parsing); :func:`cli`
        then settles it."""
        args = list(sys.argv[1:] if args is None else args)
        with use_language(_language_in(args) or _meet_language_in(args)):
            speak(self)
            return super().main(args, *rest, **options)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.meta[JSON_ASKED] = "--json" in args  # for a usage error of the command, found before its --json is read
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as error:
            raise brief(error) from None

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except PodiumError as error:
            fail(ctx, error)
        except click.UsageError as error:
            raise brief(error) from None
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except BrokenPipeError:  # the reader went away (``podium sports | head``): stop quietly, as other tools do
            reader_gone()
        except OSError as error:  # the file system refused a path a user gave (too long, not a folder, no permission)
            if error.filename is None:
                crashed(error)
            fail(
                ctx,
                PodiumError(
                    N_("Cannot use {path}: {reason}."), code="file.unusable", target=Target(file=error.filename),
                    path=error.filename, reason=error.strerror or str(error),
                ),
            )
        except Exception as error:  # the last resort: never a traceback, but a sentence and a crash report
            crashed(error)


def _language_in(args: list[str]) -> str | None:
    """The value of a ``--lang`` option among the root arguments, if any."""
    for index, arg in enumerate(args):
        if arg == "--lang" and index + 1 < len(args):
            return args[index + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


MEET_LANGUAGE_BYTES = 1_000_000
"""Largest meet.toml read for its language before the arguments are parsed (as :data:`podium.config.meet.MAX_MEET_BYTES`);
only a regular file is read: the meet's own checks refuse anything else, in English if need be."""


def _meet_language_in(args: list[str]) -> str | None:
    """The ``language`` that the meet a command works on asks for in its meet.toml (``--meet``, ``PODIUM_MEET``
    or the current folder), read without checking the rest of the file: so ``--help`` in a Chinese meet's
    folder, and the problems of a meet.toml that does not load, are in Chinese too."""
    folder = next((args[i + 1] for i, arg in enumerate(args[:-1]) if arg == "--meet"), None)
    folder = folder or next((arg.split("=", 1)[1] for arg in args if arg.startswith("--meet=")), None)
    return _written_meet_language(folder)


def _written_meet_language(folder: str | None) -> str | None:
    """The ``language`` the meet.toml of ``folder`` (else ``PODIUM_MEET``, else the current folder) writes, if
    any: read without checking the rest of the file, and ``None`` when there is no such file."""
    path = Path(folder or os.environ.get("PODIUM_MEET") or ".") / "meet.toml"
    try:
        import stat

        found = path.stat()
        if not stat.S_ISREG(found.st_mode) or found.st_size > MEET_LANGUAGE_BYTES:  # a pipe would never answer
            return None
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):  # the meet's own checks say what is wrong
        return None
    from podium.services.kept_config import written_language

    language = written_language(text)
    return language if language in LANGUAGES else None


class BriefUsageError(click.UsageError):
    """A usage error shown like every other error: one sentence after ``Error:`` on stderr, exit status 2.

    click shows its usage errors with a ``Usage:`` block and a "Try --help" line; this sentence says the
    mistake and which ``--help`` explains the command, or click's suggestion for a mistyped name instead.
    """

    def __init__(self, message: str, ctx: click.Context | None, suggestions: Sequence[str] = ()) -> None:
        super().__init__(message, ctx)
        self.suggestions = tuple(suggestions)

    def show(self, file: Any = None) -> None:
        """The sentence on stderr; as JSON on stdout (code ``usage``) when the command line asks for ``--json``, as
        every other error of such a command is (``docs/errors.md``)."""
        message = self.message.rstrip(".。")
        if self.suggestions:
            sentence = _("{message}; did you mean {names}?").format(
                message=message, names=_(" or ").join(f"'{name}'" for name in self.suggestions)
            )
        else:
            command = self.ctx.command_path if self.ctx is not None else "podium"
            sentence = _("{message} ('{command} --help' shows how to use it).").format(message=message, command=command)
        if self.ctx is not None and self.ctx.meta.get(JSON_ASKED):
            from podium.faces.cli.output import echo_json

            echo_json({"error": {"code": "usage", "message": sentence, "params": {}, "target": {}, "hint": None, "details": []}})
            return
        click.echo(_("Error: {message}").format(message=sentence), err=True)


JSON_ASKED = "podium.json_asked"
"""``ctx.meta`` key: whether the command line holds ``--json`` (read before its options are parsed)."""


def brief(error: click.UsageError) -> click.UsageError:
    """``error`` as a :class:`BriefUsageError`; click's bare ``podium`` (which shows the help) stays as it is."""
    if isinstance(error, BriefUsageError | click.exceptions.NoArgsIsHelpError):
        return error
    suggestions = getattr(error, "possibilities", None) or ()
    return BriefUsageError(error.message if suggestions else error.format_message(), error.ctx, suggestions)


def fail(ctx: click.Context, error: PodiumError) -> NoReturn:
    """Show a user error in the invocation's language and exit with its status (2).

    After a command given ``--json`` the error is printed to stdout as JSON (``{"error": {"code",
    "message", "params", "target", "hint", "details"}}``, see ``docs/errors.md``); otherwise its
    sentence, with its hint as the command to type, and its details go to stderr; whatever it quotes from
    the meet or the command line is shown with unsafe characters escaped (:func:`podium.model.inputs.shown`).
    """
    from podium.faces.cli.hints import error_json, shown
    from podium.faces.cli.output import echo_json, json_requested
    from podium.model.inputs import shown as escaped

    lang = current_language()
    if json_requested(ctx):
        echo_json({"error": error_json(error, lang)})
    else:
        click.echo(_("Error: {message}").format(message=escaped(shown(error.problem, lang))), err=True)
        for line in error.details:
            click.echo(f"  - {escaped(shown(line, lang))}", err=True)
    sys.exit(error.exit_code)


def reader_gone() -> NoReturn:
    """Stop after the program reading Podium's output closed the pipe: nothing more can be shown, and it is no
    error of the user's or Podium's. The rest of the output goes nowhere, so Python's own flush at exit is quiet too."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    sys.exit(1)


def crashed(error: Exception) -> None:
    """Say in one sentence that Podium stopped on a problem it did not foresee, and where the details are.

    The traceback goes to a crash report (:func:`podium.faces.cli.crash.write_report`), not to the screen;
    a write in progress was rolled back by the store's transaction.
    """
    from podium.faces.cli.crash import write_report

    report = write_report(error, sys.argv)
    kind = type(error).__name__
    if isinstance(report, str):
        click.echo(
            _("Error: Podium stopped on a problem it did not expect ({kind}); nothing more was written, and the details could not be saved ({reason}).").format(
                kind=kind, reason=report
            ),
            err=True,
        )
    else:
        click.echo(
            _("Error: Podium stopped on a problem it did not expect ({kind}); nothing more was written. The details are in {path}; please send that file to whoever looks after Podium.").format(
                kind=kind, path=report
            ),
            err=True,
        )
    sys.exit(PodiumError.exit_code)


class TranslatedOption(click.Option):
    """An option whose help (marked with ``N_``) is translated when shown, not when defined."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        record = super().get_help_record(ctx)
        if record is None or not self.help:
            return record
        return record[0], record[1].replace(self.help, _(self.help))


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--meet", "meet", metavar="DIR", cls=TranslatedOption, help=N_("The meet folder (default: PODIUM_MEET or the current folder).")
)
@click.option(
    "--store", "store", metavar="URL", cls=TranslatedOption,
    help=N_("Where the meet's journal is kept: a PostgreSQL URL (default: PODIUM_STORE, [store] in meet.toml, or meet.sqlite in the meet folder)."),
)
@click.option("--lang", type=click.Choice(LANGUAGES), cls=TranslatedOption, help=N_("Language of messages and documents (zh or en)."))
@click.version_option(__version__, prog_name="podium", cls=TranslatedOption, help=N_("Show the version and exit."))
@click.pass_context
def cli(ctx: click.Context, meet: str | None, store: str | None, lang: str | None) -> None:
    ctx.obj = {"meet": meet, "store": store, "lang": lang}
    ctx.with_resource(use_language(lang or _meet_language(ctx) or default_language()))


def _meet_language(ctx: click.Context) -> str | None:
    """The language of the meet a command works on, if it has one that loads (its errors are shown when
    the command opens it); the meet is kept for the command (:func:`podium.faces.cli.common.open_meet`). A
    command of :data:`MEET_LANGUAGE_COMMANDS` reads only the language its meet.toml writes, and needs none."""
    if ctx.invoked_subcommand in MEET_LANGUAGE_COMMANDS:
        return _written_meet_language(ctx.obj["meet"])
    if ctx.invoked_subcommand not in MEET_COMMANDS:
        return None
    from podium.faces.cli.common import say_waiting
    from podium.services.meet import Meet, find_meet_folder

    try:
        meet = Meet(find_meet_folder(ctx.obj["meet"]), on_wait=say_waiting, store_url=ctx.obj["store"], short_lived=True)
        language = meet.config.language
    except PodiumError:
        return None
    ctx.obj["opened"] = meet
    ctx.call_on_close(meet.close)
    return language


def main() -> None:
    """Entry point of the ``podium`` console script.

    A command runs once and exits, and what it makes — the journal read, the state folded from it — lives until
    then and holds no reference cycles, so the cyclic garbage collector is off: with it on, a 200-entrant round
    robin's ``podium standings`` spent a third of its time in collections that found nothing to free
    (``benchmarks/bench_cost.py``). A command that keeps running (``podium serve``) turns it on again
    (:func:`podium.faces.cli.collector.collect_while_running`). When the command is done, what it made is frozen
    out of the collection Python still makes as it exits, which would walk all of it to find nothing (0.13 s of
    that same command). Nor is it freed: the process ends as soon as the command is done (:func:`leave`).
    """
    gc.disable()
    try:
        cli(prog_name="podium")
    except SystemExit as done:
        leave(done.code)  # while the exit is handled, what the command made is still held (its frames)
    finally:
        gc.freeze()


def leave(code: object) -> NoReturn:
    """End the process with the status ``code`` of a finished command (``sys.exit``'s argument), without freeing
    the objects it made one by one and taking Python's modules apart: that took a 200-entrant round robin's
    ``podium standings`` 0.01–0.02 s, for memory the system takes back at once.

    What Python's own exit does that matters still happens first: the output is flushed and the exit handlers run
    (the methods :mod:`podium.code_cache` keeps, temporary folders). While another thread runs (a PostgreSQL
    store's pool) the process exits as Python does, which waits for it.
    """
    import atexit
    import threading

    run_exit_handlers = getattr(atexit, "_run_exitfuncs", None)
    if run_exit_handlers is None or threading.active_count() > 1:
        raise SystemExit(code)
    if code is None or isinstance(code, int):
        status = code or 0
    else:  # sys.exit("…") says why on stderr, then fails
        print(code, file=sys.stderr)
        status = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (BrokenPipeError, ValueError):  # the reader went away (``podium sports | head``), or it was closed
            status = status or 1
    run_exit_handlers()
    os._exit(status)
