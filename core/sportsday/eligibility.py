"""Divisions and eligibility: who may enter an event, and how a pair or team is made up.

An event is one division of the meet (men's singles 54 and under, girls' grade 5
sack race…). Its ``[events.X.eligibility]`` table says who may enter it:

- ``gender``: ``"M"`` or ``"F"`` (every player), or ``"mixed"`` (a pair or team with at
  least one man and one woman) — table-tennis plan 2 §5.1, plan 7 §4 (men's and women's groups);
- ``min_age`` / ``max_age``: age in completed years (周岁) on the reference date, both
  limits included, and either may differ by gender: ``max_age = { M = 54, F = 50 }``
  (table-tennis plan 6 §6, §7(3): men "54 and under" / "55 and over", women "50 and under" /
  "51 and over"; 以下/以上 include the number). ``age_by = "year"`` counts age as
  reference year minus birth year instead;
- ``born_from`` / ``born_until``: birth dates, both included (teachers' table-tennis plan §4:
  groups by birth date);
- ``grades``: the school grades that may enter (table-tennis plan 2 §4: grades 3–6);
- ``categories``: staff categories (table-tennis plan 7 §1: serving, internally retired,
  retired and new staff);
- ``players``, ``reserves``, ``men``, ``women``: the make-up of a pair or team
  (table-tennis plan 6 §7(3): three singles players; unit sports-day rules, (2) 1: 2 men +
  2 women).

Rules apply to every player of a pair or team (reserves too, except for the
counts). :func:`entrant_problems` returns one sentence per broken rule, naming the
person and the rule's key, so that imports can refuse with the reason.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping

import attrs

from podium.config.tables import Reader, toml_text
from podium.errors import Problem, Target, problem
from podium.i18n import N_, Localized, N_plural, _, ngettext
from podium.model.entrants import Entrant, EntrantKind, Gender, Person

AgeLimits = Mapping[Gender | None, int]
"""An age limit for everyone (key ``None``) or per gender."""

_KEYS = (
    "gender", "min_age", "max_age", "reference_date", "age_by", "born_from", "born_until",
    "grades", "categories", "players", "reserves", "men", "women",
)



def counted_people(kind: str, count: int) -> str:
    """``count`` people of one ``kind`` (players, men, women or entries) in words: "1 woman", "3 players"."""
    if kind == "men":
        return ngettext("{count} man", "{count} men", count).format(count=count)
    if kind == "women":
        return ngettext("{count} woman", "{count} women", count).format(count=count)
    if kind == "entries":
        return ngettext("{count} entry", "{count} entries", count).format(count=count)
    return ngettext("{count} player", "{count} players", count).format(count=count)


@attrs.frozen
class Eligibility:
    """Who may enter one event (every field ``None`` or empty: anyone)."""

    gender: Gender | None = None
    mixed: bool = False
    min_age: AgeLimits = attrs.field(factory=dict)
    max_age: AgeLimits = attrs.field(factory=dict)
    reference_date: dt.date | None = None
    age_by: str = "date"
    born_from: dt.date | None = None
    born_until: dt.date | None = None
    grades: frozenset[int] = frozenset()
    categories: tuple[str, ...] = ()
    players: tuple[int, int] | None = None
    reserves: int | None = None
    men: tuple[int, int] | None = None
    women: tuple[int, int] | None = None

    @property
    def restricted(self) -> bool:
        """True when the event limits who may enter."""
        return self != Eligibility(reference_date=self.reference_date, age_by=self.age_by)

    @property
    def needs_age(self) -> bool:
        return bool(self.min_age or self.max_age)


def age_on(birth: dt.date, day: dt.date, by: str = "date") -> int:
    """Age on ``day``: completed years (周岁; the birthday itself counts), or ``day.year − birth.year`` with ``by="year"``.

    Someone born on 29 February turns a year older on 1 March in a year without one.
    """
    if by == "year":
        return day.year - birth.year
    return day.year - birth.year - ((day.month, day.day) < (birth.month, birth.day))


def _gender_word(gender: Gender) -> str:
    return _("men") if gender is Gender.MALE else _("women")


def _span_text(low: object | None, high: object | None) -> str:
    if low is not None and high is not None:
        return str(low) if low == high else _("{low} to {high}").format(low=low, high=high)
    if low is not None:
        return _("{low} or more").format(low=low)
    return _("at most {high}").format(high=high)


def _limit(limits: AgeLimits, gender: Gender | None) -> int | None:
    if gender is not None and gender in limits:
        return limits[gender]
    return limits.get(None)


def person_problems(person: Person, rule: Eligibility, where: str, reference: dt.date | None) -> list[Problem]:
    """Why ``person`` may not play in the event (empty when they may); ``where`` is ``events.X.eligibility``."""
    found: list[Problem] = []
    name = person.name
    if rule.gender is not None and person.gender is not rule.gender:
        found.append(
            problem(N_("{name} is not in the {gender}'s division ({key} = \"{value}\")"), code="entrants.not_in_division", target=Target(entrant=name), name=name, gender=Localized.of(_gender_word, rule.gender), key=f"{where}.gender", value=rule.gender.value)
        )
    if rule.needs_age:
        low, high = _limit(rule.min_age, person.gender), _limit(rule.max_age, person.gender)
        keys = "/".join(k for k, v in (("min_age", low), ("max_age", high)) if v is not None)
        if (low is not None or high is not None) and (person.birth_date is None or reference is None):
            found.append(problem(N_("{name} has no birth date, which the age rule needs ({key})"), code="entrants.birth_date_missing", target=Target(entrant=name), name=name, key=f"{where}.{keys}"))
        elif reference is not None and person.birth_date is not None and (low is not None or high is not None):
            age = age_on(person.birth_date, reference, rule.age_by)
            if (low is not None and age < low) or (high is not None and age > high):
                found.append(
                    problem(N_("{name} is {age} on {date}; the event is for ages {span} ({key})"), code="entrants.age_outside", target=Target(entrant=name), name=name, age=age, date=reference.isoformat(), span=Localized.of(_span_text, low, high), key=f"{where}.{keys}")
                )
    if rule.born_from is not None or rule.born_until is not None:
        birth = person.birth_date
        if birth is None:
            found.append(problem(N_("{name} has no birth date, which the age rule needs ({key})"), code="entrants.birth_date_missing", target=Target(entrant=name), name=name, key=f"{where}.born_from/born_until"))
        elif (rule.born_from and birth < rule.born_from) or (rule.born_until and birth > rule.born_until):
            found.append(
                problem(N_("{name} was born on {birth}; the event is for people born {span} ({key})"), code="entrants.born_outside", target=Target(entrant=name), name=name, birth=birth.isoformat(), span=Localized.of(_span_text, rule.born_from, rule.born_until), key=f"{where}.born_from/born_until")
            )
    if rule.grades:
        valid = ", ".join(map(str, sorted(rule.grades)))
        if person.grade is None:
            found.append(problem(N_("{name} has no grade; the event is for grades {valid} ({key})"), code="entrants.grade_missing", target=Target(entrant=name), name=name, valid=valid, key=f"{where}.grades"))
        elif person.grade not in rule.grades:
            found.append(
                problem(N_("{name} is in grade {grade}; the event is for grades {valid} ({key})"), code="entrants.grade_outside", target=Target(entrant=name), name=name, grade=person.grade, valid=valid, key=f"{where}.grades")
            )
    if rule.categories and person.category not in rule.categories:
        found.append(
            problem(N_("{name} is in category '{category}'; the event is for {valid} ({key})"), code="entrants.category_outside", target=Target(entrant=name), name=name, category=person.category or "", valid=", ".join(rule.categories), key=f"{where}.categories")
        )
    return found


def entrant_problems(entrant: Entrant, rule: Eligibility, where: str, reference: dt.date | None) -> list[Problem]:
    """Why ``entrant`` may not enter the event: each member's problems, then the make-up of a pair or team."""
    found = [p for person in entrant.members for p in person_problems(person, rule, where, reference)]
    if entrant.kind is EntrantKind.INDIVIDUAL:
        return found
    players = entrant.players
    reserves = len(entrant.members) - len(players)
    counts = (
        ("players", rule.players, len(players)),
        ("men", rule.men, sum(1 for p in players if p.gender is Gender.MALE)),
        ("women", rule.women, sum(1 for p in players if p.gender is Gender.FEMALE)),
    )
    for key, span, count in counts:
        if span is not None and not span[0] <= count <= span[1]:
            found.append(
                problem(N_("{team} has {counted}; the event needs {span} ({key})"), code="entrants.team_count_outside", target=Target(entrant=entrant.name), team=entrant.name, counted=Localized.of(counted_people, key, count), span=Localized.of(_span_text, *span), key=f"{where}.{key}")
            )
    if rule.reserves is not None and reserves > rule.reserves:
        found.append(
            problem(N_plural("{team} has {count} reserve; the limit is {limit} ({key})", "{team} has {count} reserves; the limit is {limit} ({key})"), code="entrants.team_reserves", target=Target(entrant=entrant.name), team=entrant.name, count=reserves, limit=rule.reserves, key=f"{where}.reserves")
        )
    if rule.mixed and not {Gender.MALE, Gender.FEMALE} <= {p.gender for p in players}:
        found.append(
            problem(N_("{team} needs at least one man and one woman among its players ({key} = \"mixed\")"), code="entrants.team_not_mixed", target=Target(entrant=entrant.name), team=entrant.name, key=f"{where}.gender")
        )
    return found


def read_eligibility(reader: Reader, kind: EntrantKind) -> Eligibility:
    """Read ``[events.X.eligibility]``; problems go to the reader's report."""
    reader.known(_KEYS)
    data = reader.data
    gender, mixed = None, False
    if "gender" in data:
        value = data["gender"]
        if value == "mixed" and kind is not EntrantKind.INDIVIDUAL:
            mixed = True
        else:
            gender = Gender.parse(value) if isinstance(value, str) else None
            if gender is None:
                valid = "M, F" + (", mixed" if kind is not EntrantKind.INDIVIDUAL else "")
                reader.problem("gender", N_("must be one of {valid}, not {value}"), code="config.not_a_choice", valid=valid, value=toml_text(value))
    grades: frozenset[int] = frozenset()
    if "grades" in data:
        value = data["grades"]
        if isinstance(value, list) and value and all(isinstance(g, int) and not isinstance(g, bool) and g >= 0 for g in value):
            grades = frozenset(value)
        else:
            reader.problem("grades", N_("must be a list of grades like [3, 4, 5, 6], not {value}"), code="config.grades_invalid", value=toml_text(value))
    rule = Eligibility(
        gender=gender,
        mixed=mixed,
        min_age=_ages(reader, "min_age"),
        max_age=_ages(reader, "max_age"),
        reference_date=reader.date("reference_date"),
        age_by=reader.choice("age_by", ("date", "year"), "date"),
        born_from=reader.date("born_from"),
        born_until=reader.date("born_until"),
        grades=grades,
        categories=reader.texts("categories"),
        players=reader.span("players"),
        reserves=reader.integer("reserves"),
        men=reader.span("men"),
        women=reader.span("women"),
    )
    for gender_key in {*rule.min_age, *rule.max_age}:
        low, high = _limit(rule.min_age, gender_key), _limit(rule.max_age, gender_key)
        if low is not None and high is not None and low > high:
            reader.problem("max_age", N_("is below min_age ({low}), so nobody could enter"), code="config.max_age_below_min", low=low)
            break
    if rule.born_from and rule.born_until and rule.born_from > rule.born_until:
        reader.problem("born_until", N_("is before born_from, so nobody could enter"), code="config.born_until_before_from")
    return rule


def _ages(reader: Reader, key: str) -> dict[Gender | None, int]:
    value = reader.data.get(key)
    if value is None:
        return {}
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 150:
        return {None: value}
    if isinstance(value, dict) and value:
        limits: dict[Gender | None, int] = {}
        for name, age in value.items():
            gender = Gender.parse(name)
            if gender is None or isinstance(age, bool) or not isinstance(age, int) or not 0 <= age <= 150:
                break
            limits[gender] = age
        else:
            return limits
    reader.problem(key, N_("must be an age like 54, or ages by gender like {{ M = 54, F = 50 }}, not {value}"), code="config.age_invalid", value=toml_text(value))
    return {}
