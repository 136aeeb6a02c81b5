"""Closing a stage and seeding the next one from it (``podium advance``).

A stage closes only when every match is settled and every round is laid out;
otherwise the command refuses and lists what is still open. Who goes through is
the format's answer (:meth:`podium.formats.base.Format.advancing`): the top of each
group or table by standings, the survivors of a knockout, the qualifiers of a
staged Swiss. Entrants tied at the cut whom the whole tie-break chain cannot
separate are never split silently: the command reports them, and the organiser
decides by lots (drawn here with a recorded seed) or by a play-off whose order is
given with ``--order`` and a reason. The ADVANCE entry records who went through
and how any tie was decided; the next stage's DRAW follows in the same transaction.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from podium.errors import Hint, PodiumError, StateError, Target
from podium.formats.base import Cut
from podium.formats.measured import round_title
from podium.i18n import N_, Localized, _, listed, ngettext
from podium.journal.entries import Kind
from podium.journal.kinds import SPECS, AdvanceFacts, LotsFacts
from podium.journal.stages import StageState
from podium.journal.state import EventState, MeetState
from podium.model.matches import Match
from podium.services.draws import new_seed, stage_entries
from podium.services.meet import Meet, NewEntry
from podium.views.answers import Advanced


def describe_cuts(event: EventState, cuts: Sequence[Cut]) -> str:
    """One sentence per cut: who is tied and for how many places."""
    parts = []
    for cut in cuts:
        names = _(", ").join(_name(event, key) for key in cut.tied)
        where = _(" in group {group}").format(group=cut.table) if cut.table else ""
        parts.append(ngettext("{names} are tied{where} for {places} place", "{names} are tied{where} for {places} places", cut.places).format(names=names, where=where, places=cut.places))
    return "; ".join(parts)


def unsettled(stage: StageState) -> list[Match]:
    """The matches of a stage still to play: neither a bye, nor with a result, nor settled by a ruling (a walkover);
    the stage cannot close while there is one (:func:`check_complete`)."""
    return [m for m in stage.matches if not m.is_bye and m.key not in stage.results and m.key not in stage.rulings]


def open_matches(event: EventState, stage: StageState) -> Localized:
    """The open matches of a stage as "#5 A – B, #7 C – D" (at most ten, then an ellipsis)."""
    unsettled_matches = unsettled(stage)
    shown = []
    for match in unsettled_matches[:10]:
        sides = [_name(event, k) if k is not None else "?" for k in match.entrants]
        shown.append(f"#{match.number} {sides[0]} – {sides[1]}")
    if len(unsettled_matches) > 10:
        shown.append("…")
    return listed(shown)


def check_complete(event: EventState, stage: StageState) -> None:
    """Refuse unless ``stage`` is complete, naming what is still open."""
    if stage.complete:
        return
    if not stage.pending() and not stage.format.finished(stage.view, stage.matches):
        raise StateError(
            N_("Stage '{stage}' of {event} has rounds still to pair."), code="advance.rounds_to_pair", target=Target(event=event.key, stage=stage.name), hint=Hint("pair", event=event.key), stage=stage.config.title, event=event.config.name
        )
    raise StateError(
        N_("Stage '{stage}' of {event} is not complete; still open: {matches}."), code="advance.stage_unfinished", target=Target(event=event.key, stage=stage.name), stage=stage.config.title, event=event.config.name, matches=open_matches(event, stage)
    )


def lots_for(event: EventState, stage: StageState, cuts: Sequence[Cut], seed: int) -> tuple[list[str], list[dict[str, Any]], list[NewEntry]]:
    """Draw lots among the entrants tied at each cut: their order, the record, and the LOTS entries.

    The entries have the form ``podium lots`` writes (:mod:`podium.services.ties`), so the
    standings rank the tied entrants in the drawn order from then on; each cut gets
    its own seed (``seed``, ``seed + 1``…), and ``random.Random(seed).sample(sorted(tied), n)``
    repeats the draw.
    """
    drawn: list[str] = []
    decided: list[dict[str, Any]] = []
    entries: list[NewEntry] = []
    for index, cut in enumerate(cuts):
        cut_seed = seed + index
        order = random.Random(cut_seed).sample(sorted(cut.tied), len(cut.tied))
        drawn += order
        decided.append({"table": cut.table, "tied": sorted(cut.tied), "order": order, "by": "lots", "seed": cut_seed})
        entries.append(SPECS[Kind.LOTS].entry(event.key, _decision(stage, cut, order, "lots", cut_seed)))
    return drawn, decided, entries


def playoff_for(event: EventState, stage: StageState, cuts: Sequence[Cut], order: Sequence[str], reason: str | None) -> list[NewEntry]:
    """LOTS entries of method ``playoff`` recording the order a play-off gave at each cut it covers."""
    entries: list[NewEntry] = []
    for cut in cuts:
        ranked = [key for key in order if key in cut.tied]
        if set(ranked) == set(cut.tied):
            entries.append(SPECS[Kind.LOTS].entry(event.key, _decision(stage, cut, ranked, "playoff", None), reason))
    return entries


def _decision(stage: StageState, cut: Cut, order: Sequence[str], method: str, seed: int | None) -> LotsFacts:
    return LotsFacts(stage.name, cut.place, tuple(sorted(cut.tied)), tuple(order), method, cut.table, seed)


def current_stage(state: MeetState, event_key: str) -> tuple[EventState, StageState]:
    """The event and its last drawn stage; refused when the event is not drawn yet."""
    event = state.event(event_key)
    if not event.drawn:
        raise StateError(N_("{event} has not been drawn yet."), code="event.not_drawn", target=Target(event=event_key), hint=Hint("draw", event=event_key), event=event.config.name)
    return event, event.stages[-1]


def check_decision(lots: bool, order: Sequence[str], reason: str | None) -> None:
    """Refuse both --lots and --order, and --order without a reason."""
    if lots and order:
        raise PodiumError(N_("Give either --lots or --order, not both."), code="advance.lots_and_order", target=Target(argument="order"))
    if order and not (reason and reason.strip()):
        raise PodiumError(N_("--order needs --reason saying how the tie was decided (for example 'play-off on 12 May')."), code="advance.order_reason_missing", target=Target(argument="reason"))


def advance(
    meet: Meet,
    event_key: str,
    *,
    seed: int | None = None,
    lots: bool = False,
    order: Sequence[str] = (),
    reason: str | None = None,
) -> Advanced:
    """Close the current stage of ``event_key`` and draw the next one from its qualifiers."""
    check_decision(lots, order, reason)
    seed = seed if seed is not None else new_seed()
    event_key = meet.config.event(event_key).key
    report: list[Advanced] = []

    def build(state: MeetState) -> list[NewEntry]:
        event, stage = current_stage(state, event_key)
        names = [s.name for s in event.config.stages]
        index = names.index(stage.name)
        if index + 1 == len(names):
            coming = stage.expected_heats  # a measured stage's rounds still to come
            if coming:  # heats and final, rounds with cuts, qualifying rounds: a round is laid out when the one before is complete
                raise StateError(
                    N_("{event} has no stage after this one: its {round} is drawn by itself once every heat before it has a result."),
                    code="advance.round_comes_by_itself", target=Target(event=event_key, stage=stage.name), hint=Hint("perf"),
                    event=event.config.name, round=Localized.of(round_title, coming[0].round_name),
                )
            raise StateError(
                N_("Stage '{stage}' is the last stage of {event}; there is nothing to advance to."), code="advance.last_stage", target=Target(event=event_key, stage=stage.name), stage=stage.config.title, event=event.config.name
            )
        check_complete(event, stage)
        given = [event.entrant(reference).key for reference in order]
        entries: list[NewEntry] = []
        decided: list[dict[str, Any]] = []
        tied = stage.advancing(event).cuts
        if tied and lots:
            drawn, decided, entries = lots_for(event, stage, tied, seed)
            given = drawn
        elif tied and given:
            entries = playoff_for(event, stage, tied, given, reason)
        result = stage.advancing(event, given)
        if result.cuts:
            raise StateError(
                N_("The qualifying cut of stage '{stage}' is tied: {ties}."), code="advance.cut_tied", target=Target(event=event_key, stage=stage.name), hint=Hint("decide_cut_then_advance", event=event_key), stage=stage.config.title, ties=Localized.of(describe_cuts, event, result.cuts)
            )
        if tied and order:
            decided.append({"order": given, "by": "order"})
        next_config = event.config.stages[index + 1]
        keys = [e.key for e in result.entrants]
        closed = AdvanceFacts(stage.name, next_config.name, tuple(keys), tuple(decided))
        entries.append(SPECS[Kind.ADVANCE].entry(event_key, closed, reason.strip() if reason else None))
        draw_entries, draw_report = stage_entries(event, next_config, list(result.entrants), seed=seed)
        entries += draw_entries
        report.append(
            Advanced(
                event_key, stage.name, stage.config.title, next_config.name, tuple(keys), tuple(_name(event, k) for k in keys),
                tuple(tuple(_name(event, k) for k in d["order"]) for d in decided), draw_report,
            )
        )
        return entries

    meet.append(build)
    return report[-1]


def _name(event: EventState, key: str) -> str:
    entrant = event.entrants.get(key)
    return entrant.name if entrant else key
