"""Where document templates come from, and the sandbox that renders them.

Templates are searched in this order, the first file found wins:

1. the meet folder's own ``templates/`` (a meet may bring its certificate, for example);
2. every :class:`TemplateSource` returned by a plugin's ``podium_templates`` hook, in
   registration order (a sport overrides a document by using the same file name);
3. Podium's own templates (the ``podium.templates`` package, ``templates/`` in the source tree).

A meet folder is something people copy from each other, so a template is never trusted:
every template — Podium's, a plugin's, a meet's own — is rendered in Jinja's immutable
sandbox (:class:`DocumentSandbox`). It reaches only the document's view model (plain
data: attrs view classes, labels, numbers, dates, lists and tables), Podium's filters
and the gettext functions; attributes starting with ``_``, modules, classes and every
callable that is not a method of such plain data are refused, so
``{{ cycler.__init__.__globals__.os.popen("id").read() }}`` cannot run anything. The
loader (:class:`FolderLoader`) reads only regular files inside each template folder:
never through ``..``, never through a symbolic link that leads out, and a meet's
``templates`` folder must itself lie inside the meet folder. A refused template is one
sentence (:class:`TemplateRefused`).

The environment always autoescapes (an entrant called ``<img src=…>`` or ``{{ 7*7 }}``
prints literally: values are escaped, never evaluated as template code) and carries
``jinja2.ext.i18n`` with the catalog of the document's language, so templates write
``{% trans %}…{% endtrans %}`` or ``_("…")``.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
import types
from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal
from importlib.resources import files
from pathlib import Path
from typing import Any

import attrs
import jinja2
import jinja2.runtime
import jinja2.sandbox
import jinja2.utils
from markupsafe import Markup

from podium.errors import PodiumError, Target
from podium.faces import wording
from podium.hookspecs import TemplateSource
from podium.i18n import N_, Label, Message, cjk_vformat, gap, sentences, translations

MEET_TEMPLATES = "templates"
"""Name of the folder inside a meet folder whose templates override every other source."""
MAX_TEMPLATE_BYTES = 1_000_000
"""A document template is a few kilobytes; a larger file is not read (it may be a device or a log)."""
MAX_SEQUENCE = 100_000
"""Longest text or list a template may make with ``*`` (a string repeated a billion times would fill the memory)."""
MAX_EXPONENT = 64
"""Largest exponent of ``**`` in a template."""


class TemplateRefused(PodiumError):
    """A template that reaches beyond the document's data, or a template file outside its folder."""


def podium_templates() -> TemplateSource:
    """Podium's own templates, shipped as the ``podium.templates`` package."""
    return TemplateSource("podium", files("podium.templates"))


def search_path(plugin_sources: Iterable[TemplateSource] = (), meet_folder: Path | None = None) -> list[TemplateSource]:
    """The template sources in search order: the meet folder, plugins, then Podium's own.

    A meet's ``templates`` that is a symbolic link out of the meet folder (to ``/etc``, say) is refused.
    """
    sources = []
    if meet_folder is not None and (meet_folder / MEET_TEMPLATES).is_dir():
        folder = meet_folder / MEET_TEMPLATES
        target = folder.resolve()
        if not target.is_relative_to(meet_folder.resolve()):
            raise TemplateRefused(
                N_("{folder} leads to {destination}, outside the meet folder; Podium reads a meet's templates only from inside it."),
                code="print.templates_outside_meet", target=Target(file=folder), folder=folder, destination=target,
            )
        sources.append(TemplateSource("meet", folder))
    sources.extend(plugin_sources)
    sources.append(podium_templates())
    return sources


class FolderLoader(jinja2.BaseLoader):
    """Loads a template from the first of several folders that holds it, reading only regular files inside
    the folder: a name with ``..`` is not found, and a file that is a symbolic link out of its folder is refused."""

    def __init__(self, sources: Sequence[TemplateSource]) -> None:
        self.folders = [Path(str(s.directory)) for s in sources]

    def get_source(self, environment: jinja2.Environment, template: str) -> tuple[str, str, Callable[[], bool]]:
        pieces = [piece for piece in template.replace("\\", "/").split("/") if piece not in ("", ".")]
        if not pieces or ".." in pieces:
            raise jinja2.TemplateNotFound(template)
        for folder in self.folders:
            path = folder.joinpath(*pieces)
            if not (path.exists() or path.is_symlink()):
                continue
            root, found = folder.resolve(), path.resolve()
            if not found.is_relative_to(root):
                raise TemplateRefused(
                    N_("The template {path} leads to {destination}, outside its folder {folder}; templates are read only from inside their folder."),
                    code="print.template_outside_folder", target=Target(file=path), path=path, destination=found, folder=folder,
                )
            if not found.is_file():
                raise TemplateRefused(
                    N_("The template {path} is not a regular file."), code="print.template_not_regular", target=Target(file=path), path=path
                )
            size = found.stat().st_size
            if size > MAX_TEMPLATE_BYTES:
                raise TemplateRefused(
                    N_("The template {path} is {size} bytes long; a document template has at most {limit}."),
                    code="print.template_too_large", target=Target(file=path), path=path, size=size, limit=MAX_TEMPLATE_BYTES,
                )
            try:
                text = found.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                raise TemplateRefused(
                    N_("The template {path} is not UTF-8 text."), code="print.template_not_utf8", target=Target(file=path), path=path
                ) from None
            return text, str(found), functools.partial(_unchanged, found, found.stat().st_mtime)
        raise jinja2.TemplateNotFound(template)


def _unchanged(path: Path, mtime: float) -> bool:
    """Jinja's "is the loaded template still current" check."""
    return path.is_file() and path.stat().st_mtime == mtime


_PLAIN = (
    str, int, float, Decimal, dt.date, dt.time, dt.timedelta, Mapping, list, tuple, set, frozenset, Label, Markup,
    jinja2.runtime.LoopContext, jinja2.utils.Namespace, jinja2.runtime.Undefined,
)


def _plain(value: Any) -> bool:
    """Data a template may look into: the view model's attrs classes, labels, numbers, dates, texts, lists, tables."""
    if isinstance(value, (type, types.ModuleType)):
        return False
    return isinstance(value, _PLAIN) or attrs.has(type(value))


class DocumentSandbox(jinja2.sandbox.ImmutableSandboxedEnvironment):
    """Jinja's immutable sandbox, narrowed to the document's data.

    Besides what Jinja refuses (names starting with ``_``, functions' internals, changing
    lists and tables), a template may read attributes only of plain data (:func:`_plain`),
    and call only methods of plain data, macros and the functions Podium gives it (``range``,
    ``namespace``, ``dict`` and gettext). ``*`` and ``**`` are bounded so that a template
    cannot fill the memory.
    """

    intercepted_binops = frozenset({"*", "**"})

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.allowed: set[int] = set()

    def allow_globals(self) -> None:
        """Permit calling the functions now in :attr:`globals` (and nothing else that is not a method of plain data)."""
        self.allowed = {id(value) for value in self.globals.values() if callable(value)}

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        return super().is_safe_attribute(obj, attr, value) and _plain(obj) and not isinstance(value, (type, types.ModuleType))

    def is_safe_callable(self, obj: Any) -> bool:
        if not super().is_safe_callable(obj):
            return False
        if id(obj) in self.allowed or isinstance(obj, jinja2.runtime.Macro):
            return True
        if isinstance(obj, (type, types.ModuleType)):
            return False
        wrapped = getattr(obj, "__wrapped__", None)  # Jinja's sandboxed str.format (see wrap_str_format)
        if wrapped is not None and self.wrap_str_format(wrapped) is not None:
            return True
        owner = getattr(obj, "__self__", None)
        return isinstance(obj, (types.MethodType, types.BuiltinMethodType)) and owner is not None and _plain(owner)

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """Jinja's sandboxed ``str.format``, which in a Chinese document spaces the names it fills in as Chinese is
        written (:func:`podium.i18n.cjk_vformat`: "王芳的成绩", "Xu Wei 的成绩")."""
        jinjas = super().wrap_str_format(value)
        if jinjas is None or value.__name__ != "format" or self.globals.get("lang") != "zh":
            return jinjas
        template = value.__self__
        formatter: jinja2.sandbox.SandboxedFormatter
        if isinstance(template, Markup):
            formatter = jinja2.sandbox.SandboxedEscapeFormatter(self, escape=template.escape)
        else:
            formatter = jinja2.sandbox.SandboxedFormatter(self)

        def spaced_format(*args: Any, **kwargs: Any) -> str:
            return type(template)(cjk_vformat(template, args, kwargs, formatter))

        return functools.update_wrapper(spaced_format, value)

    def call_binop(self, context: jinja2.runtime.Context, operator: str, left: Any, right: Any) -> Any:
        if operator == "**" and isinstance(right, (int, float)) and abs(right) > MAX_EXPONENT:
            raise BeyondBounds(Message(N_("an exponent above {limit}"), limit=MAX_EXPONENT))
        if operator == "*":
            for sequence, times in ((left, right), (right, left)):
                if isinstance(sequence, (str, list, tuple)) and isinstance(times, int) and len(sequence) * times > MAX_SEQUENCE:
                    raise BeyondBounds(Message(N_("a text or list of more than {limit} items"), limit=MAX_SEQUENCE))
        return super().call_binop(context, operator, left, right)


class BeyondBounds(jinja2.sandbox.SecurityError):
    """A template went beyond one of the sandbox's own bounds (:data:`MAX_EXPONENT`, :data:`MAX_SEQUENCE`): what it
    reached for, worded in the language the refusal is shown in."""

    def __init__(self, what: Message) -> None:
        super().__init__(what.render("en"))
        self.what = what


def environment(lang: str, sources: Iterable[TemplateSource]) -> jinja2.Environment:
    """The sandbox for documents in ``lang`` that loads from ``sources`` in order (see :class:`DocumentSandbox`)."""
    env = DocumentSandbox(
        loader=FolderLoader(list(sources)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
    )
    for name in ("cycler", "joiner", "lipsum"):  # Jinja's default globals that no document needs
        env.globals.pop(name, None)
    env.install_gettext_translations(translations(lang), newstyle=True)  # type: ignore[attr-defined]
    env.globals["lang"] = lang
    env.filters["label"] = lambda value: _label(value, lang)
    env.filters["longdate"] = lambda value: long_date(value, lang)
    env.filters["number"] = _number
    env.filters["place"] = wording.place  # {{ r.place|place(r.shared) }}: 3, or 3= when shared
    env.filters["mark"] = wording.mark  # {{ r.mark|mark(r.still_in) }}: a mark, or "still in"
    env.filters["attempt"] = wording.attempt  # {{ a|attempt }}: an attempt, or "winner" (the last one standing)
    env.filters["heat_round"] = lambda name: wording.round_name(name, 0, heat=True)
    env.filters["explanation"] = wording.explanation
    env.filters["spaced"] = spaced
    env.filters["gap"] = lambda before, after: gap(str(before), str(after), lang)  # {{ r.event|gap(r.round) }}: " ", or none
    env.filters["sentences"] = lambda texts: sentences([str(t) for t in texts], lang)  # after 。 no space in Chinese
    env.allow_globals()
    return env


_CJK_LATIN = re.compile(r"(?<=[\u4e00-\u9fff])(?=[0-9A-Za-z])|(?<=[0-9A-Za-z])(?=[\u4e00-\u9fff])")


def spaced(text: str) -> str:
    """``text`` with one space wherever a Chinese character meets a Latin letter or a digit, as Podium's Chinese
    writes it ("在 2026 年…", "1 分钟跳绳"): a sentence built from a name and a phrase then has even spacing.

    Text already escaped for the page (a translated sentence filled in with names: ``Men&#39;s singles``) stays
    escaped text, so the page does not escape it a second time (``Men&amp;#39;s``); a space never falls inside an
    escape, which begins with ``&`` and ends with ``;``."""
    if isinstance(text, Markup):
        return Markup(_CJK_LATIN.sub(" ", str(text)))
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
