"""One xiangqi game: every spelling of a result, the reasons of CXA 2011 §4.1/§4.2 per rule set,
fouls (§4.1.10), the natural move limit (§4.2.4), forfeits (§20) and the local early-draw rule (xiangqi supplementary rules §1.6).

In these matches "Red" is listed first, so Red plays red (CXA 2011 §12.1) and every score is
read from Red's side: 1-0 = Red won.
"""

from __future__ import annotations

import pytest

from podium.errors import ResultError
from podium.model.outcomes import OutcomeKind

from .helpers import SPORT, canonical, individual, outcome, parse

# --- spellings ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1-0", "1-0"), ("1:0", "1-0"), ("１－０", "1-0"), ("红胜", "1-0"), ("黑负", "1-0"),
        ("0-1", "0-1"), ("0:1", "0-1"), ("０：１", "0-1"), ("黑胜", "0-1"), ("红负", "0-1"),
        ("=", "="), ("½-½", "="), ("1/2-1/2", "="), ("0.5-0.5", "="), ("和", "="), ("和棋", "="), ("＝", "="),
    ],
)
def test_every_spelling_of_win_loss_and_draw(text, expected):
    """The brief's spellings: 1-0, 0-1, ½-½ / = / 1/2-1/2, 红胜, 黑胜, 和 (plus full-width forms).
    Red is the first-named side here (CXA 2011 §12.1), so 红胜 = 1-0 and 黑胜 = 0-1."""
    assert canonical(text, individual()) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1-0 checkmate", "1-0 checkmate"),
        ("1-0 将死", "1-0 checkmate"),
        ("红胜 将死", "1-0 checkmate"),
        ("红胜将死", "1-0 checkmate"),  # no space between score and reason
        ("红胜（困毙）", "1-0 stalemate"),  # CXA 2011 §4.1.2: stalemate is a loss for the stalemated side
        ("红胜，将死", "1-0 checkmate"),
        ("黑胜：超时", "0-1 time"),
        ("1-0, fouls=0:1 checkmate", "1-0 checkmate fouls=0:1"),
        ("0-1 time", "0-1 time"),
        ("0-1 超时", "0-1 time"),
        ("黑胜 长将", "0-1 perpetual"),
        ("1-0 resign", "1-0 resign"),
        ("1-0 认输", "1-0 resign"),
        ("0-1 illegal", "0-1 illegal"),
        ("1-0 自杀", "1-0 self-check"),
        ("0-1 must-vary", "0-1 must-vary"),
        ("1-0 clock", "1-0 clock"),
        ("1-0 false-claim", "1-0 false-claim"),
        ("0-1 违纪", "0-1 discipline"),
        ("= agreed", "= agreed"),
        ("和 议和", "= agreed"),
        ("= dead", "= dead"),
        ("= repetition", "= repetition"),
        ("= 不变作和", "= repetition"),
        ("= 60", "= move-limit"),
        ("= 自然限着", "= move-limit"),
        ("1-0 Checkmate", "1-0 checkmate"),
    ],
)
def test_results_with_a_reason(text, expected):
    """CXA 2011 §4.1.1–4.1.13 (losses) and §4.2.1–4.2.4 (draws), English or Chinese."""
    assert canonical(text, individual()) == expected


def test_reason_is_stored_and_fits_the_score():
    game = parse("0-1 time", individual()).games[0]
    assert (game.winner, game.reason) == (1, "time")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("= checkmate", "'checkmate' is a way to lose (CXA 2011 §4.1.1), but the score is a draw"),
        ("1-0 agreed", "'agreed' ends a game in a draw (CXA 2011 §4.2.1), but the score has a winner; write = agreed."),
        ("1-0 checkmate time", "Give one reason per game, not 'checkmate' and 'time'."),
        ("1-0 banana", "'banana' is not part of a xiangqi result"),
        ("2-0", "'2-0' is not the result of a game; write each game as 1-0, 0-1 or ="),
        ("1-1", "'1-1' is not the result of a game"),
        ("", "The result is empty"),
        ("checkmate", "'checkmate' cannot stand here; a result is its games in order, e.g. '1-0 checkmate'"),
        ("red=1", "The result has no game"),
        ("1-0 0-1", "This event plays one game per match, but the result has 2"),
    ],
)
def test_impossible_results_are_refused_with_the_rule(text, message):
    with pytest.raises(ResultError) as caught:
        parse(text, individual())
    assert message in caught.value.message


# --- rule sets --------------------------------------------------------------------------------------


def test_rule_sets_know_different_ways_to_lose():
    """CXA 2011 §4.1.9 (clock pressed twice) and §4.1.11 (second false move-limit claim) are new in
    2011: the 1999 list (CXA 1999 §4.1) has neither. The school rules (15-second xiangqi rules §4) add a wrong
    sealed move and have no natural move limit and no illegal-move loss."""
    assert canonical("1-0 clock", individual(rule_set="cxa2011")) == "1-0 clock"
    with pytest.raises(ResultError, match=r"'clock' \(clock pressed twice without a move\) is not a way a game ends under the CXA rules 1999"):
        parse("1-0 clock", individual(rule_set="cxa1999"))
    with pytest.raises(ResultError, match="not a way a game ends under the CXA rules 1999"):
        parse("1-0 false-claim", individual(rule_set="cxa1999"))
    assert canonical("1-0 perpetual", individual(rule_set="cxa1999")) == "1-0 perpetual"  # CXA 1999 §24.1
    assert canonical("0-1 sealed", individual(rule_set="school")) == "0-1 sealed"
    with pytest.raises(ResultError, match="under the CXA rules 2011"):
        parse("0-1 sealed", individual())
    with pytest.raises(ResultError) as caught:
        parse("= move-limit", individual(rule_set="school"))
    assert caught.value.message.endswith("its reasons for a draw are: agreed, dead, repetition.")
    with pytest.raises(ResultError, match="under the simplified school rules"):
        parse("1-0 illegal", individual(rule_set="school"))


# --- fouls (CXA 2011 §4.1.10, §8) ------------------------------------------------------------------


def test_fouls_and_warnings_are_recorded_per_side():
    """fouls=1:2 → Red 1 foul, Black 2 (below the limit of 3, so the game goes on to its result);
    warnings=0:1 → Black was warned once (CXA 2011 §18.1)."""
    result = outcome("1-0 checkmate fouls=1:2 warnings=0:1", individual())
    assert result.stats["fouls"] == (1, 2)
    assert result.stats["warnings"] == (0, 1)


def test_third_foul_loses_the_game():
    """CXA 2011 §4.1.10: "三次犯规" is a loss. Written as the reason (the loser's 3 fouls are then
    recorded) or as the count (the reason is then fouls)."""
    assert canonical("1-0 fouls", individual()) == "1-0 fouls=0:3"
    assert canonical("1-0 三次犯规", individual()) == "1-0 fouls=0:3"
    assert canonical("1-0 fouls=0:3", individual()) == "1-0 fouls=0:3"
    assert parse("1-0 fouls=1:3", individual()).games[0].reason == "fouls"
    assert outcome("0-1 fouls", individual()).stats["fouls"] == (3, 0)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("= fouls=3:0", "Red has 3 fouls, which loses the game (CXA 2011 §4.1.10); the result must be a loss for Red."),
        ("1-0 fouls=3:0", "Red has 3 fouls, which loses the game (CXA 2011 §4.1.10); the result must be a loss for Red."),
        ("1-0 checkmate fouls=0:3", "Black lost at foul number 3 (CXA 2011 §4.1.10), so the reason is fouls, not 'checkmate'."),
        ("1-0 fouls=0:4", "Black has 4 fouls, but the game ends at foul number 3 (CXA 2011 §4.1.10)."),
        ("1-0 fouls=3:3", "Both sides have 3 fouls, but the game ends at the first side's foul number 3 (CXA 2011 §4.1.10)."),
        ("1-0 fouls fouls=0:2", "A loss by fouls needs 3 fouls for Black, but fouls=0:2 gives 2 (CXA 2011 §4.1.10)."),
        ("1-0 fouls=1", "'fouls=1' needs two counts, first-named side first, e.g. fouls=1:0."),
    ],
)
def test_a_result_that_contradicts_the_fouls_is_refused(text, message):
    with pytest.raises(ResultError) as caught:
        parse(text, individual())
    assert caught.value.message == message


def test_local_rules_lose_at_the_second_foul():
    """College xiangqi rules §4(4) ("同一局棋技术犯规两次判负") and xiangqi supplementary rules §3(2).2: foul_limit = 2."""
    ctx = individual(foul_limit=2)
    assert canonical("1-0 fouls", ctx) == "1-0 fouls=0:2"
    with pytest.raises(ResultError, match=r"Black has 3 fouls, but the game ends at foul number 2 \(CXA 2011 §4.1.10\)"):
        parse("1-0 fouls=0:3", ctx)


def test_fouls_cite_the_rule_of_the_rule_set():
    """CXA 1999 numbers the three-foul loss §4.1.8."""
    with pytest.raises(ResultError, match=r"\(CXA 1999 §4.1.8\)"):
        parse("= fouls=0:3", individual(rule_set="cxa1999"))


# --- natural move limit (CXA 2011 §4.2.4) ------------------------------------------------------------


def test_move_limit_can_be_lowered_and_is_named_by_its_number():
    """§4.2.4: 60 moves without a capture, "可根据比赛等级酌减"; xiangqi supplementary rules §1.8 plays 40."""
    assert canonical("= 40", individual(move_limit=40)) == "= move-limit"
    with pytest.raises(ResultError, match="the natural move limit, which is 60 moves in this event"):
        parse("= 40", individual())
    with pytest.raises(ResultError, match=r"needs 60 moves without a capture \(CXA 2011 §4.2.4\); this game lasted 45 moves"):
        parse("= 60 moves=45", individual())
    assert canonical("= 60 moves=75", individual()) == "= move-limit moves=75"


# --- forfeits (CXA 2011 §20) --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected", "kind", "winner"),
    [
        ("+:-", "+:-", OutcomeKind.FORFEIT, 0),
        ("+-", "+:-", OutcomeKind.FORFEIT, 0),
        ("＋：－", "+:-", OutcomeKind.FORFEIT, 0),
        ("-:+", "-:+", OutcomeKind.FORFEIT, 1),
        ("−:+", "-:+", OutcomeKind.FORFEIT, 1),
        ("1-0 late", "+:-", OutcomeKind.FORFEIT, 0),
        ("0-1 迟到", "-:+", OutcomeKind.FORFEIT, 1),
        ("-:-", "-:-", OutcomeKind.DOUBLE_FORFEIT, None),
    ],
)
def test_forfeits(text, expected, kind, winner):
    """§20.1: later than the lateness limit is a forfeit; §20.3: marked "+" / "−", "+" worth a win (2);
    §20.2: both late, both forfeit (0 each)."""
    ctx = individual()
    result = outcome(text, ctx)
    assert canonical(text, ctx) == expected
    assert (result.kind, result.winner) == (kind, winner)
    assert [SPORT.scoring.points(result, side) for side in (0, 1)] == ([2, 0] if winner == 0 else [0, 2] if winner == 1 else [0, 0])


def test_a_forfeit_has_no_reason_or_counts():
    with pytest.raises(ResultError, match="A forfeit"):
        parse("+:- checkmate", individual())
    with pytest.raises(ResultError, match="with 'late' is a forfeit"):
        parse("= late", individual())


# --- local rule: no agreed draw before 20 moves or 20 minutes (xiangqi supplementary rules §1.6) -----------------------------


def test_early_agreed_draw_makes_both_lose():
    """Xiangqi supplementary rules §1.6: "每局棋双方须走完20回合以上或20分钟以上方可议和。否则…按双方作负处理".

    = agreed moves=12 → 12 < 20 moves and no time given → both lose: kind both_lose, 0 points each.
    = agreed moves=12 minutes=25 → 25 ≥ 20 minutes → a real draw, 1 point each.
    = agreed moves=20 → exactly 20 moves is enough ("20回合以上" includes 20).
    """
    ctx = individual(agreed_draw_minimum=20)
    early = outcome("= agreed moves=12", ctx)
    assert canonical("= agreed moves=12", ctx) == "0-0 agreed moves=12"
    assert (early.kind, early.winner, early.shares) == (OutcomeKind.BOTH_LOSE, None, (0.0, 0.0))
    assert [SPORT.scoring.points(early, side) for side in (0, 1)] == [0, 0]
    late = outcome("和 议和 回合=12 分钟=25", ctx)
    assert late.is_draw and [SPORT.scoring.points(late, s) for s in (0, 1)] == [1, 1]
    assert outcome("= agreed moves=20", ctx).is_draw
    assert canonical("0-0 moves=5", ctx) == "0-0 agreed moves=5"


def test_early_draw_rule_needs_the_length_of_the_game():
    ctx = individual(agreed_draw_minimum=20)
    with pytest.raises(ResultError, match=r"An agreed draw counts only after 20 moves or 20 minutes \(xiangqi supplementary rules §1.6\); add how long"):
        parse("= agreed", ctx)
    with pytest.raises(ResultError, match="this game lasted long enough to be a draw"):
        parse("0-0 agreed moves=30", ctx)
    with pytest.raises(ResultError, match="not for 'repetition'"):
        parse("0-0 repetition moves=3", ctx)
    assert outcome("= repetition moves=8", ctx).is_draw  # only agreed draws are limited


def test_both_lose_needs_the_local_rule():
    with pytest.raises(ResultError, match=r"'0-0' \(both lose\) is used only with the local rule"):
        parse("0-0 agreed moves=5", individual())


def test_messages_in_chinese_use_chinese_spellings():
    """A Chinese scorer typed Chinese: the refusal quotes and lists reasons the way they can be typed,
    in the language it is shown in (the error is translated where it is shown, not where it is raised)."""
    with pytest.raises(ResultError) as caught:
        parse("黑胜 封棋", individual())
    assert caught.value.render("zh") == (
        "按中国象棋竞赛规则（2011），“封棋”（封棋着法有误）不是对局结束的方式；判负的原因可以是："
        "将死、困毙、自杀、长将、不变、超时、违反行棋规定、按钟、犯规、自然限着不实、认输、违纪。"
    )
