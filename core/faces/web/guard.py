"""Protection of the organiser's desk and of result entry: the password (Argon2id), CSRF tokens and rate limits."""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections import deque
from collections.abc import MutableMapping
from typing import Any

from podium.faces.web.settings import Limit

CSRF_FIELD = "csrf"


def hash_password(password: str) -> str:
    """``password`` hashed with Argon2id (argon2-cffi's defaults, RFC 9106's second recommended setting)."""
    from argon2 import PasswordHasher

    return PasswordHasher().hash(password)


def password_matches(hashed: str | None, password: str) -> bool:
    """Whether ``password`` is the one hashed in ``hashed`` (never when no password was set)."""
    if not hashed or not password:
        return False
    from argon2 import PasswordHasher
    from argon2.exceptions import InvalidHashError, VerificationError

    try:
        return PasswordHasher().verify(hashed, password)
    except (VerificationError, InvalidHashError):
        return False


def csrf_token(session: MutableMapping[str, Any]) -> str:
    """The CSRF token of this session, made on first use; every form of the desk carries it."""
    token = session.get(CSRF_FIELD)
    if not isinstance(token, str):
        token = session[CSRF_FIELD] = secrets.token_urlsafe(24)
    return token


def csrf_ok(session: MutableMapping[str, Any], given: object) -> bool:
    """Whether a form's token is this session's (compared in constant time)."""
    token = session.get(CSRF_FIELD)
    return isinstance(token, str) and isinstance(given, str) and hmac.compare_digest(token.encode(), given.encode())


class RateLimiter:
    """At most :attr:`Limit.count` hits per key in a sliding window of :attr:`Limit.seconds` (one process)."""

    def __init__(self, limit: Limit) -> None:
        self.limit = limit
        self._hits: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def allow(self, key: str, now: float | None = None) -> bool:
        """Count one hit of ``key``; ``False`` (and not counted) when the limit is reached."""
        now = time.monotonic() if now is None else now
        with self._lock:
            hits = self._hits.setdefault(key, deque())
            while hits and hits[0] <= now - self.limit.seconds:
                hits.popleft()
            if len(hits) >= self.limit.count:
                return False
            hits.append(now)
            return True


def redact(path: str) -> str:
    """``path`` without the secret part of an entry or sign-in link, as the access log shows it."""
    for prefix in ("/entry/", "/desk/sign-in/"):
        if path.startswith(prefix):
            rest = path[len(prefix):]
            tail = rest.partition("/")[2]
            return prefix + "…" + ("/" + tail if tail else "")
    return path
