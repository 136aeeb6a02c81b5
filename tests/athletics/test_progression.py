"""The announced heights of a high jump bind a series while more than one athlete is still competing, worked by hand
from World Athletics TR 26.1, TR 26.2 and TR 26.4.

The rule: the officials announce the starting height and the heights the bar goes to after each round, until only
one athlete is left having won, or there is a tie for first place (TR 26.1); an athlete may start at any announced
height and jump at any later one (TR 26.2); once the last athlete left has won, that athlete decides the next heights,
and the minimum raise no longer applies (TR 26.4). Podium's choice above the last announced height: the bar goes on
by the last announced step.

The event announces 1.40, 1.45, 1.50, 1.55, 1.60 (steps of 5 cm, so 1.65, 1.70, … above them). Every refusal exits
with status 2 and leaves the meet's files unchanged.
"""

from __future__ import annotations

import json

from tests.athletics.helpers import refused, vertical_jump_meet

ANNOUNCED = "1.40, 1.45, 1.50, 1.55, 1.60"


def meet(make_meet, podium, series, heights=ANNOUNCED):
    """A drawn high jump of D, G and K with the given series recorded (an athlete left out has none yet)."""
    folder = make_meet(vertical_jump_meet("hj", "High jump", "high_jump", heights, jump_off=False), "event,name,unit\nhj,D,Class 1\nhj,G,Class 1\nhj,K,Class 1\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "hj", "--seed", "1")
    for name, text in series.items():
        podium(folder, "perf", "hj", name, text)
    return folder


def marks(podium, folder):
    stage = json.loads(podium(folder, "standings", "hj", "--json").output)["stages"][0]
    return [(r["name"], r["place"], r["mark"]) for r in stage["rows"]]


def test_a_series_starts_at_an_announced_height(make_meet, podium):
    """1.43 lies between the announced 1.40 and 1.45: D may start at 1.40, 1.45, 1.50 or a later one (TR 26.2)."""
    folder = meet(make_meet, podium, {})
    assert refused(podium, folder, "perf", "hj", "D", "1.43:O 1.45:O") == (
        "D cannot start at 1.43 m, which is not an announced height: an athlete starts at one, 1.40 m, 1.45 m, "
        "1.50 m, … (World Athletics TR 26.1, TR 26.2)."
    )
    podium(folder, "perf", "hj", "D", "1.45:O 1.50:XXX")


def test_while_others_compete_the_bar_goes_to_announced_heights_only(make_meet, podium):
    """G and K jump on (K's series, 1.40 to 1.55, is recorded; G's not yet): after 1.40 D's next height is 1.45, 1.50,
    1.55 or a later announced one, never 1.47; passing 1.45 to jump 1.50 is D's right (TR 26.2)."""
    folder = meet(make_meet, podium, {"K": "1.40:O 1.45:O 1.50:O 1.55:XXX"})
    assert refused(podium, folder, "perf", "hj", "D", "1.40:O 1.47:XO 1.50:XXX") == (
        "D cannot go from 1.40 m to 1.47 m, which is not an announced height: only the last athlete left, having won by "
        "the series recorded, chooses the heights, so D's next are 1.45 m, 1.50 m, 1.55 m, … (World Athletics TR 26.1, "
        "TR 26.4)."
    )
    podium(folder, "perf", "hj", "D", "1.40:O 1.50:XO 1.55:XXX")


def test_above_the_last_announced_height_the_bar_goes_on_by_the_last_step(make_meet, podium):
    """K is still competing above 1.60, the last announced height, where G is too: the bar goes on by its last step,
    5 cm: 1.65, 1.70, 1.75 (Podium's choice), so 1.62 is refused and 1.65 taken."""
    folder = meet(make_meet, podium, {"K": "1.50:O 1.60:O 1.65:XXX"})
    assert refused(podium, folder, "perf", "hj", "G", "1.50:O 1.60:O 1.62:XXX") == (
        "G cannot go from 1.60 m to 1.62 m, which is not an announced height: only the last athlete left, having won by "
        "the series recorded, chooses the heights, so G's next are 1.65 m, 1.70 m, 1.75 m, … (World Athletics TR 26.1, "
        "TR 26.4)."
    )
    podium(folder, "perf", "hj", "G", "1.50:O 1.60:O 1.65:XO 1.70:XXX")
    assert marks(podium, folder)[0] == ("G", 1, "1.65")


def test_with_one_announced_height_the_bar_goes_on_by_the_minimum_raise(make_meet, podium):
    """Only 1.40 is announced, and G jumps on to 1.44: above 1.40 the bar goes on by the high jump's least raise,
    2 cm: 1.42, 1.44, 1.46."""
    folder = meet(make_meet, podium, {"G": "1.40:O 1.42:O 1.44:XXX"}, heights="1.40")
    assert refused(podium, folder, "perf", "hj", "D", "1.40:O 1.43:XXX") == (
        "D cannot go from 1.40 m to 1.43 m, which is not an announced height: only the last athlete left, having won by "
        "the series recorded, chooses the heights, so D's next are 1.42 m, 1.44 m, 1.46 m, … (World Athletics TR 26.1, "
        "TR 26.4)."
    )
    podium(folder, "perf", "hj", "D", "1.40:O 1.44:XXX")


def test_the_last_athlete_left_having_won_chooses_the_heights(make_meet, podium):
    """D (1.40:O 1.45:XXX) and K (1.40:XO 1.45:XXX) are out at 1.45, both with 1.40. G cleared 1.45, so after the round
    at 1.45 G is the only one left and has won: G chooses 1.47, then 1.48, 1 cm higher, the least raise no longer
    applying (TR 26.4). While K's series shows K still competing at 1.50, 1.47 is refused."""
    folder = meet(make_meet, podium, {"D": "1.40:O 1.45:XXX", "K": "1.40:XO 1.45:O 1.50:XXX"})
    series = "1.40:O 1.45:O 1.47:O 1.48:XXX"
    assert refused(podium, folder, "perf", "hj", "G", series) == (
        "G cannot go from 1.45 m to 1.47 m, which is not an announced height: only the last athlete left, having won by "
        "the series recorded, chooses the heights, so G's next are 1.50 m, 1.55 m, 1.60 m, … (World Athletics TR 26.1, "
        "TR 26.4)."
    )
    podium(folder, "perf", "hj", "K", "1.40:XO 1.45:XXX", "--reason", "sheet")
    podium(folder, "perf", "hj", "G", series)
    assert marks(podium, folder) == [("G", 1, "1.47"), ("D", 2, "1.40"), ("K", 3, "1.40")]


def test_the_winners_series_may_be_entered_before_the_others(make_meet, podium):
    """The sheet copied row by row, G's row first: G 1.40:O 1.45:O 1.47:O 1.48:XXX is taken while D and K have nothing
    recorded. D 1.40:O 1.45:XXX and K 1.40:XO 1.45:XXX, entered next, show both out at 1.45 with 1.40 while G cleared
    1.45: G was the only one left having won after the round at 1.45, so 1.47 was G's to choose (TR 26.4). G first
    with 1.47; D and K at 1.40, D second with no failure at it, K third (TR 26.8)."""
    folder = meet(make_meet, podium, {"G": "1.40:O 1.45:O 1.47:O 1.48:XXX"})
    podium(folder, "perf", "hj", "D", "1.40:O 1.45:XXX")
    podium(folder, "perf", "hj", "K", "1.40:XO 1.45:XXX")
    assert marks(podium, folder) == [("G", 1, "1.47"), ("D", 2, "1.40"), ("K", 3, "1.40")]


def test_a_series_entered_after_the_winners_cannot_take_a_chosen_height_away(make_meet, podium):
    """G's series with 1.47, a height of G's own choosing, is entered first, then D's, out at 1.45. K's series going on
    to 1.50 shows K still competing when G jumped 1.47, and K's clearing 1.45 at the first attempt, as G did, leaves
    G not ahead of K after 1.45: either way G had not won and 1.47 was not G's to choose (TR 26.1, TR 26.4), so K's
    series is refused, naming G and 1.47. K out at 1.45 is taken."""
    folder = meet(make_meet, podium, {"G": "1.40:O 1.45:O 1.47:O 1.48:XXX", "D": "1.40:O 1.45:XXX"})
    undone = (
        "With this series of K, G was not yet the last athlete left having won at 1.47 m, so 1.47 m, which is not an "
        "announced height, was not G's to choose (World Athletics TR 26.1, TR 26.4)."
    )
    assert refused(podium, folder, "perf", "hj", "K", "1.40:XO 1.45:XO 1.50:XXX") == undone
    assert refused(podium, folder, "perf", "hj", "K", "1.40:O 1.45:O") == undone
    podium(folder, "perf", "hj", "K", "1.40:XO 1.45:XXX")
    assert marks(podium, folder) == [("G", 1, "1.47"), ("D", 2, "1.40"), ("K", 3, "1.40")]


def test_the_last_athlete_left_who_has_not_won_keeps_to_the_announced_heights(make_meet, podium):
    """D clears 1.45 and goes out at 1.50; K has no clearance. G, 1.40 at the second attempt, passes 1.45 and 1.50: after
    the round at 1.50 G is alone but behind D (1.40 against 1.45), so has not won: 1.52 is refused, the next are the
    announced 1.55, 1.60 and, going on, 1.65. Once G clears 1.55 G has won and chooses 1.57 (TR 26.1, TR 26.4)."""
    folder = meet(make_meet, podium, {"D": "1.40:O 1.45:O 1.50:XXX", "K": "1.40:XXX"})
    assert refused(podium, folder, "perf", "hj", "G", "1.40:XO 1.45:- 1.50:- 1.52:XXX") == (
        "G cannot go from 1.50 m to 1.52 m, which is not an announced height: only the last athlete left, having won by "
        "the series recorded, chooses the heights, so G's next are 1.55 m, 1.60 m, 1.65 m, … (World Athletics TR 26.1, "
        "TR 26.4)."
    )
    podium(folder, "perf", "hj", "G", "1.40:XO 1.45:- 1.50:- 1.55:O 1.57:XXX")
    assert marks(podium, folder)[0] == ("G", 1, "1.55")


def test_a_tie_for_first_place_is_not_won(make_meet, podium):
    """D and K go out at 1.50 with 1.45 cleared at the first attempt and no failure before; G has the same up to 1.45 and
    passes 1.50: tied for first, G has not won, so 1.52 is refused (TR 26.1: the announcement runs until one athlete is
    left having won, or there is a tie for first place)."""
    folder = meet(make_meet, podium, {"D": "1.40:O 1.45:O 1.50:XXX", "K": "1.40:O 1.45:O 1.50:XXX"})
    assert refused(podium, folder, "perf", "hj", "G", "1.40:O 1.45:O 1.50:- 1.52:O").startswith(
        "G cannot go from 1.50 m to 1.52 m, which is not an announced height:"
    )


def test_a_series_that_keeps_another_athlete_competing_undoes_a_chosen_height(make_meet, podium):
    """G chose 1.47 as the last athlete left having won after 1.45 (D and K out there). K's series corrected to go on to
    1.50 would put K still competing at 1.47, so G's 1.47 was not G's to choose: refused; K's series ending at 1.45
    with another record of attempts is taken (TR 26.1, TR 26.4)."""
    folder = meet(make_meet, podium, {"D": "1.40:O 1.45:XXX", "K": "1.40:XO 1.45:XXX", "G": "1.40:O 1.45:O 1.47:XXX"})
    assert refused(podium, folder, "perf", "hj", "K", "1.40:XO 1.45:XO 1.50:XXX", "--reason", "sheet") == (
        "With this series of K, G was not yet the last athlete left having won at 1.47 m, so 1.47 m, which is not an "
        "announced height, was not G's to choose (World Athletics TR 26.1, TR 26.4)."
    )
    podium(folder, "perf", "hj", "K", "1.40:XXO 1.45:XXX", "--reason", "sheet")


def test_the_sample_meet_refuses_heights_between_the_announced_ones(tmp_path, podium):
    """The sample meet's girls' high jump announces 1.00, 1.05, … 1.40 and Lin Lin is one of eight: 1.03 is no
    announced height to start at, nor 1.07 a height to go to from 1.00."""
    folder = tmp_path / "demo"
    podium(None, "demo", str(folder), "--no-print")
    assert refused(podium, folder, "perf", "ghj", "Lin Lin", "1.03:O 1.07:XO", "--reason", "walkthrough") == (
        "Lin Lin cannot start at 1.03 m, which is not an announced height: an athlete starts at one, 1.00 m, 1.05 m, "
        "1.10 m, … (World Athletics TR 26.1, TR 26.2)."
    )
    assert refused(podium, folder, "perf", "ghj", "Lin Lin", "1.00:O 1.07:XO", "--reason", "walkthrough").startswith(
        "Lin Lin cannot go from 1.00 m to 1.07 m, which is not an announced height:"
    )
