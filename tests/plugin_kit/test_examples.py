"""The two example sports of docs/plugins.md, installed the way a club would (pip) — into a folder of
their own, not into the test environment — appear in ``podium sports``, pass their own tests and run
an event each from the command line."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = {"badminton": ROOT / "examples" / "badminton", "chinese_checkers": ROOT / "examples" / "chinese_checkers"}
IGNORED = shutil.ignore_patterns("build", "*.egg-info", "__pycache__")
"""pip builds in the source folder: each install builds a copy, so parallel tests never share a build folder."""


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """Both examples pip-installed (from copies) into one folder, which the tests put on PYTHONPATH."""
    target = tmp_path_factory.mktemp("examples-site")
    sources = tmp_path_factory.mktemp("examples-src")
    copies = [shutil.copytree(path, sources / name, ignore=IGNORED) for name, path in EXAMPLES.items()]
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--target", str(target),
         *map(str, copies)],
        check=True, capture_output=True,
    )
    return target


def environment(site: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(site), "PODIUM_LANG": "en", "PYTHONDONTWRITEBYTECODE": "1"}


def podium(site: Path, cwd: Path, *args: str, ok: bool = True) -> subprocess.CompletedProcess:
    done = subprocess.run([sys.executable, "-m", "podium", *args], cwd=cwd, env=environment(site), capture_output=True, text=True)
    if ok:
        assert done.returncode == 0, done.stderr
    return done


def test_both_appear_in_podium_sports(site, tmp_path):
    listing = json.loads(podium(site, tmp_path, "sports", "--json").stdout)
    sports = {s["name"]: s for s in listing["sports"]}
    assert sports["badminton"] == {"name": "badminton", "title": {"zh": "羽毛球", "en": "Badminton"}, "entrants": ["individual", "pair"],
                                   "provided_by": "podium-badminton 1.0.0"}
    assert sports["chinese_checkers"]["provided_by"] == "podium-chinese-checkers 1.0.0"
    bwf = next(t for t in listing["tiebreakers"] if t["name"] == "bwf_group")
    assert {k: v for k, v in bwf.items() if k != "source_title"} == {
        "name": "bwf_group", "title": {"zh": "世界羽联小组排名", "en": "BWF group ranking"}, "source": "BWF General Competition Regulations 16.2",
        "provided_by": "podium-badminton 1.0.0",
    }
    assert bwf["source_title"]["en"] == "BWF General Competition Regulations 16.2"  # a citation reads as declared
    described = json.loads(podium(site, tmp_path, "sports", "chinese_checkers", "--json").stdout)
    assert described["scoring"] == {"win": 1.0, "draw": 0.5, "loss": 0.0, "forfeit_loss": 0.0, "draws": True}
    assert described["tiebreaks"]["round_robin"] == ["sonneborn_berger", "wins", "head_to_head", "lots"]


@pytest.mark.slow
@pytest.mark.parametrize("example", sorted(EXAMPLES))
def test_their_own_tests_pass(site, tmp_path, example):
    """The example's tests, run against the installed package (the working folder is not the source)."""
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs", str(EXAMPLES[example] / "tests")],
        cwd=tmp_path, env=environment(site), capture_output=True, text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert " failed" not in done.stdout and " passed" in done.stdout
    skipped = [line for line in done.stdout.splitlines() if line.startswith("SKIPPED")]
    assert all("podium.faces.print.templating" in line for line in skipped), skipped  # only the score sheet, until Podium prints


def test_badminton_doubles_event_from_the_command_line(site, tmp_path):
    """Mixed doubles, three pairs, round robin. Li/Lin beat Wang/Wu 2-0 and Zhao/Zhou 2-1; Zhao/Zhou beat
    Wang/Wu 2-0. Matches won: Li/Lin 2, Zhao/Zhou 1, Wang/Wu 0 (BWF GCR 16.2.1) — no tie to break.
    A pair is named after its players, "Li / Lin"."""
    meet = tmp_path / "club"
    meet.mkdir()
    (meet / "meet.toml").write_text(textwrap.dedent("""
        [meet]
        name = "Club doubles night"
        language = "en"
        [events.xd]
        name = "Mixed doubles"
        sport = "badminton"
        kind = "pair"
        format = "round_robin"
        [events.xd.rules]
        doubles = "mixed"
    """), encoding="utf-8")
    (meet / "pairs.csv").write_text(
        "event,team,name,gender\nxd,Li/Lin,Li,M\nxd,Li/Lin,Lin,F\nxd,Wang/Wu,Wang,M\nxd,Wang/Wu,Wu,F\n"
        "xd,Zhao/Zhou,Zhao,M\nxd,Zhao/Zhou,Zhou,F\n", encoding="utf-8")
    podium(site, meet, "entrants", "import", "pairs.csv")
    podium(site, meet, "draw", "xd", "--seed", "5")
    podium(site, meet, "result", "xd", "Li / Lin", "Wang / Wu", "21-15 21-18")
    podium(site, meet, "result", "xd", "Zhao / Zhou", "Li / Lin", "21-19 27-29 19-21")
    refused = podium(site, meet, "result", "xd", "Zhao / Zhou", "Wang / Wu", "21-20 21-5", ok=False)
    assert refused.returncode == 2
    assert "Game 1 (21-20) is not finished: at 20-all a side needs a 2-point lead (BWF Law 7.4)." in refused.stderr
    podium(site, meet, "result", "xd", "Zhao / Zhou", "Wang / Wu", "21-19 30-29")
    rows = json.loads(podium(site, meet, "standings", "xd", "--json").stdout)["stages"][0]["tables"][0]["rows"]
    assert [(r["name"], r["points"]) for r in rows] == [("Li / Lin", 2.0), ("Zhao / Zhou", 1.0), ("Wang / Wu", 0.0)]


def test_badminton_refuses_a_pair_that_is_not_mixed_in_the_meets_language(site, tmp_path):
    """A meet in Chinese (the default language) gets the plugin's own Chinese message; nothing is imported."""
    meet = tmp_path / "club"
    meet.mkdir()
    (meet / "meet.toml").write_text('[meet]\nname = "X"\n[events.xd]\nsport = "badminton"\nkind = "pair"\n'
                                    '[events.xd.rules]\ndoubles = "mixed"\n', encoding="utf-8")
    (meet / "pairs.csv").write_text("event,team,name,gender\nxd,A/B,A,M\nxd,A/B,B,M\n", encoding="utf-8")
    refused = podium(site, meet, "entrants", "import", "pairs.csv", ok=False)
    assert refused.returncode == 2
    assert "组合 A / B 不是一男一女，混合双打需要一男一女" in refused.stderr
    assert not (meet / "meet.sqlite").exists()


def test_chinese_checkers_event_from_the_command_line(site, tmp_path):
    """Four players, round robin (general Chinese checkers rules: scoring, additional rule 4): Ann beats Bea, Cat and Dan (3); Bea–Cat a deadlock
    with Bea ahead (0.75/0.25); Bea–Dan a draw (½ each); Cat beats Dan. Points: Ann 3, Bea 0.75 + 0.5 = 1.25,
    Cat 0.25 + 1 = 1.25, Dan 0.5. Bea and Cat tie on 1.25; Sonneborn-Berger counts each opponent's points
    times the share earned against them: Bea 0 × 3 + 0.75 × 1.25 + 0.5 × 0.5 = 1.1875,
    Cat 0 × 3 + 0.25 × 1.25 + 1 × 0.5 = 0.8125 → Bea above Cat."""
    meet = tmp_path / "club"
    meet.mkdir()
    (meet / "meet.toml").write_text('[meet]\nname = "Checkers club"\nlanguage = "en"\n'
                                    '[events.cc]\nname = "Chinese checkers"\nsport = "chinese_checkers"\nformat = "round_robin"\n',
                                    encoding="utf-8")
    (meet / "players.csv").write_text("event,name\ncc,Ann\ncc,Bea\ncc,Cat\ncc,Dan\n", encoding="utf-8")
    podium(site, meet, "entrants", "import", "players.csv")
    podium(site, meet, "draw", "cc", "--seed", "2")
    for first, second, text in [("Ann", "Bea", "1-0"), ("Ann", "Cat", "1-0 time"), ("Dan", "Ann", "0-1 blocked"),
                                ("Bea", "Cat", "0.75-0.25"), ("Bea", "Dan", "="), ("Cat", "Dan", "1-0 trapped")]:
        podium(site, meet, "result", "cc", first, second, text)
    view = json.loads(podium(site, meet, "standings", "cc", "--json").stdout)
    rows = view["stages"][0]["tables"][0]["rows"]
    assert [(r["name"], r["points"]) for r in rows] == [("Ann", 3.0), ("Bea", 1.25), ("Cat", 1.25), ("Dan", 0.5)]
    explained = view["stages"][0]["tables"][0]["explain"]
    assert {"upper": "Bea", "lower": "Cat", "criterion": "sonneborn_berger", "upper_value": 1.1875, "lower_value": 0.8125} \
        .items() <= next(e for e in explained if e["upper"] == "Bea").items()


def test_examples_are_lint_clean():
    """The examples are code to copy: they pass ruff under their own configuration (podium third-party)."""
    done = subprocess.run([sys.executable, "-m", "ruff", "check", *map(str, EXAMPLES.values())], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout
