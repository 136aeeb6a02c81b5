"""What a web server is told when it starts: nothing is read from the environment."""

from __future__ import annotations

import attrs

from podium.services.entry_links import LINK_HOURS


@attrs.frozen
class Limit:
    """At most ``count`` requests of one kind from one client (or one entry link) in ``seconds``."""

    count: int
    seconds: float


@attrs.frozen
class WebSettings:
    """How the web face of one meet behaves; made by ``podium serve`` from its options, or by a program that runs
    :func:`podium.faces.web.create_app` under another ASGI server."""

    password_hash: str | None = None
    """The organiser's password hashed with Argon2id (:func:`podium.faces.web.guard.hash_password`); ``None``: only
    the one-time link signs in."""
    sign_in_token: str | None = None
    """The secret of the one-time sign-in link ``/desk/sign-in/<token>`` printed at start; it works once."""
    secure_cookies: bool = False
    """Send the session cookie only over HTTPS (behind a reverse proxy that terminates TLS: docs/web.md)."""
    poll_seconds: float = 0.2
    """How often the one background task looks at the journal's last entry number for live updates."""
    sign_in_limit: Limit = Limit(5, 60)
    """Sign-in attempts from one address."""
    entry_limit: Limit = Limit(120, 60)
    """Result submissions through one entry link."""
    screen_seconds: int = 15
    """How long the big screen shows each board before the next."""
    link_hours: int = LINK_HOURS
    """How long an entry link works unless the organiser chooses otherwise."""
    reload: bool = False
    """Read a template again when its file changes (template work without restarting); otherwise each is read once."""
    heartbeat_seconds: float = 15.0
    """How often a live connection gets a comment line, so proxies keep it open."""
