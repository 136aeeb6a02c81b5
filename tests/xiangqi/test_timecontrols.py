"""Time controls (CXA 2011 §6.1–6.5 and the local presets of docs/sources.md), the lateness limit (§20.1) and
what a score sheet prints for a match."""

from __future__ import annotations

import pytest

from podium.config.meet import parse_meet
from podium.errors import ConfigError
from podium.i18n import use_language
from podium.plugins.xiangqi.timecontrols import TimeControl, parse_time_control, time_control_problem
from podium.registry import registry

from .helpers import SPORT, individual, team, team_match


@pytest.mark.parametrize(
    ("text", "control", "description"),
    [
        ("60min+30s", TimeControl("increment", 60, 30), "60 min each plus 30 s per move (CXA 2011 §6.1)"),
        ("30/60min,10/10min", TimeControl("moves", periods=((30, 60), (10, 10))),
         "30 moves in 60 min, then 10 moves every 10 min (CXA 2011 §6.2)"),
        ("90min", TimeControl("sudden_death", 90), "90 min each for the whole game (CXA 2011 §6.3)"),
        ("15min", TimeControl("sudden_death", 15), "rapid: 15 min each for the whole game (CXA 2011 §6.4)"),
        ("16min", TimeControl("sudden_death", 16), "16 min each for the whole game (CXA 2011 §6.3)"),
        ("40/10min,30/5min", TimeControl("moves", periods=((40, 10), (30, 5))),
         "rapid: 40 moves in 10 min, then 30 moves every 5 min (CXA 2011 §6.4)"),
        ("25min+5s", TimeControl("increment", 25, 5), "25 min each plus 5 s per move (CXA 2011 §6.1)"),
        ("25分+5秒", TimeControl("increment", 25, 5), "25 min each plus 5 s per move (CXA 2011 §6.1)"),
        ("15s/move", TimeControl("per_move", seconds=15), "at most 15 s per move; exceeding it loses (15-second xiangqi rules §2)"),
        ("15秒/步", TimeControl("per_move", seconds=15), "at most 15 s per move; exceeding it loses (15-second xiangqi rules §2)"),
        ("30min, 30s/move", TimeControl("free_then_per_move", 30, 30),
         "30 min free, then at most 30 s per move; each overstep is a technical foul (college xiangqi rules §2)"),
    ],
)
def test_time_control_forms(text, control, description):
    """§6.4: "每方限时15分钟(含)以下的比赛统称为快棋赛": 15 min is rapid, 16 is not. The local presets:
    25 min + 5 s (xiangqi supplementary rules §1.3), 15 s per move (15-second xiangqi rules §2), 30 min then 30 s per move (college xiangqi rules §2)."""
    assert parse_time_control(text) == control
    assert control.describe() == description
    assert time_control_problem(text) is None


@pytest.mark.parametrize("text", ["forty minutes", "60+30", "0min", "30/0min", "0s/move", "601min"])
def test_bad_time_controls(text):
    assert time_control_problem(text) is not None


MEET = """
[meet]
name = "x"
[events.xq]
sport = "xiangqi"
format = "round_robin"
[events.xq.rules]
{rules}
"""


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ('time_control = "sixty"', "option 'time_control' cannot be \"sixty\": write it like 60min+30s"),
        ('rapid_time_control = "60min+30s"', "option 'rapid_time_control' cannot be \"60min+30s\": a rapid game has at most 15 min per side (CXA 2011 §6.4)"),
        ("late_limit = 0", "option 'late_limit' must be between 1 and 120, not 0"),
        ('rule_set = "asian"', "option 'rule_set' cannot be \"asian\"; valid values: cxa2011, cxa1999, school"),
        ('team_type = "boards"', "option 'team_type' cannot be \"boards\"; valid values: fixed, substitutes, per_match, all_play_all"),
        ("foul_limit = 4", "option 'foul_limit' cannot be 4; valid values: 2, 3"),
    ],
)
def test_options_are_validated_when_the_meet_is_read(rules, message):
    with pytest.raises(ConfigError) as caught:
        parse_meet(MEET.format(rules=rules), registry())
    assert message in caught.value.message
    assert caught.value.message.startswith("meet.toml:8: events.xq.rules.")  # the line of the option itself


def test_score_sheet_notes_print_the_rules_of_the_match():
    """CXA 2011 Art. 9: the sheet records result, time used and fouls; it shows the rules they follow."""
    assert SPORT.score_sheet_notes(individual()) == (
        "Rules: CXA rules 2011",
        "Time control: 60 min each plus 30 s per move (CXA 2011 §6.1)",
        "Lateness limit: 15 min; later is a forfeit (CXA 2011 §20.1)",
        "Foul number 3 loses the game (CXA 2011 §4.1.10)",
        "Natural move limit: 60 moves without a capture (CXA 2011 §4.2.4)",
    )


def test_score_sheet_of_a_local_knockout():
    """Xiangqi supplementary rules §1.3–1.8: 25 min + 5 s, 15 min lateness, no agreed draw before 20 moves or 20 minutes,
    a 40-move limit; a knockout match adds the lot and the tie-break (xiangqi championship regulations §9(2))."""
    ctx = individual(decisive=True, time_control="25min+5s", agreed_draw_minimum=20, move_limit=40, time_odds=5)
    assert SPORT.score_sheet_notes(ctx) == (
        "Rules: CXA rules 2011",
        "Time control: 25 min each plus 5 s per move (CXA 2011 §6.1)",
        "Time odds: black has 5 min more (CXA 2011 §6.5)",
        "Lateness limit: 15 min; later is a forfeit (CXA 2011 §20.1)",
        "Foul number 3 loses the game (CXA 2011 §4.1.10)",
        "Natural move limit: 40 moves without a capture (CXA 2011 §4.2.4)",
        "No agreed draw before 20 moves or 20 minutes; an earlier one loses for both (xiangqi supplementary rules §1.6)",
        "Colours drawn by lot (CXA 2011 §12.4)",
        "If level: 1 rapid game, rapid: 15 min each for the whole game (CXA 2011 §6.4) (xiangqi championship regulations §9(2))",
        "Then an armageddon game: a draw counts as a win for black (xiangqi championship regulations §9(2))",
    )


def test_score_sheet_of_a_school_team_match():
    ctx = team_match(team("A", ["a", "b", "c", "d", "e"]), team("B", ["f", "g", "h", "i", "j"]),
                     rule_set="school", boards=5, time_control="15s/move", games=2)
    notes = SPORT.score_sheet_notes(ctx)
    assert "Time control: at most 15 s per move; exceeding it loses (15-second xiangqi rules §2)" in notes
    assert "Foul number 3 loses the game (15-second xiangqi rules §4(6); college xiangqi rules §4(4))" in notes
    assert not any("move limit" in n for n in notes)  # the school rules have none
    assert "2 games per match, colours swap every game (CXA 2011 §12.4)" in notes
    assert "Team type: fixed boards (CXA 2011 §11.1); the first-listed team has red on odd boards (CXA 2011 §12.2)" in notes


def test_score_sheet_in_chinese():
    with use_language("zh"):
        notes = SPORT.score_sheet_notes(individual())
    assert notes[0] == "规则：中国象棋竞赛规则（2011）"
