"""Law: results entered in any order give identical standings (issue 2, acceptance 4)."""

from __future__ import annotations

import random
import shutil
import tempfile
import textwrap
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from podium.services.draws import make_draw
from podium.services.meet import Meet
from podium.services.registration import import_entrants
from podium.services.results import record_many
from podium.services.views import standings_view

TOML = """
[meet]
name = "Order test"
language = "en"
[events.ms]
name = "Singles"
sport = "table_tennis"
format = "round_robin"
[events.ms.rules]
best_of = 3
"""


def run(folder: Path, players: int, results: list[tuple[int, str]]) -> dict:
    folder.mkdir()
    (folder / "meet.toml").write_text(textwrap.dedent(TOML), encoding="utf-8")
    (folder / "e.csv").write_text("event,name\n" + "".join(f"ms,P{i}\n" for i in range(players)), encoding="utf-8")
    meet = Meet(folder)
    import_entrants(meet, folder / "e.csv")
    make_draw(meet, "ms", seed=5)
    if results:  # one transaction; the journal keeps the given order
        record_many(meet, "ms", [([str(number)], text) for number, text in results])
    return standings_view(meet.state().event("ms"))


@settings(max_examples=40, deadline=None)
@given(players=st.integers(min_value=2, max_value=7), seed=st.integers(min_value=0, max_value=10**6), data=st.data())
def test_entry_order_does_not_matter(players, seed, data):
    rng = random.Random(seed)
    matches = players * (players - 1) // 2
    texts = []
    for number in range(1, matches + 1):
        winner = rng.random() < 0.5
        games = [f"11-{rng.randint(0, 9)}"] * 2 if winner else [f"{rng.randint(0, 9)}-11"] * 2
        texts.append((number, " ".join(games) if rng.random() > 0.1 else rng.choice(["+:-", "-:+"])))
    played = data.draw(st.lists(st.sampled_from(texts), unique=True, max_size=matches))
    shuffled = data.draw(st.permutations(played))
    root = Path(tempfile.mkdtemp())
    try:
        assert run(root / "a", players, played) == run(root / "b", players, list(shuffled))
    finally:
        shutil.rmtree(root)
