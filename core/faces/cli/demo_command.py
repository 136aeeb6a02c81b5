"""``podium demo``: run the sample meet."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import click

from podium.faces.cli.sportsday_commands import counted, print_tables
from podium.i18n import _, current_language


@click.command(
    help=_(
        "Run a complete sample sports day from scratch into OUT (default ./podium-demo): entrants, draws, simulated "
        "results, standings and every printed document. Running it again replaces the previous demo folder.\n\n"
        "\b\nExample:\n  podium demo\n  podium --lang en demo /tmp/demo --no-print"
    )
)
@click.argument("out", type=click.Path(file_okay=False, path_type=Path), default="podium-demo")
@click.option("--print/--no-print", "documents", default=True, help=_("Print every kind of document into OUT/print (default) or skip printing."))
def demo(out: Path, documents: bool) -> None:
    from podium.faces.demo import run_demo

    report = run_demo(out.resolve(), current_language(), click.echo, documents=documents)
    click.echo()
    for event, name in report.winners:
        click.echo(_("Winner of {event}: {name}").format(event=event, name=name or "-"))
    click.echo()
    plan = report.plan
    what = counted(plan.matches, plan.heats)
    if plan.fits:
        click.echo(_("Order of play: {what}, all within the sessions (podium schedule shows it).").format(what=what))
    else:
        over = max((o.minutes for o in plan.overrun), default=0)
        click.echo(_("Order of play: {what}; {left} do not fit and would run {minutes} minutes past the last session (podium schedule shows where).").format(
            what=what, left=len(plan.overflow) + len(plan.unplaced), minutes=over))
    click.echo()
    print_tables(report.tables)
    click.echo()
    click.echo(_("{results} results entered. The sample meet is in {folder}.").format(results=report.results, folder=report.folder))
    click.echo(_("See it in a browser: {podium} --meet {folder} serve (then open http://127.0.0.1:8000/).").format(podium=invoked_as(), folder=out))
    click.echo(_("Try: {podium} --meet {folder} standings {event} --explain").format(podium=invoked_as(), folder=out, event=report.events[0]))


def invoked_as() -> str:
    """How to run this ``podium`` again from the same shell: ``podium`` when that name finds this program, else
    its path (``make demo`` runs ``.venv/bin/podium`` without activating the environment, where a bare
    ``podium`` is "command not found"), or ``python -m podium`` as it was started."""
    program = Path(sys.argv[0])
    if program.name == "__main__.py":  # python -m podium
        return f"{_shell_path(Path(sys.executable))} -m podium"
    found = shutil.which("podium")
    if found and Path(found).resolve() == program.resolve():
        return "podium"
    return _shell_path(program)


def _shell_path(path: Path) -> str:
    """``path`` as typed in the current folder: relative when it is below it (``.venv/bin/podium``), else absolute."""
    absolute = path.resolve() if path.parent != Path() else Path(shutil.which(str(path)) or path).resolve()
    try:
        return str(Path(os.path.relpath(absolute)) if absolute.is_relative_to(Path.cwd()) else absolute)
    except ValueError:
        return str(absolute)
