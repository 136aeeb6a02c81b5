"""The unit points table (团体总分) and the medal table, from the events' final rankings.

Pure functions. ``[points]`` in ``meet.toml`` gives the points of each place
(default 9-7-6-5-4-3-2-1 for places 1–8), a multiplier for pair and team events, and
the tie rule of the unit ranking; an event may override its places, its multiplier,
or leave the table (``[events.X.points] counts = false``).

- Entrants sharing a place share the points of the places they cover: two sharing
  3rd under 9-7-6-5-… each get (6 + 5) / 2 = 5.5. Exact fractions are kept, so a
  three-way split never loses a point to rounding.
- A disqualified entrant scores nothing; places follow the event's award rule
  (:func:`podium.sportsday.awards.award_places`).
- An entry without a unit (a team from several units) scores for nobody.
- Unit ranking: most points first; equal totals are separated by the most first
  places, then second places and so on (``tie = "countback"``, the common sports-day
  rule), or share the place (``tie = "shared"``).
- Medal table: most gold, then silver, then bronze medals; equal counts share the place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

import attrs

from podium.config.tables import Reader
from podium.i18n import N_
from podium.model.entrants import EntrantKind
from podium.sportsday.awards import MEDALS, Award, Ranking, award_places

DEFAULT_PLACES = (9.0, 7.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0)
_MEET_KEYS = ("places", "pair", "team", "tie")
_EVENT_KEYS = ("places", "multiplier", "counts")


@attrs.frozen
class PointsTable:
    """Meet-wide points rules (``[points]``)."""

    places: tuple[float, ...] = DEFAULT_PLACES
    pair: float = 1.0
    team: float = 1.0
    tie: str = "countback"

    def multiplier(self, kind: EntrantKind) -> float:
        return {EntrantKind.PAIR: self.pair, EntrantKind.TEAM: self.team}.get(kind, 1.0)


@attrs.frozen
class EventPoints:
    """One event's overrides (``[events.X.points]``); ``None``: the meet's rule."""

    places: tuple[float, ...] | None = None
    multiplier: float | None = None
    counts: bool = True


@attrs.frozen
class Scored:
    """The points one entry of one event brings its unit."""

    event: str
    entrant: str
    unit: str
    place: int
    points: Fraction


@attrs.frozen
class UnitRow:
    """A unit's line in the unit points table."""

    place: int
    shared: bool
    unit: str
    points: Mapping[str, Fraction]  # by event
    total: Fraction
    places: tuple[int, ...]  # how many 1st, 2nd, … places (for the countback)


@attrs.frozen
class MedalRow:
    """A unit's line in the medal table."""

    place: int
    shared: bool
    unit: str
    gold: int
    silver: int
    bronze: int

    @property
    def total(self) -> int:
        return self.gold + self.silver + self.bronze


def place_points(place: int, sharing: int, scale: Sequence[float]) -> Fraction:
    """Points of one of ``sharing`` entrants sharing ``place``: the mean of the points of the places they cover."""
    covered = [Fraction(scale[p - 1]).limit_denominator(1000) if p <= len(scale) else Fraction(0) for p in range(place, place + sharing)]
    return sum(covered, Fraction(0)) / sharing


def event_points(
    event: str,
    ranking: Ranking,
    units: Mapping[str, str | None],
    scale: Sequence[float],
    multiplier: float,
    disqualified: str = "move_up",
) -> list[Scored]:
    """The points each ranked entry of one event brings its unit (``units``: entrant key → unit key)."""
    placed = award_places(ranking, disqualified)
    sharing: dict[int, int] = {}
    for p in placed:
        sharing[p.place] = sharing.get(p.place, 0) + 1
    factor = Fraction(multiplier).limit_denominator(1000)
    scored = []
    for p in placed:
        unit = units.get(p.key)
        points = place_points(p.place, sharing[p.place], scale) * factor
        if unit is not None and points:
            scored.append(Scored(event, p.key, unit, p.place, points))
    return scored


def unit_table(scored: Sequence[Scored], units: Sequence[str], places: int, tie: str = "countback") -> list[UnitRow]:
    """Every unit (those of ``units`` first, in that order for equal rows) with its points per event and total."""
    by_unit: dict[str, dict[str, Fraction]] = {u: {} for u in units}
    counts: dict[str, list[int]] = {u: [0] * places for u in units}
    for s in scored:
        by_unit.setdefault(s.unit, {})
        counts.setdefault(s.unit, [0] * places)
        by_unit[s.unit][s.event] = by_unit[s.unit].get(s.event, Fraction(0)) + s.points
        if s.place <= places:
            counts[s.unit][s.place - 1] += 1
    order = list(by_unit)

    def key(unit: str) -> tuple:
        total = sum(by_unit[unit].values(), Fraction(0))
        return (-total, *(-c for c in counts[unit])) if tie == "countback" else (-total,)

    ranked = sorted(order, key=lambda u: (key(u), order.index(u)))
    rows = []
    for unit in ranked:
        same = [u for u in ranked if key(u) == key(unit)]
        place = ranked.index(same[0]) + 1
        rows.append(
            UnitRow(place, len(same) > 1, unit, dict(by_unit[unit]), sum(by_unit[unit].values(), Fraction(0)), tuple(counts[unit]))
        )
    return rows


def medal_table(awards: Sequence[Award], unit_of: Mapping[tuple[str, str], str | None], units: Sequence[str]) -> list[MedalRow]:
    """Units by gold, then silver, then bronze medals (``unit_of``: (event, entrant) → unit key)."""
    counts: dict[str, list[int]] = {u: [0, 0, 0] for u in units}
    for award in awards:
        unit = unit_of.get((award.event, award.entrant))
        if award.medal in MEDALS and unit is not None:
            counts.setdefault(unit, [0, 0, 0])[MEDALS.index(award.medal)] += 1
    order = list(counts)
    ranked = sorted(order, key=lambda u: (tuple(-c for c in counts[u]), order.index(u)))
    rows = []
    for unit in ranked:
        same = [u for u in ranked if counts[u] == counts[unit]]
        gold, silver, bronze = counts[unit]
        rows.append(MedalRow(ranked.index(same[0]) + 1, len(same) > 1, unit, gold, silver, bronze))
    return rows


def _places(reader: Reader, default: tuple[float, ...] = ()) -> tuple[float, ...]:
    """Points of places 1, 2, …: a better place never scores less (a table that grows is a typo)."""
    places = reader.numbers("places", default)
    for place, (better, worse) in enumerate(zip(places, places[1:], strict=False), start=1):
        if worse > better:
            reader.problem(
                "places",
                N_("place {worse} would score more than place {better} ({points} > {than}); give the points from 1st place down"), code="config.points_places_grow", worse=place + 1, better=place, points=f"{worse:g}", than=f"{better:g}",
            )
            return default
    return places


def read_points(reader: Reader) -> PointsTable:
    """Read ``[points]``."""
    reader.known(_MEET_KEYS)
    return PointsTable(
        places=_places(reader, DEFAULT_PLACES),
        pair=reader.number("pair", 1.0) or 0.0,
        team=reader.number("team", 1.0) or 0.0,
        tie=reader.choice("tie", ("countback", "shared"), "countback"),
    )


def read_event_points(reader: Reader) -> EventPoints:
    """Read ``[events.X.points]``."""
    reader.known(_EVENT_KEYS)
    places = _places(reader) or None
    counts = reader.flag("counts", True)
    if not counts and (places is not None or "multiplier" in reader.data):
        reader.problem("counts", N_("is false, so places and multiplier have no effect; remove them or set counts = true"), code="config.points_counts_false")
    return EventPoints(places=places, multiplier=reader.number("multiplier"), counts=counts)
