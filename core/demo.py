"""``podium demo``: a complete sample meet run from scratch with simulated results.

Every step goes through the same services the CLI uses (import, draw, results),
so the demo exercises the real paths; sports simulate valid results from a seed.
"""

from __future__ import annotations

import random
import shutil
from collections.abc import Callable
from pathlib import Path

import attrs

from podium.draws import make_draw
from podium.entries import import_entrants
from podium.errors import PodiumError
from podium.i18n import _
from podium.initialise import ENTRANTS_FILE, initialise
from podium.meet import Meet
from podium.results import record_many

MARKER = ".podium-demo"
DEMO_SEED = 2026


@attrs.frozen
class DemoReport:
    """Where the demo put things and what it did."""

    folder: Path
    events: tuple[str, ...]
    results: int


def prepare_folder(out: Path) -> None:
    """Make ``out`` ready: a new folder, or a previous demo folder that is replaced."""
    if out.exists() and any(out.iterdir()):
        if not (out / MARKER).exists():
            raise PodiumError(
                _("{path} exists and is not a Podium demo folder; choose another folder.").format(path=out)
            )
        shutil.rmtree(out)
    out.mkdir(parents=True, exist_ok=True)
    (out / MARKER).write_text("created by podium demo; the folder is replaced when the demo runs again\n", encoding="utf-8")


def simulate_event(meet: Meet, key: str, rng: random.Random) -> int:
    """Enter simulated results for every playable match of ``key`` until nothing is pending."""
    count = 0
    while True:
        event = meet.state().event(key)
        pending = [m for stage in event.stages for m in stage.pending()]
        if not pending:
            return count
        items = [([str(m.number)], event.sport.simulate(rng, event.context(m))) for m in pending]
        count += len(record_many(meet, key, items))


def run_demo(out: Path, lang: str, say: Callable[[str], None]) -> DemoReport:
    """Create the sample meet in ``out``, import, draw and play every event."""
    prepare_folder(out)
    initialise(out, "demo", lang)
    meet = Meet(out)
    counts = import_entrants(meet, out / ENTRANTS_FILE)
    say(_("Imported {count} entrants into {events} events.").format(count=sum(counts.values()), events=len(counts)))
    rng = random.Random(DEMO_SEED)
    results = 0
    for key, event in meet.config.events.items():
        report = make_draw(meet, key, seed=DEMO_SEED)
        played = simulate_event(meet, key, rng)
        results += played
        say(
            _("{event}: drawn ({matches} matches), {played} results entered.").format(
                event=event.name.get(lang), matches=report.matches, played=played
            )
        )
    return DemoReport(out, tuple(meet.config.events), results)
