"""`podium draw --all`: every event not drawn yet and with two entrants or more is drawn, each as its own entry."""

from __future__ import annotations

import json

MEET = """
[meet]
name = "Draw day"
language = "en"

[units]
c1 = "Class 1"

[events.ms]
name = "Men's singles"
sport = "table_tennis"
format = "round_robin"

[events.ws]
name = "Women's singles"
sport = "table_tennis"
format = "round_robin"

[events.xq]
name = "Xiangqi"
sport = "xiangqi"
format = "round_robin"
"""

ENTRANTS = """\
event,name,unit
ms,A1,Class 1
ms,A2,Class 1
ms,A3,Class 1
ms,A4,Class 1
ws,B1,Class 1
xq,C1,Class 1
xq,C2,Class 1
xq,C3,Class 1
"""


def test_draw_all_draws_what_is_left_and_says_what_it_left(make_meet, podium):
    """xq is drawn first by hand; ws has one entrant. `draw --all --seed 5` then draws ms alone: a round robin of 4
    has 4·3/2 = 6 matches; xq is left as drawn and ws undrawn. The draw of ms is the one `draw ms --seed 5` makes."""
    folder = make_meet(MEET, ENTRANTS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "xq", "--seed", "1")
    out = podium(folder, "draw", "--all", "--seed", "5").output.splitlines()
    assert out == [
        "Drew Men's singles (Round robin) with seed 5: 4 entrants, 6 matches. See 'podium matches ms'.",
        "Already drawn, left as they are: Xiangqi.",  # the events by name, not by key
        "Not drawn, fewer than two entrants: Women's singles.",
    ]
    twin = make_meet(MEET, ENTRANTS, name="twin")
    podium(twin, "entrants", "import", str(twin / "entrants.csv"))
    podium(twin, "draw", "ms", "--seed", "5")
    matches = [json.loads(podium(f, "matches", "ms", "--json").output) for f in (folder, twin)]
    assert matches[0] == matches[1]
    kinds = [(e["kind"], e["event"]) for e in json.loads(podium(folder, "log", "--json").output)]
    assert kinds == [("entrants", "ms"), ("entrants", "ws"), ("entrants", "xq"), ("draw", "xq"), ("draw", "ms")]
    assert podium(folder, "draw", "--all").output.splitlines() == [
        "Already drawn, left as they are: Men's singles, Xiangqi.",
        "Not drawn, fewer than two entrants: Women's singles.",
        "No event was left to draw.",
    ]


def test_draw_all_with_an_event_or_without_either_is_refused(make_meet, podium):
    folder = make_meet(MEET, ENTRANTS)
    both = podium(folder, "draw", "ms", "--all", ok=False)
    assert both.exit_code == 2 and "--all draws every event not drawn yet" in both.output
    neither = podium(folder, "draw", ok=False)
    assert neither.exit_code == 2 and "Name the event to draw, or give --all" in neither.output
