"""Plausible marks of school pupils, for the demo, benchmarks and tests (seeded: same generator, same marks).

Runners cover 5.6 to 8 m/s over 200 m and less, slower over longer races; jumpers and throwers
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
                found.append((entrant, PerformanceInput(_time(rng, measurement), legs=legs, wind=wind)))
        elif rng.random() < FOUL:
            found.append((entrant, PerformanceInput("X", wind=_wind(rng) if measurement.wind else None)))
        else:
            found.append((entrant, PerformanceInput(_distance(rng, measurement), wind=_wind(rng) if measurement.wind else None)))
    return found


def _wind(rng: random.Random) -> str:
    return f"{Decimal(rng.randint(-15, 28)) / 10:+.1f}"


def _time(rng: random.Random, measurement: AthleticsMeasurement) -> str:
    metres = measurement.race or 100
    fastest = 8.0 if metres <= 200 else 6.8 if metres <= 400 else 5.5
    speed = rng.uniform(fastest * 0.7, fastest)
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
