"""The validated ``meet.toml`` kept between commands (podium.services.kept_config): read back while its text and the
code are the same, validated again as soon as either changes, and never trusted beyond Podium's own values."""

from __future__ import annotations

import os
import pickle
import stat
from pathlib import Path

import pytest

from podium.config import meet as meet_module
from podium.config.meet import parse_meet
from podium.registry import registry
from podium.services import kept_config, kept_files
from podium.services.kept_config import meet_config, written_language
from tests.hostile import RunsCommand

SAMPLES = Path(kept_config.__file__).resolve().parent.parent / "samples" / "demo"

MEET = """
[meet]
name = "Test meet"
language = "en"

[events.ms]
name = "Men's singles"
sport = "table_tennis"

[[events.ms.stages]]
name = "main"
format = "round_robin"
"""


@pytest.fixture
def validated(monkeypatch):
    """Counts how often a meet.toml is validated (not read back)."""
    counted: list[str] = []

    def counting(text, plugins, path="meet.toml"):
        counted.append(text)
        return parse_meet(text, plugins, path)

    monkeypatch.setattr(meet_module, "parse_meet", counting)  # as podium.services.kept_config finds it
    return counted


def configs():
    return sorted(name for name in os.listdir(os.environ["PODIUM_VIEWS"]) if name.endswith(".config"))


@pytest.mark.parametrize("sample", ["meet.en.toml", "meet.zh.toml"])
def test_the_sample_sports_day_reads_back_as_it_was_validated(tmp_path, validated, sample):
    """The demo's meet.toml (19 events of six sports, venues, sessions, awards, unit points, records, a team
    ranking) kept and read back is the configuration validating it makes."""
    (tmp_path / "meet.toml").write_text((SAMPLES / sample).read_text(encoding="utf-8"), encoding="utf-8")
    plugins = registry()
    made = meet_config(tmp_path, plugins)
    again = meet_config(tmp_path, plugins)
    assert len(validated) == 1 and again is not made
    assert again == made == parse_meet((tmp_path / "meet.toml").read_text(encoding="utf-8"), plugins)
    [kept] = configs()
    assert stat.S_IMODE((Path(os.environ["PODIUM_VIEWS"]) / kept).stat().st_mode) == 0o600  # a [store] url's password


def test_a_changed_meet_toml_is_validated_again_and_its_problems_reported(make_meet, podium, validated):
    folder = make_meet(MEET)
    podium(folder, "entrants", "list")
    podium(folder, "entrants", "list")
    assert len(validated) == 1
    text = (folder / "meet.toml").read_text(encoding="utf-8")
    (folder / "meet.toml").write_text(text.replace('"table_tennis"', '"table_tenis"'), encoding="utf-8")
    done = podium(folder, "entrants", "list", ok=False)
    assert done.exit_code != 0 and "table_tenis" in done.output
    refused = len(validated)
    assert refused > 1
    podium(folder, "entrants", "list", ok=False)  # a file with problems is not kept: validated (and refused) again
    assert len(validated) > refused and len(configs()) == 1


def test_other_code_validates_again(make_meet, podium, validated, monkeypatch):
    folder = make_meet(MEET)
    podium(folder, "entrants", "list")
    monkeypatch.setattr(kept_config, "code_mark", lambda plugins: "another version of Podium")
    podium(folder, "entrants", "list")
    podium(folder, "entrants", "list")
    assert len(validated) == 2


@pytest.mark.parametrize("content", ["code", "not a configuration", "garbage"])
def test_a_kept_file_that_is_no_configuration_runs_nothing_and_is_made_again(make_meet, podium, validated, tmp_path, content):
    folder = make_meet(MEET)
    podium(folder, "entrants", "list")
    [kept] = configs()
    marker = tmp_path / "ran"
    place = Path(os.environ["PODIUM_VIEWS"]) / kept
    with open(place, "rb") as file:  # the file's head, and the right key, with something else under it
        head = pickle.load(file)
        key = pickle.load(file)[0]
    place.write_bytes({
        "code": pickle.dumps(head) + pickle.dumps((key, RunsCommand(f"touch {marker}"))),
        "not a configuration": pickle.dumps(head) + pickle.dumps((key, {"events": {}})),
        "garbage": b"\x80\x05not a pickle",
    }[content])
    podium(folder, "entrants", "list")  # validated again, and works
    assert not marker.exists()
    assert len(validated) == 2
    podium(folder, "entrants", "list")  # kept again above: read back now
    assert len(validated) == 2


def test_views_off_keeps_no_configuration(make_meet, podium, validated, monkeypatch):
    folder = make_meet(MEET)
    monkeypatch.setenv("PODIUM_VIEWS", "off")
    podium(folder, "entrants", "list")
    podium(folder, "entrants", "list")
    assert len(validated) == 2


def test_configurations_have_a_limit_of_their_own(make_meet, podium, monkeypatch):
    monkeypatch.setattr(kept_files, "KEPT_AT_MOST", 1)
    first, second = make_meet(MEET), make_meet(MEET.replace("Test meet", "Other meet"), name="other")
    podium(first, "entrants", "list")
    podium(second, "entrants", "list")
    assert len(configs()) == 1


def test_the_written_language_is_read_from_the_kept_head(make_meet, podium, monkeypatch):
    """The language a command words its help and usage errors in before it opens the meet: parsed from the text
    until the configuration is kept (none written: ``None``; not TOML: ``None``), then read from the kept file's head
    without parsing the text (here the parser would fail)."""
    import tomllib

    folder = make_meet(MEET)
    text = (folder / "meet.toml").read_text(encoding="utf-8")
    assert written_language(text) == "en"
    assert written_language(text.replace('language = "en"\n', "")) is None
    assert written_language("[meet\nlanguage = 'en'") is None
    podium(folder, "entrants", "list")

    def unparsed(text):
        raise AssertionError("meet.toml parsed again")

    monkeypatch.setattr(tomllib, "loads", unparsed)
    assert written_language(text) == "en"
