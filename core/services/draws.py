"""Making the draw of a stage, with a recorded seed or from a draw made on paper.

The seed is journaled with the resulting positions, so the same seed always gives
the same draw and the draw can be audited. A redraw (of the latest drawn stage)
is allowed only before any result of that stage was entered; it replaces the
stage and anything drawn after it. A draw made on paper is entered as a file of
positions (``position,name`` rows) and journaled the same way, without a seed.
Formats that pair round by round (Swiss) get their first round journaled with
the draw.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, cast

import attrs

from podium.config.entrants_file import read_positions
from podium.config.meet import StageConfig
from podium.errors import EntrantsError, Hint, PodiumError, StateError, Target, as_problem
from podium.formats.base import Format, StageEntrant
from podium.i18n import N_, Message, N_plural, listed
from podium.journal.entries import Kind
from podium.journal.kinds import REDRAW, SPECS, DrawFacts, stored
from podium.journal.state import EventState, MeetState, build_stage, unjournaled_draw
from podium.measure.sport import MeasuredSport
from podium.model.sports import field_problems
from podium.services.meet import Meet, NewEntry
from podium.views.answers import Drawn, DrawnEvents


def new_seed() -> int:
    """A fresh random seed for a draw or lots (recorded, so the result can be reproduced)."""
    return secrets.randbelow(10**6)


def stage_entrants(state: MeetState, event_key: str) -> list[StageEntrant]:
    """The entrants of an event who take part in its first stage (registration order). In a measured event an
    entrant without a seed number is seeded by its entry mark, after the seeded ones (World Athletics TR 20.3)."""
    event = state.event(event_key)
    taking = [e for e in event.entrants.values() if e.key not in event.withdrawn]
    ranks: dict[str, int] = {}
    if event.sport.measured(event.config.rules):  # only a measured sport says so (Sport.measured)
        ranks = cast(MeasuredSport, event.sport).entry_ranks(taking, event.config.rules)
    after = max((e.seed for e in taking if e.seed is not None), default=0)
    return [
        StageEntrant(key=e.key, seed=e.seed if e.seed is not None else (after + ranks[e.key] if e.key in ranks else None),
                     unit=e.unit, rating=e.rating)
        for e in taking
    ]


def draw_payload(
    entrants: Sequence[StageEntrant], stage: str, draw: Mapping[str, Any], seed: int | None, file: str | None = None
) -> dict[str, Any]:
    """The stored facts of a draw (:class:`podium.journal.kinds.DrawFacts`)."""
    return stored(DrawFacts(stage, seed, tuple(entrants), draw, file))


def stage_entries(
    event: EventState,
    stage: StageConfig,
    entrants: Sequence[StageEntrant],
    *,
    seed: int | None,
    positions: Mapping[str, tuple[int, str]] | None = None,
    file: str | None = None,
    reason: str | None = None,
) -> tuple[list[NewEntry], Drawn]:
    """The journal entries that draw ``stage`` for ``entrants`` (the draw, and a first round when the format pairs rounds);
    ``positions`` gives, for a draw made on paper, each entrant's line in the ``file`` and its position there."""
    if len(entrants) < 2:
        raise StateError(
            N_plural("Stage '{stage}' of {event} would have {count} entrant; a draw needs at least 2.", "Stage '{stage}' of {event} would have {count} entrants; a draw needs at least 2."), code="draw.too_few_in_stage", target=Target(event=event.key, stage=stage.name), stage=stage.title, event=event.config.name, count=len(entrants)
        )
    problems = field_problems(event.sport, event.config.rules, (event.entrants[e.key] for e in entrants))
    if problems:
        raise StateError(
            N_plural("{event} cannot be drawn: {count} entrant does not fit its rules (change meet.toml or withdraw it):", "{event} cannot be drawn: {count} entrants do not fit its rules (change meet.toml or withdraw them):"), code="draw.entrants_break_rules", target=Target(event=event.key), event=event.config.name, count=len(problems),
            details=tuple(as_problem(found, EntrantsError.default_code) for found in problems),
        )
    fmt: Format = event.registry.format(stage.format)
    if positions is not None:
        try:
            draw = fmt.place(entrants, {key: position for key, (_line, position) in positions.items()}, stage.options)
        except PodiumError as error:
            raise _on_paper(error, event, positions, file or "") from None
    else:
        draw = fmt.draw(entrants, stage.options, random.Random(seed))
    entries: list[NewEntry] = [SPECS[Kind.DRAW].entry(event.key, DrawFacts(stage.name, seed, tuple(entrants), draw, file), reason)]
    payload = entries[0][2]
    drawn, _number = build_stage(event, stage, unjournaled_draw(event.key, payload), 0)  # what the draw lays out
    plan = fmt.next_round(drawn.view, drawn.matches, None)
    if plan is not None and plan.payload is not None:
        entries.append(SPECS[Kind.ROUND].entry(event.key, SPECS[Kind.ROUND].decode(plan.payload)))
        drawn, _number = build_stage(event, stage, unjournaled_draw(event.key, payload), 0, rounds=(plan.payload,))
    playable = sum(1 for m in drawn.matches if not m.is_bye)
    return entries, Drawn(event.key, event.config.name, stage.name, stage.title, seed, len(entrants), playable, len(drawn.heats), file)


def draw_all(meet: Meet, *, seed: int | None = None) -> DrawnEvents:
    """Draw every event that is not drawn yet and has at least two entrants, each in its own entry with its own
    seed (``seed`` for all of them when given), in the order of ``meet.toml``. A draw refused (an entry rule, the
    format's limits) stops there: the events drawn before it stay drawn, as if drawn one by one."""
    state = meet.state()
    drawn: list[Drawn] = []
    already: list[EventState] = []
    too_few: list[EventState] = []
    for event in state.events():
        if event.drawn:
            already.append(event)
        elif len(stage_entrants(state, event.key)) < 2:
            too_few.append(event)
        else:
            drawn.append(make_draw(meet, event.key, seed=seed))
    return DrawnEvents(
        tuple(drawn), tuple(e.key for e in already), tuple(e.key for e in too_few),
        tuple(e.config.name for e in already), tuple(e.config.name for e in too_few),
    )


def make_draw(
    meet: Meet, event_key: str, *, seed: int | None = None, redraw: bool = False, positions: Path | None = None
) -> Drawn:
    """Draw the first stage of ``event_key`` (or, with ``redraw``, the latest drawn stage again) and journal it."""
    if positions is not None and seed is not None:
        raise PodiumError(N_("Give either --seed or --from, not both: a draw made on paper has no seed."), code="draw.seed_and_file", target=Target(argument="seed"))
    rows = read_positions(positions) if positions is not None else None
    seed = seed if seed is not None or rows is not None else new_seed()
    event_key = meet.config.event(event_key).key
    report: list[Drawn] = []

    def build(state: MeetState) -> list[NewEntry]:
        event = state.event(event_key)
        if event.drawn and not redraw:
            raise StateError(
                N_("{event} is already drawn."), code="draw.already_drawn", target=Target(event=event_key, argument="redraw"), hint=Hint("redraw"), event=event.config.name
            )
        if event.drawn:
            stage = event.stages[-1]
            if stage.has_results:
                raise StateError(
                    N_("Stage '{stage}' of {event} cannot be redrawn because results have been entered; correct those results instead."),
                    code="draw.results_entered", target=Target(event=event_key, stage=stage.name), stage=stage.config.title, event=event.config.name
                )
            config = stage.config
            if stage is event.stages[0]:
                entrants = stage_entrants(state, event_key)
            else:
                entrants = [e for e in stage.view.entrants if e.key not in event.withdrawn]
        else:
            config = event.config.stages[0]
            entrants = stage_entrants(state, event_key)
            if len(entrants) < 2:
                raise StateError(
                    N_plural("{event} has {count} entrant; a draw needs at least 2.", "{event} has {count} entrants; a draw needs at least 2."), code="draw.too_few_entrants", target=Target(event=event_key), hint=Hint("import_entrants"), event=event.config.name, count=len(entrants)
                )
        placed = _placed(event, entrants, rows, positions) if rows is not None else None
        entries, done = stage_entries(
            event,
            config,
            entrants,
            seed=seed,
            positions=placed,
            file=positions.name if positions is not None else None,
            reason=REDRAW if event.drawn else None,
        )
        report.append(attrs.evolve(done, unused_seeds=_unused_seeds(event, config, entrants) if rows is None else 0))
        return entries

    meet.append(build, event_key)
    return report[-1]


def _unused_seeds(event: EventState, config: StageConfig, entrants: Sequence[StageEntrant]) -> int:
    """How many of the entrants of the event's first stage carry a seed number its draw does not use (a round robin
    numbered by lot): the entrants file gave them, and the organiser should hear they were left out. A later stage's
    entrants are seeded by their places, which its format uses or not by design."""
    if config.name != event.config.stages[0].name or event.registry.format(config.format).uses_seeds(config.options):
        return 0
    return sum(1 for e in entrants if e.seed is not None)


_ENTRANT_VALUES = ("entrant", "a", "b")
"""The values of a format's error about a draw made on paper that name entrants: by key, as a format knows no names
(:meth:`podium.formats.base.Format.place`)."""


def _on_paper(error: PodiumError, event: EventState, positions: Mapping[str, tuple[int, str]], path: str) -> PodiumError:
    """``error`` of a format about a draw made on paper as the organiser reads it: the entrants it names by key named by
    their names, and placed at the line of the file of the entrant it is about (its target)."""
    found = error.problem
    names = {value: event.entrants[key].name for value, key in found.params.items() if value in _ENTRANT_VALUES and isinstance(key, str) and key in event.entrants}
    if names:
        found = attrs.evolve(found, message=Message(found.message.template, catalog=found.message.catalog, **{**found.params, **names}))
    about = found.target.entrant
    if about in positions and about in event.entrants:
        line = positions[about][0]
        found = found.framed(Message(N_("{path}: line {line}: {message}"), path=path, line=line), Target(file=path, line=line, entrant=event.entrants[about].name))
    return type(error)(found, details=error.details)


def _placed(
    event: EventState, entrants: Sequence[StageEntrant], rows: Sequence[tuple[int, str, str]], path: Path | None
) -> dict[str, tuple[int, str]]:
    """Each stage entrant's line in a positions file and position there, from the file's rows; every entrant exactly once."""
    name = path.name if path is not None else ""
    wanted = {e.key for e in entrants}
    placed: dict[str, tuple[int, str]] = {}
    for line, position, reference in rows:
        try:
            key = event.entrant(reference).key
        except PodiumError as error:
            raise PodiumError(
                error.problem.framed(Message(N_("{path}: line {line}: {message}"), path=name, line=line), Target(file=name, line=line))
            ) from None
        named = event.entrants[key].name
        if key not in wanted:
            raise PodiumError(
                N_("{path}: line {line}: {name} is not in this stage (withdrawn or not qualified)."), code="draw.file_not_in_stage", target=Target(file=name, line=line, entrant=named), path=name, line=line, name=named
            )
        if key in placed:
            raise PodiumError(
                N_("{path}: line {line}: {name} is placed twice (line {first} places them already)."), code="draw.file_placed_twice", target=Target(file=name, line=line, entrant=named),
                path=name, line=line, name=named, first=placed[key][0],
            )
        placed[key] = (line, position)
    missing = [event.entrants[e.key].name if e.key in event.entrants else e.key for e in entrants if e.key not in placed]
    if missing:
        raise PodiumError(
            N_("{path}: every entrant needs a position; missing: {names}."), code="draw.file_positions_missing", target=Target(file=name), path=name, names=listed(missing)
        )
    return placed
