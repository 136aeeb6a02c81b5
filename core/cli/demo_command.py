"""``podium demo``: run the sample meet."""

from __future__ import annotations

from pathlib import Path

import click

from podium.i18n import _, current_language


@click.command(
    help=_(
        "Run a complete sample meet from scratch into OUT (default ./podium-demo): entrants, draws, simulated "
        "results and standings. Running it again replaces the previous demo folder.\n\n"
        "\b\nExample:\n  podium demo\n  podium --lang en demo /tmp/demo"
    )
)
@click.argument("out", type=click.Path(file_okay=False, path_type=Path), default="podium-demo")
def demo(out: Path) -> None:
    from podium.demo import run_demo

    report = run_demo(out.resolve(), current_language(), click.echo)
    click.echo()
    for event, name in report.winners:
        click.echo(_("Winner of {event}: {name}").format(event=event, name=name or "-"))
    click.echo()
    click.echo(_("{results} results entered. The sample meet is in {folder}.").format(results=report.results, folder=report.folder))
    click.echo(_("Try: podium --meet {folder} standings {event} --explain").format(folder=out, event=report.events[0]))
