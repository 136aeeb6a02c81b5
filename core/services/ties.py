"""Settling ties the chain leaves and recording penalties: the services behind ``podium lots``,
``podium playoff`` and ``podium penalty``.

Each is a journal entry; standings read them back (``state.py``). Lots are drawn
with an explicit seed that is recorded, so anyone can repeat the draw:
``random.Random(seed).sample(sorted(keys), len(keys))`` gives the order, best first.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Collection, Sequence

from podium.errors import Hint, PodiumError, StateError, Target
from podium.i18n import N_, Message, N_plural, listed
from podium.journal.entries import Kind
from podium.journal.kinds import SPECS, LotsFacts, PenaltyFacts
from podium.journal.stages import StageState, name_of
from podium.journal.state import EventState, MeetState
from podium.services.meet import Meet, NewEntry
from podium.standings.event_ranking import TeamRanking
from podium.standings.table import Standings
from podium.views.answers import Penalised, SettledTie

PENALTIES = (N_("warning"), N_("removal"))
"""CXA 2011 §18.1 warning (by the board arbiter), §18.2 removal from a game (by the chief arbiter)."""


def _names(event: EventState, keys: Sequence[str]) -> tuple[str, ...]:
    return tuple(name_of(event.entrants, key) for key in keys)


def _units(state: MeetState, keys: Sequence[str]) -> tuple[str, ...]:
    units = state.config.units
    return tuple(units[key].name if key in units else key for key in keys)


def _stage(event: EventState, name: str | None) -> StageState:
    if not event.drawn:
        raise StateError(N_("{event} has not been drawn yet."), code="event.not_drawn", target=Target(event=event.key), hint=Hint("draw", event=event.key), event=event.config.name)
    return event.stage(name) if name else event.stages[-1]


def _finished(event: EventState, stage: StageState, group: str | None = None, entrants: Collection[str] = ()) -> None:
    """Refuse to settle ties while results are missing: of the stage, or of ``group`` alone (a group's
    standings depend only on its own matches, so its ties can be settled while other groups play).

    A measured stage has no groups: its ranking reads every heat (those out in a round are ranked by their
    marks there), so its ties are settled once every heat has its marks: before that, entrants sharing a
    place may no longer share it when the rest are in. The one exception is the order of ``entrants`` who all ran
    in one heat that has every mark: the finish judges' order of a dead heat there is a fact of that heat, which
    the other heats cannot change, and is recorded while the round is run (World Athletics TR 19, TR 20.8).
    """
    pending = [m for m in stage.pending() if group is None or m.group == group]
    if pending and group is not None:
        raise StateError(
            N_plural("Group {group} of stage '{stage}' of {event} still has {count} match without a result; settle its ties once its results are in.", "Group {group} of stage '{stage}' of {event} still has {count} matches without a result; settle its ties once its results are in."), code="tie.group_unfinished", target=Target(event=event.key, stage=stage.name), group=group, stage=stage.config.title, event=event.config.name, count=len(pending)
        )
    if pending:
        raise StateError(
            N_plural("Stage '{stage}' of {event} still has {count} match without a result; settle ties once every result is in.", "Stage '{stage}' of {event} still has {count} matches without a result; settle ties once every result is in."), code="tie.stage_unfinished", target=Target(event=event.key, stage=stage.name), stage=stage.config.title, event=event.config.name, count=len(pending)
        )
    heats = stage.pending_heats()
    if heats and not _one_heat_done(stage, entrants):
        raise StateError(
            N_plural("Stage '{stage}' of {event} still has {count} heat waiting for marks; settle ties once every mark is in.", "Stage '{stage}' of {event} still has {count} heats waiting for marks; settle ties once every mark is in."), code="tie.heats_unfinished", target=Target(event=event.key, stage=stage.name), hint=Hint("perf", event=event.key), stage=stage.config.title, event=event.config.name, count=len(heats)
        )


def _one_heat_done(stage: StageState, entrants: Collection[str]) -> bool:
    """Whether ``entrants`` (two or more) all ran in one heat of ``stage`` that has every mark."""
    return len(entrants) > 1 and any(set(entrants) <= set(heat.entrants) and stage.done(heat.key) for heat in stage.heats)


def _ties(standings: Standings) -> list[tuple[int, tuple[str, ...]]]:
    """Groups still tied after the chain, with their place."""
    places = {row.key: row.place for row in standings.rows}
    return [(places[group[0]], group) for group in standings.unresolved]


def draw_lots(
    meet: Meet,
    event_key: str,
    *,
    stage: str | None = None,
    group: str | None = None,
    place: int | None = None,
    seed: int | None = None,
) -> list[SettledTie]:
    """Draw lots for every tie that must be decided (or for the tie at ``place``) and journal the orders: ties the
    chain leaves in a stage of matches, places entrants share in a measured stage's ranking.

    Weiqi 2002 Art. 27 (1.C) and CXA 1999 §15.6: a place that must not be shared is
    settled by a play-off or by lots. Each tie gets its own recorded seed (the
    given or random seed, plus one for each further tie of the same command).
    """
    seed = seed if seed is not None else secrets.randbelow(10**6)
    event_key = meet.config.event(event_key).key
    done: list[SettledTie] = []

    def build(state: MeetState) -> list[NewEntry]:
        event = state.event(event_key)
        chosen = _stage(event, stage)
        _finished(event, chosen, group)
        done.clear()
        entries: list[NewEntry] = []
        tables = chosen.shared_places(event, group)
        if group is not None and not tables:
            raise PodiumError(
                N_("Stage '{stage}' of {event} has no group '{group}'."), code="stage.group_unknown", target=Target(event=event.key, stage=chosen.name, argument="group"), stage=chosen.config.title, event=event.config.name, group=group
            )
        for shared in tables:
            table = shared.table
            ties = list(shared.must_decide) if place is None else [(p, g) for p, g in shared.ties if p == place]
            for tied_place, tied in ties:
                entry_seed = seed + len(done)
                order = tuple(random.Random(entry_seed).sample(sorted(tied), len(tied)))
                done.append(
                    SettledTie(
                        event.key, chosen.name, table, tied_place, order, _names(event, order), "lots", entry_seed,
                        event_name=event.config.name, title=chosen.config.title,
                    )
                )
                facts = LotsFacts(chosen.name, tied_place, tuple(sorted(tied)), order, "lots", table, entry_seed)
                entries.append(SPECS[Kind.LOTS].entry(event.key, facts, None))
        if not entries:
            if place is not None:
                raise StateError(
                    N_("No entrants share place {place} in stage '{stage}' of {event}."), code="tie.place_not_shared", target=Target(event=event.key, stage=chosen.name, argument="place"), hint=Hint("explain", event=event.key), place=place, stage=chosen.config.title, event=event.config.name
                )
            raise StateError(
                N_("No tie in stage '{stage}' of {event} must be decided."), code="tie.none_to_decide", target=Target(event=event.key, stage=chosen.name), hint=Hint("lots_place", event=event.key), stage=chosen.config.title, event=event.config.name
            )
        return entries

    meet.append(build)
    return list(done)


def record_playoff(
    meet: Meet, event_key: str, names: Sequence[str], *, reason: str, stage: str | None = None
) -> SettledTie:
    """Journal the order a play-off gave to entrants still tied after the chain, or sharing a place in a measured
    stage's ranking (with hand timing, the finish judges' order of a dead heat: World Athletics TR 19, hand timing).

    ``names`` are the play-off's places, best first; tied entrants not named stay
    tied below them (a play-off that only found the champion names one).
    """
    event_key = meet.config.event(event_key).key
    done: list[SettledTie] = []

    def build(state: MeetState) -> list[NewEntry]:
        event = state.event(event_key)
        chosen = _stage(event, stage)
        keys = [event.entrant(name).key for name in names]
        if len(set(keys)) != len(keys):
            raise PodiumError(N_("An entrant is named twice; name each play-off place once, best first."), code="tie.entrant_named_twice", target=Target(event=event.key))
        tables = chosen.shared_places(event)
        grouped = any(shared.table is not None for shared in tables)
        _finished(event, chosen, next((t.table for t in tables if set(keys) <= t.entrants), None) if grouped else None, keys)
        for shared in tables:
            for tied_place, tied in shared.ties:
                if set(keys) <= set(tied):
                    done.clear()
                    done.append(
                        SettledTie(
                            event.key, chosen.name, shared.table, tied_place, tuple(keys), _names(event, keys), "playoff", None,
                            event_name=event.config.name, title=chosen.config.title,
                        )
                    )
                    facts = LotsFacts(chosen.name, tied_place, tuple(sorted(tied)), tuple(keys), "playoff", shared.table)
                    return [SPECS[Kind.LOTS].entry(event.key, facts, reason)]
        raise StateError(
            N_("{names} are not tied with each other after the whole chain in stage '{stage}' of {event}."), code="tie.not_tied", target=Target(event=event.key, stage=chosen.name), hint=Hint("explain", event=event.key), names=listed(names), stage=chosen.config.title, event=event.config.name
        )

    meet.append(build)
    return done[-1]


def record_penalty(
    meet: Meet,
    event_key: str,
    entrant: str,
    penalty: str,
    *,
    reason: str,
    match: str | None = None,
    cancel: bool = False,
) -> Penalised:
    """Journal a warning (CXA 2011 §18.1) or a removal from a game (§18.2) against ``entrant``, or cancel one.

    Penalised entrants rank last among those on equal points (§18.5, tie-breaker
    ``penalties``). A cancellation is a new entry too; the penalty it cancels stays
    in the history.
    """
    if penalty not in PENALTIES:
        raise PodiumError(
            N_("Unknown penalty '{penalty}'; valid penalties: {valid}."), code="tie.penalty_unknown", target=Target(argument="kind"), penalty=penalty, valid=listed(PENALTIES)
        )
    event_key = meet.config.event(event_key).key
    done: list[Penalised] = []

    def build(state: MeetState) -> list[NewEntry]:
        event = state.event(event_key)
        if event.sport.measured(event.config.rules):
            raise StateError(  # §18.5 ranks among equal points; a measured event has marks, and faults of its own
                N_("{event} is measured: warnings and removals order entrants on equal points in matches."), code="tie.penalty_in_measured_event", target=Target(event=event.key), hint=Hint("perf_penalty", event=event.key), event=event.config.name
            )
        key = event.entrant(entrant).key
        played: tuple[str | None, str | None] = (None, None)
        if match is not None:
            found = event.match(match)
            if key not in found.entrants:
                raise PodiumError(
                    N_("{name} does not play match {number}; name a match of theirs or leave out --match."), code="tie.penalty_match_not_played", target=Target(event=event.key, match=found.number, entrant=entrant), name=entrant, number=found.number
                )
            played = (found.stage, found.key)
        removals, warnings = event.penalties.get(key, (0, 0))
        step = -1 if cancel else 1
        if penalty == "removal":
            removals += step
        else:
            warnings += step
        if min(removals, warnings) < 0:
            raise StateError(
                N_("{name} has no {penalty} to cancel in {event}."), code="tie.nothing_to_cancel", target=Target(event=event.key, entrant=entrant), name=entrant, penalty=Message(penalty), event=event.config.name
            )
        done.clear()
        done.append(Penalised(event.key, event.config.name, key, name_of(event.entrants, key), penalty, cancel, removals, warnings))
        return [SPECS[Kind.PENALTY].entry(event.key, PenaltyFacts(key, penalty, played[0], played[1], cancel), reason)]

    meet.append(build)
    return done[-1]


def _team_ranking(state: MeetState, event_key: str) -> TeamRanking:
    """The event's team ranking, once every individual result is in (ties are settled on the final ranking)."""
    from podium.services.sportsday import event_team_ranking

    ranking = event_team_ranking(state, event_key)
    if not ranking.complete:
        raise StateError(
            N_("{event} is not finished yet; settle ties of its team ranking once every result is in."), code="tie.team_ranking_unfinished", target=Target(event=event_key),
            event=state.config.events[event_key].name,
        )
    return ranking


def _unit_key(state: MeetState, ranking: TeamRanking, name: str) -> str:
    unit = state.config.unit(name)
    if unit is None or unit.key not in ranking.units:
        raise PodiumError(
            N_("'{name}' is not a unit of the team ranking of {event}; its units: {valid}."), code="tie.unit_unknown", target=Target(event=ranking.event, entrant=name), name=name, event=state.config.events[ranking.event].name, valid=listed(state.config.units[k].name if k in state.config.units else k for k in ranking.units)
        )
    return unit.key


def draw_team_lots(meet: Meet, event_key: str, *, place: int | None = None, seed: int | None = None) -> list[SettledTie]:
    """Draw lots for the ties of the event's team ranking that must be decided (or for the tie at ``place``).

    CXA 1999 §15.6: a place that must not be shared is settled by a
    play-off or a rule fixed beforehand; the seed is recorded as for :func:`draw_lots`.
    """
    seed = seed if seed is not None else secrets.randbelow(10**6)
    event_key = meet.config.event(event_key).key
    done: list[SettledTie] = []

    def build(state: MeetState) -> list[NewEntry]:
        standings = _team_ranking(state, event_key).standings
        ties = list(standings.must_decide) if place is None else [(p, g) for p, g in _ties(standings) if p == place]
        done.clear()
        entries: list[NewEntry] = []
        for tied_place, tied in ties:
            entry_seed = seed + len(done)
            order = tuple(random.Random(entry_seed).sample(sorted(tied), len(tied)))
            done.append(
                SettledTie(
                    event_key, "", None, tied_place, order, _units(state, order), "lots", entry_seed, teams=True,
                    event_name=meet.config.event(event_key).name,
                )
            )
            facts = LotsFacts("", tied_place, tuple(sorted(tied)), order, "lots", None, entry_seed, teams=True)
            entries.append(SPECS[Kind.LOTS].entry(event_key, facts, None))
        if entries:
            return entries
        if place is not None:
            raise StateError(
                N_("No units share place {place} in the team ranking of {event}."), code="tie.units_place_not_shared", target=Target(event=event_key, argument="place"), hint=Hint("explain_teams", event=event_key), place=place,
                event=state.config.events[event_key].name,
            )
        raise StateError(
            N_("No tie in the team ranking of {event} must be decided."), code="tie.team_none_to_decide", target=Target(event=event_key), hint=Hint("lots_place", event=event_key),
            event=state.config.events[event_key].name,
        )

    meet.append(build)
    return list(done)


def record_team_playoff(meet: Meet, event_key: str, names: Sequence[str], *, reason: str) -> SettledTie:
    """Journal the order a play-off gave to units still tied in the event's team ranking, best first."""
    event_key = meet.config.event(event_key).key
    done: list[SettledTie] = []

    def build(state: MeetState) -> list[NewEntry]:
        ranking = _team_ranking(state, event_key)
        keys = [_unit_key(state, ranking, name) for name in names]
        if len(set(keys)) != len(keys):
            raise PodiumError(N_("A unit is named twice; name each play-off place once, best first."), code="tie.unit_named_twice", target=Target(event=event_key))
        for tied_place, tied in _ties(ranking.standings):
            if set(keys) <= set(tied):
                done.clear()
                done.append(
                    SettledTie(
                        event_key, "", None, tied_place, tuple(keys), _units(state, keys), "playoff", None, teams=True,
                        event_name=meet.config.event(event_key).name,
                    )
                )
                facts = LotsFacts("", tied_place, tuple(sorted(tied)), tuple(keys), "playoff", None, teams=True)
                return [SPECS[Kind.LOTS].entry(event_key, facts, reason)]
        raise StateError(
            N_("{names} are not tied with each other in the team ranking of {event}."), code="tie.units_not_tied", target=Target(event=event_key), hint=Hint("explain_teams", event=event_key), names=listed(names),
            event=state.config.events[event_key].name,
        )

    meet.append(build)
    return done[-1]
