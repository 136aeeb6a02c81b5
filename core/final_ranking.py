"""The final ranking of a multi-stage event, from what each stage decided.

Pure functions the formats call when an event ends (contract in docs/standings.md):

- :func:`knockout_tiers`: a single-elimination bracket ranks its champion first
  and its final's loser second; the losers of each earlier round share the next
  places (3–4 without a third-place match, 5–8, 9–16, …) unless play-offs ranked
  them (seed 002 L549: "joint 3rd"; L593: the 3rd/4th play-off; L601: places 4–8).
- :func:`group_tiers`: entrants eliminated in groups come after every entrant of a
  later stage, by their place in the group, then by their record (points per
  match played, so groups of different sizes compare fairly).
- :func:`final_ranking`: places from those tiers, best first; a tier of several
  entrants shares one place and the next place skips past it (5=, 5=, 7, …).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from itertools import groupby

import attrs

from podium.standings import Standings


@attrs.frozen
class Placing:
    """An entrant's final place; ``shared`` when others have the same place."""

    key: str
    place: int
    shared: bool


@attrs.frozen
class KnockoutResult:
    """What a single-elimination bracket decided.

    ``losers`` are the losers of each round, the final's loser first, then the
    semi-finals' losers, the quarter-finals', …; a round with byes simply has fewer.
    ``playoffs`` gives the places play-off matches decided (a third-place match:
    3 and 4; a 5–8 classification: 5, 6, 7, 8, or 5, 6, 7, 7 when the losers of its
    first round are not played off); either every loser of a round has a play-off
    place or none has.
    """

    champion: str
    losers: tuple[tuple[str, ...], ...]
    playoffs: Mapping[str, int] = attrs.field(factory=dict)


def knockout_tiers(result: KnockoutResult) -> list[tuple[str, ...]]:
    """The bracket's entrants in tiers, best first; entrants of one tier share a place."""
    tiers: list[tuple[str, ...]] = [(result.champion,)]
    above = 1
    for losers in result.losers:
        placed = [key for key in losers if key in result.playoffs]
        if placed and len(placed) != len(losers):
            raise ValueError(
                f"give every loser of a round a play-off place or none: {sorted(set(losers) - set(placed))} have none"
            )
        if not placed:
            if losers:
                tiers.append(tuple(sorted(losers)))
            above += len(losers)
            continue
        ordered = sorted(losers, key=lambda k: (result.playoffs[k], k))
        for place, group in groupby(ordered, key=lambda k: result.playoffs[k]):
            members = tuple(group)
            if place != above + 1:
                raise ValueError(f"play-off place {place} of {members} does not follow the {above} entrants ranked above")
            tiers.append(members)
            above += len(members)
    return tiers


def group_tiers(tables: Sequence[Standings], advanced: Collection[str]) -> list[tuple[str, ...]]:
    """Entrants of ``tables`` not in ``advanced``, in tiers: by group place, then by points per match played."""

    def record(key: str, standings: Standings) -> tuple[int, float]:
        row = standings.row(key)
        per_match = row.record.points / row.record.played if row.record.played else 0.0
        return (row.place, -per_match)

    eliminated = sorted(
        (record(row.key, standings), row.key) for standings in tables for row in standings.rows if row.key not in advanced
    )
    return [tuple(key for _, key in group) for _, group in groupby(eliminated, key=lambda item: item[0])]


def final_ranking(tiers: Sequence[Sequence[str]]) -> tuple[Placing, ...]:
    """Places from tiers given best first (later stages before earlier ones)."""
    placings: list[Placing] = []
    seen: set[str] = set()
    for tier in tiers:
        place = len(seen) + 1
        for key in tier:
            if key in seen:
                raise ValueError(f"{key} appears twice in the final ranking")
            seen.add(key)
            placings.append(Placing(key, place, len(tier) > 1))
    return tuple(placings)
