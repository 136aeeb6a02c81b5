"""Nigiri (猜先), Weiqi 2002 Art. 10.

"先由高段者握若干白子暂不示人。低段者出示一颗黑子，表示'奇数则己方执黑，反之执白'，出示两颗
黑子则表示'偶数则己方执黑，反之执白'。……双方段位相同时，由年长者握子。"
"""

from __future__ import annotations

import datetime as dt

import pytest

from podium.errors import ResultError
from podium.model.entrants import Entrant, EntrantKind, Person
from podium.plugins.weiqi.colours import Player, nigiri_black, nigiri_holder
from podium.plugins.weiqi.results import player

FIVE_DAN, THREE_DAN = Player(rank=5), Player(rank=3)


def test_higher_rank_holds_the_stones():
    """"先由高段者握若干白子": the 5-dan holds against the 3-dan, whichever is listed first."""
    assert nigiri_holder(FIVE_DAN, THREE_DAN) == 0
    assert nigiri_holder(THREE_DAN, FIVE_DAN) == 1


def test_equal_ranks_the_elder_holds():
    """"双方段位相同时，由年长者握子": born 1990 is older than born 2001."""
    elder = Player(rank=4, birth_date=dt.date(1990, 3, 1))
    younger = Player(rank=4, birth_date=dt.date(2001, 7, 9))
    assert nigiri_holder(younger, elder) == 1
    assert nigiri_holder(elder, younger) == 0


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (Player(rank=4), Player(rank=4)),  # equal ranks, no birth dates
        (Player(rank=4, birth_date=dt.date(1990, 1, 1)), Player(rank=4, birth_date=dt.date(1990, 1, 1))),  # same day
        (Player(rank=4), Player()),  # one rank unknown
    ],
)
def test_undecidable_holder(first, second):
    assert nigiri_holder(first, second) is None


@pytest.mark.parametrize(
    ("shown", "count", "black"),
    [
        (1, 7, "guesser"),  # one stone = "odd, I take Black"; 7 is odd → the guesser plays Black
        (2, 7, "holder"),  # two stones = "even, I take Black"; 7 is odd → the guesser plays White
        (2, 12, "guesser"),  # even guessed, 12 is even → guesser Black
        (1, 12, "holder"),
    ],
)
def test_guess_decides(shown, count, black):
    """Weiqi 2002 Art. 10: the higher rank holds the stones. The holder is player 0 here, so the guesser is player 1."""
    assert nigiri_black(0, shown, count) == (1 if black == "guesser" else 0)
    assert nigiri_black(1, shown, count) == (0 if black == "guesser" else 1)


@pytest.mark.parametrize(("holder", "shown", "count"), [(2, 1, 7), (0, 3, 7), (0, 1, 0)])
def test_nonsense_is_refused(holder, shown, count):
    with pytest.raises(ValueError):
        nigiri_black(holder, shown, count)


def test_nigiri_in_a_result(weiqi, context):
    """Ann is 5 dan, Bo 3 dan (rating column): Ann holds, Bo guesses. Bo showed 1 (odd) and Ann
    grabbed 7: Bo plays Black. "B+R nigiri:1/7" is Bo's win, stored as black:2."""
    ctx = context(ranks=(5, 3))
    result = weiqi.parse_result("B+R nigiri:1/7", ctx)
    assert weiqi.format_result(result, ctx) == "B+R black:2"
    assert weiqi.outcome(result, ctx).winner == 1
    # Bo showed 2 (even) on 7: Bo plays White, Ann Black.
    assert weiqi.format_result(weiqi.parse_result("B+R 猜先:2/7", ctx), ctx) == "B+R"


def test_nigiri_by_age_in_a_result(weiqi, context):
    """Equal ranks: the elder Bo (born 1980) holds and Ann guesses; Ann shows 2, Bo grabbed 10:
    even, Ann plays Black."""
    ctx = context(ranks=(2, 2), births=(dt.date(2005, 1, 1), dt.date(1980, 1, 1)))
    assert weiqi.format_result(weiqi.parse_result("W+T nigiri:2/10", ctx), ctx) == "W+T"


def test_nigiri_without_ranks_is_refused(weiqi, context):
    with pytest.raises(ResultError, match="Podium cannot tell who held the stones"):
        weiqi.parse_result("B+R nigiri:1/7", context())
    with pytest.raises(ResultError, match="the holder grabbed at least one stone"):
        weiqi.parse_result("B+R nigiri:1/0", context(ranks=(5, 3)))


def test_team_boards_use_the_players_ranks():
    """On a team board nigiri compares the two board players (Art. 10 speaks of players); the
    team's own rating (the first member's, from the entrants file) is not a player's rank."""
    team = Entrant("1", "tq", EntrantKind.TEAM, "Red", (Person("Rui", rating=5), Person("Ren", rating=3)), rating=5)
    assert player(team, 1) == Player(rank=3)
    assert player(team, 2) == Player()
    single = Entrant("2", "wq", EntrantKind.INDIVIDUAL, "Ann", (Person("Ann", birth_date=dt.date(1990, 1, 1)),), rating=4)
    assert player(single) == Player(rank=4, birth_date=dt.date(1990, 1, 1))
