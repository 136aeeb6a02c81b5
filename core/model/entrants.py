"""Units, people and entrants: who competes and whom they represent."""

from __future__ import annotations

import datetime as dt
from enum import StrEnum

import attrs

from podium.i18n import N_, Message, N_plural, _, ngettext


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
    "男生": Gender.MALE, "男子": Gender.MALE, "男性": Gender.MALE,
    "f": Gender.FEMALE, "female": Gender.FEMALE, "woman": Gender.FEMALE, "girl": Gender.FEMALE,
    "w": Gender.FEMALE, "女": Gender.FEMALE, "女生": Gender.FEMALE, "女子": Gender.FEMALE, "女性": Gender.FEMALE,
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

    def counted(self, count: int) -> str:
        """``count`` entrants of this kind in the current language, counted by the word the kind takes: Chinese
        counts people with 名, pairs with 对 and teams with 支 (12 名参赛者, 6 对组合, 8 支队伍), never the hedged
        "名（队）"."""
        return ngettext(*_KIND_COUNTS[self], count).format(count=count)


_KIND_TITLES = {EntrantKind.INDIVIDUAL: N_("individual"), EntrantKind.PAIR: N_("pair"), EntrantKind.TEAM: N_("team")}
_KIND_COUNTS = {
    EntrantKind.INDIVIDUAL: N_plural("{count} entrant", "{count} entrants"),
    EntrantKind.PAIR: N_plural("{count} pair", "{count} pairs"),
    EntrantKind.TEAM: N_plural("{count} team", "{count} teams"),
}


@attrs.frozen
class Unit:
    """The organisation an entrant represents: a class, department, school or club.

    ``aliases`` are other spellings rosters use for it (7-1, 701); ``division`` groups units that are
    ranked among themselves (the classes of one grade); ``bibs`` is the range automatic bib numbers
    are taken from (first and last, both included).
    """

    key: str
    name: str
    size: int | None = None  # head count, for quotas that depend on unit size
    aliases: tuple[str, ...] = ()
    division: str = ""
    bibs: tuple[int, int] | None = None


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
    student_id: str | None = None
    """The school's student number (学号): two students of one name in one class (重名) are two people."""
    bib: str | None = None
    """The person's bib number (号码布), the same in every event they enter."""

    def identity(self, unit: str | None) -> tuple[str, ...]:
        """Who this is across events: the student number when there is one, else the name in the unit."""
        if self.student_id:
            return ("id", self.student_id)
        return ("name", self.name, unit or "")


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
    mark: str | None = None
    """The entry mark as written (报名成绩: a best time or distance this season), which seeds a measured event's heats."""

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
