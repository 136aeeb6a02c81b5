"""Entering and correcting match results.

The sport parses and validates the text against its rules; only a valid result is
journaled, with the match's sides, so that history can always be re-read. A
correction is a new entry with a reason; the earlier entry stays in the journal.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from podium.errors import PodiumError, ResultError, StateError
from podium.i18n import _
from podium.journal import Kind
from podium.matches import Match
from podium.meet import Meet, NewEntry
from podium.outcomes import Outcome
from podium.state import EventState, MeetState, remember_outcome


@attrs.frozen
class Recorded:
    """A result as journaled: the match, its canonical text and outcome."""

    event: str
    match: Match
    text: str
    outcome: Outcome
    corrected: bool


def find_match(event: EventState, reference: Sequence[str]) -> tuple[Match, bool]:
    """The match named by its number/key, or by its two entrants; ``True`` when given in reverse order."""
    if len(reference) == 1:
        return event.match(reference[0]), False
    if len(reference) != 2:
        raise PodiumError(_("Name a match by its number, or by its two entrants."))
    first, second = (event.entrant(r).key for r in reference)
    if first == second:
        raise PodiumError(_("Both entrants are {name}; name two different entrants.").format(name=reference[0]))
    candidates = [m for m in event.matches() if set(m.entrants) == {first, second}]
    if not candidates:
        raise PodiumError(
            _("{a} and {b} do not meet in event '{event}' (yet).").format(a=reference[0], b=reference[1], event=event.key)
        )
    open_matches = [m for m in candidates if event.result(m) is None]
    match = (open_matches or candidates)[0]
    return match, match.entrants[0] != first


def prepare(event: EventState, reference: Sequence[str], text: str, reason: str | None = None) -> tuple[Recorded, NewEntry]:
    """Validate ``text`` as the result of the referenced match of ``event`` and build its journal entry.

    Without ``reason`` this is a new result and a match that already has one is
    refused; with ``reason`` it corrects an existing result.
    """
    if not event.drawn:
        raise StateError(_("Event '{event}' has not been drawn yet; run 'podium draw {event}'.").format(event=event.key))
    match, reversed_ = find_match(event, reference)
    existing = event.result(match)
    label = _("match {number}").format(number=match.number)
    if match.is_bye:
        raise StateError(_("{match} is a bye; it needs no result.").format(match=label))
    if not match.ready:
        raise StateError(_("{match} is waiting for its entrants; enter the earlier results first.").format(match=label))
    if reason is None and existing is not None:
        raise StateError(
            _("{match} already has a result ({result}); use 'podium correct' to change it.").format(match=label, result=existing.text)
        )
    if reason is not None and existing is None:
        raise StateError(_("{match} has no result to correct; use 'podium result'.").format(match=label))
    ctx = event.context(match)
    sport = event.sport
    if reversed_:
        given = attrs.evolve(ctx, sides=(ctx.sides[1], ctx.sides[0]))
        result = sport.mirror(sport.parse_result(text, given), given)
    else:
        result = sport.parse_result(text, ctx)
    outcome = sport.outcome(result, ctx)
    if match.decisive and outcome.winner is None:
        raise ResultError(_("{match} is a knockout match and needs a winner; '{text}' has none.").format(match=label, text=text))
    canonical = sport.format_result(result, ctx)
    if existing is not None and canonical == existing.text:
        raise StateError(_("{match} already has exactly this result ({result}).").format(match=label, result=canonical))
    payload = {
        "stage": match.stage,
        "match": match.key,
        "sides": list(match.entrants),
        "round_name": match.round_name,
        "decisive": match.decisive,
        "result": canonical,
        "input": text,
    }
    kind = Kind.CORRECTION if reason is not None else Kind.RESULT
    remember_outcome(event, match, canonical, ctx, outcome)
    return Recorded(event.key, match, canonical, outcome, reason is not None), (kind, event.key, payload, reason)


def record(meet: Meet, event_key: str, reference: Sequence[str], text: str, *, reason: str | None = None) -> Recorded:
    """Validate and journal one result (or, with ``reason``, one correction)."""
    return record_many(meet, event_key, [(reference, text)], reason=reason)[0]


def record_many(
    meet: Meet, event_key: str, items: Sequence[tuple[Sequence[str], str]], *, reason: str | None = None
) -> list[Recorded]:
    """Validate and journal several results of one event in one transaction: all or none.

    Each result is checked against the state before the batch, so a batch holds
    results of matches that are ready now (e.g. one round); a match may appear once.
    """
    event_key = meet.config.event(event_key).key
    done: list[Recorded] = []

    def build(state: MeetState) -> list[NewEntry]:
        event = state.event(event_key)
        done.clear()
        entries: list[NewEntry] = []
        seen: set[tuple[str, str]] = set()
        for reference, text in items:
            recorded, entry = prepare(event, reference, text, reason)
            key = (recorded.match.stage, recorded.match.key)
            if key in seen:
                raise StateError(
                    _("match {number} appears twice in one batch.").format(number=recorded.match.number)
                )
            seen.add(key)
            done.append(recorded)
            entries.append(entry)
        return entries

    meet.append(build, event_key)
    return list(done)
