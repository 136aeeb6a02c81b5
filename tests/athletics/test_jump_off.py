"""A high-jump jump-off from the command line, worked by hand from World Athletics TR 26.8.4 and TR 26.9.

The rule: only the athletes tied for first place after countback jump off; each has one attempt at each height and
everyone still in it jumps at every height; the first height is the next announced height above the height they
last cleared; then the bar goes up 2 cm when more than one clears and down 2 cm when all fail; it ends as soon as
exactly one clears a height the others failed. The jump-off decides first place only.

The event announces 1.40, 1.45, 1.50, 1.55, 1.60. D and G both jump 1.40:O 1.45:O 1.50:O 1.55:XXX: equal at 1.50
with no failure at 1.50 and none in all up to it, tied for first after countback (TR 26.8); the jump-off starts at
1.55, the next announced height above 1.50. K jumps 1.40:O 1.45:XXX (third), or like D and G when three are tied.
Every refusal exits with status 2 and leaves the meet's files unchanged.
"""

from __future__ import annotations

import json

import pytest

from tests.athletics.helpers import refused as refused_sentence
from tests.athletics.helpers import vertical_jump_meet

ANNOUNCED = "1.40, 1.45, 1.50, 1.55, 1.60"
TIED = "1.40:O 1.45:O 1.50:O 1.55:XXX"
THIRD = "1.40:O 1.45:XXX"


def meet(make_meet, podium, series, heights=ANNOUNCED):
    """A drawn high jump of D, G and K with the given series recorded (an athlete left out has none yet)."""
    folder = make_meet(vertical_jump_meet("hj", "High jump", "high_jump", heights), "event,name,unit\nhj,D,Class 1\nhj,G,Class 1\nhj,K,Class 1\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "hj", "--seed", "1")
    for name, text in series.items():
        podium(folder, "perf", "hj", name, text)
    return folder


@pytest.fixture
def two_tied(make_meet, podium):
    return meet(make_meet, podium, {"D": TIED, "G": TIED, "K": THIRD})


@pytest.fixture
def three_tied(make_meet, podium):
    return meet(make_meet, podium, {"D": TIED, "G": TIED, "K": TIED})


def jump(podium, folder, name, attempt):
    return podium(folder, "perf", "hj", name, attempt, "--extra")


def refused(podium, folder, name, attempt):
    """The one sentence a refused jump-off attempt prints; nothing is written."""
    return refused_sentence(podium, folder, "perf", "hj", name, attempt, "--extra")


def standings(podium, folder):
    """(name, place, shared) of each row, and the ties still waiting for an extra attempt."""
    stage = json.loads(podium(folder, "standings", "hj", "--json").output)["stages"][0]
    return [(r["name"], r["place"], r["shared"]) for r in stage["rows"]], stage["unresolved"]


def test_the_jump_off_waits_until_the_tied_athletes_are_out_or_retired(make_meet, podium):
    """D is out at 1.55; G, level with D on 1.50 and no failure, passed 1.55 and may still jump 1.60, where a clearance
    would make G first outright: the competition has not ended for G, so no jump-off attempt yet (TR 26.9). Once G
    retires, D and G are tied for first and the jump-off begins at 1.55."""
    folder = meet(make_meet, podium, {"D": TIED, "G": "1.40:O 1.45:O 1.50:O 1.55:-", "K": THIRD})
    assert refused(podium, folder, "D", "1.55:X") == (
        "A jump-off comes after the competition, and G can still jump in it, neither out after three failures in a row "
        "nor retired: record the rest of the series first (World Athletics TR 26.9)."
    )
    assert refused(podium, folder, "G", "1.55:X").startswith("A jump-off comes after the competition, and G can")
    podium(folder, "perf", "hj", "G", "r")
    jump(podium, folder, "D", "1.55:X")
    assert standings(podium, folder) == ([("D", 1, True), ("G", 1, True), ("K", 3, False)], [["D", "G"]])


def test_the_jump_off_waits_for_an_athlete_behind_who_is_still_in(make_meet, podium):
    """D and G are tied for first on 1.50. K, with 1.40 and two failures at 1.45, passed on and is still in: one
    attempt left, which K may take at 1.60 and, clearing it, win (TR 26.2). The jump-off waits for K; K's failure at
    1.60 is K's third in a row, K is out, and the jump-off begins."""
    folder = meet(make_meet, podium, {"D": TIED, "G": TIED, "K": "1.40:O 1.45:XX- 1.50:- 1.55:-"})
    assert refused(podium, folder, "G", "1.55:O") == (
        "A jump-off comes after the competition, and K can still jump in it, neither out after three failures in a row "
        "nor retired: record the rest of the series first (World Athletics TR 26.9)."
    )
    podium(folder, "perf", "hj", "K", "1.60:X")
    jump(podium, folder, "G", "1.55:O")


def test_the_first_jump_off_height_is_the_next_announced_height_above_the_tie(two_tied, podium):
    """j1. D and G last cleared 1.50: the jump-off starts at 1.55. D's attempt at 1.50 is refused, whatever G does
    at 1.55, so D cannot rank above G on attempts at different heights."""
    assert refused(podium, two_tied, "D", "1.50:O") == (
        "D's first jump-off attempt is at 1.55 m, the next announced height above the 1.50 m the tied athletes "
        "cleared, not at 1.50 m (World Athletics TR 26.9)."
    )
    jump(podium, two_tied, "G", "1.55:X")
    assert standings(podium, two_tied) == ([("D", 1, True), ("G", 1, True), ("K", 3, False)], [["D", "G"]])


def test_after_all_fail_the_bar_comes_down_two_centimetres(two_tied, podium):
    """j2. Both fail at 1.55: the bar is lowered 2 cm, to 1.53, not raised to 1.57. At 1.53 D clears and G fails:
    exactly one cleared where the other failed, so D wins; G is second."""
    jump(podium, two_tied, "D", "1.55:X")
    jump(podium, two_tied, "G", "1.55:X")
    assert refused(podium, two_tied, "D", "1.57:O") == (
        "D's next jump-off attempt is at 1.53 m, not 1.57 m: everyone failed at 1.55 m, so the bar comes down 2 cm "
        "(World Athletics TR 26.9)."
    )
    assert refused(podium, two_tied, "G", "1.57:X").startswith("G's next jump-off attempt is at 1.53 m, not 1.57 m")
    jump(podium, two_tied, "D", "1.53:O")
    jump(podium, two_tied, "G", "1.53:X")
    assert standings(podium, two_tied) == ([("D", 1, False), ("G", 2, False), ("K", 3, False)], [])
    assert refused(podium, two_tied, "G", "1.51:O") == (
        "G has no further jump-off attempt: the jump-off ended when D cleared 1.53 m and the others failed "
        "(World Athletics TR 26.9)."
    )


def test_everyone_jumps_at_the_same_height_in_a_round(two_tied, podium):
    """j3. D clears 1.55, the first height; G's attempt at 1.60 is refused (G jumps at 1.55 too), so G cannot win
    with 1.60 against D's 1.55."""
    jump(podium, two_tied, "D", "1.55:O")
    assert refused(podium, two_tied, "G", "1.60:O").startswith("G's first jump-off attempt is at 1.55 m,")
    assert standings(podium, two_tied) == ([("D", 1, True), ("G", 1, True), ("K", 3, False)], [["D", "G"]])


def test_when_more_than_one_clears_the_bar_goes_up_two_centimetres(two_tied, podium):
    """Both clear 1.55: the bar is raised 2 cm, to 1.57 (not 1.60, the next announced height). At 1.57 G clears and D
    fails: G wins."""
    jump(podium, two_tied, "D", "1.55:O")
    jump(podium, two_tied, "G", "1.55:O")
    assert refused(podium, two_tied, "G", "1.60:O") == (
        "G's next jump-off attempt is at 1.57 m, not 1.60 m: more than one athlete cleared 1.55 m, so the bar goes "
        "up 2 cm (World Athletics TR 26.9)."
    )
    jump(podium, two_tied, "D", "1.57:X")
    jump(podium, two_tied, "G", "1.57:O")
    assert standings(podium, two_tied) == ([("G", 1, False), ("D", 2, False), ("K", 3, False)], [])


def test_a_decided_jump_off_takes_no_further_attempt(two_tied, podium):
    """j5. At 1.55 G clears and D fails: G has won, and neither D nor G jumps again."""
    jump(podium, two_tied, "D", "1.55:X")
    jump(podium, two_tied, "G", "1.55:O")
    assert refused(podium, two_tied, "D", "1.53:O") == (
        "D has no further jump-off attempt: the jump-off ended when G cleared 1.55 m and the others failed "
        "(World Athletics TR 26.9)."
    )
    assert refused(podium, two_tied, "G", "1.57:O").startswith("G has no further jump-off attempt")
    assert standings(podium, two_tied) == ([("G", 1, False), ("D", 2, False), ("K", 3, False)], [])


def test_a_jump_off_decides_first_place_only(three_tied, podium):
    """j6. D, G and K tied for first; at 1.55 D clears, G and K fail: D is first and the jump-off is over. G and K
    remain tied, for second, which they share (TR 26.8.4): nobody is asked for another attempt, and none is taken."""
    for name, attempt in (("D", "1.55:O"), ("G", "1.55:X"), ("K", "1.55:X")):
        jump(podium, three_tied, name, attempt)
    assert standings(podium, three_tied) == ([("D", 1, False), ("G", 2, True), ("K", 2, True)], [])
    assert "are tied" not in podium(three_tied, "standings", "hj").output
    assert refused(podium, three_tied, "K", "1.53:O").startswith("K has no further jump-off attempt")


def test_one_who_fails_where_others_clear_is_out_of_the_jump_off(three_tied, podium):
    """D and G clear 1.55, K fails: K is out (third) and D and G go on at 1.57, where D clears and G fails."""
    for name, attempt in (("D", "1.55:O"), ("G", "1.55:O"), ("K", "1.55:X")):
        jump(podium, three_tied, name, attempt)
    assert refused(podium, three_tied, "K", "1.57:O") == (
        "K failed at 1.55 m in the jump-off where D, G cleared, so is out of it and has no further attempt "
        "(World Athletics TR 26.9)."
    )
    jump(podium, three_tied, "D", "1.57:O")
    jump(podium, three_tied, "G", "1.57:X")
    assert standings(podium, three_tied) == ([("D", 1, False), ("G", 2, False), ("K", 3, False)], [])


def test_only_the_athletes_tied_for_first_jump_off(two_tied, podium):
    """K (1.40, third) is not tied for first: no jump-off attempt."""
    assert refused(podium, two_tied, "K", "1.55:O") == (
        "K is not tied for first place; the jump-off is for D, G only (World Athletics TR 26.8.4)."
    )


def test_the_next_height_waits_for_everyone_at_this_one(two_tied, podium):
    """D fails at 1.55; whether the bar goes up or down depends on G's attempt at 1.55, which comes first."""
    jump(podium, two_tied, "D", "1.55:X")
    assert refused(podium, two_tied, "D", "1.53:O") == (
        "D's next jump-off attempt waits for G at 1.55 m: everyone in the jump-off jumps at each height before the "
        "bar moves (World Athletics TR 26.9)."
    )


def test_a_jump_off_waits_for_every_series(make_meet, podium):
    """K has no series yet and might still clear more than 1.50: nobody is known to be tied for first."""
    folder = meet(make_meet, podium, {"D": TIED, "G": TIED})
    assert refused(podium, folder, "D", "1.55:O") == (
        "A jump-off comes after the competition: record the series of K first (World Athletics TR 26.8)."
    )


def test_no_jump_off_without_a_tie_for_first(make_meet, podium):
    """D 1.50 with no failure, G 1.50 with one at 1.50: countback puts D first, so there is nothing to jump off."""
    folder = meet(make_meet, podium, {"D": TIED, "G": "1.40:O 1.45:O 1.50:XO 1.55:XXX", "K": THIRD})
    assert refused(podium, folder, "G", "1.55:O") == (
        "Nobody is tied for first place after countback, so there is no jump-off for G (World Athletics TR 26.8)."
    )


def test_a_jump_off_attempt_is_a_height_not_a_status(two_tied, podium):
    """Only a pass (-) or a retirement (r) says that an athlete does not jump at a height; DNS is refused."""
    before = {p.name: p.read_bytes() for p in two_tied.iterdir() if p.is_file()}
    result = podium(two_tied, "perf", "hj", "D", "--status", "DNS", "--extra", ok=False)
    assert result.exit_code == 2 and result.output.strip() == (
        "Error: D's jump-off attempt is one height and O, X, - (does not jump) or r (retires), not DNS: one who does "
        "not jump at a height passes (-) or retires (r) there (World Athletics TR 26.9)."
    )
    assert {p.name: p.read_bytes() for p in two_tied.iterdir() if p.is_file()} == before


def test_without_an_announced_height_above_the_tie_the_first_height_is_any_above_it(make_meet, podium):
    """Only 1.40 and 1.45 are announced, and D and G tie at 1.50 (TR 26.9 then leaves the height to the officials):
    the first attempt must be above 1.50, and the one recorded first, 1.56, is everyone's; both fail, so the bar
    comes down to 1.54."""
    folder = meet(make_meet, podium, {"D": "1.45:O 1.50:O 1.55:XXX", "G": "1.45:O 1.50:O 1.55:XXX", "K": THIRD},
                  heights="1.40, 1.45")
    assert refused(podium, folder, "D", "1.50:O") == (
        "D's first jump-off attempt is above 1.50 m, the height the tied athletes cleared, not at 1.50 m "
        "(World Athletics TR 26.9)."
    )
    jump(podium, folder, "D", "1.56:X")
    assert refused(podium, folder, "G", "1.55:O") == (
        "G's first jump-off attempt is at 1.56 m, where D jumped, not at 1.55 m: one height for everyone in the "
        "jump-off (World Athletics TR 26.9)."
    )
    jump(podium, folder, "G", "1.56:X")
    assert refused(podium, folder, "G", "1.58:O").startswith("G's next jump-off attempt is at 1.54 m, not 1.58 m")


def test_an_attempt_changes_only_while_no_later_one_depends_on_it(two_tied, podium):
    """Both fail 1.55 and D fails 1.53, the height lowered after it. G's 1.55 becoming a clearance would end the
    jump-off at 1.55 (G cleared where D failed) and leave D's 1.53 after the decision: refused while D's 1.53 stands.
    Once D's 1.53 is voided, G's 1.55 is corrected, and G has won."""
    jump(podium, two_tied, "D", "1.55:X")
    jump(podium, two_tied, "G", "1.55:X")
    jump(podium, two_tied, "D", "1.53:X")
    before = {p.name: p.read_bytes() for p in two_tied.iterdir() if p.is_file()}
    result = podium(two_tied, "perf", "hj", "G", "1.55:O", "--extra", "--reason", "the judge's flag", ok=False)
    assert result.exit_code == 2
    assert result.output.strip() == (
        "Error: G's jump-off attempt 1 cannot change while later attempts depend on its outcome (by D); void those "
        "first (World Athletics TR 26.9)."
    )
    assert {p.name: p.read_bytes() for p in two_tied.iterdir() if p.is_file()} == before
    podium(two_tied, "perf", "hj", "D", "--extra", "--void", "--reason", "G cleared 1.55")
    podium(two_tied, "perf", "hj", "G", "1.55:O", "--extra", "--reason", "the judge's flag")
    assert standings(podium, two_tied) == ([("G", 1, False), ("D", 2, False), ("K", 3, False)], [])


def test_a_status_recorded_by_an_earlier_version_counts_as_not_jumping(two_tied, podium, monkeypatch):
    """A journal from before these checks may hold a jump-off attempt that is a status alone (D: DNS at the first
    round). D did not jump at 1.55, so G, left alone in the jump-off, is first (TR 26.9), and D's next attempt is
    refused with the sentence, not a crash."""
    from podium.plugins.athletics.sport import Athletics

    with monkeypatch.context() as unchecked:
        unchecked.setattr(Athletics, "check_extra", lambda self, measurement, extra: None)
        podium(two_tied, "perf", "hj", "D", "--status", "DNS", "--extra")
    assert standings(podium, two_tied) == ([("G", 1, False), ("D", 2, False), ("K", 3, False)], [])
    assert refused(podium, two_tied, "D", "1.53:X") == (
        "D did not jump at 1.55 m in the jump-off, so gave up any claim to first place and has no further attempt "
        "(World Athletics TR 26.9)."
    )


# An athlete who does not jump at a height of the jump-off (TR 26.9): "1.55:-" (a pass) or "1.55:r" (retired), or
# --status - / r at the round's height. That athlete gives up any claim to first place and ranks below everyone still
# in the jump-off; once one athlete is left alone in it, that athlete is first, having jumped there or not.


def test_a_pass_leaves_the_other_athlete_first(two_tied, podium):
    """D passes 1.55, the first jump-off height: G is alone in the jump-off and first without jumping there; D is
    second, K third as before. G has no attempt left to record, and D none after the pass."""
    jump(podium, two_tied, "D", "1.55:-")
    assert standings(podium, two_tied) == ([("G", 1, False), ("D", 2, False), ("K", 3, False)], [])
    assert refused(podium, two_tied, "G", "1.55:O") == (
        "G is first and has no further jump-off attempt: the jump-off ended when D did not jump at 1.55 m, leaving G "
        "alone in it (World Athletics TR 26.9)."
    )
    assert refused(podium, two_tied, "D", "1.53:O") == (
        "D did not jump at 1.55 m in the jump-off, so gave up any claim to first place and has no further attempt "
        "(World Athletics TR 26.9)."
    )


def test_the_one_left_is_first_even_after_failing_at_that_height(two_tied, podium):
    """G fails 1.55 first; then D retires at 1.55 (r). Had D jumped and failed too, the bar would have come down to
    1.53 for both; D not jumping leaves G alone, first, and D second. The standings explain it with D's -."""
    jump(podium, two_tied, "G", "1.55:X")
    jump(podium, two_tied, "D", "1.55:r")
    assert standings(podium, two_tied) == ([("G", 1, False), ("D", 2, False), ("K", 3, False)], [])
    explain = json.loads(podium(two_tied, "standings", "hj", "--json").output)["stages"][0]["explain"]
    assert [(e["upper"], e["lower"], e["criterion"], e["upper_value"], e["lower_value"]) for e in explain] == [
        ("G", "D", "sudden_death", "—", "-")
    ]
    assert refused(podium, two_tied, "G", "1.53:O").startswith(
        "G has no further jump-off attempt: the jump-off ended when D did not jump at 1.55 m, leaving G first"
    )


def test_one_who_does_not_jump_ranks_below_one_who_failed(three_tied, podium):
    """D, G and K jump off at 1.55: D clears, G fails, K passes. D alone cleared and wins; G jumped and failed, K did
    not jump and gave up any claim to a place above those who jumped: G second, K third (not G and K sharing
    second, as two failures would)."""
    for name, attempt in (("D", "1.55:O"), ("G", "1.55:X"), ("K", "1.55:-")):
        jump(podium, three_tied, name, attempt)
    assert standings(podium, three_tied) == ([("D", 1, False), ("G", 2, False), ("K", 3, False)], [])


def test_the_others_go_on_without_one_who_retires(three_tied, podium):
    """K retires for the first jump-off height (--status r: at the round's height, 1.55); D and G both fail 1.55, so
    the bar comes down 2 cm for the two still in, and K, out, ranks third at once. At 1.53 D clears and G fails:
    D first, G second, K third."""
    podium(three_tied, "perf", "hj", "K", "--status", "r", "--extra")
    jump(podium, three_tied, "D", "1.55:X")
    jump(podium, three_tied, "G", "1.55:X")
    assert standings(podium, three_tied) == ([("D", 1, True), ("G", 1, True), ("K", 3, False)], [["D", "G"]])
    assert refused(podium, three_tied, "K", "1.53:O") == (
        "K did not jump at 1.55 m in the jump-off, so gave up any claim to first place and has no further attempt "
        "(World Athletics TR 26.9)."
    )
    assert refused(podium, three_tied, "D", "1.57:O").startswith("D's next jump-off attempt is at 1.53 m, not 1.57 m")
    jump(podium, three_tied, "D", "1.53:O")
    jump(podium, three_tied, "G", "1.53:X")
    assert standings(podium, three_tied) == ([("D", 1, False), ("G", 2, False), ("K", 3, False)], [])


def test_two_who_do_not_jump_at_one_height_share_their_place(three_tied, podium):
    """D passes and G retires at 1.55: K, alone in the jump-off, is first; D and G, out at the same height, share
    second (TR 26.9 is silent on their order: Podium shares it)."""
    jump(podium, three_tied, "D", "1.55:-")
    jump(podium, three_tied, "G", "1.55:r")
    assert standings(podium, three_tied) == ([("K", 1, False), ("D", 2, True), ("G", 2, True)], [])
    assert refused(podium, three_tied, "K", "1.55:X").startswith(
        "K is first and has no further jump-off attempt: the jump-off ended when D, G did not jump at 1.55 m"
    )


def test_the_sheet_and_the_results_show_one_who_does_not_jump(two_tied, podium):
    """The recording sheet tells the judges how to write the jump-off, a pass included; the results say why G is
    above D: G still in the jump-off (no attempt needed, —) against D's pass (-)."""
    podium(two_tied, "print", "scoresheets", "hj", "--html", "-o", str(two_tied / "sheet.html"))
    assert ("an athlete who does not jump at a height (- or r) gives up any claim to first place, and one left alone in "
            "the jump-off is first (World Athletics TR 26.9).") in (two_tied / "sheet.html").read_text()
    jump(podium, two_tied, "D", "1.55:-")
    assert "G above D: sudden-death extra attempt 1 — vs -" in podium(two_tied, "standings", "hj", "--explain").output
    podium(two_tied, "print", "results", "hj", "--html", "-o", str(two_tied / "results.html"))
    assert "— vs -" in (two_tied / "results.html").read_text()


def test_a_pass_is_at_the_jump_off_height(two_tied, podium):
    """A pass names the height the rule expects like any attempt: 1.55 for the first round, not 1.60."""
    assert refused(podium, two_tied, "D", "1.60:-") == (
        "D's first jump-off attempt is at 1.55 m, the next announced height above the 1.50 m the tied athletes "
        "cleared, not at 1.60 m (World Athletics TR 26.9)."
    )
    assert refused(podium, two_tied, "D", "-") == (
        "A jump-off attempt is one height and O (cleared), X (failed), - (does not jump) or r (retires), like 1.52:O "
        "or 1.52:-."
    )


def test_a_status_alone_needs_a_height_when_none_is_set(make_meet, podium):
    """Only 1.40 and 1.45 are announced and D and G tie at 1.50: no jump-off height is set until one is recorded, so
    --status - says nothing about where D did not jump and is refused; 1.56:- sets it, and G is first."""
    folder = meet(make_meet, podium, {"D": "1.45:O 1.50:O 1.55:XXX", "G": "1.45:O 1.50:O 1.55:XXX", "K": THIRD},
                  heights="1.40, 1.45")
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    result = podium(folder, "perf", "hj", "D", "--status", "-", "--extra", ok=False)
    assert result.output.strip() == (
        "Error: D's jump-off height is not set yet: no height is announced above the 1.50 m the tied athletes "
        "cleared, so give it with the attempt, like 1.52:- (World Athletics TR 26.9)."
    )
    assert {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()} == before
    jump(podium, folder, "D", "1.56:-")
    assert standings(podium, folder) == ([("G", 1, False), ("D", 2, False), ("K", 3, False)], [])


def test_the_athletes_still_to_jump_are_listed_as_each_language_lists_them(make_meet, podium):
    """丁一 and 高二 are tied; 孔三 and 马四 have no series yet, so the jump-off waits for both: Chinese lists them
    with the enumeration comma 、 and writes no space beside a Chinese name, English lists them with a comma."""
    folder = make_meet(vertical_jump_meet("hj", "High jump", "high_jump", ANNOUNCED),
                       "event,name,unit\nhj,丁一,Class 1\nhj,高二,Class 1\nhj,孔三,Class 1\nhj,马四,Class 1\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "hj", "--seed", "1")
    podium(folder, "perf", "hj", "丁一", TIED)
    podium(folder, "perf", "hj", "高二", TIED)
    chinese = refused_sentence(podium, folder, "--lang", "zh", "perf", "hj", "丁一", "1.55:O", "--extra")
    waiting = chinese.removeprefix("错误：")
    assert waiting in (
        "决名次跳在比赛结束后进行：请先记录孔三、马四的试跳成绩（世界田联技术规则 TR 26.8）。",
        "决名次跳在比赛结束后进行：请先记录马四、孔三的试跳成绩（世界田联技术规则 TR 26.8）。",
    ), chinese
    english = refused_sentence(podium, folder, "--lang", "en", "perf", "hj", "丁一", "1.55:O", "--extra")
    assert english in (
        "A jump-off comes after the competition: record the series of 孔三, 马四 first (World Athletics TR 26.8).",
        "A jump-off comes after the competition: record the series of 马四, 孔三 first (World Athletics TR 26.8).",
    )
