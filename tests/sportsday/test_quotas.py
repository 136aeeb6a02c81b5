"""Entry quotas: per unit, per gender, by unit size, per event, and events per person.

Unit sports-day rules, (1): "每单位每项男、女各报2人,80人以上单位可报4人" — each unit enters 2 men and 2
women per individual event; a unit of 80 or more (以上 includes the number) may enter 4.
Table-tennis plan 6 §7(3): at most 2 teams per unit. Table-tennis plan 3 §6: at most 30 men and 30 women.
"""

from __future__ import annotations

import json

from tests.sportsday.helpers import HEAD, csv

RUN = HEAD + """
[events.run]
name = "60 m dribble run"
sport = "table_tennis"
[events.run.quota]
per_unit_men = 2
per_unit_women = 2
large_unit_min = 80
large_per_unit_men = 4
large_per_unit_women = 4
"""


def rows(event: str, unit: str, gender: str, count: int, start: int = 0) -> list[str]:
    return [f"{event},{unit[:1]}{gender}{n},{gender},{unit},,,,," for n in range(start, start + count)]


def test_two_men_and_two_women_per_unit(make_meet, podium):
    folder = make_meet(RUN, csv(*rows("run", "Class 1", "M", 2), *rows("run", "Class 1", "F", 2)))
    assert "4 entrants imported into 60 m dribble run" in podium(folder, "entrants", "import", str(folder / "entrants.csv")).output


def test_a_third_man_is_refused_naming_the_rule_and_the_entries(make_meet, podium):
    folder = make_meet(RUN, csv(*rows("run", "Class 1", "M", 3)))
    result = podium(folder, "entrants", "import", str(folder / "entrants.csv"), ok=False)
    assert result.exit_code == 2
    assert (
        "entrants.csv: Class 1 has 3 men in 60 m dribble run (CM0 [entrants.csv row 2], CM1 [entrants.csv row 3], "
        "CM2 [entrants.csv row 4]); the limit is 2 (events.run.quota.per_unit_men)"
    ) in result.output
    assert not (folder / "meet.sqlite").exists()


def test_unit_size_boundary_79_and_80():
    """79 people: 2 men; 80 people: 4 men (以上 includes 80); 5 men in the unit of 80 is one too many."""
    from podium.model.entrants import Gender, Unit
    from podium.sportsday.quotas import Quota

    quota = Quota(per_unit_men=2, per_unit_women=2, large_unit_min=80, large_per_unit_men=4, large_per_unit_women=4)
    limits = {g: (limit, key) for g, limit, key in quota.unit_limits(Unit("s", "Small", 79))}
    assert limits[Gender.MALE] == (2, "per_unit_men")
    limits = {g: (limit, key) for g, limit, key in quota.unit_limits(Unit("b", "Big", 80))}
    assert limits[Gender.MALE] == (4, "large_per_unit_men") and limits[Gender.FEMALE] == (4, "large_per_unit_women")
    assert {g: limit for g, limit, _ in quota.unit_limits(Unit("u", "Unknown size"))}[Gender.MALE] == 2


def test_large_unit_enters_four_but_not_five(make_meet, podium):
    folder = make_meet(RUN, csv(*rows("run", "Big unit", "M", 4), *rows("run", "Small unit", "F", 2)))
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    (folder / "more.csv").write_text(csv(*rows("run", "Big unit", "M", 1, start=9), *rows("run", "Small unit", "F", 1, start=9)), encoding="utf-8")
    result = podium(folder, "entrants", "import", str(folder / "more.csv"), ok=False)
    assert "Big unit has 5 men in 60 m dribble run" in result.output and "the limit is 4 (events.run.quota.large_per_unit_men)" in result.output
    assert "BM0 [already registered]" in result.output and "BM9 [more.csv row 2]" in result.output
    assert "Small unit has 3 women in 60 m dribble run" in result.output and "(events.run.quota.per_unit_women)" in result.output
    (listed,) = json.loads(podium(folder, "entrants", "list", "run", "--json").output)["events"]
    assert listed["event"] == "run" and len(listed["entrants"]) == 6  # nothing of the refused file was imported


def test_at_most_two_teams_per_unit_seed_002_l527(make_meet, podium):
    toml = HEAD + '[events.team]\nsport = "table_tennis"\nkind = "team"\n[events.team.quota]\nper_unit = 2\n'
    members = [f"team,{t}{n},M,Class 1,,,,{t}," for t in ("Red", "Blue", "Green") for n in range(3)]
    folder = make_meet(toml, csv(*members))
    result = podium(folder, "entrants", "import", str(folder / "entrants.csv"), ok=False)
    assert (
        "Class 1 has 3 entries in team (Red [entrants.csv rows 2, 3, 4], Blue [entrants.csv rows 5, 6, 7], "
        "Green [entrants.csv rows 8, 9, 10]); the limit is 2 (events.team.quota.per_unit)"
    ) in result.output


def test_at_most_thirty_men_in_the_event_seed_002_l277(make_meet, podium):
    toml = HEAD + '[events.ms]\nsport = "table_tennis"\n[events.ms.quota]\nmax_men = 30\nmax_women = 30\n'
    folder = make_meet(toml, csv(*rows("ms", "Class 1", "M", 30), *rows("ms", "Class 2", "F", 30)))
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    (folder / "late.csv").write_text(csv(*rows("ms", "Class 2", "M", 1, start=50)), encoding="utf-8")
    result = podium(folder, "entrants", "import", str(folder / "late.csv"), ok=False)
    assert "the event has 31 men in ms" in result.output and "the limit is 30 (events.ms.quota.max_men)" in result.output


def test_events_per_person_counts_the_same_name_in_the_same_unit(make_meet, podium):
    toml = HEAD + """
[entries]
max_events_per_person = 2
count_kinds = ["individual"]

[events.a]
sport = "table_tennis"
[events.b]
sport = "table_tennis"
[events.c]
sport = "table_tennis"
[events.xd]
sport = "table_tennis"
kind = "pair"
"""
    ok = csv(
        "a,Zhang Wei,M,Class 1,,,,,", "b,Zhang Wei,M,Class 1,,,,,",
        "c,Zhang Wei,M,Class 2,,,,,",  # another person: same name, another unit
        "xd,Zhang Wei,M,Class 1,,,,P1,", "xd,Li Na,F,Class 1,,,,P1,",  # pair events do not count here
    )
    folder = make_meet(toml, ok)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    (folder / "third.csv").write_text(csv("c,Zhang Wei,M,Class 1,,,,,"), encoding="utf-8")
    result = podium(folder, "entrants", "import", str(folder / "third.csv"), ok=False)
    assert (
        "third.csv: Zhang Wei (Class 1) would be in 3 events (Zhang Wei [already registered], Zhang Wei [already registered], "
        "Zhang Wei [third.csv row 2]); at most 2 per person (entries.max_events_per_person)"
    ) in result.output


def test_entrants_check_finds_what_a_changed_meet_toml_breaks(make_meet, podium):
    folder = make_meet(RUN, csv(*rows("run", "Class 1", "M", 2)))
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    assert "Every entrant meets the eligibility rules and quotas." in podium(folder, "entrants", "check").output
    (folder / "meet.toml").write_text(RUN.replace("per_unit_men = 2", "per_unit_men = 1"), encoding="utf-8")
    result = podium(folder, "entrants", "check", ok=False)
    assert result.exit_code == 2
    assert "1 entry breaks a rule of meet.toml:" in result.output
    assert (  # names, not keys: the event of each entry by its name, not "run"
        "Class 1 has 2 men in 60 m dribble run (CM0 [60 m dribble run], CM1 [60 m dribble run]); the limit is 1 "
        "(events.run.quota.per_unit_men)"
    ) in result.output


def test_bad_quota_values_are_refused():
    from tests.sportsday.helpers import config_problems

    found = config_problems('[events.ms]\nsport = "table_tennis"\n[events.ms.quota]\nper_unit = -1\nper_team = 2\n')
    assert found == [
        "meet.toml:15: events.ms.quota.per_team: unknown key; valid keys here: per_unit, per_unit_men, per_unit_women, "
        "large_unit_min, large_per_unit, large_per_unit_men, large_per_unit_women, max_entrants, max_men, max_women",
        "meet.toml:14: events.ms.quota.per_unit: must be a whole number of at least 0, not -1",
    ]


def test_units_named_with_full_width_brackets_are_found(make_meet, podium):
    """Chinese class names use full-width brackets: 初一（1）班. Rows are read in NFKC form (初一(1)班),
    so the unit's name is compared in that form too; the quota then counts the class's entries."""
    toml = HEAD.replace('c1 = "Class 1"', 'c1 = "初一（1）班"') + '[events.ms]\nsport = "table_tennis"\nquota = { per_unit = 1 }\n'
    folder = make_meet(toml, csv("ms,张伟,M,初一（1）班,,,,,", "ms,王磊,M,初一(1)班,,,,,"))
    result = podium(folder, "entrants", "import", str(folder / "entrants.csv"), ok=False)
    assert "初一（1）班 has 2 entries in ms" in result.output and "unknown unit" not in result.output


def test_a_member_of_a_pair_from_two_units_counts_for_the_namesake_in_any_unit(make_meet, podium):
    """Zhang Wei (Class 1) plays a and b; his doubles pair is with a player of Class 2, so the pair has no unit
    and its Zhang Wei may be him: 3 events, one too many."""
    toml = HEAD + """
[entries]
max_events_per_person = 2

[events.a]
sport = "table_tennis"
[events.b]
sport = "table_tennis"
[events.xd]
sport = "table_tennis"
kind = "pair"
"""
    folder = make_meet(toml, csv(
        "a,Zhang Wei,M,Class 1,,,,,", "b,Zhang Wei,M,Class 1,,,,,",
        "xd,Zhang Wei,M,Class 1,,,,P1,", "xd,Li Na,F,Class 2,,,,P1,",
    ))
    result = podium(folder, "entrants", "import", str(folder / "entrants.csv"), ok=False)
    assert "Zhang Wei (Class 1) would be in 3 events" in result.output
    assert "Li Na (Class 2) would be" not in result.output


def test_entrants_check_names_an_entrant_by_name(make_meet, podium):
    """An entrant meet.toml no longer admits is named as entered (CF0), not by its key in the journal."""
    folder = make_meet(RUN, csv(*rows("run", "Class 1", "F", 1)))
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    (folder / "meet.toml").write_text(RUN + '[events.run.eligibility]\ngender = "M"\n', encoding="utf-8")
    result = podium(folder, "entrants", "check", ok=False)
    assert "1 entry breaks a rule of meet.toml:\n  - 60 m dribble run CF0: CF0 is not in the " in result.output
