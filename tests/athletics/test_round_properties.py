"""Laws of heats and qualification for random fields (World Athletics TR 20, TR 21): every runner is in exactly one
heat of each round they reach, no heat holds more runners than lanes, and those who go on are exactly those the rule
names — the first Q of each heat by place and then the q fastest of the others by time."""

from __future__ import annotations

import random
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from podium.errors import StateError
from podium.formats.base import StageEntrant
from podium.formats.qualifying import QualifyingRounds
from tests.athletics.helpers import athletics, run_stage

HAND = athletics(measure="time", race=400)


@st.composite
def fields(draw):
    size = draw(st.integers(2, 70))
    lanes = draw(st.integers(4, 10))
    units = draw(st.integers(1, 8))
    seeded = draw(st.booleans())
    entrants = [
        StageEntrant(f"r{n}", seed=n if seeded and n % 3 else None, unit=f"u{draw(st.integers(1, units))}") for n in range(size)
    ]
    qualify = draw(st.sampled_from([[], [[2, 2]], [[3, 2]], [[1, 2], [2, 2]], [[3, 4], [3, 2]]]))
    ties = draw(st.booleans())
    rng = random.Random(draw(st.integers(0, 10**6)))
    tenths = list(range(450, 450 + (size // 2 if ties else 10 * size)))
    times = {e.key: Decimal(rng.choice(tenths)) / 10 if ties else Decimal(tenths.pop(rng.randrange(len(tenths)))) / 10 for e in entrants}
    return entrants, {"lanes": lanes, "qualify": qualify, "tie_at_cut": draw(st.sampled_from(["extra_place", "lots"]))}, times, ties


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fields(), st.integers(0, 1000))
def test_rounds_of_random_fields(field, seed):
    entrants, options, times, ties = field
    fmt = QualifyingRounds()
    marks = {(r, key): f"{time:.1f}" for key, time in times.items() for r in range(1, 6)}
    try:
        view, heats = run_stage(fmt, options, entrants, marks, HAND, seed=seed)
    except StateError:
        return  # a plan that cannot hold this field is refused at the draw (tested by hand elsewhere)
    plan = view.draw["plan"]
    rounds = sorted({h.round for h in heats})
    assert rounds == list(range(1, len(plan) + 1))
    everyone = {e.key for e in entrants}
    for number in rounds:
        laid = [h for h in heats if h.round == number]
        keys = [k for h in laid for k in h.entrants]
        assert len(keys) == len(set(keys)), "a runner in two heats of one round"
        assert all(len(h.lanes) <= options["lanes"] for h in laid), "more runners than lanes"
        assert all(1 <= lane.position <= options["lanes"] for h in laid for lane in h.lanes), "a lane the track has not"
        assert all(len({lane.position for lane in h.lanes}) == len(h.lanes) for h in laid), "two runners in one lane"
        if number == 1:
            assert set(keys) == everyone
            continue
        earlier = [h for h in heats if h.round == number - 1]
        through = set(keys)
        assert through <= {k for h in earlier for k in h.entrants}
        q_places, q_times = plan[number - 2]["Q"], plan[number - 2]["q"]
        by_place = set()
        for heat in earlier:
            ordered = sorted(heat.entrants, key=lambda k: times[k])
            by_place |= set(ordered[:q_places])
            if not ties:
                assert set(ordered[:q_places]) <= through
        rest = sorted((k for h in earlier for k in h.entrants if k not in by_place), key=lambda k: times[k])
        if not ties:
            assert through == by_place | set(rest[:q_times]), "qualifiers are not those the rule names"
        else:  # with equal times: lots choose among equals only, and the next round never has more than its lanes
            progress = fmt.progress(view, heats)
            how = {k: m for h in earlier for k, m in progress.get(h.key, {}).items()}
            assert set(how) == through
            for heat in earlier:
                went = [k for k in heat.entrants if how.get(k) == "Q"]
                stayed = [k for k in heat.entrants if k not in how]
                assert all(times[a] <= times[b] for a in went for b in stayed), "a slower runner went on by place"
            timed = [k for k in through if how[k] == "q"]
            out = [k for h in earlier for k in h.entrants if k not in how]
            assert all(times[a] <= times[b] for a in timed for b in out), "a slower runner went on by time"
            assert len(through) <= plan[number - 1]["heats"] * options["lanes"]
