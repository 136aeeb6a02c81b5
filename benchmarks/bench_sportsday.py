"""A whole sports day: 3,000 entrants, 30 units, 60 events (targets: under 10 s and under 500 MB).

Every step goes through the services the CLI uses, on a real meet folder:

1. write ``meet.toml`` (units with sizes, quotas, venues and sessions, points) and one entrants file;
2. import it (eligibility and quota checks included);
3. draw every event;
4. build the order of play (the scheduler, with its overflow measure);
5. enter every result, simulated by each sport's ``simulate()``, one batch per round of pending matches;
6. standings of every event, then awards, the medal table and the unit points table.

It prints the time of each step, the wall time and the peak memory (maximum resident set size).

Event kinds plug in: :data:`KINDS` lists what can be run with the installed sports and formats; a
kind brings its ``meet.toml`` table, its entrants rows and how to play it. With only table tennis
and round robins (the foundation) an event of 50 is a 1,225-match round robin, so the day has
73,500 matches — far more than a real sports day, where groups and knockouts keep it near
6,000; the schedule then reports how much the day is short.
"""

from __future__ import annotations

import gc
import random
import resource
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import attrs

from podium.cli import GC_THRESHOLD
from podium.draws import make_draw
from podium.entries import import_entrants
from podium.meet import Meet
from podium.registry import registry
from podium.results import record_many
from podium.schedule.service import meet_plan
from podium.sportsday import awards_view, tables_view
from podium.state import EventState, fold
from podium.views import standings_view

ENTRANTS, UNITS, EVENTS = 3000, 30, 60
TARGET_SECONDS, TARGET_MB = 10.0, 500
SEED = 2026


@attrs.frozen
class Kind:
    """One kind of event: how it is written in meet.toml, who enters it, and the sports and formats it needs."""

    name: str
    needs: tuple[str, ...]
    table: Callable[[str, int], str]
    rows: Callable[[str, int, list[list[tuple[str, str]]], random.Random], list[str]]

    def available(self) -> bool:
        installed = registry()
        return all(n in installed.sports or n in installed.formats for n in self.needs)


def _singles_table(gender: str) -> Callable[[str, int], str]:
    def table(key: str, number: int) -> str:
        return (
            f'[events.{key}]\nname = "Singles {number}"\nsport = "table_tennis"\nformat = "round_robin"\n'
            f'rules = {{ best_of = 3 }}\neligibility = {{ gender = "{gender}" }}\n'
            f"quota = {{ per_unit = 2 }}\nschedule = {{ rest = 5 }}\n"
        )

    return table


def _singles_rows(gender: str) -> Callable[[str, int, list[list[tuple[str, str]]], random.Random], list[str]]:
    def rows(key: str, count: int, people: list[list[tuple[str, str]]], rng: random.Random) -> list[str]:
        chosen = []
        units = list(range(len(people)))
        rng.shuffle(units)
        offset = 2 * int(key[1:])  # each event takes other people of the unit
        for n in range(count):
            unit = units[n % len(units)]
            candidates = [p for p in people[unit] if p[1] == gender]
            name = candidates[(offset + n // len(units)) % len(candidates)][0]
            chosen.append(f"{key},{name},{gender},U{unit + 1:02d},,")
        return chosen

    return rows


def _doubles_table(key: str, number: int) -> str:
    return (
        f'[events.{key}]\nname = "Doubles {number}"\nsport = "table_tennis"\nkind = "pair"\nformat = "round_robin"\n'
        f'rules = {{ best_of = 3 }}\nquota = {{ per_unit = 2 }}\npoints = {{ multiplier = 2 }}\n'
    )


def _doubles_rows(key: str, count: int, people: list[list[tuple[str, str]]], rng: random.Random) -> list[str]:
    rows = []
    offset = 4 * int(key[1:])
    for n in range(count):
        unit = n % len(people)
        pool = people[unit]
        first, second = pool[(offset + 2 * (n // len(people))) % len(pool)], pool[(offset + 2 * (n // len(people)) + 1) % len(pool)]
        for name, gender in (first, second):
            rows.append(f"{key},{name},{gender},U{unit + 1:02d},,{key}-{n}")
    return rows


KINDS = (
    Kind("men's singles, round robin", ("table_tennis", "round_robin"), _singles_table("M"), _singles_rows("M")),
    Kind("women's singles, round robin", ("table_tennis", "round_robin"), _singles_table("F"), _singles_rows("F")),
    Kind("doubles, round robin", ("table_tennis", "round_robin"), _doubles_table, _doubles_rows),
)
"""The event kinds, used in turn; add groups-then-knockout, Swiss board games and fun-game heats here as they land."""


def write_meet(folder: Path, rng: random.Random) -> None:
    kinds = [k for k in KINDS if k.available()]
    units = "\n".join(f'U{n:02d} = {{ name = "U{n:02d}", size = {rng.randint(40, 120)} }}' for n in range(1, UNITS + 1))
    venues = "".join(
        f'[venues.hall{v}]\nresources = {{ table = 20 }}\n'
        + "".join(
            f'[[venues.hall{v}.sessions]]\ndate = 2026-05-{20 + day}\nstart = "{start}"\nend = "{end}"\n'
            for day in (0, 1) for start, end in (("08:00", "12:00"), ("13:30", "17:30"))
        )
        for v in (1, 2, 3)
    )
    tables = "".join(kinds[n % len(kinds)].table(f"e{n:02d}", n) for n in range(EVENTS))
    (folder / "meet.toml").write_text(
        f'[meet]\nname = "Benchmark sports day"\ndate = 2026-05-20\nlanguage = "en"\n\n[units]\n{units}\n\n'
        f"[entries]\nmax_events_per_person = 3\n\n[schedule]\nchangeover = 2\n\n{venues}\n{tables}",
        encoding="utf-8",
    )
    people = [[(f"P{u + 1:02d}-{k:03d}", "MF"[k % 2]) for k in range(120)] for u in range(UNITS)]
    per_event = ENTRANTS // EVENTS
    rows = ["event,name,gender,unit,birth_date,team"]
    for n in range(EVENTS):
        rows += kinds[n % len(kinds)].rows(f"e{n:02d}", per_event, people, rng)
    (folder / "entrants.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")


def play(meet: Meet, event: EventState, rng: random.Random) -> int:
    """Enter simulated results for every playable match of ``event``, one batch per round of pending matches.

    After each batch only this event's part of the journal is read and folded again — unless every match
    laid out so far has its result (a round robin after one batch): results add no match of their own.
    """
    count = 0
    while True:
        pending = [m for stage in event.stages for m in stage.pending()]
        if not pending:
            return count
        items = [([str(m.number)], event.sport.simulate(rng, event.context(m))) for m in pending]
        count += len(record_many(meet, event.key, items))
        open_matches = sum(1 for stage in event.stages for m in stage.matches if not m.is_bye and m.key not in stage.results)
        if open_matches == len(pending):
            return count
        event = fold(meet.config, meet.registry, meet.store.read(event.key)).event(event.key)


def main() -> None:
    gc.set_threshold(*GC_THRESHOLD)  # as the podium command sets it
    rng = random.Random(SEED)
    times: dict[str, tuple[float, float]] = {}
    started, cpu_started = time.perf_counter(), time.process_time()

    def step(name: str, action: Callable[[], object]) -> object:
        begin, cpu_begin = time.perf_counter(), time.process_time()
        value = action()
        times[name] = (time.perf_counter() - begin, time.process_time() - cpu_begin)
        return value

    with tempfile.TemporaryDirectory(prefix="podium-bench-") as tmp:
        folder = Path(tmp)
        step("write meet.toml and entrants.csv", lambda: write_meet(folder, rng))
        meet = Meet(folder)
        counts = step("import (eligibility, quotas)", lambda: import_entrants(meet, folder / "entrants.csv"))
        draws = step("draw every event", lambda: [make_draw(meet, key, seed=SEED) for key in meet.config.events])
        drawn = meet.state()
        plan = step("order of play", lambda: meet_plan(drawn))
        played = step("all results (simulate)", lambda: sum(play(meet, event, rng) for event in drawn.events()))
        state = meet.state()
        step("standings", lambda: [standings_view(event) for event in state.events()])
        awards = step("awards", lambda: awards_view(state))
        tables = step("medal table and unit points", lambda: tables_view(state))
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    for name, (seconds, cpu_seconds) in times.items():
        print(f"  {name:<34} {seconds:6.2f} s  (CPU {cpu_seconds:5.2f} s)")
    matches = sum(d.matches for d in draws)  # type: ignore[union-attr]
    print(
        f"sports day: {sum(counts.values())} entrants, {UNITS} units, {len(counts)} events, {matches} matches, "  # type: ignore[union-attr]
        f"{played} results; plan: {len(plan.bookings)} in the sessions, {len(plan.overflow)} over "  # type: ignore[union-attr]
        f"(overrun {max(plan.overrun.values(), default=0)} min); "  # type: ignore[union-attr]
        f"{sum(len(e['awards']) for e in awards['events'])} awards, {len(tables['points']['rows'])} units ranked"  # type: ignore[index]
    )
    print(
        f"wall time {wall:.2f} s (target < {TARGET_SECONDS:.0f} s; CPU time {cpu:.2f} s), "
        f"peak memory {peak:.0f} MB (target < {TARGET_MB} MB)"
    )
    if wall >= TARGET_SECONDS or peak >= TARGET_MB:
        sys.exit(1)


if __name__ == "__main__":
    main()
