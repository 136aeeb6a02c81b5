"""Running the web face with uvicorn (``podium serve``)."""

from __future__ import annotations

import logging
from pathlib import Path

from podium.faces.web.settings import WebSettings

ACCESS_FORMAT = '%(asctime)s %(levelname)s %(client_addr)s "%(request_line)s" %(status_code)s'


class NoTokens(logging.Filter):
    """Keeps entry-link and sign-in tokens out of the access log: the path after ``/entry/`` or ``/desk/sign-in/``
    is replaced by ``…``."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) >= 3 and isinstance(args[2], str):
            record.args = (*args[:2], redact(args[2]), *args[3:])
        return True


def redact(path: str) -> str:
    """``path`` without the secret part of an entry or sign-in link."""
    for prefix in ("/entry/", "/desk/sign-in/"):
        if path.startswith(prefix):
            rest = path[len(prefix):]
            tail = rest.partition("/")[2]
            return prefix + "…" + ("/" + tail if tail else "")
    return path


def run(folder: Path, settings: WebSettings, *, host: str, port: int) -> None:
    """Serve the meet in ``folder`` until interrupted. Templates, CSS and script are read again when they change
    (Jinja's auto-reload, static files from disk), so template work needs no restart."""
    import uvicorn

    from podium.faces.web import create_app

    logging.getLogger("uvicorn.access").addFilter(NoTokens())
    uvicorn.run(create_app(folder, settings), host=host, port=port, timeout_graceful_shutdown=1, log_level="info")
