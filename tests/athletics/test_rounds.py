"""Heats, qualification and lanes of a race (World Athletics TR 20, TR 21), worked out by hand from the rule text.

The field for most cases: 24 runners e1 … e24 whose entry marks rank them 1 … 24 (seed numbers), in
heats on an 8-lane track. TR 20.3 deals them into three heats in zigzag order — 1 2 3, 3 2 1, 1 2 3 … —
so heat 1 holds e1 e6 e7 e12 e13 e18 e19 e24, heat 2 e2 e5 e8 e11 e14 e17 e20 e23 and heat 3
e3 e4 e9 e10 e15 e16 e21 e22. With three heats and a final of 8 lanes, the first two of each heat go
through by place (Q) and the two fastest of the others by time (q).
"""

from __future__ import annotations

import pytest

from podium.errors import StateError
from podium.formats.base import StageEntrant
from podium.formats.qualifying import QualifyingRounds, draw_lanes, lane_groups, zigzag
from tests.athletics.helpers import athletics, lanes, run_stage

FIELD = [StageEntrant(f"e{n}", seed=n, unit=f"u{n}") for n in range(1, 25)]
HEAT_1 = {"e1", "e6", "e7", "e12", "e13", "e18", "e19", "e24"}
HEAT_2 = {"e2", "e5", "e8", "e11", "e14", "e17", "e20", "e23"}
HEAT_3 = {"e3", "e4", "e9", "e10", "e15", "e16", "e21", "e22"}
HAND = athletics(measure="time", race=100)


def slow(keys: set[str], start: float) -> dict[tuple[int, str], str]:
    """Times for the runners of a heat not in the case, all slower than the case's (0.1 s apart)."""
    return {(1, key): f"{start + 0.1 * index:.1f}" for index, key in enumerate(sorted(keys))}


def test_zigzag_seeding_of_24_runners_into_3_heats():
    """TR 20.3: ranked 1 … 24 and dealt 1 2 3, 3 2 1, 1 2 3, 3 2 1 … into three heats (worked out above)."""
    heats = zigzag([f"e{n}" for n in range(1, 25)], 3)
    assert [set(h) for h in heats] == [HEAT_1, HEAT_2, HEAT_3]
    view, laid = run_stage(QualifyingRounds(), {"lanes": 8}, FIELD, {}, HAND)
    assert [set(h.entrants) for h in laid] == [HEAT_1, HEAT_2, HEAT_3]
    assert view.draw["plan"][0] == {"size": 24, "heats": 3, "Q": 2, "q": 2}


def test_zigzag_keeps_a_unit_apart_as_far_as_the_seeding_allows():
    """e1 and e6 are classmates. Zigzag would put e6 beside e1 in heat 1 (second pass: e4 → heat 3, e5 → heat 2,
    e6 → heat 1); e6 swaps heats with e5, the nearest runner of that pass, so heat 1 holds e5 and heat 2 e6."""
    units = {f"e{n}": f"u{n}" for n in range(1, 25)} | {"e6": "u1"}
    heats = zigzag([f"e{n}" for n in range(1, 25)], 3, units)
    assert set(heats[0]) == HEAT_1 - {"e6"} | {"e5"}
    assert set(heats[1]) == HEAT_2 - {"e5"} | {"e6"}
    assert set(heats[2]) == HEAT_3


def test_lane_groups_of_the_rule():
    """TR 20.4: after the first round the best four draw lanes 3–6, the next two 7–8, the last two 1–2 (8 lanes)."""
    assert lane_groups(8) == [[3, 4, 5, 6], [7, 8], [1, 2]]
    assert lane_groups(9) == [[3, 4, 5, 6], [7, 8, 9], [1, 2]]
    assert lane_groups(6) == [[3, 4, 5, 6], [1, 2]]


@pytest.mark.parametrize("seed", range(8))
def test_lanes_after_the_first_round_are_drawn_in_ranking_groups(seed):
    """Heat 1 (slow): e1 11.9, e6 12.0. Heat 2: e2 11.0, e5 11.1, e8 11.4. Heat 3: e3 11.2, e4 11.3, e9 11.5.
    Q: e1 e6, e2 e5, e3 e4; q: e8 (11.4) and e9 (11.5), the fastest of the others.
    TR 20.3 ranks the finalists by place, then time: winners e2 (11.0), e3 (11.2), e1 (11.9); seconds e5 (11.1),
    e4 (11.3), e6 (12.0); then e8, e9. So e2 e3 e1 e5 draw lanes 3–6, e4 e6 lanes 7–8, e8 e9 lanes 1–2 — e4, faster
    than e1, runs outside him: the heat winner ranks first. Whatever the draw, the groups hold."""
    marks = {
        **slow(HEAT_1 - {"e1", "e6"}, 12.5), **slow(HEAT_2 - {"e2", "e5", "e8"}, 12.6), **slow(HEAT_3 - {"e3", "e4", "e9"}, 12.7),
        (1, "e1"): "11.9", (1, "e6"): "12.0", (1, "e2"): "11.0", (1, "e5"): "11.1", (1, "e8"): "11.4",
        (1, "e3"): "11.2", (1, "e4"): "11.3", (1, "e9"): "11.5",
    }
    view, heats = run_stage(QualifyingRounds(), {"lanes": 8}, FIELD, marks, HAND, seed=seed)
    final = heats[-1]
    assert final.round_name == "final" and len(final.lanes) == 8
    lane = lanes(final)
    assert {lane[k] for k in ("e2", "e3", "e1", "e5")} == {3, 4, 5, 6}
    assert {lane[k] for k in ("e4", "e6")} == {7, 8}
    assert {lane[k] for k in ("e8", "e9")} == {1, 2}
    progress = QualifyingRounds().progress(view, heats)
    assert progress["R1.1"] == {"e1": "Q", "e6": "Q"}
    assert progress["R1.2"] == {"e2": "Q", "e5": "Q", "e8": "q"}
    assert progress["R1.3"] == {"e3": "Q", "e4": "Q", "e9": "q"}


def test_draw_lanes_with_fewer_runners_than_lanes():
    """Seven runners on eight lanes: four to lanes 3–6, two to 7–8, the last to lane 1 or 2 (one lane stays empty)."""
    placed = dict((key, lane) for lane, key in draw_lanes(["a", "b", "c", "d", "e", "f", "g"], 8, __import__("random").Random(3)))
    assert {placed[k] for k in "abcd"} == {3, 4, 5, 6} and {placed[k] for k in "ef"} == {7, 8} and placed["g"] in (1, 2)


TIE = {  # e7 11.3 is the fastest of the others; e8 and e9 tie on 11.4 for the last place by time
    **slow(HEAT_1 - {"e1", "e6", "e7"}, 12.5), **slow(HEAT_2 - {"e2", "e5", "e8"}, 12.6), **slow(HEAT_3 - {"e3", "e4", "e9"}, 12.7),
    (1, "e1"): "11.0", (1, "e6"): "11.2", (1, "e7"): "11.3",
    (1, "e2"): "11.0", (1, "e5"): "11.1", (1, "e8"): "11.4",
    (1, "e3"): "11.0", (1, "e4"): "11.2", (1, "e9"): "11.4",
}


def qualified(view, heats):
    found = {}
    for heat in QualifyingRounds().progress(view, heats).values():
        found.update(heat)
    return found


@pytest.mark.parametrize("seed", range(6))
def test_a_tie_for_the_last_place_by_time_is_drawn_by_lot_when_no_lane_is_free(seed):
    """TR 21: e8 and e9 tie on 11.4 (hand timing: no thousandths) for the second place by time. The final has
    8 lanes and 6 Q + e7 fill seven: one lane, so lots decide — exactly one of them runs the final."""
    view, heats = run_stage(QualifyingRounds(), {"lanes": 8}, FIELD, TIE, HAND, seed=seed)
    through = qualified(view, heats)
    assert len(through) == 8 and through["e7"] == "q"
    assert ("e8" in through) != ("e9" in through)
    assert len(heats[-1].lanes) == 8


def test_a_tie_for_the_last_place_takes_a_free_lane():
    """TR 21: on a 9-lane track (3 heats of 8, Q 2 and q 2 asked), both e8 and e9 go on in the ninth lane."""
    view, heats = run_stage(QualifyingRounds(), {"lanes": 9, "qualify": [[2, 2]]}, FIELD, TIE, HAND)
    through = qualified(view, heats)
    assert len(through) == 9 and through["e8"] == through["e9"] == "q"
    final = heats[-1]
    assert len(final.lanes) == 9 and {lanes(final)[k] for k in ("e8", "e9")} <= {1, 2, 7, 8, 9}


def test_with_lots_asked_a_free_lane_is_not_used():
    """``tie_at_cut = "lots"``: even on nine lanes only one of e8 and e9 goes on."""
    view, heats = run_stage(QualifyingRounds(), {"lanes": 9, "qualify": [[2, 2]], "tie_at_cut": "lots"}, FIELD, TIE, HAND)
    through = qualified(view, heats)
    assert len(through) == 8 and ("e8" in through) != ("e9" in through)


def test_thousandths_of_an_automatic_time_separate_the_tie():
    """TR 21: with fully automatic timing e8 runs 11.401 and e9 11.404 — both 11.41 officially (rounded up to the
    next 0.01 s, TR 19), but the photo-finish thousandths put e8 through and leave e9 out, lanes or not."""
    fat = athletics(measure="time", race=100, timing="fat")
    marks = {**TIE, (1, "e8"): "11.401", (1, "e9"): "11.404"}
    for options in ({"lanes": 8}, {"lanes": 9, "qualify": [[2, 2]]}):
        view, heats = run_stage(QualifyingRounds(), options, FIELD, marks, fat)
        through = qualified(view, heats)
        assert through.get("e8") == "q" and "e9" not in through and len(through) == 8


def test_a_tie_for_the_last_place_by_place_leaves_one_fewer_by_time():
    """TR 21 (and its note on progression): in heat 2, e5 and e8 tie on 11.1 for second place; both go on by place,
    which makes seven Q on 8 lanes, so only one goes on by time: e7 (11.3, the fastest of the others); e9 (11.4)
    does not."""
    marks = {**TIE, (1, "e8"): "11.1"}
    view, heats = run_stage(QualifyingRounds(), {"lanes": 8}, FIELD, marks, HAND)
    through = qualified(view, heats)
    assert {k for k, how in through.items() if how == "Q"} == {"e1", "e6", "e2", "e5", "e8", "e3", "e4"}
    assert {k for k, how in through.items() if how == "q"} == {"e7"}


def test_heats_semi_finals_and_final():
    """``qualify = [[3, 4], [2, 2]]`` with 40 runners on 8 lanes: five heats; 3 × 5 + 4 = 19 to three semi-finals;
    2 × 3 + 2 = 8 to the final."""
    field = [StageEntrant(f"r{n}", seed=n) for n in range(1, 41)]
    plan = QualifyingRounds().plan(40, {"lanes": 8, "in_lanes": True, "heat_size": 12, "qualify": [[3, 4], [2, 2]]})
    assert [(r["heats"], r["Q"], r["q"]) for r in plan] == [(5, 3, 4), (3, 2, 2), (1, 0, 0)]
    assert QualifyingRounds().round_names(plan) == ["heats", "semi", "final"]
    marks = {(rnd, f"r{n}"): f"{10 + n / 10:.1f}" for n in range(1, 41) for rnd in (1, 2, 3)}
    _view, heats = run_stage(QualifyingRounds(), {"lanes": 8, "qualify": [[3, 4], [2, 2]]}, field, marks, HAND)
    by_round = {}
    for heat in heats:
        by_round.setdefault(heat.round_name, []).append(heat)
    assert [len(by_round[r]) for r in ("heats", "semi", "final")] == [5, 3, 1]
    assert sum(len(h.lanes) for h in by_round["semi"]) == 19
    assert set(by_round["final"][0].entrants) == {f"r{n}" for n in range(1, 9)}


def test_a_plan_that_cannot_hold_the_field_says_so():
    """12 runners in heats of 8 need two heats; qualify [[3, 4]] would take 10 of 12 … fine; [[5, 3]] takes 13 > 12,
    everyone: refused. 80 runners on 8 lanes with qualify [[3, 2]] send 32 to a next round, which has no rule."""
    options = {"lanes": 8, "in_lanes": True, "heat_size": 12}
    with pytest.raises(StateError, match="would take all 12 entrants on"):
        QualifyingRounds().plan(12, {**options, "qualify": [[5, 3]]})
    with pytest.raises(StateError, match=r"add a round like qualify = \[\[3, 2\], \[2, 0\]\]"):
        QualifyingRounds().plan(80, {**options, "qualify": [[3, 2]]})


def test_a_race_not_in_lanes_has_heats_of_its_size_and_start_positions_by_lot():
    """1500 m for 20 runners with heats of at most 15: two heats of 10, positions 1–10; 15 by default from the
    venue would not matter, the race is not in lanes."""
    field = [StageEntrant(f"m{n}") for n in range(1, 21)]
    _view, heats = run_stage(QualifyingRounds(), {"in_lanes": False, "heat_size": 15}, field, {}, HAND)
    assert [len(h.lanes) for h in heats] == [10, 10]
    assert all(sorted(lanes(h).values()) == list(range(1, 11)) for h in heats)
