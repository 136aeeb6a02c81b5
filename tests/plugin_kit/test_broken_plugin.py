"""A deliberately broken plugin fails the conformance suite, and the messages say what is wrong.

The plugin (tests/plugin_kit/fixtures/broken_sport.py) accepts a game past its end (35-20 in
a game to 21) and a level score as a draw although it declares no draws, names a
tie-breaker that does not exist in its round-robin chain, has an option whose default is
not among its own choices, and names a score sheet it does not bring.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from podium.registry import registry
from podium.testing import check_plugin
from podium.testing.declarations import template_sources

from .fixtures import broken_sport

ROOT = Path(__file__).resolve().parents[2]
INSTALLED = "boards, buchholz"  # the start of the installed tie-breakers, listed in the message


@pytest.fixture(scope="module")
def report():
    (found,) = check_plugin(broken_sport, refused={"35-20": "21"}, seeds=5)
    return found


def test_the_chain_naming_an_unknown_tie_breaker(report):
    (declared, *_rest) = report.of("tiebreaks")
    assert declared.message.startswith(
        "the chain tiebreaks['round_robin'] names 'head_to_hed', which no installed plugin provides; installed tie-breakers: " + INSTALLED
    )
    assert "head_to_head" in declared.message  # the valid spelling is listed, so the typo is plain


def test_the_impossible_score_it_accepts(report):
    assert [p.message for p in report.of("refusals")] == [
        "'35-20' should be refused (21), but parse_result accepts it as '35-20'."
    ]


def test_the_draw_it_accepts_although_it_declares_none(report):
    messages = [p.message for p in report.of("outcomes")]
    assert "the accepted text '0-0': it is a draw, but the sport declares draws_allowed = False." in messages


def test_the_option_default_outside_its_choices(report):
    assert [p.message for p in report.of("options")] == [
        "the default of option 'target' fails its own check: option 'target' cannot be 15; valid values: 21."
    ]


def test_the_event_it_cannot_rank(report):
    (problem,) = report.of("event")
    assert problem.message.startswith("ranking the standings failed: Unknown tie-breaker 'head_to_hed'")


def test_the_score_sheet_it_does_not_bring(report):
    """Where Podium can print, the missing template is a problem; without printing, the check says why it skipped."""
    if template_sources(registry()) is None:
        assert report.of("templates") == ()
        assert report.skipped["templates"] == (
            "this Podium has no printing machinery (podium.faces.print.templating), so the score sheet 'score_sheets/brokenball.html' "
            "could not be looked up."
        )
    else:
        (problem,) = report.of("templates")
        assert problem.message.startswith("the score sheet 'score_sheets/brokenball.html' is not on the template search path")


def test_what_it_gets_right_passes(report):
    """Parsing its own examples, round trips, mirroring and its simulator are fine: no false alarms."""
    for check in ("declaration", "examples", "round_trip", "mirror", "simulator"):
        assert report.of(check) == (), check


def test_checking_does_not_install_the_plugin():
    assert "brokenball" not in registry().sports


def test_pytest_run_of_the_suite_fails_with_the_messages(tmp_path):
    """What a plugin author sees: the SportConformance subclass fails, one test per broken check."""
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=",
         str(ROOT / "tests" / "plugin_kit" / "fixtures" / "broken_conformance.py")],
        cwd=ROOT, capture_output=True, text=True, env={**os.environ, "PODIUM_LANG": "en", "PYTHONDONTWRITEBYTECODE": "1"},
    )
    assert done.returncode == 1, done.stdout + done.stderr
    failed = sorted(line.split("::")[-1].split(" ")[0] for line in done.stdout.splitlines() if line.startswith("FAILED"))
    printing = template_sources(registry()) is not None
    assert failed == [
        "test_bad_results_refused_clearly",
        "test_event_runs",
        "test_option_defaults",
        "test_outcomes_follow_scoring",
        *(["test_score_sheet_template"] if printing else []),
        "test_tiebreak_chains_are_installed",
    ]
    assert "brokenball fails the check 'tiebreaks' (default tie-break chains name installed tie-breakers):" in done.stdout
    assert "'35-20' should be refused (21), but parse_result accepts it as '35-20'." in done.stdout
