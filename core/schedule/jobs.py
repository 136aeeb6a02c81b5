"""The jobs of a meet: every match of its drawn stages, with who plays, how long and what comes first.

- People are matched across events by student number, else by name and unit (table-tennis
  plan 6 §6: one person in several events), so nobody is booked in two places at once.
- A side not yet known stands for everyone who could still fill it: the players of
  the match it comes from (``Slot.source`` ``("winner", "QF1")``), or of the group whose
  place it is (``("place", "A", 1)``); the job comes after those matches.
- Every match of a stage comes after every match of the event's earlier stages.
- A round robin (or a group) is played round by round: a match of round *r* starts once every
  match of round *r* − 1 of its table has started, so the order of play lists the rounds in order.
- A Swiss round is paired from the results of the round before (FIDE C.04.1), so a match of round *r* starts
  once every match of round *r* − 1 has finished.
- A heat of a measured stage (a race, a counted minute, a judged session) is a job too:
  its people are its entrants' people (a team's members), it takes ``per_match``
  resources of the event's kind like a match, and it comes after the heats of the
  earlier rounds of its stage (a final after all heats) and after the earlier stages.
- Durations: the event's ``round_minutes`` or ``minutes``, else the sport's estimate
  under the rules of the match's or heat's round (:meth:`podium.model.sports.Sport.match_minutes`,
  :meth:`podium.model.sports.Sport.heat_minutes`), else the meet's
  ``[schedule] minutes``.

Byes, and matches a withdrawal settled (walkovers, annulled matches: ``StageState.rulings``), are not
played, so they are no jobs. Events whose first stage is not drawn yet have no matches, so no jobs; Swiss
rounds join the plan when they are paired. The final of heats and the later rounds of a measured stage
are in the plan from the draw (:meth:`podium.formats.measured.MeasuredFormat.expected`): until their
entrants are known they keep everyone of the stage free, and they keep their number and place when they
are laid out. The stages after the last drawn one are in it too, played by stand-ins
(:mod:`podium.schedule.forecast`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

from podium.config.meet import MeetConfig, StageConfig
from podium.formats.measured import Heat
from podium.i18n import _
from podium.journal.state import EventState, MeetState
from podium.model.entrants import BYE, Entrant
from podium.model.matches import Match
from podium.schedule.forecast import Forecast, forecast
from podium.schedule.plan import Job


def person_key(name: str, unit: str | None, config: MeetConfig, student_id: str | None = None) -> str:
    """One person across events: the name with the student number (``张伟 (20260101)``: two 张伟 of one class
    are two people), else with the unit's name (``张三 (一班)``)."""
    if student_id:
        return f"{name} ({student_id})"
    return f"{name} ({config.units[unit].name})" if unit in config.units else name


def entrant_people(entrant: Entrant, config: MeetConfig) -> frozenset[str]:
    """Everyone an entrant stands for. A member of an entry without a unit (a team from several units, or a
    meet without units) and without a student number may be the person of that name in any unit, so they
    count as each of them."""
    if entrant.unit in config.units:
        return frozenset(person_key(m.name, entrant.unit, config, m.student_id) for m in entrant.members)
    return frozenset(
        key
        for member in entrant.members
        for key in (
            (person_key(member.name, None, config, member.student_id),) if member.student_id
            else (member.name, *(person_key(member.name, u, config) for u in config.units))
        )
    )


def resource_kind(event: EventState, config: MeetConfig) -> str:
    """The kind of resource an event's matches use: the event's, the meet's, or the only kind there is."""
    kinds = sorted({r.kind for venue in config.venues.values() for r in venue.resources})
    return event.config.schedule.resource or config.schedule.resource or (kinds[0] if kinds else "table")


class _Sides:
    """Who may fill the sides of a stage's matches, and what each match must wait for."""

    def __init__(self, event: EventState, index: int, people: Mapping[str, frozenset[str]], everyone: frozenset[str],
                 groups_before: Mapping[str, frozenset[str]]) -> None:
        stage = event.stages[index]
        self.tag = f"{event.key}/{stage.name}"
        self.earlier = (f"{event.key}/{event.stages[index - 1].name}",) if index else ()
        self.by_key = {m.key: m for m in stage.matches}
        self.settled = frozenset(stage.rulings)  # walkovers and annulled matches after withdrawals: never played
        self.groups = {t.name: frozenset(t.entrants) for t in stage.tables() if t.name}
        self.in_groups = {m.group for m in stage.matches if m.group}
        self.groups_before = groups_before
        self.people = people
        self.everyone = everyone
        self.cache: dict[str, frozenset[str]] = {}

    def who(self, match: Match, seen: frozenset[str] = frozenset()) -> frozenset[str]:
        """Everyone who may play ``match``: its known entrants and the candidates for its open sides."""
        if match.key in self.cache:
            return self.cache[match.key]
        found: set[str] = set()
        for slot in match.sides:
            if slot.entrant is not None:
                found |= self.people.get(slot.entrant, frozenset())
                continue
            source = slot.source or ()
            if len(source) >= 2 and source[0] in ("winner", "loser") and source[1] in self.by_key and source[1] not in seen:
                found |= self.who(self.by_key[source[1]], seen | {match.key})
            elif len(source) >= 3 and source[0] == "place":
                members = self.groups.get(source[1]) or self.groups_before.get(source[1])
                found |= frozenset().union(*(self.people.get(k, frozenset()) for k in members)) if members else self.everyone
            else:
                found |= self.everyone
        self.cache[match.key] = frozenset(found)
        return self.cache[match.key]

    def after(self, match: Match) -> tuple[str, ...]:
        """The jobs and tags ``match`` waits for: its stage's predecessors, then the sources of its open sides."""
        after = list(self.earlier)
        for slot in match.sides:
            source = slot.source or ()
            if slot.entrant is not None or not source:
                continue
            if source[0] in ("winner", "loser") and len(source) >= 2 and source[1] in self.by_key:
                origin = self.by_key[source[1]]
                if not origin.is_bye and origin.key not in self.settled:
                    after.append(f"{self.tag}/{origin.key}")
            elif source[0] == "place" and len(source) >= 3 and source[1] in self.in_groups:
                after.append(f"{self.tag}/group:{source[1]}")
        return tuple(dict.fromkeys(after))


class _Timing:
    """How long a stage's matches or heats last and which sessions they keep to, by round name."""

    def __init__(self, event: EventState, stage: StageConfig, config: MeetConfig) -> None:
        self.event = event
        self.stage = stage
        self.config = config
        self.found: dict[str | None, tuple[int, frozenset[str] | None]] = {}

    def __call__(self, round_name: str | None, *, heat: bool = False) -> tuple[int, frozenset[str] | None]:
        if round_name not in self.found:
            settings = self.event.config.schedule
            minutes = settings.round_minutes.get(round_name or "") or settings.minutes
            if minutes is None:
                rules = self.event.config.rules_for(self.stage, round_name)
                sport = self.event.sport
                minutes = sport.heat_minutes(rules) if heat else sport.match_minutes(rules)
                minutes = minutes or self.config.schedule.minutes
            sessions = settings.round_sessions.get(round_name or "") or settings.sessions
            self.found[round_name] = (max(1, math.ceil(minutes)), frozenset(sessions) if sessions else None)
        return self.found[round_name]


def event_jobs(event: EventState, position: int, config: MeetConfig) -> list[Job]:
    """The jobs of one event (``position``: its place among the meet's events, for the order of play)."""
    settings = event.config.schedule
    people = {key: entrant_people(e, config) for key, e in event.entrants.items()}
    everyone = frozenset().union(*people.values()) if people else frozenset()
    kind = resource_kind(event, config)
    resources = frozenset(settings.resources) if settings.resources else None
    rest = settings.rest if settings.rest is not None else config.schedule.rest
    jobs: list[Job] = []
    groups_before: dict[str, frozenset[str]] = {}
    for index, stage in enumerate(event.stages):
        timing = _Timing(event, stage.config, config)
        heats = stage.heats + stage.expected_heats  # a stage lays out heats, or matches (below)
        contenders = frozenset().union(*(people.get(e.key, frozenset()) for e in stage.view.entrants))
        for heat in heats:
            minutes, sessions = timing(heat.round_name, heat=True)
            jobs.append(
                Job(
                    key=job_key(event.key, stage.name, heat.key),
                    event=event.key,
                    minutes=minutes,
                    # a heat whose entrants are not known yet (a final while the heats run) keeps
                    # everyone who could still reach it free
                    people=frozenset().union(*(people.get(k, frozenset()) for k in heat.entrants)) if heat.lanes else contenders,
                    after=heat_after(event, index, heats, heat),
                    tags=(stage_tag(event, index), round_tag(event, index, heat.round)),
                    kind=kind,
                    count=settings.per_match,
                    resources=resources,
                    sessions=sessions,
                    rest=rest,
                    order=(index, heat.round, position, heat.number),
                    label=_("heat {number} of {event}").format(number=heat.number, event=event.config.name.get()),
                )
            )
        sides = _Sides(event, index, people, everyone, groups_before)
        in_rounds = stage.format.family == "round_robin"
        paired = stage.format.family == "swiss"  # a round is paired from the results of the one before
        for match in stage.matches:
            if match.is_bye or (match.key in stage.rulings and match.key not in stage.results):
                continue  # a bye, or a walkover or annulled match after a withdrawal: nothing to play
            minutes, sessions = timing(match.round_name)
            table = f"{sides.tag}/group:{match.group or ''}"
            jobs.append(
                Job(
                    key=job_key(event.key, stage.name, match.key),
                    event=event.key,
                    minutes=minutes,
                    people=sides.who(match),
                    # a Swiss round is played once the round before has finished
                    after=sides.after(match) + ((f"{table}/round:{match.round - 1}",) if paired and match.round > 1 else ()),
                    # a round robin is played round by round: a match starts once every match of the round before has
                    follows=(f"{table}/round:{match.round - 1}",) if in_rounds and match.round > 1 else (),
                    tags=(sides.tag,) + ((f"{sides.tag}/group:{match.group}",) if match.group else ())
                    + ((f"{table}/round:{match.round}",) if in_rounds or paired else ()),
                    kind=kind,
                    count=settings.per_match,
                    resources=resources,
                    sessions=sessions,
                    rest=rest,
                    order=(index, match.round, position, match.number),
                    label=_("match {number} of {event}").format(number=match.number, event=event.config.name.get()),
                )
            )
        groups_before.update(sides.groups)
    for ahead in forecast(event):
        jobs += _forecast_jobs(event, ahead, position, config)
    return jobs


def _forecast_jobs(event: EventState, ahead: Forecast, position: int, config: MeetConfig) -> list[Job]:
    """The jobs of a stage not drawn yet (:mod:`podium.schedule.forecast`): after the stage before, its own
    rounds in order as its format lays them out. Who will play is not known, so its stand-ins play: four
    quarter-finals of stand-ins run side by side, a semi-final waits for the players of its two
    quarter-finals; clashes with other events are checked once the stage is drawn and its players known."""
    settings = event.config.schedule
    timing = _Timing(event, event.config.stages[ahead.index], config)
    tag = f"{event.key}/{ahead.stage}"

    def stand_in(key: str) -> frozenset[str]:
        return frozenset({f"{tag}/{key}"})

    everyone = frozenset().union(*(stand_in(k) for k in ahead.stand_ins))
    earlier = (f"{event.key}/{event.config.stages[ahead.index - 1].name}",)
    by_key = {m.key: m for m in ahead.matches}
    in_groups = {m.group for m in ahead.matches if m.group}
    who: dict[str, frozenset[str]] = {}

    def players(match: Match) -> frozenset[str]:
        if match.key not in who:
            found: frozenset[str] = frozenset()
            for slot in match.sides:
                source = slot.source or ()
                if slot.entrant is not None:
                    found |= stand_in(slot.entrant) if slot.entrant != BYE else frozenset()
                elif len(source) >= 2 and source[0] in ("winner", "loser") and source[1] in by_key:
                    found |= players(by_key[source[1]])
                else:
                    found |= everyone
            who[match.key] = found
        return who[match.key]

    common = {
        "event": event.key, "kind": resource_kind(event, config), "count": settings.per_match,
        "resources": frozenset(settings.resources) if settings.resources else None,
        "rest": settings.rest if settings.rest is not None else config.schedule.rest,
    }
    jobs = []
    for match in ahead.matches:
        if match.is_bye:
            continue
        after = list(earlier)
        for slot in match.sides:
            source = slot.source or ()
            if len(source) >= 2 and source[0] in ("winner", "loser") and source[1] in by_key and not by_key[source[1]].is_bye:
                after.append(f"{tag}/{source[1]}")
            elif len(source) >= 3 and source[0] == "place" and source[1] in in_groups:
                after.append(f"{tag}/group:{source[1]}")
        minutes, sessions = timing(match.round_name)
        jobs.append(Job(
            key=job_key(event.key, ahead.stage, match.key), minutes=minutes, after=tuple(after), people=players(match),
            tags=(tag,) + ((f"{tag}/group:{match.group}",) if match.group else ()), sessions=sessions,
            order=(ahead.index, match.round, position, match.number),
            label=_("match {number} of {event}").format(number=match.number, event=event.config.name.get()), **common,
        ))
    for heat in ahead.heats:
        minutes, sessions = timing(heat.round_name, heat=True)
        rounds = sorted({h.round for h in ahead.heats if h.round < heat.round})
        jobs.append(Job(
            key=job_key(event.key, ahead.stage, heat.key), minutes=minutes,
            people=frozenset().union(*(stand_in(k) for k in heat.entrants)) if heat.lanes else everyone,
            after=earlier + tuple(f"{tag}/round:{number}" for number in rounds),
            tags=(tag, f"{tag}/round:{heat.round}"), sessions=sessions,
            order=(ahead.index, heat.round, position, heat.number),
            label=_("heat {number} of {event}").format(number=heat.number, event=event.config.name.get()), **common,
        ))
    return jobs


def stage_tag(event: EventState, index: int) -> str:
    """The tag every job of the event's ``index``-th stage carries (later stages wait for it)."""
    return f"{event.key}/{event.stages[index].name}"


def round_tag(event: EventState, index: int, number: int) -> str:
    """The tag of the heats of round ``number`` of a measured stage (later rounds wait for it)."""
    return f"{stage_tag(event, index)}/round:{number}"


def heat_after(event: EventState, index: int, heats: Sequence[Heat], heat: Heat) -> tuple[str, ...]:
    """What a heat waits for: the event's earlier stage, and every earlier round of its stage laid out so far
    (a final after all the heats, a second round after the preliminaries)."""
    earlier = (stage_tag(event, index - 1),) if index else ()
    rounds = sorted({h.round for h in heats if h.round < heat.round})
    return earlier + tuple(round_tag(event, index, number) for number in rounds)


def meet_jobs(state: MeetState, events: Iterable[str] | None = None) -> list[Job]:
    """The jobs of every drawn event of the meet (or of ``events``)."""
    keys = list(state.config.events)
    wanted = set(events) if events is not None else set(keys)
    jobs: list[Job] = []
    for position, key in enumerate(keys):
        if key in wanted:
            jobs += event_jobs(state.event(key), position, state.config)
    return jobs


def job_key(event: str, stage: str, match: str) -> str:
    return f"{event}/{stage}/{match}"
