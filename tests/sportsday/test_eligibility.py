"""Divisions and eligibility: age on a reference date, grades, categories and team make-up.

Table-tennis plan 6 §6 and §7(3) (played on 25 December): men's singles "54 and under"
and "55 and over", women's singles "50 and under" and "51 and over" (以下 and 以上 include
the number, so the groups meet without a gap). Age is counted in completed years
(周岁) on the reference date; the birthday itself counts.
"""

from __future__ import annotations

import datetime as dt

import pytest

from podium.model.entrants import Entrant, EntrantKind, Gender, Person
from podium.sportsday import eligibility, entry_rules
from podium.sportsday.eligibility import Eligibility, age_on
from tests.sportsday.helpers import HEAD, config_problems, csv, meet


def entrant_problems(*args: object) -> list[str]:
    """The refusals as the user reads them (English)."""
    return [str(found) for found in eligibility.entrant_problems(*args)]


def eligibility_problems(*args: object) -> list[str]:
    return [str(found) for found in entry_rules.eligibility_problems(*args)]


DIVISIONS = """
[events.ms54]
name = "Men's singles, 54 and under"
sport = "table_tennis"
[events.ms54.eligibility]
gender = "M"
max_age = 54

[events.ms55]
name = "Men's singles, 55 and over"
sport = "table_tennis"
[events.ms55.eligibility]
gender = "M"
min_age = 55

[events.ws50]
name = "Women's singles, 50 and under"
sport = "table_tennis"
[events.ws50.eligibility]
gender = "F"
max_age = 50

[events.ws51]
name = "Women's singles, 51 and over"
sport = "table_tennis"
[events.ws51.eligibility]
gender = "F"
min_age = 51
"""


def solo(name: str, gender: str | None = None, born: str | None = None, grade: int | None = None, category: str | None = None) -> Entrant:
    person = Person(name, Gender(gender) if gender else None, dt.date.fromisoformat(born) if born else None, grade, category)
    return Entrant(key="1", event="e", kind=EntrantKind.INDIVIDUAL, name=name, members=(person,))


def team(name: str, *members: tuple[str, str, bool]) -> Entrant:
    people = tuple(Person(n, Gender(g), reserve=r) for n, g, r in members)
    return Entrant(key="1", event="e", kind=EntrantKind.TEAM, name=name, members=people)


@pytest.mark.parametrize(
    ("born", "day", "age"),
    [
        ("1972-12-25", "2026-12-25", 54),  # 54th birthday on the reference date: 54
        ("1971-12-25", "2026-12-25", 55),  # 55th birthday on the day: already 55
        ("1971-12-26", "2026-12-25", 54),  # 55 tomorrow: still 54
        ("2000-02-29", "2026-02-28", 25),  # a leap-day birthday: 26 only on 1 March
        ("2000-02-29", "2026-03-01", 26),
        ("2000-02-29", "2028-02-29", 28),
    ],
)
def test_age_in_completed_years_on_the_reference_date(born, day, age):
    assert age_on(dt.date.fromisoformat(born), dt.date.fromisoformat(day)) == age


def test_age_by_year_counts_the_birth_year_only():
    """age_by = "year": reference year minus birth year, whatever the birthday (born 31 Dec 1971 → 55 in 2026)."""
    assert age_on(dt.date(1971, 12, 31), dt.date(2026, 1, 1), "year") == 55


@pytest.mark.parametrize(
    ("gender", "born", "eligible"),
    [
        # table-tennis plan 6 §6, reference date 2026-12-25: worked by hand from the birth dates above
        ("M", "1972-12-25", {"ms54"}),  # 54 on the day
        ("M", "1971-12-25", {"ms55"}),  # 55 on the day
        ("M", "1971-12-26", {"ms54"}),  # turns 55 the day after
        ("F", "1976-12-25", {"ws50"}),  # 50 on the day
        ("F", "1975-12-25", {"ws51"}),  # 51 on the day
        ("F", "1975-12-26", {"ws50"}),
        ("F", "1960-01-01", {"ws51"}),
    ],
)
def test_age_groups_that_differ_by_gender_seed_002_l499(gender, born, eligible):
    config = meet(DIVISIONS)
    person = solo("Zhang", gender, born)
    found = {
        key for key, event in config.events.items()
        if not entrant_problems(person, event.eligibility, f"events.{key}.eligibility", config.age_date)
    }
    assert found == eligible


def test_refusals_name_the_person_the_age_and_the_rule():
    config = meet(DIVISIONS)
    rule = config.events["ms54"].eligibility
    assert entrant_problems(solo("Li", "M", "1971-12-25"), rule, "events.ms54.eligibility", config.age_date) == [
        "Li is 55 on 2026-12-25; the event is for ages at most 54 (events.ms54.eligibility.max_age)"
    ]
    assert entrant_problems(solo("Wang", "F", "1980-01-01"), rule, "events.ms54.eligibility", config.age_date) == [
        "Wang is not in the men's division (events.ms54.eligibility.gender = \"M\")"
    ]
    assert entrant_problems(solo("Zhao", "M"), rule, "events.ms54.eligibility", config.age_date) == [
        "Zhao has no birth date, which the age rule needs (events.ms54.eligibility.max_age)"
    ]


def test_one_event_with_ages_by_gender():
    """A veterans' event for men 55 and over and women 51 and over (table-tennis plan 6's two older groups in one)."""
    config = meet("""
[events.vet]
sport = "table_tennis"
[events.vet.eligibility]
min_age = { M = 55, "女" = 51 }
""")
    rule = config.events["vet"].eligibility
    day = config.age_date
    assert not entrant_problems(solo("A", "M", "1971-12-25"), rule, "x", day)  # man, 55
    assert entrant_problems(solo("B", "M", "1972-12-25"), rule, "x", day)  # man, 54
    assert not entrant_problems(solo("C", "F", "1975-12-25"), rule, "x", day)  # woman, 51
    assert entrant_problems(solo("D", "F", "1976-12-25"), rule, "x", day)  # woman, 50


def test_the_event_reference_date_overrides_the_meets():
    """Ages counted on 2026-09-01 (the event's date), not on the meet's 2026-12-25."""
    config = meet("""
[events.u12]
sport = "table_tennis"
[events.u12.eligibility]
max_age = 11
reference_date = 2026-09-01
""")
    event = config.events["u12"]
    assert eligibility_problems(config, event, solo("E", "M", "2014-09-01")) == [
        "E is 12 on 2026-09-01; the event is for ages at most 11 (events.u12.eligibility.max_age)"
    ]
    # born 2014-09-02: 11 on 2026-09-01, although 12 by the meet's date
    assert eligibility_problems(config, event, solo("F", "M", "2014-09-02")) == []


@pytest.mark.parametrize(("grade", "ok"), [(2, False), (3, True), (6, True), (7, False), (None, False)])
def test_school_grades_3_to_6_seed_002_l141(grade, ok):
    config = meet('[events.boys]\nsport = "table_tennis"\n[events.boys.eligibility]\ngender = "M"\ngrades = [3, 4, 5, 6]\n')
    problems = entrant_problems(solo("Pupil", "M", grade=grade), config.events["boys"].eligibility, "events.boys.eligibility", None)
    assert (problems == []) is ok
    if grade == 7:
        assert problems == ["Pupil is in grade 7; the event is for grades 3, 4, 5, 6 (events.boys.eligibility.grades)"]


def test_staff_categories_seed_002_l575():
    rule = Eligibility(categories=("serving", "retired"))
    assert not entrant_problems(solo("A", category="retired"), rule, "e", None)
    assert entrant_problems(solo("B", category="contractor"), rule, "e", None) == [
        "B is in category 'contractor'; the event is for serving, retired (e.categories)"
    ]


def test_birth_date_limits_are_inclusive_seed_000_l413():
    """Women's group A born on or after 1971-01-01, group B born on or before 1970-12-31."""
    a = Eligibility(born_from=dt.date(1971, 1, 1))
    b = Eligibility(born_until=dt.date(1970, 12, 31))
    assert not entrant_problems(solo("X", born="1971-01-01"), a, "a", None)
    assert entrant_problems(solo("X", born="1971-01-01"), b, "b", None)
    assert not entrant_problems(solo("Y", born="1970-12-31"), b, "b", None)
    assert entrant_problems(solo("Y", born="1970-12-31"), a, "a", None) == [
        "Y was born on 1970-12-31; the event is for people born 1971-01-01 or more (a.born_from/born_until)"
    ]


def test_team_make_up_players_reserves_and_genders():
    """Table-tennis plan 6 §7(3): three singles players; unit sports-day rules, (2) 1: frog-jump relay 2 men + 2 women."""
    three = Eligibility(players=(3, 3), reserves=1)
    ok = team("T1", ("A", "M", False), ("B", "M", False), ("C", "F", False), ("D", "F", True))
    assert not entrant_problems(ok, three, "e", None)
    short = team("T2", ("A", "M", False), ("B", "M", False), ("C", "F", True), ("D", "F", True))
    assert entrant_problems(short, three, "e", None) == [
        "T2 has 2 players; the event needs 3 (e.players)",
        "T2 has 2 reserves; the limit is 1 (e.reserves)",
    ]
    relay = Eligibility(men=(2, 2), women=(2, 2))
    assert entrant_problems(team("R", ("A", "M", False), ("B", "M", False), ("C", "M", False), ("D", "F", False)), relay, "e", None) == [
        "R has 3 men; the event needs 2 (e.men)",
        "R has 1 woman; the event needs 2 (e.women)",
    ]


def test_mixed_pairs_need_a_man_and_a_woman():
    config = meet('[events.xd]\nsport = "table_tennis"\nkind = "pair"\n[events.xd.eligibility]\ngender = "mixed"\n')
    rule = config.events["xd"].eligibility
    pair = Entrant("1", "xd", EntrantKind.PAIR, "A / B", (Person("A", Gender.MALE), Person("B", Gender.MALE)))
    assert entrant_problems(pair, rule, "events.xd.eligibility", None) == [
        "A / B needs at least one man and one woman among its players (events.xd.eligibility.gender = \"mixed\")"
    ]


def test_bad_eligibility_tables_are_refused_with_line_and_key():
    found = config_problems("""
[events.ms]
sport = "table_tennis"
[events.ms.eligibility]
gender = "X"
min_age = 60
max_age = 54
grades = "3-6"
colour = "red"
""")
    assert found == [
        "meet.toml:19: events.ms.eligibility.colour: unknown key; valid keys here: gender, min_age, max_age, reference_date, "
        "age_by, born_from, born_until, grades, categories, players, reserves, men, women",
        "meet.toml:15: events.ms.eligibility.gender: must be one of M, F, not \"X\"",
        "meet.toml:18: events.ms.eligibility.grades: must be a list of grades like [3, 4, 5, 6], not \"3-6\"",
        "meet.toml:17: events.ms.eligibility.max_age: is below min_age (60), so nobody could enter",
    ]


def test_an_age_rule_needs_a_date():
    text = HEAD.replace("date = 2026-12-25\n", "") + '[events.ms]\nsport = "table_tennis"\n[events.ms.eligibility]\nmax_age = 54\n'
    from podium.config.meet import parse_meet
    from podium.errors import ConfigError
    from podium.registry import registry

    with pytest.raises(ConfigError) as caught:
        parse_meet(text, registry())
    assert "events.ms.eligibility.reference_date: the age rule needs a date to count ages on" in caught.value.message


def test_import_refuses_the_ineligible_row_names_the_rule_and_suggests_the_division(make_meet, podium):
    folder = make_meet(HEAD + DIVISIONS, csv(
        "ms54,Zhang Wei,M,Class 1,1972-12-25,,,,",
        "ms54,Li Qiang,M,Class 2,1971-12-25,,,,",
        "ws50,Wang Fang,F,Class 1,1990-05-01,,,,",
    ))
    store = folder / "meet.sqlite"
    result = podium(folder, "entrants", "import", str(folder / "entrants.csv"), ok=False)
    assert result.exit_code == 2
    assert "entrants.csv: entries break the meet's eligibility or quota rules; nothing was imported:" in result.output
    assert (
        "entrants.csv row 3: Li Qiang is 55 on 2026-12-25; the event is for ages at most 54 "
        "(events.ms54.eligibility.max_age) (eligible for: ms55)"
    ) in result.output
    assert "Traceback" not in result.output
    assert not store.exists()
    (folder / "entrants.csv").write_text(
        (folder / "entrants.csv").read_text(encoding="utf-8").replace("ms54,Li Qiang", "ms55,Li Qiang"), encoding="utf-8"
    )
    out = podium(folder, "entrants", "import", str(folder / "entrants.csv")).output
    assert "1 entrant imported into Men's singles, 55 and over" in out


def test_a_team_member_breaking_the_rule_names_the_rows(make_meet, podium):
    toml = HEAD + """
[events.team]
sport = "table_tennis"
kind = "team"
[events.team.eligibility]
players = 3
reserves = 1
categories = ["staff"]
"""
    folder = make_meet(toml, csv(
        "team,A,M,Class 1,,,staff,Red,",
        "team,B,M,Class 1,,,staff,Red,",
        "team,C,F,Class 1,,,guest,Red,",
    ))
    result = podium(folder, "entrants", "import", str(folder / "entrants.csv"), ok=False)
    assert "entrants.csv rows 2, 3, 4: C is in category 'guest'; the event is for staff (events.team.eligibility.categories)" in result.output
