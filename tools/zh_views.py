"""The Chinese views and documents of the sample meet, and the English words left in them.

A Chinese reader of Podium should meet no English: every command's answer and help, and every printed
document, of the sample sports day run in Chinese (``podium --lang zh demo``) is scanned for words in
Latin letters. What is not English, and so not reported (:func:`english_words`):

- names that are written in Latin letters in Chinese too (:data:`NAMES`: Podium, ITTF, CSV, PDF…), and rule
  citations (``CXA 2011 §14.3.2``, ``ITTF 2.11.1``, ``World Athletics TR 25.22``: :data:`CITATION`);
- the marks results print in Latin letters in Chinese too (:data:`SYMBOLS`: Q, q, SR, MR, r; :data:`ATTEMPTS`:
  XO, XXX);
- what the user types, shown as it is typed: event keys, commands (``podium draw ms``), options
  (``--seed``), file names (``meet.toml``) and, in a command's help, its metavariables (``EVENT``) and
  examples; results in their notation (``1-0 checkmate``, ``B+R``: the notation is the same in both
  languages so that what is on the wall can be typed back), and the codes a view exists to teach
  (``podium sports`` lists the codes of sports, formats and tie-breakers to write in ``meet.toml``;
  ``podium sports SPORT`` the names and values of its options; ``--game`` a ``meet.toml`` snippet).

Everything else in Latin letters is reported with the view it is in and its line, and so is an English
full stop after Chinese text (click shortened a help line with "..."; Chinese ends a sentence with 。).
"""

from __future__ import annotations

import html.parser
import re
import sys
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import attrs

NAMES = frozenset(
    {
        "Podium", "ITTF", "CXA", "FIDE", "BWF", "PDF", "CSV", "XLSX", "JSON", "TOML", "HTML", "Excel", "WPS", "UTF",
        "A4", "A3", "TRF", "Noto", "Sans", "SC", "Swiss", "Manager", "Windows", "macOS", "SQLite", "PostgreSQL",
    }
)
"""Names written in Latin letters in Chinese text too: rule bodies, file formats, paper sizes, the databases a meet is
kept in."""

TYPED_STATUSES = frozenset({"DNF", "DNS", "DQ", "NR", "NM"})
"""The international status codes of a mark (did not finish, did not start, disqualified, no result, no valid trial):
a Chinese reader sees them as words (弃权, 未完成…), so they may stand only in help, which names what may be typed."""

SYMBOLS = frozenset({"Q", "q", "SR", "MR", "r"})
"""Marks printed as they are in Chinese results too: qualified by place (Q) and by time (q) (World Athletics
TR 20.8), a school or meet record beside a mark (SR, MR, as a result list writes a record), and a vertical jumper
who retires (r, World Athletics TR 26: the scoresheet marks O, X, -, r, typed as they are printed)."""
ATTEMPTS = re.compile(r"X{0,2}[O\-]|XXX")
"""The attempts at one height of a vertical jump, ``XO``, ``XXX`` (World Athletics TR 26): notation, typed as printed."""
CITATION = re.compile(r"World Athletics(?: (?:TR|CR) \d[\d.]*(?:–\d[\d.]*)?)?|\b(?:TR|CR) \d[\d.]*(?:–\d[\d.]*)?")
"""A citation of the World Athletics rules by their short forms in docs/sources.md: ``World Athletics TR 25``,
``TR 26.8``, ``CR 31``, ``TR 16–19`` (the body's name written as it is, like CXA or ITTF)."""
WORD = re.compile(r"[A-Za-z]+")
SPAN = re.compile(r"[!-~]+")
"""A run of printable ASCII: a word, a code, a number or a piece of notation, between spaces or Chinese."""
EDGES = "()[]{}<>,;:.!?\"'`*"
PATH = re.compile(r"/|\.(toml|csv|xlsx|md|pdf|html|json|sqlite|png|jpg|svg|po)\b")
METAVAR = re.compile(r"\[?[A-Z][A-Z0-9_|=]*(\[:[A-Z]\])?(\.\.\.)?\]?")
RANGE = re.compile(r"\[?[\d.]*(<=?|>=?)?x(<=?|>=?)[\d.]+\]?")
"""click's range of a number option, ``x>=1`` or ``0<=x<=200``."""
TABLE = re.compile(r"\[\[?[\w.\-]+\]\]?\S*")
"""A table of ``meet.toml``, ``[events.EVENT.team_ranking]``."""
ARTICLE = re.compile(r"[A-Z]\.\d+(\.\d+)*|TRF\(x\)")
"""An article of the FIDE Handbook (``C.04.3``) or the name of its report format ``TRF(x)``."""
KEY = re.compile(r"\b(\w+) = ")
"""A ``meet.toml`` key in a sentence, ``game = "NAME"``."""
COMMAND = re.compile(r"(?:[!-~]*/)?podium(?: [!-~]+)*")
"""A command line, the program by name or by path (the demo names its podium as it can be run: ``.venv/bin/podium``)."""
FULL_STOP = re.compile(r"(?<=[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef])\.+")
"""An English full stop (or click's "...") after Chinese, where Chinese ends with 。 or …"""
QUOTED = re.compile(r"`[^`]*`")
"""Code quoted in a sentence, `` `false` ``, `` `A-X, B-Y` ``: what is typed, as it is typed."""
TOML_LINE = re.compile(r"^\s*(#\s*)?(\[\[?[\w.\-]+\]\]?|[\w.\-\"]+ = .*)$")


@attrs.frozen
class View:
    """One thing a Chinese reader sees: its name (the command or document), its text, and the codes it may show."""

    name: str
    text: str
    codes: frozenset[str] = frozenset()
    help: bool = False


@attrs.frozen
class Found:
    view: str
    word: str
    line: str

    def __str__(self) -> str:
        return f"{self.view}: {self.word!r} in {self.line.strip()!r}"


def english_words(view: View) -> list[Found]:
    """The English words of ``view``: Latin-letter words that are none of the exceptions in the module's docstring."""
    found = []
    for line in view.text.splitlines():
        stripped = line.strip()
        if view.help and stripped.startswith(("podium ", "cd ", "pip ")):
            continue  # an example command
        if TOML_LINE.match(line) and "=" in line or TOML_LINE.match(line) and stripped.startswith(("[", "# [")):
            continue  # a meet.toml snippet
        found += [Found(view.name, stop.group(), line) for stop in FULL_STOP.finditer(COMMAND.sub(" ", line))]
        keys = set(KEY.findall(line))
        for span in SPAN.finditer(CITATION.sub(" ", COMMAND.sub(" ", QUOTED.sub(" ", line)))):
            text = span.group()
            bare = text.strip(EDGES)
            if not WORD.search(text) or _exempt(text, bare, view) or bare in keys:
                continue
            for word in WORD.findall(bare):
                if word not in NAMES and word not in SYMBOLS and word not in view.codes and not (view.help and word in TYPED_STATUSES):
                    found.append(Found(view.name, word, line))
    return found


def _exempt(text: str, bare: str, view: View) -> bool:
    if bare.startswith("-") or text.startswith("-") or PATH.search(text) or TABLE.fullmatch(text) or ARTICLE.fullmatch(bare) or ARTICLE.fullmatch(text):
        return True
    if bare in view.codes or text in view.codes or all(part in view.codes for part in bare.split("|")):
        return True
    if bare in SYMBOLS or ATTEMPTS.fullmatch(bare):
        return True
    if len(bare) == 1 and bare.isupper():
        return True  # a group (A 组) or a team position (A, X)
    return view.help and any(pattern.fullmatch(text) or pattern.fullmatch(bare) for pattern in (METAVAR, RANGE))


class _Text(html.parser.HTMLParser):
    """The text of an HTML document as a reader sees it (no styles, scripts or attributes)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script"):
            self._hidden += 1
        elif tag in ("p", "div", "tr", "br", "li", "h1", "h2", "h3", "h4", "table", "section"):
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script"):
            self._hidden -= 1
        elif tag in ("td", "th"):
            self.parts.append("  ")

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.parts.append(data)


def html_text(markup: str) -> str:
    parser = _Text()
    parser.feed(markup)
    return re.sub(r"[ \t]+", " ", "".join(parts for parts in parser.parts))


def result_notation(folder: Path) -> frozenset[str]:
    """Every word of the results and marks entered in the meet in ``folder``: the notation users type."""
    from podium.services.meet import Meet

    words: set[str] = set()
    for entry in Meet(folder).state().journal:
        for key in ("result", "input", "text", "mark", "status"):
            value = entry.payload.get(key) if isinstance(entry.payload, dict) else None
            if isinstance(value, str):
                words.update(w.strip(EDGES) for w in value.split())
                words.update(WORD.findall(value))
    return frozenset(words)


def resources(meet: Any) -> frozenset[str]:
    """The names of the venues (``gym``) and of their tables, courts and boards (T1, F2, B8), as meet.toml names
    them: the signs on them, and what ``--on`` takes."""
    venues = meet.config.venues
    return frozenset(venues) | frozenset(r.name for venue in venues.values() for r in venue.resources)


def cli_views(folder: Path) -> Iterator[View]:
    """Every command's answer and help in Chinese, on the sample meet in ``folder`` (made here)."""
    from click.testing import CliRunner

    from podium.faces.cli import COMMANDS, cli
    from podium.registry import registry
    from podium.services.meet import Meet

    runner = CliRunner()

    def run(*args: str) -> str:
        done = runner.invoke(  # unwrapped, so that a name broken across lines is still read whole
            cli, ["--lang", "zh", "--meet", str(folder), *args], prog_name="podium", env={"PODIUM_LANG": "zh", "PODIUM_VIEWS": "off"},  # a throwaway meet: keep no views
            terminal_width=2000, max_content_width=2000,
        )
        if done.exception is not None and not isinstance(done.exception, SystemExit):
            raise done.exception
        return done.output

    program, sys.argv[0] = sys.argv[0], str(Path(sys.executable).with_name("podium"))  # run as a user runs it
    try:
        demo = run("demo", str(folder), "--no-print")
    finally:
        sys.argv[0] = program
    yield View("podium demo", demo, frozenset({"ms"}))
    meet = Meet(folder)
    events = frozenset(meet.config.events) | frozenset(f"{e.key}.teams" for e in meet.config.events.values() if e.team_ranking) | resources(meet)
    notation = result_notation(folder)
    reg = registry()
    listed = frozenset(
        [*reg.sports, *reg.formats, *reg.tiebreakers, *(g for s in reg.sports.values() for g in s.games)]
    )
    yield View("podium sports", run("sports"), listed)
    for name, sport in sorted(reg.sports.items()):
        options = frozenset(
            str(word) for option in sport.options for word in (option.name, *option.choices)
        )
        examples = frozenset(w.strip(EDGES) for texts in _examples(sport) for w in texts.split())
        defaults = frozenset(str(option.default).lower() if isinstance(option.default, bool) else str(option.default) for option in sport.options)
        games = frozenset(sport.games) | frozenset(reg.formats)  # the games and formats it lists, to write in meet.toml
        yield View(f"podium sports {name}", run("sports", name), options | examples | defaults | games | {name})
        for game in sorted(sport.games):
            yield View(f"podium sports --game {game}", run("sports", "--game", game), frozenset({game, name}))
    from podium.services.initialise import templates

    yield View("podium init --list-templates", run("init", "--list-templates"), frozenset(templates()))
    for key in events:
        yield View(f"podium entrants list {key}", run("entrants", "list", key), events)
        yield View(f"podium matches {key}", run("matches", key), events | notation)
        yield View(f"podium standings {key} --explain", run("standings", key, "--explain"), events | notation)
    for args in (["schedule"], ["awards"], ["medals"], ["log"]):
        yield View("podium " + " ".join(args), run(*args), events | notation)
    examples = frozenset(w.strip(EDGES) for s in reg.sports.values() for texts in _examples(s) for w in texts.split())
    typed = events | examples | frozenset(reg.sports) | frozenset(COMMANDS) | meet_keys() | frozenset(templates())
    for args, command in commands(cli):
        yield View(" ".join(["podium", *args, "--help"]), run(*args, "--help"), typed | choices(command), help=True)
    mistakes = [["correct", "ms", "1", "1-0"], ["draw", "ms", "--seed", "x"], ["reslt"], ["matches", "ms", "--pendin"]]
    for args in mistakes:
        yield View(" ".join(["podium", *args]), run(*args), events | frozenset(args) | frozenset(COMMANDS))  # echoes what was typed


def commands(group: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[list[str], Any]]:
    """Every command of the CLI with its arguments from ``podium``: the root, the commands, their subcommands."""
    import click

    yield list(path), group
    if isinstance(group, click.Group):
        context = click.Context(group)
        for name in group.list_commands(context):
            yield from commands(group.get_command(context, name), (*path, name))


def choices(command: Any) -> frozenset[str]:
    """The values a command's options and arguments take from a list (``--paper [a4|a3]``): typed as they are, and
    the subcommands' names."""
    import click

    found = {str(c) for param in command.params if isinstance(param.type, click.Choice) for c in param.type.choices}
    if isinstance(command, click.Group):
        found |= set(command.list_commands(click.Context(command)))
    return frozenset(found)


def meet_keys() -> frozenset[str]:
    """The keys of meet.toml, which a help text may tell the user to write."""
    from podium.config import meet
    from podium.sportsday import awards, eligibility, quotas, team_totals, unit_points
    from podium.standings.options import STANDINGS_OPTIONS

    tuples = [meet._MEET_KEYS, meet._EVENT_KEYS, meet._SPORTSDAY_EVENT_KEYS, meet._DERIVED_EVENT_KEYS, meet._STAGE_KEYS,
              awards._KEYS, eligibility._KEYS, quotas._QUOTA_KEYS, quotas._ENTRIES_KEYS, team_totals.KEYS,
              unit_points._MEET_KEYS, unit_points._EVENT_KEYS]
    return frozenset(k for keys in tuples for k in keys) | frozenset(o.name for o in STANDINGS_OPTIONS)


def _examples(sport: object) -> Iterable[str]:
    from podium.model.sports import example_results

    return [text for _kind, texts in example_results(sport) for text in texts]


def document_views(folder: Path) -> Iterator[View]:
    """Every printed document of the sample meet in ``folder``, rendered as HTML in Chinese."""
    from podium.faces.print.printing import print_all
    from podium.services.meet import Meet

    notation = result_notation(folder) | resources(Meet(folder))
    with tempfile.TemporaryDirectory() as out:
        for printed in print_all(Meet(folder), Path(out), "zh", html=True):
            yield View(f"print {printed.path.stem}", html_text(printed.path.read_text(encoding="utf-8")), notation)


def english_left(folder: Path | None = None) -> list[Found]:
    """The English words of every Chinese view and document of the sample meet (made in ``folder``, or a
    temporary folder)."""
    if folder is None:
        with tempfile.TemporaryDirectory() as scratch:
            return english_left(Path(scratch) / "demo")
    views = list(cli_views(folder))
    views += list(document_views(folder))
    return [found for view in views for found in english_words(view)]
