"""How the CLI shows an error: its sentence in the invocation's language, and its hint as the command to type.

A :class:`~podium.errors.Hint` names a next step (``Hint("draw", event="ms")``); the CLI words it as
a command (``run 'podium draw ms'``) and joins it to the sentence: ``Event 'ms' has not been drawn
yet; run 'podium draw ms'.`` Every action Podium's errors use has a wording here (a test checks).
"""

from __future__ import annotations

from typing import Any

from podium.errors import Hint, PodiumError, Problem
from podium.i18n import N_, Message, translate

HINTS: dict[str, str] = {
    "advance_or_standings": N_("when its matches are done run 'podium advance {event}' or 'podium standings {event}'"),
    "correct": N_("use 'podium correct' to change it"),
    "correct_perf": N_("give --reason to correct it, or --void --reason to void the run"),
    "decide_cut_then_advance": N_(
        "decide it by a play-off (then 'podium advance {event} --order NAME,NAME --reason \"play-off\"') or by lots "
        "('podium advance {event} --lots')"
    ),
    "decide_cut_then_pair": N_(
        "decide it by a play-off (then 'podium pair {event} --order NAME,NAME --reason \"play-off\"') or by lots "
        "('podium pair {event} --lots')"
    ),
    "draw": N_("run 'podium draw {event}'"),
    "explain": N_("see 'podium standings {event} --explain'"),
    "explain_teams": N_("see 'podium standings {event} --teams --explain'"),
    "import_entrants": N_("import them with 'podium entrants import'"),
    "import_late": N_("run 'podium entrants import FILE --late REASON' with the same file"),
    "init": N_("run 'podium init DIR' or pass --meet DIR"),
    "list_templates": N_("see 'podium init --list-templates'"),
    "lots_place": N_("to draw lots for a shared place anyway, give --place N"),
    "matches": N_("see 'podium matches {event}'"),
    "pair": N_("run 'podium pair {event}' first"),
    "perf": N_("record performances with 'podium perf'"),
    "perf_penalty": N_("record the event's own faults with 'podium perf --penalty'"),
    "redraw": N_("add --redraw to draw it again before any result"),
    "set_option": N_("set {option} = {value} in the event's rules in meet.toml to allow it"),
    "restore": N_("restore it from a backup ('podium backup') or an export ('podium import')"),
    "result": N_("enter results with 'podium result'"),
}
"""Hint action → how the CLI words it (English; translated when shown), with the hint's values."""

WITH_HINT = N_("{message}; {hint}.")
"""A sentence (without its full stop) followed by its hint."""


def hint_text(hint: Hint, lang: str) -> str:
    """``hint`` as the CLI words it, in ``lang``."""
    return Message(HINTS[hint.action], **hint.params).render(lang)


def shown(problem: Problem | Message, lang: str) -> str:
    """The sentence of ``problem`` in ``lang``, followed by its hint (``…; run 'podium draw ms'.``)."""
    text = problem.render(lang)
    if not isinstance(problem, Problem) or problem.hint is None:
        return text
    sentence = text[:-1] if text.endswith((".", "。")) else text
    return translate(WITH_HINT, lang).format(message=sentence, hint=hint_text(problem.hint, lang))


def error_json(error: PodiumError, lang: str) -> dict[str, Any]:
    """``error`` for ``--json``: :meth:`~podium.errors.PodiumError.as_json`, the hint with its ``text`` as the CLI words it."""
    data = error.as_json(lang)
    if error.hint is not None:
        data["hint"]["text"] = hint_text(error.hint, lang)
    for detail, found in zip(data["details"], error.details, strict=True):
        if isinstance(found, Problem) and found.hint is not None:
            detail["hint"]["text"] = hint_text(found.hint, lang)
    return data
