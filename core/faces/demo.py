"""``podium demo``: a complete sample sports day run from scratch with simulated results.

Every step goes through the same services the CLI uses (import, draw, results,
performances, pairing, advancing), so the demo exercises the real paths; sports
simulate valid results from a seed, so the same demo gives the same meet every time.
"""

from __future__ import annotations

import random
import shutil
from collections.abc import Callable
from pathlib import Path

import attrs

from podium.errors import PodiumError, Target
from podium.i18n import N_, _, ngettext
from podium.journal.state import EventState
from podium.services.draws import make_draw
from podium.services.initialise import ENTRANTS_FILE, initialise
from podium.services.meet import Meet
from podium.services.performances import measured_stages, simulate_performances
from podium.services.progress import proceed
from podium.services.registration import import_entrants
from podium.services.results import record_many
from podium.services.schedule import plan_view
from podium.services.sportsday import tables_view
from podium.standings.event_ranking import event_ranking
from podium.views.awards import MedalsView
from podium.views.schedule import ScheduleView

MARKER = ".podium-demo"
DEMO_SEED = 2026


@attrs.frozen
class DemoReport:
    """Where the demo put things and what it did: winners, the order of play, medal and points tables."""

    folder: Path
    events: tuple[str, ...]
    results: int
    winners: tuple[tuple[str, str], ...]
    plan: ScheduleView
    tables: MedalsView


def prepare_folder(out: Path) -> None:
    """Make ``out`` ready: a new folder, or a previous demo folder that is replaced."""
    if out.exists() and any(out.iterdir()):
        if not (out / MARKER).exists():
            raise PodiumError(N_("{path} exists and is not a Podium demo folder; choose another folder."), code="meet.not_a_demo_folder", target=Target(file=out), path=out)
        shutil.rmtree(out)
    out.mkdir(parents=True, exist_ok=True)
    (out / MARKER).write_text("created by podium demo; the folder is replaced when the demo runs again\n", encoding="utf-8")


def play_matches(meet: Meet, key: str, rng: random.Random) -> int:
    """Enter simulated results for every match of ``key`` that is ready now (one batch)."""
    event = meet.state().event(key)
    pending = [m for stage in event.stages for m in stage.pending()]
    if not pending:
        return 0
    items = [([str(m.number)], event.sport.simulate(rng, event.context(m))) for m in pending]
    return len(record_many(meet, key, items))


def play_event(meet: Meet, key: str, rng: random.Random) -> int:
    """Play ``key`` to the end: results or performances, then the next round or stage, until nothing is due."""
    played = 0
    while True:
        event = meet.state().event(key)
        step = simulate_performances(meet, key, rng) if measured_stages(event) else play_matches(meet, key, rng)
        played += step
        if not step and proceed(meet, key, seed=DEMO_SEED) is None:
            return played


def winner(event: EventState) -> str:
    """The name of the event's winner (shared first places joined), or an empty string."""
    ranking = event_ranking(event)
    return " / ".join(event.entrants[key].name for key in ranking.at(1))


def drawn(event: EventState) -> str:
    """What the event's stages hold once played, all stages counted: "32 matches", "4 heats", "1 heat"."""
    heats = sum(len(stage.heats) for stage in event.stages)  # only a measured stage has heats
    if heats:
        return ngettext("{count} heat", "{count} heats", heats).format(count=heats)
    count = len(event.matches())
    return ngettext("{count} match", "{count} matches", count).format(count=count)


def entered(event: EventState, played: int) -> str:
    if any(stage.heats for stage in event.stages):  # a measured event, played
        return ngettext("{count} performance entered", "{count} performances entered", played).format(count=played)
    return ngettext("{count} result entered", "{count} results entered", played).format(count=played)


def run_demo(out: Path, lang: str, say: Callable[[str], None], *, documents: bool = True) -> DemoReport:
    """Create the sample meet in ``out``, import the entrants, draw and play every event, and
    (with ``documents``) print every kind of document into ``out/print``."""
    prepare_folder(out)
    initialise(out, "demo", lang)
    meet = Meet(out)
    counts = import_entrants(meet, out / ENTRANTS_FILE).counts
    state = meet.state()
    people = sum(len(e.members) for key in counts for e in state.event(key).entrants.values())
    say(
        _("Imported {people} entries ({count} entrants: individuals, pairs and teams) into {events} events.").format(
            people=people, count=sum(counts.values()), events=len(counts)
        )
    )
    rng = random.Random(DEMO_SEED)
    results = 0
    winners = []
    for key, config in meet.config.events.items():
        make_draw(meet, key, seed=DEMO_SEED)
        played = play_event(meet, key, rng)
        results += played
        event = meet.state().event(key)
        winners.append((config.name.get(lang), winner(event)))
        say(_("{event}: drawn ({drawn}), {entered}.").format(event=config.name.get(lang), drawn=drawn(event), entered=entered(event, played)))
    state = meet.state()
    plan = plan_view(state)
    tables = tables_view(state)
    if documents:
        from podium.faces.print.printing import print_all

        say(_("Printing draw sheets, results, score sheets, order of play, medal and points tables and certificates…"))
        printed = print_all(meet, out / "print", lang)
        say(_("{count} documents written to {folder}.").format(count=len(printed), folder=out / "print"))
    return DemoReport(out, tuple(meet.config.events), results, tuple(winners), plan, tables)
