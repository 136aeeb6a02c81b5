"""The formats with the board-game sports: a xiangqi Swiss, a gomoku first-to-3 knockout, a weiqi round robin.

Each is drawn, played with the sport's simulated results and run to the end with
``proceed`` (the demo's loop): every match settled, every round paired once.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from podium.services.draws import make_draw
from podium.services.meet import Meet
from podium.services.progress import proceed
from podium.services.registration import import_entrants
from podium.services.results import record_many

TOML = """
[meet]
name = "Board games"
language = "en"

[units]
c1 = "Class 1"
c2 = "Class 2"

[events.xq]
name = "Xiangqi"
sport = "xiangqi"

[[events.xq.stages]]
name = "swiss"
format = "swiss"
rounds = 5

[events.gk]
name = "Gomoku"
sport = "gomoku"

[events.gk.rules]
rule_set = "A"
wins = 3

[[events.gk.stages]]
name = "knockout"
format = "knockout"
third_place = true

[events.wq]
name = "Weiqi"
sport = "weiqi"
format = "round_robin"
"""


def run(meet: Meet, key: str) -> None:
    make_draw(meet, key, seed=1)
    rng = random.Random(1)
    while True:
        event = meet.state().event(key)
        pending = event.stages[-1].pending()
        if pending:
            record_many(meet, key, [([str(m.number)], event.sport.simulate(rng, event.context(m))) for m in pending])
        elif proceed(meet, key, seed=1) is None:
            return


def test_board_games_run_to_the_end(tmp_path: Path) -> None:
    (tmp_path / "meet.toml").write_text(TOML, encoding="utf-8")
    rows = ["event,name,unit"] + [f"{ev},{ev}{i},Class {i % 2 + 1}" for ev, n in (("xq", 9), ("gk", 8), ("wq", 6)) for i in range(n)]
    (tmp_path / "entrants.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    meet = Meet(tmp_path)
    import_entrants(meet, tmp_path / "entrants.csv")
    for key in ("xq", "gk", "wq"):
        run(meet, key)
    state = meet.state()
    swiss = state.event("xq").stages[0]
    assert swiss.complete and len(swiss.view.rounds) == 5
    assert set(Counter(frozenset(m.entrants) for m in swiss.matches if not m.is_bye).values()) == {1}
    assert set(Counter(r["bye"] for r in swiss.view.rounds).values()) == {1}  # 9 entrants: a bye each round, never twice
    knockout = state.event("gk").stages[0]
    assert knockout.complete and sorted(p for _k, p in state.event("gk").placings(knockout)) == [1, 2, 3, 4, 5, 5, 5, 5]
    assert all(m.decisive and m.colours == "lots" for m in knockout.matches)
    robin = state.event("wq").stages[0]
    assert robin.complete and len(robin.results) == 15
