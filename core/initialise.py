"""Creating a meet folder from a ready-made starting point."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from podium.config import MEET_FILE
from podium.errors import PodiumError
from podium.i18n import _
from podium.store import STORE_FILE, Store

ENTRANTS_FILE = "entrants.csv"


def templates() -> list[str]:
    """Names of the ready-made meets shipped with Podium."""
    root = resources.files("podium") / "samples"
    return sorted(p.name for p in root.iterdir() if p.is_dir() and not p.name.startswith(("_", "demo")))


def initialise(folder: Path, template: str = "starter", lang: str = "zh") -> list[Path]:
    """Write ``meet.toml`` and a sample ``entrants.csv`` into ``folder`` and create the store."""
    if template not in templates() and template != "demo":
        raise PodiumError(
            _("Unknown meet template '{name}'; available: {valid}.").format(name=template, valid=", ".join(templates()))
        )
    for name in (MEET_FILE, ENTRANTS_FILE, STORE_FILE):  # never overwrite a meet or someone's entrants list
        if (folder / name).exists():
            raise PodiumError(_("{path} already exists; choose an empty folder.").format(path=folder / name))
    source = resources.files("podium") / "samples" / template
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, target in ((f"meet.{lang}.toml", MEET_FILE), (f"entrants.{lang}.csv", ENTRANTS_FILE)):
        path = folder / target
        path.write_text((source / name).read_text(encoding="utf-8"), encoding="utf-8")
        written.append(path)
    Store(folder).create()
    return written
