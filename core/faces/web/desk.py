"""The organiser's desk (signed in): where every event stands, draw, pair the next Swiss round, advance, lots,
corrections with a reason, withdrawals, pins in the order of play, entry links (with QR codes and table cards, revoked at once), the journal, and
any document as PDF.

Signing in takes the password given to ``podium serve --password-file`` (checked against its Argon2id hash) or the
one-time link printed at start. The session is a signed cookie (HttpOnly, SameSite=Lax, Secure behind HTTPS) that
names a session kept in the web store, so that signing out ends it for every copy of the cookie; every
form carries the session's CSRF token, and a form without a session or without the token is refused before it does
anything. Each action calls the service its CLI command calls.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from podium.errors import PodiumError, Target
from podium.faces.qr import qr_svg
from podium.faces.web.board import STATUS_TITLES, boards, match_lists
from podium.faces.web.guard import CSRF_FIELD, csrf_ok, csrf_token, password_matches
from podium.faces.web.pages import render
from podium.faces.web.site import Site
from podium.i18n import N_, Label, Message, N_plural, _, bilingual, translate, use_language
from podium.model.numerals import whole_number
from podium.schedule.model import places_listed, resources_named
from podium.services.entry_links import ENTRY_PATH, Scope, table_scopes, utc_now

SIGNED_IN = "organiser"

ORGANISER_HINTS = {"set_option": N_("set {option} = {value} in the event's rules in meet.toml to allow it")}
"""How the desk words the hints of refusals (:class:`~podium.errors.Hint`) that are the organiser's next step and
have no button: an option of ``meet.toml`` only the organiser can set. A referee's form never shows a hint."""


def refusal(error: PodiumError, lang: str) -> list[str]:
    """A refusal as the desk shows it: its sentence, with its hint when it is one of :data:`ORGANISER_HINTS`
    (``…; set games_only = true in the event's rules in meet.toml to allow it.``), then its details."""
    text = error.render(lang)
    hint = error.hint
    if hint is not None and hint.action in ORGANISER_HINTS:
        sentence = text[:-1] if text.endswith((".", "。")) else text
        text = translate(N_("{message}; {hint}."), lang).format(message=sentence, hint=Message(ORGANISER_HINTS[hint.action], **hint.params).render(lang))
    return [text, *(detail.render(lang) for detail in error.details)]


def signed_in(request: Request) -> bool:
    """Whether the request's session cookie names an organiser's session still open (signed out on any server ends
    it for every copy of the cookie)."""
    site: Site = request.app.state.site
    return site.web.session_open(request.session.get(SIGNED_IN))


SECTIONS = frozenset({"correct", "playoff", "withdraw", "pin", "link"})
"""The desk's actions with a section of their own: a refusal of one is shown above its form, where the organiser
types again, rather than at the top of a long page."""


def desk_page(request: Request, status: int = 200, messages: list[str] | None = None, sent: tuple[str, FormData] | None = None) -> Response:
    """The desk; after a refused action (``sent``: its name and form), that form filled in again as it was sent, so that
    the organiser corrects the one field named rather than typing the whole form again."""
    site: Site = request.app.state.site
    if not signed_in(request):
        return render(request, "sign_in.html", status=status, csrf=csrf_token(request.session), messages=messages or [])
    if site.config_error is not None:
        messages = [*_config_problem(site.config_error, request.state.lang), *(messages or [])]
    flash = request.session.pop("flash", None)
    links = site.web.links()
    tokens = {link.id: site.web.token(link) for link in links}
    config = site.state().config
    places = list(dict.fromkeys(r.title for venue in config.venues.values() for r in venue.resources))  # 1号台 once, though two halls have one
    return render(
        request, "desk.html", status=status, csrf=csrf_token(request.session), boards=boards(site), titles=STATUS_TITLES, steps=_steps(site),
        config=config, places=places, links=links, tokens=tokens, base=str(request.base_url).rstrip("/"),
        flash=Label(**flash) if flash else None, messages=messages or [], qr=qr_svg, now=utc_now(),
        sent=sent[0] if sent else None, typed={k: str(v) for k, v in sent[1].items() if k != CSRF_FIELD} if sent else {}, sections=SECTIONS,
    )


def _config_problem(error: PodiumError, lang: str) -> list[str]:
    """What the desk says while ``meet.toml``, changed while the server runs, has a problem: that nothing can be
    recorded until it is corrected, then the command line's sentence (and its details)."""
    return [
        translate(N_("meet.toml was changed and has a problem; nothing can be recorded until it is corrected, and the board shows the meet by the last valid meet.toml:"), lang),
        error.render(lang), *(d.render(lang) for d in error.details),
    ]


@attrs.frozen
class Steps:
    """The desk's buttons for one drawn event: those it can use now (``pair``, ``advance``), and why advancing waits
    when a stage comes after the current one but the current one is not complete (``podium advance`` would refuse)."""

    buttons: frozenset[str]
    waits: Message | None = None


def _steps(site: Site) -> dict[str, Steps]:
    """Which of the desk's buttons each drawn event can use: ``pair`` when its current stage is paired round by round
    (a Swiss), ``advance`` when a stage of ``meet.toml`` comes after it and it is complete, as ``podium advance`` checks
    (:func:`~podium.services.advance.check_complete`); a single round robin has neither."""
    from podium.formats.base import Format
    from podium.services.advance import unsettled

    state = site.state()
    found: dict[str, Steps] = {}
    for key in state.config.events:
        event = state.event(key)
        if not event.drawn:
            continue
        stage = event.stages[-1]
        pairs = getattr(type(stage.format), "next_round", Format.next_round) is not Format.next_round
        waits = None
        if len(event.stages) < len(event.config.stages) and not stage.complete:
            matches, heats = len(unsettled(stage)), len(stage.pending_heats())
            if matches:
                waits = Message(N_plural("{count} match still to play in this stage.", "{count} matches still to play in this stage."), count=matches)
            elif heats:
                waits = Message(N_plural("{count} heat of this stage still waits for marks.", "{count} heats of this stage still wait for marks."), count=heats)
            else:
                waits = Message(N_("This stage has rounds still to pair."))
        advances = len(event.stages) < len(event.config.stages) and waits is None
        found[key] = Steps(frozenset(step for step, can in (("pair", pairs), ("advance", advances)) if can), waits)
    return found


def show(request: Request) -> Response:
    return desk_page(request)


async def sign_in(request: Request) -> Response:
    site: Site = request.app.state.site
    form = await request.form()
    lang = request.state.lang
    if not csrf_ok(request.session, form.get(CSRF_FIELD)):
        return desk_page(request, 403, [translate(N_("This form has expired; please try again."), lang)])
    client = request.client.host if request.client else "?"
    if not site.sign_in_limiter.allow(client):
        return desk_page(request, 429, [translate(N_("Too many attempts to sign in; wait a minute and try again."), lang)])
    matches = await run_in_threadpool(password_matches, site.settings.password_hash, str(form.get("password", "")))
    if not matches:
        return desk_page(request, 401, [translate(N_("That password is not right."), lang)])
    _start_session(request)
    return RedirectResponse("/desk", status_code=303)


def _start_session(request: Request) -> None:
    site: Site = request.app.state.site
    request.session.clear()
    request.session[SIGNED_IN] = site.web.start_session()
    csrf_token(request.session)


async def one_time(request: Request) -> Response:
    """The one-time sign-in link printed by ``podium serve``: opening it (GET) shows a button, and only that button's
    form (POST, with the page's CSRF token) signs in, once. A chat app or a mail scanner that fetches the link to
    preview it therefore does not use it up."""
    site: Site = request.app.state.site
    lang = request.state.lang
    if request.method == "GET":
        return render(request, "sign_in_once.html", csrf=csrf_token(request.session), messages=[])
    form = await request.form()
    if not csrf_ok(request.session, form.get(CSRF_FIELD)):
        return render(request, "sign_in_once.html", status=403, csrf=csrf_token(request.session),
                      messages=[translate(N_("This form has expired; please try again."), lang)])
    if not site.use_sign_in_token(request.path_params["token"]):
        return desk_page(request, 403, [translate(N_("This sign-in link was used already or is not valid."), lang)])
    _start_session(request)
    return RedirectResponse("/desk", status_code=303)


async def sign_out(request: Request) -> Response:
    form = await request.form()
    refused = _refused(request, form)
    if refused is not None:
        return refused
    site: Site = request.app.state.site
    site.web.end_session(request.session.get(SIGNED_IN))
    request.session.clear()
    return RedirectResponse("/", status_code=303)


def _refused(request: Request, form: FormData) -> Response | None:
    """The answer to a desk form sent without a session (401) or without this session's CSRF token (403)."""
    lang = request.state.lang
    if not signed_in(request):
        return desk_page(request, 401, [translate(N_("Sign in as the organiser first."), lang)])
    if not csrf_ok(request.session, form.get(CSRF_FIELD)):
        return desk_page(request, 403, [translate(N_("This form has expired; please try again."), lang)])
    return None


SEED_DIGITS = 18
"""The most digits a seed typed at the desk may have (a seed is any whole number; eighteen digits are plenty)."""
MOST_HOURS = 24 * 7
"""The longest an entry link made at the desk may work: a week."""


def _seed(form: FormData) -> int | None:
    """The seed typed in the form, or ``None`` (a fresh one) when the field is empty."""
    text = str(form.get("seed", "")).strip()
    seed = whole_number(text, SEED_DIGITS)
    if seed is None and text:
        raise PodiumError(
            N_("The seed must be a whole number of at most {digits} digits, like 2026."), code="web.seed_not_a_number",
            target=Target(argument="seed"), digits=SEED_DIGITS,
        )
    return seed


def _hours(site: Site, form: FormData) -> int:
    """How long the links made by the form work: the hours typed (1 to a week), else the server's default."""
    text = str(form.get("hours", "")).strip()
    if not text:
        return site.settings.link_hours
    hours = whole_number(text, 3)
    if hours is None or not 0 < hours <= MOST_HOURS:
        raise PodiumError(
            N_("The hours a link works must be a whole number from 1 to {most}."), code="web.link_hours",
            target=Target(argument="hours"), most=MOST_HOURS,
        )
    return hours


def _draw(site: Site, form: FormData) -> Callable[[], str]:
    from podium.services.draws import make_draw

    done = make_draw(site.meet, str(form.get("event", "")), seed=_seed(form))
    return lambda: _("Drew {name} ({stage}) with seed {seed}.").format(name=done.name.get(), stage=done.title.get(), seed=done.seed)


def _advance(site: Site, form: FormData) -> Callable[[], str]:
    from podium.services.advance import advance

    done = advance(site.meet, str(form.get("event", "")), seed=_seed(form))
    return lambda: _("{event}: the next stage is drawn.").format(event=done.draw.name.get())


def _pair(site: Site, form: FormData) -> Callable[[], str]:
    from podium.services.pairing import pair_next_round

    done = pair_next_round(site.meet, str(form.get("event", "")), seed=_seed(form))
    return lambda: _("{event}: round {round} is paired.").format(event=done.name.get(), round=done.round)


def _lots(site: Site, form: FormData) -> Callable[[], str]:
    from podium.services.ties import draw_lots

    done = draw_lots(site.meet, str(form.get("event", "")), seed=_seed(form))
    orders = "; ".join(" > ".join(tie.names) for tie in done)
    return lambda: _("Lots drawn: {orders}.").format(orders=orders)


def _playoff(site: Site, form: FormData) -> Callable[[], str]:
    """``podium playoff``: the order a play-off gave to entrants still tied, best first, with a reason."""
    from podium.services.ties import record_playoff

    names = [n.strip() for n in str(form.get("names", "")).replace("，", ",").split(",") if n.strip()]
    done = record_playoff(site.meet, str(form.get("event", "")), names, reason=str(form.get("reason", "")).strip())
    return lambda: _("Play-off recorded: {order}.").format(order=" > ".join(done.names))


def _withdraw(site: Site, form: FormData) -> Callable[[], str]:
    from podium.services.withdrawals import withdraw

    done = withdraw(site.meet, str(form.get("event", "")), str(form.get("entrant", "")).strip(), str(form.get("reason", "")).strip())
    return lambda: _("{name} withdrawn from {event}.").format(name=done.name, event=done.event_name.get())


def _correct(site: Site, form: FormData) -> Callable[[], str]:
    from podium.faces.wording import confirmation
    from podium.services.results import record

    reason = str(form.get("reason", "")).strip()
    if not reason:
        raise PodiumError(N_("Give the reason for the correction."), code="web.reason_missing", target=Target(argument="reason"))
    done = record(site.meet, str(form.get("event", "")), [str(form.get("match", "")).strip()], str(form.get("result", "")).strip(), reason=reason)
    return lambda: confirmation(done)


def _pin(site: Site, form: FormData) -> Callable[[], str]:
    """``podium schedule pin``: fix a match or heat at a time, on a table when one is given."""
    from podium.faces import wording
    from podium.services.schedule import pin_match

    table = str(form.get("table", "")).strip()
    done = pin_match(
        site.meet, str(form.get("event", "")), str(form.get("match", "")).strip(), str(form.get("at", "")).strip(), [table] if table else []
    )
    return lambda: _("Match {number} of {event} pinned at {time} on {where}.").format(
        number=done.number, event=done.event_name.get(), time=done.start.strftime("%H:%M"), where=wording.names(done.places)
    )


def _unpin(site: Site, form: FormData) -> Callable[[], str]:
    from podium.services.schedule import unpin_match

    done = unpin_match(site.meet, str(form.get("event", "")), str(form.get("match", "")).strip())
    return lambda: _("Match {number} of {event} is placed by the plan again.").format(number=done.number, event=done.event_name.get())


def _make_link(site: Site, form: FormData) -> Callable[[], str]:
    kind = str(form.get("kind", ""))
    scope = Scope(
        kind,
        venue=str(form.get("venue", "")) or None if kind in ("venue", "table") else None,
        table=str(form.get("table", "")).strip() or None if kind == "table" else None,
        event=str(form.get("event", "")) or None if kind == "match" else None,
        item=str(form.get("match", "")).strip() or None if kind == "match" else None,
    )
    if kind not in ("venue", "table", "match") or (kind == "match" and not (scope.event and scope.item)) or (
        kind in ("venue", "table") and not scope.venue) or (kind == "table" and not scope.table):
        raise PodiumError(
            N_("Choose what the link may enter: a venue, a table of a venue, or an event and a match number."), code="web.link_scope_missing",
            target=Target(argument="kind"),
        )
    scope, named = _checked(site, scope)
    hours = _hours(site, form)
    label = str(form.get("label", "")).strip()[:80] or named
    site.web.make_link(scope, hours, label)
    return lambda: _("Entry link made: {label}.").format(label=label)


def _checked(site: Site, scope: Scope) -> tuple[Scope, str]:
    """``scope`` if the meet has what it names — the venue and its table (by its code, T1, or as people read it, 1号台),
    or the event and its match or heat (its number read as a number: ``05`` is match 5) — with the label a link gets
    when the organiser gives none, as people read it (体育馆 1号台, 男子单打 #5); else refused: a link for something
    that is not there would be refused to the referee who opens it."""
    config = site.state().config
    if scope.kind == "match":
        event = config.event(scope.event or "").key  # an unknown event is refused with the command's sentence
        number = whole_number(scope.item or "")
        found = match_lists(site, [event])
        if number is None or not any(item.number == number for item in found[0].items):
            raise PodiumError(
                N_("{event} has no match or heat {number}."), code="web.link_match_unknown", target=Target(event=event, argument="match"),
                event=found[0].name, number=scope.item,
            )
        return attrs.evolve(scope, event=event, item=str(number)), f"{found[0].name.get()} #{number}"
    venue = config.venues.get(scope.venue or "")
    if venue is None:
        raise PodiumError(
            N_("There is no venue '{venue}'; venues: {valid}."), code="web.link_venue_unknown", target=Target(argument="venue"),
            venue=scope.venue, valid=", ".join(config.venues),
        )
    if scope.kind != "table":
        return scope, venue.name.get()
    found = resources_named(venue.resources, scope.table or "")
    if len(found) != 1:
        raise PodiumError(
            N_("{venue} has no table, court or lane '{table}'; it has {valid}."), code="web.link_table_unknown",
            target=Target(argument="table"), venue=venue.name, table=scope.table, valid=places_listed(venue.resources),
        )
    place = found[0]  # the link keeps the code the order of play knows the table by
    return attrs.evolve(scope, table=place.name), f"{venue.name.get()} {place.title.get()}"


def _table_links(site: Site, form: FormData) -> Callable[[], str]:
    """An entry link for every table (court, lane, board) of every venue, for the cards to put on them."""
    hours = _hours(site, form)
    scopes = table_scopes(site.state().config)
    for scope, label in scopes:
        site.web.make_link(scope, hours, label)
    made = len(scopes)
    return lambda: _("Entry links made for {count} tables; print their cards.").format(count=made)


def cards(request: Request) -> Response:
    """A card for every table link still usable: the venue, the table and a large QR code, to print and put on the
    table (the browser prints the page; a card a page half)."""
    if not signed_in(request):
        return desk_page(request, 401, [translate(N_("Sign in as the organiser first."), request.state.lang)])
    site: Site = request.app.state.site
    now = utc_now()
    base = str(request.base_url).rstrip("/")
    found = [(link, f"{base}{ENTRY_PATH}{site.web.token(link)}") for link in site.web.links() if link.usable(now) and link.scope.kind == "table"]
    venues = site.state().config.venues
    return render(request, "cards.html", cards=found, venues=venues, qr=qr_svg)


def _revoke(site: Site, form: FormData) -> Callable[[], str]:
    if not site.web.revoke(str(form.get("link", ""))):
        raise PodiumError(
            N_("There is no such entry link, or it was revoked already."), code="web.link_not_revocable", target=Target(argument="link"),
        )
    return lambda: _("Entry link revoked.")


ACTIONS: dict[str, Callable[[Site, FormData], Callable[[], str]]] = {
    "draw": _draw, "advance": _advance, "pair": _pair, "lots": _lots, "playoff": _playoff, "withdraw": _withdraw, "correct": _correct,
    "pin": _pin, "unpin": _unpin, "link": _make_link, "tables": _table_links, "revoke": _revoke,
}


async def action(request: Request) -> Response:
    """One organiser action: refused without a session or CSRF token; a refusal of the service is shown with its
    sentence (HTTP 422); otherwise the desk again with what was done."""
    form = await request.form()
    refused = _refused(request, form)
    if refused is not None:
        return refused
    name = request.path_params["name"]
    if name not in ACTIONS:
        return desk_page(request, 404, [translate(N_("This page does not exist."), request.state.lang)])
    site: Site = request.app.state.site
    lang = request.state.lang
    if site.config_error is not None:
        return desk_page(request, 503)

    def run() -> Response:
        with use_language(lang), site.write_lock:
            try:
                words = ACTIONS[name](site, form)
            except PodiumError as error:
                return desk_page(request, 422, refusal(error, lang), ("pin" if name == "unpin" else name, form))  # unpin is a button of pin's form
            said = bilingual(words)
        request.session["flash"] = {"zh": said.zh, "en": said.en}
        return RedirectResponse("/desk", status_code=303)

    return await run_in_threadpool(run)


def journal(request: Request) -> Response:
    """Who entered what: the meet's journal, newest first (``podium log``), each event by its name (男子单打, not ms)."""
    from podium.services.log import log_view

    if not signed_in(request):
        return desk_page(request, 401, [translate(N_("Sign in as the organiser first."), request.state.lang)])
    site: Site = request.app.state.site
    state = site.state()
    view = log_view(state)
    names = {key: event.name for key, event in state.config.events.items()}  # an event meet.toml no longer has: its key
    return render(request, "journal.html", entries=list(reversed(view.entries)), names=names)


def print_document(request: Request) -> Response:
    """A document of ``podium print`` as PDF, in the request's language."""
    import tempfile
    from pathlib import Path

    from podium.faces.print.printing import KINDS, prepare

    lang = request.state.lang
    if not signed_in(request):
        return desk_page(request, 401, [translate(N_("Sign in as the organiser first."), lang)])
    site: Site = request.app.state.site
    kind = request.query_params.get("kind", "")
    event = request.query_params.get("event") or None
    if kind not in KINDS:
        return desk_page(request, 404, [translate(N_("This page does not exist."), lang)])
    try:
        prepared = prepare(site.meet, kind, event if KINDS[kind][1] or event else None, lang=lang)
        with tempfile.TemporaryDirectory(prefix="podium-web-") as folder:
            path = Path(folder) / f"{kind}.pdf"
            prepared.write(path)
            data = path.read_bytes()
    except PodiumError as error:
        return desk_page(request, 422, [error.render(lang)])
    name = f"{kind}-{event}.pdf" if event else f"{kind}.pdf"
    return Response(data, media_type="application/pdf", headers={"Content-Disposition": f'inline; filename="{name}"'})


def routes() -> list[Route]:
    return [
        Route("/desk", show),
        Route("/desk/sign-in", sign_in, methods=["POST"]),
        Route("/desk/sign-in/{token}", one_time, methods=["GET", "POST"]),
        Route("/desk/sign-out", sign_out, methods=["POST"]),
        Route("/desk/journal", journal),
        Route("/desk/print", print_document),
        Route("/desk/cards", cards),
        Route("/desk/{name}", action, methods=["POST"]),
    ]


