"""Running a measured stage from hand-chosen marks, the way ``podium.measure.stage`` folds the journal; and the meet.toml of
one vertical jump for the jump-off and pole-vault tests."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from podium.formats.base import StageEntrant
from podium.formats.measured import Heat, MeasuredFormat, MeasuredView
from podium.journal.measured_stage import judge_heats
from podium.measure.performance import Performance, Status
from podium.measure.rules import Measurement
from podium.model.options import resolve_options
from podium.plugins.athletics.measuring import measurement


def athletics(**rules: Any) -> Measurement:
    """The measurement of an athletics event with ``rules``."""
    return measurement(rules)


def run_stage(
    fmt: MeasuredFormat,
    given: Mapping[str, Any],
    entrants: Sequence[StageEntrant],
    marks: Mapping[tuple[int, str], str | Status | Sequence[str]],
    rules: Measurement,
    seed: int = 7,
) -> tuple[MeasuredView, list[Heat]]:
    """Lay out heats and judge marks until no new heat appears. ``marks[(round, key)]`` is a value, a status,
    or a list of values (one per attempt); an entrant without one has not performed yet."""
    options = resolve_options(fmt.options, dict(given), "test")
    draw = fmt.draw(entrants, options, random.Random(seed))
    judged: dict = {}
    complete: set[str] = set()
    heats: list[Heat] = []
    while True:
        view = MeasuredView("main", options, tuple(entrants), draw, judged, frozenset(complete), rules.sudden_death)
        laid = fmt.heats(view)
        if laid == heats:
            return view, heats
        heats = laid
        performances: dict[tuple[str, str], list[Performance]] = {}
        for heat in heats:
            for key in heat.entrants:
                value = marks.get((heat.round, key))
                if value is None:
                    continue
                values = [value] if isinstance(value, (str, Status)) else list(value)
                performances[(heat.key, key)] = [
                    Performance(key, heat.key, n, status=v) if isinstance(v, Status) else Performance(key, heat.key, n, v)
                    for n, v in enumerate(values, start=1)
                ]
        judged, complete = judge_heats(heats, performances, lambda _round: rules)


def lanes(heat: Heat) -> dict[str, int]:
    """Each entrant's lane in ``heat``."""
    return {lane.entrant: lane.position for lane in heat.lanes}


_VERTICAL_JUMP = """
[meet]
name = "{name}"
date = 2026-04-22
language = "en"

[units]
c1 = "Class 1"

[venues.field]
name = "Field"
resources = {{ pit = 1 }}

[[venues.field.sessions]]
name = "am"
start = "08:00"
end = "12:00"

[events.{key}]
name = "{name}"
sport = "athletics"
game = "{game}"
schedule = {{ resource = "pit" }}
rules = {{ heights = [{heights}], jump_off = {jump_off} }}
"""


def vertical_jump_meet(key: str, name: str, game: str, heights: str, *, jump_off: bool = True) -> str:
    """The meet.toml of one vertical jump ``key`` (``game`` high_jump or pole_vault) on one pit, with the announced
    ``heights`` (TOML numbers, comma-separated) and, unless ``jump_off`` is false, a jump-off for first place
    (TR 26.9)."""
    return _VERTICAL_JUMP.format(key=key, name=name, game=game, heights=heights, jump_off=str(jump_off).lower())


def refused(podium: Any, folder: Path, *args: str) -> str:
    """The one sentence a refused ``podium`` command prints (exit status 2); the meet's files are left as they were."""
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    result = podium(folder, *args, ok=False)
    assert result.exit_code == 2, result.output
    assert {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()} == before
    return str(result.output).strip().removeprefix("Error: ")

