"""Fuzzing whole meets (issue 11): random entrants, events of every sport and format (round robin, groups,
knockout, double elimination, Swiss and their hybrids; table-tennis team ties; tie-break chains), and random
sequences of valid, mutated and garbage results, corrections, performances, withdrawals and the
organiser's next steps (pairing a Swiss round, advancing to the next stage).

Each example builds a real meet folder and drives it through the services the CLI calls.
Laws, checked after every step and at the end:

- nothing but a :class:`PodiumError` escapes, and a refused step leaves ``meet.sqlite``
  byte-for-byte as it was;
- every entrant of a drawn stage appears exactly once in its standings (head-to-head tables,
  and measured rankings together with those still waiting);
- places start at 1 and never go down; a place is either the row's position or shared with
  the row above (1, 2=, 2=, 4);
- points never go up down the table, and each entrant's points, wins, draws, losses and games
  played are what its outcomes give under the event's scoring (docs/meet.md, "Scoring");
- a knockout of n plays n − 1 matches (one more with a third-place match; fewer only after a double forfeit);
  a Swiss never pairs two entrants twice; a knockout's places list each entrant at most once, in order.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import hypothesis
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from podium.errors import PodiumError
from podium.journal.measured_stage import MeasuredStageState
from podium.journal.stages import StageState
from podium.journal.state import EventState
from podium.measure.sport import MeasuredSport, PerformanceInput
from podium.model.outcomes import Outcome, OutcomeKind
from podium.model.scoring import Scoring
from podium.services.draws import make_draw
from podium.services.meet import Meet
from podium.services.performances import record_performance, simulate_performances
from podium.services.progress import proceed
from podium.services.registration import import_entrants
from podium.services.results import record, record_many
from podium.services.views import standings_view
from podium.services.withdrawals import withdraw

EVENTS: dict[str, str] = {
    "tt": 'sport = "table_tennis"\n[events.{key}.rules]\nbest_of = 3',
    "tt2": 'sport = "table_tennis"\n[[events.{key}.stages]]\nname = "main"\nformat = "round_robin"\ncycles = 2',
    "tt_walkovers": 'sport = "table_tennis"\nscoring = "ittf"\n[events.{key}.rules]\nbest_of = 1',
    "tt_team": 'sport = "table_tennis"\nkind = "team"\n[events.{key}.rules]\nbest_of = 1',
    "xq": 'sport = "xiangqi"',
    "xq_wins": 'sport = "xiangqi"\ntiebreaks = ["wins"]',
    "xq_chain": 'sport = "xiangqi"\ntiebreaks = "cxa-14.2"\nstandings = { decide = [1] }',
    "xq_two_games": 'sport = "xiangqi"\ntiebreaks = ["game_points", "wins"]\nscoring = "3-1-0"\n[events.{key}.rules]\ngames = 2',
    "xq_asymmetric": 'sport = "xiangqi"\nscoring = "cxa-13.3-asymmetric"',
    "wq": 'sport = "weiqi"\n[events.{key}.rules]\nkomi = 0.0',
    "gm": 'sport = "gomoku"',
    "gm_b": 'sport = "gomoku"\ntiebreaks = ["game_points"]\n[events.{key}.rules]\nrule_set = "B"',
    "ko": 'sport = "table_tennis"\nformat = "knockout"\n[events.{key}.rules]\nbest_of = 1',
    "ko_places": 'sport = "xiangqi"\n[[events.{key}.stages]]\nname = "main"\nformat = "knockout"\nthird_place = true',
    "de": 'sport = "gomoku"\n[[events.{key}.stages]]\nname = "main"\nformat = "double_elimination"',
    "groups_ko": 'sport = "table_tennis"\n[events.{key}.rules]\nbest_of = 1\n[[events.{key}.stages]]\nname = "groups"\n'
                 'format = "groups"\ngroups = 2\nadvance = 2\n[[events.{key}.stages]]\nname = "final"\nformat = "knockout"',
    "swiss": 'sport = "xiangqi"\n[[events.{key}.stages]]\nname = "swiss"\nformat = "swiss"\nrounds = 4',
    "swiss_ko": 'sport = "weiqi"\n[[events.{key}.stages]]\nname = "swiss"\nformat = "swiss"\nrounds = 3\nadvance = 4\n'
                '[[events.{key}.stages]]\nname = "final"\nformat = "knockout"',
    "tow": 'sport = "fun_games"\ngame = "tug_of_war"\nkind = "individual"',
    "sack": 'sport = "fun_games"\ngame = "sack_race"\n[[events.{key}.stages]]\nname = "main"\nformat = "heats"\nlanes = 3',
    "rope": 'sport = "fun_games"\ngame = "rope_skipping"',
    "sandbag": 'sport = "fun_games"\ngame = "sandbag_throw"',
    "throw": 'sport = "fun_games"\ngame = "accuracy_throw"',
    "chairs": 'sport = "fun_games"\ngame = "musical_chairs"',
    "dance": 'sport = "fun_games"\ngame = "square_dance"\nkind = "individual"\n[events.{key}.rules]\njudges = 3',
}
TEAMS = {"tt_team"}
"""Events whose entrants are teams of three (names taken three at a time)."""
NAMES = ["Ann", "Bo", "Cai", "Dan", "Eve", "Fu", "Gao", "Hu", "Ivy", "Jun", "李娜", "王磊"]
GARBAGE = st.one_of(
    st.text(max_size=20),
    st.text(alphabet="0123456789-:+= ,.BWR红黑胜负和", max_size=16),
    st.sampled_from(["11-10", "2:2", "1-0 fouls=3:0", "warn:BB", "-12.3", "101", "", "+:-", "-:-", "Draw", "1e3", "9" * 40]),
)


@st.composite
def meets(draw: st.DrawFn) -> dict[str, Any]:
    """A meet: up to three events, each with 0–9 entrants (now and then one oddly named), and 3–25 steps."""
    kinds = draw(st.lists(st.sampled_from(sorted(EVENTS)), min_size=1, max_size=3, unique=True))
    entrants = {}
    for i in range(len(kinds)):
        names = draw(st.permutations(NAMES))[: draw(st.sampled_from([0, 1, *range(2, 10), *range(2, 10), *range(3, 10)]))]
        if draw(st.integers(0, 19)) == 0:  # now and then a name the import must refuse (or accept) cleanly
            names.append(draw(st.text(min_size=1, max_size=8)))
        entrants[f"e{i}"] = names
    step = st.tuples(
        st.sampled_from(["valid", "valid", "valid", "garbage", "garbage", "correct", "fill", "fill", "status", "proceed", "round", "round",
                         "withdraw"]),
        st.integers(0, len(kinds) - 1),
        st.integers(0, 1000),
        GARBAGE,
    )
    return {"kinds": kinds, "entrants": entrants, "seed": draw(st.integers(0, 10**6)), "steps": draw(st.lists(step, min_size=3, max_size=25))}


def meet_toml(kinds: list[str]) -> str:
    text = '[meet]\nname = "Fuzz"\nlanguage = "en"\n'
    for i, kind in enumerate(kinds):
        text += f"\n[events.e{i}]\n" + EVENTS[kind].replace("{key}", f"e{i}") + "\n"
    return text


def play_round(meet: Meet, key: str, rng: random.Random) -> None:
    """Every match now waiting for a result gets a simulated valid one, in one transaction."""
    event = meet.state().event(key)
    items = [([str(m.number)], event.sport.simulate(rng, event.context(m))) for stage in event.stages for m in stage.pending()]
    if items:
        record_many(meet, key, items)


def guarded(meet: Meet, action: Callable[[], Any]) -> None:
    """Run one step: it succeeds, or it is refused with a PodiumError and the journal is untouched."""
    before = meet.store.path.read_bytes() if meet.store.exists() else None
    try:
        action()
    except PodiumError:
        after = meet.store.path.read_bytes() if meet.store.exists() else None
        assert after == before, "a refused step changed meet.sqlite"


def step(meet: Meet, key: str, what: str, pick: int, text: str) -> None:
    event = meet.state().event(key)
    rng = random.Random(pick)
    if what in ("proceed", "round"):  # the organiser's next step: pair the next Swiss round, or close a stage and draw the next
        if what == "round" and not _measured(event):  # after the round's results
            guarded(meet, lambda: play_round(meet, key, rng))
        guarded(meet, lambda: proceed(meet, key, seed=pick))
        return
    if what == "withdraw":
        if event.entrants:
            who = sorted(event.entrants)[pick % len(event.entrants)]
            guarded(meet, lambda: withdraw(meet, key, who, "fuzz"))
        return
    if what == "fill":
        guarded(meet, lambda: simulate_performances(meet, key, rng) if _measured(event) else play_round(meet, key, rng))
        return
    if _measured(event):
        entrants = list(event.entrants)
        if not entrants:
            return
        who = entrants[pick % len(entrants)]
        given = PerformanceInput(text=text) if what == "garbage" else PerformanceInput(status="DNF") if what == "status" else None
        if given is None:
            guarded(meet, lambda: simulate_performances(meet, key, rng))
            return
        reason = "fuzz" if what == "correct" else None
        guarded(meet, lambda: record_performance(meet, key, who, given, reason=reason))
        return
    matches = [m for m in event.matches() if not m.is_bye]
    if not matches:
        return
    match = matches[pick % len(matches)]
    if what == "garbage":
        guarded(meet, lambda: record(meet, key, [str(match.number)], text))
    elif match.ready:
        valid = event.sport.simulate(rng, event.context(match)) if what != "status" else "+:-"
        reason = "fuzz correction" if what == "correct" else None
        guarded(meet, lambda: record(meet, key, [str(match.number)], valid, reason=reason))


def _measured(event: EventState) -> bool:
    return isinstance(event.sport, MeasuredSport) and any(isinstance(s, MeasuredStageState) for s in event.stages)


def expected_points(scoring: Scoring, outcome: Outcome, side: int) -> float:
    """Points of ``side`` as docs/meet.md "Scoring" states them, field by field."""
    kind, winner = outcome.kind, outcome.winner
    if kind is OutcomeKind.BYE:
        return scoring.bye if scoring.bye is not None else scoring.win
    if kind is OutcomeKind.DOUBLE_FORFEIT:
        return scoring.double_forfeit
    if kind is OutcomeKind.FORFEIT:
        if winner == side:
            return scoring.forfeit_win if scoring.forfeit_win is not None else scoring.win
        return scoring.forfeit_loss
    if kind is OutcomeKind.RETIRED and winner != side:
        return scoring.retired_loss if scoring.retired_loss is not None else scoring.forfeit_loss
    if kind is OutcomeKind.BOTH_LOSE:
        return scoring.loss
    if kind is OutcomeKind.NO_RESULT:
        return 0.0
    if winner is None:
        if outcome.first_mover is not None and scoring.draw_first is not None and scoring.draw_second is not None:
            return scoring.draw_first if side == outcome.first_mover else scoring.draw_second
        return scoring.draw
    return scoring.win if winner == side else scoring.loss


def check_places(places: list[int | None], shared: list[bool]) -> None:
    placed = [p for p in places if p is not None]
    assert places[: len(placed)] == placed, "unplaced rows come after every placed one"
    for i, place in enumerate(placed):
        assert place == i + 1 or (i > 0 and place == placed[i - 1] and shared[i] and shared[i - 1]), placed


def counted_outcomes(stage: StageState) -> dict[str, Outcome]:
    """The outcomes the standings count, by the rules (docs/formats.md, "Withdrawals"): a result; a walkover ruled
    after a withdrawal where no result was entered (CXA 2011 §19.2, §19.3); never a match annulled by one (§19.2);
    a bye as a win (§14.4)."""
    counted = {}
    for match in stage.matches:
        ruling, record = stage.rulings.get(match.key), stage.results.get(match.key)
        if ruling is not None:
            if ruling.outcome is not None and record is None:
                counted[match.key] = ruling.outcome
        elif record is not None:
            counted[match.key] = record.outcome
        elif match.is_bye and any(slot.known and not slot.is_bye for slot in match.sides):
            counted[match.key] = Outcome.win(0, kind=OutcomeKind.BYE)
    return counted


def check_formats(event: EventState) -> None:
    """A knockout of n plays n − 1 matches (byes are no matches; a third-place match adds one) — fewer only after
    a double forfeit, entered or ruled after two withdrawals, which sends nobody on (CXA 2011 §20.2) — and a
    Swiss never pairs two entrants twice (CXA 2011 §10.3)."""
    for stage in event.stages:
        played = [m for m in stage.matches if not m.is_bye]
        if stage.config.format == "knockout" and stage.config.options.get("until", 1) == 1:
            third = 1 if stage.config.options.get("third_place") and len(stage.view.entrants) >= 4 else 0
            most = max(0, len(stage.view.entrants) - 1) + third
            nobody_on = any(o.kind is OutcomeKind.DOUBLE_FORFEIT for o in counted_outcomes(stage).values())
            assert len(played) == most or (nobody_on and len(played) < most), (len(played), len(stage.view.entrants))
        if stage.config.format == "swiss":
            pairs = [frozenset(m.entrants) for m in played]
            assert len(pairs) == len(set(pairs)), "a Swiss pairing repeated"


def check_standings(event: EventState) -> None:
    check_formats(event)
    view = standings_view(event)
    for stage_state, stage in zip(event.stages, view["stages"], strict=True):
        if stage.get("placings"):  # a knockout's places: everyone at most once, places never going down
            keys = [r["key"] for r in stage["placings"]]
            assert len(keys) == len(set(keys)) and set(keys) <= set(event.entrants)
            assert [r["place"] for r in stage["placings"]] == sorted(r["place"] for r in stage["placings"])
        if isinstance(stage_state, MeasuredStageState):
            keys = [r["key"] for r in stage["rows"]]
            assert len(keys) == len(set(keys))
            assert len(keys) + len(stage["pending"]) == len(stage_state.view.entrants)
            check_places([r["place"] for r in stage["rows"]], [r["shared"] for r in stage["rows"]])
            continue
        tables = stage_state.format.tables(stage_state.view, stage_state.matches)
        scoring = stage_state.config.scoring
        outcomes = counted_outcomes(stage_state)
        for table, shown in zip(tables, stage["tables"], strict=True):
            rows = shown["rows"]
            assert sorted(r["key"] for r in rows) == sorted(table.entrants), "every entrant exactly once"
            check_places([r["place"] for r in rows], [r["shared"] for r in rows])
            assert all(a["points"] >= b["points"] for a, b in zip(rows, rows[1:], strict=False))
            for row in rows:
                mine = [
                    (o, m.entrants.index(row["key"]))
                    for m in table.matches
                    if (o := outcomes.get(m.key)) is not None and row["key"] in m.entrants
                    and (set(m.entrants) <= set(table.entrants) or m.is_bye)
                ]
                assert row["played"] == len(mine)
                assert row["wins"] == sum(o.winner == side for o, side in mine)
                assert row["losses"] == sum(o.winner == 1 - side for o, side in mine)
                assert row["draws"] == sum(o.is_draw for o, _ in mine)
                assert row["points"] == pytest.approx(sum(expected_points(scoring, o, side) for o, side in mine))


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(plan=meets())
def test_random_meets_keep_their_laws(plan):
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "meet.toml").write_text(meet_toml(plan["kinds"]), encoding="utf-8")
        meet = Meet(folder)
        for (key, names), kind in zip(plan["entrants"].items(), plan["kinds"], strict=True):  # one file per event
            if kind in TEAMS:  # teams of three, named T1, T2 …
                rows = "".join(f"{key},{name},T{i // 3 + 1}\n" for i, name in enumerate(names[: len(names) // 3 * 3]))
                (folder / f"{key}.csv").write_text("event,name,team\n" + rows, encoding="utf-8")
            else:
                (folder / f"{key}.csv").write_text("event,name\n" + "".join(f"{key},{name}\n" for name in names), encoding="utf-8")
            guarded(meet, lambda key=key: import_entrants(meet, folder / f"{key}.csv"))
            guarded(meet, lambda key=key: make_draw(meet, key, seed=plan["seed"]))
        for what, index, pick, text in plan["steps"]:
            step(meet, f"e{index}", what, pick, text)
        for event in meet.state().events():
            check_standings(event)
        journal = meet.store.read()
        played = sum(e.kind.value in ("result", "correction", "performance") for e in journal)
        hypothesis.event("results and performances", "none" if not played else "1-9" if played < 10 else "10 or more")
        hypothesis.event("events drawn", sum(e.kind.value == "draw" for e in journal))
        for event in meet.state().events():
            for stage in event.stages[1:] if len(event.stages) > 1 else ():
                hypothesis.event("advanced to", f"{stage.config.format}")
            if any(stage.view.rounds for stage in event.stages):
                hypothesis.event("Swiss rounds paired", max(len(stage.view.rounds) for stage in event.stages))
