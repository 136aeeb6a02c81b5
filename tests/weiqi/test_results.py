"""Every spelling of a weiqi game result, its canonical text and its outcome.

Ann is listed first (side 0) and plays Black unless the result says otherwise; the default
komi is 3¾ stones on 19×19, so Black needs more than 184¼ (Weiqi 2002 Art. 9, 11).
Scoring is Art. 27: win 2, draw 1, loss 0.
"""

from __future__ import annotations

import pytest

from podium.errors import ResultError
from podium.model.outcomes import OutcomeKind
from podium.model.scoring import PRESETS

POINTS = PRESETS["2-1-0"]


@pytest.mark.parametrize(
    ("text", "canonical", "winner"),
    [
        ("B+R", "B+R", 0),  # resignation (中盘认输, Art. 7.2)
        ("w+r", "W+R", 1),
        ("B+Resign", "B+R", 0),
        ("黑中盘胜", "B+R", 0),
        ("白中盘胜", "W+R", 1),
        ("W+T", "W+T", 1),  # time (包干用时制 超时判负, Art. 12.4)
        ("b+time", "B+T", 0),
        ("白超时胜", "W+T", 1),
        ("B+3.5", "B+3.5", 0),  # 3.5 points = 1¾ stones: count 180.5 + 3.75 + 1.75 = 186
        ("W+0.5", "W+0.5", 1),
        ("黑胜3/4子", "B+1.5", 0),  # ¾ stone = 1.5 points (Art. 11 wording)
        ("黑胜3又3/4子", "B+7.5", 0),  # 3¾ stones = 7.5 points: count 188
        ("B+¾子", "B+1.5", 0),
        ("白胜1/4子", "W+0.5", 1),
        ("B185", "B185 (B+1.5)", 0),
        ("黑185子", "B185 (B+1.5)", 0),
        ("黑184½", "B184.5 (B+0.5)", 0),
        ("Ｂ１８５", "B185 (B+1.5)", 0),  # full-width input
        ("W176", "B185 (B+1.5)", 0),  # White's 176 is Black's 361 − 176 = 185
        ("白176.5子", "B184.5 (B+0.5)", 0),
        ("B185 (B+1.5)", "B185 (B+1.5)", 0),  # the agreed result, checked
        ("B185 (黑胜3/4子)", "B185 (B+1.5)", 0),
        ("B+F", "B+F", 0),  # forfeit by colour (Art. 22)
    ],
)
def test_spellings(weiqi, context, text, canonical, winner):
    ctx = context()
    result = weiqi.parse_result(text, ctx)
    assert weiqi.format_result(result, ctx) == canonical
    assert weiqi.parse_result(canonical, ctx) == result
    assert weiqi.outcome(result, ctx).winner == winner


def test_played_game_counters(weiqi, context):
    """Ann (Black) resigns to Bo: Bo wins as White, the second mover (Art. 2.3 "黑先白后").
    second_games counts games with White for each side; Ann moved first."""
    ctx = context()
    outcome = weiqi.outcome(weiqi.parse_result("W+R warn:B", ctx), ctx)
    assert outcome.kind is OutcomeKind.PLAYED
    assert outcome.first_mover == 0
    assert outcome.stats["game_wins"] == (0, 1)
    assert outcome.stats["second_games"] == (0, 1)
    assert outcome.stats["second_wins"] == (0, 1)
    assert outcome.stats["warnings"] == (1, 0)
    assert POINTS.winner_points(outcome) == (0, 2)


def test_black_is_the_second_named_side(weiqi, context):
    """black:2 — Bo played Black: B+R is Bo's win, Bo moved first, Ann played White."""
    ctx = context()
    result = weiqi.parse_result("B+R black:2", ctx)
    outcome = weiqi.outcome(result, ctx)
    assert (outcome.winner, outcome.first_mover, outcome.stats["second_games"]) == (1, 1, (1, 0))
    assert weiqi.format_result(result, ctx) == "B+R black:2"
    assert weiqi.format_result(weiqi.parse_result("B+R black:1", ctx), ctx) == "B+R"


def test_entered_in_reverse_order_keeps_the_match_colours(weiqi, context):
    """Colours belong to the match (Art. 10: set by the draw or by nigiri), not to the order
    the names are typed in. Typed as "Bo Ann W+R", Ann (listed first) is still Black, so White
    = Bo won. Only an explicit colour follows the typed order: "Bo Ann W+R black:1" says Bo
    had Black, so Ann won as White and the stored text says black:2."""
    ctx = context()
    typed = context()  # the sport reads the text from the first-named side, then mirrors it
    result = weiqi.mirror(weiqi.parse_result("W+R", typed), ctx)
    assert weiqi.format_result(result, ctx) == "W+R"
    assert weiqi.outcome(result, ctx).winner == 1
    explicit = weiqi.mirror(weiqi.parse_result("W+R black:1", typed), ctx)
    assert weiqi.format_result(explicit, ctx) == "W+R black:2"
    assert weiqi.outcome(explicit, ctx).winner == 0


@pytest.mark.parametrize(
    ("text", "kind", "points"),
    [
        ("Draw:ruling", OutcomeKind.PLAYED, (1, 1)),  # 判和, Art. 17.5(3), 17.6(1)
        ("判和", OutcomeKind.PLAYED, (1, 1)),
        ("both-lose", OutcomeKind.BOTH_LOSE, (0, 0)),  # 双方均负, Art. 17.5(5), 22.3, 23.1
        ("双方负", OutcomeKind.BOTH_LOSE, (0, 0)),
        ("Void", OutcomeKind.NO_RESULT, (0, 0)),  # 无胜负
        ("无胜负", OutcomeKind.NO_RESULT, (0, 0)),
        ("Cycle", OutcomeKind.NO_RESULT, (0, 0)),  # Art. 20.3, default cycles = no_result
        ("+:-", OutcomeKind.FORFEIT, (2, 0)),  # Art. 22: late beyond the limit loses
        ("-:+", OutcomeKind.FORFEIT, (0, 2)),
        ("-:-", OutcomeKind.DOUBLE_FORFEIT, (0, 0)),  # Art. 22.3: both late, both lose
    ],
)
def test_outcomes_without_a_winner_by_count(weiqi, context, text, kind, points):
    ctx = context()
    outcome = weiqi.outcome(weiqi.parse_result(text, ctx), ctx)
    assert outcome.kind is kind
    assert POINTS.winner_points(outcome) == points


def test_draw_where_the_komi_allows_it(weiqi, context):
    """With 3¾ komi no count is level (Art. 11), so a plain Draw is refused and points to the
    arbiter's ruling; with komi 3½ (a half-stone komi) 184 is exactly level."""
    with pytest.raises(ResultError, match="no count is level, so the game cannot end in a draw"):
        weiqi.parse_result("Draw", context())
    ctx = context(komi=3.5)
    assert weiqi.outcome(weiqi.parse_result("和", ctx), ctx).is_draw
    assert weiqi.format_result(weiqi.parse_result("B184", ctx), ctx) == "B184 (Draw)"


@pytest.mark.parametrize(("cycles", "kind"), [("no_result", OutcomeKind.NO_RESULT), ("draw", OutcomeKind.PLAYED)])
def test_cycle_option(weiqi, context, cycles, kind):
    """Art. 20.3: competition rules may make a cycle no result (无胜负) or a draw (和棋)."""
    ctx = context(cycles=cycles)
    outcome = weiqi.outcome(weiqi.parse_result("循环", ctx), ctx)
    assert outcome.kind is kind and outcome.winner is None


def test_cycle_forbidden_or_replayed(weiqi, context):
    """cycles = forbidden: the repeating move is illegal (Art. 6, 20), so no game ends in a cycle.
    cycles = replay (加赛): the replayed game's result is what counts."""
    with pytest.raises(ResultError, match="forbids whole-board repetition"):
        weiqi.parse_result("Cycle", context(cycles="forbidden"))
    ctx = context(cycles="replay")
    with pytest.raises(ResultError, match="write the result of the replayed game, e.g. 'replay B\\+R'"):
        weiqi.parse_result("Cycle", ctx)
    result = weiqi.parse_result("replay W+3.5", ctx)
    assert weiqi.format_result(result, ctx) == "replay W+3.5"
    assert weiqi.outcome(result, ctx).winner == 1


def test_replay_needs_the_replayed_result(weiqi, context):
    """重赛 (Art. 17.5(4), 17.6(2)) is not a result until the replay is played."""
    with pytest.raises(ResultError, match="A replay \\(重赛\\) is not a result yet"):
        weiqi.parse_result("replay", context())
    with pytest.raises(ResultError, match="'replay' must come first"):
        weiqi.parse_result("B+R replay", context())
    assert weiqi.format_result(weiqi.parse_result("重赛 黑185", context()), context()) == "replay B185 (B+1.5)"


def test_forfeit_by_colour_respects_colours(weiqi, context):
    """B+F with black:2: Bo had Black and Ann did not turn up: Bo wins by forfeit."""
    ctx = context()
    outcome = weiqi.outcome(weiqi.parse_result("B+F black:2", ctx), ctx)
    assert (outcome.kind, outcome.winner) == (OutcomeKind.FORFEIT, 1)


def test_handicap_games(weiqi, context):
    """With handicap = true, H4: no komi, Black gives back half a stone per handicap stone (2
    stones): 183 − 180.5 − 2 = +½ → B+1; 182.5 is exactly level, a draw."""
    ctx = context(handicap=True)
    assert weiqi.format_result(weiqi.parse_result("H4 B183", ctx), ctx) == "H4 B183 (B+1)"
    assert weiqi.outcome(weiqi.parse_result("让4子 B182.5", ctx), ctx).is_draw
    plain = context(handicap=True, handicap_compensation="none")
    assert weiqi.format_result(weiqi.parse_result("H4 B181", plain), plain) == "H4 B181 (B+1)"


@pytest.mark.parametrize(
    ("text", "rules", "message"),
    [
        ("H4 B183", {}, "'H4': this event has no handicap games.$"),
        ("H1 B183", {"handicap": True}, "a handicap is 2 to 9 stones"),
        ("H10 B183", {"handicap": True}, "a handicap is 2 to 9 stones"),
    ],
)
def test_handicap_refused(weiqi, context, text, rules, message):
    with pytest.raises(ResultError, match=message):
        weiqi.parse_result(text, context(**rules))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "The result is empty; write e.g. B+R, W+T, B+3.5 or Black's count B185."),
        ("B+3", "'B+3' is impossible with area counting on 19×19 when Black gives back 3¾ stones: Black's count would be 185.75"),
        ("B+400.5", "Black's count would be 384.5, but counts go in half stones from 0 to 361"),
        ("B+0", "'B+0': a margin of 0 is a draw; write Draw."),
        ("B184.25", "'B184.25': a count is a whole or half number of stones from 0 to 361"),
        ("B362", "from 0 to 361"),
        ("B+X", "'B+X' is not part of a weiqi result"),
        ("B+R W+T", "'W+T': a game ends only once, and 'B+R' already says how."),
        ("warn:B", "The result does not say how the game ended"),
        ("B185 (B+0.5)", "By the count Black wins by ¾ stone (B+1.5), not B+0.5"),
        ("B185 warn:B (B+1.5)", "By the count White wins by ¼ stone (W+0.5), not B+1.5"),
        ("B185 (Black)", "'(Black)' is not a result"),
        ("B185 (B+1.5) (B+1.5)", "give the agreed result in brackets only once"),
        ("B185 (B+1.5", "A bracket is not closed"),
        ("B+R (B+R)", "A result in brackets checks a count or a margin"),
        ("B+R black:1 black:2", "'black:2' contradicts the colours given before it."),
        ("B+R black:3", "'black:3' is not part of a weiqi result"),
        ("B+R, W+R", "An individual game has one result; commas separate boards only in team matches."),
    ],
)
def test_refused(weiqi, context, text, message):
    with pytest.raises(ResultError) as refused:
        weiqi.parse_result(text, context())
    assert message in refused.value.message


def test_margins_follow_the_komi_parity(weiqi, context):
    """With 3¾ komi a margin in points is a whole number plus ½ (counts are half stones, so
    2·count − 368.5); with no komi it is a whole number (2·count − 361)."""
    ctx = context(komi=0)
    assert weiqi.outcome(weiqi.parse_result("B+3", ctx), ctx).winner == 0
    with pytest.raises(ResultError, match="Black's count would be 182.25"):
        weiqi.parse_result("B+3.5", ctx)


def test_result_examples_are_valid(weiqi, context):
    """The examples the sport offers in help and messages are themselves valid results."""
    for team in (False, True):
        ctx = context(team=team)
        for text in weiqi.result_examples(ctx):
            weiqi.parse_result(text, ctx)
