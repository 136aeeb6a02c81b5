"""meet.toml validation: every problem reported with file, line and key, and what would be valid."""

from __future__ import annotations

import datetime as dt

import pytest

from podium.config.meet import parse_meet
from podium.config.tables import toml_text
from podium.errors import ConfigError
from podium.registry import registry

GOOD = """\
[meet]
name = "Spring games"
date = 2026-04-01
language = "en"

[units]
a = "Class A"
b = { name = "Class B", size = 85 }

[events.ms]
name = { zh = "男子单打", en = "Men's singles" }
sport = "table_tennis"
format = "round_robin"

[events.ms.rules]
best_of = 3
"""


def problems(text: str) -> list[str]:
    with pytest.raises(ConfigError) as caught:
        parse_meet(text, registry())
    error = caught.value
    return [str(d) for d in error.details] or [error.message]


def test_a_good_meet_loads_with_defaults():
    meet = parse_meet(GOOD, registry())
    event = meet.event("ms")
    assert meet.units["b"].size == 85
    assert event.rules["best_of"] == 3 and event.rules["game_points"] == 11
    assert [s.name for s in event.stages] == ["main"]
    assert event.stages[0].tiebreaks == ("ittf", "lots")
    assert meet.event("Men's singles") is event


def test_the_meet_keeps_its_own_name_beside_named_events():
    """The [meet] name is the meet's, whatever its events are called: the certificates read "in Men's singles at
    Spring games" (a name given to an event once replaced the meet's, and certificates named an event twice)."""
    meet = parse_meet(GOOD, registry())
    assert meet.name.get("en") == "Spring games"


def test_broken_toml_names_the_line():
    [message] = problems('[meet]\nname = "x"\nlanguage = \n')
    assert message.startswith("meet.toml: not valid TOML:") and "line 3" in message


def test_every_problem_is_reported_with_line_and_key():
    text = GOOD.replace('sport = "table_tennis"', 'sport = "table_tenis"').replace(
        'language = "en"', 'language = "fr"'
    ) + '\n[events.ws]\nsport = "table_tennis"\nformat = "round_robbin"\n'
    found = problems(text)
    assert found == [
        "meet.toml:4: meet.language: must be one of zh, en, not \"fr\"",
        "meet.toml:12: events.ms.sport (Men's singles): unknown sport 'table_tenis'; installed sports: "
        + ", ".join(sorted(registry().sports)),
        "meet.toml:20: events.ws.format: unknown format 'round_robbin'; installed formats: "
        + ", ".join(sorted(registry().formats)),
    ]


def test_out_of_range_option_lists_valid_values():
    [message] = problems(GOOD.replace("best_of = 3", "best_of = 4"))
    assert message == "meet.toml:16: events.ms.rules.best_of (Men's singles): option 'best_of' cannot be 4; valid values: 1, 3, 5, 7"


def test_wrong_type_and_unknown_key():
    found = problems(GOOD.replace("best_of = 3", 'best_of = "five"\nbest_off = 5'))
    assert found == [
        "meet.toml:16: events.ms.rules.best_of (Men's singles): option 'best_of' must be a whole number, not \"five\"",
        "meet.toml:17: events.ms.rules.best_off (Men's singles): unknown option 'best_off'; valid options: "
        + ", ".join(sorted(o.name for o in registry().sport("table_tennis").options)),
    ]


def test_unknown_tiebreaker_lists_the_valid_ones():
    [message] = problems(GOOD.replace('format = "round_robin"', 'format = "round_robin"\ntiebreaks = ["ittf", "coin"]'))
    assert message.startswith("meet.toml:14: events.ms.tiebreaks (Men's singles): unknown tie-breaker 'coin'; valid tie-breakers: ")
    assert "games_ratio" in message


def test_dates_and_units():
    found = problems(GOOD.replace("date = 2026-04-01", 'date = "1 April"').replace('b = { name = "Class B", size = 85 }', 'b = { name = "Class A", size = -3 }'))
    assert found == [
        "meet.toml:3: meet.date: must be a date like 2026-05-20, not \"1 April\"",
        "meet.toml:8: units.b.size: must be a whole number of people, not -3",
        "meet.toml:6: units: the unit name 'Class A' is used twice",
    ]


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ("five", '"five"'),
        ('say "hi"', '"say \\"hi\\""'),
        (True, "true"),
        (3.5, "3.5"),
        (dt.date(2026, 5, 20), "2026-05-20"),
        ([3, "x"], '[3, "x"]'),
        ({"M": 55, "X": 50}, "{ M = 55, X = 50 }"),
        ({"two words": {}}, '{ "two words" = {} }'),
    ],
)
def test_messages_quote_a_wrong_value_as_it_is_written_in_meet_toml(value: object, written: str) -> None:
    """A refusal names the user's setting in TOML spelling (true, "text", { M = 55 }), not Python's."""
    assert toml_text(value) == written
