"""Translations of everything a user reads.

Messages are written in English in the code and wrapped in :func:`_` (:func:`ngettext` when a
number decides the English form); the Chinese
catalog lives in ``locale/zh/LC_MESSAGES/podium.po`` (compiled to ``.mo`` with Babel,
see ``make i18n``). The language is chosen by ``--lang``, else the meet's
``language``, else ``PODIUM_LANG``, else the ``LANG`` environment variable.

:class:`Label` carries bilingual names that come from data (sport and event names).
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

LANGUAGES = ("zh", "en")
_LOCALE_DIR = Path(__file__).with_name("locale")

_state: dict[str, object] = {"lang": None, "translation": None}


def default_language() -> str:
    """The language from the environment: ``PODIUM_LANG``, then ``LANG``; English otherwise."""
    explicit = os.environ.get("PODIUM_LANG", "")
    if explicit in LANGUAGES:
        return explicit
    return "zh" if os.environ.get("LANG", "").lower().startswith("zh") else "en"


def set_language(lang: str | None) -> str:
    """Switch the language of messages; ``None`` picks :func:`default_language`."""
    lang = lang if lang in LANGUAGES else default_language()
    # The click library translates its own messages (usage errors, headings) through the
    # default gettext domain, chosen by the LANGUAGE environment variable.
    gettext.bindtextdomain("messages", _LOCALE_DIR)
    os.environ["LANGUAGE"] = lang
    if _state["lang"] != lang:
        _state["lang"] = lang
        _state["translation"] = gettext.translation(
            "podium", localedir=_LOCALE_DIR, languages=[lang], fallback=True
        )
    return lang


@contextmanager
def use_language(lang: str) -> Iterator[str]:
    """Show messages in ``lang`` inside the ``with`` block, and in the language before it afterwards."""
    previous = _state["lang"]
    try:
        yield set_language(lang)
    finally:
        if isinstance(previous, str):
            set_language(previous)


def current_language() -> str:
    """The language messages are currently shown in."""
    lang = _state["lang"]
    return lang if isinstance(lang, str) else set_language(None)


def _(message: str) -> str:
    """Translate ``message`` into the current language."""
    if _state["translation"] is None:
        set_language(None)
    translation = _state["translation"]
    assert isinstance(translation, gettext.NullTranslations)
    return translation.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """Translate a message that depends on ``count`` ("1 row" / "2 rows"); Chinese has one form."""
    if _state["translation"] is None:
        set_language(None)
    translation = _state["translation"]
    assert isinstance(translation, gettext.NullTranslations)
    return translation.ngettext(singular, plural, count)


def N_(message: str) -> str:  # noqa: N802 - the gettext convention
    """Mark ``message`` for translation without translating it now (translate later with :func:`_`)."""
    return message


def plugin_messages(package: str) -> Callable[[str], str]:
    """A ``_`` for a plugin package that Podium's catalog does not know: its messages in the current
    language from the package's own ``locale/<lang>.po`` (standard gettext, read on first use), English
    when the file or the message is missing. Used as ``_ = plugin_messages(__package__)``; see
    ``docs/plugins.md``."""
    catalogs: dict[str, dict[str, str]] = {}

    def translate(message: str) -> str:
        lang = current_language()
        if lang == "en":
            return message
        if lang not in catalogs:
            from importlib.resources import files

            catalogs[lang] = _read_po(files(package) / "locale" / f"{lang}.po")
        return catalogs[lang].get(message) or message

    return translate


def _read_po(path: Traversable) -> dict[str, str]:
    if not path.is_file():
        return {}
    from babel.messages.pofile import read_po

    with path.open("rb") as handle:
        catalog = read_po(handle)
    return {str(m.id): str(m.string) for m in catalog if m.id and m.string}


def translations(lang: str) -> gettext.NullTranslations:
    """A translations object for ``lang`` (used by the Jinja i18n extension)."""
    return gettext.translation("podium", localedir=_LOCALE_DIR, languages=[lang], fallback=True)


@attrs.frozen
class Label:
    """A name given in both languages; ``str(label)`` uses the current language."""

    zh: str
    en: str

    def get(self, lang: str | None = None) -> str:
        lang = lang or current_language()
        return self.zh if lang == "zh" else self.en

    def __str__(self) -> str:
        return self.get()

    @classmethod
    def of(cls, value: str | Mapping[str, str] | Label) -> Label:
        """Build a label from a plain string (same in both languages) or a ``{zh, en}`` mapping."""
        if isinstance(value, Label):
            return value
        if isinstance(value, str):
            return cls(zh=value, en=value)
        zh = value.get("zh") or value.get("en") or ""
        en = value.get("en") or zh
        return cls(zh=zh, en=en)
