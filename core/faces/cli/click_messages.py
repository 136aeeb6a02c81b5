"""The click library's own messages (usage errors, help headings) in the language of the invocation.

click translates them with :func:`gettext.gettext`, which it imports into each of its modules and which
chooses the language from the process environment (``LANGUAGE``). Podium never writes the environment:
:func:`translate_click` binds those names in click's modules to functions that read the language of the
current context (:func:`podium.i18n.current_language`) and Podium's compiled catalog of click's
messages (``locale/zh/LC_MESSAGES/messages.mo``, from ``locale/zh/click/messages.po``).
"""

from __future__ import annotations

import gettext
import sys

from podium.i18n import catalog, current_language


def click_gettext(message: str) -> str:
    """click's ``_``: ``message`` in the current language."""
    return catalog("messages", current_language()).gettext(message)


def click_ngettext(singular: str, plural: str, count: int) -> str:
    """click's ``ngettext``: the form for ``count`` in the current language."""
    return catalog("messages", current_language()).ngettext(singular, plural, count)


def translate_click() -> None:
    """Bind ``_`` and ``ngettext`` of every loaded click module to :func:`click_gettext` and :func:`click_ngettext`.

    ``import click`` loads every module with messages a command shows (``core``, ``exceptions``,
    ``formatting``, ``parser``, ``types``, ``decorators``, ``termui``); idempotent.
    """
    for name, module in list(sys.modules.items()):
        if name != "click" and not name.startswith("click."):
            continue
        if getattr(module, "_", None) is gettext.gettext:
            module._ = click_gettext  # type: ignore[attr-defined]
        if getattr(module, "ngettext", None) is gettext.ngettext:
            module.ngettext = click_ngettext  # type: ignore[attr-defined]
