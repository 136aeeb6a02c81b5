"""Printing documents: choose the view model and template for a kind, render HTML, write PDF.

``print_document`` is what ``podium print`` calls; ``print_all`` writes every kind of
document of a meet into a folder (what ``podium demo`` does for its sample meet).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import attrs
import jinja2
import jinja2.sandbox
from markupsafe import Markup

from podium.config.meet import MeetConfig
from podium.errors import Hint, PodiumError, Target
from podium.faces.print import award_documents as award_lists
from podium.faces.print import documents
from podium.faces.print.bracket import layout
from podium.faces.print.models import Award, EntryCard, Heat, ScoreSheet
from podium.faces.print.pdf import allowed_roots, font_face_css, write_pdf
from podium.faces.print.templating import BeyondBounds, TemplateRefused, environment, search_path
from podium.files import is_stdout, write_whole
from podium.hookspecs import TemplateSource
from podium.i18n import N_, Message, _, current_language, use_language
from podium.journal.state import EventState, MeetState
from podium.schedule.model import Venue
from podium.services.entry_links import LINK_HOURS
from podium.services.meet import Meet

KINDS: dict[str, tuple[str, bool]] = {
    # kind: (title, needs an event)
    "draw": (N_("Draw sheet"), True),
    "crosstable": (N_("Crosstable"), True),
    "results": (N_("Results and standings"), True),
    "order": (N_("Order of play"), False),
    "scoresheets": (N_("Score sheets"), True),
    "medals": (N_("Medal table"), False),
    "points": (N_("Unit points table"), False),
    "certificates": (N_("Award certificates"), False),
    "unitcertificates": (N_("Unit certificates"), False),
    "programme": (N_("Programme"), False),
    "startlists": (N_("Start lists"), False),
    "callroom": (N_("Call-room lists"), False),
    "records": (N_("Records"), False),
    "entry-cards": (N_("Entry cards"), False),
}
SHEETS = ("score_sheets/board_game.html", "score_sheets/heats.html", "score_sheets/judges.html")
"""Podium's general score sheets (besides the sports' own)."""
WALL_CHART_PORTRAIT_ROUNDS = 4
"""A results page whose wall chart has more rounds than this prints on A4 landscape (a column per round)."""
CERTIFICATES_PER_PART = 100
"""Certificates laid out per step of the progress bar (all go into one PDF)."""
BACKGROUND_NAMES = ("certificate-background.png", "certificate-background.jpg", "certificate-background.svg")


@attrs.frozen
class PrintOptions:
    """Options of ``podium print`` with their defaults."""

    paper: str = "a4"
    """Paper of brackets: ``a4`` (32 lines a page) or ``a3`` (64 lines a page)."""
    sheet: str | None = None
    """Score-sheet template to use instead of the sport's (e.g. ``score_sheets/judges.html``)."""
    everything: bool = False
    """Score sheets and order of play for every match, not only those still to be played."""
    blank: int = 0
    """Extra blank score sheets."""
    lanes: int = 8
    judges: int = 5
    call: int = 20
    """Minutes before its start that a heat's entrants report to the call room (检录)."""
    signatures: tuple[str, ...] = ()
    background: Path | None = None
    style: str | None = None
    """Certificates: ``traditional`` (奖状 with a salutation, Chinese numerals and a seal area) or ``modern``;
    by default traditional in Chinese and modern in English."""
    date_style: str = "chinese"
    """Chinese certificates: ``chinese`` (二〇二六年十月) or ``numeric`` (2026年10月21日)."""
    per_member: bool = False
    """Certificates of team events: one per member instead of one per team."""
    places: int = 3
    """Unit certificates: the places of the unit points table that get one."""
    url: str | None = None
    """Entry cards and score sheets: the address referees' phones reach the web face at (``http://192.168.1.10:8000``);
    score sheets (a match's, or a measured event's heat sheets) get a QR code of their match's or heat's entry link
    only when it is given."""
    hours: int = LINK_HOURS
    """How long the entry links made for the cards and sheets work."""


class MissingTemplate(PodiumError):
    """A document template found in no template folder: the meet's, the plugins' or Podium's."""


@attrs.frozen
class Printed:
    """What was written: the file, how many items (pages or certificates) and refused URLs."""

    path: Path
    items: int
    refused: tuple[str, ...] = ()


@attrs.frozen
class _Job:
    template: str | tuple[str, ...]
    """A template name, or names tried in order."""
    context: dict[str, Any]
    page_size: str = "A4"
    parts: tuple[dict[str, Any], ...] = ()
    items: int = 1


@attrs.frozen
class Prepared:
    """A document rendered to HTML, ready to be written; ``items`` counts certificates (or sheets, rows)."""

    parts: tuple[str, ...]
    sizes: tuple[int, ...]
    items: int
    base: Path
    roots: tuple[Path, ...]

    def write(self, out: Path, *, html: bool = False, progress: Callable[[int], None] | None = None) -> Printed:
        """Write the document to ``out`` (PDF, or HTML with ``html``); ``progress`` gets the items done after each part.

        The document is written whole or not at all (:func:`podium.files.write_whole`): into a temporary
        file beside ``out``, renamed when complete, so an interrupted print never leaves half a PDF under
        the chosen name; a terminal or pipe (or ``-``, the screen) gets the bytes directly.
        """
        if not is_stdout(out):
            _make_folder(out)
        refused: list[str] = []

        def produce(path: Path) -> None:
            if html:
                path.write_text("\n".join(self.parts), encoding="utf-8")
                return
            report = None if progress is None else (lambda index: progress(self.sizes[index]))
            refused.extend(write_pdf(self.parts, path, base=self.base, roots=self.roots, progress=report))

        write_whole(out, produce)
        return Printed(out, self.items, tuple(refused))


def _make_folder(out: Path) -> None:
    """Make the folder ``out`` goes into (``print/`` in the meet folder), or say why it cannot be made."""
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise PodiumError(
            N_("Cannot write {path}: {folder} is a file, not a folder; move it away or give -o FILE."),
            code="file.folder_is_a_file", target=Target(file=out), path=out, folder=out.parent,
        ) from None
    except OSError as error:
        raise PodiumError(
            N_("Cannot write {path}: {reason}."), code="file.unwritable", target=Target(file=out), path=out,
            reason=error.strerror or error,
        ) from None


def render_html(
    template: str | Sequence[str],
    context: Mapping[str, Any],
    *,
    lang: str,
    title: str,
    meet: Mapping[str, Any],
    sources: Sequence[TemplateSource],
    page_size: str = "A4",
) -> str:
    """Render a document template (the first of ``template`` found in ``sources``) with its view model ``context``."""
    env = environment(lang, sources)
    names = [template] if isinstance(template, str) else list(template)
    common = {"meet": meet, "title": title, "font_face": Markup(font_face_css()), "page_size": page_size}
    try:
        found = env.select_template(names)
        return found.render({**common, **context})
    except jinja2.sandbox.SecurityError as error:  # a template that reaches beyond the document's data
        raise TemplateRefused(
            N_("The template {name} was refused: it reaches for {what}, which a document template may not use."),
            code="print.template_refused", target=Target(file=names[0]), name=names[0], what=_security_reason(error),
        ) from None
    except jinja2.TemplateNotFound as error:  # a --sheet that names no template (the loader refuses paths with ..)
        if error.name not in names:  # found, but it includes or extends one that is nowhere
            raise MissingTemplate(
                N_("The template {name} uses {missing}, which is in no template folder (a name with .. is never read)."),
                code="print.template_include_missing", target=Target(file=names[0]), name=names[0], missing=error.name,
            ) from None
        raise MissingTemplate(
            N_("No template {name} in the meet's templates folder, the plugins or Podium; Podium's score sheets: {valid}."), code="print.template_missing", target=Target(file=names[-1], argument="sheet"), name=names[-1], valid=", ".join(SHEETS)
        ) from None
    except jinja2.TemplateError as error:  # a meet's own template with a mistake, or a --sheet made for another document
        where = getattr(error, "filename", None) or getattr(error, "name", None) or names[0]
        if getattr(error, "lineno", None):  # a syntax error: the line to fix
            where = f"{where}:{error.lineno}"
        raise PodiumError(
            N_("The template {name} cannot print this document: {error}."), code="print.template_broken", target=Target(file=where), name=where, error=error.message or error
        ) from None
    except PodiumError:
        raise
    except (ArithmeticError, TypeError, ValueError, LookupError, AttributeError, RecursionError, MemoryError) as error:
        # a meet's own template doing something impossible ({{ 1/0 }}, a range of a billion, a macro calling itself)
        raise PodiumError(
            N_("The template {name} cannot print this document: {error}."), code="print.template_broken",
            target=Target(file=names[0]), name=names[0], error=f"{type(error).__name__}: {str(error).rstrip('.')}",
        ) from None


def _security_reason(error: jinja2.sandbox.SecurityError) -> Message:
    """What the sandbox refused, in a few words: an attribute (``__init__`` of a ``Cycler``) or a call (worded in
    the language the error is shown in, the sandbox's own bounds too; other words of Jinja's as they are)."""
    if isinstance(error, BeyondBounds):
        return error.what
    text = str(error)
    if text.startswith("access to attribute "):
        return Message(N_("the attribute {detail}"), detail=text.removeprefix("access to attribute ").removesuffix(" object is unsafe."))
    if text.endswith(" is not safely callable"):
        return Message(N_("a call of {detail}"), detail=text.removesuffix(" is not safely callable"))
    return Message.verbatim(text)


def prepare(meet: Meet, kind: str, event: str | None, *, lang: str, options: PrintOptions = PrintOptions()) -> Prepared:
    """Build the view model of the document ``kind`` (of ``event`` where it needs one) and render its HTML in ``lang``."""
    with use_language(lang):
        state = meet.state()
        job = _job(meet, state, kind, event, options)
        sources = search_path(_plugin_sources(meet), meet.folder)
        parts = job.parts or ({},)
        return Prepared(
            parts=tuple(
                render_html(
                    job.template, {**job.context, **part}, lang=lang, title=_(KINDS[kind][0]),
                    meet=documents.meet_context(meet.config, lang), sources=sources, page_size=job.page_size,
                )
                for part in parts
            ),
            sizes=tuple(len(p["certificates"]) for p in job.parts) if job.parts else (job.items,),
            items=job.items,
            base=meet.folder,
            roots=allowed_roots([*(s.directory for s in sources), meet.folder]),
        )


def print_document(
    meet: Meet,
    kind: str,
    event: str | None,
    out: Path,
    *,
    lang: str,
    options: PrintOptions = PrintOptions(),
    html: bool = False,
) -> Printed:
    """Write the document ``kind`` (of ``event`` where it needs one) to ``out`` as PDF, or as HTML with ``html``."""
    return prepare(meet, kind, event, lang=lang, options=options).write(out, html=html)


def _plugin_sources(meet: Meet) -> list[TemplateSource]:
    return [s for s in meet.registry.templates if isinstance(s, TemplateSource)]


def _event(state: MeetState, kind: str, event: str | None) -> EventState:
    if event is None:
        raise PodiumError(
            N_("The document '{kind}' is printed for one event; events of this meet: {valid}."), code="print.event_needed", target=Target(argument="event"), kind=kind, valid=", ".join(state.config.events)
        )
    found = state.event(event)
    if not found.drawn:
        raise PodiumError(N_("{event} has not been drawn yet."), code="event.not_drawn", target=Target(event=found.key), hint=Hint("draw", event=found.key), event=found.config.name)
    return found


def _events(state: MeetState, event: str | None) -> list[EventState]:
    return [state.event(event)] if event else list(state.events())


def _job(meet: Meet, state: MeetState, kind: str, event: str | None, options: PrintOptions) -> _Job:
    config = state.config
    if kind == "draw":
        found = _event(state, kind, event)
        sheet = documents.draw_sheet(config, found)
        layouts = {i: layout(s.bracket, options.paper) for i, s in enumerate(sheet.stages) if s.bracket is not None}
        return _Job("draw.html", {"sheet": sheet, "layouts": layouts})
    if kind == "crosstable":
        found = _event(state, kind, event)
        tables = documents.crosstables(config, found)
        if not tables:
            raise PodiumError(N_("{event} has no round-robin table; print its draw sheet instead."), code="print.no_round_robin", target=Target(event=found.key), event=found.config.name)
        widest = max(len(t.rows) for t in tables)
        size = "A4" if widest <= 8 else "A4 landscape" if widest <= 16 else "A3 landscape"
        return _Job("crosstable.html", {"event": found.config.name.get(), "tables": tables}, page_size=size)
    if kind == "results":
        from podium.faces import wording
        from podium.services.standings import standings, team_standings

        found = _event(state, kind, event)
        teams = team_standings(state, found.key) if found.config.team_ranking is not None else None
        view = standings(state, found.key)
        rounds = max((len(t.rounds) for stage in view.stages for t in getattr(stage, "tables", ())), default=0)
        return _Job(
            "results.html",
            {"view": view, "teams": teams, "team_notes": wording.team_notes(teams) if teams else []},
            page_size="A4" if rounds <= WALL_CHART_PORTRAIT_ROUNDS else "A4 landscape",
        )
    if kind == "order":
        events = [e for e in _events(state, event) if e.drawn]
        if config.venues:
            from podium.services.schedule import plan_view

            order = documents.scheduled_order(plan_view(state), [e.key for e in events], pending=not options.everything)
        else:
            order = documents.order_of_play(config, events, pending=not options.everything)
        if not order.sessions and not options.everything:
            raise PodiumError(N_("No match is waiting to be played; add --all to list every match."), code="print.nothing_waiting", target=Target(argument="all"))
        if not order.sessions:
            raise PodiumError(N_("No drawn event has matches to list; heats are on the draw sheet and the heat sheets."), code="print.no_matches", target=Target(argument="event"))
        return _Job("order_of_play.html", {"order": order}, items=sum(len(s.rows) for s in order.sessions))
    if kind == "scoresheets":
        return _score_sheets(meet, state, _event(state, kind, event), options)
    if kind == "entry-cards":
        return _entry_cards(meet, state, event, options)
    if kind in ("startlists", "callroom"):
        return _start_lists(state, kind, event, options)
    if kind == "records":
        rows = documents.records_table(config, _events(state, event))
        if not rows:
            raise PodiumError(
                N_("No event here holds records; add them to meet.toml as [events.EVENT.records] (see docs/athletics.md)."),
                code="print.no_records", target=Target(argument="event"),
            )
        return _Job("records.html", {"rows": rows}, items=len(rows))
    if kind == "programme":
        from podium.faces.print.programme import programme

        booklet = programme(state, call_minutes=options.call)
        if not booklet.events:
            raise PodiumError(N_("No event has entrants yet, so there is no programme to print; import the entrants first."), code="print.no_entrants")
        return _Job("programme.html", {"p": booklet}, items=len(booklet.events))
    background = _background(meet, options.background) if kind in ("certificates", "unitcertificates") else None
    if kind == "unitcertificates":
        awards = award_lists.points_awards(state, options.places)
        if not awards:
            raise PodiumError(N_("No unit has points yet, so there are no unit certificates to print; enter results first."), code="print.no_unit_points")
        return _certificates(config, awards, background, options)
    awards = award_lists.meet_awards(state, [e.key for e in _events(state, event)])
    if not awards:
        raise PodiumError(N_("No event is finished yet, so there are no awards to print; enter the remaining results first."), code="print.no_awards")
    if kind in ("medals", "points"):
        from podium.faces import wording
        from podium.services.sportsday import tables_view

        tables = tables_view(state)
        unofficial = wording.unofficial(len(tables.undecided)) if tables.unofficial else ""
        if kind == "medals":
            return _Job("medals.html", {"rows": tables.medals, "view": tables, "unofficial": unofficial})
        size, parts = award_lists.points_pages(tables)
        return _Job(
            "unit_points.html", {"table": tables.points, "tables": parts, "view": tables, "unofficial": unofficial}, page_size=size
        )
    return _certificates(config, awards, background, options)


def certificate_style(options: PrintOptions) -> str:
    """The certificate layout: the one asked for, else traditional (奖状) in Chinese and modern in English."""
    return options.style or ("traditional" if current_language() == "zh" else "modern")


def _certificates(config: MeetConfig, awards: list[Award], background: str | None, options: PrintOptions) -> _Job:
    style = certificate_style(options)
    certificates = award_lists.certificates(
        config, awards, options.signatures, per_member=options.per_member, style=style, date_style=options.date_style
    )
    parts = tuple(
        {"certificates": certificates[i : i + CERTIFICATES_PER_PART]} for i in range(0, len(certificates), CERTIFICATES_PER_PART)
    )
    template = "certificate_traditional.html" if style == "traditional" else "certificate.html"
    return _Job(template, {"background": background}, parts=parts, items=len(certificates))


def _start_lists(state: MeetState, kind: str, event: str | None, options: PrintOptions) -> _Job:
    """Start lists per heat (lanes, bibs), or the call-room lists of the heats still to run in time order."""
    config = state.config
    events = [e for e in _events(state, event) if e.drawn]
    plan = None
    if any(venue.sessions for venue in config.venues.values()):
        from podium.services.schedule import plan_view

        plan = plan_view(state)
    callroom = kind == "callroom"
    heats = documents.start_lists(
        config, events, plan, pending=callroom and not options.everything, call_minutes=options.call if callroom else 0
    )
    if not heats:
        if callroom:
            raise PodiumError(
                N_("No drawn event has heats waiting to be run; add --all to list every heat."),
                code="print.no_heats_waiting", target=Target(argument="all"),
            )
        raise PodiumError(
            N_("No drawn event has heats; start lists are for measured events (races, jumps, throws) once drawn."),
            code="print.no_heats", target=Target(argument="event"),
        )
    return _Job("call_room.html" if callroom else "start_lists.html", {"heats": heats}, items=len(heats))


def _background(meet: Meet, given: Path | None) -> str | None:
    """The certificate background: ``--background`` (a file inside the meet folder, given from the current
    folder or from the meet folder) or ``templates/certificate-background.*`` in the meet folder."""
    if given is None:
        found = [meet.folder / "templates" / name for name in BACKGROUND_NAMES if (meet.folder / "templates" / name).is_file()]
        return found[0].resolve().as_uri() if found else None
    path = given.resolve() if given.exists() else (meet.folder / given).resolve()
    if not path.is_file() or not path.is_relative_to(meet.folder.resolve()):
        raise PodiumError(
            N_("The background image {path} must be a file inside the meet folder {folder}."), code="print.background_outside", target=Target(file=given, argument="background"), path=given, folder=meet.folder
        )
    return path.as_uri()


def _judged(event: EventState) -> bool:
    """True for an event whose measured stages are scored by judges (square-dance contest rules §5): its
    default sheet is the judges' sheet, not the heat sheet with starter and timekeeper."""
    from podium.measure.rules import MeasureKind

    return any(
        stage.measurement(heat).kind is MeasureKind.JUDGED  # only a measured stage has heats
        for stage in event.stages for heat in stage.heats
    )


def _entry_base(options: PrintOptions) -> str:
    """The checked ``--url`` of entry cards (which cannot be printed without it)."""
    from podium.services.entry_links import entry_base

    if options.url is None:
        raise PodiumError(
            N_("Entry cards need --url, the address referees' phones reach the web face at (like http://192.168.1.10:8000)."),
            code="print.url_needed", target=Target(argument="url"),
        )
    return entry_base(options.url)


def _event_tables(state: MeetState, event: EventState) -> set[tuple[str, str]]:
    """The ``(venue, table)`` pairs the order of play puts a match or heat of ``event`` on."""
    from podium.services.schedule import plan_view

    if not any(venue.sessions for venue in state.config.venues.values()):
        return set()
    return {
        (session.venue, table)
        for session in plan_view(state).sessions
        for row in session.rows
        if row.event == event.key
        for table in row.resources
    }


def _entry_cards(meet: Meet, state: MeetState, event: str | None, options: PrintOptions) -> _Job:
    """A card for every table (court, lane, board) of every venue, or of the tables ``event`` is played on: its
    venue, its table, and the QR code and address of its entry link (issue 17 item 3), made or reused
    (:func:`podium.services.entry_links.links_for`)."""
    from podium.faces.qr import qr_svg
    from podium.services.entry_links import WebStore, entry_url, links_for, table_scopes

    base = _entry_base(options)
    scopes = table_scopes(state.config)
    if not scopes:
        raise PodiumError(
            N_("The meet has no venue with tables, courts, lanes or boards; add [venues.NAME] with resources to meet.toml."),
            code="print.no_tables", target=Target(argument="event"),
        )
    if event is not None:
        found = state.event(event)
        tables = _event_tables(state, found)
        scopes = [(scope, label) for scope, label in scopes if (scope.venue, scope.table) in tables]
        if not scopes:
            raise PodiumError(
                N_("The order of play puts no match or heat of {event} on a table; leave out the event to print a card for every table."),
                code="print.event_not_placed", target=Target(event=found.key), event=found.config.name,
            )
    venues = state.config.venues
    cards = []
    for link, token in links_for(WebStore(meet.folder), scopes, options.hours):
        url = entry_url(base, token)
        cards.append(EntryCard(
            venue=venues[link.scope.venue or ""].name.get(), table=_table_title(venues, link.scope.venue, link.scope.table), url=url,
            qr=qr_svg(url),
            expires=_local_time(link.expires),
        ))
    return _Job("entry_cards.html", {"cards": cards}, items=len(cards))


def _table_title(venues: Mapping[str, Venue], venue: str | None, table: str | None) -> str:
    """The table of an entry card as people read it (1号台 / Table 1), else as the link names it."""
    found = venues[venue or ""].resource(table or "")
    return found.title.get() if found is not None else table or ""


def _local_time(moment: dt.datetime) -> str:
    """A link's expiry as a card prints it: in the computer's time zone, to the minute (``2026-12-05 20:00``)."""
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


_Sheet = TypeVar("_Sheet", ScoreSheet, Heat)


def _sheet_links(meet: Meet, event: EventState, sheets: list[_Sheet], options: PrintOptions) -> list[_Sheet]:
    """The sheets (a match's :class:`ScoreSheet` or a measured event's :class:`Heat`) with the QR code and address of
    an entry link for their match or heat alone (made or reused), so the referee who scans a sheet lands on that
    match's or heat's form; a sheet without a number (a blank sheet, a heat before the draw) gets none. A match and a
    heat share one numbering per event, and the web face keys both by that number (``item``)."""
    from podium.faces.qr import qr_svg
    from podium.services.entry_links import Scope, WebStore, entry_base, entry_url, links_for

    if options.url is None:
        return sheets
    base = entry_base(options.url)
    numbered = [sheet for sheet in sheets if sheet.number is not None]
    if not numbered:  # nothing to link: the meet's web folder is not made for nothing
        return sheets
    scopes = [(Scope("match", event=event.key, item=str(sheet.number)), f"{event.key} {sheet.number}") for sheet in numbered]
    urls = {
        sheet.number: entry_url(base, token)
        for sheet, (_link, token) in zip(numbered, links_for(WebStore(meet.folder), scopes, options.hours), strict=True)
    }
    return [
        attrs.evolve(sheet, link=urls[sheet.number], qr=qr_svg(urls[sheet.number])) if sheet.number in urls else sheet
        for sheet in sheets
    ]


def _score_sheets(meet: Meet, state: MeetState, event: EventState, options: PrintOptions) -> _Job:
    measured = any(stage.heats for stage in event.stages)  # heats of a measured event
    default = ("score_sheets/judges.html" if _judged(event) else "score_sheets/heats.html") if measured else None
    template = options.sheet or event.sport.score_sheet_for(event.config.rules) or default
    if template is None:
        raise PodiumError(
            N_("The sport {sport} has no score sheet of its own; choose one with --sheet: {valid}."), code="print.no_score_sheet", target=Target(event=event.key, argument="sheet"), sport=event.sport.title, valid=", ".join(SHEETS)
        )
    names: tuple[str, ...] = (template,)
    if options.sheet is None and event.config.kind.value == "team":
        names = (template.replace(".html", "_team.html"), template)
    plan = None
    if any(venue.sessions for venue in state.config.venues.values()):
        from podium.services.schedule import plan_view

        plan = plan_view(state)
    sheets = _sheet_links(meet, event, documents.score_sheets(state.config, event, everything=options.everything, plan=plan), options)
    sheets += [documents.blank_sheet(event)] * options.blank
    entrants = sorted(event.entrants.values(), key=lambda e: (len(e.bib or ""), e.bib or "", e.name))
    context = {
        "event": event.config.name.get(),
        "sheets": sheets,
        "heats": _sheet_links(meet, event, documents.heats(state.config, event, options.lanes, plan), options),
        "heats_drawn": measured,
        "entrants": [(e.bib or "", e.name, documents.unit_name(state.config, e.unit)) for e in entrants],
        "judges": options.judges,
        "rules": dict(event.config.rules),
    }
    if not sheets and not measured and "score_sheets/heats" not in template and "score_sheets/judges" not in template:
        raise PodiumError(
            N_("No match of {event} is waiting for a result; add --all for every match or --blank N for empty sheets."), code="print.no_match_waiting", target=Target(event=event.key, argument="all"), event=event.config.name
        )
    return _Job(names, context, items=max(len(sheets), 1))


def print_all(meet: Meet, folder: Path, lang: str, *, paper: str = "a4", html: bool = False) -> list[Printed]:
    """Write every kind of document of ``meet`` that its state allows into ``folder`` (PDF, or HTML with ``html``).

    Per drawn event: draw sheet, crosstable (round-robin stages), results, score sheets
    (the sport's, with one blank sheet); for the meet: order of play (every match), the programme, start
    lists and call-room lists (measured events), the records table (events with records),
    medal table, unit points table and certificates (when an event is finished).
    """
    written = []
    state = meet.state()
    jobs: list[tuple[str, str | None, PrintOptions]] = []
    drawn = [event for event in state.events() if event.drawn]
    for event in drawn:
        jobs += [("draw", event.key, PrintOptions(paper=paper)), ("results", event.key, PrintOptions())]
        if documents.crosstables(state.config, event):
            jobs.append(("crosstable", event.key, PrintOptions()))
        if event.sport.score_sheet_for(event.config.rules) or any(stage.heats for stage in event.stages):
            jobs.append(("scoresheets", event.key, PrintOptions(blank=1)))
    if drawn:
        jobs += [("order", None, PrintOptions(everything=True)), ("programme", None, PrintOptions())]
    if any(stage.heats for event in drawn for stage in event.stages):  # measured events with heats drawn
        jobs += [("startlists", None, PrintOptions()), ("callroom", None, PrintOptions(everything=True))]
    if any(event.config.records for event in drawn):
        jobs.append(("records", None, PrintOptions()))
    if award_lists.meet_awards(state, [e.key for e in drawn]):
        jobs += [("medals", None, PrintOptions()), ("points", None, PrintOptions()), ("certificates", None, PrintOptions())]
    for kind, event, options in jobs:
        name = f"{kind}-{event}" if event else kind
        out = folder / f"{name}.{'html' if html else 'pdf'}"
        written.append(print_document(meet, kind, event, out, lang=lang, options=options, html=html))
    return written


def default_output(meet: Meet, kind: str, event: str | None, html: bool) -> Path:
    """Where ``podium print`` writes when ``-o`` is not given: ``print/<kind>[-<event>].pdf`` in the meet folder."""
    name = f"{kind}-{event}" if event else kind
    return meet.folder / "print" / f"{name}.{'html' if html else 'pdf'}"

