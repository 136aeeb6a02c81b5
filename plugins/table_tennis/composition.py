"""Who may enter a table-tennis event: gender composition and team size.

``composition`` (event option): ``open`` (anyone, free pairing: table-tennis plan 6 §6,
§7(3)), ``men`` or ``women`` (every member of that gender: table-tennis plan 2 §5.1, plan 7
§4), ``mixed`` (a pair is one man and one woman — mixed doubles, table-tennis plan 1 §6(2);
a team has at least one of each). A team needs at least as many players as its tie's
line-up (three for the ittf and five_singles orders: table-tennis rules summary §5 (2),
plan 6 §7(3)); reserves count only when the event allows substitutions (plan 6 §9.3).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from podium.api import N_, Entrant, EntrantKind, EntrantsError, Gender, Target
from podium.plugins.table_tennis.orders import tie_format


def check_entrant(entrant: Entrant, rules: Mapping[str, Any]) -> None:
    """Raise :class:`EntrantsError` with one sentence when ``entrant`` does not fit the event's rules."""
    composition = rules["composition"]
    if composition in ("men", "women"):
        wanted = Gender.MALE if composition == "men" else Gender.FEMALE
        for person in entrant.members:
            if person.gender is None:
                raise _unknown_gender(entrant, person.name, composition)
            if person.gender is not wanted and wanted is Gender.MALE:
                raise EntrantsError(
                    N_("{entrant}: {person} is recorded as a woman, and this event is for men (composition = men)."),
                    code="table_tennis.woman_in_men_event", entrant=entrant.name, person=person.name, target=Target(entrant=entrant.name),
                )
            if person.gender is not wanted:
                raise EntrantsError(
                    N_("{entrant}: {person} is recorded as a man, and this event is for women (composition = women)."),
                    code="table_tennis.man_in_women_event", entrant=entrant.name, person=person.name, target=Target(entrant=entrant.name),
                )
    elif composition == "mixed":
        _check_mixed(entrant)
    if entrant.kind is EntrantKind.TEAM:
        _check_team_size(entrant, rules)


def _unknown_gender(entrant: Entrant, person: str, composition: str) -> EntrantsError:
    return EntrantsError(
        N_("{entrant}: the gender of {person} is not given, and this event needs it (composition = {composition}); add a gender column."),
        code="table_tennis.gender_missing", entrant=entrant.name, person=person, composition=composition, target=Target(entrant=entrant.name),
    )


def _check_mixed(entrant: Entrant) -> None:
    if entrant.kind is EntrantKind.INDIVIDUAL:
        raise EntrantsError(
            N_("{entrant}: composition = mixed is for pairs and teams; a singles event is open, men or women."), code="table_tennis.mixed_singles", target=Target(entrant=entrant.name), entrant=entrant.name
        )
    players = entrant.players
    for person in players:
        if person.gender is None:
            raise _unknown_gender(entrant, person.name, "mixed")
    men = sum(1 for p in players if p.gender is Gender.MALE)
    women = len(players) - men
    if entrant.kind is EntrantKind.PAIR and (men, women) != (1, 1):
        raise EntrantsError(
            N_("{entrant}: a mixed pair is one man and one woman (composition = mixed); this pair has {men} men and {women} women."), code="table_tennis.mixed_pair", target=Target(entrant=entrant.name), entrant=entrant.name, men=men, women=women
        )
    if entrant.kind is EntrantKind.TEAM and not (men and women):
        raise EntrantsError(
            N_("{entrant}: a mixed team needs at least one man and one woman among its players (composition = mixed)."), code="table_tennis.mixed_team", target=Target(entrant=entrant.name), entrant=entrant.name
        )


def _check_team_size(entrant: Entrant, rules: Mapping[str, Any]) -> None:
    fmt = tie_format(rules["tie"])
    eligible = entrant.members if rules["substitutions"] else entrant.players
    if len(eligible) < fmt.lineup_size:
        if rules["substitutions"] or len(entrant.members) == len(entrant.players):
            raise EntrantsError(
                N_("{entrant} has {count} players; its tie order ({order}) needs {need}."), code="table_tennis.team_too_small",
                entrant=entrant.name, count=len(eligible), order=fmt.label(), need=fmt.lineup_size, target=Target(entrant=entrant.name),
            )
        raise EntrantsError(
            N_("{entrant} has {count} players besides its reserves, who do not play without substitutions; its tie order ({order}) needs {need}."),
            code="table_tennis.team_too_small_without_reserves",
            entrant=entrant.name, count=len(eligible), order=fmt.label(), need=fmt.lineup_size, target=Target(entrant=entrant.name),
        )
