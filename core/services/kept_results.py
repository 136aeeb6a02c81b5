"""Results kept between commands: the records of an event's results as the last command folded them, so that the
next one reads the event's outline and only the entries recorded since, not every result again (a projection).

Reading the journal is most of what a query of a big event costs: ``podium standings`` of a 200-entrant round
robin parses, types and folds 19,900 results, and after each new result it would do it all again. With the records
kept, a command reads the event's outline (entrants, draws, withdrawals… :meth:`~podium.store.contract.JournalStore.read_outline`),
the entries after the kept position (:meth:`~podium.store.contract.JournalStore.read_from`) and the kept records,
a few numbers each (each distinct outcome, text, side and time is kept once); it folds the new results over them,
and keeps the records again at the new position once more than :data:`KEEP_AGAIN_AFTER` entries came since. A
record is made of its row only when a face asks for it (:class:`~podium.journal.stages.KeptRecords`): the
standings read the outcomes alone.

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
import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING

from podium.journal.entries import Entry, Kind
from podium.journal.stages import KeptRecords, ResultRecord
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

LAYOUT = 2
"""The layout of a kept file: a change to it makes every kept file a miss."""

SUFFIX = ".results"

KEEP_AGAIN_AFTER = 100
"""Entries since the kept position up to which a command folds them over the kept records without keeping the
records again: folding a hundred results costs a few milliseconds, writing the records of a big event again a few
hundredths of a second (a 200-entrant round robin's are 0.74 MB). More than that, and the records are kept again."""

_RESULT_KINDS = (Kind.RESULT, Kind.CORRECTION)

OutcomeForm = tuple[str, "int | None", tuple[float, float], tuple[tuple[str, tuple[float, float]], ...], "int | None", tuple[tuple[float, float], ...]]
"""An outcome as kept: its kind's name, winner, shares, counters, first mover and boards."""
Row = tuple[str, int, "str | None", "str | None", str, bool]
"""A result as kept: its text, the number of its outcome among the kept forms, its two sides, when it was first
recorded (ISO 8601) and whether it was corrected."""
StageRows = tuple[str, list[str], list[Row]]
"""A stage's results as kept: the stage's name, the match keys and the row of each match's result."""
_NUMBER, _AT = operator.itemgetter(1), operator.itemgetter(4)


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
        position, mark, forms, stages = found
        outline, end = meet.store.read_outline(event)
        since = meet.store.read_from(event, position, end) if position <= end else []
        fits = since and since[0].seq == position and entry_mark(since[0]) == mark and all(e.kind in _RESULT_KINDS for e in since[1:])
        records = _read_back(forms, stages) if fits else None  # the records are read only once the stream is known to fit
        if records is not None:
            state = fold(meet.config, meet.registry, meet.checked([*outline, *since[1:]]), {event: records})
            if len(since) - 1 > KEEP_AGAIN_AFTER:  # the first entry is the one at the kept position
                keep(folder, place, key, _kept(state.event(event), since[-1], forms))
            return meet.hold(state)
    state = meet.state(event)
    journal = state.journal
    if journal:
        keep(folder, place, key, _kept(state.event(event), journal[-1]))
    return state


def _read_back(forms: object, stages: object) -> KeptResults | None:
    """The records a kept file holds (:func:`_records`); ``None`` for a file under the right key that holds
    something else (written by hand): a miss, never an error."""
    try:
        return _records(forms, stages)  # type: ignore[arg-type]
    except (TypeError, ValueError, IndexError, AttributeError):
        return None


def _kept(event: EventState, last: Entry, earlier: Sequence[OutcomeForm] = ()) -> tuple[int, str, list[OutcomeForm], list[StageRows]]:
    """What is kept of ``event``'s results folded up to entry ``last`` (the last of its stream). The rows read back
    from the kept file (outcomes numbered as in ``earlier``) that still stand are kept as they were read."""
    forms: dict[OutcomeForm, int] = {form: number for number, form in enumerate(earlier)}
    known: dict[int, int] = {}  # the form's number by the outcome's id: the records of one file share their outcomes
    same: dict[str, str] = {}
    shared = same.setdefault  # one object for equal texts, sides and times: the file holds each once (half the reading)
    stages: list[StageRows] = []
    for stage in event.stages:
        if stage.format.lays_out != "matches":
            continue
        results = stage.results
        keys: list[str] = []
        rows: list[Row] = []
        if isinstance(results, KeptRecords):
            for match, row in results.kept_rows():
                keys.append(match)
                rows.append(row)  # type: ignore[arg-type]
            made = results.given()
        else:
            made = results
        for match, record in made.items():
            outcome = record.outcome
            number = known.get(id(outcome))
            if number is None:
                number = known[id(outcome)] = forms.setdefault(_form(outcome), len(forms))
            first, second = record.sides
            at = record.first_at.isoformat()
            keys.append(match)
            rows.append((shared(record.text, record.text), number, first and shared(first, first), second and shared(second, second), shared(at, at), record.corrected))
        stages.append((stage.name, keys, rows))
    return last.seq, entry_mark(last), list(forms), stages


def _form(outcome: Outcome) -> OutcomeForm:
    return (
        outcome.kind.value, outcome.winner, (outcome.shares[0], outcome.shares[1]),
        tuple((name, (values[0], values[1])) for name, values in outcome.stats.items()),
        outcome.first_mover, tuple((board[0], board[1]) for board in outcome.boards),
    )


def _records(forms: list[OutcomeForm], stages: list[StageRows]) -> KeptResults:
    """The records kept as ``stages``, by stage and match key, each distinct outcome made once. The outcomes and
    times are read here, so that a file that holds anything else is a miss; a record is made of its row when it is
    asked for (:class:`~podium.journal.stages.KeptRecords`): the standings ask for none."""
    outcomes = [
        Outcome(OutcomeKind(kind), winner, shares, dict(stats), first_mover, boards)
        for kind, winner, shares, stats, first_mover, boards in forms
    ]
    times: dict[str, dt.datetime] = {}

    def make(match: str, row: Row) -> ResultRecord:
        text, number, first, second, at, corrected = row
        return ResultRecord(match, text, outcomes[number], (first, second), times[at], corrected)

    records: dict[str, KeptRecords] = {}
    for name, keys, rows in stages:
        if len(keys) != len(rows):
            raise ValueError("a match key for each row")
        for at in set(map(_AT, rows)):
            if at not in times:
                times[at] = dt.datetime.fromisoformat(at)
        records[name] = KeptRecords(dict(zip(keys, rows, strict=True)), dict(zip(keys, map(outcomes.__getitem__, map(_NUMBER, rows)), strict=True)), make)  # type: ignore[arg-type]
    return records
