"""``podium new-sport``: a new sport as an installable plugin package, ready to edit.

The package's files are templates under ``files/`` (package data): ``__SPORT__``,
``__PACKAGE__``, ``__CLASS__``, ``__DIST__``, ``__TITLE__`` and ``__TITLE_ZH__`` in their
paths and text are replaced. What comes out is a working sport (a match decided by its
final score) with the ``podium`` entry point, a score-sheet template, Chinese messages and
tests — its rules tests and Podium's conformance suite — that pass as generated.
"""

from __future__ import annotations

import re
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

import attrs

from podium.errors import PodiumError, Target
from podium.i18n import N_
from podium.registry import Registry

NAME = re.compile(r"^[a-z][a-z0-9_]*[a-z0-9]$|^[a-z]$")
SUFFIX = ".tmpl"


@attrs.frozen
class Names:
    """The names of a new sport: its code, package, distribution, class and titles."""

    sport: str
    title: str
    title_zh: str

    @property
    def package(self) -> str:
        return f"podium_{self.sport}"

    @property
    def dist(self) -> str:
        return f"podium-{self.sport.replace('_', '-')}"

    @property
    def cls(self) -> str:
        return "".join(part.capitalize() for part in self.sport.split("_"))

    def fill(self, text: str) -> str:
        for token, value in (("__SPORT__", self.sport), ("__PACKAGE__", self.package), ("__CLASS__", self.cls),
                             ("__DIST__", self.dist), ("__TITLE_ZH__", self.title_zh), ("__TITLE__", self.title)):
            text = text.replace(token, value)
        return text


def names(sport: str, title: str | None = None, title_zh: str | None = None) -> Names:
    """Check the sport's code (what ``sport = "…"`` in meet.toml says) and fill in default titles."""
    if not NAME.match(sport):
        raise PodiumError(
            N_("'{name}' cannot name a sport: use lower-case letters, digits and _, starting with a letter (e.g. curling, ice_hockey)."), code="plugin.sport_name_invalid", target=Target(argument="name"), name=sport
        )
    english = title or sport.replace("_", " ").capitalize()
    return Names(sport, english, title_zh or english)


def default_folder(sport: str) -> Path:
    """Where the package goes when no folder is given: ``podium-<sport>`` in the current folder."""
    return Path(f"podium-{sport.replace('_', '-')}")


def _templates(root: Traversable, prefix: str = "") -> list[tuple[str, Traversable]]:
    found = []
    for item in sorted(root.iterdir(), key=lambda i: i.name):
        if item.name == "__pycache__":
            continue
        path = f"{prefix}{item.name}"
        if item.is_dir():
            found += _templates(item, path + "/")
        elif item.name.endswith(SUFFIX):
            found.append((path[: -len(SUFFIX)], item))
    return found


def create(new: Names, folder: Path, registry: Registry) -> list[Path]:
    """Write the package of ``new`` into ``folder`` (new or empty) and return the files written.

    Refused, with nothing written, when the sport is already installed or the folder has files.
    """
    if new.sport in registry.sports:
        provider = registry.provider("sport", new.sport)
        raise PodiumError(
            N_("A sport '{name}' is already installed (from {dist}); choose another name."), code="plugin.sport_installed", target=Target(argument="name"), name=new.sport, dist=provider.distribution
        )
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise PodiumError(N_("{folder} already exists and is not an empty folder; choose a new folder."), code="plugin.folder_not_empty", target=Target(file=folder), folder=folder)
    written = []
    for relative, template in _templates(files(__package__) / "files"):
        path = folder / new.fill(relative)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(new.fill(template.read_text(encoding="utf-8")), encoding="utf-8")
        written.append(path)
    return written
