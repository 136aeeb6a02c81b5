"""Laws of standings, checked with generated events (hypothesis).

- The order in which results were entered, the side a match was entered from and the order in which
  entrants were listed change nothing.
- An annulled entrant (CXA 2011 §19.2: every result of it cancelled) leaves no trace: the standings of the
  others are those of an event it never entered.
- CXA 2011 §14.3.2's two readings of "drop round 1, then round 2" order tied entrants alike.
"""

from __future__ import annotations

from itertools import accumulate

from hypothesis import given, settings
from hypothesis import strategies as st

from podium.model.entrants import BYE
from podium.model.matches import Match, Slot
from podium.model.outcomes import Outcome, OutcomeKind, forfeit
from podium.model.scoring import PRESETS
from podium.standings.ledger import Decision
from podium.standings.table import Standings
from podium.tiebreakers.presets import CHAINS

from .helpers import ledger, standings

NAMES = [f"P{i}" for i in range(8)]
CHAIN_NAMES = sorted(set(CHAINS) - {"cxa-14.8"})


@st.composite
def outcomes(draw):
    kind = draw(st.sampled_from(["win", "loss", "draw", "+", "-", "--"]))
    if kind in ("+", "-", "--"):
        return forfeit({"+": 0, "-": 1, "--": None}[kind])
    stats = {
        "fouls": (draw(st.integers(0, 2)), draw(st.integers(0, 2))),
        "warnings": (draw(st.integers(0, 1)), draw(st.integers(0, 1))),
        "games": (draw(st.integers(0, 3)), draw(st.integers(0, 3))),
        "points": (draw(st.integers(0, 33)), draw(st.integers(0, 33))),
    }
    boards = tuple((draw(st.sampled_from([0, 1, 2])), draw(st.sampled_from([0, 1, 2]))) for _ in range(2))
    mover = draw(st.sampled_from([0, 1]))
    if kind == "draw":
        return Outcome.draw(first_mover=mover, stats=stats, boards=boards)
    return Outcome.win(0 if kind == "win" else 1, first_mover=mover, stats=stats, boards=boards)


@st.composite
def events(draw, extra=()):
    """Entrants and Swiss-like rounds of results among them (with byes on odd rounds)."""
    entrants = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=7, unique=True)) + list(extra)
    rounds = draw(st.integers(1, 4))
    results = []
    for rnd in range(1, rounds + 1):
        order = draw(st.permutations(entrants))
        for i in range(0, len(order) - 1, 2):
            a, b = order[i], order[i + 1]
            results.append((Match(f"R{rnd}.{i}", "main", rnd, (Slot(a), Slot(b))), draw(outcomes())))
        if len(order) % 2:
            who = order[-1]
            results.append((Match(f"R{rnd}.bye", "main", rnd, (Slot(who), Slot(BYE))), Outcome.win(0, kind=OutcomeKind.BYE)))
    penalties = draw(st.dictionaries(st.sampled_from(entrants), st.tuples(st.integers(0, 1), st.integers(0, 2)), max_size=2))
    return entrants, results, penalties


def summary(table: Standings):
    return (
        [(row.place, row.key, row.shared, row.record.points, dict(row.values)) for row in table.rows],
        list(table.separations),
        sorted(table.unresolved),
    )


def flipped(result):
    match, outcome = result
    if BYE in match.entrants:
        return result
    return Match(match.key, match.stage, match.round, (match.sides[1], match.sides[0])), outcome.mirrored()


@settings(max_examples=100, deadline=None)
@given(events(), st.sampled_from(CHAIN_NAMES), st.sampled_from(["2-1-0", "3-1-0", "cxa-13.3-asymmetric", "ittf"]), st.randoms())
def test_order_of_entry_changes_nothing(event, chain, scheme, rng):
    entrants, results, penalties = event
    scoring = PRESETS[scheme]
    first = standings(ledger(entrants, results, scoring, penalties=penalties), chain)
    shuffled = [flipped(r) if rng.random() < 0.5 else r for r in results]
    rng.shuffle(shuffled)
    listed = list(entrants)
    rng.shuffle(listed)
    again = standings(ledger(listed, shuffled, scoring, penalties=dict(reversed(list(penalties.items())))), chain)
    assert summary(again) == summary(first)


@settings(max_examples=100, deadline=None)
@given(events(extra=["X"]), st.sampled_from(CHAIN_NAMES))
def test_an_annulled_entrant_leaves_no_trace(event, chain):
    entrants, results, penalties = event
    others = [e for e in entrants if e != "X"]
    never_there = [r for r in results if "X" not in r[0].entrants]
    annulled = standings(ledger(others, results, penalties=penalties), chain)
    assert summary(annulled) == summary(standings(ledger(others, never_there, penalties=penalties), chain))
    assert "X" not in {row.key for row in annulled.rows}
    assert all(e.opponent != "X" for row in annulled.rows for e in row.record.entries)


@settings(max_examples=100, deadline=None)
@given(events(), st.sampled_from(CHAIN_NAMES), st.integers(0, 10**6))
def test_lots_settle_only_the_groups_they_cover(event, chain, seed):
    """A decision covering a tied group orders it completely; other places are untouched."""
    entrants, results, penalties = event
    before = standings(ledger(entrants, results, penalties=penalties), chain)
    if not before.unresolved:
        return
    group = before.unresolved[0]
    order = tuple(sorted(group, key=lambda k: (hash((seed, k)), k)))
    after = standings(ledger(entrants, results, penalties=penalties, decisions=[Decision(frozenset(group), order)]), chain)
    assert [k for k in after.order() if k in group] == list(order)
    assert [(row.place, row.key) for row in after.rows if row.key not in group] == [
        (row.place, row.key) for row in before.rows if row.key not in group
    ]


@given(st.lists(st.sampled_from([0, 1, 2]), min_size=3, max_size=9), st.data())
def test_two_readings_of_dropping_rounds_agree(p, data):
    """CXA 2011 §14.3.2: with equal totals and progressive scores, subtracting the first running scores (FIDE's cut)
    and recounting from round k+1 order two players alike, step by step.

    q is p with +s, −2s, +s added in three consecutive rounds (any number of times): that keeps both the total
    and the progressive score (weights w, w−1, w−2: w − 2(w−1) + (w−2) = 0).
    """
    rounds = len(p)
    p = list(p)
    i = data.draw(st.integers(0, rounds - 3))
    p[i], p[i + 1], p[i + 2] = min(p[i], 1), 2, min(p[i + 2], 1)  # room for one move at i
    q = list(p)
    for _ in range(data.draw(st.integers(1, 3))):
        moves = [
            (j, s)
            for j in range(rounds - 2)
            for s in (-1, 1)
            if 0 <= q[j] + s <= 2 and 0 <= q[j + 1] - 2 * s <= 2 and 0 <= q[j + 2] + s <= 2
        ]
        j, s = data.draw(st.sampled_from(moves))
        q[j] += s
        q[j + 1] -= 2 * s
        q[j + 2] += s

    def progressive(points):
        return sum(accumulate(points))

    assert (sum(q), progressive(q)) == (sum(p), progressive(p))

    def cut(points):
        running = list(accumulate(points))
        return [progressive(points) - sum(running[:k]) for k in range(1, rounds)]

    def recount(points):
        return [progressive(points[k:]) for k in range(1, rounds)]

    def verdict(a, b):
        return next(((x > y) - (x < y) for x, y in zip(a, b, strict=True) if x != y), 0)

    assert verdict(cut(p), cut(q)) == verdict(recount(p), recount(q))
