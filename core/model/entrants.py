"""Units, people and entrants: who competes and whom they represent."""

from __future__ import annotations

import datetime as dt
from enum import StrEnum

import attrs

from podium.i18n import N_, Message, _


class Gender(StrEnum):
    """Gender as organisers record it on entry forms."""

    MALE = "M"
    FEMALE = "F"

    @classmethod
    def parse(cls, text: str) -> Gender | None:
        """Read the spellings found on Chinese and English entry forms; ``None`` if blank."""
        value = text.strip().lower()
        if not value:
            return None
        return _GENDER_SPELLINGS.get(value)


_GENDER_SPELLINGS = {
    "m": Gender.MALE, "male": Gender.MALE, "man": Gender.MALE, "boy": Gender.MALE, "男": Gender.MALE,
    "f": Gender.FEMALE, "female": Gender.FEMALE, "woman": Gender.FEMALE, "girl": Gender.FEMALE,
    "w": Gender.FEMALE, "女": Gender.FEMALE,
}


class EntrantKind(StrEnum):
    """Who competes in an event: one person, a pair, or a team with members."""

    INDIVIDUAL = "individual"
    PAIR = "pair"
    TEAM = "team"

    @property
    def title(self) -> str:
        """The kind in the current language."""
        return _(_KIND_TITLES[self])

    @property
    def label(self) -> Message:
        """The kind, translated where it is shown."""
        return Message(_KIND_TITLES[self])


_KIND_TITLES = {EntrantKind.INDIVIDUAL: N_("individual"), EntrantKind.PAIR: N_("pair"), EntrantKind.TEAM: N_("team")}


@attrs.frozen
class Unit:
    """The organisation an entrant represents: a class, department, school or club."""

    key: str
    name: str
    size: int | None = None  # head count, for quotas that depend on unit size


@attrs.frozen
class Person:
    """One competitor as registered (a member of an entrant)."""

    name: str
    gender: Gender | None = None
    birth_date: dt.date | None = None
    grade: int | None = None
    category: str | None = None
    rating: float | None = None
    reserve: bool = False  # a team reserve / substitute


@attrs.frozen
class Entrant:
    """One entry in one event: an individual, a pair or a team.

    ``key`` is unique within the event and is what the journal refers to; it is the
    bib number when one was given.
    """

    key: str
    event: str
    kind: EntrantKind
    name: str
    members: tuple[Person, ...]
    unit: str | None = None
    bib: str | None = None
    seed: int | None = None
    rating: float | None = None

    @property
    def gender(self) -> Gender | None:
        """The common gender of the members, or ``None`` when mixed or unknown."""
        genders = {m.gender for m in self.members if not m.reserve}
        return genders.pop() if len(genders) == 1 else None

    @property
    def players(self) -> tuple[Person, ...]:
        """Members who are not reserves."""
        return tuple(m for m in self.members if not m.reserve)

    def label(self, units: dict[str, Unit] | None = None) -> str:
        """The display name with the unit in brackets, e.g. ``张三 (一班)``."""
        if units and self.unit in units:
            return f"{self.name} ({units[self.unit].name})"
        return self.name


BYE = "BYE"
"""The side key of a bye: a slot in a draw with no entrant."""
