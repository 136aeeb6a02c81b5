"""Records of measured events: the school and meet records in ``meet.toml``, and the marks of this meet that break them.

``[events.X.records]`` holds an event's standing records (an event is one division: "Boys'
100 m, grade 7"), each a table with the mark and who set it::

    [events.b100.records]
    school = { mark = "11.8", holder = "李明", unit = "初三（2）班", year = 2019 }
    meet = { mark = "12.1", holder = "王强", year = 2024 }

The mark is read by the event's own measurement, as a performance would be. Only marks the
measurement allows for records count (:meth:`~podium.measure.rules.Measurement.legal`: an
athletics mark with a following wind over +2.0 m/s where a gauge is read, World Athletics CR 31).

A mark sets a record when it is better than the record as it stands when the mark is made, and
equals it when it is as good (World Athletics CR 31: a record is a performance equal to or better
than the existing record; an equalled record has the same status). :func:`set_records` goes through
the meet's marks in the order they were made, carrying the record along: the marks of one race are
made together, so they are compared with the record before the race and with each other — only the
best of the race can set it, and equal best marks both do; a later race must beat (or equal) what an
earlier one set. Every view takes its flags from here (:func:`podium.journal.measured_stage.broken_records`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal

import attrs

from podium.config.tables import Reader, toml_text
from podium.errors import PodiumError, Target
from podium.i18n import N_, _

KINDS = {"school": (N_("school record"), "SR"), "meet": (N_("meet record"), "MR")}
"""The kinds of record an event may hold, with their names and the short flags results print beside a mark."""
_KEYS = ("mark", "holder", "unit", "year")


@attrs.frozen
class Record:
    """A standing record: its kind (``school``, ``meet``), the mark as written and its value, and who set it when."""

    kind: str
    mark: str
    value: Decimal
    holder: str = ""
    unit: str = ""
    year: int | None = None

    @property
    def title(self) -> str:
        return _(KINDS[self.kind][0])

    @property
    def flag(self) -> str:
        return KINDS[self.kind][1]


@attrs.frozen
class Broken:
    """A mark of this meet that broke or equalled a record as it stood then (:func:`set_records`): who, the mark,
    where, and whether it equals the record rather than breaking it; ``best`` marks the record at the end."""

    record: Record
    entrant: str
    value: Decimal
    text: str
    heat: str
    equal: bool
    key: Decimal
    """The value signed so that lower is better (to find the best)."""
    best: bool = False
    previous: Broken | None = None
    """The mark of this meet it broke or equalled; ``None`` when that is the record standing before the meet."""

    @property
    def flag(self) -> str:
        """``SR``, ``MR``; ``=SR`` when the record is equalled."""
        return ("=" if self.equal else "") + self.record.flag


@attrs.frozen
class Try:
    """A mark of this meet that may set a record (a legal one), and when it was made.

    Marks with the same ``when`` were made together (the runners of one race) and are compared with each other;
    a smaller ``when`` was made earlier."""

    entrant: str
    heat: str
    value: Decimal
    text: str
    lower_is_better: bool
    when: tuple[int, ...]

    @property
    def key(self) -> Decimal:
        """The value signed so that lower is better."""
        return self.value if self.lower_is_better else -self.value


def set_records(record: Record, tries: Sequence[Try]) -> list[Broken]:
    """The marks of ``tries`` (of one event) that broke or equalled ``record`` as it stood when each was made, in
    the order made.

    Of marks made together only the best can set the record: better than the record then, it breaks it (every mark
    equal to that best too); as good, it equals it. Either way the record stands at that best for the marks made
    after (World Athletics CR 31). The marks as good as the record at the end are ``best``: the new record, or the
    old one equalled."""
    if not tries:
        return []
    standing = record.value if tries[0].lower_is_better else -record.value
    moments: dict[tuple[int, ...], list[Try]] = {}
    for attempt in tries:
        moments.setdefault(attempt.when, []).append(attempt)
    found: list[Broken] = []
    for when in sorted(moments):
        top = min(t.key for t in moments[when])
        if top > standing:
            continue
        previous = found[-1] if found else None
        found += [
            Broken(record, t.entrant, t.value, t.text, t.heat, top == standing, t.key, previous=previous)
            for t in sorted(moments[when], key=lambda t: t.entrant)
            if t.key == top
        ]
        standing = top
    return [attrs.evolve(b, best=b.key == standing) for b in found]


def read_records(reader: Reader, parse: Callable[[str], Decimal | None] | None) -> tuple[Record, ...]:
    """Read ``[events.X.records]``; ``parse`` reads a mark as the event's measurement does (``None``: the event
    is not measured, so it can hold no records)."""
    found = []
    for kind in reader.data:
        table = reader.child(kind)
        if kind not in KINDS:
            reader.problem(kind, N_("unknown kind of record; kinds: {valid}"), code="config.record_kind_unknown", valid=", ".join(KINDS))
            continue
        if parse is None:
            reader.problem(
                kind, N_("only events whose performances are measured (times, distances …) hold records"),
                code="config.records_not_measured",
            )
            continue
        if not isinstance(table.data, Mapping) or not table.data:
            reader.problem(
                kind, N_("must be a table like {{ mark = \"11.8\", holder = \"李明\", year = 2019 }}"), code="config.record_not_a_table"
            )
            continue
        table.known(_KEYS)
        mark = table.data.get("mark")
        if not isinstance(mark, (str, int, float)) or isinstance(mark, bool):
            table.problem("mark", N_("is required: the record's mark as text, like \"11.8\" or \"6.45\""), code="config.record_mark_missing")
            continue
        try:
            value = parse(str(mark))
        except PodiumError as error:  # the sport's reading says what is wrong with the mark
            table.problem("mark", attrs.evolve(error.problem, target=Target(), hint=None))
            continue
        if value is None:
            table.problem("mark", N_("{value} is not a mark this event can hold"), code="config.record_mark_invalid", value=toml_text(mark))
            continue
        year = table.data.get("year")
        if year is not None and (isinstance(year, bool) or not isinstance(year, int) or not 1900 <= year <= 2200):
            table.problem("year", N_("must be a year like 2019, not {value}"), code="config.record_year_invalid", value=toml_text(year))
            year = None
        texts = {key: table.data.get(key, "") for key in ("holder", "unit")}
        for key, value_text in texts.items():
            if not isinstance(value_text, str):
                table.problem(key, N_("must be text, not {value}"), code="config.record_text_invalid", value=toml_text(value_text))
                texts[key] = ""
        found.append(Record(kind, str(mark), value, texts["holder"], texts["unit"], year))
    return tuple(found)
