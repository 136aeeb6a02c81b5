"""The stages of an event not drawn yet, laid out ahead so the order of play keeps their time.

A later stage is drawn when the one before it is complete (``podium advance``), but the day has to hold
it from the start: the 19-pair round-robin Q&A plays 36 group matches and then 7 knockout matches, and whether
the sessions hold all 43 is what the organiser asks before the day. So each stage still to come is
drawn here with stand-ins for the entrants the stage before will send on
(:meth:`podium.formats.base.Format.going_on`), with a fixed seed. Formats key matches and heats by
their place in the draw (``QF1``, ``H2``, ``R1.3``), not by who fills them, so a stand-in match has the
key and the number the real one will have. Nothing here is journaled; a stand-in is never called or
given a result, and when the stage is drawn the real matches take its place.
"""

from __future__ import annotations

import random

import attrs

from podium.errors import PodiumError
from podium.formats.base import StageEntrant, StageView
from podium.formats.measured import Heat, MeasuredFormat, MeasuredView
from podium.journal.measured_stage import MeasuredStageState
from podium.journal.state import EventState
from podium.model.matches import Match

FORECAST_SEED = 0
"""The seed of every forecast draw: the same meet always gives the same plan."""


@attrs.frozen
class Forecast:
    """One stage still to come: its matches (byes among them) or heats, played by stand-ins."""

    stage: str
    index: int
    """Its place among the event's stages."""
    stand_ins: tuple[str, ...] = ()
    """The keys standing for those who will play (``?1``, ``?2``…), as the forecast draw placed them."""
    matches: tuple[Match, ...] = ()
    heats: tuple[Heat, ...] = ()


def forecast(event: EventState) -> list[Forecast]:
    """The event's stages after the last drawn one, each drawn with as many stand-ins as the stage before
    sends on; none before the first stage is drawn, and none past a stage that would have fewer than 2."""
    if not event.stages or len(event.stages) >= len(event.config.stages):
        return []
    last = event.stages[-1]
    still_in = [e for e in last.view.entrants if e.key not in event.withdrawn]
    count = min(last.format.going_on(last.view, last.matches), len(still_in))
    measured = [s for s in event.stages if isinstance(s, MeasuredStageState)]
    number = max([m.number for m in event.matches()] + [h.number for s in measured for h in s.heats], default=0)
    number += sum(len(s.expected_heats) for s in measured)
    found: list[Forecast] = []
    for index in range(len(event.stages), len(event.config.stages)):
        if count < 2:
            break
        config = event.config.stages[index]
        fmt = event.registry.format(config.format)
        stand_ins = tuple(StageEntrant(f"?{n}", seed=n) for n in range(1, count + 1))
        try:
            draw = fmt.draw(stand_ins, config.options, random.Random(FORECAST_SEED))
        except PodiumError:
            break  # a draw these numbers cannot make is refused when the stage is really drawn
        view = StageView(config.name, config.options, stand_ins, draw)
        matches: list[Match] = []
        heats: list[Heat] = []
        if isinstance(fmt, MeasuredFormat):
            heat_view = MeasuredView(config.name, config.options, stand_ins, draw)
            laid_out = fmt.heats(heat_view)
            for heat in [*laid_out, *fmt.expected(heat_view, laid_out)]:
                number += 1
                heats.append(attrs.evolve(heat, number=number))
        else:
            for match in fmt.matches(view):
                number += 1  # byes are numbered too, as the real draw numbers them
                matches.append(attrs.evolve(match, number=number))
        found.append(Forecast(config.name, index, tuple(e.key for e in stand_ins), tuple(matches), tuple(heats)))
        count = fmt.going_on(view, matches)
    return found
