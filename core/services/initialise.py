"""Creating a meet folder from a ready-made starting point.

Templates live in ``samples/<name>/`` as ``meet.{zh,en}.toml`` and ``entrants.{zh,en}.csv``;
the first line of a ``meet.*.toml`` is a comment that describes it. A template may use
sports or formats that are not installed (they come with plugins): it is listed with
what it needs and refused until they are there.
"""

from __future__ import annotations

import json
import os
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from podium.config.meet import MEET_FILE
from podium.errors import Hint, PodiumError, Target
from podium.i18n import N_, _
from podium.registry import Registry, registry
from podium.store.sqlite import STORE_FILE
from podium.store.urls import is_postgresql, open_store, setting

ENTRANTS_FILE = "entrants.csv"


@attrs.frozen
class Template:
    """A ready-made meet: its name, its description and what it needs that is not installed."""

    name: str
    title: str
    needs: tuple[str, ...]


def templates() -> list[str]:
    """Names of the ready-made meets shipped with Podium."""
    root = resources.files("podium") / "samples"
    return sorted(p.name for p in root.iterdir() if p.is_dir() and not p.name.startswith(("_", "demo")))


def describe(name: str, lang: str, plugins: Registry | None = None) -> Template:
    """The description of template ``name`` in ``lang`` and the sports and formats it needs that are missing."""
    text = (resources.files("podium") / "samples" / name / f"meet.{lang}.toml").read_text(encoding="utf-8")
    title = text.splitlines()[0].lstrip("#").strip() if text.startswith("#") else name
    plugins = plugins or registry()
    events: dict[str, Any] = tomllib.loads(text).get("events", {})
    needed: dict[str, None] = {}
    for event in events.values():
        if event.get("sport") not in plugins.sports:
            needed[str(event.get("sport"))] = None
        for stage in event.get("stages", [{"format": event.get("format", "round_robin")}]):
            if stage.get("format") not in plugins.formats:
                needed[str(stage.get("format"))] = None
    return Template(name, title, tuple(needed))


def initialise(folder: Path, template: str = "starter", lang: str = "zh", store_url: str | None = None) -> list[Path]:
    """Write ``meet.toml`` and a sample ``entrants.csv`` into ``folder`` and create the store: the folder's SQLite
    file, or the PostgreSQL database of ``store_url`` (else ``PODIUM_STORE``), which ``meet.toml`` then names in
    ``[store] url`` so that every later command finds it."""
    if template not in templates() and template != "demo":
        raise PodiumError(
            N_("Unknown meet template '{name}'; available: {valid}."), code="meet.template_unknown", target=Target(argument="template"), name=template, valid=", ".join(templates())
        )
    if template != "demo":
        missing = describe(template, lang).needs
        if missing:
            raise PodiumError(
                N_("The template '{name}' needs {needs}, which is not installed."), code="meet.template_needs_plugin", target=Target(argument="template"), hint=Hint("list_templates"), name=template, needs=", ".join(missing)
            )
    for name in (MEET_FILE, ENTRANTS_FILE, STORE_FILE):  # never overwrite a meet or someone's entrants list
        if (folder / name).exists():
            raise PodiumError(N_("{path} already exists; choose an empty folder."), code="meet.folder_exists", target=Target(file=folder / name), path=folder / name)
    address = store_url or os.environ.get("PODIUM_STORE")
    store = open_store(folder, address)
    try:
        if address is not None and store.exists():
            raise PodiumError(
                N_("{path} already holds this meet; choose another meet id (?meet=…) or an empty database."),
                code="meet.store_exists", target=Target(file=store.location), path=store.location,
            )
        source = resources.files("podium") / "samples" / template
        folder.mkdir(parents=True, exist_ok=True)
        written = []
        for name, target in ((f"meet.{lang}.toml", MEET_FILE), (f"entrants.{lang}.csv", ENTRANTS_FILE)):
            path = folder / target
            text = (source / name).read_text(encoding="utf-8")
            if target == MEET_FILE and address is not None and is_postgresql(address):
                text += "\n[store]\n# " + _("The PostgreSQL database that keeps this meet's journal (docs/postgresql.md).") + "\n"
                text += "url = " + json.dumps(setting(address, folder), ensure_ascii=False) + "\n"
            path.write_text(text, encoding="utf-8")
            written.append(path)
        store.create()
    finally:
        store.close()
    return written
