"""Places a knockout leaves empty when both sides of a match lose (both absent, CXA 2011 §20.2).

A bracket numbers places by the round reached: the final's loser is 2nd, the semi-final losers share 3rd, the
quarter-final losers 5th. When both players of a semi-final are absent, nobody from that half reaches the
final: the other half's winner takes the final without play, and nobody lost the final. The two absent
players hold no place (no stage places them, not even the groups they came through), the 2nd place stays
empty in the event's ranking, and the award rule (``awards.disqualified``, 依次递补 by default) decides whether
those below move up to fill it.
"""

from __future__ import annotations

import json

from podium.journal.stages import bracket_tiers
from podium.services.meet import Meet
from podium.services.sportsday import final_ranking as sportsday_final_ranking
from podium.standings.event_ranking import event_ranking
from podium.standings.tiers import final_ranking

MEET = """\
[meet]
name = "Vacant places"
date = 2026-12-05
language = "en"

[units]
c1 = "Class 1"
c2 = "Class 2"

[events.ms]
name = "Men's singles"
sport = "table_tennis"
awards = {{ places = 3{rule} }}
"""

KNOCKOUT = MEET + """\
format = "knockout"

[events.ms.rules]
best_of = 3
games_only = true
"""

GROUPS_THEN_KNOCKOUT = MEET + """
[[events.ms.stages]]
name = "groups"
format = "groups"
groups = 2
advance = 2
seeding = "seeds"
rules = {{ best_of = 3, games_only = true }}

[[events.ms.stages]]
name = "finals"
format = "knockout"
rules = {{ best_of = 3, games_only = true }}
"""


def test_an_empty_tier_is_a_place_nobody_takes():
    """1 A; 2 empty; 3 B; 4 empty; then C and D share 5th (5=, 5=) and E is 7th."""
    assert [(p.place, p.key, p.shared) for p in final_ranking([("A",), (), ("B",), (), ("C", "D"), ("E",)])] == [
        (1, "A", False), (3, "B", False), (5, "C", True), (5, "D", True), (7, "E", False),
    ]


def test_a_bracket_keeps_the_places_its_numbers_skip():
    """Places 1 and 3 (nobody 2nd), two places emptied: one shows as the skipped 2, the other follows the 3rd.
    An entrant going on to a later stage leaves the tiers without leaving a place behind."""
    assert bracket_tiers([("W", 1), ("L", 3)], 2, set()) == [("W",), (), ("L",), ()]
    assert bracket_tiers([("A", 1), ("B", 2), ("C", 3), ("D", 3)], 0, {"A", "C"}) == [("B",), ("D",)]


def match_between(podium, folder, first: str, second: str) -> tuple[str, list[str]]:
    """The number of the match between ``first`` and ``second`` and its sides' names, from ``podium matches --json``."""
    listed = json.loads(podium(folder, "matches", "ms", "--json").output)
    [(number, names)] = [(str(m["number"]), m["names"]) for m in listed if set(m["names"]) == {first, second}]
    return number, names


def win(podium, folder, winner: str, loser: str) -> None:
    """Record ``winner`` beating ``loser`` 2:0 in games."""
    number, names = match_between(podium, folder, winner, loser)
    podium(folder, "result", "ms", number, "2:0" if names[0] == winner else "0:2")


def both_absent(podium, folder, first: str, second: str) -> None:
    podium(folder, "result", "ms", match_between(podium, folder, first, second)[0], "-:-")


def awards_of(podium, folder) -> list[tuple[int, str, str | None]]:
    [event] = json.loads(podium(folder, "awards", "--json").output)["events"]
    return [(a["place"], a["name"], a["medal"]) for a in event["awards"]]


def knockout_with_an_empty_semi_final(make_meet, podium, name: str, rule: str = ""):
    """Four players; Sun Li and Zhao Min are both absent in their semi-final, Wang Lei beats Liu Yang in the other."""
    folder = make_meet(
        KNOCKOUT.format(rule=rule),
        "event,name,unit\nms,Wang Lei,c1\nms,Liu Yang,c2\nms,Sun Li,c1\nms,Zhao Min,c2\n",
        name=name,
    )
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "5")
    both_absent(podium, folder, "Sun Li", "Zhao Min")
    win(podium, folder, "Wang Lei", "Liu Yang")
    return folder


def test_nobody_is_second_after_an_empty_semi_final(make_meet, podium):
    """Wang Lei takes the final without play (1st); Liu Yang lost his semi-final (3rd); nobody lost the final, so
    nobody is 2nd; Sun Li and Zhao Min hold no place."""
    folder = knockout_with_an_empty_semi_final(make_meet, podium, "meet")
    [table] = json.loads(podium(folder, "standings", "ms", "--json").output)["stages"]
    assert [(row["place"], row["name"]) for row in table["placings"]] == [(1, "Wang Lei"), (3, "Liu Yang")]
    event = Meet(folder).state().event("ms")
    names = {key: entrant.name for key, entrant in event.entrants.items()}
    ranking = event_ranking(event)
    assert ranking.complete
    assert [(p.place, names[p.key]) for p in ranking.placings] == [(1, "Wang Lei"), (3, "Liu Yang")]


def test_the_award_rule_decides_who_fills_the_empty_place(make_meet, podium):
    """By default those below move up (依次递补): Liu Yang is runner-up with silver. With ``disqualified =
    "vacate"`` the places stay: Liu Yang is third with bronze and nobody has silver."""
    moved_up = knockout_with_an_empty_semi_final(make_meet, podium, "moved")
    assert awards_of(podium, moved_up) == [(1, "Wang Lei", "gold"), (2, "Liu Yang", "silver")]
    kept = knockout_with_an_empty_semi_final(make_meet, podium, "kept", rule=', disqualified = "vacate"')
    assert awards_of(podium, kept) == [(1, "Wang Lei", "gold"), (3, "Liu Yang", "bronze")]


def groups_then_an_empty_semi_final(make_meet, podium, name: str, rule: str = ""):
    """Two groups of three, seeded in snake order (seeds 1, 4, 5 to group A; 2, 3, 6 to group B), so group A is
    A1, A2, A3 and group B is B1, B2, B3. In each group the player numbered 1 beats the others and 2 beats 3, so A1
    and B1 win their groups and A2, B2 are second. The crossover semi-finals are A1–B2 and B1–A2; A1 and B2 are
    both absent, B1 beats A2 and takes the final without play."""
    seeds = {"A1": 1, "B1": 2, "B2": 3, "A2": 4, "A3": 5, "B3": 6}
    rows = "".join(f"ms,{name},c1,{seed}\n" for name, seed in seeds.items())
    folder = make_meet(GROUPS_THEN_KNOCKOUT.format(rule=rule), "event,name,unit,seed\n" + rows, name=name)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "5")
    for group in "AB":
        win(podium, folder, f"{group}1", f"{group}2")
        win(podium, folder, f"{group}1", f"{group}3")
        win(podium, folder, f"{group}2", f"{group}3")
    podium(folder, "advance", "ms")
    both_absent(podium, folder, "A1", "B2")
    win(podium, folder, "B1", "A2")
    return folder


def test_absent_semi_finalists_are_not_placed_by_their_groups(make_meet, podium):
    """The knockout's four hold places 1–4: B1 1st, nobody 2nd, A2 3rd (lost the semi-final), and A1 and B2, both
    absent, none. The group thirds A3 and B3 come after those four places: 5th, sharing it (both 3rd in a group
    of three with the same record). A1 and B2 are not ranked by their group places (1st and 2nd) either."""
    folder = groups_then_an_empty_semi_final(make_meet, podium, "kept", rule=', disqualified = "vacate"')
    event = Meet(folder).state().event("ms")
    names = {key: entrant.name for key, entrant in event.entrants.items()}
    ranking = event_ranking(event)
    assert ranking.complete
    assert [(p.place, names[p.key], p.shared) for p in ranking.placings] == [
        (1, "B1", False), (3, "A2", False), (5, "A3", True), (5, "B3", True),
    ]
    assert awards_of(podium, folder) == [(1, "B1", "gold"), (3, "A2", "bronze")]


def test_below_an_empty_semi_final_those_behind_move_up(make_meet, podium):
    """By default those below move up: B1 1st, A2 2nd, and the group thirds A3 and B3 share 3rd, both with bronze;
    the absent A1 and B2 receive nothing (before, A1 took bronze by his group place and B2 nothing)."""
    folder = groups_then_an_empty_semi_final(make_meet, podium, "moved")
    assert awards_of(podium, folder) == [(1, "B1", "gold"), (2, "A2", "silver"), (3, "A3", "bronze"), (3, "B3", "bronze")]


HEATS_THEN_KNOCKOUT = """\
[meet]
name = "Heats then a knockout"
date = 2026-12-05
language = "en"

[units]
c1 = "Class 1"
c2 = "Class 2"

[events.sack]
name = "Sack race"
sport = "fun_games"
game = "sack_race"

[[events.sack.stages]]
name = "heats"
format = "heats"
lanes = 7
through = 4

[[events.sack.stages]]
name = "ko"
format = "knockout"
rules = { measure = "pulls" }
"""


def test_a_measured_disqualification_comes_after_every_place_used(make_meet, podium):
    """One heat of seven, the best four to a knockout: Ann 10.00, Bob 11.00, Cai 12.00, Dan 13.00, Eve and Gus 14.00,
    Fay disqualified (DQ). In the knockout (Ann–Dan, Bob–Cai by seed) Bob and Cai are both absent and Ann beats Dan.

    Ann is 1st, nobody lost the final (2nd empty), Dan lost his semi-final (3rd), the other semi-final's losers hold
    no place (4th empty); Eve and Gus, out in the heats, share 5th and use places 5 and 6. Fay holds no place
    (docs/fun_games.md: DQ is listed last, without a place): she comes after all six places, at 7, not at 5 (one
    more than the four entrants placed), which Eve and Gus hold."""
    people = ["Ann", "Bob", "Cai", "Dan", "Eve", "Fay", "Gus"]
    folder = make_meet(HEATS_THEN_KNOCKOUT, "event,name,unit\n" + "".join(f"sack,{n},c{1 + i % 2}\n" for i, n in enumerate(people)))
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "sack", "--seed", "1")
    for name, time in [("Ann", "10"), ("Bob", "11"), ("Cai", "12"), ("Dan", "13"), ("Eve", "14"), ("Gus", "14")]:
        podium(folder, "perf", "sack", name, time)
    podium(folder, "perf", "sack", "Fay", "--status", "DQ")
    podium(folder, "advance", "sack", "--seed", "1")
    matches = json.loads(podium(folder, "matches", "sack", "--json").output)
    [bob_cai] = [str(m["number"]) for m in matches if set(m.get("names", ())) == {"Bob", "Cai"}]
    [(ann_dan, names)] = [(str(m["number"]), m["names"]) for m in matches if set(m.get("names", ())) == {"Ann", "Dan"}]
    podium(folder, "result", "sack", bob_cai, "-:-")
    podium(folder, "result", "sack", ann_dan, "2:0" if names[0] == "Ann" else "0:2")
    event = Meet(folder).state().event("sack")
    named = {key: entrant.name for key, entrant in event.entrants.items()}
    ranking = sportsday_final_ranking(event)
    assert ranking is not None
    assert [(p.place, p.shared, named[p.key], p.disqualified) for p in ranking] == [
        (1, False, "Ann", False), (3, False, "Dan", False), (5, True, "Eve", False), (5, True, "Gus", False),
        (7, False, "Fay", True),
    ]
