"""Head-to-head and measured stages answer the same questions (:class:`podium.journal.stages.StageState`), so no
caller asks which kind of stage it holds.

The measured stage: a sack race of Ann, Bob, Cai and Dan in one heat of 5 lanes (one heat, so it is the final),
timed: Bob 11.50, Ann 12.00, Dan 12.50, Cai 13.00 — lower is better, so Bob, Ann, Dan, Cai.
The head-to-head stage: a knockout of the same four; the final's winner is first, its loser second, and without
a third-place match (CXA 2011 §10.4 makes it a play-off the event may add) the semi-final losers share third.
"""

from __future__ import annotations

import ast
from pathlib import Path

from podium.measure.sport import PerformanceInput
from podium.services.draws import make_draw
from podium.services.meet import Meet
from podium.services.performances import record_performance
from podium.services.registration import import_entrants
from podium.services.results import record
from podium.views.matches import HeatView, MatchView
from podium.views.standings import MatchStageStandings, MeasuredStageStandings

MEET = """
[meet]
name = "Protocol"
language = "en"

[units]
c1 = "Class 1"
c2 = "Class 2"

[events.sack]
sport = "fun_games"
game = "sack_race"

[events.ko]
sport = "table_tennis"
format = "knockout"

[events.ko.rules]
best_of = 3
"""
PEOPLE = ("Ann", "Bob", "Cai", "Dan")
TIMES = {"Bob": "11.50", "Ann": "12.00", "Dan": "12.50", "Cai": "13.00"}
ROOT = Path(__file__).resolve().parents[2]


def meet(make_meet) -> Meet:
    rows = ["event,name,unit"] + [f"{event},{name},Class {1 + i % 2}" for event in ("sack", "ko") for i, name in enumerate(PEOPLE)]
    folder = make_meet(MEET, "\n".join(rows) + "\n")
    found = Meet(folder)
    import_entrants(found, folder / "entrants.csv")
    make_draw(found, "sack", seed=1)
    make_draw(found, "ko", seed=1)
    return found


def test_before_any_result_both_kinds_are_open(make_meet):
    state = meet(make_meet).state()
    for key in ("sack", "ko"):
        (stage,) = state.event(key).stages
        assert not stage.complete and not stage.has_results and list(stage.played_at()) == []
    sack, ko = state.event("sack").stages[0], state.event("ko").stages[0]
    assert [h.key for h in sack.heats] == ["H1"] and sack.matches == () and [h.key for h in sack.pending_heats()] == ["H1"]
    assert ko.heats == () and len(ko.matches) == 3 and len(ko.pending()) == 2  # two semi-finals; the final waits


def test_a_measured_stage_ranks_and_sends_on_by_marks(make_meet):
    found = meet(make_meet)
    for name, time in TIMES.items():
        record_performance(found, "sack", name, PerformanceInput(text=time))
    event = found.state().event("sack")
    (stage,) = event.stages
    assert stage.complete and stage.has_results and stage.done("H1")
    assert sorted(name for name, _at in stage.played_at()) == sorted(e.key for e in event.entrants.values())
    names = {e.key: e.name for e in event.entrants.values()}
    tiers, disqualified, _unplaced = stage.tiers(event, set())
    assert [[names[k] for k in tier] for tier in tiers] == [["Bob"], ["Ann"], ["Dan"], ["Cai"]] and disqualified == set()
    assert [names[e.key] for e in stage.advancing(event).entrants] == ["Bob", "Ann", "Dan", "Cai"]
    (heat,) = stage.item_views(event, found.config.units)
    assert isinstance(heat, HeatView) and sorted((lane.name, lane.mark, lane.place) for lane in heat.lanes) == [
        ("Ann", "12.00", 2), ("Bob", "11.50", 1), ("Cai", "13.00", 4), ("Dan", "12.50", 3),
    ]
    view = stage.standings_view(event, found.config.units)
    assert isinstance(view, MeasuredStageStandings) and [r.name for r in view.rows] == ["Bob", "Ann", "Dan", "Cai"]


def test_a_stage_of_matches_ranks_by_its_bracket(make_meet):
    """Side 0 wins every match: the winners of the semi-finals meet in the final."""
    found = meet(make_meet)
    for _round in range(2):
        for match in found.state().event("ko").stages[0].pending():
            record(found, "ko", [str(match.number)], "11-5 11-5")
    event = found.state().event("ko")
    (stage,) = event.stages
    final = next(m for m in stage.matches if m.round_name == "final")
    semis = [m for m in stage.matches if m.round_name == "semi"]
    assert stage.complete and stage.has_results and stage.done(final.key)
    tiers, disqualified, _unplaced = stage.tiers(event, set())
    losers = {m.entrants[1] for m in semis}
    assert tiers[:2] == [(final.entrants[0],), (final.entrants[1],)] and set(tiers[2]) == losers and disqualified == set()
    views = stage.item_views(event, found.config.units)
    assert all(isinstance(v, MatchView) for v in views) and len(views) == 3
    standings = stage.standings_view(event, found.config.units)
    assert isinstance(standings, MatchStageStandings) and [p.place for p in standings.placings or ()] == [1, 2, 3, 3]


def test_no_module_asks_whether_a_stage_format_or_sport_is_measured():
    """Every ``isinstance`` with a measured class as its second argument, in the whole core: none."""
    offenders = []
    for path in (ROOT / "core").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance" and len(node.args) == 2:
                if "Measured" in ast.unparse(node.args[1]):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []
