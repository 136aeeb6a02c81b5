"""Commands about the meet as a whole: init, sports, log."""

from __future__ import annotations

from pathlib import Path

import click

from podium.errors import PodiumError, Target
from podium.faces.cli.common import open_meet
from podium.faces.cli.output import echo_json, json_option, table
from podium.i18n import N_, _, current_language
from podium.model.entrants import EntrantKind


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
    from podium.services.initialise import describe, initialise, templates

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
    help=_(
        "List every installed sport, format and tie-breaker, and the distribution that provides it. "
        "With a SPORT, show its rule options with their defaults, its scoring, tie-break chains and result examples; "
        "with --check, run Podium's conformance suite on it (exit status 1 when it finds a problem).\n\n"
        "\b\nExample:\n  podium sports\n  podium sports table_tennis\n  podium sports --json\n  podium sports badminton --check"
    )
)
@click.argument("sport", required=False)
@json_option
@click.option("--game", "game", metavar="NAME", help=_("Show one ready-made game: its rules, defaults and a meet.toml snippet."))
@click.option("--check", "check", is_flag=True, help=_("Check SPORT with Podium's conformance suite (docs/plugins.md)."))
def sports(sport: str | None, as_json: bool, game: str | None, check: bool) -> None:
    from podium.registry import registry
    from podium.services.sport_info import describe_sport, installed

    if check:
        from podium.faces.cli.plugin_commands import check_installed

        if sport is None:
            raise PodiumError(N_("--check needs a SPORT, e.g. podium sports badminton --check."), code="cli.check_needs_sport", target=Target(argument="sport"))
        check_installed(sport, as_json)
        return
    reg = registry()
    if game is not None:
        from podium.faces.cli.game_listing import echo_game

        echo_game(reg, game, as_json)
        return
    data = describe_sport(reg, sport) if sport else installed(reg)
    if as_json:
        echo_json(data)
    elif sport:
        _print_sport(data)
    else:
        _print_installed(data)


def _print_installed(data: dict) -> None:
    click.echo(_("Sports"))
    click.echo(table([_("code"), _("title"), _("entrants"), _("provided by")],
                     [(s["name"], s["title"], ", ".join(EntrantKind(k).title for k in s["entrants"]), s["provided_by"]) for s in data["sports"]]))
    click.echo()
    click.echo(_("Formats"))
    click.echo(table([_("code"), _("title"), _("provided by")], [(f["name"], f["title"], f["provided_by"]) for f in data["formats"]]))
    click.echo()
    click.echo(_("Tie-breakers"))
    click.echo(table([_("code"), _("title"), _("source"), _("provided by")],
                     [(t["name"], t["title"], t["source"], t["provided_by"]) for t in data["tiebreakers"]]))
    if data["games"]:
        click.echo()
        click.echo(_("Games (use with game = \"NAME\" in an event; details: podium sports --game NAME)"))
        click.echo(table([_("name"), _("title"), _("sport"), _("entrants"), _("measure"), _("format"), _("source")],
                         [(g["name"], g["title"], g["sport_title"], g["kind_title"], g["measure_title"], g["format_title"], g["source"])
                          for g in data["games"]]))


def _print_sport(data: dict) -> None:
    click.echo(f"{data['name']}  {data['title']}  ({data['provided_by']})")
    click.echo(_("Entrants: {kinds}").format(kinds=", ".join(EntrantKind(k).title for k in data["entrants"])))
    click.echo()
    click.echo(_("Rule options ([events.KEY.rules] in meet.toml)"))
    click.echo(table([_("option"), _("default"), _("allowed"), _("meaning")],
                     [(o["name"], toml_value(o["default"]), ", ".join(map(toml_value, o["choices"])), o["doc"]) for o in data["options"]]))
    click.echo()
    if data["games"]:
        click.echo(_("Games (use with game = \"NAME\" in an event; details: podium sports --game NAME)"))
        click.echo(table([_("name"), _("title"), _("entrants"), _("measure"), _("format"), _("what")],
                         [(g["name"], g["title"], g["kind_title"], g["measure_title"], g["format_title"], g["summary"])
                          for g in data["games"]]))
        click.echo()
    if data["measured"]:
        click.echo(_("Every event is measured: record performances with podium perf (see podium perf --help)."))
        return
    click.echo(scoring_line(data["scoring"]))
    for titles in data["tiebreak_titles"].values():
        click.echo(_("Tie-breaks ({family}): {chain}").format(family=titles["family"], chain=_(", ").join(titles["chain"]) or "-"))
    click.echo(_("Result examples: {examples}").format(examples="  ·  ".join(data["examples"]) or "-"))


def toml_value(value: object) -> str:
    """An option's value as it is written in meet.toml: ``true``/``false`` for booleans."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def scoring_line(scoring: dict) -> str:
    """The points a match gives: a draw only where the sport has draws, a walkover's loss where it differs
    from a match lost (ITTF 3.7.5: 2 for a win, 1 for a loss, 0 for a walkover lost)."""
    parts = [_("win {points:g}").format(points=scoring["win"])]
    if scoring["draws"]:
        parts.append(_("draw {points:g}").format(points=scoring["draw"]))
    parts.append(_("loss {points:g}").format(points=scoring["loss"]))
    if scoring["forfeit_loss"] != scoring["loss"]:
        parts.append(_("walkover lost {points:g}").format(points=scoring["forfeit_loss"]))
    return _("Scoring: {points}").format(points=_(", ").join(parts))


@click.command(help=_("Show the history of the meet: every draw, result and correction with its time and reason.\n\n\b\nExample:\n  podium log\n  podium log --event ms --json"))
@click.option("--event", "event", help=_("Only this event."))
@json_option
@click.pass_context
def log(ctx: click.Context, event: str | None, as_json: bool) -> None:
    from podium.journal.entries import KIND_TITLES
    from podium.journal.history import describe

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
