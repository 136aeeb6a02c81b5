"""Shared helpers for the sports-day tests: meet.toml texts and entrants files."""

from __future__ import annotations

from podium.config.meet import MeetConfig, parse_meet
from podium.errors import ConfigError
from podium.registry import registry

HEAD = """\
[meet]
name = "Sports day"
date = 2026-12-25
language = "en"

[units]
c1 = "Class 1"
c2 = "Class 2"
big = { name = "Big unit", size = 80 }
small = { name = "Small unit", size = 79 }
"""


def meet(text: str) -> MeetConfig:
    return parse_meet(HEAD + text, registry())


def config_problems(text: str) -> list[str]:
    try:
        meet(text)
    except ConfigError as error:
        return [str(d) for d in error.details] or [error.message]
    raise AssertionError("the meet.toml was accepted")


def csv(*rows: str, header: str = "event,name,gender,unit,birth_date,grade,category,team,reserve") -> str:
    return "\n".join((header, *rows)) + "\n"
