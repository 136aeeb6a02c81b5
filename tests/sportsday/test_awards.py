"""Award schemes from a final ranking, worked by hand from the event plans (docs/sources.md)."""

from __future__ import annotations

import pytest

from podium.model.entrants import Entrant, EntrantKind, Person
from podium.sportsday.awards import AwardScheme, Band, Placed, award_places, give_awards, recipients
from tests.sportsday.helpers import config_problems, meet


def ranking(*places: int | str, dq: tuple[str, ...] = ()) -> list[Placed]:
    """Entrants e1, e2, … at the given places (a place given twice is shared)."""
    values = [int(p) for p in places]
    return [
        Placed(f"e{n}", place, values.count(place) > 1, f"e{n}" in dq) for n, place in enumerate(values, start=1)
    ]


def scheme(text: str) -> AwardScheme:
    return meet(f'[events.x]\nsport = "table_tennis"\n[events.x.awards]\n{text}\n').events["x"].awards


def summary(awards):
    return [(a.entrant, a.place, a.title.zh, a.title.en, a.medal) for a in awards]


def test_top_three_by_place_name_is_the_default():
    assert summary(give_awards("x", ranking(1, 2, 3, 4), AwardScheme())) == [
        ("e1", 1, "冠军", "Champion", "gold"),
        ("e2", 2, "亚军", "Runner-up", "silver"),
        ("e3", 3, "季军", "Third place", "bronze"),
    ]


def test_champions_only_seed_002_l241():
    assert summary(give_awards("x", ranking(1, 2, 3), scheme("places = 1\nmedals = 1"))) == [("e1", 1, "冠军", "Champion", "gold")]


def test_top_four_with_a_joint_third_seed_002_l549():
    """Semi-final losers share 3rd: both are 季军 with bronze, and nobody is 殿军 (place 4 is covered by the tie)."""
    awards = give_awards("x", ranking(1, 2, 3, 3, 5), scheme("places = 4"))
    assert summary(awards) == [
        ("e1", 1, "冠军", "Champion", "gold"),
        ("e2", 2, "亚军", "Runner-up", "silver"),
        ("e3", 3, "季军", "Third place", "bronze"),
        ("e4", 3, "季军", "Third place", "bronze"),
    ]
    assert [a.shared for a in awards] == [False, False, True, True]


def test_grades_one_two_three_teams_seed_002_l449():
    """Ball-on-racket relay: 1 team first, 2 teams second, 3 teams third; the 7th team gets nothing."""
    awards = give_awards("x", ranking(1, 2, 3, 4, 5, 6, 7), scheme("grades = [1, 2, 3]\nmedals = 0"))
    assert [(a.entrant, a.title.zh, a.title.en, a.medal) for a in awards] == [
        ("e1", "一等奖", "1st prize", None),
        ("e2", "二等奖", "2nd prize", None), ("e3", "二等奖", "2nd prize", None),
        ("e4", "三等奖", "3rd prize", None), ("e5", "三等奖", "3rd prize", None), ("e6", "三等奖", "3rd prize", None),
    ]


def test_bands_of_3_9_12_seed_002_l393():
    """Plan 4: 1st prize ×3, 2nd ×9, 3rd ×12 — the 24 players of round 2; a 25th receives nothing."""
    awards = give_awards("x", ranking(*range(1, 26)), scheme("grades = [3, 9, 12]"))
    levels = [a.level for a in awards]
    assert (levels.count(1), levels.count(2), levels.count(3), len(awards)) == (3, 9, 12, 24)
    assert awards[3].title.zh == "二等奖" and awards[12].title.zh == "三等奖"


def test_a_tie_across_a_band_boundary_gets_the_better_award():
    """Grades [1, 2, 3] cover places 1 | 2–3 | 4–6. Two sharing 1st are both first prize; the next is 3rd,
    so second prize; then places 4, 5, 6 third prize."""
    awards = give_awards("x", ranking(1, 1, 3, 4, 5, 6), scheme("grades = [1, 2, 3]"))
    assert [(a.entrant, a.level) for a in awards] == [("e1", 1), ("e2", 1), ("e3", 2), ("e4", 3), ("e5", 3), ("e6", 3)]


def test_square_dance_prizes_for_1_to_6_and_excellence_for_7_to_16_seed_003_l8():
    awards = give_awards("x", ranking(*range(1, 17)), scheme("grades = [1, 2, 3]\nexcellence = [7, 16]"))
    assert [a.title.zh for a in awards] == ["一等奖"] + ["二等奖"] * 2 + ["三等奖"] * 3 + ["优秀奖"] * 10
    assert awards[-1].title.en == "Excellence award"


def test_places_and_commemorative_awards_seed_002_l601():
    """Men: ranks 1–3 awarded, 4th–8th commemorative (纪念奖); quarter-final losers share 5th."""
    awards = give_awards("x", ranking(1, 2, 3, 4, 5, 5, 5, 5, 9), scheme("places = 3\ncommemorative = [4, 8]"))
    assert [(a.entrant, a.place, a.title.zh) for a in awards] == [
        ("e1", 1, "冠军"), ("e2", 2, "亚军"), ("e3", 3, "季军"),
        ("e4", 4, "纪念奖"), ("e5", 5, "纪念奖"), ("e6", 5, "纪念奖"), ("e7", 5, "纪念奖"), ("e8", 5, "纪念奖"),
    ]


def test_participation_for_everyone_else():
    awards = give_awards("x", ranking(1, 2, 3, 4, 5), scheme("places = 2\nparticipation = true"))
    assert [a.title.en for a in awards] == ["Champion", "Runner-up", "Participation award", "Participation award", "Participation award"]


def test_disqualified_receive_nothing_and_those_below_move_up_seed_004_l360():
    """e1 (1st) disqualified: e2 becomes champion, e3 runner-up, e4 third."""
    awards = give_awards("x", ranking(1, 2, 3, 4, dq=("e1",)), AwardScheme())
    assert summary(awards) == [("e2", 1, "冠军", "Champion", "gold"), ("e3", 2, "亚军", "Runner-up", "silver"), ("e4", 3, "季军", "Third place", "bronze")]


def test_vacate_leaves_the_disqualified_place_empty():
    awards = give_awards("x", ranking(1, 2, 3, 4, dq=("e2",)), scheme("places = 3\ndisqualified = \"vacate\""))
    assert summary(awards) == [("e1", 1, "冠军", "Champion", "gold"), ("e3", 3, "季军", "Third place", "bronze")]


def test_moving_up_keeps_ties_together():
    """Places 1, 2, 2, 4 with the leader disqualified: the two who shared 2nd now share 1st; the 4th becomes 3rd."""
    assert [(p.key, p.place, p.shared) for p in award_places(ranking(1, 2, 2, 4, dq=("e1",)))] == [
        ("e2", 1, True), ("e3", 1, True), ("e4", 3, False)
    ]


def test_a_team_award_goes_to_each_member_seed_002_l461():
    team = Entrant("7", "relay", EntrantKind.TEAM, "Class 1", (Person("A"), Person("B"), Person("C", reserve=True)))
    solo = Entrant("8", "relay", EntrantKind.INDIVIDUAL, "D", (Person("D"),))
    [first, second] = give_awards("relay", [Placed("7", 1), Placed("8", 2)], AwardScheme())
    assert recipients(first, {"7": team, "8": solo}) == ("A", "B", "C")
    assert recipients(second, {"7": team, "8": solo}) == ("D",)


def test_band_titles_beyond_the_named_ones():
    assert Band("place", 1, 10).title(7).zh == "第 7 名" and Band("place", 1, 10).title(7).en == "Place 7"
    assert Band("grade", 1, 1, 6).title(1).zh == "6 等奖"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("places = 4\ncommemorative = [4, 8]", "events.x.awards.commemorative: places 4–8 overlap the places of 'places'; give each place one award"),
        ("grades = [0, 2]", "events.x.awards.grades: must be a list of how many receive each prize grade, like [1, 2, 3], not [0, 2]"),
        ("disqualified = \"keep\"", "events.x.awards.disqualified: must be one of move_up, vacate, not \"keep\""),
    ],
)
def test_bad_schemes_are_refused(text, message):
    [found] = config_problems(f'[events.x]\nsport = "table_tennis"\n[events.x.awards]\n{text}\n')
    assert found.split(": ", 1)[1] == message
