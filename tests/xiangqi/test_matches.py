"""Matches of several games (CXA 2011 §10.1, §14.2), best of 3 (15-second xiangqi rules §6) and the knockout
tie-break chain: rapid game, then armageddon where a draw counts as a win for black (xiangqi championship regulations §9(2)).

Scores are read from the first-named side; game points are 2/1/0 (CXA 2011 §13.1).
"""

from __future__ import annotations

import pytest

from podium.errors import ResultError
from podium.model.outcomes import OutcomeKind

from .helpers import canonical, individual, outcome, parse

NAMES = ("Ann", "Bo")


# --- two-game matches scored by total (CXA 2011 §14.2) ------------------------------------------------


def test_two_game_match_won_one_each_is_a_draw():
    """1-0, 0-1: Ann 1 + 0, Bo 0 + 1 → level 1-1 → a drawn match (1 match point each under 2/1/0).
    Game points (局分): 2 each. Game 1 Ann red (listed first, §12.1); game 2 colours swap (§12.4),
    so Bo is red: each played one game as black, and neither won as black."""
    result = outcome("1-0, 0-1 time", individual(NAMES, games=2))
    assert result.is_draw and result.first_mover is None
    assert result.stats["games"] == (2, 2)
    assert result.stats["game_wins"] == (1, 1)
    assert result.stats["second_games"] == (1, 1)
    assert result.stats["second_wins"] == (0, 0)


def test_two_game_match_with_a_win_and_a_draw():
    """1-0, =: Ann 1½, Bo ½ → Ann wins the match; game points 2+1 = 3 against 0+1 = 1."""
    result = outcome("1-0 =", individual(NAMES, games=2))
    assert result.winner == 0
    assert result.stats["games"] == (3, 1)


def test_wins_as_black_are_counted_per_game():
    """0-1, 0-1: Bo wins game 1 as black (Ann red, listed first) and game 2 as red (swap):
    后走胜局 (wins as black, §14.2) Bo 1; 后走局数 one each."""
    result = outcome("0-1, 0-1", individual(NAMES, games=2))
    assert result.winner == 1
    assert result.stats["games"] == (0, 4)
    assert result.stats["second_wins"] == (0, 1)
    assert result.stats["second_games"] == (1, 1)


def test_canonical_text_separates_games_with_commas():
    assert canonical("1-0 0-1 time", individual(NAMES, games=2)) == "1-0, 0-1 time"


def test_game_count_is_checked():
    with pytest.raises(ResultError, match=r"A match here has 2 games \(option games\), but the result has only 1; a game not played is a forfeit"):
        parse("1-0", individual(NAMES, games=2))
    with pytest.raises(ResultError, match="A match here has 2 games"):
        parse("1-0, 0-1, =", individual(NAMES, games=2))


def test_errors_name_the_game():
    with pytest.raises(ResultError, match=r"^Game 2: 'agreed' ends a game in a draw"):
        parse("1-0, 1-0 agreed", individual(NAMES, games=2))


def test_whole_match_forfeit_and_a_forfeited_game():
    """§20.3: "+" counts as a won game (2 game points). +:- for the whole two-game match: Ann 4, Bo 0.
    1-0, +:- : Ann won game 1 at the board and game 2 by forfeit: 2-0 in games, 4-0 in game points;
    only game 1 was played, so only it counts as a game as black (Bo)."""
    ctx = individual(NAMES, games=2)
    walkover = outcome("+:-", ctx)
    assert (walkover.kind, walkover.winner, walkover.stats["games"], walkover.stats["game_wins"]) == (OutcomeKind.FORFEIT, 0, (4, 0), (2, 0))
    assert canonical("+:- +:-", ctx) == "+:-"
    mixed = outcome("1-0, +:-", ctx)
    assert (mixed.kind, mixed.winner, mixed.stats["games"]) == (OutcomeKind.PLAYED, 0, (4, 0))
    assert mixed.stats["second_games"] == (0, 1)


# --- best of 3 (三局两胜, 15-second xiangqi rules §6) ----------------------------------------------------


def test_best_of_three_stops_when_decided():
    """games = 3, stop_when_decided: 1-0, 1-0 → 2-0 and one game left, which cannot change it → decided.
    1-0, = → 1½-½ with one game left: Bo could still reach 1½ → not decided, game 3 is needed."""
    ctx = individual(NAMES, games=3, stop_when_decided=True)
    assert outcome("1-0, 1-0", ctx).winner == 0
    with pytest.raises(ResultError, match=r"Game 3: the match was already decided 2-0, so no further game is played \(15-second xiangqi rules §6\)"):
        parse("1-0, 1-0, 0-1", ctx)
    with pytest.raises(ResultError, match=r"The match is not decided after 2 games \(1.5-0.5\); play on up to 3 games"):
        parse("1-0, =", ctx)
    assert outcome("1-0, =, 0-1", ctx).is_draw  # 1½-1½ in a round robin: a drawn match


def test_level_best_of_three_goes_to_an_extra_game_or_lots():
    """15-second xiangqi rules §6: "若出现平局现象，双方选择加赛一局或以抽签方式分出胜负" — playoff_armageddon = false:
    one extra (rapid) game, or lots; lots also after a drawn extra game."""
    ctx = individual(NAMES, decisive=True, games=3, stop_when_decided=True, playoff_armageddon=False)
    assert outcome("red=1 1-0, =, 0-1 | lots=2", ctx).winner == 1
    assert outcome("red=1 1-0, =, 0-1 | rapid 1-0", ctx).winner == 0
    assert outcome("red=1 1-0, =, 0-1 | 加赛 = 抽签=1", ctx).winner == 0
    with pytest.raises(ResultError, match="not by an armageddon game"):
        parse("red=1 1-0, =, 0-1 | rapid = armageddon red=1 =", ctx)
    with pytest.raises(ResultError, match="after the level games comes the lot"):
        parse("red=1 1-0, =, 0-1 | rapid =", ctx)


# --- knockout tie-break chain (xiangqi championship regulations §9(2)) ----------------------------------------------------------


def test_level_knockout_game_needs_a_tie_break():
    with pytest.raises(ResultError, match=r"The match is level 0.5-0.5; a knockout match goes on to tie-break games \(xiangqi championship regulations §9\(2\)\), e.g. '\| rapid 1-0'"):
        parse("red=1 =", individual(NAMES, decisive=True))


def test_rapid_game_decides():
    """red=2 =: Bo drew red for game 1; drawn. The rapid game follows with colours swapped and no new
    lot ("和棋加赛不再抽签，依次换先"): Ann red. 0-1: Bo (black) wins the rapid game and advances."""
    ctx = individual(NAMES, decisive=True)
    result = parse("red=2 = | rapid 0-1", ctx)
    assert outcome("red=2 = | rapid 0-1", ctx).winner == 1
    assert result.playoff.rapid[0].winner == 1
    assert canonical("red=2 和 | 快棋 黑胜", ctx) == "red=2 = | rapid 0-1"  # 快棋 game: Ann red, so 黑胜 = Bo


def test_armageddon_draw_means_black_advances():
    """Xiangqi championship regulations §9(2): rapid game drawn too → "附加赛，和棋黑胜". armageddon red=2: Bo red, Ann black;
    drawn → Ann (black) advances. With red=1 Bo is black and advances. A decisive armageddon game
    counts as it is."""
    ctx = individual(NAMES, decisive=True)
    assert outcome("red=1 = | rapid = | armageddon red=2 =", ctx).winner == 0
    assert outcome("red=1 = | rapid = | armageddon red=1 =", ctx).winner == 1
    assert outcome("red=1 = | rapid = | armageddon red=2 0-1", ctx).winner == 1
    assert outcome("red=1 = | rapid = | 和棋黑胜 红=2 和", ctx).winner == 0


def test_tie_break_games_do_not_count_as_game_points():
    """Only the match's own games give game points and colours; the tie-break only says who advances.
    red=1 1-0, 0-1 | rapid 1-0 (two-game knockout, the brief's example): game points 2-2, Ann advances."""
    ctx = individual(NAMES, decisive=True, games=2)
    result = outcome("red=1 1-0 0-1 | rapid 1-0", ctx)
    assert result.winner == 0
    assert result.stats["games"] == (2, 2)


def test_fouls_in_tie_break_games_still_count():
    """Fouls are conduct (CXA 2011 §8, §18.5): those of tie-break games are added to the match's."""
    result = outcome("red=1 = fouls=1:0 | rapid 1-0 fouls=0:2", individual(NAMES, decisive=True))
    assert result.stats["fouls"] == (1, 2)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("red=1 = | armageddon red=2 =", "The armageddon game comes after 1 drawn rapid games (xiangqi championship regulations §9(2)); 0 were entered."),
        ("red=1 = | rapid 1-0 rapid 0-1", "The tie-break was already decided before 'rapid'."),
        ("red=1 = | rapid =", "The tie-break is not finished: after the level games comes the armageddon game ('armageddon red=1 =') (xiangqi championship regulations §9(2); 15-second xiangqi rules §6)."),
        ("red=1 = | rapid = | armageddon =", "Say who had red in the armageddon game, e.g. 'armageddon red=2 =': a draw counts as a win for black (xiangqi championship regulations §9(2))."),
        ("red=1 1-0 | rapid 1-0", "The games already decided the match 1-0; tie-break games follow only a level match (xiangqi championship regulations §9(2))."),
        ("red=1 = | lots=1", "This event breaks a level tie-break by an armageddon game where a draw counts as a win for black (xiangqi championship regulations §9(2)), not by lots."),
        ("red=1 = | rapid", "Rapid game 1: its result is missing, e.g. 1-0, 0-1 or =."),
        ("red=1 = | checkmate", "'checkmate' cannot stand in the tie-break part; write 'rapid 1-0', 'armageddon red=2 =' or 'lots=1'."),
        ("red=3 1-0", "'red=3': give 1 or 2, the side as named in the command."),
        ("1-0 red=1", "'red=1' says who drew red and comes first, before the games (CXA 2011 §12.4), e.g. 'red=2 1-0'."),
        ("red=1 = | rapid = | armageddon red=2 -:-", "Armageddon game: a tie-break game ends in a win, a draw or a forfeit."),
    ],
)
def test_bad_tie_breaks_are_refused(text, message):
    with pytest.raises(ResultError) as caught:
        parse(text, individual(NAMES, decisive=True))
    assert caught.value.message == message


def test_more_rapid_games_before_armageddon():
    ctx = individual(NAMES, decisive=True, playoff_rapid_games=2)
    assert outcome("red=1 = | rapid = rapid = armageddon red=1 =", ctx).winner == 1
    with pytest.raises(ResultError, match="at most 2 rapid tie-break games"):
        parse("red=1 = | rapid = rapid = rapid 1-0", ctx)


def test_tie_breaks_only_in_knockouts():
    with pytest.raises(ResultError, match=r"Tie-break games are played only in knockout matches \(xiangqi championship regulations §9\(2\)\); here a level match is a draw."):
        parse("= | rapid 1-0", individual(NAMES))


# --- how a reader reads a match (Sport.describe_result) ------------------------------------------------


def test_a_chinese_reader_reads_the_games_the_tie_break_and_the_lot_in_chinese():
    """Worked out from the CXA terms: ``red=2 = | rapid 0-1 time`` is Bo (side 2) drawing red (§12.4), a drawn
    game (和棋), then a rapid game Bo won on time (超时, §4.1.6); ``1-0 self-check, = dead`` two games, a loss by
    self-check (自杀, §4.1.3) and a draw where neither side can win (双方均无取胜可能, §4.2.2); a level best of three
    settled by lot for Ann (15-second xiangqi rules §6). English keeps the canonical text."""
    from podium.i18n import use_language

    from .helpers import SPORT

    knockout = individual(NAMES, decisive=True)
    two_games = individual(NAMES, games=2)
    lots = individual(NAMES, decisive=True, games=3, stop_when_decided=True, playoff_armageddon=False)
    cases = [
        ("red=2 = | rapid 0-1 time", knockout, "第 2 方执红：和棋；快棋 0:1（超时）"),
        ("1-0 self-check, = dead", two_games, "1:0（自杀）、和棋（双方均无取胜可能）"),
        ("red=1 1-0, =, 0-1 | lots=1", lots, "第 1 方执红：1:0、和棋、0:1；抽签 第 1 方胜"),
    ]
    for text, ctx, chinese in cases:
        with use_language("zh"):
            assert SPORT.describe_result(canonical(text, ctx), ctx) == chinese
        with use_language("en"):
            assert SPORT.describe_result(canonical(text, ctx), ctx) == canonical(text, ctx)
