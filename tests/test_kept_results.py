"""Results kept between commands (podium.services.kept_results): a command that folds an event reads its outline
and the entries since the position the last one kept its records at, not every result again; when anything but a
result or a correction came since, or the kept records no longer hold, it folds the whole stream.

A table-tennis round robin of three players, best of 3, match points (a win 2, a loss 1: the default table-tennis
scoring, ITTF match points): Alan, Bo and Cui, entered by the players' names (the meet of tests/test_kept_views.py).
"""

from __future__ import annotations

import json
import os
import pickle
import random

import pytest

from podium.journal.entries import Kind
from podium.services import kept_results
from podium.services.kept_results import SUFFIX, event_state
from podium.services.meet import Meet
from podium.services.results import record
from podium.services.standings import current_standings, standings
from podium.store.sqlite import Store
from tests.hostile import RunsCommand
from tests.test_cost import XIANGQI as ROUND_ROBIN
from tests.test_kept_views import MEET as TWO_EVENTS

PLAYERS = """\
event,name,gender,unit,bib
ms,Alan,M,Class 1,1
ms,Bo,M,Class 2,2
ms,Cui,M,Class 1,3
"""

MEET = TWO_EVENTS.format(ms_name="Men's singles")
"""Men's and women's singles, round robins, best of 3 (only the men's is entered and drawn here)."""

FIRST_WINS, SECOND_WINS = "11-5 11-5", "5-11 5-11"  # read from the first-named player


class Spy(Store):
    """The SQLite store, noting what each read returned: ``whole`` for the whole stream, else the kinds read."""

    def __init__(self, folder, reads):
        super().__init__(folder)
        self.reads = reads

    def read(self, event=None):
        self.reads.append("whole")
        return super().read(event)

    def read_from(self, event, start, up_to):
        entries = super().read_from(event, start, up_to)
        self.reads.extend(e.kind for e in entries)
        return entries


def drawn(make_meet, podium):
    folder = make_meet(MEET, PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    return folder


def points(folder, reads):
    """Each player's points in the order of the table, as ``podium standings`` makes them (with a spying store)."""
    view = current_standings(Meet(folder, store=Spy(folder, reads), short_lived=True), "ms")
    return [(row.name, row.points) for row in view.stages[0].tables[0].rows]


def test_a_result_since_the_kept_records_is_folded_over_them(make_meet, podium):
    """Alan beats Bo (Alan 2, Bo 1, Cui nothing yet): the first look reads the whole stream and keeps the records.
    Then Bo beats Cui: the next look reads the entries from the kept position on (the last one kept, then the new
    result) and not the whole stream. Bo 1 + 2 = 3, Alan 2, Cui 1."""
    folder = drawn(make_meet, podium)
    podium(folder, "result", "ms", "Alan", "Bo", FIRST_WINS)
    reads: list[object] = []
    assert points(folder, reads) == [("Alan", 2), ("Bo", 1), ("Cui", 0)]
    assert reads == ["whole"]
    podium(folder, "result", "ms", "Bo", "Cui", FIRST_WINS)
    reads.clear()
    assert points(folder, reads) == [("Bo", 3), ("Alan", 2), ("Cui", 1)]
    assert reads == [Kind.RESULT, Kind.RESULT]


def test_on_either_store_the_results_are_kept_and_folded_over(make_meet, podium, stores):
    """The same on the meet folder's SQLite file and on PostgreSQL: Alan beats Bo, the look keeps the results; Bo
    then beats Cui, and the next look (folding that result over the kept ones) has Bo 3, Alan 2, Cui 1."""
    folder = make_meet(MEET, PLAYERS)
    store = ("--store", stores.address) if stores.address else ()
    podium(folder, *store, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, *store, "draw", "ms", "--seed", "1")
    podium(folder, *store, "result", "ms", "Alan", "Bo", FIRST_WINS)
    podium(folder, *store, "standings", "ms")
    assert [name for name in os.listdir(os.environ["PODIUM_VIEWS"]) if name.endswith(SUFFIX)]
    podium(folder, *store, "result", "ms", "Bo", "Cui", FIRST_WINS)
    table = json.loads(podium(folder, *store, "standings", "ms", "--json").output)["stages"][0]["tables"][0]
    assert [(row["name"], row["points"]) for row in table["rows"]] == [("Bo", 3), ("Alan", 2), ("Cui", 1)]


def test_a_correction_since_replaces_the_kept_record_and_marks_it_corrected(make_meet, podium):
    """Alan's win over Bo is kept, then corrected to Bo's win: Bo 2, Alan 1, and the match shows as corrected,
    first recorded when the result was."""
    folder = drawn(make_meet, podium)
    podium(folder, "result", "ms", "Alan", "Bo", FIRST_WINS)
    reads: list[object] = []
    points(folder, reads)
    before = Meet(folder).state("ms").event("ms").stages[0].results
    podium(folder, "correct", "ms", "Alan", "Bo", SECOND_WINS, "--reason", "sides swapped")
    reads.clear()
    assert points(folder, reads) == [("Bo", 2), ("Alan", 1), ("Cui", 0)]
    assert reads == [Kind.RESULT, Kind.CORRECTION]
    event = event_state(Meet(folder), "ms").event("ms")
    [(key, kept)] = event.stages[0].results.items()
    assert event.entrants[kept.sides[kept.outcome.winner]].name == "Bo"
    assert (kept.corrected, kept.first_at) == (True, before[key].first_at)
    assert "corrected" in podium(folder, "matches", "ms").output


def test_a_withdrawal_since_folds_the_whole_stream(make_meet, podium):
    """After the records are kept, Cui withdraws (an entry that may change what every result means): the next look
    reads the whole stream again. Table tennis keeps the results and loses the unplayed matches (ITTF 3.7.5.1): Alan
    2 (beat Bo) + 2 (walkover over Cui) = 4, Bo 1 (a played loss) + 2 (walkover) = 3."""
    folder = drawn(make_meet, podium)
    podium(folder, "result", "ms", "Alan", "Bo", FIRST_WINS)
    reads: list[object] = []
    points(folder, reads)
    podium(folder, "withdraw", "ms", "Cui", "--reason", "ill")
    reads.clear()
    assert points(folder, reads)[:2] == [("Alan", 4), ("Bo", 3)]
    assert "whole" in reads


def test_a_new_database_with_as_many_entries_is_folded_whole(make_meet, podium):
    """The folder gets a new journal of the same length whose result is Bo's win: the entry at the kept position is
    another, so the kept records (Alan's win) are not used: Bo 2, Alan 1."""
    folder = drawn(make_meet, podium)
    podium(folder, "result", "ms", "Alan", "Bo", FIRST_WINS)
    points(folder, [])
    (folder / "meet.sqlite").unlink()
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    podium(folder, "result", "ms", "Alan", "Bo", SECOND_WINS)
    reads: list[object] = []
    assert points(folder, reads) == [("Bo", 2), ("Alan", 1), ("Cui", 0)]
    assert "whole" in reads


def test_a_kept_file_that_holds_code_runs_nothing_and_is_folded_whole(make_meet, podium, tmp_path):
    folder = drawn(make_meet, podium)
    podium(folder, "result", "ms", "Alan", "Bo", FIRST_WINS)
    points(folder, [])
    [kept] = [name for name in os.listdir(os.environ["PODIUM_VIEWS"]) if name.endswith(SUFFIX)]
    marker = tmp_path / "ran"
    with open(os.path.join(os.environ["PODIUM_VIEWS"], kept), "wb") as file:
        file.write(pickle.dumps(RunsCommand(f"touch {marker}")))
    podium(folder, "result", "ms", "Bo", "Cui", FIRST_WINS)
    reads: list[object] = []
    assert points(folder, reads) == [("Bo", 3), ("Alan", 2), ("Cui", 1)]
    assert "whole" in reads
    assert not marker.exists()


def test_a_kept_file_under_the_right_key_that_holds_something_else_is_folded_whole(make_meet, podium):
    """A file written by hand under the key of the event's kept results, holding a position and a mark but rows of
    the wrong shape: after Bo beats Cui, a miss, and the standings are made from the whole stream (Bo 3, Alan 2,
    Cui 1)."""
    folder = drawn(make_meet, podium)
    podium(folder, "result", "ms", "Alan", "Bo", FIRST_WINS)
    points(folder, [])
    [kept] = [name for name in os.listdir(os.environ["PODIUM_VIEWS"]) if name.endswith(SUFFIX)]
    place = os.path.join(os.environ["PODIUM_VIEWS"], kept)
    with open(place, "rb") as file:
        head = pickle.load(file)
        key, (position, mark, _forms, _rows) = pickle.load(file)
    with open(place, "wb") as file:
        file.write(pickle.dumps(head) + pickle.dumps((key, (position, mark, [("played",)], [("main", "R1.1")]))))
    podium(folder, "result", "ms", "Bo", "Cui", FIRST_WINS)
    reads: list[object] = []
    assert points(folder, reads) == [("Bo", 3), ("Alan", 2), ("Cui", 1)]
    assert "whole" in reads


XIANGQI = ROUND_ROBIN + 'tiebreaks = "cxa-14.1"\n'
"""A xiangqi round robin ranked by the whole CXA 2011 §14.1 chain."""


@pytest.mark.parametrize("again_after", [0, 100])
def test_folded_over_kept_records_or_whole_the_state_is_the_same(make_meet, podium, monkeypatch, again_after):
    """A six-player xiangqi round robin (15 games) entered in a random order, with corrections among them; after
    each entry the results and the standings made over the kept records are those made from the whole stream,
    whether the records are kept again after each entry or folded over those kept after the first."""
    monkeypatch.setattr(kept_results, "KEEP_AGAIN_AFTER", again_after)
    names = [f"P{number}" for number in range(1, 7)]
    folder = make_meet(XIANGQI, "event,name\n" + "".join(f"xq,{name}\n" for name in names))
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "xq", "--seed", "3")
    rng = random.Random(7)
    games = list(range(1, 16))
    rng.shuffle(games)
    entered: dict[int, str] = {}
    for step in range(24):
        if entered and (step % 4 == 3 or not games):
            game = rng.choice(sorted(entered))
            entered[game] = rng.choice([text for text in ("1-0", "0-1", "=") if text != entered[game]])
            record(Meet(folder), "xq", [str(game)], entered[game], reason="misread")
        else:
            game = games.pop()
            entered[game] = rng.choice(["1-0", "0-1", "="])
            record(Meet(folder), "xq", [str(game)], entered[game])
        kept = event_state(Meet(folder), "xq")
        whole = Meet(folder).state("xq")
        assert kept.event("xq").stages[0].results == whole.event("xq").stages[0].results
        assert standings(kept, "xq") == standings(whole, "xq")
    assert len(kept.event("xq").stages[0].results) == 15
