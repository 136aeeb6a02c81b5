"""Hand-worked cases of the FIDE Dutch system (C.04.3, 2025 rules), one or more per criterion family.

Every expected pairing below was worked out by hand from the rule text, following
the order of candidates of art. 3-4 and the criteria [C1]-[C21] of art. 2; the
docstring gives the working. Colours are F (first mover, White) and S (second);
a pair is written (first mover, second mover), board 1 first (C.04.2 art. 3.6).
Players who "met nobody here" played their games against entrants who left.
"""

from __future__ import annotations

import pytest

from podium.formats.dutch import FIRST, SECOND, Pairing, PairingImpossible, SwissPlayer, pair_round
from podium.formats.dutch.colours import ABSOLUTE, MILD, NONE, STRONG, allocate, preference
from tests.swiss.helpers import F, S, Tournament, player


def pairs(pairing: Pairing) -> tuple[tuple[str, str], ...]:
    return pairing.pairs


# Art. 1.7: colour preferences.


@pytest.mark.parametrize(
    ("colours", "expected"),
    [
        ((), (0, NONE)),  # 1.7.4: no game played, no preference
        ((F,), (S, STRONG)),  # 1.7.2: difference +1, the colour that reduces it
        ((F, S), (F, MILD)),  # 1.7.3: difference 0, alternate with the last game
        ((S, F), (S, MILD)),
        ((F, F), (S, ABSOLUTE)),  # 1.7.1: difference +2
        ((S, F, F), (S, ABSOLUTE)),  # 1.7.1: the same colour in the two latest games
        ((F, S, S), (F, ABSOLUTE)),
        ((S, F, S), (F, STRONG)),
        ((F, S, F, F), (S, ABSOLUTE)),
    ],
)
def test_colour_preferences(colours: tuple[int, ...], expected: tuple[int, int]) -> None:
    """FIDE C.04.3 art. 1.7: absolute beyond ±1 or after two equal colours, strong at ±1, mild at 0."""
    assert preference(colours) == expected


# Art. 3.2-3.3 and 5.2.5: round 1.


def test_round_one_top_half_against_bottom_half() -> None:
    """Art. 3.2: S1 = 1-4, S2 = 5-8; art. 3.3: 1-5, 2-6, 3-7, 4-8 is perfect.

    Art. 5.2.5: nobody has a preference, so an odd pairing number gives the
    higher-ranked player the initial colour (first): (1, 5), (6, 2), (3, 7), (8, 4).
    """
    assert pairs(pair_round(Tournament(8).players(), 1)) == (("1", "5"), ("6", "2"), ("3", "7"), ("8", "4"))


def test_round_one_with_the_initial_colour_second() -> None:
    """Art. 5.1, 5.2.5 with the initial colour drawn as second: every pair of round 1 swaps colours."""
    pairing = pair_round(Tournament(8).players(), 1, initial=SECOND)
    assert pairs(pairing) == (("5", "1"), ("2", "6"), ("7", "3"), ("4", "8"))


def test_round_one_odd_field() -> None:
    """7 players: MaxPairs 3, S1 = 1-3, S2 = 4-7; 1-4, 2-5, 3-6 and 7, the last of S2, takes the bye ([C5], art. 1.9.1)."""
    pairing = pair_round(Tournament(7).players(), 1)
    assert pairing.pairs == (("1", "4"), ("5", "2"), ("3", "6"))
    assert pairing.bye == "7"


# [C12], [C13] and transpositions (art. 4.2).


def test_colour_preferences_choose_the_transposition() -> None:
    """FIDE C.04.3 [C12], art. 4.2: four players on 1 point after round 1, who met nobody here.

    1 and 3 had first (they want second), 2 and 4 second (they want first).
    S1 = (1, 2), S2 = (3, 4). The first candidate 1-3, 2-4 leaves two players
    without their colour; the next transposition 1-4, 2-3 gives everyone theirs
    and is taken. Art. 5.2.1: (4, 1), (2, 3).
    """
    players = [player("1", 1, 1, "F"), player("2", 1, 2, "S"), player("3", 1, 3, "F"), player("4", 1, 4, "S")]
    assert pairs(pair_round(players, 2)) == (("4", "1"), ("2", "3"))


def test_strong_preferences_before_mild_ones() -> None:
    """FIDE C.04.3 [C13]: four players on 2 points before round 4, who met nobody here.

    1 (SFS) and 3 (SFS) strongly want first, 4 (FS, after a bye) mildly wants
    first, 2 (SF) mildly wants second. Three want first, so one pair must miss a
    preference ([C12] = 1 at best). The first candidate 1-3, 2-4 misses a strong
    preference; the transposition 1-4, 2-3 misses only 4's mild one ([C13] = 0).
    Art. 5.2.2: 1 has the stronger preference: (1, 4); art. 5.2.1: (3, 2).
    """
    players = [
        player("1", 2, 1, "SFS"),
        player("2", 2, 2, "SF", had_bye=True),
        player("3", 2, 3, "SFS"),
        player("4", 2, 4, "FS", had_bye=True),
    ]
    pairing = pair_round(players, 4)
    assert pairs(pairing) == (("1", "4"), ("3", "2"))
    assert pairing.colour_rules == ("5.2.2", "5.2.1")


def test_absolute_preferences_never_meet() -> None:
    """FIDE C.04.3 [C3], art. 4.2: six players on 1 point before round 3, who met nobody here.

    1 and 4 had first twice (absolute: second); 2, 3 and 6 want first, 5 second.
    Transpositions of S2 = (4, 5, 6) in order: 4-5-6 and 4-6-5 pair 1 with 4
    ([C3]); 5-4-6 and 5-6-4 leave 1 and 5 both wanting second; 6-4-5 pairs
    1-6, 2-4, 3-5 and everyone gets their colour. (6, 1), (2, 4), (3, 5).
    (Podium's engine before the Dutch system chose 1-3, 2-5, 4-6, nearer to the
    natural pairing by a distance; the rule's order of transpositions says 6-4-5.)
    """
    colours = ["FF", "FS", "FS", "FF", "SF", "FS"]
    players = [player(str(k), 1, k, c) for k, c in enumerate(colours, start=1)]
    assert pairs(pair_round(players, 3)) == (("6", "1"), ("2", "4"), ("3", "5"))


# Resident exchanges (art. 4.3).


def test_resident_exchange_in_the_order_of_the_rules() -> None:
    """FIDE C.04.3 art. 4.3: six players on 1 point, no game played; 1 has met 4, 5 and 6 (forfeits).

    No transposition of S2 = (4, 5, 6) gives 1 an opponent, so S1 and S2 exchange
    one player each. Exchanges in order: the smallest difference of the BSN sums
    first, 3 for 4 (difference 1). S1 = (1, 2, 4), S2 = (3, 5, 6): 1-3, 2-5, 4-6
    is perfect. Art. 5.2.5 (no preferences): (1, 3), (5, 2), (6, 4).
    """
    players = [player("1", 1, 1, met=("4", "5", "6"))] + [
        player(str(k), 1, k, met=("1",) if k >= 4 else ()) for k in range(2, 7)
    ]
    assert pairs(pair_round(players, 4)) == (("1", "3"), ("5", "2"), ("6", "4"))


# Moved-down players: [C6], [C7], art. 4.4.


def test_the_higher_moved_down_player_is_paired() -> None:
    """FIDE C.04.3 [C7], art. 4.4: 1 (3 points) and 2 (2.5) have met; 3 has 2, 4 has 0; no game played.

    Bracket 3: 1 alone floats. Bracket 2.5: 1 and 2 cannot meet, both float.
    Bracket 2: MDPs 1, 2 and the resident 3 make one pair; [C7] floats the lower
    score, so the MDP set is {1} (it leaves a Limbo of 2.5, not 3): 1-3. Last
    bracket: 2-4. Art. 5.2.5: (1, 3); 2 is higher-ranked, even: (4, 2).
    """
    players = [
        player("1", 3, 1, met=("2",)),
        player("2", 2.5, 2, met=("1",)),
        player("3", 2, 3),
        player("4", 0, 4),
    ]
    assert pairs(pair_round(players, 5)) == (("1", "3"), ("4", "2"))


def test_the_next_bracket_chooses_the_floater() -> None:
    """FIDE C.04.3 [C8]: 1, 2, 3 have 2 points, 4, 5 have 1, 6 has 0; 3 has met 4 and 5; no game played.

    The top bracket pairs one pair and floats one player. Floating 3 (the natural
    1-2) leaves the next bracket 4-5 with 3 floating on at 2 points; floating 2
    (1-3) lets the next bracket pair 2-4 and float 5 at 1 point: the same number
    of pairs, lower downfloater scores ([C7] of the next bracket). So 1-3, then
    2-4, then 5-6. Art. 5.2.5: (1, 3); 2 even: (4, 2); 5 odd: (5, 6).
    """
    players = [
        player("1", 2, 1),
        player("2", 2, 2),
        player("3", 2, 3, met=("4", "5")),
        player("4", 1, 4, met=("3",)),
        player("5", 1, 5, met=("3",)),
        player("6", 0, 6),
    ]
    pairing = pair_round(players, 4, explain=True)
    assert pairs(pairing) == (("1", "3"), ("4", "2"), ("5", "6"))
    assert pairing.brackets[0].lookahead == "C8"


def test_completion_floats_a_bracket_that_could_pair_itself() -> None:
    """FIDE C.04.3 [C4]: a, b on 2; c, d on 1; e, f on 0, and e and f have met; before round 3.

    c-d would leave e-f, a rematch, so bracket 1 floats both; the last bracket
    has MDPs c, d and residents e, f. c and e want first, d and f second: the
    first candidate c-e, d-f misses two preferences, the transposition c-f,
    d-e none. (a, b), (c, f), (e, d).
    """
    players = [
        player("a", 2, 1, "FS"),
        player("b", 2, 2, "SF"),
        player("c", 1, 3, "FS"),
        player("d", 1, 4, "SF"),
        player("e", 0, 5, "FS", met=("f",)),
        player("f", 0, 6, "SF", met=("e",)),
    ]
    pairing = pair_round(players, 3, explain=True)
    assert pairs(pairing) == (("a", "b"), ("c", "f"), ("e", "d"))
    assert pairing.brackets[1].lookahead == "C4"


# The pairing-allocated bye: [C2], [C5], [C9].


def test_the_bye_goes_to_the_lowest_score_even_if_a_bracket_breaks_up() -> None:
    """FIDE C.04.3 [C5] above [C6]: 1, 2 on 1 point; 3, 4 on 0.5 and have met; 5 on 0; no game played.

    Keeping 1-2 leaves 3 and 4 to float to 5, and the bye to a 0.5 player. [C5]
    wants the bye at 0 points: 5 takes it, so 3 and 4 must meet 1 and 2, and the
    top bracket floats both. Bracket 0.5: S1 = (1, 2), S2 = (3, 4): 1-3, 2-4.
    Art. 5.2.5: (1, 3); 2 even: (4, 2).
    """
    players = [
        player("1", 1, 1),
        player("2", 1, 2),
        player("3", 0.5, 3, met=("4",)),
        player("4", 0.5, 4, met=("3",)),
        player("5", 0, 5),
    ]
    pairing = pair_round(players, 2)
    assert pairs(pairing) == (("1", "3"), ("4", "2"))
    assert pairing.bye == "5"


def test_no_second_bye_and_no_bye_after_a_win_without_playing() -> None:
    """FIDE C.04.3 [C2] (C.04.1 art. 4): 3 players; 3 had a bye, 2 won a round by forfeit; only 1 may take it.

    1 takes the bye; 2-3 play. 2 (F) wants second, 3 (no game) none: (3, 2).
    """
    players = [player("1", 1, 1, "S"), player("2", 1, 2, "F", had_bye=True), player("3", 1, 3, had_bye=True)]
    pairing = pair_round(players, 3)
    assert pairing.bye == "1"
    assert pairs(pairing) == (("3", "2"),)


def test_the_bye_goes_to_the_player_with_fewer_unplayed_games() -> None:
    """FIDE C.04.3 [C9]: 1, 2, 3 on 1 point before round 3; 3 played one game (F), 1 (FS) and 2 (SF) two.

    The first candidate 1-2 leaves the bye to 3, who already has an unplayed
    round; 1-3 leaves it to 2, who has none. [C9] comes before the colours:
    1-3, bye 2. Art. 5.2.1: 1 wants first, 3 second: (1, 3).
    """
    players = [player("1", 1, 1, "FS"), player("2", 1, 2, "SF"), player("3", 1, 3, "F")]
    pairing = pair_round(players, 3)
    assert pairs(pairing) == (("1", "3"),)
    assert pairing.bye == "2"


# Float history: [C14]-[C17].


def test_a_resident_who_downfloated_last_round_does_not_float_again() -> None:
    """FIDE C.04.3 [C14]: 1 (FS), 2 (SF), 3 (SF, downfloated in round 2) on 2 points; 4 (FS), 5 (SF), 6 (FS) on 1.

    The top bracket floats one player: the first candidate 1-2 floats 3, who
    downfloated last round; 1-3 floats 2. Colours are granted either way and the
    next bracket pairs everyone either way ([C8]), so [C14] takes 1-3. Bracket 1:
    2-4, 5-6. Art. 5.2.1: (1, 3), (4, 2), (6, 5).
    """
    players = [
        player("1", 2, 1, "FS"),
        player("2", 2, 2, "SF"),
        player("3", 2, 3, "SF", floats="-D"),
        player("4", 1, 4, "FS"),
        player("5", 1, 5, "SF"),
        player("6", 1, 6, "FS"),
    ]
    pairing = pair_round(players, 3, explain=True)
    assert pairs(pairing) == (("1", "3"), ("4", "2"), ("6", "5"))
    assert [(f.id, f.criterion) for f in pairing.brackets[0].floaters] == [("2", "C14")]


def test_a_resident_who_upfloated_last_round_is_not_the_moved_down_players_opponent() -> None:
    """FIDE C.04.3 [C15]: 1 (FS) alone on 2 points; 2 (SF, upfloated in round 2), 3 (SF), 4 (FS) on 1.

    1 floats into bracket 1: S1 = (1), S2 = (2, 3, 4). The first candidate 1-2
    gives 2 a second upfloat in a row; the next transposition 1-3 with the
    remainder 2-4 avoids it with every colour granted. (1, 3), (4, 2).
    """
    players = [
        player("1", 2, 1, "FS"),
        player("2", 1, 2, "SF", floats="-U"),
        player("3", 1, 3, "SF"),
        player("4", 1, 4, "FS"),
    ]
    assert pairs(pair_round(players, 3)) == (("1", "3"), ("4", "2"))


def test_a_resident_who_downfloated_two_rounds_ago_does_not_float_again() -> None:
    """FIDE C.04.3 [C16]: the [C14] field, but 3 downfloated in round 1 (two rounds before round 3), not in round 2.

    Floating 3 (the first candidate 1-2) repeats a downfloat of two rounds ago;
    floating 2 repeats nothing, and nothing above [C16] tells them apart: 1-3,
    then 2-4, 5-6. (1, 3), (4, 2), (6, 5).
    """
    players = [
        player("1", 2, 1, "FS"),
        player("2", 2, 2, "SF"),
        player("3", 2, 3, "SF", floats="D-"),
        player("4", 1, 4, "FS"),
        player("5", 1, 5, "SF"),
        player("6", 1, 6, "FS"),
    ]
    pairing = pair_round(players, 3, explain=True)
    assert pairs(pairing) == (("1", "3"), ("4", "2"), ("6", "5"))
    assert [(f.id, f.criterion) for f in pairing.brackets[0].floaters] == [("2", "C16")]


def test_the_last_round_counts_before_two_rounds_ago() -> None:
    """FIDE C.04.3 [C14] before [C16]: 2 downfloated last round, 3 two rounds ago.

    Floating 2 costs [C14], floating 3 only [C16]: 3 floats, the first candidate
    1-2 stands, then 3-4 and 5-6. (1, 2), (4, 3), (6, 5).
    """
    players = [
        player("1", 2, 1, "FS"),
        player("2", 2, 2, "SF", floats="-D"),
        player("3", 2, 3, "SF", floats="D-"),
        player("4", 1, 4, "FS"),
        player("5", 1, 5, "SF"),
        player("6", 1, 6, "FS"),
    ]
    assert pairs(pair_round(players, 3)) == (("1", "2"), ("4", "3"), ("6", "5"))


# Colour allocation: art. 5.2.


def test_alternation_to_the_latest_round_with_different_colours() -> None:
    """FIDE C.04.3 art. 5.2.3 (E.3 in the 2017 text) before 5.2.4.

    1 (SFSF) and 2 (FSSF) both mildly want second. Going back from the latest
    game: both had first, then both second, then 1 first and 2 second: so now 1
    gets second and 2 first, although 1 is higher-ranked (5.2.4 is not reached).
    """
    assert allocate((S, F, S, F), (F, S, S, F), 1, FIRST) == (SECOND, "5.2.3")
    players = [player("1", 2, 1, "SFSF"), player("2", 2, 2, "FSSF")]
    pairing = pair_round(players, 5)
    assert pairs(pairing) == (("2", "1"),)
    assert pairing.colour_rules == ("5.2.3",)


def test_the_higher_ranked_player_is_the_one_with_more_points() -> None:
    """FIDE C.04.3 art. 5.2.4 with art. 1.2 (score, then pairing number).

    2 (2 points) floats down to 1 (1 point). Both played FS and mildly want first;
    the histories are the same, so 5.2.3 decides nothing and 5.2.4 gives the
    higher-ranked player, 2 by score although its pairing number is larger, its
    preference: (2, 1). (The caissify engine ranks by pairing number here.)
    """
    players = [player("1", 1, 1, "FS"), player("2", 2, 2, "FS")]
    pairing = pair_round(players, 3)
    assert pairs(pairing) == (("2", "1"),)
    assert pairing.colour_rules == ("5.2.4",)


# Topscorers in the final round: art. 1.8, [C3], [C10], [C11].


def topscorer_field() -> list[SwissPlayer]:
    return [
        player("1", 3, 1, "SFF"),
        player("2", 3, 2, "SFF"),
        player("3", 2, 3, "FSS"),
        player("4", 2, 4, "SFS"),
    ]


def test_before_the_final_round_same_absolute_preferences_do_not_meet() -> None:
    """FIDE C.04.3 [C3]: round 4 of 5. 1 and 2 (3 points) both had first twice running: absolute second.

    Not topscorers yet (art. 1.8: only when pairing the final round), so they may
    not meet: both float to bracket 2, where 1-3 and 2-4 grant every colour
    (3 absolute first, 4 strong first). (3, 1), (4, 2).
    """
    assert pairs(pair_round(topscorer_field(), 4, rounds=5)) == (("3", "1"), ("4", "2"))


def test_topscorers_may_meet_in_the_final_round() -> None:
    """FIDE C.04.3 art. 1.8, [C3], [C10]-[C13], art. 5.2.2-5.2.4: the same field when round 4 is the last.

    Over half of the 3 points possible: 1 and 2 are topscorers, exempt from [C3].
    Pairing them keeps the top bracket whole ([C6] outranks the colour criteria):
    one gets first a third time running ([C11]). Both are absolute with the same
    colour difference (+1), the histories are equal, so 5.2.4: 1, higher-ranked,
    gets second: (2, 1). 3 (absolute) gets first over 4 (strong): (3, 4).
    """
    pairing = pair_round(topscorer_field(), 4, rounds=4)
    assert pairs(pairing) == (("2", "1"), ("3", "4"))
    assert pairing.colour_rules == ("5.2.4", "5.2.2")


# Impossible rounds: art. 1.9.3.


def test_impossible_when_everyone_has_met() -> None:
    players = [SwissPlayer(i, 1, k, set("abc") - {i}, (F, S)) for k, i in enumerate("abc", 1)]
    with pytest.raises(PairingImpossible, match="a has met every other entrant"):
        pair_round(players, 3)


def test_impossible_when_everyone_has_had_the_bye() -> None:
    players = [SwissPlayer(i, 1, k, had_bye=True) for k, i in enumerate("abc", 1)]
    with pytest.raises(PairingImpossible, match="every entrant has had a bye"):
        pair_round(players, 2)


def test_colour_rule_relaxed_when_nothing_else_pairs() -> None:
    """Art. 1.9.3 leaves a round that [C3] makes impossible to the arbiter: Podium relaxes [C3] and says so.

    a and b both had first twice and can only meet each other. Art. 5.2.2 and 5.2.3
    decide nothing (equal histories); 5.2.4 gives a, higher-ranked, its
    preference: (b, a).
    """
    players = [player(i, 2, k, "FF") for k, i in enumerate("ab", 1)]
    pairing = pair_round(players, 3)
    assert pairing.pairs == (("b", "a"),)
    assert pairing.relaxed_colours


@pytest.mark.parametrize(
    "players",
    [
        [SwissPlayer("a", 0, 1), SwissPlayer("a", 0, 2)],
        [SwissPlayer("a", 0, 1), SwissPlayer("b", 0, 1)],
        [SwissPlayer("a", 1, 1, colours=(F, F))],
        [SwissPlayer("a", 1, 1, had_bye=True, colours=(F,))],
    ],
)
def test_rejects_inconsistent_input(players: list[SwissPlayer]) -> None:
    with pytest.raises(ValueError):
        pair_round(players, 2)


def test_trivial_fields() -> None:
    assert pair_round([], 1) == Pairing(pairs=(), bye=None)
    assert pair_round([SwissPlayer("solo", 0, 1)], 1) == Pairing(pairs=(), bye="solo")
