"""What made the 3,000-entrant sports day fast must not change what the meet says.

- a result batch validates against its own event's part of the journal only;
- an event's state and standings are computed once per meet state, and an event is folded again
  only when its entries (or the language) change;
- a result is parsed once per process — but again whenever its rules change.
"""

from __future__ import annotations

import pytest

from podium.errors import ConfigError, StateError
from podium.journal.state import fold
from podium.services.meet import Meet
from podium.services.results import record, record_many
from tests.test_vertical_slice import PLAYERS

TWO_EVENTS = """\
[meet]
name = "Two events"
language = "en"

[units]
c1 = "Class 1"
c2 = "Class 2"
c3 = "Class 3"

[events.ms]
sport = "table_tennis"
rules = { best_of = 5 }

[events.ws]
sport = "table_tennis"
"""


def test_a_batch_sees_only_its_event(make_meet, podium):
    folder = make_meet(TWO_EVENTS, PLAYERS + PLAYERS.split("\n", 1)[1].replace("ms,", "ws,"))
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    podium(folder, "draw", "ws", "--seed", "1")
    meet = Meet(folder)
    seen: list[set[str | None]] = []
    meet.append(lambda state: seen.append({e.event for e in state.journal}) or [], "ms")
    assert seen == [{"ms"}]
    record_many(meet, "ms", [(["1"], "11-5 11-5 11-5")])
    assert meet.state().event("ms").result(meet.state().event("ms").match("1")).text == "11-5 11-5 11-5"
    with pytest.raises(StateError, match="already has a result"):
        record(meet, "ms", ["1"], "11-6 11-6 11-6")


def test_events_and_standings_are_folded_once_per_state(make_meet, podium):
    folder = make_meet(TWO_EVENTS, PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    state = Meet(folder).state()
    event = state.event("ms")
    assert state.event("ms") is event
    assert event.standings(event.stages[0]) is event.standings(event.stages[0])
    assert event.match("1") is event.match("#1") is event.match(event.matches()[0].key)


def test_a_remembered_result_is_parsed_again_when_the_rules_change(make_meet, podium):
    """11-5 11-5 11-5 is a finished best of 5; under best of 3 the third game comes after the match was decided."""
    folder = make_meet(TWO_EVENTS, PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    meet = Meet(folder)
    record(meet, "ms", ["1"], "11-5 11-5 11-5")
    assert meet.state().event("ms").result(meet.state().event("ms").match("1")).outcome.winner == 0
    (folder / "meet.toml").write_text(TWO_EVENTS.replace("best_of = 5", "best_of = 3"), encoding="utf-8")
    changed = Meet(folder)
    with pytest.raises(ConfigError, match="meet.toml no longer fits the result .11-5 11-5 11-5."):  # parsed again, and refused
        fold(changed.config, changed.registry, changed.store.read()).event("ms")


def test_an_event_is_folded_again_only_when_its_entries_or_the_language_change(make_meet, podium):
    """An event's state is a pure function of its configuration and its entries: asked for again with the same
    entries (by a new meet state) it is the state already folded; a new entry folds it again, and so does
    another language, as a mark's note is worded when the state is folded. Here two false starts disqualify
    (false_start_dq = 2, fire-safety sports meet rules 2018, (1)): the note says "2 false starts", in Chinese "抢跑 2 次"."""
    from podium.i18n import use_language
    from tests.sportsday.test_schedule_heats import drawn

    folder = drawn(make_meet, podium)
    meet = Meet(folder)
    first = meet.state().event("sack")
    assert meet.state().event("sack") is first
    podium(folder, "perf", "sack", "A", "12.0", "--false-starts", "2")
    again = meet.state().event("sack")
    assert again is not first
    heat = again.stages[0].heats[0]
    mark = again.stages[0].marks[heat.key][again.entrant("A").key]
    assert (mark.status.value, mark.note) == ("DQ", "2 false starts")
    with use_language("zh"):
        chinese = meet.state().event("sack")
        assert chinese.stages[0].marks[heat.key][again.entrant("A").key].note == "抢跑 2 次"
    assert meet.state().event("sack") is again
