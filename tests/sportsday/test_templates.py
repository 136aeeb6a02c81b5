"""Ready-made meets: every template is listed, those whose sports are installed run end to end from the CLI,
and the others are refused with what they need — while their sports-day tables and sample entrants are
checked now, against stand-ins for the sports and formats still to come."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re
import tomllib
from importlib import resources
from typing import Any

import attrs
import pytest

from podium.config.entrants_file import parse_entrants
from podium.config.meet import parse_meet
from podium.formats.base import Format, StageEntrant, StageView
from podium.i18n import Label
from podium.model.entrants import EntrantKind
from podium.model.matches import Match
from podium.model.options import Option
from podium.model.sports import Sport
from podium.registry import Registry, registry
from podium.services.initialise import describe, templates
from podium.views.schedule import PlanRow

USES = {
    "primary-school": ("knockout", "fun_games"),
    "company-games": ("xiangqi", "swiss", "gomoku", "knockout", "fun_games"),
    "club-xiangqi": ("xiangqi", "swiss"),
    "club-weiqi": ("weiqi",),
    "club-gomoku": ("gomoku", "knockout"),
    "club-fun-games": ("fun_games",),
    "school-athletics": ("athletics",),
}
"""The sports and formats each template uses besides table tennis and round robins (built on other branches)."""
FOUNDATION = ("club-table-tennis", "secondary-school", "starter")


def missing(name: str) -> tuple[str, ...]:
    installed = registry()
    return tuple(n for n in USES.get(name, ()) if n not in installed.sports and n not in installed.formats)


def sample(name: str, file: str) -> str:
    return (resources.files("podium") / "samples" / name / file).read_text(encoding="utf-8")


def test_every_template_is_listed_with_what_it_needs(podium):
    assert sorted(templates()) == sorted(FOUNDATION + tuple(USES))
    listed = podium(None, "init", "--list-templates").output
    for name in templates():
        line = next(line for line in listed.splitlines() if line.startswith(name + " "))
        assert describe(name, "en").title in line and describe(name, "en").needs == missing(name)
        needs = missing(name)
        assert (f"needs {', '.join(needs)}" in line) if needs else "needs" not in line
    assert "secondary-school   Secondary-school sports day" in listed


def test_a_description_is_listed_whole(podium):
    """The list shows each template's whole description, its first comment line: the gomoku club's ends with the
    rules it follows (college gomoku rules 2012 §2.1–2.2), and no description is cut inside brackets."""
    listed = podium(None, "init", "--list-templates").output
    assert "first to 3 game wins (college gomoku rules 2012 §2.1–2.2)\n" in listed
    for name in templates():
        for lang in ("zh", "en"):
            title = describe(name, lang).title
            assert title.count("(") == title.count(")") and title.count("（") == title.count("）"), (name, lang, title)


def test_both_languages_describe_the_same_meet():
    for name in templates():
        zh, en = (tomllib.loads(sample(name, f"meet.{lang}.toml")) for lang in ("zh", "en"))
        assert zh["events"].keys() == en["events"].keys(), name
        for key in ("venues", "points", "entries", "schedule"):
            assert (key in zh) == (key in en), (name, key)
        rows = {lang: list(csv.reader(io.StringIO(sample(name, f"entrants.{lang}.csv")))) for lang in ("zh", "en")}
        assert len(rows["zh"]) == len(rows["en"]) and [r[0] for r in rows["zh"][1:]] == [r[0] for r in rows["en"][1:]], name


@pytest.mark.parametrize("name", FOUNDATION)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_table_tennis_template_runs_end_to_end(tmp_path, podium, name, lang):
    folder = tmp_path / name
    podium(None, "--lang", lang, "init", str(folder), "--template", name)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    assert podium(folder, "entrants", "check").exit_code == 0
    events = list(tomllib.loads((folder / "meet.toml").read_text(encoding="utf-8"))["events"])
    for event in events:
        podium(folder, "draw", event, "--seed", "1")
    if "venues" in (folder / "meet.toml").read_text(encoding="utf-8"):
        plan = json.loads(podium(folder, "schedule", "--json").output)
        assert plan["fits"], plan["overrun"]
    for event in events:
        for row in json.loads(podium(folder, "matches", event, "--pending", "--json").output):
            podium(folder, "result", event, str(row["number"]), "+:-")
    awards = json.loads(podium(folder, "awards", "--json").output)
    assert all(e["decided"] and e["awards"] for e in awards["events"])
    tables = json.loads(podium(folder, "medals", "--json").output)
    assert tables["undecided"] == []


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_starter_numbers_its_round_robin_by_the_seeds_of_its_entrants_file(tmp_path, podium, lang):
    """The starter's entrants.csv seeds Zhang Wei 1 and Wang Lei 2 (张伟, 王磊) among 6 players; numbered by seed in
    the ITTF group order, whose last round is 1–2, 3–4, 5–6, they meet in round 5 and not before, and the draw
    has no seeds left unused to note."""
    folder = tmp_path / "starter"
    podium(None, "--lang", lang, "init", str(folder), "--template", "starter")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    drawn = podium(folder, "--lang", "en", "draw", "ms", "--seed", "2026").output
    assert "Note" not in drawn
    rows = json.loads(podium(folder, "matches", "ms", "--json").output)
    seeds = {"zh": {"张伟", "王磊"}, "en": {"Zhang Wei", "Wang Lei"}}[lang]
    assert [row["round"] for row in rows if set(row["names"]) == seeds] == [5]
    assert max(row["round"] for row in rows) == 5


@pytest.mark.parametrize("name", sorted(USES))
def test_a_template_whose_sports_are_missing_is_refused_with_what_it_needs(tmp_path, podium, monkeypatch, name):
    """With the sports and formats it uses uninstalled (a registry without them), init refuses and writes nothing."""
    from podium.services import initialise

    real = registry()
    gone = set(USES[name])
    without = attrs.evolve(
        real,
        sports={k: v for k, v in real.sports.items() if k not in gone},
        formats={k: v for k, v in real.formats.items() if k not in gone},
    )
    monkeypatch.setattr(initialise, "registry", lambda: without)
    result = podium(None, "init", str(tmp_path / "x"), "--template", name, ok=False)
    assert result.exit_code == 2
    assert f"The template '{name}' needs {', '.join(USES[name])}, which is not installed" in result.output
    assert not (tmp_path / "x").exists()


class _StandInSport(Sport):
    """A sport accepting the rules a template gives (the real plugin checks them once installed)."""

    entrant_kinds = (EntrantKind.INDIVIDUAL, EntrantKind.PAIR, EntrantKind.TEAM)

    def __init__(self, name: str, rules: dict[str, Any]) -> None:
        self.name = name  # type: ignore[misc]
        self.title = Label(name, name)  # type: ignore[misc]
        self.options = tuple(Option(k, type(v), v, "stand-in") for k, v in rules.items())  # type: ignore[misc]

    def parse_result(self, text, ctx):  # pragma: no cover - never called: nothing is played here
        raise AssertionError

    format_result = mirror = outcome = simulate = parse_result


class _StandInFormat(Format):
    family = "knockout"

    def __init__(self, name: str, options: dict[str, Any]) -> None:
        self.name = name  # type: ignore[misc]
        self.title = Label(name, name)  # type: ignore[misc]
        self.options = tuple(Option(k, type(v), v, "stand-in") for k, v in options.items())  # type: ignore[misc]

    def draw(self, entrants: list[StageEntrant], options: Any, rng: Any) -> dict[str, Any]:  # pragma: no cover
        raise AssertionError

    def matches(self, stage: StageView) -> list[Match]:  # pragma: no cover
        raise AssertionError


@pytest.mark.parametrize("name", sorted(USES))
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_templates_tables_and_entrants_are_valid(tmp_path, name, lang):
    """The template's eligibility, quota, award, points and schedule tables load and its sample entrants pass
    the eligibility and quota checks — with stand-ins for the sports and formats not installed yet. A fun
    game's kind comes from the game (``game = …``, which the fun-games sport reads): while that sport is
    missing, from whether the event's rows name a team."""
    text = sample(name, f"meet.{lang}.toml")
    data = tomllib.loads(text)
    installed = registry()
    entrants = list(csv.DictReader(io.StringIO(sample(name, f"entrants.{lang}.csv"))))
    team_column = next((c for c in ("team", "队名") if c in entrants[0]), None)
    event_column = "event" if "event" in entrants[0] else "项目"
    rules: dict[str, dict[str, Any]] = {}
    formats: dict[str, dict[str, Any]] = {}
    lines = text.splitlines()
    for key, event in data["events"].items():
        rules.setdefault(event["sport"], {}).update(event.get("rules", {}))
        for stage in event.get("stages", []):
            formats.setdefault(stage["format"], {}).update({k: v for k, v in stage.items() if k not in ("name", "format")})
        if "game" in event and event["sport"] not in installed.sports:
            teams = {r[team_column] for r in entrants if r[event_column] == key} - {""} if team_column else set()
            kind = "team" if teams else "individual"
            at = next(i for i, line in enumerate(lines) if line.strip() == f'game = "{event["game"]}"')
            lines[at] = f'kind = "{kind}"'
    sports = dict(installed.sports) | {n: _StandInSport(n, r) for n, r in rules.items() if n not in installed.sports}
    fmts = dict(installed.formats) | {n: _StandInFormat(n, o) for n, o in formats.items() if n not in installed.formats}
    stand_in = Registry(sports, fmts, installed.tiebreakers, (), {})
    config = parse_meet("\n".join(lines) + "\n", stand_in)
    path = tmp_path / "entrants.csv"
    path.write_text(sample(name, f"entrants.{lang}.csv"), encoding="utf-8")
    grouped = parse_entrants(path, config, {key: {} for key in config.events}).entrants
    assert set(grouped) == set(config.events)


MIN_HEAT_SPACING = 5
"""Minutes from one heat's start to the next on the same lane or field at the least: calling the heat up, the
race or the counted minute itself, and recording it (a one-minute game does not start a heat a minute)."""


@pytest.mark.parametrize("name", sorted(n for n in templates() if not missing(n)))
def test_a_templates_timetable_is_plausible(tmp_path, name):
    """Drawn as they come, every ready-made meet fits its sessions; no heat starts less than five minutes after
    another on the same resource; a round robin's rounds are played in order."""
    from podium.services.draws import make_draw
    from podium.services.initialise import ENTRANTS_FILE, initialise
    from podium.services.meet import Meet
    from podium.services.registration import import_entrants
    from podium.services.schedule import plan_view

    folder = tmp_path / name
    initialise(folder, name, "en")
    meet = Meet(folder)
    import_entrants(meet, folder / ENTRANTS_FILE)
    for key in meet.config.events:
        make_draw(meet, key, seed=1)
    if not meet.config.venues:
        return
    view = plan_view(meet.state())
    assert view.fits, name
    rows = [r for s in view.sessions for r in s.rows]
    by_resource: dict[str, list[PlanRow]] = {}
    for row in rows:
        for resource in row.resources:
            by_resource.setdefault(resource, []).append(row)
    for resource, items in by_resource.items():
        items.sort(key=lambda r: r.start)
        for before, after in zip(items, items[1:], strict=False):
            if "heat" in (before.kind, after.kind):
                minutes = (after.start - before.start).total_seconds() // 60
                assert minutes >= MIN_HEAT_SPACING, (name, resource, before.event, before.start, after.event, after.start)
    rounds: dict[tuple[str, str, str | None], list[tuple[int, dt.datetime]]] = {}
    for row in rows:
        if row.kind == "match" and row.round_name is None:  # a round of a round robin, known by its number
            rounds.setdefault((row.event, row.stage, row.group), []).append((row.round, row.start))
    for table, starts in rounds.items():
        for (r1, s1), (r2, s2) in zip(sorted(starts), sorted(starts)[1:], strict=False):
            assert r1 == r2 or s1 <= s2, (name, table, r1, s1, r2, s2)


@pytest.mark.parametrize("name", sorted(templates()))
def test_a_chinese_template_names_its_tables_and_tracks_in_chinese(name):
    """The order of play, the programme, the call-room lists and the score sheets print each table, track or field
    by its name. Kinds of one initial (table and track) are numbered by the whole kind (table1, track1), English
    words a Chinese sheet must not show, so a Chinese template names them (1号台, 跑道); the events' names read as
    certificates say them (拔河（1—2 年级）, not the catalogue's 拔河（小学）)."""
    config = parse_meet(sample(name, "meet.zh.toml"), registry()) if not missing(name) else None
    if config is None:
        pytest.skip("the template's sports are not installed")
    for venue in config.venues.values():
        for resource in venue.resources:
            assert not any(len(word) > 1 for word in re.findall(r"[A-Za-z]+", resource.name)), (name, resource.name)
    assert not [e.name.get("zh") for e in config.events.values() if "（小学）" in e.name.get("zh")]
