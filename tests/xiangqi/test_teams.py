"""Team events: the CXA 2011 Art. 11 team types, line-ups, and match points from game points (§13.2)."""

from __future__ import annotations

import itertools

import pytest

from podium.errors import ResultError
from podium.model.outcomes import OutcomeKind
from podium.plugins.xiangqi import teams
from podium.plugins.xiangqi.teams import lineups

from .helpers import SPORT, canonical, outcome, parse, player, rules, team, team_match


def rating_order_problem(*args: object) -> str | None:
    """The refusal as the user reads it (English), or None."""
    found = teams.rating_order_problem(*args)
    return None if found is None else str(found)


def team_problems(*args: object) -> list[str]:
    return [str(found) for found in teams.team_problems(*args)]


WOLVES = team("Wolves", ["W1", "W2", "W3", "W4", "W5", "W6"])  # 4 boards + 2 substitutes
TIGERS = team("Tigers", ["T1", "T2", "T3", "T4"])
EAGLES = team("Eagles", ["E1", "E2", "E3", "E4"])

FIFTEEN = [
    (1, 2, 3, 4), (1, 2, 3, 5), (1, 2, 3, 6), (1, 2, 4, 5), (1, 2, 4, 6), (1, 2, 5, 6), (1, 3, 4, 5), (1, 3, 4, 6),
    (1, 3, 5, 6), (1, 4, 5, 6), (2, 3, 4, 5), (2, 3, 4, 6), (2, 3, 5, 6), (2, 4, 5, 6), (3, 4, 5, 6),
]
"""CXA 2011 §11.2: "出场顺序可以是1-2-3-4，也可以是1-2-3-5，直至3-4-5-6，共十五种顺序", listed by hand."""


# --- §11.2 boards with substitutes ---------------------------------------------------------------------


def test_four_boards_and_two_substitutes_give_fifteen_line_ups():
    assert lineups(6, 4) == FIFTEEN


def test_every_one_of_the_fifteen_line_ups_is_accepted_and_every_other_order_refused():
    """All 6·5·4·3 = 360 ordered choices of 4 of the 6 players: exactly the 15 in registered order pass."""
    ctx = team_match(WOLVES, TIGERS, team_type="substitutes")
    accepted = []
    for order in itertools.permutations(range(1, 7), 4):
        text = "-".join(map(str, order)) + "/1-2-3-4: 1-0, =, 0-1, 1-0"
        try:
            parse(text, ctx)
        except ResultError as error:
            assert "breaks the registered order" in error.message
        else:
            accepted.append(order)
    assert accepted == FIFTEEN


def test_line_up_1_3_2_4_is_refused():
    with pytest.raises(ResultError) as caught:
        parse("1-3-2-4/1-2-3-4: 1-0, =, 0-1, 1-0", team_match(WOLVES, TIGERS, team_type="substitutes"))
    assert caught.value.message == (
        "line-up 1-3-2-4 of Wolves breaks the registered order: the chosen players keep their registered "
        "order on the boards (CXA 2011 §11.2), e.g. 1-2-3-4."
    )


def test_line_up_is_kept_in_the_result():
    ctx = team_match(WOLVES, TIGERS, team_type="substitutes")
    assert canonical("1-2-4-6 / 1-2-3-4 : 1-0 = 0-1 1-0", ctx) == "1-2-4-6/1-2-3-4: 1-0, =, 0-1, 1-0"
    assert parse("1-2-4-6/1-2-3-4: 1-0, =, 0-1, 1-0", ctx).lineups == ((1, 2, 4, 6), (1, 2, 3, 4))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1-0, =, 0-1, 1-0", "Give both line-ups by registered number before the board results, e.g. '1-2-3-4/1-2-3-4: 1-0, =, 0-1, 1-0' (CXA 2011 §11.2, §11.3)."),
        ("1-2-3-7/1-2-3-4: 1-0, =, 0-1, 1-0", "line-up 1-2-3-7 of Wolves names a player who is not registered; its players are 1 W1, 2 W2, 3 W3, 4 W4, 5 W5, 6 W6."),
        ("1-2-3/1-2-3-4: 1-0, =, 0-1, 1-0", "line-up 1-2-3 of Wolves has 3 players, but the match is played on 4 boards."),
        ("1-2-2-3/1-2-3-4: 1-0, =, 0-1, 1-0", "line-up 1-2-2-3 of Wolves names a player twice."),
        ("1-2-3-4/1-2-3-4: 1-0, =, 0-1", "This team match has 4 boards × 1 games = 4 results, but 3 were given."),
        ("1-2-3-4/1-2-3-4: 1-0, =, 0-1, 1-0, =", "This team match has 4 boards × 1 games = 4 results, but 5 were given."),
        ("1-2-3-4/1-2-3-4: 1-0, = fouls=3:0, 0-1, 1-0", "Board 2: W2 has 3 fouls, which loses the game (CXA 2011 §4.1.10); the result must be a loss for W2."),
    ],
)
def test_bad_team_results_are_refused(text, message):
    with pytest.raises(ResultError) as caught:
        parse(text, team_match(WOLVES, TIGERS, team_type="substitutes"))
    assert caught.value.message == message


# --- §11.1 fixed boards, §11.3 order per match, §11.4 all play all --------------------------------------


def test_fixed_boards_need_no_line_up():
    """§11.1: the registered order is the board order; a line-up, if written, must be 1-2-3-4."""
    ctx = team_match(EAGLES, TIGERS)
    assert canonical("1-2-3-4/1-2-3-4: 1-0, =, 0-1, 1-0", ctx) == "1-0, =, 0-1, 1-0"
    with pytest.raises(ResultError, match=r"Eagles plays fixed boards in registered order \(CXA 2011 §11.1\), so its line-up is 1-2-3-4"):
        parse("2-1-3-4/1-2-3-4: 1-0, =, 0-1, 1-0", ctx)
    with pytest.raises(ResultError, match=r"Wolves has 6 players, but fixed boards need exactly 4 \(CXA 2011 §11.1\)"):
        parse("1-0, =, 0-1, 1-0", team_match(WOLVES, TIGERS))


def test_order_set_per_match():
    """§11.3: "临时排定本队队员的出场台次": any order, chosen before each match, written in the result."""
    ctx = team_match(WOLVES, TIGERS, team_type="per_match")
    assert canonical("5-1-3-2/4-3-2-1: 1-0, =, 0-1, 1-0", ctx) == "5-1-3-2/4-3-2-1: 1-0, =, 0-1, 1-0"
    with pytest.raises(ResultError, match="Give both line-ups"):
        parse("1-0, =, 0-1, 1-0", ctx)


def test_board_errors_name_the_players_on_the_board():
    """Board 3 of 5-1-3-2/4-3-2-1 is W3 against T2."""
    with pytest.raises(ResultError, match="^Board 3: T2 lost at foul number 3"):
        parse("5-1-3-2/4-3-2-1: 1-0, =, 1-0 fouls=1:3 checkmate, 1-0", team_match(WOLVES, TIGERS, team_type="per_match"))


def test_all_play_all_between_two_teams():
    """§11.4: each of A1, A2 plays each of B1, B2; the text lists A1-B1, A1-B2, A2-B1, A2-B2.
    Colours: A's player red when i + j is even: A1-B1 red, A1-B2 black, A2-B1 black, A2-B2 red.

    0-1, =, 0-1, 1-0 → A: 0 + 1 + 0 + 2 = 3, B: 2 + 1 + 2 + 0 = 5 game points → B wins.
    B's wins: A1-B1 (B1 black) and A2-B1 (B1 red) → one win as black; each side two games as black."""
    a, b = team("A", ["A1", "A2"]), team("B", ["B1", "B2"])
    ctx = team_match(a, b, team_type="all_play_all", boards=2)
    result = outcome("0-1, =, 0-1, 1-0", ctx)
    assert result.winner == 1
    assert result.stats["games"] == (3, 5)
    assert result.stats["second_games"] == (2, 2)
    assert result.stats["second_wins"] == (0, 1)
    assert result.boards == ((0, 2), (1, 1), (0, 2), (2, 0))
    with pytest.raises(ResultError, match=r"^Players 2–1: 'agreed' ends"):
        parse("0-1, =, 1-0 agreed, 1-0", ctx)
    with pytest.raises(ResultError, match="write no line-up"):
        parse("1-2/1-2: 0-1, =, 0-1, 1-0", ctx)


# --- §13.2 match points from game points -------------------------------------------------------------------


def test_match_points_from_game_points():
    """§13.2: 局分多者为胜，场分记2分… 1-0, =, 0-1, 1-0 → Eagles 2+1+0+2 = 5, Tigers 0+1+2+0 = 3:
    Eagles win, 2 match points to 0. 1-0, 0-1, =, = → 4-4: a draw, 1 match point each."""
    ctx = team_match(EAGLES, TIGERS)
    won = outcome("1-0, =, 0-1, 1-0", ctx)
    assert won.winner == 0
    assert won.stats["games"] == (5, 3)
    assert won.stats["game_wins"] == (2, 1)
    assert won.boards == ((2, 0), (1, 1), (0, 2), (2, 0))
    assert [SPORT.scoring.points(won, s) for s in (0, 1)] == [2, 0]
    level = outcome("1-0, 0-1, =, =", ctx)
    assert level.is_draw and [SPORT.scoring.points(level, s) for s in (0, 1)] == [1, 1]


def test_board_forfeits_and_a_team_forfeit():
    """§20.3: "+" = 2. Board 4 forfeited by Tigers: 1-0, =, 0-1, +:- → Eagles 5, Tigers 3.
    The whole match forfeited (+:-): every board counts as won, 4 × 2 = 8 game points."""
    ctx = team_match(EAGLES, TIGERS)
    assert outcome("1-0, =, 0-1, +:-", ctx).stats["games"] == (5, 3)
    forfeit = outcome("+:-", ctx)
    assert (forfeit.kind, forfeit.winner, forfeit.stats["games"], forfeit.stats["game_wins"]) == (OutcomeKind.FORFEIT, 0, (8, 0), (4, 0))
    assert outcome("-:-", ctx).kind is OutcomeKind.DOUBLE_FORFEIT


def test_two_games_per_board():
    """Two-game team match (§10.1, §12.4): colours swap in game 2 on every board.
    Board 1 "1-0 0-1": game 1 Eagles red win, game 2 Tigers red win → 2-2.
    Board 2 "= 1-0": game 1 (Eagles black) draw, game 2 (Eagles red) win → 3-1.
    Totals 5-3 for Eagles. No game was won by black: 后走胜局 0-0."""
    ctx = team_match(team("E", ["E1", "E2"]), team("T", ["T1", "T2"]), boards=2, games=2)
    result = outcome("1-0 0-1, = 1-0", ctx)
    assert result.boards == ((2, 2), (3, 1))
    assert result.stats["games"] == (5, 3)
    assert result.stats["second_wins"] == (0, 0)
    assert result.stats["second_games"] == (2, 2)
    with pytest.raises(ResultError, match="Each board has 2 games; a comma separates boards, and it came after game 1 of board 1."):
        parse("1-0, 0-1 = 1-0", ctx)


def test_game_points_follow_the_rule_set():
    """CXA 1999 §14.1 scores a game 1/½/0: 1-0, =, 0-1, 1-0 → 2½-1½."""
    assert outcome("1-0, =, 0-1, 1-0", team_match(EAGLES, TIGERS, rule_set="cxa1999")).stats["games"] == (2.5, 1.5)


def test_level_team_knockout_takes_a_lot():
    ctx = team_match(EAGLES, TIGERS, decisive=True)
    assert outcome("red=1 1-0, 0-1, =, = | lots=2", ctx).winner == 1
    with pytest.raises(ResultError, match=r"level 4-4 on game points; in a knockout add the lot"):
        parse("red=1 1-0, 0-1, =, =", ctx)
    with pytest.raises(ResultError, match="decide only a level team match in a knockout"):
        parse("red=1 1-0, 1-0, =, = | lots=2", ctx)


# --- entry checks (§11.1, §11.2) ------------------------------------------------------------------------------


def test_rating_order_with_unrated_players_last():
    """§11.1: "等级分高者，台次应列前。无等级分者排在有等级棋手的后面"."""
    assert rating_order_problem("T", [player("a", 2300), player("b", 2200), player("c"), player("d")]) is None
    assert rating_order_problem("T", [player("a", 2200), player("b", 2200)]) is None  # equal ratings: either order
    assert rating_order_problem("T", [player("a", 2100), player("b", 2120)]) == (
        "team T: a (rating 2100) is registered above b (rating 2120); players are registered by rating, highest first (CXA 2011 §11.1)."
    )
    assert rating_order_problem("T", [player("a", 2100), player("b"), player("c", 1900)]) == (
        "team T: b (unrated) is registered above c (rating 1900); unrated players come after every rated player (CXA 2011 §11.1)."
    )


def test_team_size_and_order_checked_per_team_type():
    wolves = team("Wolves", [player("W1", 2300), player("W2", 2200), player("W3", 2100), player("W4", 2000), player("W5", 1900), player("W6")])
    assert team_problems(wolves, rules("team", team_type="substitutes")) == []
    assert team_problems(wolves, rules("team")) == ["team Wolves has 6 players, but the team type fixed boards (CXA 2011 §11.1) takes exactly 4."]
    assert team_problems(wolves, rules("team", team_type="substitutes", substitutes=1)) == [
        "team Wolves has 6 players, but the team type boards with substitutes (CXA 2011 §11.2) takes 4 players and at most 1 substitutes."
    ]
    shuffled = team("S", [player("S1", 1900), player("S2", 2000), player("S3"), player("S4")])
    assert len(team_problems(shuffled, rules("team"))) == 1
    assert team_problems(shuffled, rules("team", team_type="per_match")) == []  # §11.3 sets the order per match


def test_a_chinese_reader_reads_a_team_match_board_by_board():
    """CXA 2011 §11: four boards, one game each, the first-listed team red on odd boards (§12.2): board 1 won,
    board 2 drawn by agreement (议和, §4.2.1), board 3 lost on time (超时, §4.1.6), board 4 won by forfeit (+:-,
    §20.3), line-ups 1-2-3-5 and 1-2-3-4 chosen from the substitutes (§11.2)."""
    from podium.i18n import use_language

    ctx = team_match(WOLVES, TIGERS, team_type="substitutes")
    result = parse("1-2-3-5/1-2-3-4: 1-0, = agreed, 0-1 time, +:-", ctx)
    with use_language("zh"):
        assert SPORT.describe_result(SPORT.format_result(result, ctx), ctx) == "出场 1-2-3-5/1-2-3-4：1:0；和棋（议和）；0:1（超时）；+:-"
    with use_language("en"):
        assert SPORT.describe_result(SPORT.format_result(result, ctx), ctx) == "1-2-3-5/1-2-3-4: 1-0, = agreed, 0-1 time, +:-"
