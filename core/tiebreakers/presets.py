"""Named tie-break chains: the official orders of the rules, usable as ``tiebreaks = "<name>"``.

Every CXA chain starts with ``penalties`` (CXA 2011 §18.5: penalised entrants go
last among those on equal points) — it changes nothing when no penalty is
recorded, and a chain that does not name it gets it first anyway. Recorded lots
and play-offs always settle what a chain leaves tied.
"""

from __future__ import annotations

from collections.abc import Sequence

from podium.errors import ConfigError, Target, located
from podium.i18n import N_

CHAINS: dict[str, tuple[str, ...]] = {
    # Individual round robin, one game per pairing: 小分, 胜局, 直胜, 犯规, 后走局数, 对局时后走.
    "cxa-14.1": ("penalties", "sonneborn_berger", "wins", "head_to_head", "fouls", "second_games", "direct_second"),
    # Individual round robin, two or more games per pairing (ranked by 场分): 局分总和, 胜局, 直胜, 犯规, 后走胜局.
    "cxa-14.2": ("penalties", "game_points", "game_wins", "head_to_head", "fouls", "second_wins"),
    # Individual Swiss, first method: 对手分, 胜局, 犯规, 后走局数, then the previous rounds.
    "cxa-14.3.1": ("penalties", "buchholz", "wins", "fouls", "second_games", "previous_round"),
    # Individual Swiss, second method: 累进分, 胜局, 犯规, 后走局数, then drop round 1, round 2, ….
    "cxa-14.3.2": ("penalties", "progressive", "wins", "fouls", "second_games", "progressive_cut"),
    # Team round robin: 全队总局分, 全队胜场, 全队胜局, 直胜, 全队犯规, 后走胜局, 后走局数.
    "cxa-14.5": (
        "penalties", "game_points", "match_wins", "game_wins", "head_to_head", "fouls", "second_wins", "second_games",
    ),
    # Team Swiss: 团体对手分, 全队总局分, 全队胜场, 全队胜局, 全队犯规, then the previous rounds.
    "cxa-14.6": ("penalties", "team_buchholz", "game_points", "match_wins", "game_wins", "fouls", "previous_round"),
    # Team Swiss ranked by total game points (with scoring = "cxa-14.7"); §14.7 names no tie-breaks, so the
    # remaining criteria of §14.6 follow.
    "cxa-14.7": ("penalties", "team_buchholz", "match_wins", "game_wins", "fouls", "previous_round"),
    # Teams ranked by their members' individual places: sum lower first, then best single place.
    "cxa-14.8": ("placings", "penalties"),
    # The 1999 rules for the same events (CXA 1999 §15.5): sum, best place, next best place,
    # fewer team fouls; ties left are shared.
    "cxa-1999-15.5": ("placings", "penalties", "next_best_place", "fouls"),
    # Weiqi 2002 Art. 27, individual round robin: 胜者小分, fewer warnings, then play-off or lots.
    "weiqi-2002": ("sonneborn_berger", "warnings", "lots"),
    # Weiqi 2002 Art. 27, individual Swiss (method B): 对手分, fewer warnings, then play-off or lots.
    "weiqi-2002-swiss": ("buchholz", "warnings", "lots"),
    # Weiqi 2002 Art. 27, team round robin: 局分, then board 1, board 2, …; equal on all boards share.
    "weiqi-2002-team": ("game_points", "boards"),
    # Weiqi 2002 Art. 27, team Swiss: after the total, "依循环赛顺序" — the team round-robin order.
    "weiqi-2002-team-swiss": ("game_points", "boards"),
    # ITTF group ranking (table tennis): results among the tied only, restarting after each decided place.
    "ittf": ("ittf",),
}
"""Chain presets by name."""


def expand(chain: str | Sequence[str], where: str = "tiebreaks") -> tuple[str, ...]:
    """The tie-breaker names of a preset name, or of a list of names as given."""
    if isinstance(chain, str):
        if chain not in CHAINS:
            raise ConfigError(
                N_("unknown tie-break chain '{name}'; valid chains: {valid}."), code="config.chain_preset_unknown",
                name=chain, valid=", ".join(CHAINS), target=Target(option=where), frame=located(where),
            )
        return CHAINS[chain]
    return tuple(chain)
