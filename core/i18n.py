"""Translations of everything a user reads.

Messages are written in English in the code and wrapped in :func:`_` (:func:`ngettext` when a
number decides the English form); the Chinese catalog is compiled from the part catalogs
``locale/zh/*.po`` into ``locale/zh/LC_MESSAGES/podium.mo`` (``make i18n``).

**The language is explicit.** It lives in a :class:`contextvars.ContextVar`: :func:`use_language`
sets it for a ``with`` block, in the current thread (or asyncio task) only, and :func:`_`, :class:`Label`
and :class:`Message` read it when they are shown. Two threads, or two requests of a web face, can
show the same data in two languages at once; nothing writes the process environment. Outside any
``with use_language(...)`` block the language is :func:`default_language` (``PODIUM_LANG``, then
``LANG``). A face chooses the language once per request: the CLI from ``--lang``, else the meet's
``language``, else ``PODIUM_LANG``, else ``LANG``. Where a function renders for a given language it
takes ``lang`` (:func:`translate`, :meth:`Label.get`, :meth:`Message.render`).

A :class:`Message` is a sentence translated where it is shown rather than where it is made: an
English template (the msgid) and the values of its placeholders. Errors carry one (see
:mod:`podium.errors`), so one error can be shown in Chinese on one screen and in English on another.
"""

from __future__ import annotations

import gettext
import os
import string
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import attrs

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

LANGUAGES = ("zh", "en")
LOCALE_DIR = Path(__file__).with_name("locale")

_LANGUAGE: ContextVar[str | None] = ContextVar("podium.language", default=None)
_CATALOGS: dict[tuple[str, str], gettext.NullTranslations] = {}


def default_language() -> str:
    """The language from the environment: ``PODIUM_LANG``, then ``LANG``; English otherwise."""
    explicit = os.environ.get("PODIUM_LANG", "")
    if explicit in LANGUAGES:
        return explicit
    return "zh" if os.environ.get("LANG", "").lower().startswith("zh") else "en"


@contextmanager
def use_language(lang: str | None) -> Iterator[str]:
    """Show messages in ``lang`` inside the ``with`` block (in this thread or task only), and in the
    language before it afterwards; ``None`` or an unknown language picks :func:`default_language`."""
    token = _LANGUAGE.set(lang if lang in LANGUAGES else default_language())
    try:
        yield current_language()
    finally:
        _LANGUAGE.reset(token)


def current_language() -> str:
    """The language messages are currently shown in."""
    return _LANGUAGE.get() or default_language()


def catalog(domain: str, lang: str) -> gettext.NullTranslations:
    """The compiled catalog ``domain`` (``podium``, or ``messages`` for click's own) in ``lang``, read once."""
    key = (domain, lang)
    found = _CATALOGS.get(key)
    if found is None:
        found = _CATALOGS[key] = gettext.translation(domain, localedir=LOCALE_DIR, languages=[lang], fallback=True)
    return found


def translate(message: str, lang: str) -> str:
    """``message`` in ``lang`` (in Chinese a :class:`Translated`, whose ``format`` spaces names as Chinese does)."""
    return translated(catalog("podium", lang).gettext(message), lang)


def translate_plural(singular: str, plural: str, count: int, lang: str) -> str:
    """The form of ``singular``/``plural`` for ``count`` in ``lang`` (Chinese has one form)."""
    return translated(catalog("podium", lang).ngettext(singular, plural, count), lang)


def _(message: str) -> str:
    """Translate ``message`` into the current language."""
    return translate(message, current_language())


def ngettext(singular: str, plural: str, count: int) -> str:
    """Translate a message that depends on ``count`` ("1 row" / "2 rows"); Chinese has one form."""
    return translate_plural(singular, plural, count, current_language())


def N_(message: str) -> str:  # noqa: N802 - the gettext convention
    """Mark ``message`` for translation without translating it now (translate later with :func:`_`)."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 - the gettext convention
    """Mark a message that depends on a count (``{count}``) for translation without translating it now:
    ``Message(N_plural("{count} row", "{count} rows"), count=n)``."""
    return singular, plural


class Catalog(Protocol):
    """Where the translation of a message comes from: Podium's catalog, a plugin's, or none."""

    def translate(self, message: str, lang: str) -> str: ...

    def translate_plural(self, singular: str, plural: str, count: int, lang: str) -> str: ...


@attrs.frozen
class _PodiumCatalog:
    """Podium's own catalog (the built-in plugins' messages are in it too)."""

    def translate(self, message: str, lang: str) -> str:
        return translate(message, lang)

    def translate_plural(self, singular: str, plural: str, count: int, lang: str) -> str:
        return translate_plural(singular, plural, count, lang)


@attrs.frozen
class _Verbatim:
    """No catalog: the text is shown as it is (file names, layout such as ``{where}: {message}``)."""

    def translate(self, message: str, lang: str) -> str:
        return message

    def translate_plural(self, singular: str, plural: str, count: int, lang: str) -> str:
        return singular if count == 1 else plural


PODIUM = _PodiumCatalog()
VERBATIM = _Verbatim()


class PluginMessages:
    """A ``_`` for a plugin package that Podium's catalog does not know: its messages in the current
    language from the package's own ``locale/<lang>.po`` (standard gettext, read on first use), English
    when the file or the message is missing. Used as ``_ = plugin_messages(__package__)``; an error of
    the plugin passes it as ``catalog=_`` so that the error is translated where it is shown (see
    ``docs/plugins.md``)."""

    def __init__(self, package: str) -> None:
        self.package = package
        self._catalogs: dict[str, dict[str, str]] = {}

    def __call__(self, message: str) -> str:
        return self.translate(message, current_language())

    def translate(self, message: str, lang: str) -> str:
        """``message`` in ``lang``."""
        if lang == "en":
            return message
        if lang not in self._catalogs:
            from importlib.resources import files

            self._catalogs[lang] = _read_po(files(self.package) / "locale" / f"{lang}.po")
        return translated(self._catalogs[lang].get(message) or message, lang)

    def translate_plural(self, singular: str, plural: str, count: int, lang: str) -> str:
        """The form for ``count`` in ``lang``; a plugin's catalog translates the English singular."""
        translated = self.translate(singular, lang)
        return plural if translated == singular and count != 1 else translated


def plugin_messages(package: str) -> PluginMessages:
    """A ``_`` for a plugin package that Podium's catalog does not know: its messages in the current
    language from the package's own ``locale/<lang>.po`` (standard gettext, read on first use), English
    when the file or the message is missing. Used as ``_ = plugin_messages(__package__)``; see
    ``docs/plugins.md``."""
    return PluginMessages(package)


def _read_po(path: Traversable) -> dict[str, str]:
    if not path.is_file():
        return {}
    from babel.messages.pofile import read_po

    with path.open("rb") as handle:
        catalog = read_po(handle)
    return {str(m.id): str(m.string) for m in catalog if m.id and m.string}


def translations(lang: str) -> gettext.NullTranslations:
    """A translations object for ``lang`` (used by the Jinja i18n extension)."""
    return catalog("podium", lang)


_CJK = (
    (0x3000, 0x303F),  # CJK symbols and punctuation: 、。「」《》【】
    (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x20000, 0x3134F),  # Han characters
    (0xFF00, 0xFFEF),  # full-width forms: ，：；（）！？
    (0x201C, 0x201D),  # the quotation marks “” Chinese shares with English
)
"""The code points Chinese is written in, as ranges (a regular expression of them takes every command 8 ms to
compile, for the astral Han characters)."""


def _is_cjk(char: str) -> bool:
    """Whether ``char`` (one character, or empty) is a Han character or a Chinese punctuation mark."""
    if not char:
        return False
    point = ord(char)
    return any(low <= point <= high for low, high in _CJK)


def _spaced_beside_placeholder(template: str) -> bool:
    """Whether ``template`` has a space beside a placeholder ("{name} 的成绩", "已向 {event}", "{label} {a}"): only
    such a space may be dropped."""
    return " {" in template or "} " in template


_FORMATTER = string.Formatter()


def cjk_format(template: str, /, *args: Any, **kwargs: Any) -> str:
    """``template.format(*args, **kwargs)`` with the spaces of Chinese typesetting: see :func:`cjk_vformat`."""
    return cjk_vformat(template, args, kwargs)


def cjk_vformat(
    template: str, args: tuple[Any, ...], kwargs: Mapping[str, Any], formatter: string.Formatter = _FORMATTER
) -> str:
    """``template`` filled in like :meth:`str.format`, spaced as Chinese is written.

    Chinese puts a space between a Han character and a Latin word or a number ("第 4 局", "Xu Wei 的成绩"), so the
    Chinese catalog writes a space between a placeholder and the Han character beside it: "{name} 的成绩". When the
    value put there is Chinese itself, no space belongs between the two: a space of the template that stands
    between a placeholder and a Han character or a Chinese punctuation mark (，。：；、（）“” and the like) is
    dropped when the end of the value next to it is a Han character or a Chinese punctuation mark as well:
    "王芳的成绩", "已向拔河（1—2 年级）导入 4 支队伍". A full-width punctuation mark takes the room of a space
    itself, so a space beside a value that ends there in one goes whatever is on the space's other side, another
    value too: "次好成绩（第 2 好）5.87". Otherwise the space is kept beside a value that ends there in a Latin letter,
    a digit or anything else ("Xu Wei 的成绩", "第 4 局", "已向 1分钟跳绳导入"), beside an empty value, and between
    two placeholders ("王芳 李明"); the spaces inside a value (a padded table cell) are never touched. ``formatter`` finds and
    formats the values (Jinja's sandbox passes its own).
    """
    if not _spaced_beside_placeholder(template):
        if formatter is _FORMATTER:  # str's own, as fast as ever
            return str.format(template, *args, **kwargs) if args else str.format_map(template, kwargs)
        return formatter.vformat(template, args, kwargs)
    parts: list[tuple[str, bool]] = []  # (text, whether it is a value), in order
    auto = 0
    for literal, field, spec, conversion in formatter.parse(template):
        parts.append((literal, False))
        if field is None:
            continue
        if field == "":
            field, auto = str(auto), auto + 1
        value, _key = formatter.get_field(field, args, kwargs)
        value = formatter.convert_field(value, conversion)
        if spec and "{" in spec:
            spec = formatter.vformat(spec, args, kwargs)
        parts.append((formatter.format_field(value, spec or ""), True))
    texts = [text for text, _value in parts]
    for i, (text, is_value) in enumerate(parts):
        if is_value or not text:
            continue
        before = parts[i - 1] if i > 0 else ("", False)
        after = parts[i + 1] if i + 1 < len(parts) else ("", False)
        if text == " ":  # between two values, or a value and the template's end
            if _beside_full_width(before[0] if before[1] else "", after[0] if after[1] else ""):
                texts[i] = ""
            continue
        if text[0] == " " and before[1] and _joins(before[0][-1:], text[1]):
            texts[i] = texts[i][1:]
        if text[-1] == " " and after[1] and _joins(after[0][:1], text[-2]):
            texts[i] = texts[i][:-1]
    return "".join(texts)


_FULL_WIDTH = frozenset("，。、；：？！（）《》〈〉「」『』【】〔〕")
"""The full-width punctuation marks of Chinese, which take the room of a character and so of a space beside them
(GB/T 15834-2011 §5.1): no space is written beside one, whatever is on its other side. The quotation marks “” are not
among them: English shares them."""


def gap(before: str, after: str, lang: str | None = None) -> str:
    """The space between two texts set side by side in ``lang`` (the current language by default), as
    :func:`cjk_vformat` writes "{a} {b}": one space, but none in Chinese beside a full-width punctuation mark, which
    takes the room of the space itself (GB/T 15834-2011 §5.1): "五子棋（淘汰赛）半决赛", "Men's singles 半决赛". For
    texts a page sets apart (an event and its round in their own styles), which one message cannot fill."""
    if (lang or current_language()) == "zh" and _beside_full_width(before, after):
        return ""
    return " "


def _beside_full_width(before: str, after: str) -> bool:
    """Whether a space between ``before`` and ``after`` stands beside a full-width punctuation mark (the end of
    ``before`` or the start of ``after``), which takes the room of the space itself: then Chinese writes none."""
    return before[-1:] in _FULL_WIDTH or after[:1] in _FULL_WIDTH


def _joins(value_end: str, template_char: str) -> bool:
    """Whether a value whose end beside the template is ``value_end`` meets ``template_char`` without a space: both
    Chinese (a Han character or a Chinese punctuation mark), or the value's end a full-width punctuation mark."""
    return value_end in _FULL_WIDTH or (_is_cjk(value_end) and _is_cjk(template_char))


class Translated(str):
    """A template translated into Chinese (what :func:`_`, :func:`ngettext` and :func:`translate` give in Chinese):
    its :meth:`format` spaces the names it fills in as Chinese is written (:func:`cjk_vformat`), so that the faces'
    ``_("{name}'s results").format(name=…)`` reads "王芳的成绩" and "Xu Wei 的成绩" alike. Anything else done
    with it (joining, ``+``, slicing) gives a plain :class:`str`. A label's Chinese may be one, so kept views hold
    it (:class:`podium.services.kept_files.ValuesUnpickler` makes it back)."""

    __slots__ = ()

    def format(self, /, *args: Any, **kwargs: Any) -> str:
        return cjk_vformat(self, args, kwargs)

    def format_map(self, mapping: Mapping[str, Any], /) -> str:
        return cjk_vformat(self, (), mapping)


def translated(text: str, lang: str) -> str:
    """``text``, a template translated into ``lang``, as :func:`_` gives it: a :class:`Translated` in Chinese."""
    return Translated(text) if lang == "zh" else text


def localized(value: Any, lang: str) -> Any:
    """``value`` as shown in ``lang``: a :class:`Message`, :class:`Label` or :class:`Localized` rendered, anything
    else as it is."""
    render = getattr(value, "render", None)
    return render(lang) if callable(render) else value


@attrs.frozen(init=False)
class Message:
    """A sentence translated where it is shown: an English template (the msgid, or a
    ``(singular, plural)`` pair from :func:`N_plural` chosen by the ``count`` parameter) and the values
    of its placeholders. A value may itself be a :class:`Message`, :class:`Label` or :class:`Localized`:
    it is shown in the same language. ``catalog`` translates the template (Podium's by default, a
    plugin's :class:`PluginMessages`, or :data:`VERBATIM` for text that is not translated).

    ``Message(N_("{event} has not been drawn yet."), event=Label(zh="男子单打", en="Men's singles"))``
    """

    template: str | tuple[str, str]
    params: Mapping[str, Any]
    catalog: Catalog

    def __init__(self, template: str | tuple[str, str], /, *, catalog: Catalog = PODIUM, **params: Any) -> None:
        self.__attrs_init__(template, params, catalog)  # type: ignore[attr-defined]

    @classmethod
    def verbatim(cls, text: str) -> Message:
        """Text shown as it is, in every language (a message its maker already translated)."""
        return cls(text.replace("{", "{{").replace("}", "}}"), catalog=VERBATIM)

    @property
    def msgid(self) -> str:
        """The English template (the singular of a plural pair)."""
        return self.template if isinstance(self.template, str) else self.template[0]

    def render(self, lang: str | None = None, **extra: Any) -> str:
        """The sentence in ``lang`` (the current language by default); ``extra`` adds values."""
        lang = lang or current_language()
        if isinstance(self.template, str):
            text = self.catalog.translate(self.template, lang)
        else:
            text = self.catalog.translate_plural(*self.template, int(self.params["count"]), lang)
        values = {name: localized(value, lang) for name, value in {**self.params, **extra}.items()}
        return cjk_vformat(text, (), values) if lang == "zh" else text.format(**values)

    def __str__(self) -> str:
        return self.render()


@attrs.frozen
class Localized:
    """A value worded by a function of the language (a count of stones, a move), shown in the language
    of the sentence it is in: ``Localized(lambda lang: stones_text(n, lang))``."""

    text: Callable[[str], str]

    @classmethod
    def of(cls, function: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Localized:
        """A value worded by ``function(*args, **kwargs)`` (which translates with :func:`_`), called in the
        language it is shown in: ``Localized.of(composition.describe)``."""

        def text(lang: str) -> str:
            with use_language(lang):
                return str(function(*args, **kwargs))

        return cls(text)

    def render(self, lang: str | None = None) -> str:
        return self.text(lang or current_language())

    def __str__(self) -> str:
        return self.render()


@attrs.frozen
class Label:
    """A name given in both languages; ``str(label)`` uses the current language."""

    zh: str
    en: str

    def get(self, lang: str | None = None) -> str:
        lang = lang or current_language()
        return self.zh if lang == "zh" else self.en

    def render(self, lang: str | None = None) -> str:
        """The name in ``lang`` (the current language by default), as :meth:`get`."""
        return self.get(lang)

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


def bilingual(render: Callable[[], str]) -> Label:
    """What ``render()`` says in Chinese and in English, as a :class:`Label`: for text that code words (an
    explanation, a note) and a face shows in either language, without knowing how it was worded."""
    current_language()  # the language to come back to
    with use_language("zh"):
        zh = render()
    with use_language("en"):
        en = render()
    return Label(zh=zh, en=en)


def listed(items: Iterable[Any]) -> Localized:
    """``items`` (names: texts, :class:`Label`, :class:`Message`…) as one list in the language it is shown in: joined
    by ``, `` in English and by the enumeration comma ``、`` in Chinese (一班、二班), each item in that language."""
    kept = tuple(items)

    def text(lang: str) -> str:
        return translate(", ", lang).join(str(localized(item, lang)) for item in kept)

    return Localized(text)


def sentences(texts: Iterable[str], lang: str | None = None) -> str:
    """``texts``, whole sentences in ``lang`` (the current language by default), one after another as that language
    writes them: a space after each sentence in English; none in Chinese, whose full stop 。 is a full-width mark that
    takes the room of the space itself (GB/T 15834-2011 §5.1.1)."""
    return ("" if (lang or current_language()) == "zh" else " ").join(texts)
