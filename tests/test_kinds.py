"""Journal kinds are declared once (podium.journal.kinds): payload, title, fold step, log sentence.

The stored form is the JSON Podium has always written, so the payloads below are written by hand as
earlier versions stored them; a result keeps its outcome beside its text, so a later change of a
sport's grammar cannot make the history unreadable, while an entry written before that still parses.
"""

from __future__ import annotations

import textwrap

import attrs
import pytest

from podium.errors import ConfigError, ResultError
from podium.journal import kinds
from podium.journal.entries import REQUIRED, Kind
from podium.journal.kinds import SPECS, stored
from podium.journal.state import fold
from podium.measure.performance import Status
from podium.model.outcomes import Outcome, OutcomeKind
from podium.services.meet import Meet
from podium.services.replay import CHECKS
from podium.services.results import record
from tests.sportsday.test_folding import TWO_EVENTS
from tests.test_vertical_slice import PLAYERS


def test_every_kind_is_declared_once_and_replayed():
    """Each kind has its declaration; each has an import check (results and entrants are checked by the replay itself)."""
    assert set(SPECS) == set(Kind)
    assert all(spec.kind is kind for kind, spec in SPECS.items())
    assert set(CHECKS) | {Kind.RESULT, Kind.ENTRANTS} == set(Kind)


def test_the_facts_each_kind_must_carry_are_its_payload_fields_without_a_default():
    """The facts a damaged journal is checked for (the list Podium has always refused entries without)."""
    assert REQUIRED == {
        Kind.ENTRANTS: ("entrants",),
        Kind.DRAW: ("stage", "seed", "entrants", "draw"),
        Kind.ROUND: ("stage", "round", "pairs"),
        Kind.RESULT: ("stage", "match", "sides", "result"),
        Kind.CORRECTION: ("stage", "match", "sides", "result"),
        Kind.WITHDRAWAL: ("entrant",),
        Kind.ADVANCE: ("stage", "to", "entrants"),
        Kind.LOTS: ("stage", "place", "group", "order", "method"),
        Kind.PENALTY: ("entrant", "penalty"),
        Kind.PERFORMANCE: ("stage", "entrant", "heat"),
        Kind.SCHEDULE: ("stage", "match"),
        Kind.DISQUALIFICATION: ("entrant",),
    }


OLD_PAYLOADS = [
    (Kind.ENTRANTS, {"file": "entrants.csv", "entrants": [
        {"key": "alan", "event": "ms", "kind": "individual", "name": "Alan", "members": [{"name": "Alan", "gender": "M"}], "unit": "c1", "bib": "1"},
    ]}),
    (Kind.ENTRANTS, {"file": "late.csv", "entrants": [], "late": [{"stage": "heats", "entrant": "gu", "heat": "H2"}]}),
    (Kind.DRAW, {"stage": "rr", "seed": 7, "entrants": [{"key": "alan", "seed": None, "unit": "c1", "rating": None, "group": None, "place": None}], "draw": {"order": ["alan"]}}),
    (Kind.DRAW, {"stage": "rr", "seed": None, "entrants": [], "draw": {"order": []}, "file": "positions.csv"}),
    (Kind.ROUND, {"stage": "swiss", "round": 2, "pairs": [["a", "b"]], "bye": None}),
    (Kind.ROUND, {"stage": "swiss", "round": 3, "pairs": [["a", "b"]], "bye": "c", "leaving": {"d": "eliminated"},
                  "decided": [{"order": ["d", "e"], "by": "order"}]}),
    (Kind.RESULT, {"stage": "rr", "match": "R1.1", "sides": ["alan", "bo"], "round_name": None, "decisive": False,
                   "colours": "listed", "result": "11-5 11-5 11-5", "input": "11-5 11-5 11-5"}),
    (Kind.WITHDRAWAL, {"entrant": "alan"}),
    (Kind.ADVANCE, {"stage": "groups", "to": "final", "entrants": ["a", "b"], "decided": []}),
    (Kind.LOTS, {"stage": "rr", "table": None, "place": 2, "group": ["a", "b"], "order": ["b", "a"], "method": "lots", "seed": 4}),
    (Kind.LOTS, {"teams": True, "stage": "", "table": None, "place": 1, "group": ["c1", "c2"], "order": ["c2", "c1"], "method": "playoff"}),
    (Kind.PENALTY, {"entrant": "alan", "penalty": "warning"}),
    (Kind.PENALTY, {"entrant": "alan", "penalty": "removal", "stage": "rr", "match": "R1.1", "cancel": True}),
    (Kind.PERFORMANCE, {"stage": "heats", "entrant": "gu", "heat": "H1", "attempt": 1, "value": "12.3", "input": "12.3"}),
    (Kind.PERFORMANCE, {"stage": "heats", "entrant": "gu", "heat": "H1", "attempt": 1, "value": "12.3", "void": True}),
    (Kind.SCHEDULE, {"stage": "rr", "match": "R1.1", "at": "2026-05-12T09:00:00", "resources": ["hall/t1"]}),
    (Kind.SCHEDULE, {"stage": "rr", "match": "R1.1", "at": "2026-05-12T09:00:00", "resources": []}),
    (Kind.SCHEDULE, {"stage": "rr", "match": "R1.1", "unpin": True}),
    (Kind.DISQUALIFICATION, {"entrant": "alan"}),
    (Kind.DISQUALIFICATION, {"entrant": "alan", "cancel": True}),
]


@pytest.mark.parametrize(("kind", "payload"), OLD_PAYLOADS, ids=[f"{k.value}-{i}" for i, (k, _p) in enumerate(OLD_PAYLOADS)])
def test_a_payload_as_stored_reads_typed_and_is_stored_again_unchanged(kind, payload):
    facts = SPECS[kind].decode(payload)
    assert isinstance(facts, SPECS[kind].facts)
    assert stored(facts) == payload


def test_an_entry_older_than_a_fact_reads_with_its_default():
    """A correction written before results kept the round, the colours and the text as typed."""
    old = SPECS[Kind.CORRECTION].decode({"stage": "ko", "match": "F", "sides": ["alan", "bo"], "result": "3:1"})
    assert (old.sides, old.round_name, old.decisive, old.colours, old.input, old.outcome) == (("alan", "bo"), None, False, "listed", None, None)


def test_typed_facts_name_the_stored_facts():
    penalty = SPECS[Kind.PENALTY].decode({"entrant": "alan", "penalty": "removal", "stage": "rr", "match": "R1.1", "cancel": True})
    assert (penalty.entrant, penalty.penalty, penalty.match, penalty.cancel) == ("alan", "removal", "R1.1", True)
    performance = SPECS[Kind.PERFORMANCE].decode({"stage": "heats", "entrant": "gu", "heat": "H1", "value": "12.3"})
    assert (performance.stage, performance.performance.entrant, performance.performance.attempt) == ("heats", "gu", 1)


def test_an_entry_records_the_facts_of_its_own_kind_only():
    with pytest.raises(TypeError):
        SPECS[Kind.WITHDRAWAL].entry("ms", kinds.DisqualificationFacts("alan"), "ill")
    assert SPECS[Kind.WITHDRAWAL].entry("ms", kinds.WithdrawalFacts("alan"), "ill") == (Kind.WITHDRAWAL, "ms", {"entrant": "alan"}, "ill")


def test_an_outcome_is_stored_as_plain_json_and_read_back_whole():
    """A team match 3:1 in boards with game counters: every part of the outcome survives the stored form."""
    outcome = Outcome(OutcomeKind.PLAYED, 0, (1.0, 0.0), {"games": (3, 1)}, first_mover=1, boards=((1.0, 0.0), (0.0, 1.0)))
    assert kinds.outcome_to_json(outcome) == {
        "kind": "played", "winner": 0, "shares": [1.0, 0.0], "stats": {"games": [3, 1]}, "first_mover": 1,
        "boards": [[1.0, 0.0], [0.0, 1.0]],
    }
    assert kinds.outcome_from_json(kinds.outcome_to_json(outcome)) == outcome
    assert kinds.outcome_from_json({"kind": "double_forfeit", "winner": None, "shares": [0, 0]}) == Outcome(OutcomeKind.DOUBLE_FORFEIT, None, (0, 0))


def _drawn(make_meet, podium):
    folder = make_meet(TWO_EVENTS, PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    return folder


def _refuse_every_text(*_args, **_kwargs):
    raise ResultError("the grammar changed", code="result.unreadable")


def test_a_result_keeps_its_outcome_beside_the_text(make_meet, podium):
    """Match 1 entered as 11-5 11-5 11-5 (best of 5): the first side wins 3 games to 0, 33 points to 15."""
    folder = _drawn(make_meet, podium)
    meet = Meet(folder)
    record(meet, "ms", ["1"], "11-5 11-5 11-5")
    entry = meet.store.read()[-1]
    assert entry.payload["result"] == "11-5 11-5 11-5"
    kept = entry.facts.outcome
    assert (kept.kind, kept.winner, kept.shares) == (OutcomeKind.PLAYED, 0, (1.0, 0.0))
    assert kept.stat("games", 0) == 3 and kept.stat("games", 1) == 0
    assert kept.stat("points", 0) == 33 and kept.stat("points", 1) == 15


def test_a_result_the_grammar_no_longer_reads_folds_from_its_outcome(make_meet, podium, monkeypatch):
    """The sport is changed so that it refuses every text: a result entered with its outcome still counts as
    entered, while one written before Podium kept outcomes (the same entry without it) can only be parsed —
    and is refused, which shows the stub does refuse it."""
    folder = _drawn(make_meet, podium)
    record(Meet(folder), "ms", ["1"], "11-5 11-5 11-5")
    changed = Meet(folder)
    journal = changed.store.read()
    sport = changed.registry.sport("table_tennis")
    monkeypatch.setattr(type(sport), "parse_result", _refuse_every_text)
    monkeypatch.setattr("podium.journal.state._OUTCOMES", {})
    event = fold(changed.config, changed.registry, journal).event("ms")
    kept = event.result(event.match("1"))
    assert (kept.text, kept.outcome.winner, kept.outcome.stat("games", 0)) == ("11-5 11-5 11-5", 0, 3)
    old = [attrs.evolve(e, payload={k: v for k, v in e.payload.items() if k not in ("outcome", "rules")}) for e in journal]
    with pytest.raises(ConfigError, match="meet.toml no longer fits the result .11-5 11-5 11-5."):
        fold(Meet(folder).config, changed.registry, old).event("ms")


def test_a_result_written_before_outcomes_were_kept_is_parsed(make_meet, podium):
    folder = _drawn(make_meet, podium)
    record(Meet(folder), "ms", ["1"], "5-11 11-5 5-11 5-11")
    meet = Meet(folder)
    old = [attrs.evolve(e, payload={k: v for k, v in e.payload.items() if k not in ("outcome", "rules")}) for e in meet.store.read()]
    assert "outcome" not in old[-1].payload
    event = fold(meet.config, meet.registry, old).event("ms")
    parsed = event.result(event.match("1")).outcome
    assert (parsed.winner, parsed.stat("games", 0), parsed.stat("games", 1)) == (1, 1, 3)


def test_an_edited_outcome_is_refused_on_import(make_meet, podium):
    """An export whose result says 11-5 11-5 11-5 but whose kept outcome gives the match to the other side."""
    from podium.services.replay import check_journal

    folder = _drawn(make_meet, podium)
    record(Meet(folder), "ms", ["1"], "11-5 11-5 11-5")
    meet = Meet(folder)
    journal = meet.store.read()
    entry = journal[-1]
    swapped = {**entry.payload, "outcome": {**entry.payload["outcome"], "winner": 1, "shares": [0.0, 1.0]}}
    check_journal(meet.config, meet.registry, journal, "export.json")
    with pytest.raises(Exception, match="outcome"):
        check_journal(meet.config, meet.registry, [*journal[:-1], attrs.evolve(entry, payload=swapped)], "export.json")


GROUP_THEN_FINAL = """
[meet]
name = "Advance"
language = "en"

[units]
c1 = "Class 1"
c2 = "Class 2"
c3 = "Class 3"

[events.ms]
sport = "table_tennis"
rules = { best_of = 5 }

[[events.ms.stages]]
name = "groups"
format = "groups"
groups = 1
advance = 2

[[events.ms.stages]]
name = "final"
format = "knockout"
"""


def test_an_advance_folds_into_who_went_on(make_meet, podium):
    """A group of 3 where the lower bib always wins: Alan (3 wins… 2), Bo (1), Chen (0); the top 2 go on to the final."""
    entrants = textwrap.dedent(PLAYERS).splitlines()[:4]
    folder = make_meet(GROUP_THEN_FINAL, "\n".join(entrants) + "\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    event = Meet(folder).state().event("ms")
    bibs = {e.key: int(e.bib) for e in event.entrants.values()}
    for match in event.matches():
        first, second = match.entrants
        podium(folder, "result", "ms", str(match.number), "11-5 11-5 11-5" if bibs[first] < bibs[second] else "5-11 5-11 5-11")
    assert Meet(folder).state().event("ms").advanced == {}
    podium(folder, "advance", "ms", "--seed", "2")
    event = Meet(folder).state().event("ms")
    assert [event.entrants[key].name for key in event.advanced["groups"]] == ["Alan", "Bo"]
    podium(folder, "draw", "ms", "--redraw", "--seed", "3")  # the final drawn again: the group stays closed
    event = Meet(folder).state().event("ms")
    assert [event.entrants[key].name for key in event.advanced["groups"]] == ["Alan", "Bo"]


@attrs.frozen
class _Names:
    """Names as a reader knows them: entrants and units by name, stages by title, matches by number."""

    def stage(self, name: str) -> str:
        return {"groups": "Groups", "final": "Final"}.get(name, name)

    def match(self, stage: str, key: str) -> str:
        return {"R1.1": "match 1", "H1": "heat 1"}[key]

    def entrant(self, key: str | None) -> str:
        return {"alan": "Alan", "bo": "Bo", "gu": "Gu"}.get(key or "", "?")

    def unit(self, key: str) -> str:
        return {"c1": "Class 1", "c2": "Class 2"}[key]

    def place(self, key: str) -> str:
        return {"hall/t1": "Table 1", "hall/t2": "Table 2"}[key]

    def status(self, stage: str, heat: str, status: Status) -> str:
        return status.value


SENTENCES = [
    (Kind.ENTRANTS, {"file": "entrants.csv", "entrants": OLD_PAYLOADS[0][1]["entrants"]}, "1 entrant imported from entrants.csv"),
    (Kind.DRAW, {"stage": "groups", "seed": 7, "entrants": [], "draw": {}}, "stage 'Groups' drawn with seed 7"),
    (Kind.DRAW, {"stage": "groups", "seed": None, "entrants": [], "draw": {}, "file": "paper.csv"}, "stage 'Groups' drawn on paper (paper.csv)"),
    (Kind.ROUND, {"stage": "groups", "round": 2, "pairs": [["alan", "bo"]], "bye": "gu"}, "round 2 of 'Groups' paired: 1 match, bye: Gu"),
    (Kind.RESULT, {"stage": "groups", "match": "R1.1", "sides": ["alan", "bo"], "result": "3:1"}, "match 1  Alan – Bo  3:1"),
    (Kind.ADVANCE, {"stage": "groups", "to": "final", "entrants": ["alan", "bo"], "decided": []}, "stage 'Groups' closed: 2 go through to 'Final'"),
    (Kind.LOTS, {"teams": True, "stage": "", "table": None, "place": 1, "group": ["c1", "c2"], "order": ["c2", "c1"], "method": "lots", "seed": 4},
     "lots for place 1 drawn with seed 4: team ranking Class 2, Class 1"),
    (Kind.LOTS, {"stage": "groups", "table": "A", "place": 2, "group": ["alan", "bo"], "order": ["bo", "alan"], "method": "playoff"},
     "play-off for place 2: Bo, Alan"),
    (Kind.PENALTY, {"entrant": "alan", "penalty": "warning", "cancel": True}, "warning of Alan cancelled"),
    (Kind.PERFORMANCE, {"stage": "heats", "entrant": "gu", "heat": "H1", "attempt": 2, "value": "12.3", "false_starts": 1, "penalties": {"knock": 2}},
     "heat 1  Gu attempt 2  12.3 (knock×2, 1 false start)"),
    (Kind.PERFORMANCE, {"stage": "heats", "entrant": "gu", "heat": "H1", "attempt": 1, "status": "DNS"}, "heat 1  Gu  DNS"),
    (Kind.SCHEDULE, {"stage": "groups", "match": "R1.1", "at": "2026-05-12T09:30:00", "resources": ["hall/t1", "hall/t2"]},
     "match 1 pinned at 2026-05-12 09:30 Table 1, Table 2"),
    (Kind.SCHEDULE, {"stage": "groups", "match": "R1.1", "unpin": True}, "match 1 unpinned"),
    (Kind.WITHDRAWAL, {"entrant": "bo"}, "Bo withdrawn"),
    (Kind.DISQUALIFICATION, {"entrant": "bo"}, "Bo disqualified"),
]


@pytest.mark.parametrize(("kind", "payload", "sentence"), SENTENCES, ids=[f"{k.value}-{i}" for i, (k, _p, _s) in enumerate(SENTENCES)])
def test_each_kind_says_what_it_recorded(kind, payload, sentence):
    from podium.i18n import use_language
    from podium.journal.entries import Entry, now

    with use_language("en"):
        assert kinds.describe(_Names(), Entry(1, now(), kind, "ms", payload)) == sentence


@attrs.frozen
class _ChineseNames(_Names):
    """Names as a Chinese reader knows them: a heat by its number in Chinese, athletes by Chinese or Latin names."""

    def match(self, stage: str, key: str) -> str:
        return {"H1": "第 1 组"}[key]

    def entrant(self, key: str | None) -> str:
        return {"lx": "梁雪", "ann": "Ann"}.get(key or "", "?")


@pytest.mark.parametrize(("entrant", "sentence"), [("lx", "第 1 组  梁雪第 2 次  6.12"), ("ann", "第 1 组  Ann 第 2 次  6.12")])
def test_a_later_attempt_is_written_as_chinese_is_typeset(entrant, sentence):
    """A Chinese name runs on into 第 2 次 with no space; a Latin name keeps the space beside the Han characters."""
    from podium.i18n import use_language
    from podium.journal.entries import Entry, now

    payload = {"stage": "heats", "entrant": entrant, "heat": "H1", "attempt": 2, "value": "6.12"}
    with use_language("zh"):
        assert kinds.describe(_ChineseNames(), Entry(1, now(), Kind.PERFORMANCE, "ms", payload)) == sentence
