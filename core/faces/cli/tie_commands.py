"""Commands that settle ties and record penalties: lots, playoff, penalty."""

from __future__ import annotations

import click

from podium.faces.cli.common import open_meet
from podium.i18n import _, ngettext
from podium.views.answers import SettledTie


def _order(settled: SettledTie) -> str:
    """``1. 张伟  2. 王磊``: the order of a decided tie (of entrants, or of units), by name."""
    return "  ".join(f"{n}. {name}" for n, name in enumerate(settled.names, start=1))


@click.command(
    help=_(
        "Draw lots for the ties of EVENT that must be decided (a place the event does not let entrants share, "
        "option decide in meet.toml), or with --place for the entrants sharing place N. The seed is recorded, so "
        "the draw can be repeated and checked. --teams settles the event's team ranking instead.\n\n"
        "\b\nExample:\n  podium lots ms\n  podium lots ms --place 3 --seed 2026\n  podium lots ms --stage groups --group A\n"
        "  podium lots xq --teams"
    )
)
@click.argument("event")
@click.option("--stage", help=_("Stage whose standings are settled (default: the latest drawn stage)."))
@click.option("--group", help=_("Only this group of the stage."))
@click.option("--place", type=click.IntRange(min=1), help=_("Draw for the entrants sharing this place, even if sharing is allowed."))
@click.option("--seed", type=int, help=_("Seed of the random draw (default: a random seed, recorded)."))
@click.option("--teams", is_flag=True, help=_("Settle a tie of the event's team ranking (units by their players' places)."))
@click.pass_context
def lots(ctx: click.Context, event: str, stage: str | None, group: str | None, place: int | None, seed: int | None, teams: bool) -> None:
    from podium.services.ties import draw_lots, draw_team_lots

    meet = open_meet(ctx)
    if teams:
        if stage or group:
            raise click.UsageError(_("--teams settles the team ranking, which has no stages or groups; leave out --stage and --group."))
        for settled in draw_team_lots(meet, event, place=place, seed=seed):
            click.echo(
                _("Drew lots for place {place} of the team ranking of {event} with seed {seed}: {order}").format(
                    place=settled.place, event=settled.event_name.get(), seed=settled.seed, order=_order(settled)
                )
            )
        return
    done = draw_lots(meet, event, stage=stage, group=group, place=place, seed=seed)
    for settled in done:
        stage = settled.title.get() if settled.title is not None else settled.stage
        where = _("{stage} · group {group}").format(stage=stage, group=settled.table) if settled.table else stage
        click.echo(
            _("Drew lots for place {place} of {event} ({where}) with seed {seed}: {order}").format(
                place=settled.place, event=settled.event_name.get(), where=where, seed=settled.seed, order=_order(settled),
            )
        )


@click.command(
    help=_(
        "Record the result of a play-off among entrants of EVENT still tied after the whole chain, or sharing a "
        "place in a timed or measured event (the finish judges' order of a hand-timed dead heat): name them in "
        "the order of the play-off, best first. Tied entrants not named stay tied below them. With --teams name "
        "units tied in the event's team ranking.\n\n"
        "\b\nExample:\n  podium playoff ms 张伟 王磊 --reason \"play-off game 11-8\"\n"
        "  podium playoff ms 7 --reason \"won the play-off for first place\"\n"
        "  podium playoff b100 李明 王强 --reason \"finish judges\"\n"
        "  podium playoff xq --teams 一中 --reason \"won the team play-off 3-1\""
    )
)
@click.argument("event")
@click.argument("names", nargs=-1, required=True, metavar="ENTRANT...")
@click.option("--reason", required=True, help=_("The play-off and its result (kept in the history)."))
@click.option("--stage", help=_("Stage whose standings are settled (default: the latest drawn stage)."))
@click.option("--teams", is_flag=True, help=_("Name units tied in the event's team ranking."))
@click.pass_context
def playoff(ctx: click.Context, event: str, names: tuple[str, ...], reason: str, stage: str | None, teams: bool) -> None:
    from podium.services.ties import record_playoff, record_team_playoff

    if not reason.strip():
        raise click.BadParameter(_("the reason cannot be empty"), param_hint="--reason")
    meet = open_meet(ctx)
    if teams:
        if stage:
            raise click.UsageError(_("--teams settles the team ranking, which has no stages; leave out --stage."))
        settled = record_team_playoff(meet, event, names, reason=reason.strip())
        click.echo(
            _("Recorded the play-off for place {place} of the team ranking of {event}: {order}").format(
                place=settled.place, event=settled.event_name.get(), order=_order(settled)
            )
        )
        return
    settled = record_playoff(meet, event, names, reason=reason.strip(), stage=stage)
    click.echo(
        _("Recorded the play-off for place {place} of {event}: {order}").format(
            place=settled.place, event=settled.event_name.get(), order=_order(settled)
        )
    )


@click.command(
    help=_(
        "Record a penalty against an entrant of EVENT: a warning (CXA 2011 §18.1) or a removal from a game (CXA 2011 §18.2). "
        "Among entrants on equal points, penalised ones rank last, by severity and then number (CXA 2011 §18.5). "
        "--cancel withdraws one penalty given by mistake; both stay in the history.\n\n"
        "\b\nExample:\n  podium penalty xq 张伟 --kind warning --reason \"noise\" --match 12\n"
        "  podium penalty xq 张伟 --kind warning --cancel --reason \"wrong player\""
    )
)
@click.argument("event")
@click.argument("entrant")
@click.option("--kind", "penalty", required=True, type=click.Choice(["warning", "removal"]), help=_("Which penalty."))
@click.option("--reason", required=True, help=_("Why (kept in the history)."))
@click.option("--match", help=_("The match it was given in (number or key)."))
@click.option("--cancel", is_flag=True, help=_("Cancel one earlier penalty of this kind."))
@click.pass_context
def penalty(ctx: click.Context, event: str, entrant: str, penalty: str, reason: str, match: str | None, cancel: bool) -> None:
    from podium.services.ties import record_penalty

    if not reason.strip():
        raise click.BadParameter(_("the reason cannot be empty"), param_hint="--reason")
    done = record_penalty(open_meet(ctx), event, entrant, penalty, reason=reason.strip(), match=match, cancel=cancel)
    message = _("Cancelled a {penalty} of {name} in {event}.") if done.cancel else _("Recorded a {penalty} for {name} in {event}.")
    click.echo(message.format(penalty=_(done.penalty), name=entrant, event=done.event_name.get()))
    click.echo(
        _("{name} now has {removals} and {warnings}; among entrants on equal points they rank last (CXA 2011 §18.5).").format(
            name=entrant,
            removals=ngettext("{count} removal", "{count} removals", done.removals).format(count=done.removals),
            warnings=ngettext("{count} warning", "{count} warnings", done.warnings).format(count=done.warnings),
        )
    )
