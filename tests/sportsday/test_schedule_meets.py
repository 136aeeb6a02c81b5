"""The order of play of random meets, from meet.toml and the journal to the plan.

Random table-tennis meets: 1–3 events (singles and doubles), entrants drawn from a small pool of people
in two units — so the same person often plays in several events — one or two venues with a few tables and
sessions, and random rest. Checked independently of the scheduler, with people told apart by name and unit (a member of a pair from two units may be the namesake in any unit):
nobody is booked twice at once or without their event's rest, every match that fits lies inside a session
of its venue and event, and every drawn match is placed once.
"""

from __future__ import annotations

import datetime as dt
import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from podium.config import parse_meet
from podium.draws import draw_payload
from podium.entrants import Entrant, EntrantKind, Gender, Person
from podium.formats.base import StageEntrant
from podium.journal import Entry, Kind
from podium.registry import registry
from podium.schedule.service import meet_plan
from podium.serialize import entrant_to_json
from podium.state import fold

POOL = [(f"P{n}", "u1" if n % 2 else "u2") for n in range(10)]


@st.composite
def meets(draw: st.DrawFn) -> tuple[str, list[Entry]]:
    venues = draw(st.integers(1, 2))
    text = '[meet]\nname = "Random"\ndate = 2026-05-20\nlanguage = "en"\n[units]\nu1 = "Unit 1"\nu2 = "Unit 2"\n'
    for v in range(venues):
        text += f'[venues.v{v}]\nresources = {{ table = {draw(st.integers(1, 3))} }}\n'
        for s in range(draw(st.integers(1, 2))):
            start = draw(st.integers(8, 15))
            text += f'[[venues.v{v}.sessions]]\nname = "v{v}s{s}"\nstart = "{start:02d}:00"\nend = "{start + draw(st.integers(1, 3)):02d}:00"\n'
    text += f"[schedule]\nrest = {draw(st.sampled_from([0, 5, 15]))}\n"
    entries: list[Entry] = []
    when = dt.datetime(2026, 5, 1, tzinfo=dt.UTC)
    for e in range(draw(st.integers(1, 3))):
        pair = draw(st.booleans())
        minutes = draw(st.sampled_from([10, 20, 30]))
        rest = draw(st.sampled_from(["", "rest = 0, ", "rest = 20, "]))
        text += f'[events.e{e}]\nsport = "table_tennis"\nkind = "{"pair" if pair else "individual"}"\n'
        text += f"schedule = {{ {rest}minutes = {minutes} }}\n"
        size = draw(st.integers(2, 5))
        chosen = draw(st.lists(st.sampled_from(range(len(POOL))), min_size=size * (2 if pair else 1),
                               max_size=size * (2 if pair else 1), unique=True))
        entrants = []
        for k in range(size):
            members = [POOL[i] for i in chosen[k * (2 if pair else 1):(k + 1) * (2 if pair else 1)]]
            unit = members[0][1] if len({m[1] for m in members}) == 1 else None
            entrants.append(Entrant(str(k + 1), f"e{e}", EntrantKind.PAIR if pair else EntrantKind.INDIVIDUAL,
                                    " / ".join(m[0] for m in members),
                                    tuple(Person(m[0], Gender.MALE) for m in members), unit=unit))
        entries.append(Entry(len(entries) + 1, when, Kind.ENTRANTS, f"e{e}", {"entrants": [entrant_to_json(x) for x in entrants]}))
        stage_entrants = [StageEntrant(x.key, unit=x.unit) for x in entrants]
        fmt = registry().format("round_robin")
        payload = draw_payload(stage_entrants, "main", fmt.draw(stage_entrants, {"numbers": "lots", "cycles": 1}, random.Random(e)), e)
        entries.append(Entry(len(entries) + 1, when, Kind.DRAW, f"e{e}", payload))
    return text, entries


@settings(max_examples=120, deadline=None)
@given(meets())
def test_random_meets_keep_the_guarantees(meet):
    text, entries = meet
    config = parse_meet(text, registry())
    state = fold(config, registry(), entries)
    plan = meet_plan(state)
    people = {}
    matches = {}
    for event in state.events():
        for match in event.matches():
            key = f"{event.key}/{match.stage}/{match.key}"
            matches[key] = event
            people[key] = {(m.name, event.entrants[side].unit) for side in match.entrants for m in event.entrants[side].members}
    placed = [*plan.bookings, *plan.overflow]
    assert sorted(b.job for b in placed) == sorted(matches)
    sessions = {s.key: s for v in config.venues.values() for s in v.sessions}
    for b in plan.bookings:
        session = sessions[b.session]
        assert session.start <= b.start and b.end <= session.end
        assert all(r.startswith(session.venue + "/") for r in b.resources)
    for a, b in itertools.combinations(placed, 2):
        first, second = (a, b) if a.start <= b.start else (b, a)
        if set(first.resources) & set(second.resources):
            assert second.start >= first.end
        if any(n == m and (u == v or u is None or v is None) for n, u in people[first.job] for m, v in people[second.job]):
            event = matches[second.job].config
            rest = event.schedule.rest if event.schedule.rest is not None else config.schedule.rest
            assert second.start >= first.end + dt.timedelta(minutes=rest), (first, second)
