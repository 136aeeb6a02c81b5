"""Errors meant for people, with stable codes.

Every error a user can cause is a :class:`PodiumError`: one sentence naming the file, row or
argument and what would be valid, plus what a program needs to act on it:

- ``code``: stable and dotted, grouped by area (``event.not_drawn``, ``entrants.row_invalid``); a
  plugin's own codes start with its name (``badminton.score_past_30``). ``docs/errors.md`` lists
  every code of Podium with its sentence, parameters and target.
- ``params``: the values in the sentence, by placeholder name.
- ``target``: what the error is about (:class:`Target`: file and row or line, option path, event,
  stage, match, entrant, argument — whichever apply).
- ``hint``: the next step, if there is one (:class:`Hint`): a face renders it, the CLI as a command
  (``run 'podium draw ms'``), a web page as a button. No sentence names a command of a face.

The sentence is translated **where it is shown**, not where it is raised: the English template is
the msgid, and ``error.render(lang)`` (or ``str(error)``, in the current language) translates it, so one
error can be shown in Chinese and in English. Raise one like this::

    raise StateError(
        N_("{event} has not been drawn yet."), code="event.not_drawn",
        event=event.config.name, target=Target(event=key), hint=Hint("draw", event=key),
    )

The sentence names an event by its name and a stage by its title (``Men's singles``, ``Round robin``), as
people know them; the target and the hint keep their keys (``ms``), which programs and commands use.

A plugin translates its own messages with its own catalog: ``catalog=_`` where
``_ = plugin_messages(__package__)``. An error made from a sentence already translated (no ``code``)
still works; it gets the class's ``default_code`` and is shown as it was given.

The CLI prints the sentence (and its hint) and exits with status 2; it never shows a traceback for them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from podium.i18n import PODIUM, VERBATIM, Catalog, Message, current_language, localized

RESERVED = frozenset({"code", "target", "hint", "details", "catalog", "frame"})
"""Keyword arguments of an error that are not values of its sentence."""


def _text(value: object) -> str | None:
    """``value`` as text (a path, a match number), ``None`` kept.

    Converters of :class:`Target` are Python functions, not ``str`` and ``tuple`` themselves: attrs reads a
    converter's signature, and a built-in's is parsed from text by :mod:`tokenize`, whose patterns take a few
    milliseconds to compile — on every command, since every command defines ``Target``."""
    return None if value is None else str(value)


def _rows(value: Iterable[int]) -> tuple[int, ...]:
    """``value`` as a tuple of row numbers."""
    return tuple(value)


@attrs.frozen
class Target:
    """What an error is about; every field is optional and only those that apply are given.

    ``file`` a file as the user named it (``meet.toml``, ``entrants.csv``); ``rows`` rows of a table file
    (1-based, as a spreadsheet numbers them, the header being row 1); ``line`` a line of a text file;
    ``option`` a key path in ``meet.toml`` (``events.ms.rules.best_of``); ``event`` an event key;
    ``stage`` a stage name; ``match`` a match number (or key); ``entrant`` an entrant as given;
    ``argument`` the input of a command that is wrong (``seed``, ``reason``, ``judges``).
    """

    file: str | None = attrs.field(default=None, converter=_text)
    rows: tuple[int, ...] = attrs.field(default=(), converter=_rows)
    line: int | None = None
    option: str | None = None
    event: str | None = None
    stage: str | None = None
    match: str | None = attrs.field(default=None, converter=_text)
    entrant: str | None = None
    argument: str | None = None

    def as_json(self) -> dict[str, Any]:
        """The fields that apply, for JSON."""
        return {name: list(value) if isinstance(value, tuple) else value for name, value in attrs.asdict(self).items() if value not in (None, ())}


@attrs.frozen(init=False)
class Hint:
    """The next step after an error, as an action and its values: ``Hint("draw", event="ms")``.

    A face renders it: the CLI as the command to type, a web page as a button. The actions and
    their values are listed in ``docs/errors.md``.
    """

    action: str
    params: Mapping[str, Any]

    def __init__(self, action: str, /, **params: Any) -> None:
        self.__attrs_init__(action, params)  # type: ignore[attr-defined]

    def as_json(self) -> dict[str, Any]:
        return {"action": self.action, "params": dict(self.params)}


@attrs.frozen
class Problem:
    """One problem: a code, its sentence, its target and maybe a hint (an error, or one line of its details).

    ``frames`` place the sentence in the context it is reported in, innermost first: each is a
    sentence with a ``{message}`` placeholder (``option '{name}' cannot be {value}: {message}``, then
    ``{where}: {key}: {message}``), so the code and values stay those of the problem itself. A sentence
    placed where its frame goes on (``…: {message}; nothing was imported.``) drops its full stop.
    """

    code: str
    message: Message
    target: Target = Target()
    hint: Hint | None = None
    frames: tuple[Message, ...] = ()

    @property
    def params(self) -> Mapping[str, Any]:
        return self.message.params

    def render(self, lang: str | None = None) -> str:
        """The sentence in ``lang`` (the current language by default), in its frames."""
        text = self.message.render(lang)
        for frame in self.frames:
            head, _mark, tail = frame.render(lang, message=_PLACE).partition(_PLACE)
            text = head + (_clause(text) if tail.strip() else text) + tail
        return text

    def bare(self) -> Problem:
        """This problem without its frames (to be placed in another context)."""
        return attrs.evolve(self, frames=())

    def framed(self, frame: Message, target: Target | None = None) -> Problem:
        """This problem placed in ``frame`` (a sentence with ``{message}``), with ``target`` if given."""
        return attrs.evolve(self, frames=(*self.frames, frame), target=self.target if target is None else target)

    def as_json(self, lang: str | None = None) -> dict[str, Any]:
        """``code``, ``message`` (in ``lang``), ``params`` (text values in ``lang``), ``target`` and ``hint``."""
        lang = lang or current_language()
        return {
            "code": self.code,
            "message": self.render(lang),
            "params": {name: _json_value(value, lang) for name, value in self.params.items()},
            "target": self.target.as_json(),
            "hint": None if self.hint is None else self.hint.as_json(),
        }

    def __str__(self) -> str:
        return self.render()


_PLACE = "\x00"
"""Where a frame puts the sentence it holds (a character no sentence contains)."""


def _clause(text: str) -> str:
    """A sentence as a clause of another: without its full stop (English or Chinese)."""
    return text[:-1] if text.endswith((".", "。")) else text


def as_problem(found: Problem | Message | str, code: str) -> Problem:
    """``found`` as a :class:`Problem`: a sentence without a code (a plugin's, already translated) gets ``code``."""
    if isinstance(found, Problem):
        return found
    return Problem(code, found if isinstance(found, Message) else Message.verbatim(found))


def located(where: str) -> Message:
    """The frame of a sentence about ``where`` (a file, a key path): ``{where}: {message}``, not translated."""
    return Message("{where}: {message}", catalog=VERBATIM, where=where)


def _json_value(value: Any, lang: str) -> Any:
    value = localized(value, lang)
    return value if isinstance(value, (str, int, float, bool)) or value is None else str(value)


def problem(
    message: str | tuple[str, str] | Message,
    /,
    *,
    code: str,
    target: Target | None = None,
    hint: Hint | None = None,
    catalog: Catalog = PODIUM,
    frame: Message | None = None,
    **params: Any,
) -> Problem:
    """A :class:`Problem` from an English template and the values of its placeholders (as errors are made).

    A placeholder may not be named like a keyword of an error (:data:`RESERVED`): ``{target}`` would be
    taken for the target.
    """
    if target is not None and not isinstance(target, Target):
        raise TypeError(f"target must be a Target, not {target!r}: is a placeholder named like a keyword of errors?")
    text = message if isinstance(message, Message) else Message(message, catalog=catalog, **params)
    return Problem(code, text, target or Target(), hint, () if frame is None else (frame,))


class PodiumError(Exception):
    """A user-facing error: a stable ``code``, a sentence translated where it is shown (``str(error)`` in
    the current language, ``error.render(lang)``), its ``params``, ``target`` and ``hint``, and ``details``
    (the problems it sums up, one line each)."""

    exit_code = 2
    default_code = "error"
    """The code of an error made without one (a plugin's sentence, already translated)."""

    def __init__(
        self,
        message: str | tuple[str, str] | Message | Problem,
        /,
        *,
        code: str | None = None,
        target: Target | None = None,
        hint: Hint | None = None,
        details: Sequence[Problem | Message | str] = (),
        catalog: Catalog = PODIUM,
        frame: Message | None = None,
        **params: Any,
    ) -> None:
        if isinstance(message, Problem):
            found = message
        elif code is None:  # a sentence its maker already translated: shown as given
            text = message if isinstance(message, Message) else Message.verbatim(str(message))
            found = Problem(self.default_code, text, target or Target(), hint, () if frame is None else (frame,))
        else:
            found = problem(message, code=code, target=target, hint=hint, catalog=catalog, frame=frame, **params)
        super().__init__(found.message.msgid)
        self.problem = found
        self.details: tuple[Problem | Message, ...] = tuple(
            Message.verbatim(d) if isinstance(d, str) else d for d in details
        )

    @property
    def code(self) -> str:
        return self.problem.code

    @property
    def params(self) -> Mapping[str, Any]:
        return self.problem.params

    @property
    def target(self) -> Target:
        return self.problem.target

    @property
    def hint(self) -> Hint | None:
        return self.problem.hint

    @property
    def message(self) -> str:
        """The sentence in the current language."""
        return self.problem.render()

    def render(self, lang: str | None = None) -> str:
        """The sentence in ``lang`` (the current language by default)."""
        return self.problem.render(lang)

    def with_details(self, details: Sequence[Problem | Message]) -> PodiumError:
        """The same error (same class, code and sentence) with ``details``."""
        return type(self)(self.problem, details=details)

    def as_json(self, lang: str | None = None) -> dict[str, Any]:
        """The error for programs: ``code``, ``message``, ``params``, ``target``, ``hint`` and ``details``
        (each a problem with the same keys, or ``{"message": …}`` for a note); text in ``lang``."""
        lang = lang or current_language()
        return {
            **self.problem.as_json(lang),
            "details": [d.as_json(lang) if isinstance(d, Problem) else {"message": d.render(lang)} for d in self.details],
        }

    def __str__(self) -> str:
        return self.render()

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild, (type(self), self.problem, self.details)


def _rebuild(cls: type[PodiumError], found: Problem, details: tuple[Problem | Message, ...]) -> PodiumError:
    return cls(found, details=details)


class ConfigError(PodiumError):
    """``meet.toml`` (or another configuration file) is invalid."""

    default_code = "config.invalid"


class EntrantsError(PodiumError):
    """An entrants file cannot be imported; ``details`` lists every bad row."""

    default_code = "entrants.invalid"


class ResultError(PodiumError):
    """A result text is malformed or breaks the sport's rules."""

    default_code = "result.invalid"


class NotFound(PodiumError):
    """A named event, match, entrant or file does not exist."""

    default_code = "not_found"


class StateError(PodiumError):
    """The command does not fit the meet's current state, such as a redraw after results."""

    default_code = "state.invalid"
