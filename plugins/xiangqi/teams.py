"""Team events: the CXA 2011 Art. 11 team types, line-ups and board colours.

A team's members are numbered 1, 2, 3… in the order they were registered (the rows of
the entrants file). Line-ups in result texts use these numbers.

- ``fixed`` (分台定人制, §11.1): the registered players play boards 1…n in order; they
  must be registered strongest first by rating, unrated players last (checked at import).
- ``substitutes`` (分台换人制, §11.2): up to ``substitutes`` extra players are registered,
  ordered by the same rule; each match any ``boards`` of them play, keeping their
  registered order (4 boards + 2 substitutes → 15 line-ups; 1-3-2-4 is refused).
- ``per_match`` (临时定台制, §11.3): the team sets its board order before each match.
- ``all_play_all`` (全队轮赛制, §11.4): every player of one team plays every player of the
  other; teams have ``boards`` players each.

Colours (§12.2, §12.3): the team listed first has red on odd boards and black on even
boards; in a knockout the lot decides which team that is (§12.4); with several games
per board, colours swap each game (§12.4). In all-play-all, player i of the first team
has red against player j of the other when i + j is even (CXA is silent; each player
then alternates colours, the usual Scheveningen practice).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from podium.api import N_, Entrant, EntrantKind, Message, Person, Problem, problem

TEAM_TYPES = {
    "fixed": N_("fixed boards (CXA 2011 §11.1)"),
    "substitutes": N_("boards with substitutes (CXA 2011 §11.2)"),
    "per_match": N_("board order set per match (CXA 2011 §11.3)"),
    "all_play_all": N_("all play all between the two teams (CXA 2011 §11.4)"),
}


def lineups(registered: int, boards: int) -> list[tuple[int, ...]]:
    """Every line-up allowed by CXA 2011 §11.2: ``boards`` of the ``registered`` players in registered order.

    4 boards and 6 registered players: 1-2-3-4, 1-2-3-5, … 3-4-5-6, C(6, 4) = 15 line-ups.
    """
    return list(itertools.combinations(range(1, registered + 1), boards))


def board_pairs(team_type: str, boards: int, sizes: tuple[int, int]) -> list[tuple[int, int]]:
    """The (row of side 1, row of side 2) of each game slot, in the order results are written.

    Board matches: board b pits line-up place b against place b. All-play-all (§11.4):
    player i of the first team against player j of the second, i before j (1-1, 1-2, … 2-1 …).
    """
    if team_type == "all_play_all":
        return [(i, j) for i in range(1, sizes[0] + 1) for j in range(1, sizes[1] + 1)]
    return [(b, b) for b in range(1, boards + 1)]


def slot_red(team_type: str, slot: tuple[int, int], first: int) -> int:
    """The side with red in game 1 of a slot, given ``first``, the team with red on board 1 (§12.2, §12.3)."""
    i, j = slot
    odd = (i + j) % 2 == 0 if team_type == "all_play_all" else i % 2 == 1
    return first if odd else 1 - first


def implied_lineup(team_type: str, boards: int, members: int) -> tuple[int, ...] | None:
    """The line-up that needs no writing: fixed boards, or substitutes when nobody is left out."""
    if team_type == "fixed" or (team_type == "substitutes" and members == boards):
        return tuple(range(1, boards + 1))
    return None


def lineup_problem(team_type: str, lineup: Sequence[int], boards: int, team: Entrant) -> Problem | None:
    """Why ``lineup`` is not allowed for ``team``, or ``None``; member numbers count from 1."""
    text = "-".join(map(str, lineup))
    numbered = ", ".join(f"{n} {m.name}" for n, m in enumerate(team.members, start=1))
    if len(lineup) != boards:
        return problem(N_("line-up {lineup} of {team} has {count} players, but the match is played on {boards} boards."), code="xiangqi.lineup_size", lineup=text, team=team.name, count=len(lineup), boards=boards)
    if any(n < 1 or n > len(team.members) for n in lineup):
        return problem(N_("line-up {lineup} of {team} names a player who is not registered; its players are {players}."), code="xiangqi.lineup_unregistered", lineup=text, team=team.name, players=numbered)
    if len(set(lineup)) != len(lineup):
        return problem(N_("line-up {lineup} of {team} names a player twice."), code="xiangqi.lineup_player_twice", lineup=text, team=team.name)
    if team_type == "fixed" and tuple(lineup) != tuple(range(1, boards + 1)):
        return problem(N_("{team} plays fixed boards in registered order (CXA 2011 §11.1), so its line-up is {lineup}."), code="xiangqi.lineup_fixed_order", team=team.name, lineup="-".join(map(str, range(1, boards + 1))))
    if team_type == "substitutes" and list(lineup) != sorted(lineup):
        return problem(N_("line-up {lineup} of {team} breaks the registered order: the chosen players keep their registered order on the boards (CXA 2011 §11.2), e.g. {valid}."), code="xiangqi.lineup_registered_order", lineup=text, team=team.name, valid="-".join(map(str, sorted(lineup))))
    return None


def team_problems(entrant: Entrant, rules: Mapping[str, Any]) -> list[Problem]:
    """Entry checks of a team: its size for the team type and, for §11.1/§11.2, its rating order."""
    if entrant.kind is not EntrantKind.TEAM:
        return []
    team_type, boards, substitutes = rules["team_type"], rules["boards"], rules["substitutes"]
    count = len(entrant.members)
    problems = []
    if team_type in ("fixed", "all_play_all") and count != boards:
        problems.append(
            problem(N_("team {team} has {count} players, but the team type {kind} takes exactly {boards}."), code="xiangqi.team_size_exact", team=entrant.name, count=count, kind=Message(TEAM_TYPES[team_type]), boards=boards)
        )
    elif team_type in ("substitutes", "per_match") and not boards <= count <= boards + substitutes:
        problems.append(
            problem(N_("team {team} has {count} players, but the team type {kind} takes {boards} players and at most {substitutes} substitutes."), code="xiangqi.team_size_substitutes", team=entrant.name, count=count, kind=Message(TEAM_TYPES[team_type]), boards=boards, substitutes=substitutes)
        )
    if team_type in ("fixed", "substitutes"):
        disorder = rating_order_problem(entrant.name, entrant.members)
        if disorder:
            problems.append(disorder)
    return problems


def rating_order_problem(team: str, members: Sequence[Person]) -> Problem | None:
    """CXA 2011 §11.1: players registered by rating, highest first, unrated players after every rated one."""
    for upper, lower in itertools.pairwise(members):
        if upper.rating is None and lower.rating is not None:
            return problem(N_("team {team}: {upper} (unrated) is registered above {lower} (rating {rating}); unrated players come after every rated player (CXA 2011 §11.1)."), code="xiangqi.rating_order_unrated", team=team, upper=upper.name, lower=lower.name, rating=f"{lower.rating:g}")
        if upper.rating is not None and lower.rating is not None and upper.rating < lower.rating:
            return problem(N_("team {team}: {upper} (rating {a}) is registered above {lower} (rating {b}); players are registered by rating, highest first (CXA 2011 §11.1)."), code="xiangqi.rating_order", team=team, upper=upper.name, lower=lower.name, a=f"{upper.rating:g}", b=f"{lower.rating:g}")
    return None
