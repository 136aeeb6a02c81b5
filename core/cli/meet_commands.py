"""Commands about the meet as a whole: init, sports, log."""

from __future__ import annotations

from pathlib import Path

import click

from podium.cli.common import open_meet
from podium.cli.output import echo_json, table
from podium.i18n import _, current_language


@click.command(
    help=_(
        "Create a meet folder DIR with a commented meet.toml and a sample entrants.csv, from a ready-made meet: "
        "a school sports day, a company games day, a club tournament… (--list-templates shows them).\n\n"
        "\b\nExample:\n  podium init spring-games\n  podium init --list-templates\n"
        "  podium init sports-day --template secondary-school\n  cd spring-games && podium entrants import entrants.csv"
    )
)
@click.argument("folder", metavar="DIR", type=click.Path(file_okay=False, path_type=Path), default=".")
@click.option("--template", "template", default="starter", show_default=True, help=_("Ready-made meet to start from."))
@click.option("--list-templates", is_flag=True, help=_("List the ready-made meets and exit."))
def init(folder: Path, template: str, list_templates: bool) -> None:
    from podium.initialise import describe, initialise, templates

    if list_templates:
        rows = []
        for name in templates():
            info = describe(name, current_language())
            rows.append((name, info.title, _("needs {needs}").format(needs=", ".join(info.needs)) if info.needs else ""))
        click.echo(table([_("template"), _("what"), ""], rows))
        return
    written = initialise(folder, template, current_language())
    for path in written:
        click.echo(_("wrote {path}").format(path=path))
    click.echo(_("Next: edit meet.toml, then run 'podium entrants import entrants.csv' in {folder}.").format(folder=folder))


@click.command(
    help=_("List every installed sport, format and tie-breaker, and the distribution that provides it.\n\n\b\nExample:\n  podium sports\n  podium sports --json")
)
@click.option("--json", "as_json", is_flag=True, help=_("Print JSON."))
def sports(as_json: bool) -> None:
    from podium.registry import registry

    reg = registry()

    def source(kind: str, name: str) -> str:
        provider = reg.provider(kind, name)
        return f"{provider.distribution} {provider.version}".strip()

    data = {
        "sports": [
            {"name": n, "title": s.title.get(), "entrants": [k.value for k in s.entrant_kinds], "provided_by": source("sport", n)}
            for n, s in sorted(reg.sports.items())
        ],
        "formats": [{"name": n, "title": f.title.get(), "provided_by": source("format", n)} for n, f in sorted(reg.formats.items())],
        "tiebreakers": [
            {"name": n, "title": t.title.get(), "source": t.source, "provided_by": source("tiebreaker", n)}
            for n, t in sorted(reg.tiebreakers.items())
        ],
    }
    if as_json:
        echo_json(data)
        return
    click.echo(_("Sports"))
    kinds = {k.value: k.title for n in reg.sports for k in reg.sports[n].entrant_kinds}
    click.echo(table([_("code"), _("title"), _("entrants"), _("provided by")],
                     [(s["name"], s["title"], ", ".join(kinds[k] for k in s["entrants"]), s["provided_by"]) for s in data["sports"]]))
    click.echo()
    click.echo(_("Formats"))
    click.echo(table([_("code"), _("title"), _("provided by")], [(f["name"], f["title"], f["provided_by"]) for f in data["formats"]]))
    click.echo()
    click.echo(_("Tie-breakers"))
    click.echo(table([_("code"), _("title"), _("source"), _("provided by")],
                     [(t["name"], t["title"], t["source"], t["provided_by"]) for t in data["tiebreakers"]]))


@click.command(help=_("Show the history of the meet: every draw, result and correction with its time and reason.\n\n\b\nExample:\n  podium log\n  podium log --event ms --json"))
@click.option("--event", "event", help=_("Only this event."))
@click.option("--json", "as_json", is_flag=True, help=_("Print JSON."))
@click.pass_context
def log(ctx: click.Context, event: str | None, as_json: bool) -> None:
    from podium.history import describe
    from podium.journal import KIND_TITLES

    meet = open_meet(ctx)
    state = meet.state()
    key = meet.config.event(event).key if event else None
    entries = [e for e in state.journal if key is None or e.event == key]
    if as_json:
        echo_json([
            {"seq": e.seq, "at": e.at.isoformat(), "kind": e.kind.value, "event": e.event, "payload": e.payload, "reason": e.reason}
            for e in entries
        ])
        return
    rows = [
        (e.seq, e.at.astimezone().strftime("%Y-%m-%d %H:%M:%S"), _(KIND_TITLES[e.kind]), e.event or "", describe(e, state), e.reason or "")
        for e in entries
    ]
    click.echo(table(["#", _("time"), _("kind"), _("event"), _("what"), _("reason")], rows, right=(0,)))
