"""Fill what every command's start reads beside Podium's bytecode: the methods attrs compiles for every class of
Podium and its plugins (:mod:`podium.code_cache`) and the plugins installed (:mod:`podium.entry_points`).

The set-up runs it right after ``python -m compileall``, for the same reason: where ``PYTHONDONTWRITEBYTECODE`` is
set, nothing is kept by the commands themselves, and every command would compile these methods and read every
package's metadata again.

    python tools/startup_caches.py
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path

import podium
import podium.plugins  # installed from its own folder: walking Podium's does not find it
from podium import code_cache, entry_points, hookspecs

CHECKOUT = Path(__file__).resolve().parent.parent
"""The folder of this checkout: ``python -m podium`` run in it has it on the search path, with ``podium.egg-info``."""


def main() -> None:
    path = entry_points.cache_path()
    if path is not None:  # for the ``podium`` script, then for ``python -m podium`` in the checkout's folder
        for search_path in ([str(CHECKOUT), *sys.path[1:]], sys.path):
            found = entry_points.look(hookspecs.PROJECT, search_path)
            entry_points.keep(path, hookspecs.PROJECT, entry_points.installed_where(search_path), found)
    kept = code_cache.install()
    if kept is None:
        return  # no bytecode cache on this Python, or an attrs without the step Podium keeps
    for package in (podium, podium.plugins):
        for module in pkgutil.walk_packages(package.__path__, package.__name__ + ".", onerror=lambda name: None):
            if module.name.rsplit(".", 1)[-1] == "__main__":
                continue
            try:
                importlib.import_module(module.name)
            except ImportError:  # a module for an optional library not installed here: its classes are made when used
                continue
    kept.save()


if __name__ == "__main__":
    main()
