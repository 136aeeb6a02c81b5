"""Award schemes: who receives which award of an event, from its final ranking.

A pure function of a *ranking* — places with entrant keys, shared and disqualified
flags — and the event's scheme (``[events.X.awards]``):

- ``places = N``: the top N by place name: 冠军, 亚军, 季军, 殿军, then 第5名…
  (1st, 2nd, 3rd, 4th, then Place 5…). Table-tennis plan 2 §8 (champions only:
  ``places = 1``), plan 6 §8 (top 4 with a joint 3rd), plan 7 §5 (ranks 1–3), team
  fun-games rules §1 (冠亚季殿);
- ``grades = [1, 2, 3]``: prize grades with several winners each, taken in ranking
  order — here 1 first prize, 2 second prizes, 3 third prizes (table-tennis plan 5 §6); the
  3/9/12 bands of table-tennis plan 4, stage 4 are ``grades = [3, 9, 12]``;
- ``excellence = [7, 16]``: an excellence award (优秀奖) for places 7–16 (square-dance contest rules §7);
- ``commemorative = [4, 8]``: a commemorative award (纪念奖) for places 4–8 (table-tennis plan 7 §5);
- ``participation = true``: a participation award for everyone else who was ranked
  (college gomoku rules 2012 §2.3);
- ``medals = 3``: gold, silver and bronze for places 1–3 (0: no medals);
- ``disqualified = "move_up"``: a disqualified entrant receives nothing (student board-games league
  plan §7.4: 无权获得任何奖项) and those below move up a place (依次递补); ``"vacate"``
  leaves the place empty.

Every band covers a range of places, and an entrant's award is the band holding its
place. Entrants who share a place have the same place — the best one they cover —
so they receive the same award: two semi-final losers sharing 3rd are both 季军 and
nobody is 殿军 under ``places = 4`` (table-tennis plan 6 §8). A pair or team award goes to each
member for certificates (table-tennis plan 5 §7 counts awards per person): see
:func:`recipients`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from podium.config.tables import Reader, toml_text
from podium.i18n import N_, Label, translate
from podium.model.entrants import Entrant

MEDALS = ("gold", "silver", "bronze")
MEDAL_TITLES = {"gold": N_("gold"), "silver": N_("silver"), "bronze": N_("bronze")}
_PLACE_TITLES = (N_("Champion"), N_("Runner-up"), N_("Third place"), N_("Fourth place"))
_GRADE_TITLES = (N_("1st prize"), N_("2nd prize"), N_("3rd prize"), N_("4th prize"), N_("5th prize"))
_KIND_TITLES = {
    "excellence": N_("Excellence award"),
    "commemorative": N_("Commemorative award"),
    "participation": N_("Participation award"),
}
_KEYS = ("places", "grades", "excellence", "commemorative", "participation", "medals", "disqualified")


@attrs.frozen
class Placed:
    """One line of an event's final ranking."""

    key: str
    place: int
    shared: bool = False
    disqualified: bool = False


Ranking = Sequence[Placed]


def _both(message: str, **values: object) -> Label:
    """A fixed message in both languages (award titles are printed in the meet's language)."""
    return Label(zh=translate(message, "zh").format(**values), en=message.format(**values))


@attrs.frozen
class Band:
    """An award for the places ``first``..``last`` (``last`` ``None``: every place from ``first``)."""

    kind: str  # place | grade | excellence | commemorative | participation
    first: int
    last: int | None
    level: int = 0  # the grade's number (1 = first prize)

    def covers(self, place: int) -> bool:
        return self.first <= place and (self.last is None or place <= self.last)

    def title(self, place: int) -> Label:
        if self.kind == "place":
            if place <= len(_PLACE_TITLES):
                return _both(_PLACE_TITLES[place - 1])
            return _both(N_("Place {place}"), place=place)
        if self.kind == "grade":
            if self.level <= len(_GRADE_TITLES):
                return _both(_GRADE_TITLES[self.level - 1])
            return _both(N_("Prize grade {grade}"), grade=self.level)
        return _both(_KIND_TITLES[self.kind])


@attrs.frozen
class AwardScheme:
    """The awards of one event: bands over places, medal places and the disqualification rule."""

    bands: tuple[Band, ...] = (Band("place", 1, 3),)
    medals: int = 3
    disqualified: str = "move_up"

    def band(self, place: int) -> Band | None:
        return next((b for b in self.bands if b.covers(place)), None)


@attrs.frozen
class Award:
    """One award of an event to one entrant."""

    event: str
    entrant: str
    place: int
    shared: bool
    kind: str
    level: int
    title: Label
    medal: str | None = None


def award_places(ranking: Ranking, rule: str = "move_up") -> list[Placed]:
    """The ranking without its disqualified entrants; with ``move_up`` those below move up.

    Entrants who shared a place keep sharing it: the new place is one more than the
    number of entrants still ranked strictly above.
    """
    kept = [p for p in ranking if not p.disqualified]
    if rule == "vacate":
        return [attrs.evolve(p, shared=sum(1 for q in kept if q.place == p.place) > 1) for p in kept]
    return [
        Placed(p.key, 1 + sum(1 for q in kept if q.place < p.place), sum(1 for q in kept if q.place == p.place) > 1)
        for p in kept
    ]


def give_awards(event: str, ranking: Ranking, scheme: AwardScheme) -> list[Award]:
    """The awards of one event, best place first; disqualified entrants receive nothing."""
    awards = []
    for placed in sorted(award_places(ranking, scheme.disqualified), key=lambda p: (p.place, p.key)):
        band = scheme.band(placed.place)
        if band is None:
            continue
        medal = MEDALS[placed.place - 1] if placed.place <= min(scheme.medals, len(MEDALS)) else None
        awards.append(
            Award(event, placed.key, placed.place, placed.shared, band.kind, band.level, band.title(placed.place), medal)
        )
    return awards


def recipients(award: Award, entrants: Mapping[str, Entrant]) -> tuple[str, ...]:
    """Who receives a certificate for ``award``: the entrant, or every member of a pair or team."""
    entrant = entrants.get(award.entrant)
    if entrant is None:
        return (award.entrant,)
    if len(entrant.members) > 1:
        return tuple(member.name for member in entrant.members)
    return (entrant.name,)


def read_awards(reader: Reader) -> AwardScheme:
    """Read ``[events.X.awards]``; without the table, the top 3 by place name with medals."""
    reader.known(_KEYS)
    if not reader.data:
        return AwardScheme()
    bands: list[tuple[str, Band]] = []
    places = reader.integer("places", minimum=1)
    if places:
        bands.append(("places", Band("place", 1, places)))
    grades = reader.data.get("grades")
    if grades is not None:
        if isinstance(grades, list) and grades and all(isinstance(g, int) and not isinstance(g, bool) and g > 0 for g in grades):
            first = 1
            for level, count in enumerate(grades, start=1):
                bands.append(("grades", Band("grade", first, first + count - 1, level)))
                first += count
        else:
            reader.problem("grades", N_("must be a list of how many receive each prize grade, like [1, 2, 3], not {value}"), code="config.award_grades_invalid", value=toml_text(grades))
    for kind in ("excellence", "commemorative"):
        span = reader.span(kind)
        if span is not None:
            if span[0] < 1:
                reader.problem(kind, N_("places start at 1, not {value}"), code="config.award_places_start", value=toml_text(span[0]))
            else:
                bands.append((kind, Band(kind, span[0], span[1])))
    if reader.flag("participation", False):
        first = max((b.last or b.first) for _key, b in bands) + 1 if bands else 1
        bands.append(("participation", Band("participation", first, None)))
    ordered = sorted(bands, key=lambda item: item[1].first)
    for (key_a, a), (key_b, b) in zip(ordered, ordered[1:], strict=False):
        if (a.last is None or b.first <= a.last) and b.first == b.last:
            reader.problem(
                key_b, N_("place {first} overlaps the places of '{other}'; give each place one award"),
                code="config.award_place_overlap", first=b.first, other=key_a,
            )
        elif a.last is None or b.first <= a.last:
            reader.problem(
                key_b, N_("places {first}–{last} overlap the places of '{other}'; give each place one award"),
                code="config.award_places_overlap", first=b.first, last=b.last if b.last is not None else "…", other=key_a,
            )
    return AwardScheme(
        bands=tuple(b for _key, b in ordered),
        medals=reader.integer("medals", 3) or 0,
        disqualified=reader.choice("disqualified", ("move_up", "vacate"), "move_up"),
    )
