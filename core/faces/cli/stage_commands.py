"""Commands that move an event through its stages: draw, pair, withdraw, advance."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from podium.errors import PodiumError, Target
from podium.faces.cli.common import open_meet
from podium.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from podium.views.answers import Drawn


@click.command(
    help=_(
        "Make the draw of EVENT's first stage; with --redraw, draw the latest stage again (only before any of its "
        "results). The seed is recorded, so the same seed gives the same draw. A draw made on paper is entered with "
        "--from FILE: a CSV or XLSX file with a 'position' (签位) column and a 'name' (姓名) column, where the position "
        "is the table number (round robin, Swiss), the group and number (A3) or the bracket line (knockout; empty "
        "lines are byes).\n\n"
        "\b\nExample:\n  podium draw ms --seed 2026\n  podium draw ms --redraw   # only before any result\n"
        "  podium draw ms --from paper-draw.csv\n  podium draw --all   # every event not drawn yet"
    )
)
@click.argument("event", required=False)
@click.option("--all", "every", is_flag=True, help=_("Draw every event that is not drawn yet and has at least two entrants."))
@click.option("--seed", type=int, help=_("Seed of the random draw (default: a random seed, recorded)."))
@click.option("--redraw", is_flag=True, help=_("Draw the latest stage again (allowed only before any of its results)."))
@click.option(
    "--from",
    "positions",
    type=click.Path(dir_okay=False, path_type=Path),
    help=_("Enter a draw made on paper from a file of positions and names."),
)
@click.pass_context
def draw(ctx: click.Context, event: str | None, every: bool, seed: int | None, redraw: bool, positions: Path | None) -> None:
    from podium.faces import wording
    from podium.services.draws import draw_all, make_draw

    if every:
        if event is not None or redraw or positions is not None:
            raise PodiumError(
                N_("--all draws every event not drawn yet; give it without an event, --redraw or --from."),
                code="draw.all_with_event", target=Target(argument="all"),
            )
        done = draw_all(open_meet(ctx), seed=seed)
        for report in done.drawn:
            click.echo(_drawn(report))
        if done.already_drawn:
            click.echo(_("Already drawn, left as they are: {events}.").format(events=wording.names(done.already_drawn_names)))
        if done.too_few:
            click.echo(_("Not drawn, fewer than two entrants: {events}.").format(events=wording.names(done.too_few_names)))
        if not done.drawn:
            click.echo(_("No event was left to draw."))
        return
    if event is None:
        raise PodiumError(N_("Name the event to draw, or give --all to draw every event not drawn yet."), code="draw.event_missing", target=Target(argument="event"))
    click.echo(_drawn(make_draw(open_meet(ctx), event, seed=seed, redraw=redraw, positions=positions)))


def _listed(order: str | None) -> list[str]:
    """The names of ``--order``, split at commas (a Chinese comma too)."""
    return [part.strip() for part in (order or "").replace("，", ",").split(",") if part.strip()]


def _drawn(report: Drawn) -> str:
    """What a draw made: its heats, or its matches (from a seed or a paper draw)."""
    if report.heats:
        return ngettext(
            "Drew {name} ({stage}) with seed {seed}: {entrants} entrants in {heats} heat. See 'podium matches {event}'.",
            "Drew {name} ({stage}) with seed {seed}: {entrants} entrants in {heats} heats. See 'podium matches {event}'.",
            report.heats,
        ).format(name=report.name.get(), event=report.event, stage=report.title.get(), seed=report.seed, entrants=report.entrants, heats=report.heats)
    if report.file is not None:
        return _("Drew {name} ({stage}) from {file}: {entrants} entrants, {matches} matches. See 'podium matches {event}'.").format(
            name=report.name.get(), event=report.event, stage=report.title.get(), file=report.file, entrants=report.entrants, matches=report.matches
        )
    drawn = _("Drew {name} ({stage}) with seed {seed}: {entrants} entrants, {matches} matches. See 'podium matches {event}'.").format(
        name=report.name.get(), event=report.event, stage=report.title.get(), seed=report.seed, entrants=report.entrants, matches=report.matches
    )
    if not report.unused_seeds:
        return drawn
    note = ngettext(
        "Note: {count} entrant has a seed number, which this draw does not use. To give table numbers by seed, "
        "set numbers = \"seeds\" in the stage's [[events.{event}.stages]] table of meet.toml and redraw.",
        "Note: {count} entrants have seed numbers, which this draw does not use. To give table numbers by seed, "
        "set numbers = \"seeds\" in the stage's [[events.{event}.stages]] table of meet.toml and redraw.",
        report.unused_seeds,
    ).format(count=report.unused_seeds, event=report.event)
    return f"{drawn}\n{note}"


@click.command(
    help=_(
        "Withdraw ENTRANT (name, bib or key) from EVENT. Nothing else is written: the rules decide what happens to "
        "the matches. Round robin, as the stage's `withdrawal` option says: `half` (CXA 2011 §19.2; the default) — fewer "
        "than half of the matches played annuls all of the entrant's results, half or more keeps them and the rest are "
        "forfeits; `stand` (ITTF 3.7.5.1; table tennis's default) — every result stands and the rest are lost. Swiss: "
        "results stand and the entrant is not paired again (CXA 2011 §19.3). Knockout: the opponent advances by "
        "walkover.\n\n"
        "\b\nExample:\n  podium withdraw ms 张伟 --reason \"injured\"\n  podium withdraw ms 17 --reason \"left early\""
    )
)
@click.argument("event")
@click.argument("entrant")
@click.option("--reason", required=True, help=_("Why the entrant withdraws (kept in the history)."))
@click.pass_context
def withdraw(ctx: click.Context, event: str, entrant: str, reason: str) -> None:
    from podium.services.withdrawals import withdraw as withdraw_entrant

    report = withdraw_entrant(open_meet(ctx), event, entrant, reason)
    name = report.name
    if report.stage is None:
        click.echo(_("{name} withdrawn from {event}; they will not be in the draw.").format(name=name, event=report.event_name.get()))
    elif report.annulled:
        click.echo(
            _("{name} withdrawn after playing {played} of {scheduled} matches: fewer than half, so all of their results are annulled ({rule}).").format(
                name=name, played=report.played, scheduled=report.scheduled, rule=report.rule
            )
        )
    elif report.family == "round_robin":
        click.echo(
            _("{name} withdrawn after playing {played} of {scheduled} matches: the results stand and the unplayed matches are forfeits ({rule}).").format(
                name=name, played=report.played, scheduled=report.scheduled, rule=report.rule
            )
        )
    elif report.family == "measured":
        click.echo(_("{name} withdrawn from {event}; the withdrawal is recorded in the history.").format(name=name, event=report.event_name.get()))
    elif report.family == "swiss":
        click.echo(
            _("{name} withdrawn: the results stand and they will not be paired again ({rule}).").format(name=name, rule=report.rule)
        )
    else:
        click.echo(_("{name} withdrawn: any match they still had to play is a walkover for the opponent.").format(name=name))
    for number, opponent in zip(report.walkovers, report.opponents, strict=True):
        click.echo(_("Match {number}: {opponent} wins by walkover.").format(number=number, opponent=opponent))


@click.command(
    help=_(
        "Close the current stage of EVENT and draw the next stage from its standings: the top of each group or "
        "table, the survivors of a knockout, the qualifiers of a Swiss. Refused while matches are open. A tie at the "
        "qualifying cut that the tie-break chain cannot separate is reported; decide it by lots (--lots, seed "
        "recorded) or give the order from a play-off (--order with --reason).\n\n"
        "\b\nExample:\n  podium advance ms --seed 7\n  podium advance ms --lots\n"
        "  podium advance ms --order \"张伟,王磊\" --reason \"play-off 12 May\""
    )
)
@click.argument("event")
@click.option("--seed", type=int, help=_("Seed of the next stage's draw and of any lots (default: random, recorded)."))
@click.option("--lots", is_flag=True, help=_("Draw lots for entrants tied at the qualifying cut."))
@click.option("--order", "order", help=_("Entrants tied at the cut, best first, comma-separated (after a play-off)."))
@click.option("--reason", help=_("How the tie was decided (needed with --order; kept in the history)."))
@click.pass_context
def advance(ctx: click.Context, event: str, seed: int | None, lots: bool, order: str | None, reason: str | None) -> None:
    from podium.services.advance import advance as advance_event

    report = advance_event(open_meet(ctx), event, seed=seed, lots=lots, order=_listed(order), reason=reason)
    click.echo(
        ngettext("Stage '{stage}' closed: {count} goes through to '{next}': {names}.", "Stage '{stage}' closed: {count} go through to '{next}': {names}.", len(report.entrants)).format(
            stage=report.title.get(), count=len(report.entrants), next=report.draw.title.get(), names=_(", ").join(report.names)
        )
    )
    for decided in report.decided:
        click.echo(_("Tie at the cut decided: {order}.").format(order=" > ".join(decided)))
    click.echo(_drawn(report.draw))


@click.command(
    help=_(
        "Pair the next round of EVENT's current stage (Swiss) from the standings after the previous round, which "
        "must be complete. Round 1 is paired with the draw. Enter withdrawals first: a withdrawn entrant is not "
        "paired again. With elimination or staged qualification, a tie at the cut is decided by lots (--lots) or "
        "by the order of a play-off (--order with --reason). With --explain, each bracket is shown with its "
        "players, who floated down and why, and the criterion of FIDE C.04.3 that decided each choice.\n\n"
        "\b\nExample:\n  podium pair open\n  podium pair open --explain\n  podium pair open --lots"
    )
)
@click.argument("event")
@click.option("--seed", type=int, help=_("Seed of any lots drawn at a cut (default: random, recorded)."))
@click.option("--lots", is_flag=True, help=_("Draw lots for entrants tied at an elimination or qualification cut."))
@click.option("--order", "order", help=_("Entrants tied at the cut, best first, comma-separated (after a play-off)."))
@click.option("--reason", help=_("How the tie was decided (needed with --order; kept in the history)."))
@click.option("--explain", is_flag=True, help=_("Show how each bracket was paired and which criterion decided each choice."))
@click.pass_context
def pair(
    ctx: click.Context, event: str, seed: int | None, lots: bool, order: str | None, reason: str | None, explain: bool
) -> None:
    from podium.services.pairing import pair_next_round

    meet = open_meet(ctx)
    report = pair_next_round(meet, event, seed=seed, lots=lots, order=_listed(order), reason=reason)
    for leaving in report.leaving:
        line = _("{name} qualifies and leaves the Swiss.") if leaving.why == "qualified" else _("{name} is eliminated.")
        click.echo(line.format(name=leaving.name))
    click.echo(
        _("Paired round {round} of {name} ({stage}): {pairs} matches{bye}. See 'podium matches {event} --pending'.").format(
            round=report.round,
            name=report.name.get(),
            event=report.event,
            stage=report.title.get(),
            pairs=len(report.pairs),
            bye=_(", bye: {name}").format(name=report.bye_name) if report.bye else "",
        )
    )
    if explain and report.explanation is not None:
        from podium.faces.cli.pairing_explain import explain as explain_pairing

        entrants = meet.state().event(report.event).entrants
        for line in explain_pairing(report.explanation(), lambda key: entrants[key].name if key in entrants else key):
            click.echo(line)
