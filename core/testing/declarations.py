"""Checks of what a plugin declares: names and titles, options, games, tie-break chains, its own
tie-breakers and its score-sheet template."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from podium.errors import PodiumError
from podium.i18n import Label, _
from podium.model.entrants import EntrantKind
from podium.model.matches import Match, Slot
from podium.model.options import check_options
from podium.model.outcomes import Outcome
from podium.model.scoring import Scoring
from podium.model.sports import Sport
from podium.registry import Registry
from podium.standings.ledger import build_ledger
from podium.testing.cases import Case
from podium.testing.report import Collector
from podium.tiebreakers.base import Split, TieBreaker
from podium.tiebreakers.presets import CHAINS

NAME = re.compile(r"^[a-z][a-z0-9_]*$")


def _label_problem(what: str, title: Any) -> str | None:
    if not isinstance(title, Label) or not title.zh.strip() or not title.en.strip():
        return _("{what} must be a Label with Chinese and English text, not {value!r}.").format(what=what, value=title)
    return None


def declaration(sport: Sport, registry: Registry, found: Collector) -> None:
    """The sport's class attributes: name, title, entrant kinds, options, scoring, chains, games, score sheet."""
    where = sport.name if isinstance(getattr(sport, "name", None), str) else repr(sport)
    if not isinstance(getattr(sport, "name", None), str) or not NAME.match(sport.name):
        found.add("declaration", where, _("the sport's name must be lower-case letters, digits and _ (it is typed in meet.toml), not {name!r}.").format(
            name=getattr(sport, "name", None)
        ))
    problem = _label_problem(_("the title"), getattr(sport, "title", None))
    if problem:
        found.add("declaration", where, problem)
    kinds = sport.entrant_kinds
    if not kinds or not all(isinstance(k, EntrantKind) for k in kinds):
        found.add("declaration", where, _("entrant_kinds must name at least one EntrantKind, not {value!r}.").format(value=kinds))
    names = [o.name for o in sport.options]
    for name in sorted({n for n in names if names.count(n) > 1}):
        found.add("declaration", where, _("two options are called {name!r}.").format(name=name))
    for option in sport.options:
        if option.name in ("kind", "game"):
            found.add("declaration", where, _("the option name {name!r} is reserved: Podium puts the entrant kind and game in the rules.").format(
                name=option.name
            ))
        if not option.doc.strip():
            found.add("declaration", where, _("the option {name!r} has no doc, which organisers read in the list of sports.").format(name=option.name))
    if not isinstance(sport.scoring, Scoring):
        found.add("declaration", where, _("scoring must be a podium.api.Scoring, not {value!r}.").format(value=sport.scoring))
    if sport.score_sheet is not None and not isinstance(sport.score_sheet, str):
        found.add("declaration", where, _("score_sheet must be a template name or None, not {value!r}.").format(value=sport.score_sheet))
    _games(sport, registry, found, where)


def _games(sport: Sport, registry: Registry, found: Collector, where: str) -> None:
    for key, game in sport.games.items():
        here = f"{where}, game {key}"
        if game.name != key:
            found.add("declaration", here, _("the game is listed as {key!r} but is called {name!r}.").format(key=key, name=game.name))
        if game.kind not in sport.entrant_kinds:
            found.add("declaration", here, _("the game is for {kind} entrants, which the sport does not take.").format(kind=game.kind.value))
        if game.format not in registry.formats:
            found.add("declaration", here, _("the game's format {format!r} is not installed; installed formats: {valid}.").format(
                format=game.format, valid=", ".join(sorted(registry.formats))
            ))
        else:
            _values, problems = check_options(registry.formats[game.format].options, game.format_options)
            for _name, message in problems:
                found.add("declaration", here, _("format options: {problem}.").format(problem=message))
        _values, problems = check_options(sport.options, game.rules)
        for _name, message in problems:
            found.add("declaration", here, _("rules: {problem}.").format(problem=message))
        for what, label in ((_("the game's title"), game.title), (_("the game's summary"), game.summary)):
            problem = _label_problem(what, label)
            if problem:
                found.add("declaration", here, problem)


def options(sport: Sport, found: Collector) -> None:
    """Every option's default passes the option's own check (type, choices, bounds, validator)."""
    for option in sport.options:
        try:
            option.check(option.default)
        except (ValueError, PodiumError) as error:
            found.add("options", sport.name, _("the default of option {name!r} fails its own check: {error}.").format(name=option.name, error=error))


def families(sport: Sport, registry: Registry) -> list[str]:
    """Format families a chain is looked up for: those of the installed formats and those the sport names."""
    named = {key.removeprefix("team_") for key in sport.tiebreaks if key != "default"}
    return sorted({f.family for f in registry.formats.values()} | named)


def tiebreaks(sport: Sport, registry: Registry, cases: Sequence[Case], found: Collector) -> None:
    """Every declared chain, and the chain chosen for every format family in every case, names installed tie-breakers."""
    installed = set(registry.tiebreakers)
    valid = ", ".join(sorted(installed))

    def check(where: str, what: str, chain: Any) -> None:
        if isinstance(chain, str):
            if chain not in CHAINS:
                found.add("tiebreaks", where, _("{what} names the chain preset {name!r}, which does not exist; presets: {valid}.").format(
                    what=what, name=chain, valid=", ".join(CHAINS)
                ))
                return
            chain = CHAINS[chain]
        if not isinstance(chain, tuple) or not all(isinstance(n, str) for n in chain):
            found.add("tiebreaks", where, _("{what} must be a tuple of tie-breaker names, not {value!r}.").format(what=what, value=chain))
            return
        missing = [n for n in chain if n not in installed]
        if missing:
            found.add("tiebreaks", where, _("{what} names {names}, which no installed plugin provides; installed tie-breakers: {valid}.").format(
                what=what, names=", ".join(repr(n) for n in missing), valid=valid
            ))
        twice = sorted({n for n in chain if chain.count(n) > 1})
        if twice:
            found.add("tiebreaks", where, _("{what} names {names} more than once.").format(what=what, names=", ".join(twice)))

    for key, chain in sport.tiebreaks.items():
        check(sport.name, _("the chain tiebreaks[{key!r}]").format(key=key), chain)
    for case in cases:
        if case.ctx.decisive:
            continue
        for family in families(sport, registry):
            try:
                chain = sport.tiebreak_chain(family, case.ctx.rules)
            except Exception as error:  # a chain the core cannot even look up (an unknown preset, say)
                found.add("tiebreaks", case.label, _("tiebreak_chain({family!r}) raised {error}.").format(
                    family=family, error=f"{type(error).__name__}: {error}"
                ))
                continue
            check(case.label, _("the default chain for {family}").format(family=family), chain)


def tiebreakers(breakers: Sequence[TieBreaker], sport: Sport, cases: Sequence[Case], found: Collector, seed: int = 1) -> None:
    """Each of the plugin's tie-breakers splits ties into ordered groups of exactly the tied entrants,
    whatever their order, on standings of a simulated round robin of six entrants of the sport."""
    for breaker in breakers:
        where = getattr(breaker, "name", repr(breaker))
        if not isinstance(where, str) or not NAME.match(where):
            found.add("tiebreakers", str(where), _("a tie-breaker's name must be lower-case letters, digits and _, not {name!r}.").format(name=where))
        problem = _label_problem(_("the title"), getattr(breaker, "title", None))
        if problem:
            found.add("tiebreakers", where, problem)
        if not str(getattr(breaker, "source", "")).strip():
            found.add("tiebreakers", where, _("the tie-breaker has no source; cite the rule it implements."))
    played = [c for c in cases if not c.measured and not c.ctx.decisive]
    if not breakers or not played:
        return
    ledger = _ledger(sport, played[0], random.Random(seed))
    if ledger is None:
        return
    keys = sorted(ledger.records)
    groups = [keys, *(list(g) for g in combinations(keys, 3)), *(list(g) for g in combinations(keys, 2))]
    for breaker in breakers:
        for tied in groups:
            _split(breaker, ledger, tied, found)


def _ledger(sport: Sport, case: Case, rng: random.Random) -> Any:
    keys = [f"e{n}" for n in range(1, 7)]
    results: list[tuple[Match, Outcome]] = []
    for number, (a, b) in enumerate(combinations(keys, 2), start=1):
        try:
            text = sport.simulate(rng, case.ctx)
            outcome = sport.outcome(sport.parse_result(text, case.ctx), case.ctx)
        except Exception:  # the simulator check reports what went wrong
            return None
        match = Match(key=f"M{number}", stage="main", round=number, sides=(Slot(a), Slot(b)))
        results.append((match, outcome))
    return build_ledger(keys, results, sport.scoring)


def _split(breaker: TieBreaker, ledger: Any, tied: list[str], found: Collector) -> None:
    where = f"{breaker.name}, tied {', '.join(tied)}"
    try:
        forward = breaker.split(ledger, tied)
        backward = breaker.split(ledger, list(reversed(tied)))
        breaker.values(ledger)
    except Exception as error:
        found.add("tiebreakers", where, _("split raised {error}.").format(error=f"{type(error).__name__}: {error}"))
        return
    if not isinstance(forward, Split):
        found.add("tiebreakers", where, _("split returned {value!r}, not a Split.").format(value=forward))
        return
    flat = [key for group in forward.groups for key in group]
    if sorted(flat) != sorted(tied) or any(not group for group in forward.groups):
        found.add("tiebreakers", where, _("split gave the groups {groups}, which are not the tied entrants each exactly once.").format(
            groups=[list(g) for g in forward.groups]
        ))
    elif [set(g) for g in forward.groups] != [set(g) for g in backward.groups]:
        found.add("tiebreakers", where, _("split depends on the order the tied entrants are given: {first} but {second}.").format(
            first=[sorted(g) for g in forward.groups], second=[sorted(g) for g in backward.groups]
        ))


def template_sources(registry: Registry) -> list[Any] | None:
    """The template search path of an installed Podium, or ``None`` when it has no printing machinery."""
    try:
        from podium.faces.print.templating import search_path
        from podium.hookspecs import TemplateSource
    except ImportError:
        return None
    return search_path([s for s in registry.templates if isinstance(s, TemplateSource)])


def templates(sport: Sport, registry: Registry, cases: Sequence[Case], found: Collector) -> None:
    """Score-sheet fields are plain data (``notes`` lines of text) in every case; template folders exist;
    the score sheet — the sport's, and the one :meth:`~podium.model.sports.Sport.score_sheet_for` gives each case's
    rules — is found on the template search path and is a valid template."""
    for case in cases:
        try:
            fields = sport.score_sheet_fields(case.ctx)
        except Exception as error:
            found.add("templates", case.label, _("score_sheet_fields raised {error}.").format(error=f"{type(error).__name__}: {error}"))
            continue
        if not isinstance(fields, Mapping):
            found.add("templates", case.label, _("score_sheet_fields must give a mapping, not {value!r}.").format(value=fields))
            continue
        notes = fields.get("notes", ())
        if isinstance(notes, str) or not all(isinstance(n, str) for n in notes):
            found.add("templates", case.label, _("the score-sheet notes must be lines of text, not {value!r}.").format(value=notes))
    for source in registry.templates:
        directory = getattr(source, "directory", None)
        if directory is not None and not directory.is_dir():
            found.add("templates", str(getattr(source, "name", source)), _("the template folder {path} does not exist.").format(path=directory))
    names = sorted({name for name in (sport.score_sheet, *(sport.score_sheet_for(case.ctx.rules) for case in cases)) if name is not None})
    if not names:
        return
    sources = template_sources(registry)
    if sources is None:
        found.skip("templates", _("this Podium has no printing machinery (podium.faces.print.templating), so the score sheet {name!r} could not be looked up.").format(
            name=names[0]
        ))
        return
    import jinja2

    from podium.faces.print.templating import environment

    for name in names:
        try:
            environment("en", sources).get_template(name)
        except jinja2.TemplateNotFound:
            found.add("templates", sport.name, _("the score sheet {name!r} is not on the template search path ({folders}); does the plugin return its folder from podium_templates?").format(
                name=name, folders=", ".join(str(s.directory) for s in sources)
            ))
        except jinja2.TemplateSyntaxError as error:
            found.add("templates", sport.name, _("the score sheet {name!r} is not a valid template: {error}").format(name=name, error=error))
