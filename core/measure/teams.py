"""Team composition and relay legs (any sport with team events may use these options).

- Size and gender make-up: the fire-extinguisher relay is 8 per team, 4 men and 4 women
  (fire-safety sports meet rules 2018, (1)); the sprint/hurdle relay 6 men and 6 women (primary-school fun sports-day rules, (1)); the
  three-person four-leg race and the snake need at least one girl (school fun sports-day annex, (1) 3–4);
  a square-dance team is 12 to 30 (square-dance contest rules §1).
- Children's tug of war: 10 boys and 10 girls, but "同一组别比赛低年级跟高年级比赛，低年级可以多两名男生参加" —
  a lower grade facing a higher grade may field 2 extra boys (grades 1–4 fun-games rules, tug of war). The roster is
  checked against the field: the extra boys are allowed when the event has a team of a
  higher grade.
- Relays: each leg is run by a member of the team, and "8名运动员必须依次进行,不能重复参赛" —
  nobody runs twice (fire-safety sports meet rules 2018, (1)); the legs together keep the gender make-up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from podium.errors import Problem, ResultError, Target, problem
from podium.i18n import N_, Localized, _, ngettext
from podium.model.entrants import Entrant, Gender, Person
from podium.model.numerals import whole_number
from podium.model.options import Option

TEAM_OPTIONS: tuple[Option, ...] = (
    Option("min_size", int, 0, N_("Fewest players in a team (0 = no minimum)"), minimum=0, source="square-dance contest rules §1: 12–30"),
    Option("max_size", int, 0, N_("Most players in a team (0 = no maximum)"), minimum=0, source="square-dance contest rules §1"),
    Option("men", int, None, N_("Exact number of men (boys) in a team"), minimum=0, nullable=True, source="unit sports-day rules, (2) 1; fire-safety sports meet rules 2018, (1)"),
    Option("women", int, None, N_("Exact number of women (girls) in a team"), minimum=0, nullable=True, source="unit sports-day rules, (2) 1; fire-safety sports meet rules 2018, (1)"),
    Option("min_women", int, 0, N_("Fewest women (girls) in a team"), minimum=0, source="school fun sports-day annex, (1) 3: at least one girl"),
    Option("extra_men_lower_grade", int, 0, N_("Extra boys a lower grade may field against a higher grade"), minimum=0,
           source="grades 1–4 fun-games rules, tug of war"),
    Option("legs", int, 0, N_("Legs of a relay (0 = not a relay); each leg is run by a member"), minimum=0,
           source="fire-safety sports meet rules 2018, (1)"),
    Option("repeat_legs", bool, False, N_("A member may run more than one leg"), source="fire-safety sports meet rules 2018, (1): 不能重复参赛"),
)
"""Composition options, with defaults that check nothing."""


@attrs.frozen
class Composition:
    """The make-up a team must have."""

    min_size: int = 0
    max_size: int = 0
    men: int | None = None
    women: int | None = None
    min_women: int = 0
    extra_men: int = 0
    legs: int = 0
    repeat_legs: bool = False

    @classmethod
    def from_rules(cls, rules: Mapping[str, Any]) -> Composition:
        return cls(
            min_size=int(rules.get("min_size", 0)),
            max_size=int(rules.get("max_size", 0)),
            men=rules.get("men"),
            women=rules.get("women"),
            min_women=int(rules.get("min_women", 0)),
            extra_men=int(rules.get("extra_men_lower_grade", 0)),
            legs=int(rules.get("legs", 0)),
            repeat_legs=bool(rules.get("repeat_legs", False)),
        )

    @property
    def checks_gender(self) -> bool:
        return self.men is not None or self.women is not None or self.min_women > 0

    def describe(self) -> str:
        """The rule in words, for messages: "4 men and 4 women", "12 to 30 players", "at least 1 woman"."""
        parts = []
        if self.men is not None and self.women is not None:
            parts.append(_("{men} men and {women} women").format(men=self.men, women=self.women))
        elif self.men is not None:
            parts.append(_("{men} men").format(men=self.men))
        elif self.women is not None:
            parts.append(_("{women} women").format(women=self.women))
        if self.min_women:
            parts.append(_("at least {count} women").format(count=self.min_women))
        if self.min_size and self.max_size and self.min_size != self.max_size:
            parts.append(_("{low} to {high} players").format(low=self.min_size, high=self.max_size))
        elif self.min_size and self.min_size == self.max_size:
            parts.append(ngettext("{count} player", "{count} players", self.min_size).format(count=self.min_size))
        elif self.min_size:
            parts.append(_("at least {count} players").format(count=self.min_size))
        elif self.max_size:
            parts.append(_("at most {count} players").format(count=self.max_size))
        return ", ".join(parts)


def _counts(people: Sequence[Person]) -> tuple[int, int, int]:
    men = sum(1 for p in people if p.gender is Gender.MALE)
    women = sum(1 for p in people if p.gender is Gender.FEMALE)
    return men, women, len(people) - men - women


def _grade(entrant: Entrant) -> int | None:
    grades = {m.grade for m in entrant.players if m.grade is not None}
    return max(grades) if grades else None


def roster_problems(entrant: Entrant, composition: Composition, field: Sequence[Entrant]) -> list[Problem]:
    """Why ``entrant``'s roster (players, not reserves) breaks ``composition``; empty when it is fine.

    ``field`` is every entrant of the event (for the lower-grade allowance of the grades 1–4 fun-games rules, tug of war).
    """
    players = entrant.players
    grade = _grade(entrant)
    higher = [g for g in (_grade(e) for e in field) if g is not None and grade is not None and g > grade]
    extra = composition.extra_men if higher else 0
    men, women, unknown = _counts(players)
    problems = []
    rule = Localized.of(composition.describe)
    size = len(players)
    target = Target(entrant=entrant.name)
    if composition.min_size and size < composition.min_size or composition.max_size and size > composition.max_size + extra:
        problems.append(problem(
            N_("team '{team}' has {count} players; the event needs {rule}"), code="entrants.team_size",
            team=entrant.name, count=size, rule=rule, target=target,
        ))
    if composition.checks_gender and unknown:
        names = ", ".join(p.name for p in players if p.gender is None)
        problems.append(problem(
            N_("team '{team}': the gender of {names} is not given; the event needs {rule}"), code="entrants.team_gender_unknown",
            team=entrant.name, names=names, rule=rule, target=target,
        ))
    elif composition.checks_gender:
        too_few_women = composition.min_women and women < composition.min_women
        wrong_men = composition.men is not None and not composition.men <= men <= composition.men + extra
        wrong_women = composition.women is not None and women != composition.women
        if too_few_women or wrong_men or wrong_women:
            if composition.extra_men and wrong_men and men > (composition.men or 0) and not higher:
                problems.append(problem(
                    N_("team '{team}' has {men} men and {women} women; the event needs {rule} (extra boys are allowed only for a lower grade facing a higher one)"),
                    code="entrants.team_gender_extra_boys", team=entrant.name, men=men, women=women, rule=rule, target=target,
                ))
            else:
                problems.append(problem(
                    N_("team '{team}' has {men} men and {women} women; the event needs {rule}"), code="entrants.team_gender",
                    team=entrant.name, men=men, women=women, rule=rule, target=target,
                ))
    return problems


def check_legs(entrant: Entrant, legs: Sequence[str], composition: Composition) -> tuple[str, ...]:
    """The members who ran the legs, in order, checked; raises :class:`ResultError` naming the broken rule.

    Legs are given by member name (or position in the roster, ``#3``).
    """
    if composition.legs and len(legs) != composition.legs:
        raise ResultError(
            N_("This relay has {legs} legs, but {count} runners were given."), code="performance.relay_legs_count", target=Target(entrant=entrant.name, argument="legs"), legs=composition.legs, count=len(legs)
        )
    members = {m.name: m for m in entrant.members}
    runners: list[Person] = []
    for number, name in enumerate(legs, start=1):
        person = members.get(name)
        place = whole_number(name[1:]) if name.startswith("#") else None  # its place in the roster
        if person is None and place is not None and 0 < place <= len(entrant.members):
            person = entrant.members[place - 1]
        if person is None:
            raise ResultError(
                N_("Leg {number}: '{name}' is not a member of team '{team}'; its members: {members}."), code="performance.relay_runner_not_member", target=Target(entrant=entrant.name, argument="legs"), number=number, name=name, team=entrant.name, members=", ".join(members)
            )
        if person in runners and not composition.repeat_legs:
            raise ResultError(
                N_("'{name}' runs legs {first} and {second}; each member runs one leg."), code="performance.relay_runner_twice", target=Target(entrant=entrant.name, argument="legs"), name=person.name, first=runners.index(person) + 1, second=number
            )
        runners.append(person)
    if composition.checks_gender and len(runners) == (composition.men or 0) + (composition.women or 0):
        men, women, unknown = _counts(runners)
        if not unknown and ((composition.men is not None and men != composition.men)
                            or (composition.women is not None and women != composition.women)
                            or women < composition.min_women):
            raise ResultError(
                N_("The legs were run by {men} men and {women} women; the relay needs {rule}."), code="performance.relay_composition", target=Target(entrant=entrant.name, argument="legs"), men=men, women=women, rule=Localized.of(composition.describe)
            )
    return tuple(p.name for p in runners)
