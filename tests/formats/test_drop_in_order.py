"""Double elimination: the order in which winners-bracket losers drop into the losers bracket (issue 21, item 22).

A rematch of a winners-bracket pairing in the losers bracket is what the drop-in order puts off; the
figures per bracket size are measured by ``tools/drop_in_orders.py`` and listed in docs/formats.md.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from podium.formats.base import StageEntrant, StageView
from podium.formats.double_elimination import DoubleElimination, alternating_drop_in, drop_in_order
from podium.model.matches import Match
from tests.formats.helpers import entrants, lower_key_wins, options, play_out, random_winner, view

ROOT = Path(__file__).resolve().parents[2]


def _met_in_winners(matches: list[Match], stage: StageView) -> set[frozenset[str]]:
    return {frozenset(m.entrants) for m in matches if m.key.startswith("W") and m.key in stage.outcomes}  # type: ignore[arg-type]


def test_eight_seeds_meet_no_one_again_in_losers_round_2() -> None:
    """8 seeds, the better seed always wins (worked out by hand).

    Lines 1 8 4 5 2 7 3 6: winners round 1 e1–e8, e4–e5, e2–e7, e3–e6; losers round 1 e8–e5 → e5 and
    e7–e6 → e6. Winners round 2 e1–e4 and e2–e3 drop e4 and e3. In order (``straight``) they would meet e5
    and e6, whom they have just beaten; reversed, e3 meets e5 and e4 meets e6: nobody they met before.
    """
    fmt = DoubleElimination()
    stage, matches = play_out(fmt, view(fmt, entrants(8, seed=list(range(1, 9))), options(fmt)), lower_key_wins)
    assert stage.draw["drop_in"] == ["reversed", "straight"]
    by_key = {m.key: m.entrants for m in matches}
    assert [by_key["W1.1"], by_key["W1.2"], by_key["W2.1"], by_key["W2.2"]] == [("e1", "e8"), ("e4", "e5"), ("e1", "e4"), ("e2", "e3")]
    assert [by_key["L1.1"], by_key["L1.2"]] == [("e8", "e5"), ("e7", "e6")]
    assert [by_key["L2.1"], by_key["L2.2"]] == [("e5", "e3"), ("e6", "e4")]


EARLIEST = {16: 4, 32: 5, 64: 7}
"""The first losers round in which a winners-bracket pairing can meet again (docs/formats.md, "Drop-in order").
For 16 lines by hand: the losers of winners round 3 drop into losers round 4; the survivor facing the loser
of W3.2 (lines 9–16) comes through losers round 1 from the round-1 losers of lines 1–8, so it must also come
from the round-2 losers of lines 1–8 to meet nobody W3.2's loser beat, and those beat round-1 losers of
lines 1–8 in round 2 — one of the two meetings can be a rematch, so round 4 is the best any order does."""


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(lines=st.sampled_from(sorted(EARLIEST)), seed=st.integers(0, 10**6))
def test_no_winners_pairing_meets_again_before_the_measured_round(lines: int, seed: int) -> None:
    """Whoever wins, no losers match before losers round ``EARLIEST[lines]`` pairs two entrants who met in the
    winners bracket (a law of the drawn order, for any outcomes)."""
    fmt = DoubleElimination()
    stage, matches = play_out(fmt, view(fmt, entrants(lines), options(fmt), seed), random_winner(random.Random(seed)))
    met = _met_in_winners(matches, stage)
    early = [m for m in matches if m.key.startswith("L") and int(m.key[1:].split(".")[0]) < EARLIEST[lines]]
    assert early and not [m.key for m in early if frozenset(m.entrants) in met]  # type: ignore[arg-type]


def _layout(draw: dict[str, object]) -> dict[str, tuple[object, ...]]:
    fmt = DoubleElimination()
    people = tuple(StageEntrant(key=f"e{n}") for n in range(1, 33))
    stage = StageView(name="main", options=options(fmt), entrants=people, draw=draw)
    return {m.key: tuple(side.source for side in m.sides) for m in fmt.matches(stage)}


def test_a_draw_recorded_without_its_order_keeps_the_alternating_order() -> None:
    """32 lines, worked out by hand: winners round 3 has 4 matches. The alternating order of older draws drops
    them in order (round 3 is odd), so losers round 4 opens with the loser of W3.1; the measured order swaps the
    halves (W3.3, W3.4, W3.1, W3.2), so it opens with the loser of W3.3."""
    lines = [f"e{n}" for n in range(1, 33)]
    assert alternating_drop_in(32) == ("reversed", "straight", "reversed", "straight")
    assert drop_in_order(32)[1] == "half_swapped"
    old = _layout({"lines": lines})
    new = _layout({"lines": lines, "drop_in": list(drop_in_order(32))})
    assert old["L4.1"] == (("winner", "L3.1"), ("loser", "W3.1"))
    assert new["L4.1"] == (("winner", "L3.1"), ("loser", "W3.3"))


def test_a_draw_recorded_before_the_order_is_still_the_draw_its_seed_gives() -> None:
    """An export made before draws recorded their drop-in order replays (the lines decide); a recorded order
    or lines other than the seed gives are another draw."""
    fmt = DoubleElimination()
    made = fmt.draw(entrants(20), options(fmt), random.Random(3))
    assert made["drop_in"] == list(drop_in_order(32))
    assert fmt.same_draw(made, {"lines": made["lines"]})
    assert not fmt.same_draw(made, {"lines": list(reversed(made["lines"]))})
    assert not fmt.same_draw(made, {"lines": made["lines"], "drop_in": list(alternating_drop_in(32))})


@pytest.mark.slow
def test_the_drawn_orders_are_the_best_measured() -> None:
    """``tools/drop_in_orders.py --check``: the order drawn for 4 to 64 lines is the best of every combination, and
    docs/formats.md shows the figures the tool measures, row for row."""
    done = subprocess.run([sys.executable, "tools/drop_in_orders.py", "--check"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.splitlines() if line.startswith("| ")]
    assert len(rows) == 7 and rows[-1].startswith("| 64 | 10 | 4 (15) |")
    docs = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8").splitlines()
    assert [row for row in rows if row not in docs] == []
