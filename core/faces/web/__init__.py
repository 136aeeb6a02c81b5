"""The web face: a live board of the meet, result entry for referees and the organiser's desk.

An ordinary ASGI application (Starlette), made by :func:`create_app` from a meet folder and explicit
:class:`~podium.faces.web.settings.WebSettings`; ``podium serve`` runs it with uvicorn, and any ASGI server can
(``podium.faces.web:create_app`` is a factory). Like every face it parses what a request gives, calls the same
services as the CLI (:mod:`podium.services`) and renders the same view models (:mod:`podium.views`); it holds no
rule of any sport. ``docs/web.md`` says how to run it and what it protects.
"""

from __future__ import annotations

from podium.faces.web.app import create_app
from podium.faces.web.settings import WebSettings

__all__ = ["WebSettings", "create_app"]
