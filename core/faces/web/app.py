"""The ASGI application of one meet (:func:`create_app`): routes, the request's language, sessions, live updates."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path

from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.sessions import SessionMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from podium.faces.web import board, desk, entry
from podium.faces.web.guard import redact
from podium.faces.web.pages import HERE, LANGUAGE_COOKIE, choose_language
from podium.faces.web.settings import WebSettings
from podium.faces.web.site import Site
from podium.i18n import use_language
from podium.model.numerals import whole_number
from podium.services.entry_links import SESSION_HOURS

SESSION_COOKIE = "podium_session"


class Language:
    """Runs each request in its own language (:func:`podium.i18n.use_language`): ``?lang=`` (remembered in a cookie),
    else that cookie, else the browser's Accept-Language, else the meet's language (``default`` says it now:
    ``meet.toml`` may change while the server runs)."""

    def __init__(self, app: ASGIApp, default: Callable[[], str]) -> None:
        self.app = app
        self.default = default

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        lang, remember = choose_language(
            request.query_params.get("lang"), request.cookies.get(LANGUAGE_COOKIE), request.headers.get("accept-language"), self.default()
        )
        scope.setdefault("state", {})["lang"] = lang

        async def sending(message: Message) -> None:
            if remember and message["type"] == "http.response.start":
                MutableHeaders(scope=message).append(
                    "set-cookie", f"{LANGUAGE_COOKIE}={lang}; Path=/; Max-Age=31536000; SameSite=Lax"
                )
            await send(message)

        with use_language(lang):
            await self.app(scope, receive, sending)


class FreshConfig:
    """Before each request, reads ``meet.toml`` again if it changed (one ``stat`` tells), so that every page and
    form uses the configuration the command line uses (:meth:`Site.refresh`)."""

    def __init__(self, app: ASGIApp, site: Site) -> None:
        self.app = app
        self.site = site

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and self.site.changed():
            import anyio.to_thread

            await anyio.to_thread.run_sync(self.site.refresh)
        await self.app(scope, receive, send)


class SecurityHeaders:
    """Headers every answer carries: no framing, no guessing of types, no referrer leaving with an entry link."""

    HEADERS = (
        (b"x-frame-options", b"DENY"),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"no-referrer"),
        (b"content-security-policy", b"default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'"),
    )

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *self.HEADERS]
            await send(message)

        await self.app(scope, receive, sending)


class AccessLog:
    """One JSON line per request on the ``podium.web.access`` logger: time, client, method, path (without the secret
    part of an entry or sign-in link), status and milliseconds, for a log collector to read."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        import json
        import logging
        import time


        started = time.perf_counter()
        status = 500

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            client = scope.get("client")
            logging.getLogger("podium.web.access").info(
                json.dumps(
                    {
                        "client": client[0] if client else None, "method": scope["method"], "path": redact(scope["path"]),
                        "status": status, "ms": round((time.perf_counter() - started) * 1000, 1),
                    },
                    ensure_ascii=False,
                )
            )


def healthz(request: Request) -> Response:
    """For load balancers and monitors: the meet's journal can be read."""
    site: Site = request.app.state.site
    return JSONResponse({"ok": True, "entries": site.meet.last_entry()})


async def live(request: Request) -> Response:
    """Server-sent events: an ``entry`` event with the journal's last entry number whenever it grows, a comment
    now and then so that proxies keep the connection open."""
    site: Site = request.app.state.site
    seen = whole_number(request.query_params.get("seen", ""))
    if seen is None:
        seen = -1  # not seen any entry yet

    async def stream() -> AsyncIterator[str]:
        nonlocal seen
        yield "retry: 1000\n\n"
        if seen < 0:
            seen = site.live.seq
            yield f"event: entry\ndata: {seen}\n\n"
        while not await request.is_disconnected():
            seq = await site.live.wait(seen, site.settings.heartbeat_seconds)
            if seq != seen:
                seen = seq
                yield f"event: entry\ndata: {seq}\n\n"
            else:
                yield ": still here\n\n"

    return StreamingResponse(
        stream(), media_type="text/event-stream", headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    )


def refused(request: Request, exc: HTTPException) -> Response:
    """A request the server does not serve, said in the reader's language with its status: a page that does not
    exist (404), an address that takes no such request (405: a form's address opened as a page), a request that
    cannot be read (400: a form cut short)."""
    from podium.faces.web.pages import render
    from podium.i18n import N_, translate

    status = exc.status_code
    message = {
        404: N_("This page does not exist."),
        405: N_("This address does not take that kind of request; open it from a page of this site."),
    }.get(status, N_("This request could not be read; send the form again from its page."))
    answer = render(request, "refused.html", status=status, message=translate(message, getattr(request.state, "lang", "en")))
    answer.headers.update(exc.headers or {})  # a 405 says which methods the address takes (Allow)
    return answer


def crashed(request: Request, exc: Exception) -> Response:
    """A problem nobody foresaw: one sentence for the reader, the traceback in the server's log (never on the page)."""
    import logging

    from podium.faces.web.pages import render
    from podium.i18n import N_, translate

    logging.getLogger("podium.web").error("unexpected error on %s", request.url.path, exc_info=exc)
    return render(
        request, "refused.html", status=500,
        message=translate(N_("Podium stopped on a problem it did not expect; nothing more was written. The details are in the server's log."), getattr(request.state, "lang", "en")),
    )


WORKER_THREADS = 200
"""Worker threads for the pages and forms of one server (AnyIO's default is 40): enough that referees' forms
waiting for the write lock never keep a board reader waiting for a thread."""


def create_app(folder: Path | str, settings: WebSettings | None = None) -> Starlette:
    """The web face of the meet in ``folder`` (an ordinary ASGI application)."""
    settings = settings or WebSettings()
    site = Site(Path(folder).resolve(), settings)
    session_secret = site.web.session_secret()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        import anyio.to_thread

        # Forms that wait for the write lock each hold a worker thread; with AnyIO's default of 40, fifty referees
        # sending at once left the board's readers queueing for a thread (board p95 183 ms under that load, 58 ms
        # with room for them). A waiting thread costs little.
        anyio.to_thread.current_default_thread_limiter().total_tokens = WORKER_THREADS
        await site.live.start()
        try:
            yield
        finally:
            await site.live.stop()

    routes = [
        Route("/", board.index),
        Route("/healthz", healthz),
        Route("/live", live),
        Route("/events/{event}", board.event_page),
        Route("/schedule", board.schedule_page),
        Route("/medals", board.medals_page),
        Route("/points", board.points_page),
        Route("/board/screen", board.screen),
        Route("/entry/{token}", entry.scope_page),
        Route("/entry/{token}/{event}/{number:int}", entry.form_page, methods=["GET", "POST"]),
        *desk.routes(),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    middleware = [
        Middleware(AccessLog),
        Middleware(SecurityHeaders),
        Middleware(FreshConfig, site=site),
        Middleware(Language, default=lambda: site.meet.config.language),
        Middleware(
            SessionMiddleware, secret_key=session_secret, session_cookie=SESSION_COOKIE, max_age=SESSION_HOURS * 3600,
            same_site="lax", https_only=settings.secure_cookies,
        ),
    ]
    app = Starlette(routes=routes, middleware=middleware, lifespan=lifespan, exception_handlers={HTTPException: refused, Exception: crashed})
    app.state.site = site
    return app


