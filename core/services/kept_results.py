"""Results kept between commands: the records of an event's results as the last command folded them, so that the
next one reads the event's outline and only the entries recorded since, not every result again (a projection).

Reading the journal is most of what a query of a big event costs: ``podium standings`` of a 200-entrant round
robin parses, types and folds 19,900 results, and after each new result it would do it all again. With the records
kept, a command reads the event's outline (entrants, draws, withdrawals… :meth:`~podium.store.contract.JournalStore.read_outline`),
the entries after the kept position (:meth:`~podium.store.contract.JournalStore.read_from`) and the kept records,
a few numbers each (each distinct outcome is kept once); it folds the new results over them, and keeps the records
again at the new position once more than :data:`KEEP_AGAIN_AFTER` entries came since.

The kept records are derived, never the truth, and stand for the results only while what they were made from holds:

- the entry at the kept position is still there, the same entry (number, time, kind, actor, reason, facts);
- nothing but results and corrections came after it: a draw, a withdrawal or lots may change what every result
  means (a redraw drops the results of the stages after it), so the event is folded whole again;
- ``meet.toml`` (its text, as a digest), the code (:func:`~podium.services.kept_files.code_mark`) and the store
  are those they were made with.

Anything else is a miss: the event's whole stream is read and folded, and its records kept in place of the old
ones. The file is kept beside the kept views (:mod:`podium.services.kept_files`: the user's cache folder, never the
meet folder, only the user may read it, ``PODIUM_VIEWS=off`` keeps none) and holds nothing but numbers and texts:
its unpickler makes no class at all.

A state folded this way knows the event's results, not every entry of its journal: it serves queries of that event
(the standings, the matches), not the log.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from podium.journal.entries import Entry, Kind
from podium.journal.stages import ResultRecord
from podium.model.outcomes import Outcome, OutcomeKind
from podium.services.kept_files import (
    ValuesUnpickler,
    code_mark,
    digest,
    entry_mark,
    keep,
    read_kept,
    views_folder,
)

if TYPE_CHECKING:
    from podium.journal.state import EventState, KeptResults, MeetState
    from podium.services.meet import Meet

LAYOUT = 1
"""The layout of a kept file: a change to it makes every kept file a miss."""

SUFFIX = ".results"

KEEP_AGAIN_AFTER = 100
"""Entries since the kept position up to which a command folds them over the kept records without keeping the
records again: folding a hundred results costs a few milliseconds, writing the records of a big event again a few
hundredths of a second (a 200-entrant round robin's are 1.5 MB). More than that, and the records are kept again."""

_RESULT_KINDS = (Kind.RESULT, Kind.CORRECTION)

OutcomeForm = tuple[str, "int | None", tuple[float, float], tuple[tuple[str, tuple[float, float]], ...], "int | None", tuple[tuple[float, float], ...]]
"""An outcome as kept: its kind's name, winner, shares, counters, first mover and boards."""
Row = tuple[str, str, str, int, "str | None", "str | None", str, bool]
"""A result as kept: stage, match key, text, the number of its outcome among the kept forms, its two sides, when it
was first recorded (ISO 8601) and whether it was corrected."""


def event_state(meet: Meet, event: str) -> MeetState:
    """The state of event ``event`` (a key of ``meet.toml``) as its stream says now: folded from its outline and the
    entries after the position of the records kept last time, or from its whole stream when none are kept or they
    no longer hold; the records are kept again when the stream moved on by more than :data:`KEEP_AGAIN_AFTER`."""
    from podium.journal.state import fold

    folder = views_folder()
    if folder is None:
        return meet.state(event)
    key = (LAYOUT, event, digest(meet.config.text), code_mark(meet.registry))
    place = folder / f"{digest(meet.store.location, 'results', event)}{SUFFIX}"
    found = read_kept(place, key, ValuesUnpickler)  # which makes no class: kept results are numbers and texts
    if isinstance(found, tuple) and len(found) == 4 and isinstance(found[0], int) and isinstance(found[1], str):
        position, mark, forms, rows = found
        outline, end = meet.store.read_outline(event)
        since = meet.store.read_from(event, position, end) if position <= end else []
        fits = since and since[0].seq == position and entry_mark(since[0]) == mark and all(e.kind in _RESULT_KINDS for e in since[1:])
        made = _read_back(forms, rows) if fits else None  # the records are made only once the stream is known to fit
        if made is not None:
            records, read = made
            state = fold(meet.config, meet.registry, meet.checked([*outline, *since[1:]]), {event: records})
            if len(since) - 1 > KEEP_AGAIN_AFTER:  # the first entry is the one at the kept position
                keep(folder, place, key, _kept(state.event(event), since[-1], forms, read))
            return state
    state = meet.state(event)
    journal = state.journal
    if journal:
        keep(folder, place, key, _kept(state.event(event), journal[-1]))
    return state


def _read_back(forms: object, rows: object) -> tuple[KeptResults, dict[int, Row]] | None:
    """The records a kept file holds and their rows by the records' ids (:func:`_records`); ``None`` for a file
    under the right key that holds something else (written by hand): a miss, never an error."""
    try:
        return _records(forms, rows)  # type: ignore[arg-type]
    except (TypeError, ValueError, IndexError):
        return None


def _kept(
    event: EventState, last: Entry, earlier: Sequence[OutcomeForm] = (), read: Mapping[int, Row] | None = None
) -> tuple[int, str, list[OutcomeForm], list[Row]]:
    """What is kept of ``event``'s results folded up to entry ``last`` (the last of its stream). A record read back
    from the kept file (its row in ``read``, by the record's id, with outcomes numbered as in ``earlier``) is kept
    as it was read; the state holds every record read back (:attr:`~podium.journal.state.MeetState.kept`), so no
    other record has the id of one."""
    forms: dict[OutcomeForm, int] = {form: number for number, form in enumerate(earlier)}
    known: dict[int, int] = {}  # the form's number by the outcome's id: the records of one file share their outcomes
    rows: list[Row] = []
    same = read or {}
    for stage in event.stages:
        if stage.format.lays_out != "matches":
            continue
        for record in stage.results.values():
            row = same.get(id(record))
            if row is not None:
                rows.append(row)
                continue
            outcome = record.outcome
            number = known.get(id(outcome))
            if number is None:
                number = known[id(outcome)] = forms.setdefault(_form(outcome), len(forms))
            first, second = record.sides
            rows.append((stage.name, record.match, record.text, number, first, second, record.first_at.isoformat(), record.corrected))
    return last.seq, entry_mark(last), list(forms), rows


def _form(outcome: Outcome) -> OutcomeForm:
    return (
        outcome.kind.value, outcome.winner, (outcome.shares[0], outcome.shares[1]),
        tuple((name, (values[0], values[1])) for name, values in outcome.stats.items()),
        outcome.first_mover, tuple((board[0], board[1]) for board in outcome.boards),
    )


def _records(forms: list[OutcomeForm], rows: list[Row]) -> tuple[KeptResults, dict[int, Row]]:
    """The records kept as ``rows``, by stage and match key, each distinct outcome made once; and the row of each
    record by its id (what :func:`_kept` keeps again of a record that did not change)."""
    outcomes = [
        Outcome(OutcomeKind(kind), winner, shares, dict(stats), first_mover, boards)
        for kind, winner, shares, stats, first_mover, boards in forms
    ]
    times: dict[str, dt.datetime] = {}
    records: dict[str, dict[str, ResultRecord]] = {}
    read: dict[int, Row] = {}
    for row in rows:
        stage, match, text, number, first, second, at, corrected = row
        when = times.get(at)
        if when is None:
            when = times[at] = dt.datetime.fromisoformat(at)
        records.setdefault(stage, {})[match] = record = ResultRecord(match, text, outcomes[number], (first, second), when, corrected)
        read[id(record)] = row
    return records, read
