"""The standings options of an event or stage (``[events.<key>.standings]`` in ``meet.toml``).

Apart from :mod:`podium.standings.table`, which ranks, so that reading ``meet.toml`` does not load the
ranking code (docs/performance.md, cold start).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from podium.config.tables import toml_text
from podium.errors import ConfigError, Target, located
from podium.i18n import N_
from podium.model.options import Option, resolve_options

STANDINGS_OPTIONS = (
    Option(
        "decide",
        list,
        [],
        "Places that must not be shared: 1 = the champion, N = a qualifying cut after place N. A tie across such "
        "a place is settled by a play-off or by lots after the chain",
        source="CXA 2011 §14; CXA 1999 §15.6; Weiqi 2002 Art. 27.C",
    ),
    Option(
        "previous_round",
        str,
        "standing",
        "Reading of 'compare the previous round' (CXA 2011 §14.3.1, §14.6): 'standing' = the score after the "
        "previous round, then the round before; 'round' = the points of the last round, then the round before",
        choices=("standing", "round"),
        source="CXA 2011 §14.3.1",
    ),
    Option(
        "head_to_head",
        str,
        "mini_table",
        "Head-to-head with three or more tied: 'mini_table' = points in the games among them (only when all of "
        "them met); 'two_only' = applies only to two tied entrants",
        choices=("mini_table", "two_only"),
        source="CXA 2011 §14.1",
    ),
    Option(
        "unplayed",
        str,
        "count",
        "Whether wins without play (forfeit '+', bye) count as wins and in Sonneborn-Berger: 'count' (a '+' is a "
        "win, CXA 2011 §20.3; a bye is scored as a win, §14.4) or 'exclude' (FIDE practice)",
        choices=("count", "exclude"),
        source="CXA 2011 §14.4, §20.3",
    ),
)
"""Options of ``[events.<key>.standings]`` (and of a stage) in ``meet.toml``."""



def standings_options(given: Mapping[str, Any], where: str, base: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Validate the standings options of an event or stage and fill in the defaults."""
    values = resolve_options(STANDINGS_OPTIONS, given, where, base=base)
    places = values["decide"]
    if not all(isinstance(p, int) and not isinstance(p, bool) and p >= 1 for p in places):
        raise ConfigError(
            N_("option 'decide' must list places as whole numbers from 1, like [1] or [1, 2], not {value}."),
            code="config.decide_invalid", value=toml_text(places), target=Target(option=where), frame=located(where),
        )
    values["decide"] = sorted(set(places))
    return values
