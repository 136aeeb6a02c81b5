"""Every ``--json`` output is a view model as docs/views.md documents it (``tools/view_docs.py``), on the sample
sports day of ``podium demo``: every kind of event (groups and knockouts, a Swiss with a team ranking, heats,
judged rounds, elimination games), the order of play, awards and unit points."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from podium.views.awards import AwardsView, MedalsView
from podium.views.entrants import EntrantListView
from podium.views.log import LogEntryView
from podium.views.matches import HeatView, MatchView
from podium.views.schedule import NowView, ScheduleView
from podium.views.sports import ConformanceView, GameView, InstalledView, SportInfoView
from podium.views.standings import StandingsView, TeamRankingView
from tools.view_docs import problems

ROOT = Path(__file__).resolve().parents[2]


def test_docs_views_md_is_current():
    """docs/views.md is what tools/view_docs.py writes from the models today."""
    done = subprocess.run([sys.executable, "tools/view_docs.py", "--check"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_shape_check_is_not_blind():
    """A field missing, a field too many, a name in one language and a wrong enum value are each found."""
    good = {"event": "e", "name": {"zh": "甲", "en": "A"}, "draws_allowed": False, "stages": []}
    assert problems(good, StandingsView) == []
    assert problems({**good, "extra": 1}, StandingsView) == ["$: StandingsView has no field 'extra'"]
    assert problems({k: v for k, v in good.items() if k != "stages"}, StandingsView) == ["$: StandingsView lacks 'stages'"]
    assert problems({**good, "name": "A"}, StandingsView) == ["$.name: {zh, en}, not 'A'"]
    match = {"number": 1, "stage": "s", "stage_title": {"zh": "甲", "en": "A"}, "key": "k", "round": 1, "round_name": None, "group": None, "sides": ["a", "b"],
             "names": ["A", "B"], "sources": [None, None], "result": None, "reading": None, "winner": None, "status": "finished", "kind": "match"}
    assert len(problems(match, MatchView)) == 1


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from podium.faces.demo import run_demo
    from podium.i18n import use_language

    folder = tmp_path_factory.mktemp("views") / "demo"
    with use_language("en"):
        run_demo(folder, "en", lambda _line: None, documents=False)
    return folder


EVENTS = ("ms", "xd", "xq", "relay", "dance", "tow", "chairs")
COMMANDS: list[tuple[tuple[str, ...], Any]] = [
    *((("matches", key), tuple[MatchView | HeatView, ...]) for key in EVENTS),
    *((("standings", key), StandingsView) for key in EVENTS),
    (("standings", "xq", "--teams"), TeamRankingView),
    (("schedule",), ScheduleView),
    (("schedule", "--now", "--at", "2026-05-20 10:00"), NowView),
    (("awards",), AwardsView),
    (("medals",), MedalsView),
    (("entrants", "list"), EntrantListView),
    (("log",), tuple[LogEntryView, ...]),
    (("sports",), InstalledView),
    (("sports", "table_tennis"), SportInfoView),
    (("sports", "--game", "sack_race"), GameView),
]


@pytest.mark.slow
@pytest.mark.parametrize(("args", "model"), COMMANDS, ids=[" ".join(args) for args, _model in COMMANDS])
def test_json_has_the_documented_shape(demo, podium, args, model):
    shown = json.loads(podium(demo, *args, "--json").output)
    assert shown
    assert problems(shown, model) == []


@pytest.mark.slow
def test_the_json_is_the_same_in_both_languages(demo, podium):
    """Names and sentences are both-language objects and everything else is a code or a number, so --lang does
    not change the JSON of the views (the log's times aside, which are the same anyway)."""
    for args in (("standings", "xq"), ("matches", "tow"), ("awards",), ("schedule",), ("log",)):
        assert podium(demo, "--lang", "zh", *args, "--json").output == podium(demo, "--lang", "en", *args, "--json").output


@pytest.mark.slow
def test_the_conformance_report_has_its_shape(podium):
    shown = json.loads(podium(None, "sports", "gomoku", "--check", "--json").output)
    assert problems(shown, ConformanceView) == [] and shown["ok"] is True
