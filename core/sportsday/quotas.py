"""Entry quotas: how many entries a unit may make in an event, and how many events a person may enter.

``[events.X.quota]`` (all optional):

- ``per_unit``: entries per unit (table-tennis plan 6 §7(3): "each unit may enter at most 2
  teams"; unit sports-day rules, (2): "one team per unit" for team events);
- ``per_unit_men`` / ``per_unit_women``: entries per unit by gender (unit sports-day rules,
  (1): "每单位每项男、女各报2人"; Shanghai workers' games xiangqi regulations §5.2: at most 2
  men and 2 women per unit);
- ``large_unit_min`` with ``large_per_unit``, ``large_per_unit_men``,
  ``large_per_unit_women``: the quotas of a unit of at least that many people
  (``Unit.size``; unit sports-day rules, (1): "80人以上单位可报4人" — 以上 includes the number, so a unit
  of exactly 80 is large; write 81 for "more than 80");
- ``max_entrants`` / ``max_men`` / ``max_women``: entries in the whole event
  (table-tennis plan 3 §6: "at most 30 men and 30 women").

``[entries] max_events_per_person`` limits the events one person enters, a person
being the same student number, else the same name in the same unit, across events;
``count_kinds`` says which entrant kinds count (all by default).

:func:`quota_problems` checks the entries of a meet — those registered and those
being added — and names the rule and the entries that break it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

import attrs

from podium.config.tables import Reader, toml_text
from podium.errors import Problem, Target, problem
from podium.i18n import N_, Label, Localized, Message, _
from podium.model.entrants import Entrant, EntrantKind, Gender, Unit
from podium.sportsday.eligibility import counted_people

_QUOTA_KEYS = (
    "per_unit", "per_unit_men", "per_unit_women", "large_unit_min", "large_per_unit", "large_per_unit_men",
    "large_per_unit_women", "max_entrants", "max_men", "max_women",
)
_ENTRIES_KEYS = ("max_events_per_person", "count_kinds", "bibs")
BIB_RULES = ("given", "by_unit")
"""``[entries] bibs``: bibs as the entrants file gives them, or numbers from each unit's range for everyone without one."""
_WHO = {None: "entries", Gender.MALE: "men", Gender.FEMALE: "women"}


@attrs.frozen
class Quota:
    """The entry quotas of one event (``None``: no limit)."""

    per_unit: int | None = None
    per_unit_men: int | None = None
    per_unit_women: int | None = None
    large_unit_min: int | None = None
    large_per_unit: int | None = None
    large_per_unit_men: int | None = None
    large_per_unit_women: int | None = None
    max_entrants: int | None = None
    max_men: int | None = None
    max_women: int | None = None

    def unit_limits(self, unit: Unit) -> tuple[tuple[Gender | None, int | None, str], ...]:
        """The per-unit limits that apply to ``unit``: (gender or ``None`` for all, limit, key)."""
        large = self.large_unit_min is not None and unit.size is not None and unit.size >= self.large_unit_min
        if large:
            return (
                (None, self.large_per_unit if self.large_per_unit is not None else self.per_unit,
                 "large_per_unit" if self.large_per_unit is not None else "per_unit"),
                (Gender.MALE, self.large_per_unit_men if self.large_per_unit_men is not None else self.per_unit_men,
                 "large_per_unit_men" if self.large_per_unit_men is not None else "per_unit_men"),
                (Gender.FEMALE, self.large_per_unit_women if self.large_per_unit_women is not None else self.per_unit_women,
                 "large_per_unit_women" if self.large_per_unit_women is not None else "per_unit_women"),
            )
        return (
            (None, self.per_unit, "per_unit"),
            (Gender.MALE, self.per_unit_men, "per_unit_men"),
            (Gender.FEMALE, self.per_unit_women, "per_unit_women"),
        )

    def event_limits(self) -> tuple[tuple[Gender | None, int | None, str], ...]:
        return ((None, self.max_entrants, "max_entrants"), (Gender.MALE, self.max_men, "max_men"), (Gender.FEMALE, self.max_women, "max_women"))


@attrs.frozen
class EntryLimits:
    """Meet-wide entry limits (``[entries]``)."""

    max_events_per_person: int | None = None
    count_kinds: frozenset[EntrantKind] = frozenset(EntrantKind)
    bibs: str = "given"
    """``"by_unit"``: a person without a bib gets the next free number of their unit's range (:mod:`podium.sportsday.bibs`)."""


def read_quota(reader: Reader) -> Quota:
    """Read ``[events.X.quota]``."""
    reader.known(_QUOTA_KEYS)
    return Quota(**{key: reader.integer(key) for key in _QUOTA_KEYS})


def read_entry_limits(reader: Reader) -> EntryLimits:
    """Read ``[entries]``."""
    reader.known(_ENTRIES_KEYS)
    kinds = frozenset(EntrantKind)
    names = reader.texts("count_kinds")
    if names:
        valid = [k.value for k in EntrantKind]
        bad = [n for n in names if n not in valid]
        if bad:
            reader.problem("count_kinds", N_("must be a list of {valid}, not {value}"), code="config.count_kinds_invalid", valid=", ".join(valid), value=toml_text(bad[0]))
        else:
            kinds = frozenset(EntrantKind(n) for n in names)
    return EntryLimits(reader.integer("max_events_per_person", minimum=1), kinds, reader.choice("bibs", BIB_RULES, "given"))


Person = tuple[str, str | None, str | None]
"""A person across events: name, unit and student number (table-tennis plan 6 §6: one person may enter several
events; two students of one name in one class are two people when their student numbers differ)."""


def people(entrant: Entrant) -> list[Person]:
    return [(member.name, entrant.unit, member.student_id) for member in entrant.members]


@attrs.frozen
class Breach:
    """One quota broken: the problem and the entrants involved (event key, entrant key)."""

    problem: Problem
    entrants: tuple[tuple[str, str], ...]


def quota_problems(
    events: Mapping[str, Quota],
    names: Mapping[str, Label],
    limits: EntryLimits,
    units: Mapping[str, Unit],
    entrants: Mapping[str, Sequence[Entrant]],
    describe: Callable[[str, Entrant], str],
) -> list[Breach]:
    """Every quota the entries break, in event order then person order.

    ``names`` gives each event's name, as messages name it; ``entrants`` holds every entry per event (registered
    and new); ``describe`` names an entry in messages (for example with its row in the file being imported).
    """
    found: list[Breach] = []
    for event, quota in events.items():
        field = entrants.get(event, ())
        groups: list[tuple[str | Message, Iterable[Entrant], tuple[tuple[Gender | None, int | None, str], ...]]] = [
            (Message(N_("the event")), field, quota.event_limits())
        ]
        for unit in units.values():
            members = [e for e in field if e.unit == unit.key]
            if members:
                groups.append((unit.name, members, quota.unit_limits(unit)))
        for who, group, rules in groups:
            for gender, limit, key in rules:
                if limit is None:
                    continue
                counted = [e for e in group if gender is None or e.gender is gender]
                if len(counted) > limit:
                    found.append(
                        Breach(
                            problem(
                                N_("{who} has {counted} in {event} ({names}); the limit is {limit} ({key})"), code="entrants.quota",
                                who=who, counted=Localized.of(counted_people, _WHO[gender], len(counted)), event=names[event], limit=limit,
                                key=f"events.{event}.quota.{key}", names=Localized.of(_described, describe, [(event, e) for e in counted]),
                                target=Target(event=event, option=f"events.{event}.quota.{key}"),
                            ),
                            tuple((event, e.key) for e in counted),
                        )
                    )
    if limits.max_events_per_person is not None:
        entered: dict[Person, list[tuple[str, Entrant]]] = {}
        for event, field in entrants.items():
            for entrant in field:
                if entrant.kind in limits.count_kinds:
                    for person in dict.fromkeys(people(entrant)):
                        entered.setdefault(person, []).append((event, entrant))
        for (name, unit, number), found_in in list(entered.items()):
            if unit is None:  # a member of an entry from several units may be the person of that name in any unit
                namesakes = [p for p in entered if p[0] == name and p[1] is not None and (number is None or p[2] == number)]
                for namesake in namesakes:
                    entered[namesake].extend(found_in)
                if namesakes:
                    del entered[(name, unit, number)]
        for (name, unit, _number), found_in in entered.items():
            if len(found_in) > limits.max_events_per_person:
                unit_name = units[unit].name if unit in units else ""
                found.append(
                    Breach(
                        problem(
                            N_("{name} would be in {count} events ({events}); at most {limit} per person ({key})"),
                            code="entrants.events_per_person",
                            name=f"{name} ({unit_name})" if unit_name else name,
                            count=len(found_in),
                            events=Localized.of(_described, describe, found_in),
                            limit=limits.max_events_per_person,
                            key="entries.max_events_per_person",
                            target=Target(entrant=name, option="entries.max_events_per_person"),
                        ),
                        tuple((event, e.key) for event, e in found_in),
                    )
                )
    return found


def _described(describe: Callable[[str, Entrant], str], entries: Sequence[tuple[str, Entrant]]) -> str:
    """The entries named by ``describe`` (called in the language they are shown in), in a list of that language."""
    return _(", ").join(describe(event, entrant) for event, entrant in entries)
