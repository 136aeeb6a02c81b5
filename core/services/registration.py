"""Registering entrants from a file into the journal, late entries (补报) included."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import cast

from podium.config.entrants_file import parse_entrants
from podium.errors import EntrantsError, Hint, Problem, StateError, Target, as_problem
from podium.formats.measured import MeasuredView, TakesLateEntrants
from podium.i18n import N_, VERBATIM, Message
from podium.journal.entries import Kind
from podium.journal.kinds import SPECS, EntrantsFacts, LatePlacement
from podium.journal.measured_stage import MeasuredStageState
from podium.journal.state import EventState, MeetState
from podium.model.entrants import Entrant
from podium.services.meet import Meet, NewEntry
from podium.services.performances import measured_stages
from podium.views.answers import ImportedEntrants, LateEntry
from podium.views.entrants import EntrantListView, EntrantView, EventEntrants


def import_entrants(
    meet: Meet,
    path: Path,
    *,
    event: str | None = None,
    columns: Mapping[str, str] | None = None,
    strict: bool = False,
    late: str | None = None,
) -> ImportedEntrants:
    """Import every entrant of ``path``; all rows are valid or nothing is imported. The answer names what was
    skipped or ignored (title rows, unknown columns, a stray cell far below an XLSX list).

    ``columns`` maps header texts to columns (``--columns``); ``strict`` refuses columns Podium does not
    know instead of ignoring them. ``late`` is the reason for late entries (补报): an event already drawn
    takes them when its draw allows it (a measured stage whose heats have not all started), each placed
    in the emptiest heat not yet run; the reason is kept in the journal.
    """
    config = meet.config
    event_key = config.event(event).key if event else None
    done: list[ImportedEntrants] = []

    def build(state: MeetState) -> list[NewEntry]:
        existing = {key: state.event(key).entrants for key in config.events}
        parsed = parse_entrants(path, config, existing, event=event_key, columns=columns, strict=strict)
        _check_entrants(state, path, parsed.entrants)
        entries: list[NewEntry] = []
        placed: list[LateEntry] = []
        for key, entrants in parsed.entrants.items():
            found = state.event(key)
            placements: tuple[LatePlacement, ...] = ()
            if found.drawn:
                if late is None:
                    raise _drawn_error(found, path)
                positions = late_positions(found, entrants)
                placements = tuple(LatePlacement(found.stages[0].name, e, heat) for e, heat, _number in positions)
                names = {e.key: e.name for e in entrants}
                placed += [LateEntry(key, e, names[e], number) for e, _heat, number in positions]
            entries.append(SPECS[Kind.ENTRANTS].entry(key, EntrantsFacts(tuple(entrants), path.name, placements), late))
        done.clear()
        done.append(ImportedEntrants(path.name, {key: len(e) for key, e in parsed.entrants.items()}, parsed.notes, tuple(placed)))
        return entries

    meet.append(build)
    return done[-1]


def entrant_list(state: MeetState, event: str | None = None) -> EntrantListView:
    """The entrants of every event (or of ``event``) in registration order, with their units and withdrawals."""
    keys = [state.config.event(event).key] if event else list(state.config.events)
    units = state.config.units
    return EntrantListView(
        tuple(
            EventEntrants(
                key, state.config.event(key).name, state.config.event(key).kind,
                tuple(
                    EntrantView(
                        e.key, e.event, e.kind, e.name, e.members, e.unit, units[e.unit].name if e.unit in units else None,
                        e.bib, e.seed, e.rating, e.key in state.event(key).withdrawn,
                    )
                    for e in state.event(key).entrants.values()
                ),
            )
            for key in keys
        )
    )


def _drawn_error(event: EventState, path: Path) -> StateError:
    """Why entrants cannot simply be imported into a drawn event, and what can be done."""
    if late_capable(event):
        return StateError(
            N_("{event} is already drawn; add the entrants as late entries (补报) with a reason: each goes into a heat not yet run."),
            code="entrants.event_drawn_late_possible", target=Target(event=event.key, file=path.name), event=event.config.name,
            hint=Hint("import_late"),
        )
    return StateError(
        N_("{event} is already drawn; entrants cannot be added (redraw it before any result to include them)."),
        code="entrants.event_drawn", target=Target(event=event.key), event=event.config.name,
    )


def _stage_view(stage: MeasuredStageState, draw: Mapping) -> MeasuredView:
    return MeasuredView(stage.name, stage.config.options, stage.view.entrants, draw, stage.marks, stage.complete_heats)


def late_capable(event: EventState) -> bool:
    """True when the event's draw can take a late entrant now: its only drawn stage is measured and has a heat
    not yet started with a free lane."""
    measured = measured_stages(event)
    if len(event.stages) != 1 or not measured:
        return False
    stage = measured[0]
    return isinstance(stage.format, TakesLateEntrants) and bool(stage.format.late_heats(_stage_view(stage, stage.view.draw), stage.heats))


def late_positions(event: EventState, entrants: Sequence[Entrant]) -> list[tuple[str, str, int]]:
    """Where late entrants go: ``(entrant key, heat key, heat number)``, each in the emptiest heat of the first
    round not yet started that has a free lane. Refused when the event's draw takes no late entrants."""
    measured = measured_stages(event)
    if len(event.stages) != 1 or not measured or not isinstance(measured[0].format, TakesLateEntrants):
        raise StateError(
            N_("{event} is drawn as {format}, whose draw takes no late entrants; redraw it before any result to include them."),
            code="entrants.late_not_possible", target=Target(event=event.key), event=event.config.name, format=event.stages[0].format.title,
        )
    stage = measured[0]
    fmt = cast(TakesLateEntrants, stage.format)
    draw = stage.view.draw
    heats = list(stage.heats)
    numbers = {h.key: h.number for h in stage.heats}
    found = []
    for entrant in entrants:
        open_heats = fmt.late_heats(_stage_view(stage, draw), heats)
        if not open_heats:
            raise StateError(
                N_("{event} has no heat left that has not started and has a free lane, so {name} cannot be added late."),
                code="entrants.late_no_heat", target=Target(event=event.key, entrant=entrant.name), event=event.config.name, name=entrant.name,
            )
        heat = open_heats[0]
        draw = fmt.take_late(draw, heat.key, entrant.key)
        heats = stage.format.heats(_stage_view(stage, draw))
        found.append((entrant.key, heat.key, numbers.get(heat.key, heat.number)))
    return found


def _check_entrants(state: MeetState, path: Path, grouped: Mapping[str, list[Entrant]]) -> None:
    """The sport's own entry rules (team size, gender make-up): every problem listed, nothing imported."""
    problems = []
    for key, entrants in grouped.items():
        event = state.event(key)
        field = [*event.entrants.values(), *entrants]
        for entrant in entrants:
            frame = Message("{path}: {event}: {message}", catalog=VERBATIM, path=path.name, event=key)
            problems += [
                as_problem(found, EntrantsError.default_code).framed(frame, Target(file=path.name, event=key, entrant=entrant.name))
                for found in event.sport.entrant_problems(entrant, event.config.rules, field)
            ]
    if problems:
        raise EntrantsError(
            N_("{path}: entrants break their event's rules; nothing was imported:"), code="entrants.sport_rules_broken", target=Target(file=path.name), path=path.name,
            details=tuple(problems),
        )


def registered_problems(meet: Meet) -> list[Problem]:
    """Every eligibility and quota problem of the entrants registered in ``meet`` (``meet.toml`` may have
    changed since they were imported)."""
    from podium.sportsday import entry_rules

    state = meet.state()
    registered = {key: list(state.event(key).entrants.values()) for key in state.config.events}
    return entry_rules.registered_problems(state.config, registered)
