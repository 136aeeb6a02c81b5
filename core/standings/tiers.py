"""The final ranking of a multi-stage event, from what each stage decided.

Pure functions :func:`podium.standings.event_ranking.event_ranking` builds an event's ranking with
(contract in docs/standings.md); a knockout's own places come from its format
(``Format.placings``: losers of a round share the next places unless play-offs ranked them).

- :func:`group_tiers`: entrants eliminated in groups come after every entrant of a
  later stage, by their place in the group, then by their record (points per
  match played, so groups of different sizes compare fairly).
- :func:`final_ranking`: places from those tiers, best first; a tier of several
  entrants shares one place and the next place skips past it (5=, 5=, 7, …); an empty
  tier is a place left empty (1, –, 3).
- :func:`places_used`: how many places those tiers use, places left empty included.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import groupby

import attrs

from podium.standings.table import Standings


@attrs.frozen
class Placing:
    """An entrant's final place; ``shared`` when others have the same place."""

    key: str
    place: int
    shared: bool


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
    """Places from tiers given best first (later stages before earlier ones); an empty tier is a place nobody
    holds (a bracket's place emptied by a match both sides lost), which the next tier does not take."""
    placings: list[Placing] = []
    seen: set[str] = set()
    taken = 0
    for tier in tiers:
        place = taken + 1
        for key in tier:
            if key in seen:
                raise ValueError(f"{key} appears twice in the final ranking")
            seen.add(key)
            placings.append(Placing(key, place, len(tier) > 1))
        taken += len(tier) or 1
    return tuple(placings)


def places_used(tiers: Sequence[Sequence[str]]) -> int:
    """How many places :func:`final_ranking` gives ``tiers``: a tier of several entrants uses one place for each
    (5=, 5=, then 7), an empty tier the one place it leaves empty; the place after the last is this plus one."""
    return sum(len(tier) or 1 for tier in tiers)
