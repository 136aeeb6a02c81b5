"""Playing small events of a sport through Podium's own services, in temporary meet folders.

For the defaults of each entrant kind (and each ready-made game played as matches),
four entrants are imported from a CSV file and drawn into a round robin and, where a
knockout format is installed, a knockout (a ready-made game: its own format); every
match that is ready gets a simulated result through :func:`podium.services.results.record_many`
until none is left, and the event is ranked (standings with the sport's default tie-break
chain, or the places a bracket decided) — the path of ``podium entrants import``, ``podium draw``, ``podium result`` and
``podium standings``. When this Podium can print, the score sheets of the event are
rendered in English and Chinese.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Sequence
from pathlib import Path

from podium.errors import PodiumError
from podium.i18n import _
from podium.model.entrants import Entrant
from podium.model.sports import Sport
from podium.registry import Registry
from podium.services.draws import make_draw
from podium.services.meet import Meet
from podium.services.registration import import_entrants
from podium.services.results import record_many
from podium.standings.event_ranking import event_ranking
from podium.testing.cases import Case
from podium.testing.report import Collector

ENTRANTS = 4
EVENT = "conformance"
LAYOUTS = ("round_robin", "knockout")
"""Formats an event of the sport is played in (those installed)."""


def play(sport: Sport, registry: Registry, cases: Sequence[Case], found: Collector, seed: int = 7) -> None:
    """Run one small event per default case that is played as matches; report the step that fails."""
    for case in cases:
        if not case.default or case.measured:
            continue
        game = case.ctx.rules.get("game")
        layouts = [sport.games[game].format] if game else LAYOUTS
        for layout in (name for name in layouts if name in registry.formats):
            with tempfile.TemporaryDirectory(prefix="podium-conformance-") as folder:
                _play(sport, registry, case, Path(folder), game, layout, seed, found)


def _toml(sport: Sport, kind: str, game: str | None, layout: str) -> str:
    lines = ["[meet]", 'name = "Conformance"', 'language = "en"', "", f"[events.{EVENT}]",
             f'name = "{sport.name} conformance"', f'sport = "{sport.name}"', f'kind = "{kind}"']
    lines.append(f'game = "{game}"' if game else f'format = "{layout}"')
    return "\n".join(lines) + "\n"


def _csv(sides: tuple[Entrant, Entrant]) -> str:
    template = sides[0]
    rows = ["event,name,team,gender,rating,birth_date"]
    for number in range(1, ENTRANTS + 1):
        team = f"T{number}" if template.kind.value != "individual" else ""
        for index, person in enumerate(template.members):
            name = f"T{number}-{index + 1}" if team else f"P{number}"
            gender = person.gender.value if person.gender else ""
            rating = "" if person.rating is None else f"{person.rating:g}"
            born = person.birth_date.isoformat() if person.birth_date else ""
            rows.append(f"{EVENT},{name},{team},{gender},{rating},{born}")
    return "\n".join(rows) + "\n"


def _play(sport: Sport, registry: Registry, case: Case, folder: Path, game: str | None, layout: str, seed: int,
          found: Collector) -> None:
    kind = case.ctx.rules["kind"]
    (folder / "meet.toml").write_text(_toml(sport, kind, game, layout), encoding="utf-8")
    (folder / "entrants.csv").write_text(_csv(case.ctx.sides), encoding="utf-8")
    meet = Meet(folder, registry)
    step = _("importing {count} entrants").format(count=ENTRANTS)
    try:
        import_entrants(meet, folder / "entrants.csv")
        step = _("drawing a {format}").format(format=layout)
        make_draw(meet, EVENT, seed=seed)
        step = _("printing score sheets")
        _print(sport, meet, found, case)
        step = _("entering simulated results")
        _simulate(meet, random.Random(seed))
        step = _("ranking the standings")
        ranking = event_ranking(meet.state().event(EVENT))
    except PodiumError as error:
        found.add("event", f"{case.label}, {layout}", _("{step} failed: {error}").format(step=step, error=_details(error)))
        return
    except Exception as error:
        found.add("event", f"{case.label}, {layout}", _("{step} raised {error}.").format(step=step, error=f"{type(error).__name__}: {error}"))
        return
    where = f"{case.label}, {layout}"
    if not ranking.complete:
        found.add("event", where, _("the event is not finished when every match that could be played has a result."))
    elif len(ranking.placings) < ENTRANTS:
        found.add("event", where, _("the final ranking places {ranked} of {count} entrants.").format(ranked=len(ranking.placings), count=ENTRANTS))


def _simulate(meet: Meet, rng: random.Random) -> None:
    """Simulated results for every match that is ready, round after round, until none is left."""
    while True:
        event = meet.state().event(EVENT)
        ready = [m for stage in event.stages for m in stage.pending()]
        if not ready:
            return
        record_many(meet, EVENT, [([str(m.number)], event.sport.simulate(rng, event.context(m))) for m in ready])


def _details(error: PodiumError) -> str:
    return " ".join([str(error), *map(str, error.details)])


def _print(sport: Sport, meet: Meet, found: Collector, case: Case) -> None:
    """Render the event's score sheets (the sheet :meth:`~podium.model.sports.Sport.score_sheet_for` gives the
    case's rules) in English and Chinese when this Podium can print."""
    name = sport.score_sheet_for(case.ctx.rules)
    if name is None:
        return
    try:
        from podium.faces.print.printing import MissingTemplate, prepare
    except ImportError:
        found.skip("templates", _("this Podium cannot print (podium.faces.print), so the score sheet {name!r} was not rendered.").format(
            name=name
        ))
        return
    import jinja2

    for lang in ("en", "zh"):
        try:
            prepare(meet, "scoresheets", EVENT, lang=lang)
        except (jinja2.TemplateNotFound, MissingTemplate):
            return  # the templates check reports a score sheet that is not on the search path
        except Exception as error:
            found.add("templates", case.label, _("the score sheet {name!r} does not render in {lang}: {error}").format(
                name=name, lang=lang, error=f"{type(error).__name__}: {error}"
            ))
