"""docs/formats.md is true: every meet.toml example loads, draws and runs to the end (pairing and advancing as due)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from podium.config.meet import parse_meet
from podium.registry import registry
from podium.services.draws import make_draw
from podium.services.meet import Meet
from podium.services.progress import proceed
from podium.services.registration import import_entrants
from podium.services.results import record_many

ROOT = Path(__file__).resolve().parents[2]
BLOCKS = re.findall(r"```toml\n(.*?)```", (ROOT / "docs" / "formats.md").read_text(encoding="utf-8"), flags=re.S)
HEADER = '[meet]\nname = "Docs"\nlanguage = "en"\n\n[units]\nc1 = "Class 1"\nc2 = "Class 2"\nc3 = "Class 3"\n\n'


def test_the_page_has_examples() -> None:
    assert len(BLOCKS) >= 6


@pytest.mark.parametrize("block", BLOCKS, ids=[re.search(r"\[events\.(\w+)\]", b)[1] for b in BLOCKS])  # type: ignore[index]
def test_example_runs_to_the_end(block: str, tmp_path: Path) -> None:
    config = parse_meet(HEADER + block, registry())
    (key,) = config.events
    (tmp_path / "meet.toml").write_text(HEADER + block, encoding="utf-8")
    rows = ["event,name,unit,seed"] + [f"{key},N{i},Class {i % 3 + 1},{i if i <= 4 else ''}" for i in range(1, 17)]
    (tmp_path / "entrants.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    meet = Meet(tmp_path)
    import_entrants(meet, tmp_path / "entrants.csv")
    make_draw(meet, key, seed=1)
    rng = random.Random(1)
    while True:
        event = meet.state().event(key)
        pending = [m for m in event.stages[-1].pending()]
        if pending:
            record_many(meet, key, [([str(m.number)], event.sport.simulate(rng, event.context(m))) for m in pending])
        elif proceed(meet, key, seed=2) is None:
            break
    event = meet.state().event(key)
    assert [s.name for s in event.stages] == [s.name for s in config.events[key].stages]
    assert event.stages[-1].complete
