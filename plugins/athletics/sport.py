"""The athletics sport (田径): races timed by hand or automatically, jumps and throws measured, high jump and pole vault by heights.

What is measured, and how, follows the World Athletics Technical Rules (the Chinese Athletics
Association publishes them with the same numbers); where a school sports day differs — hand
timing, three trials only, no wind gauge, first place shared in the high jump — the school
practice is the default and the rule is an option (``docs/athletics.md``). The measuring is
done by the core (:mod:`podium.measure`) with this sport's
:class:`~podium.plugins.athletics.measuring.AthleticsMeasurement`; the rounds of a race by the
``qualifying`` format, a jump or throw by one ``heats`` flight.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from podium.api import N_, TEAM_OPTIONS, Entrant, EntrantKind, Label, MeasuredSport, Option, PerformanceInput
from podium.plugins.athletics.events import CATALOGUE

if TYPE_CHECKING:
    from podium.api import ExtraRound, Measurement, RoundSoFar

_TEAM = {option.name: option for option in TEAM_OPTIONS}

OPTIONS: tuple[Option, ...] = (
    Option("measure", str, "time", N_("What is measured: a race time, a distance (jumps and throws) or a series of heights (high jump, pole vault)"),
           choices=("time", "distance", "heights"), source="World Athletics TR 19, TR 26, TR 29, TR 32"),
    Option("timing", str, "hand",
           N_("Hand timing (read to 0.01 s, rounded up to the next 0.1 s) or fully automatic timing, fat (read to 0.001 s, "
           "rounded up to the next 0.01 s; the thousandths separate equal times)"),
           choices=("hand", "fat"), source="World Athletics TR 19 (hand timing), TR 21"),
    Option("race", int, 0, N_("Length of the race in metres; a time faster than 9 s per 100 m or slower than 1 m/s is refused"),
           minimum=0, maximum=50000),
    Option("limit", float, 0.0, N_("Jumps and throws: the farthest (highest) mark in metres anyone could reach; beyond it a "
           "mark is refused (0: no limit)"), minimum=0, maximum=120),
    Option("wind", bool, False, N_("Marks are wind-measured (100 m, 200 m, sprint hurdles, long and triple jump)"),
           source="World Athletics TR 17, TR 29"),
    Option("wind_gauge", bool, False, N_("A wind gauge is read: a wind-measured mark sets a record only with a reading, "
           "+2.0 m/s or less (school practice: no gauge, every mark counts)"), source="World Athletics CR 31; World Athletics TR 17, TR 29"),
    Option("trials", int, 3, N_("Jumps and throws: trials for everyone"), minimum=1, maximum=6, source="World Athletics TR 25.5"),
    Option("final_trials", bool, False, N_("Jumps and throws: three more trials for the best eight after the first three "
           "(school practice: three trials only)"), source="World Athletics TR 25.5, TR 25.6"),
    Option("final_best", int, 8, N_("How many have the final trials (everyone tied for the last place too)"), minimum=1,
           maximum=50, source="World Athletics TR 25.5"),
    Option("heights", list, [], N_("Vertical jumps (high jump, pole vault): the announced bar heights in metres, in order, e.g. "
           "[1.20, 1.25, 1.30]; a series may then be written by its symbols alone (O XO - XXX), and keeps to them (above the "
           "last, going on by the last step) until one athlete is left having won"), source="World Athletics TR 26.1, TR 26.2, TR 26.4"),
    Option("jump_off", bool, False, N_("Vertical jumps (high jump, pole vault): a jump-off decides a tie for first place that "
           "countback leaves (school practice: first place shared)"), source="World Athletics TR 26.8, TR 26.9"),
    Option("min_raise", float, 0.02, N_("Vertical jumps: the least the bar rises between two announced heights, in metres "
           "(0.02 in the high jump, 0.05 in the pole vault)"), minimum=0, maximum=1, source="World Athletics TR 26"),
    Option("jump_off_step", float, 0.02, N_("Vertical jumps: how far the bar goes up or down between the heights of a "
           "jump-off, in metres (0.02 in the high jump, 0.05 in the pole vault)"), minimum=0.01, maximum=0.5,
           source="World Athletics TR 26.9"),
    Option("false_start_dq", int, 1, N_("False starts that disqualify: the first (World Athletics), or 2 (a warning first)"),
           minimum=0, maximum=3, source="World Athletics TR 16.8"),
    _TEAM["legs"], _TEAM["min_size"], _TEAM["max_size"], _TEAM["men"], _TEAM["women"],
)
"""The rule options of athletics events, with defaults (``[events.X.rules]``)."""


class Athletics(MeasuredSport):
    """Track and field events of a school athletics day."""

    name = "athletics"
    title = Label(zh="田径", en="Athletics")
    entrant_kinds = (EntrantKind.INDIVIDUAL, EntrantKind.TEAM)
    options = OPTIONS
    draws_allowed = False
    games = CATALOGUE
    score_sheet = "score_sheets/athletics.html"

    def measurement(self, rules: Mapping[str, Any]) -> Measurement:
        """The measuring rules of an event: :func:`podium.plugins.athletics.measuring.measurement`."""
        from podium.plugins.athletics.measuring import measurement

        return measurement(rules)

    def check_extra(self, measurement: Measurement, extra: ExtraRound) -> None:
        """A jump-off attempt, the only extra attempt of athletics (a high jump or pole vault with ``jump_off``), keeps
        to World Athletics TR 26.8.4 and TR 26.9: :func:`podium.plugins.athletics.jump_off.check_jump_off`."""
        from podium.plugins.athletics.jump_off import check_jump_off
        from podium.plugins.athletics.measuring import AthleticsMeasurement

        assert isinstance(measurement, AthleticsMeasurement)  # this sport's measurement (Athletics.measurement)
        check_jump_off(extra, measurement.heights, measurement.jump_off_step)

    def check_performance(self, measurement: Measurement, recording: RoundSoFar) -> None:
        """A high-jump or pole-vault series keeps to the announced heights while more than one athlete is still
        competing (World Athletics TR 26.1, TR 26.2, TR 26.4): :func:`podium.plugins.athletics.progression.check_progression`."""
        from podium.plugins.athletics.measuring import AthleticsMeasurement
        from podium.plugins.athletics.progression import check_progression

        assert isinstance(measurement, AthleticsMeasurement)  # this sport's measurement (Athletics.measurement)
        if measurement.vertical:
            check_progression(recording, measurement.heights, measurement.min_raise)

    def heat_minutes(self, rules: Mapping[str, Any]) -> float | None:
        """Minutes one heat or flight takes, start procedure included: a race by its length, a flight of jumps
        or throws by its trials (an event's ``minutes`` overrides it: ``schedule = { minutes = 60 }``)."""
        from podium.plugins.athletics.measuring import heat_minutes

        return heat_minutes(rules)

    def simulate_heat(
        self, rng: random.Random, measurement: Measurement, rules: Mapping[str, Any], entrants: Sequence[Entrant]
    ) -> list[tuple[Entrant, PerformanceInput]]:
        """Plausible marks of pupils for one heat (a race's wind is read once for the heat)."""
        from podium.plugins.athletics.simulate import simulate_heat

        return simulate_heat(rng, measurement, rules, entrants)
