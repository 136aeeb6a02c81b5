"""The hash functions Podium's commands use, taken from Python's own built-in modules when it has them.

``import hashlib`` loads OpenSSL's library first, which takes 5 to 25 ms on the project's machine: a tenth of a quick
command's start. Podium needs only BLAKE2b (the names and keys of kept files) and SHA-256 (the fingerprint of the
rules a result was entered under), which CPython also builds as small modules of its own; the standard library's
``random`` takes its SHA-512 the same way. Elsewhere (another Python), they come from ``hashlib``. Both give the
same digests: the functions are the same.
"""

from __future__ import annotations

try:
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python without CPython's built-in module
    from hashlib import blake2b

try:
    from _sha2 import sha256  # CPython 3.12 and later
except ImportError:
    try:
        from _sha256 import sha256  # CPython 3.11
    except ImportError:  # pragma: no cover - a Python without CPython's built-in modules
        from hashlib import sha256

__all__ = ["blake2b", "sha256"]
