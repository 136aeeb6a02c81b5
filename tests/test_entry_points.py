"""The plugins installed are read from package metadata once, then from the kept file until a package is installed,
upgraded or removed (podium.entry_points)."""

from __future__ import annotations

import importlib.metadata
import json
import os.path
import shutil
import sys

import pytest

from podium import entry_points
from podium.entry_points import EntryPoint

GROUP = "podium_test_group"


@pytest.fixture
def kept(tmp_path, monkeypatch):
    """The kept file in a temporary folder, and nothing read yet in this process."""
    path = tmp_path / "pycache" / "entry-points.json"
    monkeypatch.setattr(entry_points, "cache_path", lambda: path)
    monkeypatch.setattr(entry_points, "_found", {})
    monkeypatch.setattr("sys.dont_write_bytecode", False)
    return path


def install(site, name, version, points):
    """A distribution as pip leaves it: ``<name>-<version>.dist-info`` with its metadata and entry points."""
    folder = site / f"{name.replace('-', '_')}-{version}.dist-info"
    folder.mkdir(parents=True)
    (folder / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n", encoding="utf-8")
    (folder / "entry_points.txt").write_text(f"[{GROUP}]\n" + "".join(f"{k} = {v}\n" for k, v in points.items()), encoding="utf-8")
    return folder


def fresh(monkeypatch):
    """What a new process finds (nothing read yet in it)."""
    monkeypatch.setattr(entry_points, "_found", {})
    return entry_points.installed(GROUP)


def test_podium_s_own_plugins_are_those_package_metadata_lists(kept):
    expected = sorted(
        (point.name, point.value, dist.metadata["Name"], dist.version)
        for dist in importlib.metadata.distributions()
        for point in dist.entry_points
        if point.group == "podium"
    )
    assert ("xiangqi", "podium.plugins.xiangqi", "podium", "0.1.0") in expected
    assert sorted((p.name, p.value, p.distribution, p.version) for p in entry_points.installed("podium")) == expected


def test_a_package_installed_upgraded_or_removed_after_they_were_kept_is_seen(kept, tmp_path, monkeypatch):
    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.syspath_prepend(str(site))
    assert fresh(monkeypatch) == ()
    assert kept.exists()
    first = install(site, "club-sport", "1.2", {"curling": "club_sport:plugin"})
    assert fresh(monkeypatch) == (EntryPoint("curling", "club_sport:plugin", "club-sport", "1.2"),)
    shutil.rmtree(first)
    install(site, "club-sport", "1.3", {"curling": "club_sport.v2:plugin"})
    assert fresh(monkeypatch) == (EntryPoint("curling", "club_sport.v2:plugin", "club-sport", "1.3"),)
    shutil.rmtree(site)
    assert fresh(monkeypatch) == ()


def test_kept_entry_points_are_read_without_the_metadata(kept, tmp_path, monkeypatch):
    site = tmp_path / "site"
    install(site, "club-sport", "1.2", {"curling": "club_sport:plugin"})
    monkeypatch.syspath_prepend(str(site))
    found = fresh(monkeypatch)

    def no_metadata(group):
        raise AssertionError("read the package metadata again")

    monkeypatch.setattr(entry_points, "look", no_metadata)
    assert fresh(monkeypatch) == found


def test_each_way_of_starting_python_finds_its_own_kept_entry_points(kept, tmp_path, monkeypatch):
    """``python -m podium`` in a checkout has the checkout's folder (and its ``podium.egg-info``) on the search path,
    the ``podium`` script does not: alternating between them reads the metadata once for each, then never again."""
    checkout = tmp_path / "checkout"
    install(checkout, "club-sport", "1.2", {"curling": "club_sport:plugin"})
    looked = []
    real_look = entry_points.look
    monkeypatch.setattr(entry_points, "look", lambda group, search_path=None: looked.append(group) or real_look(group, search_path))
    script = fresh(monkeypatch)
    monkeypatch.syspath_prepend(str(checkout))
    in_checkout = fresh(monkeypatch)
    assert in_checkout == (EntryPoint("curling", "club_sport:plugin", "club-sport", "1.2"), *script)  # first on the path
    assert len(looked) == 2
    monkeypatch.syspath_prepend(str(tmp_path / "nowhere"))  # a folder that is not there: the same search path
    assert fresh(monkeypatch) == in_checkout
    monkeypatch.setattr("sys.path", [entry for entry in sys.path if entry != str(checkout)])
    assert fresh(monkeypatch) == script
    assert len(looked) == 2


@pytest.mark.parametrize(
    "content", [b"not json", b'{"where": []}', b'{"places": 3}', b'{"places": [3, {"where": 3}, {"groups": []}]}', b""]
)
def test_a_damaged_kept_file_means_the_metadata_is_read_again(kept, tmp_path, monkeypatch, content):
    site = tmp_path / "site"
    install(site, "club-sport", "1.2", {"curling": "club_sport:plugin"})
    monkeypatch.syspath_prepend(str(site))
    kept.parent.mkdir(parents=True)
    kept.write_bytes(content)
    assert fresh(monkeypatch) == (EntryPoint("curling", "club_sport:plugin", "club-sport", "1.2"),)
    assert json.loads(kept.read_bytes())["places"][0]["groups"][GROUP] == [["curling", "club_sport:plugin", "club-sport", "1.2"]]


def test_the_kept_file_remembers_a_few_search_paths_only(kept, tmp_path, monkeypatch):
    for number in range(entry_points.KEPT_AT_MOST + 3):
        site = tmp_path / f"site{number}"
        install(site, "club-sport", f"1.{number}", {"curling": "club_sport:plugin"})
        monkeypatch.syspath_prepend(str(site))
        fresh(monkeypatch)
    places = json.loads(kept.read_bytes())["places"]
    assert len(places) == entry_points.KEPT_AT_MOST
    assert places[0]["where"] == entry_points.installed_where()


def test_nothing_is_kept_where_python_writes_no_bytecode(kept, monkeypatch):
    monkeypatch.setattr("sys.dont_write_bytecode", True)
    fresh(monkeypatch)
    assert not kept.exists()


def test_an_entry_point_loads_its_module_or_an_attribute_of_it():
    assert EntryPoint("x", "os.path", "d", "1").load() is os.path
    assert EntryPoint("x", "os.path:join", "d", "1").load() is os.path.join
    assert EntryPoint("x", " os : path.join ", "d", "1").load() is os.path.join
