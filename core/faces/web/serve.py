"""Running the web face with uvicorn (``podium serve``): the access log is Podium's own, one JSON line per request
(:class:`podium.faces.web.app.AccessLog`), without the tokens of entry and sign-in links; a reverse proxy on the same
computer may say who the client is (``X-Forwarded-For``), so rate limits count each phone, not the proxy."""

from __future__ import annotations

import logging
from pathlib import Path

from podium.faces.web.settings import WebSettings


def run(folder: Path, settings: WebSettings, *, host: str, port: int) -> None:
    """Serve the meet in ``folder`` until interrupted. With ``settings.reload`` templates are read again when they
    change (CSS and script are always served from their files), so work on the pages needs no restart."""
    import uvicorn

    from podium.faces.web.app import create_app

    access = logging.getLogger("podium.web.access")
    if not access.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
        access.addHandler(handler)
        access.setLevel(logging.INFO)
        access.propagate = False
    uvicorn.run(
        create_app(folder, settings), host=host, port=port, timeout_graceful_shutdown=1, log_level="info", access_log=False,
        proxy_headers=True, forwarded_allow_ips="127.0.0.1",
    )
