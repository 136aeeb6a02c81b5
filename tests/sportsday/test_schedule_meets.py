"""The order of play of random meets, from meet.toml and the journal to the plan.

Random sports days: 1–4 events — table-tennis singles and doubles (round robins), and measured fun games
(a sack race in heats with a final, or in rounds with cuts; a three-legged race of pairs) — with entrants
drawn from a small pool of people in two units, so the same person often plays matches in one event and
heats in another. One or two venues with tables and lanes and a few sessions; random rest; some events
kept to some sessions, some finals to one session. Some measured events have their first round run (random times), so their finals or
second rounds exist. Checked independently of the scheduler, with people told apart by name and unit (a
member of a pair from two units may be the namesake in any unit):

- every drawn match, every heat laid out and every heat still to come (a final, a later round) is placed
  once; one still to come keeps everyone of its stage free;
- whatever fits lies inside a session of its venue that its event may use, on resources of its kind;
- nobody is in two matches or heats at once, or without the later one's rest;
- a heat starts after every heat of the earlier rounds of its stage has ended;
- a round robin is played round by round: no match of a round starts before a match of an earlier round
  (so the printed order of play keeps the rounds in order);
- a stage not drawn yet (a knockout after a round robin, played by stand-ins) starts after every match of
  the stage before has ended.
"""

from __future__ import annotations

import datetime as dt
import itertools
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from podium.config.meet import parse_meet
from podium.formats.base import StageEntrant
from podium.journal.entries import Entry, Kind
from podium.journal.serialize import entrant_to_json
from podium.journal.state import fold
from podium.model.entrants import Entrant, EntrantKind, Gender, Person
from podium.registry import registry
from podium.schedule.forecast import forecast
from podium.services.draws import draw_payload
from podium.services.performances import measured_stages
from podium.services.schedule import meet_plan

POOL = [(f"P{n}", "u1" if n % 2 else "u2") for n in range(10)]
MEASURED = {
    "sack": ('game = "sack_race"', '[[events.{key}.stages]]\nname = "heats"\nformat = "heats"\nlanes = {lanes}\nadvance = "{advance}"\n'),
    "rounds": ('game = "sack_race"', '[[events.{key}.stages]]\nname = "rounds"\nformat = "rounds"\nsessions = [2, 1]\ncuts = [{cut}]\n'),
    "legs": ('game = "three_legged_race"', '[[events.{key}.stages]]\nname = "heats"\nformat = "heats"\nlanes = {lanes}\nadvance = "{advance}"\n'),
}


@st.composite
def meets(draw: st.DrawFn) -> tuple[str, list[Entry]]:
    text = '[meet]\nname = "Random"\ndate = 2026-05-20\nlanguage = "en"\n[units]\nu1 = "Unit 1"\nu2 = "Unit 2"\n'
    sessions = []
    for v in range(draw(st.integers(1, 2))):
        text += f'[venues.v{v}]\nresources = {{ table = {draw(st.integers(1, 3))}, lawn = {draw(st.integers(1, 2))} }}\n'
        for s in range(draw(st.integers(1, 2))):
            start = draw(st.integers(8, 15))
            sessions.append(f"v{v}s{s}")
            text += f'[[venues.v{v}.sessions]]\nname = "v{v}s{s}"\nstart = "{start:02d}:00"\nend = "{start + draw(st.integers(1, 3)):02d}:00"\n'
    text += f"[schedule]\nrest = {draw(st.sampled_from([0, 5, 15]))}\n"
    entries: list[Entry] = []
    when = dt.datetime(2026, 5, 1, tzinfo=dt.UTC)
    for e in range(draw(st.integers(1, 4))):
        key = f"e{e}"
        sport = draw(st.sampled_from(["table_tennis", "table_tennis", "ko", "sack", "rounds", "legs"]))
        later = sport == "ko"  # a round robin, then a knockout of its best, not drawn yet
        sport = "table_tennis" if later else sport
        pair = draw(st.booleans()) if sport == "table_tennis" else sport == "legs"
        minutes = draw(st.sampled_from([10, 20, 30]))
        rest = draw(st.sampled_from(["", "rest = 0, ", "rest = 20, "]))
        kept = draw(st.lists(st.sampled_from(sessions), max_size=2, unique=True))
        only = f"sessions = {json.dumps(kept)}, " if kept else ""
        finals = draw(st.lists(st.sampled_from(sessions), max_size=1)) if sport != "table_tennis" else []
        only += f"round_sessions = {{ final = {json.dumps(finals)} }}, " if finals else ""
        resource = "table" if sport == "table_tennis" else "lawn"
        text += f'[events.{key}]\n'
        if sport == "table_tennis":
            text += f'sport = "table_tennis"\nkind = "{"pair" if pair else "individual"}"\n'
        else:
            text += f'sport = "fun_games"\n{MEASURED[sport][0]}\n'
        text += f'schedule = {{ {rest}{only}resource = "{resource}", minutes = {minutes} }}\n'
        size = draw(st.integers(2, 5))
        width = 2 if pair else 1
        chosen = draw(st.lists(st.sampled_from(range(len(POOL))), min_size=size * width, max_size=size * width, unique=True))
        entrants = []
        for k in range(size):
            members = [POOL[i] for i in chosen[k * width:(k + 1) * width]]
            unit = members[0][1] if len({m[1] for m in members}) == 1 else None
            entrants.append(Entrant(str(k + 1), key, EntrantKind.PAIR if pair else EntrantKind.INDIVIDUAL,
                                    " / ".join(m[0] for m in members),
                                    tuple(Person(m[0], Gender.MALE) for m in members), unit=unit))
        entries.append(Entry(len(entries) + 1, when, Kind.ENTRANTS, key, {"entrants": [entrant_to_json(x) for x in entrants]}))
        stage_entrants = [StageEntrant(x.key, unit=x.unit) for x in entrants]
        if later:
            text += (f'[[events.{key}.stages]]\nname = "main"\nformat = "round_robin"\nadvance = {draw(st.integers(2, size))}\n'
                     f'[[events.{key}.stages]]\nname = "ko"\nformat = "knockout"\n')
        if sport == "table_tennis":
            fmt, stage, options = registry().format("round_robin"), "main", {"numbers": "lots", "cycles": 1, "order": "ittf"}
        else:
            lanes, advance, cut = draw(st.integers(2, 3)), draw(st.sampled_from(["winners", "none"])), draw(st.integers(1, 2))
            text += MEASURED[sport][1].format(key=key, lanes=lanes, advance=advance, cut=cut)
            name = "rounds" if sport == "rounds" else "heats"
            fmt = registry().format(name)
            options = {"sessions": [2, 1], "cuts": [cut], "order": "list", "carry_over": False} if sport == "rounds" else {
                "lanes": lanes, "order": "lots", "advance": advance, "per_heat": 1, "best": 0}
            stage = name
        payload = draw_payload(stage_entrants, stage, fmt.draw(stage_entrants, options, random.Random(e)), e)
        entries.append(Entry(len(entries) + 1, when, Kind.DRAW, key, payload))
        if sport != "table_tennis" and draw(st.booleans()):
            # the first round is run: every entrant's time (ties allowed), so a final or a second round is laid out
            config = parse_meet(text, registry())
            heats = fold(config, registry(), entries).event(key).stages[0].heats
            for heat in heats:
                for entrant in heat.entrants:
                    value = f"{draw(st.integers(10, 14))}.{draw(st.sampled_from(['00', '50']))}"
                    performance = {"stage": stage, "entrant": entrant, "heat": heat.key, "attempt": 1, "value": value}
                    entries.append(Entry(len(entries) + 1, when, Kind.PERFORMANCE, key, performance))
    return text, entries


@settings(max_examples=150, deadline=None)
@given(meets())
def test_random_meets_keep_the_guarantees(meet):
    text, entries = meet
    config = parse_meet(text, registry())
    state = fold(config, registry(), entries)
    plan = meet_plan(state)
    people: dict[str, set[tuple[str, str | None]]] = {}
    events = {}
    rounds: dict[str, tuple[str, int]] = {}
    round_names: dict[str, str] = {}
    stage_of: dict[str, tuple[str, int]] = {}
    robin: dict[str, tuple[str, str | None, int]] = {}
    for event in state.events():
        def members(keys, event=event):
            return {(m.name, event.entrants[k].unit) for k in keys for m in event.entrants[k].members}

        for match in event.matches():
            if not match.is_bye:
                key = f"{event.key}/{match.stage}/{match.key}"
                events[key] = event
                people[key] = members(match.entrants)
                stage_of[key] = (event.key, 0)
                if event.stage(match.stage).format.family == "round_robin":
                    robin[key] = (f"{event.key}/{match.stage}", match.group, match.round)
        for ahead in forecast(event):  # the knockout not drawn yet: played by stand-ins, nobody real
            for match in ahead.matches:
                if not match.is_bye:
                    key = f"{event.key}/{ahead.stage}/{match.key}"
                    events[key] = event
                    people[key] = set()
                    stage_of[key] = (event.key, ahead.index)
        for stage in measured_stages(event):
            for heat in stage.heats + stage.expected_heats:
                key = f"{event.key}/{stage.name}/{heat.key}"
                events[key] = event
                # a heat still to come (a final before the heats' marks) may hold anyone of its stage
                people[key] = members(heat.entrants if heat.lanes else [e.key for e in stage.view.entrants])
                rounds[key] = (f"{event.key}/{stage.name}", heat.round)
                round_names[key] = heat.round_name
    placed = [*plan.bookings, *plan.overflow]
    assert sorted(b.job for b in placed) + sorted(u.job for u in plan.unplaced) == sorted(events)
    assert plan.unplaced == ()  # every event's resource kind exists at every venue
    sessions = {s.key: s for v in config.venues.values() for s in v.sessions}
    for b in plan.bookings:
        session = sessions[b.session]
        event = events[b.job].config
        assert session.start <= b.start and b.end <= session.end
        allowed = event.schedule.round_sessions.get(round_names.get(b.job, "")) or event.schedule.sessions
        assert not allowed or session.key in allowed
        assert all(r.startswith(session.venue + "/") for r in b.resources)
        kind = "table" if event.sport == "table_tennis" else "lawn"
        assert all(r.split("/")[1][0] == kind[0].upper() for r in b.resources), (b, kind)
    for a, b in itertools.combinations(placed, 2):
        first, second = (a, b) if a.start <= b.start else (b, a)
        if set(first.resources) & set(second.resources):
            assert second.start >= first.end
        if any(n == m and (u == v or u is None or v is None) for n, u in people[first.job] for m, v in people[second.job]):
            event = events[second.job].config
            rest = event.schedule.rest if event.schedule.rest is not None else config.schedule.rest
            assert second.start >= first.end + dt.timedelta(minutes=rest), (first, second)
        if first.job in stage_of and second.job in stage_of and stage_of[first.job][0] == stage_of[second.job][0]:
            (_e, s1), (_f, s2) = stage_of[first.job], stage_of[second.job]
            if s1 != s2:
                earlier, later = (first, second) if s1 < s2 else (second, first)
                assert later.start >= earlier.end, (earlier, later)
        if first.job in robin and second.job in robin and robin[first.job][:2] == robin[second.job][:2]:
            if robin[first.job][2] != robin[second.job][2]:
                earlier, later = (first, second) if robin[first.job][2] < robin[second.job][2] else (second, first)
                assert later.start >= earlier.start, (earlier, later)
        if first.job in rounds and second.job in rounds and rounds[first.job][0] == rounds[second.job][0]:
            (_s, r1), (_t, r2) = rounds[first.job], rounds[second.job]
            if r1 != r2:
                earlier, later = (first, second) if r1 < r2 else (second, first)
                assert later.start >= earlier.end, (earlier, later)
