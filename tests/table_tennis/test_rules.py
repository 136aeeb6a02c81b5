"""Rules per event, stage and round, and the rules of play printed on the score sheet.

Best of N is set per stage or round (table-tennis plan 2 §5.3, plan 7 §4: best of 5 in the
groups, best of 7 in the final). Ends, service, time-outs and rest
are printed for the umpire, not validated point by point.
"""

from __future__ import annotations

import pytest

from podium.config.meet import parse_meet
from podium.errors import ConfigError, ResultError
from podium.model.entrants import EntrantKind
from podium.model.matches import MatchContext
from podium.registry import registry

from .helpers import SPORT, ctx, player, rules, team, team_ctx

TOML = """
[meet]
name = "Club championship"

[events.ms]
sport = "table_tennis"

[events.ms.rules]
best_of = 3

[[events.ms.stages]]
name = "groups"
format = "round_robin"

[[events.ms.stages]]
name = "finals"
format = "round_robin"
rules = { best_of = 5 }
round_rules = { final = { best_of = 7 } }
"""


def context(stage: int, round_name: str | None) -> MatchContext:
    event = parse_meet(TOML, registry()).event("ms")
    return MatchContext(event="ms", rules=event.rules_for(event.stages[stage], round_name), sides=(player("Ann"), player("Bea")))


def test_best_of_per_event_stage_and_round():
    """Event best of 3 < stage best of 5 < final best of 7 (table-tennis plan 7 §4: groups Bo5, final Bo7)."""
    four_three = "5-11 5-11 5-11 11-5 11-5 11-5 11-5"
    assert SPORT.outcome(SPORT.parse_result(four_three, context(1, "final")), context(1, "final")).stats["games"] == (4, 3)
    with pytest.raises(ResultError, match="best-of-5 match was already decided 0-3 after game 3"):
        SPORT.parse_result(four_three, context(1, "semifinal"))
    with pytest.raises(ResultError, match="best-of-3 match was already decided 0-2 after game 2"):
        SPORT.parse_result(four_three, context(0, None))


def test_round_rules_are_checked_like_any_rule():
    bad = TOML.replace("final = { best_of = 7 }", "final = { best_of = 4 }")
    with pytest.raises(ConfigError) as error:
        parse_meet(bad, registry())
    assert "round_rules.final.best_of: option 'best_of' cannot be 4; valid values: 1, 3, 5, 7" in error.value.message


def test_sheet_notes_by_default():
    """ITTF defaults: 11 points, service every 2 (every point from 10-10), ends at 5, 1-minute rest and time-out."""
    fields = SPORT.score_sheet_fields(ctx())
    assert (fields["kind"], fields["best_of"], fields["game_points"]) == ("individual", 5, 11)
    assert fields["notes"] == [
        "Games to 11; at 10-10 the first to lead by 2 points wins (ITTF 2.11.1).",
        "Best of 5: the first to win 3 games wins the match (ITTF 2.12).",
        "Service changes every 2 points, and every point from 10-10 (ITTF 2.13.3).",
        "Ends change after each game and when a side first reaches 5 points in the last possible game (ITTF 2.13.6).",
        "Rest between games: up to 60 seconds (ITTF 3.4.4.1).",
        "Time-outs: 1 per match for each side, up to 60 seconds each (ITTF 3.4.4.2).",
        "The expedite system starts after 10 minutes of a game unless both sides have at least 9 points (ITTF 2.15).",
        "A side more than 10 minutes late loses by walkover (recorded as a walkover, not as 11:0 games).",
    ]


def test_sheet_notes_of_a_local_event():
    """Table-tennis plan 2 §6.5: service every 5 (every 2 from 10-10, (2)), one 30-second time-out per game and a 2-minute rest ((4))."""
    notes = SPORT.score_sheet_fields(
        ctx(service="5-2", timeout_per="game", timeout_seconds=30, rest_seconds=120, expedite=False, end_change_at=0, lateness_minutes=10)
    )["notes"]
    assert "Service changes every 5 points, and every 2 points from 10-10 (local rule, table-tennis plan 2 §6.5(2))." in notes
    assert "Time-outs: 1 per game for each side, up to 30 seconds each (ITTF 3.4.4.2)." in notes
    assert "Rest between games: up to 120 seconds (ITTF 3.4.4.1)." in notes
    assert "Ends change after each game." in notes
    assert not any("expedite" in n for n in notes)


def test_sheet_fields_of_a_team_tie():
    fields = SPORT.score_sheet_fields(team_ctx())
    assert fields["tie"] == {
        "order": [
            {"number": 1, "label": "A–X", "doubles": False},
            {"number": 2, "label": "B–Y", "doubles": False},
            {"number": 3, "label": "C+A/B–Z+X/Y", "doubles": True},
            {"number": 4, "label": "A/B–Z", "doubles": False},
            {"number": 5, "label": "C–X/Y", "doubles": False},
        ],
        "letters": ["ABC", "XYZ"],
        "majority": 3,
        "play_all_rubbers": False,
    }
    assert "Tie order: A–X, B–Y, C+A/B–Z+X/Y, A/B–Z, C–X/Y; the tie ends when a team has won 3 rubbers." in fields["notes"]
    assert "The doubles pair is named after rubber 2; an A/B or X/Y player who plays the doubles plays no later singles (table-tennis rules summary §5 (5))." in fields["notes"]


def test_21_point_games():
    """Old-style events: games to 21, deuce at 20-20 (ITTF 2.11.1 with the target 21)."""
    fields = SPORT.score_sheet_fields(ctx(game_points=21))
    assert fields["notes"][0] == "Games to 21; at 20-20 the first to lead by 2 points wins (ITTF 2.11.1)."
    assert SPORT.parse_result("21-19 23-21 21-0", ctx(game_points=21)).games == ((21, 19), (23, 21), (21, 0))


def test_result_examples_follow_the_rules():
    """The examples shown in help are themselves valid results under the rules they are shown for."""
    for kind, given in [(EntrantKind.INDIVIDUAL, {"best_of": 1}), (EntrantKind.INDIVIDUAL, {"best_of": 7, "games_only": True}),
                        (EntrantKind.PAIR, {"best_of": 3}), (EntrantKind.TEAM, {}), (EntrantKind.TEAM, {"tie": "five_singles", "best_of": 1})]:
        context = team_ctx(**given) if kind is EntrantKind.TEAM else ctx(kind, **given)
        for example in SPORT.result_examples(context):
            generic = MatchContext(event="ev", rules=rules(kind, **given), sides=context.sides)
            if kind is EntrantKind.TEAM and "=" in example:
                names = [n.split("=")[1] for part in example.split(";")[:2] for n in part.split()]
                sides = (team("One", *names[:3]), team("Two", *names[3:6]))
                generic = MatchContext(event="ev", rules=generic.rules, sides=sides)
            SPORT.parse_result(example, generic)
