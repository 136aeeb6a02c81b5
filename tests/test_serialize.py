"""The journal's common payloads are read by hand (podium.journal.serialize, podium.journal.kinds), not with cattrs,
whose import and generated structuring cost a tenth of a quick command: they must read exactly what cattrs would —
the same values of the same types, and an error where cattrs gives one (``podium import`` refuses a malformed
entrant by that error)."""

from __future__ import annotations

import pytest

from podium.formats.base import StageEntrant
from podium.journal import serialize
from podium.journal.entries import Kind
from podium.journal.kinds import SPECS, AdvanceFacts, DrawFacts, EntrantsFacts, ResultFacts, outcome_from_json
from podium.model.entrants import Entrant
from podium.model.outcomes import Outcome
from podium.services.meet import Meet

FULL = {
    "key": "101", "event": "ms", "kind": "individual", "name": "张伟", "unit": "c1", "bib": "101", "seed": 1, "rating": 1800,
    "mark": "12.5", "members": [{
        "name": "张伟", "gender": "M", "birth_date": "2012-03-04", "grade": 5, "category": "U12", "rating": 1800,
        "student_id": "20230101", "bib": "101",
    }],
}
"""An entrant with every field, its ratings stored as whole numbers (cattrs makes them 1800.0)."""

TEAM = {"key": "T", "event": "tt", "kind": "team", "name": "Tigers", "members": [{"name": "A", "gender": "F"}, {"name": "B", "reserve": True}]}

ODD = [
    {}, {"key": 5}, {"name": {"a": 1}}, {"seed": "3"}, {"seed": "x"}, {"seed": True}, {"rating": "1800"}, {"unit": 3},
    {"extra": 1}, {"kind": "crowd"}, {"members": "abc"}, {"members": [{"name": "A", "reserve": "yes"}]},
    {"members": [{"name": "A", "grade": 2.7}]}, {"members": [{"name": "A", "bogus": 1}]}, {"members": [{"name": "A", "gender": "X"}]},
    {"members": [{"name": "A", "birth_date": "2001-13-01"}]}, {"members": [{"gender": "M"}]}, {"members": [None]},
]
"""Changes to :data:`TEAM` that convert (a number as text, text as a number…) and that do not (a seed ``x``, a kind
``crowd``, a member that is no mapping, a 13th month, a member without a name)."""


def by_cattrs():
    """The converter Podium read payloads with before: cattrs' generated structuring for every payload class."""
    import cattrs

    made = cattrs.Converter()
    made.register_structure_hook(Entrant, lambda raw, _type: serialize.converter().structure(raw, Entrant))
    made.register_structure_hook(StageEntrant, lambda raw, _type: StageEntrant(**raw))
    made.register_structure_hook(Outcome, lambda raw, _type: outcome_from_json(raw))
    return made


def read_both(read, raw, cls):
    """What ``read`` and cattrs make of ``raw``: their reprs (which show the types: 1800 is not 1800.0), or the error."""
    found = []
    for reader in (read, lambda raw: by_cattrs().structure(raw, cls)):
        try:
            found.append(repr(reader(raw)))
        except Exception:  # noqa: BLE001 - cattrs raises its own errors, the hand reader Python's
            found.append("error")
    return found


@pytest.mark.parametrize("change", ODD, ids=repr)
def test_an_entrant_reads_as_cattrs_reads_it(change):
    hand, generated = read_both(serialize.entrant_from_json, {**TEAM, **change}, Entrant)
    assert hand == generated


def test_every_field_of_an_entrant_reads_as_cattrs_reads_it():
    hand, generated = read_both(serialize.entrant_from_json, FULL, Entrant)
    assert hand == generated and "rating=1800.0" in hand and "datetime.date(2012, 3, 4)" in hand


def test_the_payloads_of_a_played_meet_read_as_cattrs_reads_them(make_meet, podium):
    """Entrants, draws, an advance and results of a groups-then-knockout meet (tests/formats): every entry of those
    kinds reads the same by hand as with cattrs."""
    from tests.formats.test_formats_cli import GROUPS_KNOCKOUT, meet, play_all

    folder = meet(make_meet, podium, GROUPS_KNOCKOUT, 16, seeds=4)
    podium(folder, "draw", "ms", "--seed", "1")
    play_all(podium, folder)
    podium(folder, "advance", "ms", "--seed", "1")
    play_all(podium, folder, only={"quarter", "semi"})
    entries = Meet(folder).store.read()
    facts = {Kind.ENTRANTS: EntrantsFacts, Kind.DRAW: DrawFacts, Kind.ADVANCE: AdvanceFacts, Kind.RESULT: ResultFacts}
    read = [entry for entry in entries if entry.kind in facts]
    assert {entry.kind for entry in read} == set(facts)
    for entry in read:
        hand, generated = read_both(SPECS[entry.kind].decode, entry.payload, facts[entry.kind])
        assert hand == generated != "error"
