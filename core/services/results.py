"""Entering and correcting match results.

The sport parses and validates the text against its rules; only a valid result is
journaled, with the match's sides, so that history can always be re-read. A
correction is a new entry with a reason; the earlier entry stays in the journal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from podium.errors import Hint, NotFound, PodiumError, ResultError, StateError, Target
from podium.i18n import N_, Message, bilingual, listed
from podium.journal.entries import Kind
from podium.journal.kinds import SPECS, ResultFacts, rules_digest
from podium.journal.stages import name_of
from podium.journal.state import EventState, MeetState
from podium.model.entrants import Unit
from podium.model.inputs import typed_text
from podium.model.matches import Match
from podium.model.outcomes import Outcome, OutcomeKind
from podium.services.meet import Meet, NewEntry
from podium.views.answers import RecordedResult


def find_match(event: EventState, reference: Sequence[str], units: Mapping[str, Unit] | None = None) -> tuple[Match, bool]:
    """The match named by its number/key, or by its two entrants (a team also by its unit among the meet's ``units``,
    :meth:`~podium.journal.state.EventState.entrant`); ``True`` when given in reverse order."""
    if len(reference) == 1:
        return event.match(reference[0]), False
    if len(reference) != 2:
        raise PodiumError(
            N_("Name a match by its number, or by its two entrants."), code="match.reference_invalid", target=Target(event=event.key)
        )
    first, second = (event.entrant(r, units).key for r in reference)
    if first == second:
        raise PodiumError(
            N_("Both entrants are {name}; name two different entrants."), code="match.same_entrant_twice",
            name=reference[0], target=Target(event=event.key, entrant=reference[0]),
        )
    candidates = [m for m in event.matches() if set(m.entrants) == {first, second}]
    if not candidates:
        raise PodiumError(
            N_("{a} and {b} do not meet in {event} (yet)."), code="match.entrants_do_not_meet",
            a=reference[0], b=reference[1], event=event.config.name, target=Target(event=event.key),
        )
    open_matches = [m for m in candidates if event.result(m) is None]
    match = (open_matches or candidates)[0]
    return match, match.entrants[0] != first


def _refuse_extra_argument(event: EventState, reference: Sequence[str], text: str) -> None:
    """Refuse a match number followed by two more arguments (``7 "11-9 11-7 11-5" extra``): read as two entrants,
    the number or the score would be reported as an unknown entrant, which is not what went wrong. Two
    references that both name entrants (bibs may look like match numbers) are two entrants."""
    if len(reference) != 2:
        return
    known = {name for e in event.entrants.values() for name in (e.key, e.bib, e.name) if name}
    if all(given.strip() in known for given in reference):
        return
    try:
        match = event.match(reference[0])
    except NotFound:
        return
    raise PodiumError(
        N_("Match {number} is named by its number, so only its result follows it; '{extra}' is one argument too many."),
        code="result.extra_argument", target=Target(event=event.key, match=match.number, argument=text),
        number=match.number, extra=text,
    )


def prepare(
    event: EventState, reference: Sequence[str], text: str, reason: str | None = None, *, units: Mapping[str, Unit] | None = None
) -> tuple[RecordedResult, NewEntry]:
    """Validate ``text`` as the result of the referenced match of ``event`` and build its journal entry; two teams
    may be named by their units among the meet's ``units``.

    Without ``reason`` this is a new result and a match that already has one is
    refused; with ``reason`` it corrects an existing result.
    """
    if not event.drawn:
        raise StateError(
            N_("{event} has not been drawn yet."), code="event.not_drawn",
            event=event.config.name, target=Target(event=event.key), hint=Hint("draw", event=event.key),
        )
    if not any(stage.matches for stage in event.stages) and any(stage.heats for stage in event.stages):
        raise StateError(
            N_("{event} is measured, not played in matches."), code="event.measured",
            event=event.config.name, target=Target(event=event.key), hint=Hint("perf", event=event.key),
        )
    clean = typed_text(text)
    _refuse_extra_argument(event, reference, text)
    match, reversed_ = find_match(event, reference, units)
    existing = event.result(match)
    number = match.number
    target = Target(event=event.key, stage=match.stage, match=number)
    if match.is_bye:
        raise StateError(N_("match {number} is a bye; it needs no result."), code="match.bye", number=number, target=target)
    if not match.ready:
        raise StateError(
            N_("match {number} is waiting for its entrants; enter the earlier results first."), code="match.not_ready",
            number=number, target=target,
        )
    if reason is None and existing is not None:
        raise StateError(
            N_("match {number} already has a result ({result})."), code="result.already_entered",
            number=number, result=existing.text, target=target, hint=Hint("correct", event=event.key, match=number),
        )
    stage = event.stage_of(match)
    ruling = stage.rulings.get(match.key)
    if ruling is not None and existing is None:
        from podium.services.withdrawals import ruled_by

        gone = listed(event.entrants[k].name if k in event.entrants else k for k in match.entrants if k in event.withdrawn)
        rule = ruled_by(event, stage) or "CXA 2011 §19.2, §19.3"
        if ruling.annulled:
            raise StateError(
                N_("match {number} is annulled: {names} withdrew having played fewer than half of the matches ({rule})."),
                code="match.annulled", number=number, names=gone, rule=rule, target=target,
            )
        raise StateError(
            N_("match {number} needs no result: {names} withdrew, so it is a walkover ({rule})."),
            code="match.walkover", number=number, names=gone, rule=rule, target=target,
        )
    if reason is not None and existing is None:  # after the rulings: a walkover has nothing to correct either
        raise StateError(
            N_("match {number} has no result to correct."), code="result.nothing_to_correct",
            number=number, target=target, hint=Hint("result", event=event.key, match=number),
        )
    ctx = event.context(match)
    sport = event.sport
    given = attrs.evolve(ctx, sides=(ctx.sides[1], ctx.sides[0]), reversed=True) if reversed_ else ctx
    try:
        as_typed = sport.parse_result(clean, given)
        result = sport.mirror(as_typed, given) if reversed_ else as_typed
    except ResultError as error:
        examples = sport.result_examples(ctx)
        if not examples or error.details:
            raise
        raise error.with_details((Message(N_("results look like: {examples}"), examples=" · ".join(examples)),)) from None
    outcome = sport.outcome(result, ctx)
    if match.decisive and outcome.winner is None and outcome.kind not in (OutcomeKind.DOUBLE_FORFEIT, OutcomeKind.BOTH_LOSE):
        raise ResultError(
            N_("match {number} is a knockout match and needs a winner; '{text}' has none."), code="result.winner_needed",
            number=number, text=text, target=target,
        )
    if existing is not None and (existing.outcome.winner, existing.outcome.kind) != (outcome.winner, outcome.kind):
        _check_later_matches(event, match, outcome)
    if existing is not None:
        _check_next_stage(event, match, outcome)
    canonical = sport.format_result(result, ctx)
    if existing is not None and canonical == existing.text:
        raise StateError(
            N_("match {number} already has exactly this result ({result})."), code="result.unchanged",
            number=number, result=canonical, target=target,
        )
    facts = ResultFacts(
        stage=match.stage,
        match=match.key,
        sides=(match.entrants[0], match.entrants[1]),
        result=canonical,
        round_name=match.round_name,
        decisive=match.decisive,
        colours=match.colours,
        input=clean,
        outcome=outcome,
        rules=rules_digest(event.config.rules_for(stage.config, match.round_name)),
    )
    kind = Kind.CORRECTION if reason is not None else Kind.RESULT
    names = (name_of(event.entrants, match.entrants[0] or ""), name_of(event.entrants, match.entrants[1] or ""))
    typed = sport.format_result(as_typed, given) if reversed_ else canonical
    recorded = RecordedResult(
        event.key, match.stage, match.key, match.number, match.entrants, names, canonical, outcome, reason is not None,
        typed, reversed_, bilingual(lambda: sport.describe_result(typed, given)),
    )
    return recorded, SPECS[kind].entry(event.key, facts, reason)


def _check_later_matches(event: EventState, match: Match, outcome: Outcome) -> None:
    """Refuse a correction that would change who plays a match already played (knockout brackets).

    The stage is laid out again with the corrected outcome; every other match with a
    result must still have the sides it was played with.
    """
    stage = event.stage_of(match)
    view = attrs.evolve(stage.view, outcomes={**stage.view.outcomes, match.key: outcome})
    numbers = {m.key: m.number for m in stage.matches}
    laid_out = {m.key: m for m in stage.format.matches(view)}
    for key, record in stage.results.items():
        if key == match.key:
            continue
        played_with = record.sides
        later = laid_out.get(key)
        if later is None or tuple(later.entrants) != played_with:
            names = [event.entrants[k].name if k in event.entrants else str(k) for k in played_with]
            raise StateError(
                N_("match {number} cannot be corrected to this result, which changes who went on, because match {later} ({a} – {b}) has already been played; only a correction that keeps the same winner is possible now."),
                code="result.correction_changes_later_match", number=match.number, later=numbers.get(key, key), a=names[0], b=names[1],
                target=Target(event=event.key, stage=match.stage, match=match.number),
            )


def _check_next_stage(event: EventState, match: Match, outcome: Outcome) -> None:
    """Refuse a correction that would change who went through to a stage already drawn (or their seeding order)."""
    names = [s.name for s in event.stages]
    index = names.index(match.stage)
    if index + 1 == len(names):
        return
    stage, following = event.stages[index], event.stages[index + 1]
    record = stage.results[match.key]
    view = attrs.evolve(stage.view, outcomes={**stage.view.outcomes, match.key: outcome})
    changed = attrs.evolve(
        stage,
        view=view,
        results={**stage.results, match.key: attrs.evolve(record, outcome=outcome)},
        rulings=stage.format.rulings(view, stage.matches),
    )
    hypothetical = attrs.evolve(event, stages=(*event.stages[:index], changed, *event.stages[index + 1 :]))
    went = list(event.advanced[stage.name])  # who the advance sent on (every later stage is drawn by one)
    rest = [e.key for e in stage.view.entrants if e.key not in went]
    if [e.key for e in changed.advancing(hypothetical, went + rest).entrants] != went:
        raise StateError(
            N_("match {number} cannot be corrected to this result: it would change who went through from stage '{stage}' to stage '{next}', which is already drawn."),
            code="result.correction_changes_next_stage", number=match.number, stage=stage.config.title, next=following.config.title,
            target=Target(event=event.key, stage=match.stage, match=match.number),
        )


def record(meet: Meet, event_key: str, reference: Sequence[str], text: str, *, reason: str | None = None) -> RecordedResult:
    """Validate and journal one result (or, with ``reason``, one correction)."""
    return record_many(meet, event_key, [(reference, text)], reason=reason)[0]


def record_many(
    meet: Meet, event_key: str, items: Sequence[tuple[Sequence[str], str]], *, reason: str | None = None
) -> list[RecordedResult]:
    """Validate and journal several results of one event in one transaction: all or none.

    Each result is checked against the state before the batch, so a batch holds
    results of matches that are ready now (e.g. one round); a match may appear once.
    """
    event_key = meet.config.event(event_key).key
    done: list[RecordedResult] = []

    def build(state: MeetState) -> list[NewEntry]:
        event = state.event(event_key)
        done.clear()
        entries: list[NewEntry] = []
        seen: set[tuple[str, str]] = set()
        for reference, text in items:
            recorded, entry = prepare(event, reference, text, reason, units=state.config.units)
            key = (recorded.stage, recorded.match)
            if key in seen:
                raise StateError(
                    N_("match {number} appears twice in one batch."), code="result.match_twice_in_batch",
                    number=recorded.number, target=Target(event=event_key, stage=recorded.stage, match=recorded.number),
                )
            seen.add(key)
            done.append(recorded)
            entries.append(entry)
        return entries

    def needed(state: MeetState) -> list[tuple[str, str]] | None:
        return matches_named(state.event(event_key), [reference for reference, _text in items], correcting=reason is not None)

    meet.append_narrow(event_key, needed, build)
    return list(done)


def matches_named(event: EventState, references: Sequence[Sequence[str]], *, correcting: bool = False) -> list[tuple[str, str]] | None:
    """The ``(stage, match key)`` of every match ``references`` may name in ``event``, as laid out without its results;
    ``None`` when entering results (``correcting``: corrections) there may look at other matches' results, or when a
    reference names nothing (the whole state then says what is wrong).

    The results of other matches matter nowhere else: each stage is laid out by its draw alone (a round robin, its
    groups: :attr:`podium.formats.base.Format.results_change_layout`), and no entrant has withdrawn (a withdrawal
    rules on a match by its entrant's other results, CXA 2011 §19.2). A correction also needs no stage drawn after
    its match's: that stage was drawn from who went on, which :func:`_check_next_stage` works out from every result.
    Two entrants name every match between them (:func:`find_match` takes the first without a result).
    """
    if not event.drawn or event.withdrawn:
        return None
    if any(stage.format.lays_out != "matches" or stage.format.results_change_layout for stage in event.stages):
        return None
    found = []
    try:
        for reference in references:
            if len(reference) == 1:
                named = [event.match(reference[0])]
            elif len(reference) == 2:
                pair = {event.entrant(reference[0]).key, event.entrant(reference[1]).key}
                named = [m for m in event.matches() if set(m.entrants) == pair]
            else:
                return None
            found += [(match.stage, match.key) for match in named]
    except PodiumError:
        return None
    if correcting and any(stage != event.stages[-1].name for stage, _key in found):
        return None
    return found
