"""A whole sports day: 3,000 entrants, 30 units, 60 events (targets: under 10 s and under 500 MB).

Every step goes through the services the CLI uses, on a real meet folder:

1. write ``meet.toml`` (units with sizes, quotas, venues with tables, boards, tracks, fields, pitches and
   floors over two days, points) and one entrants file;
2. import it (eligibility, quotas, team make-up and the events-per-person limit checked);
3. draw every event;
4. build the order of play of the drawn day (the scheduler, with its overflow measure);
5. play every event to the end as ``podium demo`` does (:func:`podium.faces.demo.play_event`): results simulated
   by each sport's ``simulate()``, performances by ``simulate_heat()``, one batch per round, then
   :func:`podium.services.advance.proceed` pairs the next Swiss round, closes a stage and draws the next;
6. the order of play again as ``podium schedule`` shows it (:func:`podium.services.schedule.plan_view`), now
   with every round, final and knockout stage laid out;
7. standings of every event, then awards, the medal table and the unit points table.

It prints the time of each step, the wall time and the peak memory (maximum resident set size).

The 60 events are a sports day's mix, five of each of twelve kinds (the demo's, scaled up), 600 entrants
a round of twelve:

- table tennis: men's and women's singles (64 each: groups of 4, the top 2 to a knockout with a
  third-place match), mixed doubles (48 pairs, knockout), class teams (30 teams of 3 and a reserve,
  groups of 5 then a knockout, each tie on 2 tables);
- board games: xiangqi (70, a 5-round Swiss), gomoku (48, knockout, first to 3 wins), weiqi (40, knockout);
- fun games: an individual race in heats of 8 and a final of the best 8 (80), a counted or thrown game in
  heats ranked together (80: rope skipping, shuttlecock, basketball shooting, sandbag throw), the
  frog-jump relay (30 teams of 2 men and 2 women, heats and a final of the heat winners), tug of war
  (20 teams of 10, knockout) and square dance (26 teams of 12, judged in rounds of 3, 2 and 1 sessions).

That is 3,290 matches and 188 heats for the 3,600 people of the units — a real two-day meet of that size,
where a round robin per event would be twenty times as many. The venues (60 tables, 80 boards, tracks, fields,
pitches and dance floors, two days of two sessions) hold all but a few of them.

Every step that writes is a durable commit, as a user's command is: the wall time includes the disk's
syncs (361 commits), so it depends on what else the machine's disk is doing; the CPU time does not.
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

from podium.faces.demo import play_event
from podium.services.draws import make_draw
from podium.services.meet import Meet
from podium.services.performances import measured_stages
from podium.services.registration import import_entrants
from podium.services.schedule import meet_plan, plan_view
from podium.services.sportsday import awards_view, tables_view
from podium.services.standings import standings
from podium.views.schedule import ScheduleView

ENTRANTS, UNITS, EVENTS = 3000, 30, 60
PEOPLE = 120  # per unit, men and women in turn
TARGET_SECONDS, TARGET_MB = 10.0, 500
SEED = 2026

Person = tuple[str, str]  # name, gender


class Roster:
    """The people of every unit and how many events each has entered (at most ``limit``, the meet's rule)."""

    def __init__(self, rng: random.Random, limit: int = 3) -> None:
        self.people = [[(f"U{u + 1:02d}-{k:03d}", "MF"[k % 2]) for k in range(PEOPLE)] for u in range(UNITS)]
        self.used: dict[str, int] = {}
        self.limit = limit
        self.rng = rng

    def take(self, unit: int, count: int, gender: str | None = None) -> list[Person]:
        """``count`` people of ``unit`` (of ``gender``) who have entered the fewest events so far."""
        pool = [p for p in self.people[unit] if gender is None or p[1] == gender]
        pool.sort(key=lambda p: self.used.get(p[0], 0))
        chosen = [p for p in pool if self.used.get(p[0], 0) < self.limit][:count]
        if len(chosen) < count:
            raise RuntimeError(f"unit {unit + 1} has no {count} people left for another event")
        for name, _gender in chosen:
            self.used[name] = self.used.get(name, 0) + 1
        return chosen

    def units(self, count: int) -> list[int]:
        """Units for ``count`` entries, every unit in turn (in a shuffled order), so quotas hold."""
        order = list(range(UNITS))
        self.rng.shuffle(order)
        return [order[n % UNITS] for n in range(count)]


Rows = Callable[[str, int, int, Roster], list[str]]
"""(event key, round of the mix, entrants, roster) → rows of the entrants file."""


@attrs.frozen
class Kind:
    """One kind of event: its ``meet.toml`` table (by round of the mix), its entrants, and how many."""

    name: str
    size: int
    table: Callable[[str, int], str]
    rows: Rows


def _row(event: str, person: Person, unit: int, team: str = "", reserve: str = "") -> str:
    return f"{event},{person[0]},{person[1]},U{unit + 1:02d},{team},{reserve}"


def _individuals(gender: str | None = None) -> Rows:
    def rows(key: str, round_number: int, count: int, roster: Roster) -> list[str]:
        found = []
        for unit in roster.units(count):
            sex = gender or "MF"[len(found) % 2]
            found.append(_row(key, roster.take(unit, 1, sex)[0], unit))
        return found

    return rows


def _teams(men: int, women: int, anyone: int = 0, reserves: int = 0) -> Rows:
    """Teams of ``men`` and ``women`` (and ``anyone``), plus reserves; a unit's teams are named 1, 2."""

    def rows(key: str, round_number: int, count: int, roster: Roster) -> list[str]:
        found = []
        for number, unit in enumerate(roster.units(count)):
            team = f"U{unit + 1:02d} {key} {number // UNITS + 1}"
            members = roster.take(unit, men, "M") + roster.take(unit, women, "F") + roster.take(unit, anyone)
            found += [_row(key, person, unit, team) for person in members]
            found += [_row(key, person, unit, team, "yes") for person in roster.take(unit, reserves)]
        return found

    return rows


def _singles(title: str, gender: str) -> Callable[[str, int], str]:
    def table(key: str, round_number: int) -> str:
        return (
            f'[events.{key}]\nname = "{title} {round_number}"\nsport = "table_tennis"\n'
            f'eligibility = {{ gender = "{gender}" }}\nquota = {{ per_unit = 3 }}\n'
            f'schedule = {{ resource = "table", rest = 10 }}\nrules = {{ best_of = 3 }}\n'
            f'[[events.{key}.stages]]\nname = "groups"\nformat = "groups"\ngroup_size = 4\nadvance = 2\n'
            f'[[events.{key}.stages]]\nname = "knockout"\nformat = "knockout"\nthird_place = true\n'
            f"round_rules = {{ final = {{ best_of = 5 }} }}\n"
        )

    return table


def _doubles(key: str, round_number: int) -> str:
    return (
        f'[events.{key}]\nname = "Mixed doubles {round_number}"\nsport = "table_tennis"\nkind = "pair"\n'
        f'eligibility = {{ gender = "mixed" }}\nquota = {{ per_unit = 2 }}\nschedule = {{ resource = "table" }}\n'
        f'rules = {{ best_of = 3, composition = "mixed" }}\n'
        f'[[events.{key}.stages]]\nname = "knockout"\nformat = "knockout"\nthird_place = true\n'
    )


def _class_teams(key: str, round_number: int) -> str:
    return (
        f'[events.{key}]\nname = "Class teams {round_number}"\nsport = "table_tennis"\nkind = "team"\n'
        f'quota = {{ per_unit = 1 }}\nschedule = {{ resource = "table", per_match = 2 }}\nrules = {{ best_of = 3 }}\n'
        f'[[events.{key}.stages]]\nname = "groups"\nformat = "groups"\ngroup_size = 5\nadvance = 2\n'
        f'[[events.{key}.stages]]\nname = "knockout"\nformat = "knockout"\n'
    )


def _xiangqi(key: str, round_number: int) -> str:
    return (
        f'[events.{key}]\nname = "Xiangqi {round_number}"\nsport = "xiangqi"\nquota = {{ per_unit = 3 }}\n'
        f'schedule = {{ resource = "board", minutes = 45 }}\nrules = {{ time_control = "15min+10s" }}\n'
        f'[[events.{key}.stages]]\nname = "swiss"\nformat = "swiss"\nrounds = 5\n'
    )


def _board_knockout(sport: str, title: str, minutes: int, rules: str = "") -> Callable[[str, int], str]:
    def table(key: str, round_number: int) -> str:
        return (
            f'[events.{key}]\nname = "{title} {round_number}"\nsport = "{sport}"\nquota = {{ per_unit = 2 }}\n'
            f'schedule = {{ resource = "board", minutes = {minutes} }}\n{rules}'
            f'[[events.{key}.stages]]\nname = "knockout"\nformat = "knockout"\nthird_place = true\n'
        )

    return table


def _race_gender(round_number: int) -> str:
    """Boys' and girls' races in turn."""
    return "MF"[round_number % 2]


def _race(key: str, round_number: int) -> str:
    gender = _race_gender(round_number)
    return (
        f'[events.{key}]\nname = "Sack race {round_number}"\nsport = "fun_games"\ngame = "sack_race"\n'
        f'eligibility = {{ gender = "{gender}" }}\nquota = {{ per_unit = 3 }}\n'
        f'schedule = {{ resource = "track", minutes = 5 }}\n'
        f'[[events.{key}.stages]]\nname = "heats"\nformat = "heats"\nlanes = 8\nadvance = "best"\nbest = 8\n'
    )


COUNTED = ("rope_skipping", "shuttlecock_kicking", "basketball_shooting", "sandbag_throw", "rope_skipping")


def _counted(key: str, round_number: int) -> str:
    game = COUNTED[round_number - 1]
    return (
        f'[events.{key}]\nname = "{game.replace("_", " ").capitalize()} {round_number}"\nsport = "fun_games"\n'
        f'game = "{game}"\nquota = {{ per_unit = 3 }}\nschedule = {{ resource = "field" }}\n'
    )


def _relay(key: str, round_number: int) -> str:
    return (
        f'[events.{key}]\nname = "Frog-jump relay {round_number}"\nsport = "fun_games"\ngame = "frog_jump_relay"\n'
        f'quota = {{ per_unit = 1 }}\nschedule = {{ resource = "track", minutes = 5 }}\n'
    )


def _tug_of_war(key: str, round_number: int) -> str:
    return (
        f'[events.{key}]\nname = "Tug of war {round_number}"\nsport = "fun_games"\ngame = "tug_of_war"\n'
        f'quota = {{ per_unit = 1 }}\nschedule = {{ resource = "pitch", minutes = 10 }}\n'
        f'[[events.{key}.stages]]\nname = "knockout"\nformat = "knockout"\nthird_place = true\n'
    )


def _square_dance(key: str, round_number: int) -> str:
    return (
        f'[events.{key}]\nname = "Square dance {round_number}"\nsport = "fun_games"\ngame = "square_dance"\n'
        f'quota = {{ per_unit = 1 }}\nschedule = {{ resource = "floor", minutes = 45 }}\n'
        f'[[events.{key}.stages]]\nname = "rounds"\nformat = "rounds"\nsessions = [3, 2, 1]\ncuts = [12, 6]\n'
    )


KINDS = (
    Kind("men's singles: groups, then a knockout", 64, _singles("Men's singles", "M"), _individuals("M")),
    Kind("women's singles: groups, then a knockout", 64, _singles("Women's singles", "F"), _individuals("F")),
    Kind("mixed doubles: knockout", 48, _doubles, _teams(1, 1)),
    Kind("class teams: groups, then a knockout", 30, _class_teams, _teams(0, 0, 3, 1)),
    Kind("xiangqi: 5-round Swiss", 70, _xiangqi, _individuals()),
    Kind("gomoku: knockout", 48, _board_knockout("gomoku", "Gomoku", 30, 'rules = { rule_set = "A", wins = 3 }\n'), _individuals()),
    Kind("weiqi: knockout", 40, _board_knockout("weiqi", "Weiqi", 60), _individuals()),
    Kind("race: heats and a final", 80, _race,
         lambda key, round_number, count, roster: _individuals(_race_gender(round_number))(key, round_number, count, roster)),
    Kind("counted game: heats ranked together", 80, _counted, _individuals()),
    Kind("frog-jump relay: heats and a final", 30, _relay, _teams(2, 2)),
    Kind("tug of war: knockout", 20, _tug_of_war, _teams(0, 0, 10)),
    Kind("square dance: rounds with cuts", 26, _square_dance, _teams(0, 0, 12)),
)
"""Twelve kinds of event, 600 entrants; the day has five rounds of them."""

VENUES = {"hall1": "table = 20", "hall2": "table = 20", "hall3": "table = 20", "chess": "board = 80",
          "ground": "track = 2, field = 4, pitch = 2", "stage": "floor = 3"}


def write_meet(folder: Path, rng: random.Random) -> None:
    assert sum(k.size for k in KINDS) * EVENTS // len(KINDS) == ENTRANTS
    roster = Roster(rng)
    units = "\n".join(f'U{n:02d} = {{ name = "U{n:02d}", size = {PEOPLE} }}' for n in range(1, UNITS + 1))
    venues = "".join(
        f"[venues.{key}]\nresources = {{ {kinds} }}\n"
        + "".join(
            f'[[venues.{key}.sessions]]\nname = "{key}-{day}{half}"\ndate = 2026-05-{20 + day}\nstart = "{start}"\nend = "{end}"\n'
            for day in (0, 1) for half, (start, end) in (("am", ("08:00", "12:00")), ("pm", ("13:30", "17:30")))
        )
        for key, kinds in VENUES.items()
    )
    tables, rows = [], ["event,name,gender,unit,team,reserve"]
    for n in range(EVENTS):
        kind, key, round_number = KINDS[n % len(KINDS)], f"e{n:02d}", n // len(KINDS) + 1
        tables.append(kind.table(key, round_number))
        rows += kind.rows(key, round_number, kind.size, roster)
    (folder / "meet.toml").write_text(
        f'[meet]\nname = "Benchmark sports day"\ndate = 2026-05-20\nlanguage = "en"\n\n[units]\n{units}\n\n'
        f"[entries]\nmax_events_per_person = {roster.limit}\n\n[schedule]\nchangeover = 2\nrest = 5\n\n"
        f"[points]\nteam = 2\n\n{venues}\n" + "".join(tables),
        encoding="utf-8",
    )
    (folder / "entrants.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")


def plan_line(plan: object) -> str:
    return (
        f"{len(plan.bookings)} in the sessions, {len(plan.overflow)} over (overrun {max(plan.overrun.values(), default=0)} min), "  # type: ignore[attr-defined]
        f"{len(plan.unplaced)} unplaced"  # type: ignore[attr-defined]
    )


def view_line(view: ScheduleView) -> str:
    placed = sum(len(s.rows) for s in view.sessions)
    over = max((o.minutes for o in view.overrun), default=0)
    return f"{placed} in the sessions, {len(view.overflow)} over (overrun {over} min), {len(view.unplaced)} unplaced"


def main() -> None:
    gc.disable()  # as a podium command does (podium.faces.cli.main)
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
        counts = step("import (eligibility, quotas)", lambda: import_entrants(meet, folder / "entrants.csv").counts)
        step("draw every event", lambda: [make_draw(meet, key, seed=SEED) for key in meet.config.events])
        drawn = meet.state()
        first = step("order of play, as drawn", lambda: meet_plan(drawn))
        played = step("play every event (simulate)", lambda: sum(play_event(meet, key, rng) for key in meet.config.events))
        state = meet.state()
        last = step("order of play, every round", lambda: plan_view(state))
        step("standings", lambda: [standings(state, key) for key in state.config.events])
        awards = step("awards", lambda: awards_view(state))
        tables = step("medal table and unit points", lambda: tables_view(state))
        events = list(state.events())
        matches = sum(1 for e in events for m in e.matches() if not m.is_bye)
        heats = sum(len(s.heats) for e in events for s in measured_stages(e))
        people = len({m.name for e in events for x in e.entrants.values() for m in x.members})
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    for name, (seconds, cpu_seconds) in times.items():
        print(f"  {name:<34} {seconds:6.2f} s  (CPU {cpu_seconds:5.2f} s)")
    print(
        f"sports day: {sum(counts.values())} entrants ({people} people), {UNITS} units, {len(counts)} events, "  # type: ignore[union-attr]
        f"{matches} matches and {heats} heats, {played} results and performances; "
        f"{sum(len(e.awards) for e in awards.events if e.decided)} awards in "  # type: ignore[attr-defined]
        f"{sum(1 for e in awards.events if e.decided)} decided events, {len(tables.points.rows)} units ranked"  # type: ignore[attr-defined]
    )
    print(f"order of play as drawn: {plan_line(first)}; with every round: {view_line(last)}")  # type: ignore[arg-type]
    print(
        f"wall time {wall:.2f} s (target < {TARGET_SECONDS:.0f} s; CPU time {cpu:.2f} s), "
        f"peak memory {peak:.0f} MB (target < {TARGET_MB} MB)"
    )
    if wall >= TARGET_SECONDS or peak >= TARGET_MB:
        sys.exit(1)


if __name__ == "__main__":
    main()
