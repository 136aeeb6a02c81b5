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

TOML = """
[meet]
name = "High jump"
date = 2026-04-22
language = "en"

[units]
c1 = "Class 1"

[venues.field]
name = "Field"
resources = {{ pit = 1 }}

[[venues.field.sessions]]
name = "am"
start = "08:00"
end = "12:00"

[events.hj]
name = "High jump"
sport = "athletics"
game = "high_jump"
schedule = {{ resource = "pit" }}
rules = {{ heights = [{heights}], jump_off = true }}
"""
ANNOUNCED = "1.40, 1.45, 1.50, 1.55, 1.60"
TIED = "1.40:O 1.45:O 1.50:O 1.55:XXX"
THIRD = "1.40:O 1.45:XXX"


def meet(make_meet, podium, series, heights=ANNOUNCED):
    """A drawn high jump of D, G and K with the given series recorded (an athlete left out has none yet)."""
    folder = make_meet(TOML.format(heights=heights), "event,name,unit\nhj,D,Class 1\nhj,G,Class 1\nhj,K,Class 1\n")
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
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    result = podium(folder, "perf", "hj", name, attempt, "--extra", ok=False)
    assert result.exit_code == 2, result.output
    assert {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()} == before
    return result.output.strip().removeprefix("Error: ")


def standings(podium, folder):
    """(name, place, shared) of each row, and the ties still waiting for an extra attempt."""
    stage = json.loads(podium(folder, "standings", "hj", "--json").output)["stages"][0]
    return [(r["name"], r["place"], r["shared"]) for r in stage["rows"]], stage["unresolved"]


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
    before = {p.name: p.read_bytes() for p in two_tied.iterdir() if p.is_file()}
    result = podium(two_tied, "perf", "hj", "D", "--status", "DNS", "--extra", ok=False)
    assert result.exit_code == 2 and "A jump-off attempt is one height and O or X, like 1.52:O." in result.output
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


def test_a_status_recorded_by_an_earlier_version_counts_as_not_cleared(two_tied, podium, monkeypatch):
    """A journal from before these checks may hold a jump-off attempt that is a status alone (D: DNS at the first
    round). It cleared nothing, as an athlete who does not jump (TR 26.9): G clearing 1.55 is then the only one over
    the bar, which decides the jump-off, so D's next attempt is refused with the sentence, not a crash."""
    from podium.plugins.athletics.sport import Athletics

    with monkeypatch.context() as unchecked:
        unchecked.setattr(Athletics, "check_extra", lambda self, measurement, extra: None)
        podium(two_tied, "perf", "hj", "D", "--status", "DNS", "--extra")
    jump(podium, two_tied, "G", "1.55:O")
    assert refused(podium, two_tied, "D", "1.57:X") == (
        "D has no further jump-off attempt: the jump-off ended when G cleared 1.55 m and the others failed "
        "(World Athletics TR 26.9)."
    )
