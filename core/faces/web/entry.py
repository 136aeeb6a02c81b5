"""Result entry for referees: an entry link (``/entry/<token>``) lists the matches and heats it may enter; a match's
form calls the same result service as ``podium result``, a heat's form (every lane at once) the same performance
service as ``podium perf``.

A refusal is shown with the sentence the CLI prints, next to the field (HTTP 422). Each form carries a signed key:
the same form sent again answers with what was stored and records nothing more; a second referee's form for a match
that has its result meanwhile is answered with the stored result (HTTP 409). A link is refused (HTTP 403) when it
is forged, expired, revoked, or used on a match or heat outside its venue, table or match.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from podium.errors import NotFound, PodiumError, Target
from podium.faces import wording
from podium.faces.web.board import match_lists
from podium.faces.web.pages import render
from podium.faces.web.site import Site, link_actor
from podium.i18n import N_, Label, _, bilingual, sentences, translate, use_language
from podium.services.entry_links import EntryLink, LinkRefused, refused_scope
from podium.views.matches import HeatStatus, HeatView, LaneView, MatchListView, MatchStatus, MatchView

if TYPE_CHECKING:
    from podium.measure.sport import PerformanceInput
    from podium.views.answers import RecordedPerformance

OPEN = frozenset({MatchStatus.READY, HeatStatus.READY})


def _refused(request: Request, error: PodiumError, status: int = 403) -> Response:
    return render(request, "refused.html", status=status, message=error.render(request.state.lang))


def places(site: Site, link: EntryLink) -> Mapping[tuple[str, int], tuple[str, tuple[str, ...]]]:
    """Where the order of play puts each match and heat, by event and number: its venue and its tables (courts,
    lanes, boards). Worked out only for a venue's or a table's link: a match's link names its match."""
    if link.scope.kind == "match":
        return {}

    def make() -> dict[tuple[str, int], tuple[str, tuple[str, ...]]]:
        plan = site.plan()
        if plan is None:
            return {}
        found: dict[tuple[str, int], tuple[str, tuple[str, ...]]] = {}
        for session in plan.sessions:
            for row in session.rows:
                found.setdefault((row.event, row.number), (session.venue, row.resources))
        return found

    return site.cached("places", make)


def covers(link: EntryLink, event: str, number: int, placed: Mapping[tuple[str, int], tuple[str, tuple[str, ...]]]) -> bool:
    """Whether ``link`` may enter the match or heat ``number`` of ``event``, placed as ``placed`` (:func:`places`) says."""
    return link.scope.covers(event, str(number), *placed.get((event, number), (None, ())))


def in_scope(site: Site, link: EntryLink) -> list[tuple[MatchListView, MatchView | HeatView]]:
    """The matches and heats waiting for a result that ``link`` may enter, event by event in order of play."""
    found = []
    state = site.state()
    placed = places(site, link)
    for matches in match_lists(site, list(state.config.events), state):
        for item in matches.items:
            if item.status in OPEN and covers(link, matches.event, item.number, placed):
                found.append((matches, item))
    return found


def _item(site: Site, link: EntryLink, event: str, number: int) -> tuple[MatchListView, MatchView | HeatView]:
    """The match list of ``event`` and its match or heat ``number``, refused when ``link`` may not enter it; an
    event or a number the meet does not have is :class:`NotFound`, said with what would be valid."""
    state = site.state()
    found = match_lists(site, [state.config.event(event).key], state)
    item = next((i for i in found[0].items if i.number == number), None)
    if item is None:
        raise no_such_item(found[0], number)
    if not covers(link, found[0].event, number, places(site, link)):
        raise refused_scope(found[0].event, found[0].name, number)
    return found[0], item


def no_such_item(matches: MatchListView, number: int) -> NotFound:
    """The event of ``matches`` has no match or heat ``number``: the numbers it has, or that it has none before its
    draw."""
    target = Target(event=matches.event, match=str(number))
    numbers = [item.number for item in matches.items]
    if not numbers:
        return NotFound(
            N_("{event} has no match or heat {number}: it has none until it is drawn."), code="web.item_not_drawn", target=target,
            event=matches.name, number=number,
        )
    return NotFound(
        N_("{event} has no match or heat {number}; its matches and heats are numbered {first} to {last}."), code="web.item_unknown",
        target=target, event=matches.name, number=number, first=min(numbers), last=max(numbers),
    )


def scope_page(request: Request) -> Response:
    """What an entry link may enter; a link for one match goes straight to its form."""
    site: Site = request.app.state.site
    try:
        link = site.web.link(request.path_params["token"])
    except LinkRefused as error:
        return _refused(request, error)
    token = request.path_params["token"]
    if link.scope.kind == "match" and link.scope.event and link.scope.item:
        return RedirectResponse(f"/entry/{token}/{link.scope.event}/{link.scope.item}", status_code=303)
    return render(request, "entry_list.html", link=link, token=token, items=in_scope(site, link))


async def form_page(request: Request) -> Response:
    """The form of one match or heat (GET), or what it records (POST)."""
    site: Site = request.app.state.site
    token = request.path_params["token"]
    try:
        link = site.web.link(token)
    except LinkRefused as error:
        return _refused(request, error)
    if site.config_error is not None:
        return _config_refused(request, site.config_error)
    form = await request.form() if request.method == "POST" else None
    if form is not None and not site.entry_limiter.allow(link.id):
        return render(request, "refused.html", status=429, message=_too_many(request.state.lang))
    return await run_in_threadpool(_form, request, site, link, token, form)


def _config_refused(request: Request, error: PodiumError) -> Response:
    """A form while ``meet.toml`` has a problem (changed while the server runs): nothing can be recorded (HTTP 503),
    said with the command line's sentence, which the organiser must correct."""
    lang = request.state.lang
    return render(
        request, "refused.html", status=503,
        message=translate(N_("Results cannot be entered now: the meet's settings file was changed and has a problem the organiser must correct."), lang),
        details=_sentences(error, lang),
    )


def _too_many(lang: str) -> str:
    return translate(N_("Too many forms sent through this link in a short time; wait a minute and send it again."), lang)


def _form(request: Request, site: Site, link: EntryLink, token: str, form: FormData | None) -> Response:
    lang = request.state.lang
    with use_language(lang):
        event, number = request.path_params["event"], request.path_params["number"]
        try:
            matches, item = _item(site, link, event, number)
        except LinkRefused as error:
            return _refused(request, error)
        except PodiumError as error:  # no such event, or no such match or heat in it
            return _refused(request, error, 404)
        context = {
            "link": link, "token": token, "matches": matches, "item": item, "example": _example(site, matches.event, item),
            "sheet_rows": _sheet_rows(item), "colours": _colours(site, matches.event, item, lang),
            "piecewise": _piecewise(site, matches.event, item),
        }
        if form is None:
            return render(request, "entry_form.html", form_key=site.web.form_key(link, matches.event, str(number)), **context)
        key = str(form.get("form", ""))
        if not site.web.check_form_key(key, link, matches.event, str(number)):
            return render(request, "refused.html", status=400, message=_stale(lang))
        with site.write_lock:
            stored = site.web.submission(key)
            if stored is not None:
                return render(request, "entry_done.html", answer=Label(stored["zh"], stored["en"]), **context)
            if isinstance(item, MatchView):
                return _record_match(request, site, link, key, form, context)
            return _record_heat(request, site, link, key, form, context)


def _example(site: Site, event: str, item: MatchView | HeatView) -> str:
    """How a result of this match is written, as its sport says (``11-9 9-11 11-7`` for a best of three, a team
    tie's line-up and rubbers, ``1-0`` in xiangqi): the result field's placeholder."""
    if not isinstance(item, MatchView):
        return ""
    found = site.state().event(event)
    examples = found.sport.result_examples(found.context(found.match(str(item.number))))
    return examples[0] if examples else ""


def _piecewise(site: Site, event: str, item: MatchView | HeatView) -> bool:
    """Whether the heat's marks are recorded piece by piece (a high-jump series, height by height, World Athletics
    TR 26): then an athlete's first field shows how a series is written, as the field for the next heights does."""
    from podium.services.performances import find_heat

    if not isinstance(item, HeatView):
        return False
    stage, heat = find_heat(site.state().event(event), str(item.number))
    return stage.measurement(heat).piecewise


def _sheet_rows(item: MatchView | HeatView) -> tuple[LaneView, ...]:
    """The rows of a heat sheet in the order the entrants perform: the drawn order (lanes), and once the cut of a jump
    or throw is made, those taking the trials after it in :attr:`HeatView.final_order` (the best last, World
    Athletics TR 25.5), then the others."""
    if not isinstance(item, HeatView):
        return ()
    order = {key: index for index, key in enumerate(item.final_order)}
    return tuple(sorted(item.lanes, key=lambda lane: order.get(lane.entrant, len(order))))


def _colours(site: Site, event: str, item: MatchView | HeatView, lang: str) -> str | None:
    """Who plays which colour in this match as it is laid out, as its sport says (``张伟 plays Black and 李强
    White``): a board game's result is read by colour. ``None`` for a heat, or a sport without colours."""
    if not isinstance(item, MatchView):
        return None
    found = site.state().event(event)
    said = found.sport.colours(found.context(found.match(str(item.number))))
    return said.render(lang) if said is not None else None


def _stale(lang: str) -> str:
    return translate(N_("This form was not made for this match by this server; open the entry link again."), lang)


def _record_match(request: Request, site: Site, link: EntryLink, key: str, form: FormData, context: dict[str, Any]) -> Response:
    from podium.faces.wording import confirmation
    from podium.services.results import record

    matches, item = context["matches"], context["item"]
    text = str(form.get("result", "")).strip()
    try:
        done = record(site.acting(link_actor(link.label)), matches.event, [str(item.number)], text)
    except PodiumError as error:
        if error.code == "result.already_entered":  # another referee was first: show what is stored
            fresh = next(i for i in match_lists(site, [matches.event])[0].items if i.number == item.number)
            return render(request, "entry_taken.html", status=409, stored=fresh, **{**context, "item": fresh})
        return render(
            request, "entry_form.html", status=422, form_key=key, typed=text, messages=_sentences(error, request.state.lang),
            **context,
        )
    answer = bilingual(lambda: confirmation(done))
    site.web.remember(key, link, matches.event, str(item.number), {"zh": answer.zh, "en": answer.en})
    return render(request, "entry_done.html", answer=answer, **context)


def _record_heat(request: Request, site: Site, link: EntryLink, key: str, form: FormData, context: dict[str, Any]) -> Response:
    from podium.measure.sport import PerformanceInput
    from podium.services.performances import record_performances

    matches, item = context["matches"], context["item"]
    items: list[tuple[str, PerformanceInput, int | None]] = []
    typed: dict[str, str] = {}
    winds = {"": str(form.get("wind", "")).strip()} if item.wind_readings == "heat" else {}  # a race's one reading
    for lane in item.lanes:
        mark = str(form.get(f"mark-{lane.entrant}", "")).strip()
        status = str(form.get(f"status-{lane.entrant}", "")).strip()
        attempt = str(form.get(f"attempt-{lane.entrant}", "")).strip()  # the trial the sheet showed: a later one is not taken for it
        if item.wind_readings == "attempt":
            winds[lane.entrant] = str(form.get(f"wind-{lane.entrant}", "")).strip()
        typed[lane.entrant] = mark
        if attempt and not (attempt.isascii() and attempt.isdigit()):
            return render(request, "refused.html", status=400, message=_stale(request.state.lang))
        if mark and str(form.get(f"series-{lane.entrant}", "")) != (lane.series or ""):  # the series the sheet showed has moved on
            return render(request, "entry_taken.html", status=409, stored=item, **context)
        if mark or status:
            wind = winds.get("") or winds.get(lane.entrant) or None
            items.append((lane.entrant, PerformanceInput(text=mark or None, status=status or None, wind=wind), int(attempt) if attempt else None))
        elif winds.get(lane.entrant):  # a trial's reading goes with its mark (TR 29): alone it would be lost unsaid
            sentence = translate(N_("{name}: a wind reading goes with the mark of its trial; enter the mark too."), request.state.lang)
            return render(
                request, "entry_form.html", status=422, form_key=key, marks=typed, winds=winds,
                messages=[sentence.format(name=lane.name)], invalid=f"wind-{lane.entrant}", **context,
            )
    if not items:
            return render(
            request, "entry_form.html", status=422, form_key=key, marks=typed, winds=winds,
            messages=[translate(N_("Enter at least one mark or status."), request.state.lang)], **context,
        )
    try:
        done = record_performances(site.acting(link_actor(link.label)), matches.event, items)
    except PodiumError as error:
        lane = _refused_lane(site, matches.event, item, items)
        if error.code == "performance.already_recorded" and (lane is None or lane.series is None):
            # another referee was first: show the heat as it stands (a series going on is refused below, by name)
            fresh = next(i for i in match_lists(site, [matches.event])[0].items if i.number == item.number)
            return render(request, "entry_taken.html", status=409, stored=fresh, **{**context, "item": fresh})
        messages = _sentences(error, request.state.lang)
        if item.wind_readings == "heat" and error.target.argument == "wind":  # the race's reading, nobody's mark
            return render(request, "entry_form.html", status=422, form_key=key, marks=typed, winds=winds, messages=messages, invalid="wind", **context)
        if lane is not None:
            messages[0] = _whose(lane, item.in_lanes, messages[0], request.state.lang)
        return render(
            request, "entry_form.html", status=422, form_key=key, marks=typed, winds=winds, messages=messages,
            invalid=None if lane is None else f"wind-{lane.entrant}" if error.target.argument == "wind" else lane.entrant, **context,
        )
    answer = bilingual(lambda: sentences([_heat_recorded(item, len(done)), *(_series_now(d) for d in done if d.added is not None)]))
    site.web.remember(key, link, matches.event, str(item.number), {"zh": answer.zh, "en": answer.en})
    return render(request, "entry_done.html", answer=answer, **context)


def _refused_lane(site: Site, event: str, heat: HeatView, items: list[tuple[str, PerformanceInput, int | None]]) -> LaneView | None:
    """The lane of ``heat`` whose mark a refused heat sheet was refused for: the first of ``items`` that
    ``podium perf`` would refuse alone (the sheet's marks are checked in that order, each against the heat as it
    stands); ``None`` when each alone would be taken."""
    from podium.services.performances import prepare

    state = site.state()
    found = state.event(event)
    for entrant, given, attempt in items:
        try:
            prepare(found, entrant, given, attempt=attempt, units=state.config.units)
        except PodiumError:
            return next((lane for lane in heat.lanes if lane.entrant == entrant), None)
    return None


def _whose(lane: LaneView, in_lanes: bool, sentence: str, lang: str) -> str:
    """``sentence`` said of the mark of ``lane``: ``赵敏, lane 5: 'abc' is not a time; …``."""
    frame = N_("{name}, lane {lane}: {message}") if in_lanes else N_("{name}, No. {lane} in the order: {message}")
    return translate(frame, lang).format(name=lane.name, lane=lane.lane, message=sentence)


def _heat_recorded(heat: HeatView, count: int) -> str:
    from podium.i18n import ngettext

    return ngettext("Heat {number}: {count} mark recorded.", "Heat {number}: {count} marks recorded.", count).format(
        number=heat.number, count=count
    )


def _series_now(done: RecordedPerformance) -> str:
    """What a high-jump series recorded height by height gained, and the series now."""
    return _("{added} added to {name}'s series, which is now {series} (mark {mark}).").format(
        added=done.added, name=done.name, series=done.series, mark=wording.status(done.mark)
    )


def _sentences(error: PodiumError, lang: str) -> list[str]:
    """A refusal as the CLI words it: its sentence, then each detail (``results look like: …``); never its hint,
    which is the organiser's next step (an option of ``meet.toml``, a command), not the referee's: the desk shows the
    organiser's (:func:`podium.faces.web.desk.refusal`)."""
    return [error.render(lang), *(detail.render(lang) for detail in error.details)]
