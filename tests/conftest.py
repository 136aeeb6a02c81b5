"""Shared fixtures: meet folders and a CLI runner that behaves like a user's shell."""

from __future__ import annotations

import os
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import settings

from podium.faces.cli import cli
from podium.i18n import use_language
from tests.postgresql_server import Server, Stores
from tests.postgresql_server import start as start_postgresql

# The suite is the gate a change must pass, so the property tests draw the same examples on every run: a run that
# passed here passes in CI. `pytest --hypothesis-profile=explore` draws fresh examples to hunt for new failures
# (run it now and then; a failure it finds becomes a hand-worked test).
settings.register_profile("gate", derandomize=True, print_blob=True)
settings.register_profile("explore", print_blob=True)
settings.load_profile("gate")

BASIC_TOML = """
[meet]
name = "Test meet"
date = 2026-12-05
organiser = "PE department"
language = "en"

[units]
c1 = "Class 1"
c2 = "Class 2"
c3 = "Class 3"

[events.ms]
name = { zh = "男子单打", en = "Men's singles" }
sport = "table_tennis"

[[events.ms.stages]]
name = "main"
format = "round_robin"
numbers = "list"
order = "berger"   # the tests' expected matches are worked out on the Berger tables (table tennis defaults to ittf)

[events.ms.rules]
best_of = 5
"""


@pytest.fixture(autouse=True)
def kept_views(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Each test keeps its views (podium.services.kept_views) in a folder of its own, never the user's cache."""
    monkeypatch.setenv("PODIUM_VIEWS", str(tmp_path_factory.mktemp("kept-views")))


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Tests read English messages unless they switch language themselves."""
    monkeypatch.setenv("PODIUM_LANG", "en")
    monkeypatch.delenv("PODIUM_MEET", raising=False)
    monkeypatch.delenv("PODIUM_STORE", raising=False)
    with use_language("en"):
        yield


@pytest.fixture(scope="session")
def postgresql_server() -> Iterator[Server]:
    """A PostgreSQL server of the test session's own (tests/postgresql_server.py), started when a test first needs
    it and stopped at the end."""
    server = start_postgresql()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def stores(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Stores]:
    """The same test on both stores: a meet folder's SQLite file, and a meet in a new PostgreSQL database."""
    if request.param == "sqlite":
        yield Stores("sqlite", tmp_path / "meet", None, None)
        return
    server = request.getfixturevalue("postgresql_server")
    opened = Stores("postgresql", tmp_path / "meet", server, server.new_database())
    yield opened
    opened.close()


@pytest.fixture
def make_meet(tmp_path: Path) -> Callable[..., Path]:
    """Write a meet folder from a meet.toml text and optional entrants CSV text."""

    def make(toml: str = BASIC_TOML, entrants: str | None = None, name: str = "meet") -> Path:
        folder = tmp_path / name
        folder.mkdir()
        (folder / "meet.toml").write_text(textwrap.dedent(toml), encoding="utf-8")
        if entrants is not None:
            (folder / "entrants.csv").write_text(textwrap.dedent(entrants).lstrip(), encoding="utf-8")
        return folder

    return make


@pytest.fixture
def podium() -> Callable[..., Result]:
    """Run the CLI in-process: ``podium(folder, "draw", "ms")``."""
    runner = CliRunner()

    def run(folder: Path | None, *args: str, ok: bool = True) -> Result:
        argv = (["--meet", str(folder)] if folder else []) + list(args)
        result = runner.invoke(
            cli, argv, prog_name="podium", catch_exceptions=False, env={"PODIUM_LANG": os.environ.get("PODIUM_LANG", "en")}
        )
        if ok and result.exit_code != 0:
            raise AssertionError(f"podium {' '.join(args)} failed ({result.exit_code}):\n{result.output}")
        return result

    return run
