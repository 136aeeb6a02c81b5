"""Plausible marks of school pupils, for the demo, benchmarks and tests (seeded: same generator, same marks).

Runners cover 5.6 to 8 m/s over 200 m and less (a relay by the distance of its legs), slower over longer races, each
at a level of their own that holds from the heats to the final; jumpers and throwers
reach 35–70 % of the event's limit, one trial in seven is a foul; high jumpers clear heights up to
an ability drawn for each, failing more often as the bar nears it. A race's wind is read once.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from podium.api import Composition, Entrant, PerformanceInput, Status, relay_runners
from podium.plugins.athletics.measuring import FAT, AthleticsMeasurement

FOUL = 1 / 7
"""How often a simulated jump or throw is a foul."""
START = Decimal("1.00")
STEP = Decimal("0.05")
"""The bar's progression when the event announces no heights: from 1.00 m in steps of 5 cm."""


def simulate_heat(
    rng: random.Random, measurement: Any, rules: Mapping[str, Any], entrants: Sequence[Entrant]
) -> list[tuple[Entrant, PerformanceInput]]:
    """One attempt for each of ``entrants`` in one heat (or the whole series, for a high jump)."""
    assert isinstance(measurement, AthleticsMeasurement)
    composition = Composition.from_rules(rules)
    wind = _wind(rng) if measurement.wind else None
    found = []
    for entrant in entrants:
        legs = relay_runners(entrant, composition, rng)
        if measurement.vertical:
            found.append((entrant, PerformanceInput(_series(rng, measurement))))
        elif not measurement.field:
            if rng.random() < 0.02:
                found.append((entrant, PerformanceInput(status=Status.DNF.value, legs=legs)))
            else:
                found.append((entrant, PerformanceInput(_time(rng, measurement, _level(entrant), composition.legs), legs=legs, wind=wind)))
        elif rng.random() < FOUL:
            found.append((entrant, PerformanceInput("X", wind=_wind(rng) if measurement.wind else None)))
        else:
            found.append((entrant, PerformanceInput(_distance(rng, measurement), wind=_wind(rng) if measurement.wind else None)))
    return found


def _wind(rng: random.Random) -> str:
    return f"{Decimal(rng.randint(-15, 28)) / 10:+.1f}"


FORM = 0.02
"""How far a simulated runner's speed strays from their level from one round to the next (±2 %)."""


def _level(entrant: Entrant) -> float:
    """A runner's (or relay team's) level between 0 (slowest) and 1, the same in every round: drawn from a generator
    seeded with the event and the entrant's key, so a final is run at the pace of its heats."""
    return random.Random(f"{entrant.event}/{entrant.key}").random()


def _time(rng: random.Random, measurement: AthleticsMeasurement, level: float, legs: int = 0) -> str:
    """A time at the runner's level: 70–100 % of a pupil's top speed over the distance (a relay's by its legs'
    distance, each runner running one leg), within ±:data:`FORM` of it."""
    metres = measurement.race or 100
    leg = metres / legs if legs else metres
    fastest = 8.0 if leg <= 200 else 6.8 if leg <= 400 else 5.5
    speed = fastest * (0.7 + 0.3 * level) * rng.uniform(1 - FORM, 1 + FORM)
    speed = min(max(speed, fastest * 0.7), fastest)
    seconds = Decimal(str(round(metres / speed, 3 if measurement.timing == FAT else 2)))
    return f"{seconds:f}"


def _distance(rng: random.Random, measurement: AthleticsMeasurement) -> str:
    limit = float(measurement.limit or 10)
    return f"{Decimal(str(round(rng.uniform(0.35, 0.7) * limit, 2))):f}"


def _series(rng: random.Random, measurement: AthleticsMeasurement) -> str:
    limit = measurement.limit or Decimal("2.5")
    ability = Decimal(str(round(rng.uniform(0.42, 0.62) * float(limit), 2)))
    heights = list(measurement.heights) or [START + STEP * n for n in range(int((limit - START) / STEP) + 1)]
    parts = []
    in_a_row = 0
    for height in heights:
        if parts and rng.random() < 0.1 and height < ability:
            parts.append(f"{height:.2f}:-")
            continue
        symbols = ""
        while in_a_row < 3:
            chance = 0.95 if height <= ability - STEP else 0.5 if height <= ability else 0.1
            if rng.random() < chance:
                symbols += "O"
                in_a_row = 0
                break
            symbols += "X"
            in_a_row += 1
        parts.append(f"{height:.2f}:{symbols}")
        if in_a_row >= 3:
            break
    return " ".join(parts)
