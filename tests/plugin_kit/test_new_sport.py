"""``podium new-sport``: a package that installs, is listed by ``podium sports`` and whose tests pass;
``podium sports SPORT --check`` runs the conformance suite from the command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import podium.registry as registry_module
from podium.registry import build_registry

from .fixtures import broken_sport

FILES = [
    "README.md",
    "podium_curling/__init__.py",
    "podium_curling/i18n.py",
    "podium_curling/locale/zh.po",
    "podium_curling/sport.py",
    "podium_curling/templates/score_sheets/curling.html",
    "pyproject.toml",
    "tests/conftest.py",
    "tests/test_conformance.py",
    "tests/test_curling.py",
]


def test_writes_the_package(podium, tmp_path):
    folder = tmp_path / "curling-plugin"
    done = podium(None, "new-sport", "curling", str(folder), "--title-zh", "冰壶")
    assert sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()) == FILES
    assert f"wrote {folder / 'pyproject.toml'}" in done.output
    assert f"Next: pip install -e {folder} (podium sports will list curling), then run pytest in {folder}." in done.output
    pyproject = (folder / "pyproject.toml").read_text(encoding="utf-8")
    assert 'name = "podium-curling"' in pyproject
    assert '[project.entry-points.podium]\ncurling = "podium_curling"' in pyproject
    sport = (folder / "podium_curling" / "sport.py").read_text(encoding="utf-8")
    assert 'class Curling(Sport):' in sport and 'title = Label(zh="冰壶", en="Curling")' in sport
    assert "__" + "SPORT__" not in sport and "__" + "PACKAGE__" not in pyproject


def test_default_folder_and_titles(podium, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    podium(None, "new-sport", "ice_hockey")
    sport = (tmp_path / "podium-ice-hockey" / "podium_ice_hockey" / "sport.py").read_text(encoding="utf-8")
    assert 'class IceHockey(Sport):' in sport and 'title = Label(zh="Ice hockey", en="Ice hockey")' in sport


def test_generated_code_is_lint_clean(podium, tmp_path):
    podium(None, "new-sport", "curling", str(tmp_path / "p"))
    done = subprocess.run([sys.executable, "-m", "ruff", "check", str(tmp_path / "p")], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["Curling!"], "'Curling!' cannot name a sport: use lower-case letters, digits and _, starting with a letter"),
        (["2ball"], "'2ball' cannot name a sport"),
        (["table_tennis"], "A sport 'table_tennis' is already installed (from podium); choose another name."),
    ],
)
def test_bad_names_refused_and_nothing_written(podium, tmp_path, args, says):
    done = podium(None, "new-sport", *args, str(tmp_path / "out"), ok=False)
    assert done.exit_code == 2 and says in done.output
    assert not (tmp_path / "out").exists()


def test_a_folder_with_files_is_refused(podium, tmp_path):
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    done = podium(None, "new-sport", "curling", str(tmp_path), ok=False)
    assert done.exit_code == 2
    assert f"{tmp_path} already exists and is not an empty folder; choose a new folder." in done.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_help_and_messages_in_chinese(podium, tmp_path):
    assert "podium new-sport curling ./curling-plugin" in podium(None, "new-sport", "--help").output
    done = podium(None, "--lang", "zh", "new-sport", "Curling!", str(tmp_path / "x"), ok=False)
    assert "不能作为运动项目的代码" in done.output


@pytest.mark.slow
def test_installed_it_is_listed_and_its_tests_pass(podium, tmp_path):
    """The done-when of issue 10, without touching the test environment: pip installs the package into a
    folder of its own (--target, no build isolation so no network), which PYTHONPATH adds — as
    tests/test_packaging.py does for podium-darts. A fresh venv per test run would reinstall Podium
    and its dependencies from the network; --target checks the same things: the entry point, the
    package data (templates, locale) and the tests run against the installed files."""
    plugin = tmp_path / "curling-plugin"
    podium(None, "new-sport", "curling", str(plugin))
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--target", str(site),
                    str(plugin)], check=True, capture_output=True)
    assert (site / "podium_curling" / "locale" / "zh.po").is_file()
    assert (site / "podium_curling" / "templates" / "score_sheets" / "curling.html").is_file()
    env = {**os.environ, "PYTHONPATH": str(site), "PODIUM_LANG": "en", "PYTHONDONTWRITEBYTECODE": "1"}
    listing = json.loads(subprocess.run([sys.executable, "-m", "podium", "sports", "--json"], env=env, cwd=tmp_path,
                                        capture_output=True, text=True, check=True).stdout)
    assert {"name": "curling", "title": {"zh": "Curling", "en": "Curling"}, "entrants": ["individual", "team"],
            "provided_by": "podium-curling 0.1.0"} in listing["sports"]
    tests = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], env=env, cwd=plugin,
                           capture_output=True, text=True)
    assert tests.returncode == 0, tests.stdout + tests.stderr
    assert "16 passed" in tests.stdout or "15 passed, 1 skipped" in tests.stdout, tests.stdout
    check = subprocess.run([sys.executable, "-m", "podium", "sports", "curling", "--check"], env=env, cwd=tmp_path,
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    assert "curling (podium-curling 0.1.0):" in check.stdout


def test_check_of_a_built_in_sport(podium):
    report = json.loads(podium(None, "sports", "gomoku", "--check", "--json").output)
    assert report["ok"] is True and report["provided_by"] == "podium 0.1.0"
    assert {c["name"]: c["status"] for c in report["checks"]}["tiebreaks"] == "ok"


def test_check_of_a_broken_sport_fails_with_exit_status_1(podium, monkeypatch):
    """As if the broken plugin were installed: its problems are listed and the exit status is 1."""
    manager = registry_module.plugin_manager(extra_plugins=[broken_sport])
    monkeypatch.setattr(registry_module, "registry", lambda: build_registry(manager))
    monkeypatch.setattr(registry_module, "plugin_manager", lambda extra_plugins=(): manager)
    done = podium(None, "sports", "brokenball", "--check", ok=False)
    assert done.exit_code == 1
    assert "  FAILED   tiebreaks: default tie-break chains name installed tie-breakers" in done.output
    assert "it is a draw, but the sport declares draws_allowed = False." in done.output
