"""Tests for the renju / gomoku record adjudicator.

Every expected value below was worked out by hand from the rule text of gomoku rules A
(the college gomoku rules 2012) and rules B (the gomoku contest rules), not copied from the module's output. Diagrams show part of the
15×15 board with row numbers on the left and column letters on top:
``X`` black, ``O`` white, ``*`` the black move being judged, ``.`` empty.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from podium.plugins.gomoku.renju import (
    FORBIDDEN_POLICIES,
    Board,
    Point,
    RenjuError,
    adjudicate,
    check_reported,
    forbidden_kind,
    parse_moves,
)

# Records that are reused by several tests.
BLACK_FIVE_ROW_8 = "h8 a1 i8 a3 j8 a5 k8 a7 l8"
CLEAN_DOUBLE_THREE = "h8 a1 i8 c1 j10 e1 j9 g1 j8"


# --- parsing ---------------------------------------------------------------------------------------


def test_parse_accepts_case_full_width_and_chinese_separators():
    """Letters a–o are columns and numbers 1–15 are rows from the bottom. NFKC turns full-width
    letters, digits and "，；" into ASCII; "、" and the ideographic space separate moves too.

        h8 = column 8, row 8 = Point(7, 7) counting from 0
    """
    assert parse_moves("Ｈ８，ｈ９、Ｉ９；j10\u3000K11") == (
        Point(7, 7),
        Point(7, 8),
        Point(8, 8),
        Point(9, 9),
        Point(10, 10),
    )
    assert parse_moves(["H8", " h9 "]) == (Point(7, 7), Point(7, 8))
    assert parse_moves("") == ()


def test_parse_board_size_19_uses_letters_a_to_s():
    """On 19×19 the columns are a..s with no letter skipped, so s19 is the top-right corner and
    t1 is off the board."""
    assert parse_moves("s19 a1", size=19) == (Point(18, 18), Point(0, 0))
    with pytest.raises(RenjuError, match="off the 19×19 board"):
        parse_moves("a1 t1", size=19)


def test_bad_coordinate_names_move_token_and_range():
    """Move 3 "9h" is not letter-then-number."""
    with pytest.raises(RenjuError) as caught:
        parse_moves("h8 h9 9h")
    assert caught.value.move_number == 3
    assert "move 3" in caught.value.message
    assert "'9h'" in caught.value.message
    assert "columns a–o, rows 1–15" in caught.value.message


@pytest.mark.parametrize("token", ["p8", "h16", "h0"])
def test_point_off_the_board(token):
    """Column p and rows 0 and 16 lie outside a–o × 1–15."""
    with pytest.raises(RenjuError) as caught:
        parse_moves(f"h8 {token}")
    assert caught.value.move_number == 2
    assert "off the 15×15 board" in caught.value.message


def test_stone_on_an_occupied_point():
    """Move 4 is on h8, where move 1 already stands.

       h i
    9  O X
    8  X .     move 4: h8 again
    """
    with pytest.raises(RenjuError) as caught:
        adjudicate("h8 h9 i9 h8")
    assert caught.value.move_number == 4
    assert "h8 is already occupied (by move 1)" in caught.value.message


def test_first_move_must_be_the_centre():
    """Black starts on 天元, h8 on 15×15 (rules A, basic rule 1). The rule can be switched off."""
    with pytest.raises(RenjuError) as caught:
        adjudicate("a1 h8")
    assert caught.value.move_number == 1
    assert "h8" in caught.value.message
    assert adjudicate("a1 h8", centre_first=False).reason == "undecided"


# --- fives -------------------------------------------------------------------------------------------


def test_black_five_horizontal():
    """Five in a row horizontally wins (rules A, basic rule 3). White's a1 a3 a5 a7 never line up.

       g h i j k l m
    8  . X X X X * .     move 9: l8 makes h8–l8, exactly five
    """
    result = adjudicate(BLACK_FIVE_ROW_8)
    assert (result.winner, result.reason, result.move_number) == ("black", "five", 9)
    assert result.point == Point(11, 7)
    assert result.describe() == "Black made five in a row at move 9 (l8): Black wins"
    assert result.describe("zh") == "第 9 手 l8 黑棋五连，黑胜"


def test_white_five_vertical():
    """Five in a row vertically wins for White too (rules B, winning 1). Black's a15 c15 e15 g15 are
    spaced apart, so no five-cell window holds more than three black stones.

         d
      9  .
      8  O     move 10: d8 makes d4–d8
      7  O
      6  O
      5  O
      4  O
      3  .
    """
    result = adjudicate("h8 d4 a15 d5 c15 d6 e15 d7 g15 d8")
    assert (result.winner, result.reason, result.move_number) == ("white", "five", 10)
    assert result.describe("zh") == "第 10 手 d8 白棋五连，白胜"


def test_black_five_rising_diagonal():
    """Diagonal fives count (rules A, basic rule 3).

        g h i j k l m
    13  . . . . . . .
    12  . . . . . * .     move 9: l12 makes h8 i9 j10 k11 l12
    11  . . . . X . .
    10  . . . X . . .
     9  . . X . . . .
     8  . X . . . . .
     7  . . . . . . .
    """
    result = adjudicate("h8 a1 i9 a3 j10 a5 k11 a7 l12")
    assert (result.winner, result.reason, result.move_number) == ("black", "five", 9)


def test_white_five_falling_diagonal():
    """The other diagonal counts too. Black's o15 o13 o11 o9 are spaced apart.

        a b c d e f g
    14  . O . . . . .
    13  . . O . . . .
    12  . . . O . . .
    11  . . . . O . .
    10  . . . . . O .     move 10: f10 makes b14 c13 d12 e11 f10
     9  . . . . . . .
    """
    result = adjudicate("h8 b14 o15 c13 o13 d12 o11 e11 o9 f10")
    assert (result.winner, result.reason, result.move_number) == ("white", "five", 10)


def test_white_overline_counts_as_five():
    """White has no forbidden moves (rules A, basic rule 4) and six or more counts as five (winning 1).

       b c d e f g h i
    3  . O O O O O O .     move 12: f3 joins c3–e3 and g3–h3 into six
    """
    result = adjudicate("h8 c3 a15 d3 c15 e3 e15 g3 g15 h3 i15 f3")
    assert (result.winner, result.reason, result.move_number) == ("white", "overline_white", 12)
    assert result.describe() == "White made an overline at move 12 (f3), which counts as five: White wins"


# --- forbidden moves ----------------------------------------------------------------------------------


def test_black_overline_is_forbidden():
    """A black overline is forbidden and loses (rules A, forbidden move 1).

         g h i j k l m n
      8  . X X X * X X .     move 11: k8 makes h8–m8, six in a row

    Move 9 (m8) was no four: its only five point, k8, makes six.
    """
    result = adjudicate("h8 a1 i8 c1 j8 e1 l8 g1 m8 i1 k8")
    assert (result.winner, result.reason, result.move_number) == ("white", "forbidden_overline", 11)
    assert result.forbidden_moves == ((11, "overline"),)
    assert result.describe("zh") == "第 11 手 k8 黑棋长连禁手，黑负"


def test_black_overline_wins_when_exact_five_is_not_required():
    """With exact_five_for_black=False the overline above counts as five, as for White."""
    result = adjudicate("h8 a1 i8 c1 j8 e1 l8 g1 m8 i1 k8", exact_five_for_black=False)
    assert (result.winner, result.reason, result.move_number) == ("black", "overline_black", 11)
    assert result.forbidden_moves == ()


def test_clean_double_three_loses_under_auto_loss():
    """Two live threes from one move are forbidden (rules A, forbidden move 2), and Black loses at once (rules A, basic rule 4).

         f g h i j k l
     12  . . . . . . .
     11  . . . . . . .
     10  . . . . X . .
      9  . . . . X . .
      8  . . X X * . .     move 9: j8
      7  . . . . . . .

    Row 8 h8 i8 j8 is live: g8 or k8 makes a straight four, and neither point is forbidden.
    Column j j8 j9 j10 is live: j7 or j11 makes a straight four. That is two live threes.
    """
    result = adjudicate(CLEAN_DOUBLE_THREE)
    assert (result.winner, result.reason, result.move_number) == ("white", "forbidden_double_three", 9)
    assert result.forbidden_moves == ((9, "double_three"),)
    assert result.describe() == "Black made a double three at move 9 (j8): Black loses"
    assert result.describe("zh") == "第 9 手 j8 黑棋三三禁手，黑负"


def test_fake_double_three_blocked_by_white_is_allowed():
    """The same shape with White on j11. Column j can now only become j7–j10, which j11 closes,
    so it is a four but not a straight four. That three is dead and j8 makes one live three
    (活三 must threaten a straight four, rules A, shape 2).

         f g h i j k l
     11  . . . . O . .
     10  . . . . X . .
      9  . . . . X . .
      8  . . X X * . .     move 9: j8
      7  . . . . . . .
    """
    result = adjudicate("h8 a1 i8 c1 j10 e1 j9 j11 j8")
    assert (result.winner, result.reason, result.move_number) == (None, "undecided", None)
    assert result.forbidden_moves == ()


def test_fake_double_three_at_the_board_edge_is_allowed():
    """Column f f1 f2 f3 stands on the bottom edge. Only f4 extends it, and f1–f4 has no point
    below f1, so it cannot become a straight four. Only row 1 d1 e1 f1 is live.

         c d e f g h
      4  . . . . . .
      3  . . . X . .
      2  . . . X . .
      1  . X X * . .     f1: allowed
    """
    assert forbidden_kind(Board.from_stones(black="d1 e1 f2 f3"), "f1") is None


def test_same_shape_one_row_up_is_a_double_three():
    """One row higher, f5 makes the straight four f2–f5 (five points f1 and f6). Both threes are
    live (rules A, forbidden move 2).

         c d e f g h
      5  . . . . . .
      4  . . . X . .
      3  . . . X . .
      2  . X X * . .     f2: double three
      1  . . . . . .
    """
    assert forbidden_kind(Board.from_stones(black="d2 e2 f3 f4"), "f2") == "double_three"


RECURSIVE_BLACK = "g8 i8 h9 h10 e11 f11 g11 i11 j11"


def test_fake_double_three_whose_straight_four_point_is_forbidden():
    """Recursive case: a three is live only if the stone that makes its straight four is itself
    allowed (rules A, shape 2 with the special rules).

         d e f g h i j k
     12  . . . . . . . .
     11  . X X X . X X .
     10  . . . . X . . .
      9  . . . . X . . .
      8  . . . X * X . .     h8
      7  . . . . . . . .
      6  . . . . O . . .

    Row 8 g8 h8 i8 is live (f8 or j8). Column h h8 h9 h10: h7 gives h7–h10, but White's h6
    closes it, so that is no straight four. Only h11 gives one, and h11 would join e11–g11 and
    i11–j11 into six, a black overline. So h11 is forbidden, the column three is dead, and h8
    makes one live three.
    """
    board = Board.from_stones(black=RECURSIVE_BLACK, white="h6")
    assert forbidden_kind(board, "h8") is None


def test_without_the_overline_the_recursive_shape_is_a_double_three():
    """Without the row-11 stones, h11 is an ordinary straight-four point. The column three is live
    and h8 is a double three.

         f g h i j
     11  . . . . .
     10  . . X . .
      9  . . X . .
      8  . X * X .     h8
      7  . . . . .
      6  . . O . .
    """
    board = Board.from_stones(black="g8 i8 h9 h10", white="h6")
    assert forbidden_kind(board, "h8") == "double_three"


def test_straight_four_point_that_also_makes_five_keeps_the_three_live():
    """As in the recursive diagram, but row 11 is d11–g11. h11 now completes the exact five
    d11–h11, and a move that makes five is never forbidden (rules A, winning 2). The column three is
    live again, and h8 is a double three.

         c d e f g h i j
     11  . X X X X . . .
     10  . . . . . X . .
      9  . . . . . X . .
      8  . . . . X * X .     h8
      7  . . . . . . . .
      6  . . . . . O . .
    """
    board = Board.from_stones(black="g8 i8 h9 h10 d11 e11 f11 g11", white="h6")
    assert forbidden_kind(board, "h8") == "double_three"


def test_depth_zero_skips_the_recursion():
    """With max_depth=0 the straight-four point is not examined. The column three in the
    recursive diagram then counts as live, and h8 becomes a double three."""
    board = Board.from_stones(black=RECURSIVE_BLACK, white="h6")
    assert forbidden_kind(board, "h8", max_depth=0) == "double_three"


def test_double_four_across_two_lines():
    """Two fours from one move are forbidden (rules A, forbidden move 3).

         g h i j k l
     12  . . . . . .
     11  . . . . X .
     10  . . . . X .
      9  . . . . X .
      8  . X X X * .     move 13: k8 makes h8–k8 and k8–k11
      7  . . . . . .

    Earlier moves made at most one three each. k11 (move 9) made the column three, and j8
    (move 11) made the row three.
    """
    result = adjudicate("h8 a1 k10 c1 i8 e1 k9 g1 k11 i1 j8 k1 k8")
    assert (result.winner, result.reason, result.move_number) == ("white", "forbidden_double_four", 13)
    assert result.forbidden_moves == ((13, "double_four"),)


def test_double_four_on_one_line():
    """One move can make two fours on the same line. They complete different fives, so this is
    a double four (rules A, forbidden move 3: 两个或两个以上的"四").

         e f g h i j k l m
      8  . X . X * X . X .     move 9: i8
            ^           ^
    g8 completes f8–j8 and k8 completes h8–l8. Both are exact fives, because e8 and m8 are empty.
    """
    result = adjudicate("h8 a1 j8 c1 f8 e1 l8 g1 i8")
    assert (result.winner, result.reason, result.move_number) == ("white", "forbidden_double_four", 9)


@pytest.mark.parametrize(
    ("black", "point"),
    [
        # X.XXX.X:  e8 . g8 [h8] i8 . k8 - f8 gives e–i, j8 gives g–k
        ("e8 g8 i8 k8", "h8"),
        # XX.XX.XX: e8 f8 . h8 [i8] . k8 l8 - g8 gives e–i, j8 gives h–l
        ("e8 f8 h8 k8 l8", "i8"),
        # XXX.X.XXX: e8 f8 g8 . [i8] . k8 l8 m8 - h8 gives e–i, j8 gives i–m
        ("e8 f8 g8 k8 l8 m8", "i8"),
    ],
)
def test_double_four_shapes_on_one_line(black, point):
    """Each shape has two five points that are not five apart, so two different fives:

    X.XXX.X    XX.XX.XX    XXX.X.XXX
    """
    assert forbidden_kind(Board.from_stones(black=black), point) == "double_four"


def test_straight_four_alone_is_one_four():
    """.XXXX. has two five points but is a single four (活四, rules A, shape 3), so it is allowed.

       d e f g h i
    8  . X X X * .
    """
    assert forbidden_kind(Board.from_stones(black="e8 f8 g8"), "h8") is None


def test_four_whose_five_point_makes_an_overline_is_no_four():
    """A four is one move from five (rules A, shape 4). For Black six is no five (rules A, forbidden move 1), so
    a line whose only completion is six holds no four.

         g h
     13  . X
     12  . X
     11  . .     h11 would make h8–h13, six
     10  . X
      9  . X
      8  X *     h8; row 8 also holds e8 f8 g8
      7  . .

    h8 makes the straight four e8–h8 and nothing in column h (h7 gives only h7–h10). That is
    one four, allowed. When Black's overline counts as five, h11 completes the column, and h8
    makes two fours.
    """
    board = Board.from_stones(black="e8 f8 g8 h9 h10 h12 h13")
    assert forbidden_kind(board, "h8") is None
    assert forbidden_kind(board, "h8", exact_five=False) == "double_four"


def test_line_with_a_four_is_not_also_a_three():
    """When Black's overline counts as five, a line can hold a four and a straight-four point at
    once. It counts as a four only, so this is four-three, which is allowed (rules A, basic rule 4).

         e f g h i j k l m
     10  . . . . X . . . .
      9  . . . . X . . . .
      8  X X X . * X . X .     i8

    Row 8: h8 completes e8–j8 (six, a five here), so the row holds a four. k8 would also make
    i8–l8 a straight four, but the row counts only as that four. Column i i8 i9 i10 is a live
    three: four plus three.
    """
    board = Board.from_stones(black="e8 f8 g8 j8 l8 i9 i10")
    assert forbidden_kind(board, "i8", exact_five=False) is None


def test_four_three_is_the_legal_winning_path():
    """Black may win only through four-three (rules A, basic rule 4). The 4-3 itself is allowed.

        f g h i j k l
    13  . . . . . . .
    12  . . . . . O .     move 14
    11  . . . . . X .     move 13: straight four k8–k11
    10  . . . . . X .
     9  . . . . . X .
     8  . O X X X X O     move 11: k8 = four h8–k8 (only l8 completes it) + live three k8–k10
     7  . . . . . * .     move 15: k7 makes k7–k11, five
    """
    result = adjudicate("h8 g8 i8 a1 j8 c1 k10 e1 k9 g1 k8 l8 k11 k12 k7")
    assert (result.winner, result.reason, result.move_number) == ("black", "five", 15)
    assert result.forbidden_moves == ()


FIVE_AND_THREES = "h8 a1 k10 c1 m10 e1 k9 g1 l9 i1 i8 k1 j8 m1 g8 o1"


def test_five_together_with_a_forbidden_shape_wins_for_black():
    """If a five and a forbidden shape appear together, the five wins (rules A, basic rule 7; rules A, winning 2).

         f g h i j k l m n
     11  . . . . . . . . .
     10  . . . . . X . X .
      9  . . . . . X X . .
      8  . X X X X * . . .     move 17: k8
      7  . . . . . . . . .

    k8 makes g8–k8, exactly five. It also makes two live threes, k8 k9 k10 and k8 l9 m10.
    """
    result = adjudicate(FIVE_AND_THREES + " k8")
    assert (result.winner, result.reason, result.move_number) == ("black", "five", 17)
    assert result.forbidden_moves == ()


def test_four_three_three_is_a_double_three():
    """The same position without g8, so k8 makes the four h8–k8 instead of a five. 4-3-3 counts
    as double three (rules B, winning 2: 三三 包括 四三三).

         g h i j k l m
     10  . . . . X . X
      9  . . . . X X .
      8  . X X X * . .     k8
    """
    board = Board.from_stones(black="h8 k10 m10 k9 l9 i8 j8")
    assert forbidden_kind(board, "k8") == "double_three"


def test_four_four_three_is_a_double_four():
    """4-4-3 counts as double four (rules B, winning 2: 四四 包括 四四三).

        d e f g h i j
    11  . . . . X . .
    10  . . . . X . X
     9  . . . . X X .
     8  . X X X * . .     h8: fours e8–h8 and h8–h11, three h8 i9 j10
    """
    board = Board.from_stones(black="e8 f8 g8 h9 h10 h11 i9 j10")
    assert forbidden_kind(board, "h8") == "double_four"


def test_five_with_an_overline_on_another_line_is_allowed():
    """h8 makes the exact five d8–h8 and the overline h8–h13. The five wins (rules A, basic rule 7).

        c d e f g h i
    13  . . . . . X .
     ⋮
     9  . . . . . X .
     8  . X X X X * .
    """
    board = Board.from_stones(black="d8 e8 f8 g8 h9 h10 h11 h12 h13")
    assert forbidden_kind(board, "h8") is None


def test_forbidden_kind_rejects_an_occupied_point():
    with pytest.raises(RenjuError, match="occupied"):
        forbidden_kind(Board.from_stones(black="h8"), "h8")


# --- policies ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("policy", ["claim_required", "replay"])
def test_unclaimed_forbidden_move_stands(policy):
    """Rules B: if White does not point the move out at once, Black does not lose (rules B, winning 5).
    Rules A: if White does not point it out, the move is accepted (rules A §2.2). The double three
    at move 9 stays, and Black later wins with a five.

         g h i j k l m
     10  . . . X . . .
      9  . . . X . . .
      8  . X X X X * .     move 9: j8 (double three), move 11: k8, move 13: l8 makes h8–l8
    """
    result = adjudicate(CLEAN_DOUBLE_THREE + " i1 k8 k1 l8", forbidden_policy=policy)
    assert (result.winner, result.reason, result.move_number) == ("black", "five", 13)
    assert result.forbidden_moves == ((9, "double_three"),)
    assert result.describe().endswith("; forbidden moves not penalised: move 9 (j8) double three")
    assert result.describe("zh").endswith("；未判负的禁手：第 9 手 j8 三三")


def test_claim_required_unclaimed_record_stays_undecided():
    """The double three at move 9 stands, and the record ends at move 10 without a result."""
    result = adjudicate(CLEAN_DOUBLE_THREE + " i1", forbidden_policy="claim_required")
    assert (result.winner, result.reason, result.move_number) == (None, "undecided", None)
    assert result.forbidden_moves == ((9, "double_three"),)


def test_claim_required_claimed_forbidden_move_loses():
    """White points out move 9 at once, so Black loses at move 9 (rules B, winning 5)."""
    result = adjudicate(CLEAN_DOUBLE_THREE, forbidden_policy="claim_required", claimed_at=9)
    assert (result.winner, result.reason, result.move_number) == ("white", "forbidden_double_three", 9)


def test_replay_claimed_forbidden_move_is_replayed_not_lost():
    """Rules A: if White points the move out, Black plays it again and does not lose (rules A §2.2)."""
    result = adjudicate(CLEAN_DOUBLE_THREE, forbidden_policy="replay", claimed_at=9)
    assert (result.winner, result.reason, result.move_number) == (None, "replay", 9)
    assert result.describe() == (
        "Black made a double three at move 9 (j8) and White pointed it out: Black must replay the move"
    )
    assert result.describe("zh") == "第 9 手 j8 黑棋三三禁手，白方指出，黑方重下此手"


def test_record_continuing_after_a_claimed_forbidden_move_is_an_error():
    """After White's claim the game is over, so move 10 cannot follow."""
    with pytest.raises(RenjuError) as caught:
        adjudicate(CLEAN_DOUBLE_THREE + " i1", forbidden_policy="claim_required", claimed_at=9)
    assert caught.value.move_number == 10
    assert "after the game ended at move 9" in caught.value.message


@pytest.mark.parametrize("claimed_at", [2, 3, 4])
def test_claim_on_a_move_that_is_not_forbidden_is_an_error(claimed_at):
    """Moves 2–4 of "h8 a1 i8 c1" are ordinary moves. Move 4 (c1) is White's, and White has no
    forbidden moves (rules A, basic rule 4)."""
    with pytest.raises(RenjuError, match="not a forbidden move") as caught:
        adjudicate("h8 a1 i8 c1", forbidden_policy="claim_required", claimed_at=claimed_at)
    assert caught.value.move_number == claimed_at


def test_claim_outside_the_record_is_an_error():
    with pytest.raises(RenjuError, match="not a move of this 2-move record"):
        adjudicate("h8 a1", forbidden_policy="replay", claimed_at=5)


def test_unknown_policy_is_an_error():
    with pytest.raises(RenjuError, match="forbidden_policy"):
        adjudicate("h8", forbidden_policy="ignore")


# --- end of game ---------------------------------------------------------------------------------------


def test_move_after_the_game_ended_is_an_error():
    """l8 at move 9 is a five, so move 10 (h9) comes after the end (a five ends the game: rules A, basic rule 3)."""
    with pytest.raises(RenjuError) as caught:
        adjudicate(BLACK_FIVE_ROW_8 + " h9")
    assert caught.value.move_number == 10
    assert caught.value.message == (
        "move 10 (h9) was played after the game ended at move 9: Black made five in a row (l8)"
    )


def test_short_record_is_undecided():
    """Two stones cannot decide anything. A game can still end off the record by resignation,
    time or agreement (rules A, winning 4; rules A, draw 1)."""
    result = adjudicate("h8 h9")
    assert (result.winner, result.reason, result.move_number) == (None, "undecided", None)
    assert result.describe() == "No result after 2 moves"
    assert result.describe("zh") == "共2手，未分胜负"
    assert adjudicate("").reason == "undecided"


def _striped_full_board() -> list[str]:
    """Black on (col + 2·row) mod 4 ∈ {0, 1}, counting from 0, otherwise White; h8 first."""
    black, white = [], []
    for row in range(15):
        for col in range(15):
            label = f"{chr(ord('a') + col)}{row + 1}"
            (black if (col + 2 * row) % 4 < 2 else white).append(label)
    black.remove("h8")
    black.insert(0, "h8")
    return [move for pair in zip(black, white + [""], strict=True) for move in pair if move]


def test_full_board_without_five_is_a_draw():
    """A full 15×15 board striped so that nobody ever has a five is a draw (rules A, basic rule 5).

         a b c d e f g h ...
      4  O O X X O O X X        row 4 is row 3 shifted by two
      3  X X O O X X O O
      2  O O X X O O X X
      1  X X O O X X O O

    Rows repeat XXOO and each row up shifts by two, so columns alternate X O. Both diagonals also
    repeat XXOO, since one step along either changes col + 2·row by 3 or by -1, both ≡ 3 mod 4.
    So any four neighbouring points in a line hold exactly two black stones. No line can hold a five, and Black can never make a three or a
    four, so no move is forbidden. Black gets 8 stones in each of the 8 rows with even index and
    7 in each of the 7 odd rows: 64 + 49 = 113 = 112 + 1. h8 is black, since 7 + 14 = 21 ≡ 1.
    """
    result = adjudicate(_striped_full_board())
    assert (result.winner, result.reason, result.move_number) == (None, "full_board", 225)
    assert result.forbidden_moves == ()
    assert result.describe() == "The board is full after move 225: draw"


# --- reported results ----------------------------------------------------------------------------------


def test_reported_result_that_contradicts_the_record():
    """Players report a White win, but move 9 was Black's five."""
    result = adjudicate(BLACK_FIVE_ROW_8)
    with pytest.raises(RenjuError) as caught:
        check_reported(result, "white")
    assert caught.value.move_number == 9
    assert caught.value.message == (
        "reported a White win, but the record shows: Black made five in a row at move 9 (l8): Black wins"
    )
    with pytest.raises(RenjuError, match="reported a draw"):
        check_reported(result, None)
    check_reported(result, "black")


def test_reported_result_on_a_record_without_decision():
    """An undecided record contradicts no report (the game may end by resignation, rules A, winning 4),
    but a full board is a draw."""
    undecided = adjudicate("h8 h9")
    for reported in ("black", "white", None):
        check_reported(undecided, reported)
    with pytest.raises(RenjuError, match="board is full"):
        check_reported(adjudicate(_striped_full_board()), "black")


# --- properties ----------------------------------------------------------------------------------------


@st.composite
def legal_records(draw):
    """Distinct on-board points starting on the centre, with random options (no claim)."""
    size = draw(st.sampled_from([5, 7, 9, 15]))
    centre = (size // 2, size // 2)
    others = [(c, r) for c in range(size) for r in range(size) if (c, r) != centre]
    rest = draw(st.permutations(others))
    length = draw(st.integers(0, size * size))
    record = [f"{chr(ord('a') + c)}{r + 1}" for c, r in [centre, *rest][:length]]
    options = {
        "size": size,
        "forbidden_policy": draw(st.sampled_from(FORBIDDEN_POLICIES)),
        "exact_five_for_black": draw(st.booleans()),
    }
    return record, options


@settings(max_examples=200, deadline=None)
@given(legal_records())
def test_random_legal_records(case):
    """A legal record can fail only by going on after the end. Cut there, it ends on its
    deciding move. Adjudication is deterministic. Claiming the first forbidden move straight
    away gives the policy's outcome: a loss, or a replay under "replay"."""
    record, options = case
    try:
        result = adjudicate(record, **options)
    except RenjuError as error:
        assert "was played after" in error.message
        record = record[: error.move_number - 1]
        result = adjudicate(record, **options)
        assert result.move_number == len(record)
    assert adjudicate(record, **options) == result
    assert (result.winner is None) == (result.reason in ("full_board", "undecided"))
    for number, kind in result.forbidden_moves[:1]:
        claimed = adjudicate(record[:number], claimed_at=number, **options)
        if options["forbidden_policy"] == "replay":
            assert (claimed.winner, claimed.reason) == (None, "replay")
        else:
            assert (claimed.winner, claimed.reason) == ("white", f"forbidden_{kind}")
        assert claimed.move_number == number


@given(st.text())
def test_parsing_arbitrary_text_only_raises_renju_error(text):
    try:
        parse_moves(text)
    except RenjuError:
        pass
