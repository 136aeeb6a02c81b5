"""Where document templates come from, and the Jinja environment that renders them.

Templates are searched in this order, the first file found wins:

1. the meet folder's own ``templates/`` (a meet may bring its certificate, for example);
2. every :class:`TemplateSource` returned by a plugin's ``podium_templates`` hook, in
   registration order (a sport overrides a document by using the same file name);
3. Podium's own templates (the ``podium.templates`` package, ``templates/`` in the source tree).

The environment always autoescapes (an entrant called ``<img src=…>`` or ``{{ 7*7 }}``
prints literally: values are escaped, never evaluated as template code) and carries
``jinja2.ext.i18n`` with the catalog of the document's language, so templates write
``{% trans %}…{% endtrans %}`` or ``_("…")``.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from importlib.resources import files
from pathlib import Path
from typing import Any

import jinja2

from podium.hookspecs import TemplateSource
from podium.i18n import Label, translations

MEET_TEMPLATES = "templates"
"""Name of the folder inside a meet folder whose templates override every other source."""


def podium_templates() -> TemplateSource:
    """Podium's own templates, shipped as the ``podium.templates`` package."""
    return TemplateSource("podium", files("podium.templates"))


def search_path(plugin_sources: Iterable[TemplateSource] = (), meet_folder: Path | None = None) -> list[TemplateSource]:
    """The template sources in search order: the meet folder, plugins, then Podium's own."""
    sources = []
    if meet_folder is not None and (meet_folder / MEET_TEMPLATES).is_dir():
        sources.append(TemplateSource("meet", meet_folder / MEET_TEMPLATES))
    sources.extend(plugin_sources)
    sources.append(podium_templates())
    return sources


def environment(lang: str, sources: Iterable[TemplateSource]) -> jinja2.Environment:
    """A Jinja environment for documents in ``lang`` that loads from ``sources`` in order."""
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader([jinja2.FileSystemLoader(str(s.directory)) for s in sources]),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.install_gettext_translations(translations(lang), newstyle=True)  # type: ignore[attr-defined]
    env.globals["lang"] = lang
    env.filters["label"] = lambda value: _label(value, lang)
    env.filters["longdate"] = lambda value: long_date(value, lang)
    env.filters["number"] = _number
    env.filters["spaced"] = spaced
    return env


_CJK_LATIN = re.compile(r"(?<=[\u4e00-\u9fff])(?=[0-9A-Za-z])|(?<=[0-9A-Za-z])(?=[\u4e00-\u9fff])")


def spaced(text: str) -> str:
    """``text`` with one space wherever a Chinese character meets a Latin letter or a digit, as Podium's Chinese
    writes it ("在 2026 年…", "1 分钟跳绳"): a sentence built from a name and a phrase then has even spacing."""
    return _CJK_LATIN.sub(" ", str(text))


def _label(value: Any, lang: str) -> str:
    if isinstance(value, Label):
        return value.get(lang)
    return "" if value is None else str(value)


MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December")


def long_date(value: dt.date | None, lang: str) -> str:
    """A date as people write it: ``2026年12月5日`` or ``5 December 2026``."""
    if value is None:
        return ""
    if lang == "zh":
        return f"{value.year}年{value.month}月{value.day}日"
    return f"{value.day} {MONTHS[value.month - 1]} {value.year}"


def _number(value: Any) -> str:
    """Numbers without a pointless ``.0``; blanks stay blank."""
    if value is None or value == "":
        return ""
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)
