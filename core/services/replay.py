"""Replaying a journal entry by entry through the checks the commands make (what ``podium import`` does).

An export is a file people send each other, and a file can be edited by hand: an entrant
removed but still drawn, an entrant key given twice, a result for a match or an event that
does not exist, the same result twice, an event renamed in the embedded ``meet.toml``, an
unknown unit, an escape sequence in a reason. Folding such a journal does not fail — it
silently drops or swaps facts — so :func:`check_journal` replays every entry against the
state the entries before it build, as the command that wrote it would have checked it:

- a result or correction goes through :func:`podium.services.results.prepare` (the match exists and
  is ready, it has no result yet — or one to correct —, the sport accepts the text, a
  knockout match has a winner) and must name the match's own sides, round and colours;
- a performance goes through :func:`podium.services.performances.prepare` (the heat, the attempt,
  the marks the event allows) and must record what that gives;
- a draw must draw the entrants the stage has then; one with a seed must be the draw that
  seed gives (:func:`podium.services.draws.stage_entries`), with the first round of a Swiss after it;
- a Swiss round must be the pairing :meth:`~podium.formats.base.Format.next_round` gives, an
  advance must send on who qualifies (:meth:`~podium.journal.stages.StageState.advancing`) and be followed
  by the next stage's draw; lots drawn with a seed must be the order that seed gives;
- entrants must be new to the event, with unique keys, names any entrants file may hold
  (:func:`podium.model.inputs.text_problem`), known units, and bibs that belong to one person;
- withdrawals, penalties, disqualifications and pins must name entrants, matches and
  resources that exist and change something (a second withdrawal of one entrant is refused);
- every entry's texts pass :func:`podium.services.meet.check_texts` (no control characters, no
  direction overrides, no absurd lengths).

The first entry that fails is refused with its number and the command's own sentence, and
``podium import`` writes nothing. The refusal is the problem itself — its code (the command's, such as
``withdrawal.already_withdrawn``, or one of ``archive.*`` for what only a journal can get wrong), its
values and its target, placed at the export file — in the frame ``{file}: journal entry {number} ({kind})
cannot be replayed: …; nothing was imported.``, so a program tells what was wrong by the code. A hint of
the command's sentence is left out: its next step would be for a meet that was never made. An entry that
trips up a check in a way no command foresees (a fact of the wrong type in a hand-edited file) is
``archive.entry_unreadable``. The checks use the ``meet.toml`` of the export: an export
whose ``meet.toml`` was later changed so that an earlier command would now be refused (a
draw option, a team size) is refused too.

Results are by far the most entries, and replaying each against a state folded afresh would
take a time that grows with the square of the journal. A result checked against the state of
an earlier entry of its event is checked rightly when only other results came between (they
neither change who plays a match that was ready then, nor make a new match ready), so
consecutive results are checked against one state, and the state is folded again only for a
result that the older state cannot check (a match that became ready meanwhile).
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from podium.config.meet import EventConfig, MeetConfig, StageConfig
from podium.errors import NotFound, PodiumError, Problem, StateError, Target, problem
from podium.formats.base import StageEntrant
from podium.i18n import N_, Label, Localized, Message, listed
from podium.journal.entries import Entry, Kind
from podium.journal.state import EventState, MeetState, build_stage, fold
from podium.model.entrants import EntrantKind
from podium.model.inputs import MAX_NAME, text_problem
from podium.registry import Registry
from podium.services.draws import stage_entrants, stage_entries
from podium.services.meet import check_texts

__all__ = ["check_journal"]


def check_journal(config: MeetConfig, registry: Registry, entries: Sequence[Entry], source: str) -> None:
    """Refuse the first entry of ``entries`` the commands would not have written, naming its number and why."""
    replay = _Replay(config, registry)
    for entry in entries:
        try:
            replay.check(entry)
        except PodiumError as error:
            raise PodiumError(_refused(source, entry, error.problem), details=error.details) from None
        except Exception as error:  # the file is not ours: whatever a format trips over, refuse the entry
            unreadable = problem(
                N_("it is not an entry Podium can read ({error})"), code="archive.entry_unreadable", error=f"{type(error).__name__}: {error}"
            )
            raise PodiumError(_refused(source, entry, unreadable)) from None
        replay.add(entry)
    for key, (stage, after) in replay.awaited_draws.items():
        raise PodiumError(
            N_("{file}: journal entry {number} (advance) sends entrants on to stage '{stage}' of {event}, but the export ends without drawing it; nothing was imported."),
            code="archive.advance_not_drawn", target=Target(file=source, event=key, stage=stage), file=source, number=after,
            stage=_stage_title(config.events[key], stage), event=config.events[key].name,
        )


def _stage_title(event: EventConfig, key: object) -> Label | str:
    """A stage of an export as a sentence names it: its title in meet.toml, or the key the export gives when
    meet.toml has no such stage."""
    return next((stage.title for stage in event.stages if stage.name == key), str(key))


def _event_name(config: MeetConfig, key: object) -> Label | str:
    """An event of an export as a sentence names it: its name in meet.toml, or the key the export gives when
    meet.toml has no such event."""
    return config.events[key].name if isinstance(key, str) and key in config.events else str(key)


def _refused(source: str, entry: Entry, found: Problem) -> Problem:
    """``found`` (what the command's check said of ``entry``) placed in the import of ``source``: its code and
    values kept, its target at the export file, without its hint (a next step for a meet that was not made)."""
    frame = Message(
        N_("{file}: journal entry {number} ({kind}) cannot be replayed: {message}; nothing was imported."),
        file=source, number=entry.seq, kind=entry.kind.value,
    )
    return attrs.evolve(found, hint=None).framed(frame, attrs.evolve(found.target, file=source))


@attrs.define
class _Batch:
    """Results checked against one older state of their event: that state and the matches they settled."""

    state: MeetState
    matches: set[tuple[str, str]]


class _Replay:
    """The journal so far, by event, and what the next entries of an event must be."""

    def __init__(self, config: MeetConfig, registry: Registry) -> None:
        self.config = config
        self.registry = registry
        self.entries: list[Entry] = []
        self.by_event: dict[str, list[Entry]] = {}
        self.batches: dict[str, _Batch] = {}
        self.awaited_draws: dict[str, tuple[str, int]] = {}
        """Events whose advance was entered: the stage its draw must draw next, and the advance's number."""
        self.advanced: dict[str, list[StageEntrant]] = {}
        self.awaited_rounds: dict[str, Mapping[str, Any]] = {}
        """Events whose draw paired a first round (a Swiss): the round entry that must follow it."""

    def add(self, entry: Entry) -> None:
        self.entries.append(entry)
        if entry.event is not None:
            self.by_event.setdefault(entry.event, []).append(entry)

    def state(self, event: str | None = None) -> MeetState:
        """The meet as the entries so far make it (only ``event``'s entries when given: enough to fold that event)."""
        return fold(self.config, self.registry, self.entries if event is None else self.by_event.get(event, []))

    def check(self, entry: Entry) -> None:
        check_texts((entry.kind, entry.event, entry.payload, entry.reason))
        if entry.event is None or entry.event not in self.config.events:
            raise PodiumError(
                N_("it belongs to event '{event}', which the meet.toml in the export does not have (its events: {valid})"),
                code="archive.entry_event_unknown", target=Target(event=entry.event), event=entry.event,
                valid=listed(self.config.events) if self.config.events else Message(N_("none")),
            )
        key = entry.event
        awaited = self.awaited_draws.get(key)
        if awaited is not None and not (entry.kind is Kind.DRAW and entry.payload.get("stage") == awaited[0]):
            raise PodiumError(
                N_("entry {after} sent entrants on to stage '{stage}', so the next entry of {event} must be that stage's draw"),
                code="archive.draw_expected", target=Target(event=key, stage=awaited[0]), after=awaited[1],
                stage=_stage_title(self.config.events[key], awaited[0]), event=self.config.events[key].name,
            )
        round_due = self.awaited_rounds.pop(key, None)
        if round_due is not None:
            if entry.kind is not Kind.ROUND or dict(entry.payload) != dict(round_due):
                raise PodiumError(
                    N_("the draw before it pairs a first round, which must follow it as it was drawn"), code="archive.round_expected",
                    target=Target(event=key),
                )
            return
        if entry.kind is not Kind.RESULT:
            self.batches.pop(key, None)
        if entry.kind is Kind.RESULT:
            self._result(entry)
        elif entry.kind is Kind.ENTRANTS:
            _entrants(self.state(), entry)
        else:
            CHECKS[entry.kind](self, self.state(key), entry)

    def _result(self, entry: Entry) -> None:
        """A result, checked against its batch's state when that state can check it, else against the state now."""
        match = (str(entry.payload["stage"]), str(entry.payload["match"]))
        batch = self.batches.get(str(entry.event))
        if batch is not None and match not in batch.matches:
            try:
                _match_result(batch.state, entry)
            except PodiumError:
                pass
            else:
                batch.matches.add(match)
                return
        state = self.state(entry.event)
        _match_result(state, entry)
        self.batches[str(entry.event)] = _Batch(state, {match})


def _match_result(state: MeetState, entry: Entry) -> None:
    """A result or correction as ``podium result`` / ``podium correct`` check it, for the match's own sides."""
    from podium.services.results import prepare

    payload = entry.payload
    event = state.event(str(entry.event))
    reference = f"{payload['stage']}:{payload['match']}"
    event.stage(str(payload["stage"]))
    match = event.match(reference)
    if match.stage != payload["stage"] or match.key != payload["match"]:
        raise NotFound(
            N_("stage '{stage}' has no match '{match}'"), code="archive.match_unknown",
            target=Target(event=event.key, stage=str(payload["stage"]), match=payload["match"]),
            stage=_stage_title(event.config, payload["stage"]), match=payload["match"],
        )
    reason = (entry.reason or "") if entry.kind is Kind.CORRECTION else None
    _recorded, (_kind, _event, expected, _reason) = prepare(event, [reference], str(payload["result"]), reason)
    # The outcome kept beside the text must be the one the text gives, when entered under the same rules (under
    # others the fold reads the text again); entries written before Podium kept it have none.
    same_rules = "outcome" in payload and payload.get("rules") == expected["rules"]
    for field in ("sides", "round_name", "decisive", "colours", *(("outcome",) if same_rules else ())):
        if payload.get(field, expected[field] if field != "sides" else None) != expected[field]:
            raise PodiumError(
                N_("it gives match {number} the {field} {found}, but the match has {expected}"), code="archive.result_differs",
                target=Target(event=event.key, stage=match.stage, match=match.number),
                number=match.number, field=field, found=_text(payload.get(field)), expected=_text(expected[field]),
            )


def _text(value: Any) -> str:
    if isinstance(value, list):
        return " – ".join(str(v) for v in value)
    return str(value)


def _correction(replay: _Replay, state: MeetState, entry: Entry) -> None:
    _match_result(state, entry)


def _performance(replay: _Replay, state: MeetState, entry: Entry) -> None:
    """A performance as ``podium perf`` checks it, which must journal the same facts."""
    from podium.measure.sport import PerformanceInput
    from podium.services.performances import prepare

    payload = entry.payload
    event = state.event(str(entry.event))
    void = bool(payload.get("void"))
    judges = payload.get("judges") or ()
    given = PerformanceInput(
        text=None if void or judges or payload.get("status") else payload.get("value"),
        judges=None if void or not judges else ",".join(str(j) for j in judges),
        penalties=() if void else tuple(f"{name}:{count}" for name, count in dict(payload.get("penalties", {})).items()),
        false_starts=0 if void else int(payload.get("false_starts", 0)),
        status=None if void else payload.get("status"),
        legs=() if void else tuple(payload.get("legs", ())),
        wind=None if void or payload.get("wind") is None else str(payload["wind"]),
        rule=None if void or not payload.get("rule") else str(payload["rule"]),
        confirmed=bool(payload.get("confirmed")),
    )
    extra = bool(payload.get("extra"))
    _recorded, (_kind, _event, expected, _reason) = prepare(
        event,
        str(payload["entrant"]),
        given,
        heat_ref=f"{payload['stage']}:{payload['heat']}",
        attempt=None if extra else int(payload.get("attempt", 1)),
        extra=extra,
        void=void,
        reason=entry.reason,
    )
    found = {k: v for k, v in payload.items() if k != "input"}
    wanted = {k: v for k, v in expected.items() if k != "input"}
    if found != wanted:
        differ = sorted(k for k in found.keys() | wanted.keys() if found.get(k) != wanted.get(k))
        raise PodiumError(
            N_("it records {facts} differently from what recording that performance gives"), code="archive.performance_differs",
            target=Target(event=event.key, entrant=str(payload["entrant"])), facts=listed(differ),
        )


def _entrants(state: MeetState, entry: Entry) -> None:
    """Entrants as ``podium entrants import`` checks them: new to an undrawn event, unique keys, names an entrants
    file may hold, known units, and bibs that each belong to one person."""
    from podium.journal.serialize import entrant_from_json

    key = str(entry.event)
    event = state.event(key)
    if event.drawn:
        raise StateError(
            N_("{event} is already drawn; entrants cannot be added (redraw it before any result to include them)."),
            code="entrants.event_drawn", target=Target(event=key), event=event.config.name,
        )
    raw = entry.payload["entrants"]
    if not isinstance(raw, list) or not raw:
        raise PodiumError(N_("its entrants are not a list of entrants"), code="archive.entrants_not_a_list", target=Target(event=key))
    bibs = {
        e.bib: (e.name, e.unit) for other in state.config.events for e in state.event(other).entrants.values() if e.bib
    }
    keys = set(event.entrants)
    for index, item in enumerate(raw, start=1):
        try:
            entrant = entrant_from_json(item)
        except Exception:  # cattrs refuses what is not an entrant with many types
            raise PodiumError(
                N_("entrant {index} is not an entrant (a key, a name and members)"), code="archive.entrant_malformed",
                target=Target(event=key), index=index,
            ) from None
        what = Message(N_("entrant {index} ({key})"), index=index, key=entrant.key)
        target = Target(event=key, entrant=entrant.key)
        if not entrant.key.strip() or text_problem(entrant.key, MAX_NAME) is not None:
            raise PodiumError(N_("{what} has no usable key"), code="archive.entrant_key_unusable", target=target, what=what)
        if entrant.key in keys:
            raise PodiumError(
                N_("{what}: the key '{key}' is used twice in {event}"), code="archive.entrant_key_twice", target=target,
                what=what, key=entrant.key, event=event.config.name,
            )
        keys.add(entrant.key)
        if entrant.event != key or entrant.kind is not event.config.kind:
            raise PodiumError(
                N_("{what} is entered as a {kind} of {other}, but {event} has {valid} entrants"),
                code="archive.entrant_kind_wrong", target=target, what=what, kind=entrant.kind.label,
                other=_event_name(state.config, entrant.event), event=event.config.name, valid=event.config.kind.label,
            )
        names = [m.name for m in entrant.members] + ([] if entrant.kind is EntrantKind.PAIR else [entrant.name])
        if not entrant.members or not all(name.strip() for name in names):
            raise PodiumError(N_("{what} has an empty name"), code="archive.entrant_name_empty", target=target, what=what)
        for name in names:
            wrong = text_problem(name, MAX_NAME)
            if wrong is not None:
                raise PodiumError(
                    N_("{what}: the name {problem}"), code="archive.entrant_name_invalid", target=target, what=what, problem=wrong
                )
        if entrant.unit is not None and entrant.unit not in state.config.units:
            raise PodiumError(
                N_("{what}: unknown unit '{unit}'; units in meet.toml: {valid}"), code="archive.entrant_unit_unknown", target=target,
                what=what, unit=entrant.unit, valid=listed(state.config.units) if state.config.units else Message(N_("none")),
            )
        if entrant.bib is not None:
            owner = bibs.setdefault(entrant.bib, (entrant.name, entrant.unit))
            if owner != (entrant.name, entrant.unit):
                raise PodiumError(
                    N_("{what}: bib {bib} is already used by {other}"), code="archive.entrant_bib_taken", target=target,
                    what=what, bib=entrant.bib, other=owner[0],
                )


def _draw(replay: _Replay, state: MeetState, entry: Entry) -> None:
    """A draw of the stage that may be drawn now, of the entrants it has now; with a seed, the draw that seed gives."""
    payload = entry.payload
    key = str(entry.event)
    event = state.event(key)
    config = event.config.stage(str(payload["stage"]))
    names = [s.name for s in event.config.stages]
    drawn = [s.name for s in event.stages]
    awaited = replay.awaited_draws.pop(key, None)
    if awaited is not None:
        entrants = replay.advanced.pop(key)
    elif not drawn and config.name == names[0]:
        entrants = stage_entrants(state, key)
    elif drawn and config.name == drawn[-1]:
        stage = event.stages[-1]
        if stage.has_results:
            raise StateError(
                N_("Stage '{stage}' of {event} cannot be redrawn because results have been entered; correct those results instead."),
                code="draw.results_entered", target=Target(event=key, stage=stage.name), stage=stage.config.title, event=event.config.name,
            )
        entrants = stage_entrants(state, key) if len(drawn) == 1 else [e for e in stage.view.entrants if e.key not in event.withdrawn]
    else:
        raise PodiumError(
            N_("stage '{stage}' of {event} cannot be drawn now (drawn so far: {drawn})"), code="archive.draw_out_of_order",
            target=Target(event=key, stage=config.name), stage=config.title, event=event.config.name,
            drawn=listed(s.config.title for s in event.stages) if drawn else Message(N_("none")),
        )
    drawn_entrants = [dict(e) for e in payload["entrants"]] if isinstance(payload["entrants"], list) else None
    if drawn_entrants != [attrs.asdict(e) for e in entrants]:
        raise PodiumError(
            N_("it draws {given}, but stage '{stage}' then has {valid}"), code="archive.draw_entrants_differ",
            target=Target(event=key, stage=config.name),
            given=_keys(payload["entrants"]), stage=config.title, valid=listed(e.key for e in entrants) if entrants else Message(N_("no entrant")),
        )
    seed = payload["seed"]
    if seed is None:
        _paper_draw(event, config, entry, entrants)
        return
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise PodiumError(
            N_("its seed {seed} is not a whole number"), code="archive.draw_seed_invalid", target=Target(event=key, stage=config.name), seed=seed
        )
    made, _report = stage_entries(event, config, entrants, seed=seed)
    if not event.registry.format(config.format).same_draw(dict(made[0][2])["draw"], payload["draw"]):
        raise PodiumError(
            N_("it records a draw that seed {seed} does not give"), code="archive.draw_seed_differs",
            target=Target(event=key, stage=config.name), seed=seed,
        )
    if len(made) > 1:
        replay.awaited_rounds[key] = made[1][2]


def _keys(drawn: Any) -> str | Localized | Message:
    """The keys of the entrants a draw lists, or "no entrant" (translated where it is shown)."""
    if not isinstance(drawn, list):
        return "?"
    return listed(str(e.get("key")) if isinstance(e, Mapping) else "?" for e in drawn) if drawn else Message(N_("no entrant"))


def _paper_draw(event: EventState, config: StageConfig, entry: Entry, entrants: Sequence[StageEntrant]) -> None:
    """A draw made on paper cannot be made again; its matches (or heats) must be laid out of the stage's entrants only."""
    if not isinstance(entry.payload["draw"], Mapping):
        raise PodiumError(N_("its draw is not a table"), code="archive.draw_not_a_table", target=Target(event=event.key, stage=config.name))
    known = {e.key for e in entrants}
    drawn, _number = build_stage(event, config, entry, 0)  # what the draw lays out, as the fold will
    placed: list[str | None] = [key for heat in drawn.heats for key in heat.entrants]
    placed += [key for match in drawn.matches if not match.is_bye for key in match.entrants]
    strangers = sorted({str(k) for k in placed if k is not None and k not in known})
    if strangers:
        raise PodiumError(
            N_("its draw places {names}, who are not entrants of stage '{stage}'"), code="archive.draw_strangers",
            target=Target(event=event.key, stage=config.name), names=listed(strangers), stage=config.title,
        )


def _round(replay: _Replay, state: MeetState, entry: Entry) -> None:
    """A Swiss round as ``podium pair`` pairs it from the standings, with the cut decided as it records."""
    from podium.services.advance import current_stage, open_matches

    payload = entry.payload
    event, stage = current_stage(state, str(entry.event))
    if payload["stage"] != stage.name:
        raise PodiumError(
            N_("stage '{stage}' is not the stage being played ({current})"), code="archive.round_stage_wrong",
            target=Target(event=event.key, stage=str(payload["stage"])), stage=_stage_title(event.config, payload["stage"]),
            current=stage.config.title,
        )
    fmt = stage.format
    target = Target(event=event.key, stage=stage.name)
    if fmt.finished(stage.view, stage.matches):
        raise PodiumError(N_("every round of stage '{stage}' has been paired"), code="archive.rounds_all_paired", target=target, stage=stage.config.title)
    if stage.pending() or any(not m.is_bye and not m.ready for m in stage.matches):
        raise StateError(
            N_("Round {round} of stage '{stage}' is not complete; still open: {matches}."), code="pair.round_unfinished", target=target,
            round=len(stage.view.rounds), stage=stage.config.title, matches=open_matches(event, stage),
        )
    order = _decided(payload)
    standings = dict(event.standings(stage)).get(None)
    plan = fmt.next_round(stage.view, stage.matches, standings, order)
    if plan is None or plan.payload is None or plan.cuts:
        raise PodiumError(
            N_("stage '{stage}' cannot pair a round from its standings as they are"), code="archive.round_unpairable", target=target,
            stage=stage.config.title,
        )
    if dict(plan.payload) != {k: v for k, v in payload.items() if k != "decided"}:
        raise PodiumError(
            N_("it pairs round {round} differently from what the standings give"), code="archive.round_differs", target=target,
            round=payload["round"],
        )


def _decided(payload: Mapping[str, Any]) -> list[str]:
    """The order that decided ties at a cut (lots or a play-off), as an advance or a pairing records it."""
    decided = payload.get("decided", [])
    if not isinstance(decided, list) or not all(isinstance(d, Mapping) and isinstance(d.get("order"), list) for d in decided):
        raise PodiumError(N_("its decided ties are not a list of orders"), code="archive.decided_malformed")
    return [str(key) for d in decided for key in d["order"]]


def _advance(replay: _Replay, state: MeetState, entry: Entry) -> None:
    """An advance as ``podium advance`` makes it: the stage is complete and the qualifiers are the ones it sends."""
    from podium.services.advance import check_complete, current_stage, describe_cuts

    payload = entry.payload
    key = str(entry.event)
    event, stage = current_stage(state, key)
    names = [s.name for s in event.config.stages]
    if payload["stage"] != stage.name or names.index(stage.name) + 1 == len(names):
        raise PodiumError(
            N_("stage '{stage}' is not a stage that can be closed now"), code="archive.advance_stage_wrong",
            target=Target(event=key, stage=str(payload["stage"])), stage=_stage_title(event.config, payload["stage"]),
        )
    following = names[names.index(stage.name) + 1]
    target = Target(event=key, stage=stage.name)
    if payload["to"] != following:
        raise PodiumError(
            N_("after stage '{stage}' comes stage '{next}', not '{to}'"), code="archive.advance_next_wrong", target=target,
            stage=stage.config.title, next=event.config.stage(following).title, to=_stage_title(event.config, payload["to"]),
        )
    check_complete(event, stage)
    result = stage.advancing(event, _decided(payload))
    if result.cuts:
        raise PodiumError(
            N_("the qualifying cut is tied and the entry does not decide it: {ties}"), code="archive.advance_cut_undecided", target=target,
            ties=Localized.of(describe_cuts, event, result.cuts),
        )
    keys = [e.key for e in result.entrants]
    if list(payload["entrants"]) != keys:
        raise PodiumError(
            N_("it sends on {given}, but stage '{stage}' sends on {valid}"), code="archive.advance_entrants_differ", target=target,
            given=listed(map(str, payload["entrants"])), stage=stage.config.title, valid=listed(keys),
        )
    replay.awaited_draws[key] = (following, entry.seq)
    replay.advanced[key] = list(result.entrants)


def _lots(replay: _Replay, state: MeetState, entry: Entry) -> None:
    """Lots or a play-off order: among entrants (or units) that exist, each once; lots in the order their seed gives."""
    payload = entry.payload
    event = state.event(str(entry.event))
    group, order = payload["group"], payload["order"]
    if not isinstance(group, list) or not isinstance(order, list) or not group:
        raise PodiumError(N_("its tied group and order are not lists"), code="archive.lots_malformed", target=Target(event=event.key))
    known = set(state.config.units) if payload.get("teams") else set(event.entrants)
    if not payload.get("teams"):
        event.stage(str(payload["stage"]))
    strangers = [str(k) for k in [*group, *order] if k not in known]
    if strangers:
        raise PodiumError(
            N_("it names {names}, who are not in {event}"), code="archive.lots_strangers", target=Target(event=event.key),
            names=listed(strangers), event=event.config.name,
        )
    target = Target(event=event.key)
    if group != sorted(group) or len(set(group)) != len(group) or len(set(order)) != len(order) or not set(order) <= set(group):
        raise PodiumError(N_("its order must name each of the tied entrants at most once"), code="archive.lots_order_invalid", target=target)
    place = payload["place"]
    if isinstance(place, bool) or not isinstance(place, int) or place < 1:
        raise PodiumError(N_("its place {place} is not a place"), code="archive.lots_place_invalid", target=target, place=place)
    if payload["method"] == "lots":
        seed = payload.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int) or order != random.Random(seed).sample(sorted(group), len(group)):
            raise PodiumError(
                N_("its order is not the one lots drawn with seed {seed} give"), code="archive.lots_seed_differs", target=target, seed=seed
            )
    elif payload["method"] == "playoff":
        if not (entry.reason or "").strip():
            raise PodiumError(
                N_("a play-off order needs the reason that says how the tie was decided"), code="archive.playoff_reason_missing",
                target=target,
            )
    else:
        raise PodiumError(
            N_("its method '{method}' is neither lots nor playoff"), code="archive.lots_method_unknown", target=target,
            method=payload["method"],
        )


def _entrant_of(event: EventState, key: Any) -> str:
    if not isinstance(key, str) or key not in event.entrants:
        raise NotFound(
            N_("{event} has no entrant '{name}'."), code="entrant.unknown", target=Target(event=event.key, entrant=str(key)),
            event=event.config.name, name=key,
        )
    return key


def _withdrawal(replay: _Replay, state: MeetState, entry: Entry) -> None:
    """A withdrawal as ``podium withdraw`` makes it: of an entrant not withdrawn yet, with a reason."""
    event = state.event(str(entry.event))
    key = _entrant_of(event, entry.payload["entrant"])
    if key in event.withdrawn:
        raise StateError(
            N_("{name} has already withdrawn from {event} ({reason})."), code="withdrawal.already_withdrawn",
            target=Target(event=event.key, entrant=event.entrants[key].name),
            name=event.entrants[key].name, event=event.config.name, reason=event.withdrawn[key] or "-",
        )
    if not (entry.reason or "").strip():
        raise PodiumError(
            N_("Say why the entrant withdraws with --reason; it is kept in the history."), code="withdrawal.reason_missing",
            target=Target(argument="reason"),
        )


def _penalty(replay: _Replay, state: MeetState, entry: Entry) -> None:
    """A warning or removal as ``podium penalty`` records it: of an entrant, in a match of theirs, a cancellation of one given."""
    from podium.services.ties import PENALTIES

    payload = entry.payload
    event = state.event(str(entry.event))
    key = _entrant_of(event, payload["entrant"])
    penalty = payload["penalty"]
    if penalty not in PENALTIES:
        raise PodiumError(
            N_("Unknown penalty '{penalty}'; valid penalties: {valid}."), code="tie.penalty_unknown", target=Target(argument="kind"),
            penalty=penalty, valid=listed(PENALTIES),
        )
    name = event.entrants[key].name
    if event.sport.measured(event.config.rules):
        raise PodiumError(
            N_("{event} is measured and takes no warnings or removals"), code="archive.penalty_measured",
            target=Target(event=event.key), event=event.config.name,
        )
    if "match" in payload:
        match = event.match(f"{payload.get('stage')}:{payload['match']}")
        if key not in match.entrants:
            raise PodiumError(
                N_("{name} does not play match {number}"), code="archive.penalty_match_not_played",
                target=Target(event=event.key, match=match.number, entrant=name), name=name, number=match.number,
            )
    removals, warnings = event.penalties.get(key, (0, 0))
    if payload.get("cancel") and (removals if penalty == "removal" else warnings) < 1:
        raise StateError(
            N_("{name} has no {penalty} to cancel in {event}."), code="tie.nothing_to_cancel",
            target=Target(event=event.key, entrant=name), name=name, penalty=Message(penalty), event=event.config.name,
        )


def _disqualification(replay: _Replay, state: MeetState, entry: Entry) -> None:
    """A disqualification (or reinstatement) as ``podium disqualify`` records it."""
    from podium.services.sportsday import disqualified

    event = state.event(str(entry.event))
    key = _entrant_of(event, entry.payload["entrant"])
    barred = key in disqualified(state).get(event.key, set())
    name = event.entrants[key].name
    target = Target(event=event.key, entrant=name)
    if entry.payload.get("cancel") and not barred:
        raise StateError(N_("{name} is not disqualified in {event}."), code="sportsday.not_disqualified", target=target, name=name, event=event.config.name)
    if not entry.payload.get("cancel") and barred:
        raise StateError(
            N_("{name} is already disqualified in {event}."), code="sportsday.already_disqualified", target=target, name=name, event=event.config.name
        )


def _schedule(replay: _Replay, state: MeetState, entry: Entry) -> None:
    """A pin of a match or heat that exists (or of a stage still to be drawn), at a time, on known resources."""
    from podium.schedule.jobs import job_key
    from podium.services.schedule import find_listed, pins

    payload = entry.payload
    event = state.event(str(entry.event))
    stage = str(payload["stage"])
    event.config.stage(stage)
    if any(s.name == stage for s in event.stages):
        find_listed(event, f"{stage}:{payload['match']}")
    if payload.get("unpin"):
        if not any(pin.job == job_key(event.key, stage, str(payload["match"])) for pin in pins(state)):
            raise PodiumError(
                N_("match {match} of stage '{stage}' is not pinned"), code="archive.pin_missing",
                target=Target(event=event.key, stage=stage, match=payload["match"]), match=payload["match"],
                stage=event.config.stage(stage).title,
            )
        return
    target = Target(event=event.key, stage=stage)
    try:
        dt.datetime.fromisoformat(str(payload["at"]))
    except (KeyError, ValueError):
        raise PodiumError(N_("its time {at} is not a date and time"), code="archive.pin_time_invalid", target=target, at=payload.get("at")) from None
    every = {r.key for venue in state.config.venues.values() for r in venue.resources}
    unknown = [str(r) for r in payload.get("resources", ()) if r not in every]
    if unknown:
        raise PodiumError(
            N_("it names resources that meet.toml does not have: {names}"), code="archive.pin_resources_unknown", target=target,
            names=listed(unknown),
        )


CHECKS = {
    Kind.CORRECTION: _correction,
    Kind.PERFORMANCE: _performance,
    Kind.DRAW: _draw,
    Kind.ROUND: _round,
    Kind.ADVANCE: _advance,
    Kind.LOTS: _lots,
    Kind.WITHDRAWAL: _withdrawal,
    Kind.PENALTY: _penalty,
    Kind.DISQUALIFICATION: _disqualification,
    Kind.SCHEDULE: _schedule,
}
"""The check of each kind of entry (results and entrants are checked by :class:`_Replay` itself)."""
