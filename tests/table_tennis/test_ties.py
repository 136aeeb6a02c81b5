"""Team ties: tie orders, line-ups, rubbers and the tie's outcome (table-tennis rules summary §5, table-tennis plan 6 §7(3) and §9.3, ITTF 3.7).

Tigers (张三, 李四, 王五; reserve 替补) meet Lions (赵六, 钱七, 孙八). Unless a test says
otherwise Tigers are named first and play as A, B, C.
"""

from __future__ import annotations

import pytest

from podium.errors import PodiumError, ResultError
from podium.model.outcomes import OutcomeKind
from podium.plugins.table_tennis.orders import parse_order, tie_format

from .helpers import LIONS, SPORT, TIGERS, team, team_ctx

LINEUPS = "A=张三 B=李四 C=王五; X=赵六 Y=钱七 Z=孙八"


def tie(text: str, **rules):
    ctx = team_ctx(**rules)
    result = SPORT.parse_result(text, ctx)
    return result, SPORT.outcome(result, ctx), SPORT.format_result(result, ctx)


def refused(text: str, **rules) -> str:
    with pytest.raises(ResultError) as error:
        SPORT.parse_result(text, team_ctx(**rules))
    return error.value.message


def test_presets_are_the_seed_orders():
    """ittf: A–X, B–Y, C+A/B–Z+X/Y, A/B–Z, C–X/Y (table-tennis rules summary §5 (3)); five_singles: A–Y, B–X, C–Z, A–X, B–Y (table-tennis plan 6 §7(3))."""
    assert tie_format("ittf").label() == "A–X, B–Y, C+A/B–Z+X/Y, A/B–Z, C–X/Y"
    assert tie_format("five_singles").label() == "A–Y, B–X, C–Z, A–X, B–Y"
    assert tie_format("ittf").majority == tie_format("five_singles").majority == 3
    assert tie_format("ittf").letters(0) == "ABC" and tie_format("ittf").letters(1) == "XYZ"


def test_event_defined_order():
    """A Corbillon-style order for two-player teams: 5 rubbers, majority 3, line-ups A, B and X, Y."""
    fmt = parse_order("A-X, B-Y, A+B-X+Y, A-Y, B-X")
    assert fmt.label() == "A–X, B–Y, A+B–X+Y, A–Y, B–X"
    assert (fmt.letters(0), fmt.letters(1), fmt.majority, fmt.lineup_size) == ("AB", "XY", 3, 2)


@pytest.mark.parametrize(
    ("order", "problem"),
    [
        ("A-X, B-Y", "the order has 2 rubbers; a tie needs an odd number so that one team wins the majority"),
        ("A-X, B-Y, E-Z", "rubber 3 ('E-Z'): 'E' is not a letter of the home side (A, B, C, D)"),
        ("A-X, X-A, B-Y", "rubber 2 ('X-A'): 'X' is not a letter of the home side (A, B, C, D)"),
        ("A-X, B+C-Y, C-Z", "rubber 2 ('B+C-Y') puts a single player against a pair"),
        ("A-X, A+A-X+Y, B-Y", "rubber 2 ('A+A-X+Y'): a side is one player or a pair of two different players"),
        ("A-X, B-Y, C", "rubber 3 ('C') is not written like A-X, A/B-Z or C+A/B-Z+X/Y"),
        ("A-X, C-Y, A-Z", "the order uses the letters A, C; use the first letters in turn (A, B)"),
        ("A-X, A+B-X+Y, A/B-Z", "rubber 3 (A/B–Z) has nobody left when the doubles is played by A+B: "
                               "a player of the doubles plays no later singles where the order gives a choice (table-tennis rules summary §5 (5))"),
        ("", "a tie order lists rubbers like \"A-X, B-Y, C-Z\", or names a preset: ittf, five_singles"),
    ],
)
def test_bad_orders(order, problem):
    with pytest.raises(PodiumError) as error:
        tie_format(order)
    assert error.value.message == problem


def test_ittf_tie_decided_3_0_stops():
    """ITTF order, Tigers win rubbers 1–3: the tie is decided 3-0 and ends (ITTF 3.7 team match procedure).

    Rubbers 4 and 5 are not played. Stats: rubbers 3:0; games 3+3+3 = 9 : 0+1+0 = 1;
    points 33:18 + (9+11+11+11 = 42):(11+8+6+4 = 29) + 33:15 = 108:62.
    """
    result, outcome, text = tie(f"{LINEUPS}; 11-5 11-6 11-7 | 9-11 11-8 11-6 11-4 | A+C-Y+Z 11-5 11-5 11-5")
    assert outcome.kind is OutcomeKind.PLAYED and outcome.winner == 0
    assert outcome.stats == {"rubbers": (3, 0), "games": (9, 1), "points": (108, 62)}
    assert text == f"{LINEUPS}; A-X 11-5 11-6 11-7 | B-Y 9-11 11-8 11-6 11-4 | A+C-Y+Z 11-5 11-5 11-5"
    assert SPORT.scoring.winner_points(outcome) == (2, 1)


def test_a_fourth_rubber_after_3_0_is_refused():
    message = refused(f"{LINEUPS}; 11-5 11-5 11-5 | 11-5 11-5 11-5 | A+C-Y+Z 11-5 11-5 11-5 | 11-5 11-5 11-5")
    assert message == (
        "Rubber 4: the tie was already decided 3-0 after rubber 3; no further rubber is played."
    )


def test_play_all_rubbers():
    """With play_all_rubbers every rubber is played: 3-0 after three rubbers is not yet a full tie."""
    three = f"{LINEUPS}; 11-5 11-5 11-5 | 11-5 11-5 11-5 | A+C-Y+Z 11-5 11-5 11-5"
    assert refused(three, play_all_rubbers=True) == "This event plays all 5 rubbers of a tie (play_all_rubbers = true); 3 were entered."
    _result, outcome, _text = tie(three + " | 5-11 5-11 5-11 | 11-5 11-5 11-5", play_all_rubbers=True)
    assert outcome.stats["rubbers"] == (4, 1)


def test_ittf_doubles_decide_rubbers_4_and_5():
    """Table-tennis rules summary §5 (5): A played the doubles with C, so rubber 4 (A/B–Z) is B–Z; Y played it with Z, so rubber 5 (C–X/Y) is C–X."""
    result, outcome, text = tie(
        f"{LINEUPS}; 11-5 11-5 11-5 | 5-11 5-11 5-11 | A+C-Y+Z 5-11 5-11 5-11 | 11-5 11-5 11-5 | 11-9 9-11 11-9 9-11 11-9"
    )
    assert [r.players for r in result.rubbers] == [
        (("A",), ("X",)), (("B",), ("Y",)), (("A", "C"), ("Y", "Z")), (("B",), ("Z",)), (("C",), ("X",)),
    ]
    assert outcome.winner == 0 and outcome.stats["rubbers"] == (3, 2)
    assert text.endswith("| B-Z 11-5 11-5 11-5 | C-X 11-9 9-11 11-9 9-11 11-9")


def test_a_doubles_player_plays_no_later_singles():
    """Table-tennis rules summary §5 (5): A played the doubles, so A cannot take the A/B place in rubber 4."""
    message = refused(f"{LINEUPS}; 11-5 11-5 11-5 | 5-11 5-11 5-11 | A+C-Y+Z 5-11 5-11 5-11 | A-Z 11-5 11-5 11-5")
    assert message == "Rubber 4 (A/B–Z): A played the doubles and plays no later singles where the order gives a choice (table-tennis rules summary §5 (5))."


def test_the_doubles_pair_must_be_named():
    """Rubber 3 leaves a choice (C with A or B; Z with X or Y): without names it cannot be recorded."""
    message = refused(f"{LINEUPS}; 11-5 11-5 11-5 | 5-11 5-11 5-11 | 11-5 11-5 11-5")
    assert message == "Rubber 3 (C+A/B–Z+X/Y) leaves a choice: name its players, e.g. 'A+C-X+Z 11-9 11-7 11-5'."


def test_a_doubles_pair_that_breaks_the_order():
    """Rubber 3 pairs C with A or B; A+B leaves C out (table-tennis rules summary §5 (3))."""
    message = refused(f"{LINEUPS}; 11-5 11-5 11-5 | 5-11 5-11 5-11 | A+B-Y+Z 11-5 11-5 11-5")
    assert message == "Rubber 3 is C+A/B–Z+X/Y in this tie's order; A+B of Tigers cannot play it."


def test_five_singles_order():
    """Table-tennis plan 6 §7(3): A–Y, B–X, C–Z, A–X, B–Y; Tigers win 3-2 (rubbers 1, 3, 5)."""
    result, outcome, text = tie(
        f"{LINEUPS}; 11-5 11-5 | 5-11 5-11 | 11-5 11-5 | 5-11 9-11 | 11-9 9-11 11-9", tie="five_singles", best_of=3
    )
    assert [r.players for r in result.rubbers] == [
        (("A",), ("Y",)), (("B",), ("X",)), (("C",), ("Z",)), (("A",), ("X",)), (("B",), ("Y",)),
    ]
    assert outcome.stats["rubbers"] == (3, 2) and outcome.winner == 0
    assert text.startswith(f"{LINEUPS}; A-Y 11-5 11-5 | B-X 5-11 5-11")


def test_given_players_must_match_the_order():
    """Table-tennis plan 6 §7(3): player A in rubber 2 is invalid (rubber 2 is B–X)."""
    message = refused(f"{LINEUPS}; 11-5 11-5 | A-X 11-5 11-5 | 11-5 11-5", tie="five_singles", best_of=3)
    assert message == "Rubber 2 is B–X in this tie's order; A of Tigers cannot play it."


@pytest.mark.parametrize(
    ("lineups", "message"),
    [
        ("A=张三 B=李四 C=无名; X=赵六 Y=钱七 Z=孙八", "无名 is not a member of Tigers; its members: 张三, 李四, 王五, 替补."),
        ("A=张三 B=李四 C=张三; X=赵六 Y=钱七 Z=孙八", "张三 is named twice in the line-up of Tigers (A and C); each letter is a different player."),
        ("A=张三 B=李四 C=替补; X=赵六 Y=钱七 Z=孙八",
         "替补 is a reserve of Tigers, and this event allows no substitutions (substitutions = false; table-tennis plan 6 §9.3)."),
        ("A=张三 B=李四; X=赵六 Y=钱七 Z=孙八", "The line-up of Tigers gives A, B; this tie's order needs exactly A, B, C."),
        ("A=张三 B=李四 C=王五 D=替补; X=赵六 Y=钱七 Z=孙八", "The line-up of Tigers gives A, B, C, D; this tie's order needs exactly A, B, C."),
        ("A=张三 B=李四 B=王五; X=赵六 Y=钱七 Z=孙八", "The line-up of Tigers names B twice."),
        ("A=张三 B=李四 C=王五; A=赵六 B=钱七 C=孙八", "Both line-ups use the letters A, B, C; one team plays as A, B, C… and the other as X, Y, Z…."),
        ("A=张三 B=李四 Z=王五; X=赵六 Y=钱七 C=孙八", "The line-up of Tigers uses the letters A, B, Z; one team plays as A, B, C… and the other as X, Y, Z…."),
        ("张三 李四; 赵六 钱七 孙八", "The line-up of Tigers has 2 names; this tie needs 3 players (A, B, C)."),
    ],
)
def test_lineup_errors(lineups, message):
    """Table-tennis plan 6 §7(3) and §9.3: only registered members, three distinct players, no reserves without substitutions."""
    assert refused(f"{lineups}; 11-5 11-5 11-5 | 11-5 11-5 11-5 | A+C-Y+Z 11-5 11-5 11-5") == message


def test_reserves_play_when_substitutions_are_allowed():
    _result, outcome, text = tie(
        "A=张三 B=李四 C=替补; X=赵六 Y=钱七 Z=孙八; 11-5 11-5 11-5 | 11-5 11-5 11-5 | B+C-X+Z 11-5 11-5 11-5", substitutions=True
    )
    assert outcome.winner == 0 and "C=替补" in text


def test_lineups_without_letters_and_lions_as_abc():
    """Names in order mean A, B, C for the first team; letters X, Y, Z on the first line-up make it the away side."""
    plain, _o, text = tie("张三 李四 王五; 赵六, 钱七, 孙八; 11-5 11-5 11-5 | 11-5 11-5 11-5 | A+C-Y+Z 11-5 11-5 11-5")
    assert text.startswith(LINEUPS)
    swapped, outcome, text = tie("X=张三 Y=李四 Z=王五; 赵六 钱七 孙八; 5-11 5-11 5-11 | 5-11 5-11 5-11 | Y+Z-A+C 5-11 5-11 5-11")
    assert swapped.home == 1 and outcome.winner == 1
    assert text == "X=张三 Y=李四 Z=王五; A=赵六 B=钱七 C=孙八; X-A 5-11 5-11 5-11 | Y-B 5-11 5-11 5-11 | Y+Z-A+C 5-11 5-11 5-11"


def test_names_with_spaces():
    """Registered names may hold spaces: with letters, or greedily matched without them."""
    dragons = team("Dragons", "Zhang Wei", "Li Na", "Wang Fang")
    ctx = team_ctx()
    ctx = type(ctx)(event=ctx.event, rules=ctx.rules, sides=(dragons, LIONS))
    text = "Zhang Wei Li Na Wang Fang; X=赵六 Y=钱七 Z=孙八; 11-5 11-5 11-5 | 11-5 11-5 11-5 | A+C-Y+Z 11-5 11-5 11-5"
    result = SPORT.parse_result(text, ctx)
    assert result.lineups[0] == (("A", "Zhang Wei"), ("B", "Li Na"), ("C", "Wang Fang"))
    assert SPORT.parse_result("a=zhang wei b=li na c=wang fang" + text[text.index(";"):], ctx) == result


def test_walkovers_inside_and_of_a_tie():
    """A rubber not played is won by walkover (its players need not be named); a team that does not appear loses the tie by walkover."""
    result, outcome, _text = tie(f"{LINEUPS}; +:- | +:- | +:-")
    assert outcome.kind is OutcomeKind.PLAYED and outcome.stats == {"rubbers": (3, 0), "games": (0, 0), "points": (0, 0)}
    assert result.rubbers[2].players == ((), ())
    _result, outcome, text = tie("-:+")
    assert outcome.kind is OutcomeKind.FORFEIT and outcome.winner == 1 and text == "-:+"
    assert SPORT.scoring.winner_points(outcome) == (0, 2)
    _result, outcome, _text = tie("-:+", walkover_in_ratios=True)
    assert outcome.stats == {"rubbers": (0, 3), "games": (0, 9), "points": (0, 99)}


def test_unknown_doubles_players_leave_later_choices_open():
    """After a doubles won by walkover without names, rubber 4's A/B place must be named."""
    message = refused(f"{LINEUPS}; 11-5 11-5 11-5 | 5-11 5-11 5-11 | +:- | 5-11 5-11 5-11 | 11-5 11-5 11-5")
    assert message == (
        "Rubber 4 (A/B–Z) leaves a choice because the doubles players of an earlier rubber are not known: "
        "name its players, e.g. 'A-Z 11-9 11-7 11-5'."
    )
    _result, outcome, _text = tie(f"{LINEUPS}; 11-5 11-5 11-5 | 5-11 5-11 5-11 | +:- | B-Z 5-11 5-11 5-11 | C-Y 11-5 11-5 11-5")
    assert outcome.stats["rubbers"] == (3, 2)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (f"{LINEUPS}; 11-5 11-5 11-5 | 11-10 11-5 11-5 11-5",
         "Rubber 2: Game 1 (11-10): at 10-10 a game goes on until one side leads by 2 points (ITTF 2.11.1)."),
        (f"{LINEUPS}; 11-5 11-5 11-5 | 5-11 5-11 5-11", "The tie is not finished: a team needs 3 rubbers, and it is 1-1 after 2."),
        (f"{LINEUPS}; 11-5 11-5 11-5 || 11-5 11-5 11-5", "Rubber 2 is empty; give its game scores or a walkover."),
        (f"{LINEUPS}; -:- | 11-5 11-5 11-5", "Rubber 1: a rubber needs a winner; if neither team turned up, enter the whole tie as -:-."),
        (f"{LINEUPS}; ", "The tie lists no rubbers; give their scores separated by '|', e.g. "
                         "'A=张三 B=李四 C=王五; X=赵六 Y=钱七 Z=孙八; 11-9 11-7 11-5 | 9-11 11-8 11-6 11-4 | A+C-X+Z 11-5 11-6 11-9'."),
        ("11-5 11-5 11-5", "A tie result has three parts separated by ';': the line-up of Tigers, the line-up of Lions, then the rubbers "
                           "separated by '|', e.g. 'A=张三 B=李四 C=王五; X=赵六 Y=钱七 Z=孙八; 11-9 11-7 11-5 | 9-11 11-8 11-6 11-4 | "
                           "A+C-X+Z 11-5 11-6 11-9'."),
    ],
)
def test_bad_tie_texts(text, message):
    """The example a refusal gives lines up the two teams' own players (Tigers A=张三 B=李四 C=王五, Lions X=赵六
    Y=钱七 Z=孙八), not placeholder names."""
    assert refused(text) == message


def test_more_rubbers_than_the_order_has():
    text = f"{LINEUPS}; 11-5 11-5 11-5 | 5-11 5-11 5-11 | A+C-Y+Z 11-5 11-5 11-5 | 5-11 5-11 5-11 | 11-9 9-11 11-5 5-11 5-11 | 11-5 11-5 11-5"
    assert refused(text, play_all_rubbers=True) == (
        "Rubber 6: this tie has only 5 rubbers (A–X, B–Y, C+A/B–Z+X/Y, A/B–Z, C–X/Y)."
    )


def test_mirrored_tie_is_the_same_tie():
    """Entered with Lions named first, the tie read back from Tigers is the same result."""
    ctx = team_ctx()
    reverse = type(ctx)(event=ctx.event, rules=ctx.rules, sides=(LIONS, TIGERS))
    given = SPORT.parse_result("X=赵六 Y=钱七 Z=孙八; A=张三 B=李四 C=王五; 5-11 5-11 5-11 | 11-9 11-9 11-9 | Y+Z-A+C 5-11 5-11 5-11 | Z-B 5-11 5-11 5-11", reverse)
    seen = SPORT.mirror(given, reverse)
    assert SPORT.format_result(seen, ctx) == f"{LINEUPS}; A-X 11-5 11-5 11-5 | B-Y 9-11 9-11 9-11 | A+C-Y+Z 11-5 11-5 11-5 | B-Z 11-5 11-5 11-5"
    assert SPORT.parse_result(SPORT.format_result(seen, ctx), ctx) == seen
    assert SPORT.outcome(seen, ctx).stats["rubbers"] == (3, 1)


def test_bad_tie_option_in_meet_toml():
    """The tie option is checked when meet.toml is read, with the file, line and option."""
    from podium.config.meet import parse_meet
    from podium.errors import ConfigError
    from podium.registry import registry

    toml = '[meet]\nname = "x"\n\n[events.team]\nsport = "table_tennis"\nkind = "team"\n\n[events.team.rules]\ntie = "A-X, B-Y"\n'
    with pytest.raises(ConfigError) as error:
        parse_meet(toml, registry())
    assert error.value.message == (
        "meet.toml:9: events.team.rules.tie: option 'tie' cannot be \"A-X, B-Y\": "
        "the order has 2 rubbers; a tie needs an odd number so that one team wins the majority"
    )



def test_names_match_whatever_the_width_of_their_characters():
    """Registered names keep their full-width brackets; a line-up typed with ASCII brackets still finds them."""
    doubles = team("Dragons", "李（小）明", "王五", "Ｚｈａｏ")
    ctx = team_ctx()
    ctx = type(ctx)(event=ctx.event, rules=ctx.rules, sides=(doubles, LIONS))
    result = SPORT.parse_result("李(小)明 王五 zhao; 赵六 钱七 孙八; 11-5 11-5 11-5 | 11-5 11-5 11-5 | A+C-Y+Z 11-5 11-5 11-5", ctx)
    assert result.lineups[0] == (("A", "李（小）明"), ("B", "王五"), ("C", "Ｚｈａｏ"))
