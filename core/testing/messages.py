"""Checking a plugin's own translations: every message its code marks with ``_()`` or ``N_()`` has a
translation, with the same ``{placeholders}``, in each ``locale/<lang>.po`` of the package
(the catalogs :func:`podium.i18n.plugin_messages` reads)."""

from __future__ import annotations

import string
from importlib.resources import files
from pathlib import Path

from podium.i18n import LANGUAGES, _
from podium.testing.report import Collector


def _fields(text: str) -> set[str]:
    return {name for _text, name, _spec, _conv in string.Formatter().parse(text) if name is not None}


def translations(package: str, found: Collector) -> None:
    """Report untranslated messages of ``package`` and translations whose placeholders differ."""
    if package == "podium" or package.startswith("podium."):
        found.skip("translations", _("Podium's own plugins are translated in Podium's catalogs (python tools/i18n.py check)."))
        return
    try:
        folder = Path(str(files(package)))
    except (TypeError, ModuleNotFoundError):
        found.skip("translations", _("{package} is not a package, so it has no locale folder of its own.").format(package=package))
        return
    catalogs = {lang: folder / "locale" / f"{lang}.po" for lang in LANGUAGES if lang != "en"}
    if not any(path.is_file() for path in catalogs.values()):
        found.skip("translations", _("{package} has no locale/zh.po, so its messages are shown in English only.").format(package=package))
        return
    from babel.messages.extract import extract_from_dir
    from babel.messages.pofile import read_po

    messages: dict[str, str] = {}
    for filename, lineno, message, _comments, _context in extract_from_dir(
        folder, [("**.py", "python")], keywords={"_": None, "N_": None, "N_plural": (1, 2)}
    ):
        text = message[0] if isinstance(message, tuple) else message
        if text:
            messages.setdefault(text, f"{filename}:{lineno}")
    for lang, path in catalogs.items():
        if not path.is_file():
            found.add("translations", package, _("there is no locale/{lang}.po.").format(lang=lang))
            continue
        with path.open("rb") as handle:
            catalog = {str(m.id): str(m.string) for m in read_po(handle) if m.id}
        for text, where in messages.items():
            translated = catalog.get(text, "")
            if not translated:
                found.add("translations", where, _("{message!r} has no translation in locale/{lang}.po.").format(message=text, lang=lang))
            elif _fields(translated) != _fields(text):
                found.add("translations", where, _("the translation of {message!r} in locale/{lang}.po has other placeholders: {translated!r}.").format(
                    message=text, lang=lang, translated=translated
                ))
        for text in sorted(set(catalog) - set(messages)):
            found.add("translations", str(path.name), _("locale/{lang}.po translates {message!r}, which the code no longer says.").format(
                lang=lang, message=text
            ))
