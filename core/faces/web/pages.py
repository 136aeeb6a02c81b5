"""Pages: the language of a request, and HTML from the web face's Jinja templates.

Templates live in ``templates/`` beside this module, autoescaped (every name from a meet is escaped), with the
i18n extension reading Podium's catalog in the request's language; the CSS and the small script are vendored in
``static/`` and served by the app itself, so nothing is fetched from elsewhere at run time.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import jinja2
from starlette.requests import Request
from starlette.responses import HTMLResponse

from podium.faces import wording
from podium.i18n import LANGUAGES, _, ngettext, use_language

HERE = Path(__file__).parent
LANGUAGE_COOKIE = "podium_lang"


def choose_language(asked: str | None, remembered: str | None, accept: str | None, default: str) -> tuple[str, bool]:
    """The language of a request and whether to remember it: ``?lang=``, else the cookie a switch left, else the
    browser's Accept-Language (the first of zh and en by its quality), else the meet's language."""
    if asked in LANGUAGES:
        return asked, asked != remembered
    if remembered in LANGUAGES:
        return remembered, False
    best: tuple[float, int, str] | None = None
    for index, part in enumerate((accept or "").split(",")):
        name, _sep, params = part.strip().partition(";")
        code = name.strip().lower().split("-")[0]
        if code not in LANGUAGES:
            continue
        quality = 1.0
        for param in params.split(";"):
            key, _eq, value = param.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if quality > 0 and (best is None or (quality, -index) > (best[0], best[1])):
            best = (quality, -index, code)
    return (best[2] if best else default), False


@functools.cache
def environment(reload: bool = False) -> jinja2.Environment:
    """The templates of the web face, autoescaped, with ``_`` and ``ngettext`` of the current language: a template
    writes ``_("Match {number}").format(number=…)`` like the code does, and the text is escaped when shown. With
    ``reload`` (``podium serve --reload``) a template is read again when its file changes; otherwise once."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(HERE / "templates"),
        autoescape=True,
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
        auto_reload=reload,
    )
    env.install_gettext_callables(gettext=_, ngettext=ngettext, newstyle=False)  # type: ignore[attr-defined]
    env.globals["w"] = wording
    return env


NO_STORE = {"Cache-Control": "no-store"}
"""Pages change with every entry: no browser or proxy keeps them."""


def page(request: Request, template: str, **context: Any) -> str:
    """``template`` filled with ``context`` in the request's language."""
    lang = getattr(request.state, "lang", None) or "en"
    with use_language(lang):
        site = request.app.state.site
        return environment(site.settings.reload).get_template(template).render(
            request=request, lang=lang, other_lang="en" if lang == "zh" else "zh", site=site,
            **context,
        )


def render(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    """``template`` filled with ``context`` in the request's language, as a response."""
    return HTMLResponse(page(request, template, **context), status_code=status, headers=NO_STORE)
