"""Commands about the meet as a whole: init, sports, log."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import click

from podium.config.tables import toml_text
from podium.errors import PodiumError, Target
from podium.faces.cli.common import open_meet
from podium.faces.cli.output import echo_json, json_option, table
from podium.i18n import N_, _, current_language
from podium.views.sports import GameView, InstalledView, ScoringView, SportInfoView


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
@click.pass_context
def init(ctx: click.Context, folder: Path, template: str, list_templates: bool) -> None:
    from podium.services.initialise import describe, initialise, templates

    if list_templates:
        rows = []
        for name in templates():
            info = describe(name, current_language())
            rows.append((name, info.title, _("needs {needs}").format(needs=", ".join(info.needs)) if info.needs else ""))
        click.echo(table([_("template"), _("what"), ""], rows))
        return
    written = initialise(folder, template, current_language(), (ctx.find_root().obj or {}).get("store"))
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
    from podium.services.sport_info import describe_game, describe_sport, installed

    if check:
        from podium.faces.cli.plugin_commands import check_installed

        if sport is None:
            raise PodiumError(N_("--check needs a SPORT, e.g. podium sports badminton --check."), code="cli.check_needs_sport", target=Target(argument="sport"))
        check_installed(sport, as_json)
        return
    reg = registry()
    if game is not None:
        _game(describe_game(reg, game), as_json)
        return
    view = describe_sport(reg, sport) if sport else installed(reg)
    if as_json:
        echo_json(view)
    elif isinstance(view, InstalledView):
        _print_installed(view)
    else:
        _print_sport(view)


def _print_installed(view: InstalledView) -> None:
    click.echo(_("Sports"))
    click.echo(table([_("code"), _("title"), _("entrants"), _("provided by")],
                     [(s.name, s.title.get(), _(", ").join(k.title for k in s.entrants), s.provided_by) for s in view.sports]))
    click.echo()
    click.echo(_("Formats"))
    click.echo(table([_("code"), _("title"), _("provided by")], [(f.name, f.title.get(), f.provided_by) for f in view.formats]))
    click.echo()
    click.echo(_("Tie-breakers"))
    click.echo(table([_("code"), _("title"), _("source"), _("provided by")],
                     [(t.name, t.title.get(), t.source_title.get(), t.provided_by) for t in view.tiebreakers]))
    if view.games:
        click.echo()
        click.echo(_("Games (use with game = \"NAME\" in an event; details: podium sports --game NAME)"))
        click.echo(table([_("code"), _("title"), _("sport"), _("entrants"), _("measure"), _("format"), _("source")],
                         [(g.name, g.title.get(), g.sport_title.get(), g.kind.title, g.measure_title.get() if g.measure_title else "",
                           g.format_title.get(), g.source_title.get()) for g in view.games]))


def _print_sport(view: SportInfoView) -> None:
    click.echo(f"{view.name}  " + _("{title}  ({provider})").format(title=view.title.get(), provider=view.provided_by))
    click.echo(_("Entrants: {kinds}").format(kinds=_(", ").join(k.title for k in view.entrants)))
    click.echo()
    click.echo(_("Rule options ([events.KEY.rules] in meet.toml)"))
    click.echo(table([_("option"), _("default"), _("allowed"), _("meaning")],
                     [(o.name, toml_value(o.default), ", ".join(map(toml_value, o.choices)), o.meaning.get()) for o in view.options]))
    click.echo()
    if view.games:
        click.echo(_("Games (use with game = \"NAME\" in an event; details: podium sports --game NAME)"))
        click.echo(table([_("code"), _("title"), _("entrants"), _("measure"), _("format"), _("what")],
                         [(g.name, g.title.get(), g.kind.title, g.measure_title.get() if g.measure_title else "", g.format_title.get(),
                           g.summary.get()) for g in view.games]))
        click.echo()
    if view.measured:
        click.echo(_("Every event is measured: record performances with podium perf (see podium perf --help)."))
        return
    click.echo(scoring_line(view.scoring))
    for family, chain in view.tiebreak_titles.items():
        click.echo(_("Tie-breaks ({family}): {chain}").format(
            family=view.family_titles[family].get(), chain=_(", ").join(t.get() for t in chain) or "-"
        ))
    click.echo(_("Result examples: {examples}").format(examples="  ·  ".join(view.examples) or "-"))


def _game(view: GameView, as_json: bool) -> None:
    """``podium sports --game NAME``: one ready-made game with its rules, defaults and a meet.toml snippet."""
    if as_json:
        echo_json(view)
        return
    click.echo(" · ".join(part for part in (_("{name} ({code})").format(name=view.title.get(), code=view.name), view.sport_title.get(), view.source_title.get()) if part))
    click.echo(view.summary.get())
    click.echo()
    click.echo(_("entrants: {kind}; format: {format}").format(kind=view.kind.title, format=view.format_title.get()))
    click.echo()
    click.echo(view.snippet)


def toml_value(value: object) -> str:
    """An option's value as people read it: ``true``/``false`` for booleans, a table or list as meet.toml writes it
    (``{ 1 = 1, 2 = 2 }``), and an empty one as "none" (无), not ``{}``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (Mapping, list, tuple)):
        return toml_text(value) if value else _("none")
    return "" if value is None else str(value)


def scoring_line(scoring: ScoringView) -> str:
    """The points a match gives: a draw only where the sport has draws, a walkover's loss where it differs
    from a match lost (ITTF 3.7.5: 2 for a win, 1 for a loss, 0 for a walkover lost)."""
    parts = [_("win {points:g}").format(points=scoring.win)]
    if scoring.draws:
        parts.append(_("draw {points:g}").format(points=scoring.draw))
    parts.append(_("loss {points:g}").format(points=scoring.loss))
    if scoring.forfeit_loss != scoring.loss:
        parts.append(_("walkover lost {points:g}").format(points=scoring.forfeit_loss))
    return _("Scoring: {points}").format(points=_(", ").join(parts))


@click.command(help=_("Show the history of the meet: every draw, result and correction with its time and reason.\n\n\b\nExample:\n  podium log\n  podium log --event ms --json"))
@click.option("--event", "event", help=_("Only this event."))
@json_option
@click.pass_context
def log(ctx: click.Context, event: str | None, as_json: bool) -> None:
    from podium.journal.entries import KIND_TITLES, Kind
    from podium.services.log import log_view

    view = log_view(open_meet(ctx).state(), event)
    if as_json:
        echo_json(view.entries)
        return
    rows = [
        (e.seq, e.at.astimezone().strftime("%Y-%m-%d %H:%M:%S"), _(KIND_TITLES[Kind(e.kind)]), e.event or "", e.description.get(), e.shown_reason.get(), e.entered_by.get())
        for e in view.entries
    ]
    click.echo(table(["#", _("time"), _("kind"), _("event"), _("what"), _("reason"), _("entered by")], rows, right=(0,)))
