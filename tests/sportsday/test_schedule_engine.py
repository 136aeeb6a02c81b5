"""The scheduler's guarantees, by hand and as laws over random meets.

A plan is valid when (checked here independently of the engine):
- nobody is in two places at once, and between two of a person's jobs there are at
  least ``rest`` minutes (the rest of the later job);
- a resource holds one job at a time, with the changeover between;
- a job starts after everything it depends on has ended;
- every booking that fits lies wholly inside a session its job may use, at that
  session's venue, on resources of its kind; what does not fit lies after the end
  of its venue's last session;
- every job is placed once, or reported.
"""

from __future__ import annotations

import datetime as dt
import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from podium.formats.berger import berger_rounds
from podium.schedule.engine import build_plan
from podium.schedule.model import Resource, Session
from podium.schedule.plan import Job, Pin, Plan

DAY = dt.date(2026, 5, 20)


def at(hhmm: str, day: dt.date = DAY) -> dt.datetime:
    return dt.datetime.combine(day, dt.time.fromisoformat(hhmm))


def tables(count: int, venue: str = "hall", kind: str = "table") -> list[Resource]:
    """``{ table = count }`` in meet.toml: T1, T2… read as Table 1, Table 2…"""
    return [Resource(venue, f"T{n}", kind, number=n) for n in range(1, count + 1)]


def violations(plan: Plan, jobs: list[Job], resources: list[Resource], sessions: list[Session], changeover: int = 0) -> list[str]:
    """Every broken guarantee of ``plan`` (empty when it is valid)."""
    found = []
    by_key = {j.key: j for j in jobs}
    placed = [*plan.bookings, *plan.overflow]
    keys = [b.job for b in placed] + [u.job for u in plan.unplaced]
    if sorted(keys) != sorted(by_key):
        found.append("not every job placed exactly once or reported")
    res = {r.key: r for r in resources}
    sess = {s.key: s for s in sessions}
    last_end = {}
    for s in sessions:
        last_end[s.venue] = max(last_end.get(s.venue, s.end), s.end)
    for b in plan.bookings:
        job, session = by_key[b.job], sess[b.session]
        if not (session.start <= b.start and b.end <= session.end):
            found.append(f"{b.job} outside its session")
        if job.sessions is not None and session.key not in job.sessions:
            found.append(f"{b.job} in a session its event does not use")
        if (b.end - b.start) != dt.timedelta(minutes=job.minutes):
            found.append(f"{b.job} has the wrong length")
    for b in placed:
        job = by_key[b.job]
        if len(b.resources) != job.count or any(res[r].kind != job.kind for r in b.resources):
            found.append(f"{b.job} on wrong resources")
        if any(res[r].venue != sess[b.session].venue for r in b.resources):
            found.append(f"{b.job} on resources of another venue")
        if job.resources is not None and any(r not in job.resources and res[r].name not in job.resources for r in b.resources):
            found.append(f"{b.job} on a resource its event does not use")
    for b in plan.overflow:
        if b.start < last_end[sess[b.session].venue]:
            found.append(f"{b.job} overflows but starts before the day ends")
    for a, b in itertools.combinations(placed, 2):
        first, second = (a, b) if a.start <= b.start else (b, a)
        shared = set(first.resources) & set(second.resources)
        if shared and second.start < first.end + dt.timedelta(minutes=changeover):
            found.append(f"{first.job} and {second.job} share {sorted(shared)}")
        people = by_key[first.job].people & by_key[second.job].people
        if people and second.start < first.end + dt.timedelta(minutes=by_key[second.job].rest):
            found.append(f"{sorted(people)} in {first.job} and {second.job} without rest")
    ends = {b.job: b.end for b in placed}
    for b in placed:
        for tag in by_key[b.job].after:
            for other in jobs:
                if other.key != b.job and (other.key == tag or tag in other.tags) and other.key in ends and ends[other.key] > b.start:
                    found.append(f"{b.job} starts before {other.key} ends")
    return found


def round_robin(n: int, minutes: int, event: str = "xd", rest: int = 0) -> list[Job]:
    jobs = []
    number = 0
    for round_number, pairs in enumerate(berger_rounds(n), start=1):
        for a, b in pairs:
            if a > n or b > n:
                continue
            number += 1
            jobs.append(Job(f"{event}/{number}", event, minutes, frozenset({f"{event}{a}", f"{event}{b}"}), tags=(event,),
                            rest=rest, order=(0, round_number, 0, number)))
    return jobs


def sessions_of(count: int, minutes: int = 90, venue: str = "hall") -> list[Session]:
    """Two sessions a day (08:30 and 14:00) for as many days as needed."""
    found = []
    for k in range(count):
        start = dt.datetime.combine(DAY + dt.timedelta(days=k // 2), dt.time(8, 30) if k % 2 == 0 else dt.time(14, 0))
        found.append(Session(f"s{k + 1}", venue, start, start + dt.timedelta(minutes=minutes)))
    return found


def test_171_doubles_matches_on_7_tables_in_8_sessions_do_not_fit_seed_002_l1325():
    """19 pairs, single round robin: 19·18/2 = 171 matches. Matches of 30 minutes, 7 tables, 8 sessions of 1.5 h:
    each session holds 3 rounds of 7 tables = 21 matches, 8 sessions 168; 171 = 24 × 7 + 3 needs a 25th slot,
    so 3 matches are left over and the last session would have to run 30 minutes longer.
    Play needed: 171 × 30 = 5,130 table-minutes; offered: 8 × 90 × 7 = 5,040 — 90 short."""
    jobs, resources, sessions = round_robin(19, 30), tables(7), sessions_of(8)
    assert len(jobs) == 171
    plan = build_plan(jobs, resources, sessions)
    assert (len(plan.bookings), len(plan.overflow), plan.unplaced) == (168, 3, ())
    assert (plan.required, plan.available) == (5130, 5040)
    assert plan.overrun == {"hall": 30}
    assert all(b.start == sessions[-1].end for b in plan.overflow)
    assert not plan.fits
    assert violations(plan, jobs, resources, sessions) == []


def test_the_same_matches_fit_in_9_sessions():
    jobs, resources, sessions = round_robin(19, 30), tables(7), sessions_of(9)
    plan = build_plan(jobs, resources, sessions)
    assert plan.fits and len(plan.bookings) == 171 and plan.overrun == {}
    assert violations(plan, jobs, resources, sessions) == []


def test_rest_between_a_players_matches():
    """A plays B then C (20 minutes each) with 15 minutes' rest on 2 tables from 09:00: A–B 09:00–09:20;
    C–D can start at once on the other table; A–C waits for A's rest: 09:35."""
    people = {"ab": {"A", "B"}, "cd": {"C", "D"}, "ac": {"A", "C"}}
    jobs = [Job(k, "e", 20, frozenset(p), rest=15, order=(0, n, 0, n)) for n, (k, p) in enumerate(people.items())]
    plan = build_plan(jobs, tables(2), [Session("s", "hall", at("09:00"), at("12:00"))])
    starts = {b.job: b.start.strftime("%H:%M") for b in plan.bookings}
    assert starts == {"ab": "09:00", "cd": "09:00", "ac": "09:35"}


def test_a_person_in_two_events_is_never_booked_twice():
    """Zhang plays singles and doubles: on 2 tables the second match waits for the first."""
    jobs = [
        Job("ms/1", "ms", 20, frozenset({"Zhang (Class 1)", "Li (Class 2)"}), order=(0, 1, 0, 1)),
        Job("xd/1", "xd", 20, frozenset({"Zhang (Class 1)", "Wang (Class 1)", "Zhao (Class 3)", "Sun (Class 3)"}), order=(0, 1, 1, 2)),
    ]
    plan = build_plan(jobs, tables(2), [Session("s", "hall", at("09:00"), at("12:00"))])
    assert [(b.job, b.start.strftime("%H:%M")) for b in plan.bookings] == [("ms/1", "09:00"), ("xd/1", "09:20")]


def test_a_round_starts_only_when_its_inputs_are_known():
    """A four-entrant knockout: the final depends on both semi-finals. Semis 30 minutes each at 09:00 on two tables;
    the final, though a table is free, starts at 09:30."""
    jobs = [
        Job("ko/SF1", "ko", 30, frozenset({"A", "D"}), tags=("ko/main",), order=(0, 1, 0, 1)),
        Job("ko/SF2", "ko", 30, frozenset({"B", "C"}), tags=("ko/main",), order=(0, 1, 0, 2)),
        Job("ko/F", "ko", 40, frozenset({"A", "B", "C", "D"}), after=("ko/SF1", "ko/SF2"), tags=("ko/main",), order=(0, 2, 0, 3)),
    ]
    plan = build_plan(jobs, tables(3), [Session("s", "hall", at("09:00"), at("12:00"))])
    assert {b.job: b.start.strftime("%H:%M") for b in plan.bookings} == {"ko/SF1": "09:00", "ko/SF2": "09:00", "ko/F": "09:30"}


def test_stages_follow_their_dependencies_and_events_keep_to_their_sessions():
    """The finals stage waits for the whole groups stage (tag); event 'ws' plays only in the afternoon."""
    jobs = [
        Job("ms/g1", "ms", 30, frozenset({"A", "B"}), tags=("ms/groups",), order=(0, 1, 0, 1)),
        Job("ms/g2", "ms", 45, frozenset({"C", "D"}), tags=("ms/groups",), order=(0, 1, 0, 2)),
        Job("ms/final", "ms", 30, frozenset({"A", "B", "C", "D"}), after=("ms/groups",), order=(1, 1, 0, 3)),
        Job("ws/1", "ws", 20, frozenset({"E", "F"}), sessions=frozenset({"pm"}), order=(0, 1, 1, 4)),
    ]
    sessions = [Session("am", "hall", at("09:00"), at("12:00")), Session("pm", "hall", at("14:00"), at("17:00"))]
    plan = build_plan(jobs, tables(4), sessions)
    starts = {b.job: (b.session, b.start.strftime("%H:%M")) for b in plan.bookings}
    assert starts == {"ms/g1": ("am", "09:00"), "ms/g2": ("am", "09:00"), "ms/final": ("am", "09:45"), "ws/1": ("pm", "14:00")}


def test_a_match_longer_than_the_time_left_goes_to_the_next_session():
    jobs = [Job("a", "e", 50, frozenset({"A"}), order=(0, 1, 0, 1)), Job("b", "e", 50, frozenset({"A"}), order=(0, 2, 0, 2))]
    sessions = [Session("am", "hall", at("09:00"), at("10:30")), Session("pm", "hall", at("14:00"), at("15:00"))]
    plan = build_plan(jobs, tables(1), sessions)
    assert [(b.job, b.session, b.start.strftime("%H:%M")) for b in plan.bookings] == [("a", "am", "09:00"), ("b", "pm", "14:00")]


def test_team_matches_take_several_boards_at_once():
    """Two 4-board team matches on 6 boards cannot run side by side: the second starts when the first ends."""
    jobs = [Job(k, "team", 60, frozenset({k}), kind="board", count=4, order=(0, 1, 0, n)) for n, k in enumerate(("t1", "t2"))]
    resources = tables(6, kind="board")
    plan = build_plan(jobs, resources, [Session("s", "hall", at("09:00"), at("12:00"))])
    assert [(b.job, b.start.strftime("%H:%M"), len(b.resources)) for b in plan.bookings] == [("t1", "09:00", 4), ("t2", "10:00", 4)]


def test_changeover_between_matches_on_one_table():
    jobs = [Job(k, "e", 20, frozenset({k}), order=(0, n, 0, n)) for n, k in enumerate("abc")]
    plan = build_plan(jobs, tables(1), [Session("s", "hall", at("09:00"), at("12:00"))], changeover=5)
    assert [b.start.strftime("%H:%M") for b in plan.bookings] == ["09:00", "09:25", "09:50"]


def test_no_session_with_the_right_resources_and_what_waits_for_it():
    jobs = [
        Job("lane/1", "run", 5, frozenset({"A"}), kind="lane", order=(0, 1, 0, 1)),
        Job("final", "run", 5, frozenset({"A"}), after=("lane/1",), order=(0, 2, 0, 2)),  # a table job after it
    ]
    plan = build_plan(jobs, tables(2), [Session("s", "hall", at("09:00"), at("12:00"))])
    assert [(u.job, u.reason) for u in plan.unplaced] == [("lane/1", "no_session"), ("final", "waits")]
    assert not plan.fits


def test_pins_are_honoured_and_others_placed_around_them():
    """b is pinned at 09:00 on T1: a (same player as b) must wait until 09:30; c takes T2 at 09:00."""
    jobs = [
        Job("a", "e", 30, frozenset({"A", "B"}), order=(0, 1, 0, 1)),
        Job("b", "e", 30, frozenset({"A", "C"}), order=(0, 1, 0, 2)),
        Job("c", "e", 30, frozenset({"D", "E"}), order=(0, 1, 0, 3)),
    ]
    resources, sessions = tables(2), [Session("s", "hall", at("09:00"), at("12:00"))]
    plan = build_plan(jobs, resources, sessions, [Pin("b", at("09:00"), ("hall/T1",))])
    assert {b.job: (b.start.strftime("%H:%M"), b.resources, b.pinned) for b in plan.bookings} == {
        "b": ("09:00", ("hall/T1",), True), "c": ("09:00", ("hall/T2",), False), "a": ("09:30", ("hall/T1",), False)
    }
    assert violations(plan, jobs, resources, sessions) == []


def test_pins_that_cannot_hold_are_dropped_with_the_reason():
    jobs = [
        Job("sf", "ko", 30, frozenset({"A", "B"}), order=(0, 1, 0, 1)),
        Job("f", "ko", 30, frozenset({"A", "B", "C"}), after=("sf",), order=(0, 2, 0, 2)),
        Job("x", "ko", 30, frozenset({"C"}), order=(0, 1, 0, 3)),
        Job("y", "ko", 30, frozenset({"D"}), order=(0, 1, 0, 4)),
    ]
    sessions = [Session("s", "hall", at("09:00"), at("12:00"))]
    pins = [
        Pin("f", at("09:00")),  # before its semi-final ends
        Pin("x", at("13:00")),  # outside the session
        Pin("y", at("10:00"), ("hall/T1",)),
        Pin("sf", at("10:15"), ("hall/T1",)),  # T1 is pinned for y until 10:30
    ]
    plan = build_plan(jobs, tables(2), sessions, pins)
    reasons = {d.pin.job: d.reason.render("en") for d in plan.dropped}
    assert reasons == {
        "f": "it would start before sf ends",
        "x": "2026-05-20 13:00 is not inside a session of its event with room for 30 minutes",
        "sf": "Table 1 is taken by another pinned match then",  # as people read it, not its code hall/T1
    }
    assert plan.booking("y").pinned and not plan.booking("f").pinned
    assert violations(plan, jobs, tables(2), sessions) == []


@st.composite
def meets(draw: st.DrawFn) -> tuple[list[Job], list[Resource], list[Session], list[Pin], int]:
    """Random meets: 1–2 venues with tables and lanes, 1–3 sessions each over two days, 1–4 events of
    1–12 jobs sharing a pool of people, random dependencies (on earlier jobs or whole events), session and
    resource restrictions, several resources per job, rest, changeover and pins."""
    venues = draw(st.lists(st.sampled_from(["hall", "field"]), min_size=1, max_size=2, unique=True))
    resources, sessions = [], []
    for venue in venues:
        resources += [Resource(venue, f"{venue[0]}{n}", "table") for n in range(1, draw(st.integers(1, 4)) + 1)]
        resources += [Resource(venue, f"L{n}", "lane") for n in range(1, draw(st.integers(0, 3)) + 1)]
        for k in range(draw(st.integers(1, 3))):
            start = dt.datetime.combine(DAY + dt.timedelta(days=k // 2), dt.time(draw(st.integers(8, 15)), draw(st.sampled_from([0, 30]))))
            sessions.append(Session(f"{venue}{k}", venue, start, start + dt.timedelta(minutes=draw(st.integers(30, 240)))))
    pool = [f"p{n}" for n in range(draw(st.integers(2, 14)))]
    jobs: list[Job] = []
    for e in range(draw(st.integers(1, 4))):
        event = f"e{e}"
        kind = draw(st.sampled_from(["table", "lane"]))
        restricted = draw(st.booleans())
        allowed = frozenset(draw(st.lists(st.sampled_from([s.key for s in sessions]), min_size=1, unique=True))) if restricted else None
        named = frozenset(draw(st.lists(st.sampled_from([r.name for r in resources]), min_size=1, max_size=3, unique=True))) if draw(st.booleans()) else None
        rest = draw(st.sampled_from([0, 0, 10, 30]))
        count = draw(st.sampled_from([1, 1, 1, 2]))
        for n in range(draw(st.integers(1, 12))):
            people = frozenset(draw(st.lists(st.sampled_from(pool), min_size=1, max_size=4, unique=True)))
            after: tuple[str, ...] = ()
            earlier = [j.key for j in jobs]
            if earlier and draw(st.booleans()):
                after = tuple(draw(st.lists(st.sampled_from(earlier), max_size=2, unique=True)))
            if e and draw(st.integers(0, 4)) == 0:
                after += (f"e{e - 1}",)  # a whole earlier event, as stages follow each other
            jobs.append(Job(f"{event}/{n}", event, draw(st.integers(5, 60)), people, after=after, tags=(event,), kind=kind,
                            count=count, resources=named, sessions=allowed, rest=rest,
                            order=(0, draw(st.integers(1, 4)), e, n)))
    pins = []
    for job in draw(st.lists(st.sampled_from(jobs), max_size=3, unique_by=lambda j: j.key)):
        session = draw(st.sampled_from(sessions))
        offset = draw(st.integers(0, max(0, session.minutes - 5)))
        pins.append(Pin(job.key, session.start + dt.timedelta(minutes=offset)))
    return jobs, resources, sessions, pins, draw(st.sampled_from([0, 0, 5]))


@settings(max_examples=300, deadline=None)
@given(meets())
def test_every_plan_keeps_the_guarantees(meet):
    jobs, resources, sessions, pins, changeover = meet
    plan = build_plan(jobs, resources, sessions, pins, changeover=changeover)
    assert violations(plan, jobs, resources, sessions, changeover) == []
    pinned = {b.job for b in plan.bookings if b.pinned}
    assert pinned | {d.pin.job for d in plan.dropped} == {p.job for p in pins}
    for pin in pins:
        if pin.job in pinned:
            assert plan.booking(pin.job).start == pin.start


@settings(max_examples=50, deadline=None)
@given(meets())
def test_the_plan_is_a_pure_function_of_its_inputs(meet):
    """The same jobs, sessions and pins in any order give the same plan (resources are taken in their listed order)."""
    jobs, resources, sessions, pins, changeover = meet
    first = build_plan(jobs, resources, sessions, pins, changeover=changeover)
    again = build_plan(list(reversed(jobs)), resources, list(reversed(sessions)), list(reversed(pins)), changeover=changeover)
    assert first == again
