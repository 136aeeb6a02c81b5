"""Podium: a plugin-based multi-sport competition framework.

The core knows no sport. Sports, formats and tie-breakers are registered through
pluggy hooks (see :mod:`podium.hookspecs`); the built-in ones use the same
``podium`` entry-point group as third-party plugins.
"""

__version__ = "0.1.0"

from podium import code_cache

code_cache.install()  # before any module of Podium makes its attrs classes
