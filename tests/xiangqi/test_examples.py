"""The example results a refused result is answered with, in the reader's words.

The usual examples an event's options rule out are replaced by results of the event's own shape; a Chinese reader
must see those in the Chinese words the notation reads (和 for a draw, 超时 CXA 2011 §4.1.6, 犯规 §4.1.10, 执红 for
who drew red §12.4, 快棋/超快棋/抽签 for the tie-break of the xiangqi championship regulations §9(2)), never
"time", "fouls" or "red", while an English reader keeps the canonical text.
"""

from __future__ import annotations

import re

import pytest

from podium.i18n import use_language
from podium.model.matches import MatchContext
from podium.plugins.xiangqi.reasons import reasons_for
from podium.plugins.xiangqi.results import format_match
from podium.plugins.xiangqi.team_results import format_team_match

from .helpers import SPORT, individual, parse, team, team_match

LATIN = re.compile("[A-Za-z]")


def _examples(ctx: MatchContext, lang: str) -> tuple[str, ...]:
    with use_language(lang):
        return SPORT.result_examples(ctx)


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("0-1 time fouls=0:1", "0-1 超时 犯规=0:1"),
        ("1-0 fouls=0:3", "1-0 犯规=0:3"),  # the third foul loses (§4.1.10): the counts say why
        ("= agreed warnings=1:0 moves=32 minutes=25", "和 议和 警告=1:0 回合=32 分钟=25"),
        ("1-0 resign", "1-0 认输"),
        ("0-1 must-vary", "0-1 不变"),
        ("= move-limit", "和 自然限着"),
        ("+:-", "+:-"),
    ],
)
def test_a_game_is_written_in_the_chinese_words_the_notation_reads(text, written):
    ctx = individual()
    result = parse(text, ctx)
    assert format_match(result, ctx, zh=True) == written
    assert SPORT.format_result(result, ctx) == text
    assert parse(written, ctx) == result


@pytest.mark.parametrize("rule_set", ["cxa2011", "cxa1999", "school"])
def test_every_reason_of_every_rule_set_is_read_back_from_its_chinese_word(rule_set):
    """Each way a game ends under the rule set (CXA 2011 §4.1–4.2, CXA 1999 §4.1–4.2, 15-second xiangqi rules
    §4–5) written in Chinese is read as that same reason, a loss by the first side or a draw."""
    ctx = individual(rule_set=rule_set)
    for draw in (False, True):
        for reason in reasons_for(rule_set, draw=draw):
            text = f"{'=' if draw else '1-0'} {reason.code}"
            result = parse(text, ctx)
            written = format_match(result, ctx, zh=True)
            assert not LATIN.search(written), written
            assert parse(written, ctx) == result, written


def test_both_lose_is_written_shuangfu():
    """An agreed draw before the local minimum loses for both (xiangqi supplementary rules §1.6): 双负."""
    ctx = individual(agreed_draw_minimum=20)
    result = parse("= agreed moves=12", ctx)
    assert format_match(result, ctx, zh=True) == "双负 议和 回合=12"
    assert parse("双负 议和 回合=12", ctx) == result


@pytest.mark.parametrize(
    ("text", "written", "given"),
    [
        ("red=2 = | rapid 0-1 time", "执红=2 和 | 快棋 0-1 超时", {}),
        ("red=1 = | rapid = | armageddon red=2 =", "执红=1 和 | 快棋 和 | 超快棋 执红=2 和", {}),
        ("red=1 = | lots=2", "执红=1 和 | 抽签=2", {"playoff_rapid_games": 0, "playoff_armageddon": False}),
    ],
)
def test_a_knockout_match_is_written_in_chinese_words(text, written, given):
    ctx = individual(decisive=True, **given)
    result = parse(text, ctx)
    assert format_match(result, ctx, zh=True) == written
    assert SPORT.format_result(result, ctx) == text
    assert parse(written, ctx) == result


def test_a_team_match_is_written_in_chinese_words():
    """Line-ups by registered number (CXA 2011 §11.2), who drew red (§12.4), boards in order, the lot."""
    wolves = team("Wolves", ["W1", "W2", "W3", "W4", "W5", "W6"])
    tigers = team("Tigers", ["T1", "T2", "T3", "T4", "T5"])
    ctx = team_match(wolves, tigers, decisive=True, team_type="substitutes")
    text = "red=2 1-2-3-5/1-2-4-5: 1-0, = agreed, 0-1 time, = | lots=1"  # 4-4 in game points (§13.2)
    result = parse(text, ctx)
    written = "执红=2 1-2-3-5/1-2-4-5: 1-0, 和 议和, 0-1 超时, 和 | 抽签=1"
    assert format_team_match(result, ctx, zh=True) == written
    assert SPORT.format_result(result, ctx) == text
    assert parse(written, ctx) == result


def _check(ctx: MatchContext, count: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The Chinese and English examples of ``ctx``: ``count`` of each, the Chinese ones without a Latin letter, every
    one a valid result of the event, the English ones in canonical text, and each Chinese example the same result
    as the English one in its place."""
    zh, en = _examples(ctx, "zh"), _examples(ctx, "en")
    assert len(zh) == len(en) == count
    assert [text for text in zh if LATIN.search(text)] == []
    for chinese, english in zip(zh, en, strict=True):
        assert SPORT.format_result(parse(english, ctx), ctx) == english
        assert parse(chinese, ctx) == parse(english, ctx)
    return zh, en


def test_two_games_per_match_give_chinese_examples_of_two_games():
    """With games = 2 (CXA 2011 §10.1) only the forfeit of the whole match (+:-, §20.3) of the usual examples is
    valid; the four others are two-game results, games separated by a comma."""
    zh, en = _check(individual(games=2), 5)
    assert zh[0] == en[0] == "+:-"
    assert all(text.count(",") == 1 for text in zh[1:])


def test_no_armageddon_gives_a_chinese_example_without_one():
    """Without an armageddon game lots decide (15-second xiangqi rules §6): the usual 超快棋 example is replaced."""
    zh, _en = _check(individual(decisive=True, playoff_armageddon=False), 3)
    assert zh[:2] == ("执红=1 1-0 将死", "执红=2 和 | 快棋 0-1 超时")
    assert "超快棋" not in zh[2]


@pytest.mark.parametrize("games", [1, 2])
def test_three_fixed_boards_give_chinese_examples_of_three_boards(games):
    """Three fixed boards (CXA 2011 §11.1): the usual four-board examples are replaced; +:- stays."""
    first = team("A", ["A1", "A2", "A3"])
    second = team("B", ["B1", "B2", "B3"])
    zh, _en = _check(team_match(first, second, team_type="fixed", boards=3, games=games), 3)
    assert zh[0] == "+:-"

