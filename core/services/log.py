"""The history of a meet (``podium log``): every journal entry with its time, reason and what it recorded."""

from __future__ import annotations

from podium.i18n import Label, current_language, use_language
from podium.journal import history
from podium.journal.state import MeetState
from podium.views.log import LogEntryView, LogView


def log_view(state: MeetState, event: str | None = None) -> LogView:
    """Every entry of the journal (or of ``event``), oldest first, each described in both languages."""
    key = state.config.event(event).key if event else None
    entries = [e for e in state.journal if key is None or e.event == key]
    described: dict[str, list[str]] = {}
    actors: dict[str, list[str]] = {}
    reasons: dict[str, list[str]] = {}
    current_language()  # the language to come back to
    for lang in ("zh", "en"):  # each language once for the whole history, not once per entry
        with use_language(lang):
            described[lang] = [history.describe(e, state) for e in entries]
            actors[lang] = [history.actor(e) for e in entries]
            reasons[lang] = [history.reason(e) for e in entries]
    return LogView(
        key,
        tuple(
            LogEntryView(
                e.seq, e.at, e.kind.value, e.event, e.payload, e.reason, Label(zh=why_zh, en=why_en), Label(zh=zh, en=en), e.actor,
                Label(zh=by_zh, en=by_en),
            )
            for e, zh, en, by_zh, by_en, why_zh, why_en in zip(
                entries, described["zh"], described["en"], actors["zh"], actors["en"], reasons["zh"], reasons["en"], strict=True
            )
        ),
    )
