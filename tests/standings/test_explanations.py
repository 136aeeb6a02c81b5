"""Every tie that standings decide is explained by the criterion that decided it (issue 21, item 24).

``podium standings --explain`` prints one line for each two neighbours on equal points whose places differ:
"A above B: <criterion> <A's value> vs <B's value>". The line names the criterion that told them apart,
whichever place it has in the chain — the last included.
"""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from podium.tiebreakers.presets import CHAINS
from tests.standings.helpers import explained, game, ledger, standings


def test_the_last_criterion_of_the_weiqi_chain_is_explained():
    """Weiqi 2002 Art. 27 (1): points, then 小分 (Sonneborn-Berger), then fewer warnings, then lots.
    A beats C, B beats D, A–B and C–D are drawn, A–D and B–C drawn: A and B have 2 points each
    (win 1, draw ½), C and D 1 each. SB of A: C 1 (beaten) + B 2 × ½ + D 1 × ½ = 2.5; of B: D 1 + A 2 × ½
    + C 1 × ½ = 2.5 — equal. A received no warning, B one (in its game with D): warnings, the chain's last
    real criterion, puts A above B, and the explanation says so."""
    results = [
        game(1, "A", "C", "1-0"), game(1, "B", "D", "1-0", warnings=(1, 0)),
        game(2, "A", "B", "="), game(2, "C", "D", "="),
        game(3, "A", "D", "="), game(3, "B", "C", "="),
    ]
    table = standings(ledger(["A", "B", "C", "D"], results), "weiqi-2002")
    assert [row.key for row in table.rows][:2] == ["A", "B"]
    assert "A above B: warnings 0 vs 1" in explained(table)


OUTCOMES = st.sampled_from(["1-0", "0-1", "="])


@settings(max_examples=150, deadline=None)
@given(
    st.integers(min_value=3, max_value=6).flatmap(
        lambda n: st.tuples(st.just(n), st.lists(OUTCOMES, min_size=n * (n - 1) // 2, max_size=n * (n - 1) // 2),
                            st.lists(st.integers(0, 2), min_size=n * (n - 1) // 2, max_size=n * (n - 1) // 2))
    ),
    st.sampled_from(sorted(c for c in CHAINS if "team" not in c and c not in ("cxa-14.6", "cxa-14.7"))),
)
def test_every_decided_tie_is_explained_by_a_criterion_of_the_chain(field, chain):
    """A law: two neighbours on equal points with different places have an explanation whose criterion is in the
    chain (the last one included) and whose two values differ."""
    n, outcomes, fouls = field
    people = [chr(65 + i) for i in range(n)]
    results = [
        game(index + 1, a, b, outcome, fouls=(foul, 0), warnings=(0, foul))
        for index, ((a, b), outcome, foul) in enumerate(zip(itertools.combinations(people, 2), outcomes, fouls, strict=True))
    ]
    table = standings(ledger(people, results), chain)
    separations = {(s.upper, s.lower): s for s in table.separations}
    for upper, lower in itertools.pairwise(table.rows):
        if upper.record.points == lower.record.points and upper.place != lower.place:
            why = separations[(upper.key, lower.key)]
            assert why.criterion in table.chain and why.label
            assert why.upper_value != why.lower_value
