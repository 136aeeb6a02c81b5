"""Help pages that read well in Chinese too.

click measures and wraps help text by characters, so a line of Chinese (two terminal columns a
character) ran to about 130 columns, Chinese text could only break at spaces, and a definition list
with a Chinese metavariable (``--from 文件``) lost its alignment. :class:`HelpFormatter` counts terminal
columns (East Asian Width: wide and full-width characters take two), breaks Chinese text between
characters (``wcwidth``'s text wrapper, imported only for text that has wide characters, so English
help costs nothing more), and ends a Chinese heading with a full-width colon. Every command of the CLI
uses it through :class:`HelpContext`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

import click
import click._textwrap

from podium.faces.cli.output import width
from podium.i18n import _


def wide(text: str) -> bool:
    """Whether ``text`` has characters that take two columns (Chinese)."""
    return width(text) != len(text)


def wrap_text(text: str, columns: int, initial_indent: str = "", subsequent_indent: str = "", preserve_paragraphs: bool = False) -> str:
    """click's :func:`click.formatting.wrap_text` (paragraphs, ``\\b`` blocks kept as written), measured in
    terminal columns and breaking Chinese between characters."""
    if not wide(text + initial_indent + subsequent_indent):
        return click.formatting.wrap_text(text, columns, initial_indent, subsequent_indent, preserve_paragraphs)
    wrapper = _wide_wrapper(columns, initial_indent, subsequent_indent)
    if not preserve_paragraphs:
        return wrapper.fill(text.expandtabs())
    wrapped = []
    for indent, raw, paragraph in _paragraphs(text.expandtabs()):
        with wrapper.extra_indent(" " * indent):
            wrapped.append(wrapper.indent_only(paragraph) if raw else wrapper.fill(paragraph))
    return "\n\n".join(wrapped)


OPENING = "（「『“‘《〈【〔"
CLOSING = "）」』”’》〉】〕，。、；：？！…"
CHUNK = re.compile(
    rf"\s+|[{OPENING}]*(?:[!-~]+|[^\s{OPENING}{CLOSING}])[{CLOSING}]*|."
)
"""Where a line may break: at spaces, and between Chinese characters, but not inside a word, number or
option (``--redraw``, ``11-9``), not before a closing mark (，。）) and not after an opening one (（“)."""


def _wide_wrapper(columns: int, initial_indent: str, subsequent_indent: str) -> click._textwrap.TextWrapper:
    from wcwidth import SequenceTextWrapper

    class WideTextWrapper(SequenceTextWrapper, click._textwrap.TextWrapper):
        """wcwidth's column-counting wrapper with click's indentation helpers, breaking where :data:`CHUNK` allows."""

        def _split(self, text: str) -> list[str]:
            return CHUNK.findall(text)

    return WideTextWrapper(
        columns, initial_indent=initial_indent, subsequent_indent=subsequent_indent, replace_whitespace=False, break_on_hyphens=False
    )


def _paragraphs(text: str) -> Iterator[tuple[int, bool, str]]:
    """The paragraphs of a help text as click reads them: (indent, kept as written, text); a paragraph whose
    first line is ``\\b`` is kept as written. Lines of a Chinese paragraph join without a space."""
    lines: list[str] = []
    indent = 0
    for line in [*text.splitlines(), ""]:
        if line:
            if not lines:
                indent = len(line) - len(line.lstrip())
            lines.append(line)
            continue
        if lines and lines[0].strip() == "\b":
            yield indent, True, "\n".join(lines[1:])
        elif lines:
            joined = lines[0].strip()
            for more in (line.strip() for line in lines[1:]):
                joined += more if wide(joined[-1:]) and wide(more[:1]) else " " + more
            yield indent, False, joined
        lines = []


class HelpFormatter(click.HelpFormatter):
    """click's formatter, measuring in terminal columns (see the module's docstring)."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        if prefix is None:
            label = _("Usage:")
            prefix = label if wide(label) else label + " "  # 用法：podium …, Usage: podium …
        usage_prefix = f"{prefix:>{self.current_indent}}{prog} "
        if not args:
            self.write(usage_prefix.rstrip(" ") + "\n")
            return
        text_width = self.width - self.current_indent
        if text_width >= width(usage_prefix) + 20:
            self.write(wrap_text(args, text_width, initial_indent=usage_prefix, subsequent_indent=" " * width(usage_prefix)))
        else:
            indent = " " * (max(self.current_indent, width(prefix)) + 4)
            self.write(usage_prefix + "\n" + wrap_text(args, text_width, initial_indent=indent, subsequent_indent=indent))
        self.write("\n")

    def write_heading(self, heading: str) -> None:
        colon = "：" if wide(heading) else ":"
        self.write(f"{'':>{self.current_indent}}{heading}{colon}\n")

    def write_text(self, text: str) -> None:
        indent = " " * self.current_indent
        self.write(wrap_text(text, self.width, initial_indent=indent, subsequent_indent=indent, preserve_paragraphs=True))
        self.write("\n")

    def write_dl(self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2) -> None:
        rows = [(first, second) for first, second in rows]
        first_col = min(max((width(first) for first, _second in rows), default=0), col_max) + col_spacing
        for first, second in rows:
            self.write(f"{'':>{self.current_indent}}{first}")
            if not second:
                self.write("\n")
                continue
            if width(first) <= first_col - col_spacing:
                self.write(" " * (first_col - width(first)))
            else:
                self.write("\n" + " " * (first_col + self.current_indent))
            lines = wrap_text(second, max(self.width - first_col - 2, 10), preserve_paragraphs=True).splitlines() or [""]
            self.write(f"{lines[0]}\n")
            for line in lines[1:]:
                self.write(f"{'':>{first_col + self.current_indent}}{line}\n" if line else "\n")


class HelpContext(click.Context):
    """A context whose help pages use :class:`HelpFormatter`."""

    formatter_class = HelpFormatter


def adopt(command: click.Command) -> click.Command:
    """Give ``command`` and its subcommands :class:`HelpContext` (commands are made by click's decorators), and
    their help in the current language (:func:`speak`)."""
    command.context_class = HelpContext
    speak(command)
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            adopt(sub)
    return command


def speak(command: click.Command) -> None:
    """Word the help of ``command`` and of its options in the current language.

    A command module words its help with ``_()`` when it is imported, in the language of that moment; a
    process that runs several invocations (tests, a server) imports it once. The help as first worded is
    kept and translated again for each invocation: English help (the msgid) then reads in Chinese too.
    """
    kept = command.__dict__.setdefault("_worded", (command.help, command.short_help, {id(p): getattr(p, "help", None) for p in command.params}))
    help_text, short_help, params = kept
    command.help = _(help_text) if help_text else help_text
    command.short_help = _(short_help) if short_help else short_help
    for param in command.params:
        text = params.get(id(param))
        if text and isinstance(param, click.Option):
            param.help = _(text)
    command._help_option = None  # click keeps its --help option, worded in the language it was first made in
