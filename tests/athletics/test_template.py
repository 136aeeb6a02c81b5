"""The school athletics day (``podium init --template school-athletics``) runs from start to finish: 38 events of
grades 7–9 drawn, a timetable that fits the stadium's day, every event played to its final, a school record broken
and printed on the winner's certificate (破校纪录), the records table, start lists and call-room lists in Chinese."""

from __future__ import annotations

import random

import pytest

from podium.faces.demo import play_event
from podium.faces.print.printing import PrintOptions, prepare
from podium.measure.sport import PerformanceInput
from podium.services.draws import make_draw
from podium.services.initialise import ENTRANTS_FILE, initialise
from podium.services.meet import Meet
from podium.services.performances import record_performance
from podium.services.registration import import_entrants
from podium.services.schedule import plan_view
from podium.standings.event_ranking import event_ranking


@pytest.mark.slow
def test_the_school_athletics_day_runs_to_the_end(tmp_path):
    folder = tmp_path / "day"
    initialise(folder, "school-athletics", "zh")
    meet = Meet(folder)
    counts = import_entrants(meet, folder / ENTRANTS_FILE).counts
    assert len(counts) == 38 and sum(counts.values()) == 12 * 32 + 6 * 6 * 1
    for key in meet.config.events:
        make_draw(meet, key, seed=1)
    plan = plan_view(meet.state())
    assert plan.fits and plan.heats >= 38
    laned = [h for e in meet.state().events() for s in e.stages for h in getattr(s, "heats", ())
             if s.config.format == "qualifying" and s.config.options["in_lanes"]]
    assert laned and all(len(h.lanes) <= 8 for h in laned)  # races in lanes; 800 m and 1000 m start together
    jumper = next(iter(meet.state().event("b9_lj").entrants.values()))
    record_performance(meet, "b9_lj", jumper.key, PerformanceInput("6.50"))  # the school record is 5.62
    rng = random.Random(5)
    for key in meet.config.events:
        play_event(meet, key, rng)
    state = meet.state()
    assert all(event_ranking(event).complete for event in state.events())
    certificates = "".join(prepare(meet, "certificates", "b9_lj", lang="zh").parts)
    assert "破校纪录 6.50" in certificates and jumper.name in certificates
    records = "".join(prepare(meet, "records", None, lang="zh").parts)
    assert "新纪录：6.50" in records and "梁博文" in records
    call = "".join(prepare(meet, "callroom", None, lang="zh", options=PrintOptions(everything=True)).parts)
    assert "检录单" in call and "检录" in call
    starts = "".join(prepare(meet, "startlists", "b7_relay", lang="zh").parts)
    assert "棒次" in starts
