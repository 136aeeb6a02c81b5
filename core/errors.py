"""Errors meant for people.

Every error a user can cause is a :class:`PodiumError` whose message is one clear,
translated sentence naming the file, row or argument and what would be valid.
The CLI prints the message and exits non-zero; it never shows a traceback for them.
"""

from __future__ import annotations


class PodiumError(Exception):
    """A user-facing error; ``str(error)`` is the message to show."""

    exit_code = 2

    def __init__(self, message: str, *, details: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.details = details

    def __str__(self) -> str:
        return self.message


class ConfigError(PodiumError):
    """``meet.toml`` (or another configuration file) is invalid."""


class EntrantsError(PodiumError):
    """An entrants file cannot be imported; ``details`` lists every bad row."""


class ResultError(PodiumError):
    """A result text is malformed or breaks the sport's rules."""


class NotFound(PodiumError):
    """A named event, match, entrant or file does not exist."""


class StateError(PodiumError):
    """The command does not fit the meet's current state, such as a redraw after results."""
