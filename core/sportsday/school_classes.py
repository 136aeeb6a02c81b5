"""School grades and classes as rosters write them: 初一（1）班, 初一1班, 七年级1班, 701, 7-1.

A school's export spells one class several ways, and a PE teacher should not have to make them
agree before Podium reads them. Grades are read as the years of schooling of the 6-3-3 system
that most Chinese schools follow (Compulsory Education Law, 六三学制): 一年级…六年级 are grades 1–6,
初一/初二/初三 (also 七年级/八年级/九年级) are grades 7–9, 高一/高二/高三 grades 10–12. A school on another
system (五四学制: 初一 is grade 6) names its classes with ``aliases`` in ``meet.toml`` instead.

Pure functions: :func:`read_grade` for a grade column, :func:`read_class` for a class written with its
grade, :func:`class_label` for how a grade and class are shown (7-1).
"""

from __future__ import annotations

import functools
import re
import unicodedata

from podium.model.numerals import read_number

_STAGES = {"初": 6, "高": 9}
"""初一 is the first year after the six of primary school; 高一 the first after the three of 初中."""
_NUMBER = r"(?:\d{1,2}|[一二三四五六七八九十]{1,3})"
_GRADE = (
    rf"(?P<stage>初中|高中|初|高)(?P<year>[一二三123])(?:年级)?"  # 初一, 初中一年级, 高2
    rf"|(?P<grade>{_NUMBER})年级"  # 七年级, 7年级, 一年级
    r"|(?:grade|g|year|y)(?P<english>\d{1,2})"  # Grade 7, G7, Year 7
)
_GRADE_ONLY = re.compile(rf"^(?:{_GRADE}|(?P<plain>\d{{1,2}}))$")
_CLASS = re.compile(rf"^(?:{_GRADE})[-,]?(?:class)?[(\[]?(?P<class>{_NUMBER})[)\]]?班?$")
_NUMBERS = re.compile(r"^(?:class)?(?P<g>\d{1,2})[-./_·](?P<c>\d{1,2})班?$")
_PACKED = re.compile(r"^(?:class)?(?P<g>[1-9]|1[0-2])(?P<c>\d{2})班?$")
MAX_GRADE = 12


def _plain(text: str) -> str:
    """NFKC (full-width digits and brackets), lower case, no spaces."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text)).lower()


def _grade(match: re.Match[str]) -> int | None:
    if match["stage"]:
        year = read_number(match["year"])
        return None if year is None else _STAGES[match["stage"][0]] + year
    found = read_number(match["grade"] or match["english"] or "")
    return found if found is not None and 1 <= found <= MAX_GRADE else None


@functools.lru_cache(maxsize=4096)
def read_grade(text: str) -> int | None:
    """The grade a roster's grade column means: 初一 → 7, 七年级 → 7, 7 → 7, 一年级 → 1, 高二 → 11; else ``None``."""
    match = _GRADE_ONLY.match(_plain(text))
    if match is None:
        return None
    if match["plain"]:
        number = int(match["plain"])
        return number if 1 <= number <= MAX_GRADE else None
    return _grade(match)


@functools.lru_cache(maxsize=4096)
def read_class(text: str) -> tuple[int, int] | None:
    """The grade and class number a class name means, or ``None`` when it names no grade.

    初一（1）班, 初一1班, 初一(一)班, 七年级1班, 7年级1班, 701, 7-1 and Class 7-1 are all ``(7, 1)``; 初二（10）班
    and 810 are ``(8, 10)``. A class number alone (1班) names no grade.
    """
    plain = _plain(text)
    match = _CLASS.match(plain)
    if match is not None:
        grade, number = _grade(match), read_number(match["class"])
    else:
        numbers = _NUMBERS.match(plain) or _PACKED.match(plain)
        if numbers is None:
            return None
        grade, number = int(numbers["g"]), int(numbers["c"])
    if grade is None or number is None or not 1 <= grade <= MAX_GRADE or number < 1:
        return None
    return grade, number


def read_class_number(text: str) -> int | None:
    """A class written without its grade (1, 1班, （1）班, 一班), for a roster with a separate grade column."""
    match = re.match(rf"^[(\[]?(?P<n>{_NUMBER})[)\]]?班?$", _plain(text))
    number = read_number(match["n"]) if match else None
    return number if number else None


def class_label(grade: int, number: int) -> str:
    """A grade and class as a short label: ``7-1``."""
    return f"{grade}-{number}"
