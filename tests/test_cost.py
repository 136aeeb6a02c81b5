"""What the work on cost (issue 16, item 9) must leave unchanged: the shortcuts give the answers of the long way.

The figures themselves are measured by ``benchmarks/bench_cost.py`` (docs/performance.md), not here.
"""

from __future__ import annotations

import itertools
import json

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from podium.errors import PodiumError
from podium.journal.entries import Kind
from podium.journal.stages import cell
from podium.model.matches import Match, Slot
from podium.model.outcomes import Outcome, OutcomeKind, forfeit
from podium.services.meet import Meet, check_texts
from podium.services.standings import standings

XIANGQI = """
[meet]
name = "Test meet"
language = "en"

[events.xq]
name = "Xiangqi"
sport = "xiangqi"

[[events.xq.stages]]
name = "main"
format = "round_robin"
"""


@pytest.mark.parametrize(
    ("outcome", "first", "second"),
    [
        (Outcome.win(0, stats={"games": (3.0, 1.0)}), "3:1", "1:3"),  # games counted: each side's games first
        (Outcome.win(1), "0", "1"),
        (Outcome.draw(), "½", "½"),
        (Outcome(OutcomeKind.PLAYED, 0, (0.75, 0.25)), "0.75", "0.25"),  # a checkers deadlock won
        (forfeit(0), "+", "−"),  # CXA 2011 §20.3
        (forfeit(None), "−", "−"),  # both absent, §20.2
    ],
)
def test_a_crosstable_cell_reads_either_side_without_turning_the_outcome(outcome, first, second):
    assert (cell(outcome), cell(outcome, 1)) == (first, second)
    assert cell(outcome, 1) == cell(outcome.mirrored())


def test_the_wall_chart_shows_each_game_from_both_sides(make_meet, podium):
    """Four players, Berger round 1 D–B and A–C, round 2 B–C and D–A. D–B: B had red (``red=2``) and D won;
    A–C: A, listed first, had red and C won; B–C: a walkover for B (no colours: the listed order shows); D–A not
    played (the listed order's colours). A win is 2 game points in xiangqi (CXA 2011 §14: 2-1-0)."""
    folder = make_meet(XIANGQI, "event,name\nxq,A\nxq,B\nxq,C\nxq,D\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "xq", "--seed", "1")
    for number, text in (("1", "red=2 1-0"), ("2", "0-1 fouls=1:0"), ("3", "+:-")):
        podium(folder, "result", "xq", number, text)
    table = json.loads(podium(folder, "standings", "xq", "--json").output)["stages"][0]["tables"][0]
    numbers = {row["name"]: row["number"] for row in table["rows"]}
    games = {row["name"]: [(g["opponent"], g["first"], g["result"]) for g in row["games"][:2]] for row in table["rows"]}
    assert games["D"] == [(numbers["B"], False, "2:0"), (numbers["A"], True, "")]
    assert games["B"] == [(numbers["D"], True, "0:2"), (numbers["C"], True, "+")]
    assert games["A"] == [(numbers["C"], True, "0:2"), (numbers["D"], False, "")]
    assert games["C"] == [(numbers["A"], False, "2:0"), (numbers["B"], False, "−")]


def test_a_swiss_bye_on_the_wall_chart_has_no_opponent_and_no_colour(make_meet, podium):
    """Three players in a Swiss: A has the bye in round 1 (scored as a win, CXA 2011 §14.4), B beats C."""
    swiss = XIANGQI.replace('format = "round_robin"', 'format = "swiss"\nrounds = 2')
    folder = make_meet(swiss, "event,name\nxq,A\nxq,B\nxq,C\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "xq", "--seed", "1")
    podium(folder, "result", "xq", "1", "1-0")
    table = json.loads(podium(folder, "standings", "xq", "--json").output)["stages"][0]["tables"][0]
    games = {row["name"]: row["games"] for row in table["rows"]}
    assert games["A"] == [{"opponent": None, "first": None, "result": "1", "bye": True}]
    assert [(g["first"], g["result"], g["bye"]) for g in games["B"] + games["C"]] == [(True, "2:0", False), (False, "0:2", False)]


def test_games_that_read_the_same_are_one_object_on_the_wall_chart(make_meet, podium):
    """A round robin of n has n·(n−1) cells but far fewer different ones; the view shares them (frozen), so a
    big crosstable does not make (and collect) tens of thousands of objects."""
    folder = make_meet(XIANGQI, "event,name\n" + "".join(f"xq,P{n}\n" for n in range(8)))
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "xq", "--seed", "1")
    for number in range(1, 29):
        podium(folder, "result", "xq", str(number), "=")
    rows = standings(Meet(folder).state(), "xq").stages[0].tables[0].rows
    games = [game for row in rows for game in row.games if game.opponent is not None]
    assert len(games) == 8 * 7
    assert len({id(game) for game in games}) == len(set(games))


def test_a_bad_text_is_refused_however_often_a_batch_repeats_it():
    """A batch checks each distinct text once; a text that failed is not taken as checked."""
    checked: set[str] = set()
    check_texts((Kind.RESULT, "ms", {"stage": "main", "result": "3:1"}, None), checked)
    assert {"stage", "main", "result", "3:1"} <= checked
    bad = (Kind.RESULT, "ms", {"stage": "main", "result": "3:1\x1b[31m"}, None)
    for _ in range(2):
        with pytest.raises(PodiumError) as refused:
            check_texts(bad, checked)
        assert refused.value.code == "cli.text_invalid"


def test_the_match_list_of_an_event_is_the_callers_own(make_meet, podium):
    folder = make_meet(entrants="event,name,unit\nms,A,Class 1\nms,B,Class 2\nms,C,Class 3\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    event = Meet(folder).state().event("ms")
    listed = event.matches()
    assert len(listed) == 3  # three players: three matches
    listed.clear()
    assert len(event.matches()) == 3


EXTENDED = XIANGQI + """
[events.tt]
name = "Table tennis"
sport = "table_tennis"

[[events.tt.stages]]
name = "groups"
format = "groups"
groups = 2

[[events.tt.stages]]
name = "final"
format = "knockout"
"""


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_process_that_extends_its_fold_by_new_results_has_the_state_of_a_fresh_fold(make_meet, monkeypatch, seed):
    """One long-running meet (a served meet) records every result of a round robin of six and of two groups of
    four, one at a time in a shuffled order, with a correction and a withdrawal among them. After each entry its
    state of both events equals the state a fresh process folds from the whole journal; and the served meet laid the
    round robin and the groups out far fewer times than it recorded results (a first result in a stage whose matches
    the draw alone decides extends the state folded before)."""
    import random

    from podium.journal import state as folding
    from podium.services.draws import make_draw
    from podium.services.registration import import_entrants
    from podium.services.results import record
    from podium.services.withdrawals import withdraw

    players = "".join(f"xq,X{i}\n" for i in range(6)) + "".join(f"tt,T{i}\n" for i in range(8))
    folder = make_meet(EXTENDED, "event,name\n" + players)
    served = Meet(folder)
    import_entrants(served, folder / "entrants.csv")
    make_draw(served, "xq", seed=seed)
    make_draw(served, "tt", seed=seed)
    laid_out: list[str] = []
    counting = [True]
    build = folding.build_stage

    def counted(event, config, *args, **kwargs):
        if counting[0]:
            laid_out.append(config.name)
        return build(event, config, *args, **kwargs)

    monkeypatch.setattr(folding, "build_stage", counted)
    rng = random.Random(seed)
    todo = [(key, m) for key in ("xq", "tt") for m in served.state().event(key).matches() if m.ready]
    rng.shuffle(todo)
    for step, (key, match) in enumerate(todo):
        event = served.state().event(key)
        if match.key in event.stage_of(match).rulings:  # settled by the withdrawal (CXA 2011 §19.2)
            continue
        record(served, key, [str(match.number)], event.sport.simulate(rng, event.context(match)))
        if step == 5:
            record(served, key, [str(match.number)], event.sport.simulate(rng, event.context(match)), reason="misread")
        if step == 9:
            withdraw(served, "xq", "X5", reason="ill")
        now = {name: served.state().event(name) for name in ("xq", "tt")}
        counting[0] = False
        fresh = Meet(folder).state()  # another meet.toml object: nothing folded before is reused
        assert now == {name: fresh.event(name) for name in ("xq", "tt")}, step
        counting[0] = True
    folds = laid_out.count("main") + laid_out.count("groups")
    assert folds < len(todo) // 2, laid_out  # folding again each time: more than one lay-out per result


def test_a_numbered_match_keeps_every_other_field():
    """The fold numbers matches with ``Match.numbered``, not ``attrs.evolve``: it must copy every field."""
    match = Match("QF1", "ko", 3, (Slot("a"), Slot(None, ("winner", "R1.2"))), "A", "quarter-final", True, 0, "lots")
    assert {f.name for f in attrs.fields(Match)} == {
        "key", "stage", "round", "sides", "group", "round_name", "decisive", "number", "colours",
    }, "a new field of Match must be copied by Match.numbered"
    assert match.numbered(7) == attrs.evolve(match, number=7)
    assert match.numbered(7).number == 7



NARROW = EXTENDED + """
[events.ko]
name = "Table tennis knockout"
sport = "table_tennis"

[[events.ko.stages]]
name = "main"
format = "knockout"
"""


def _recorded_meet(make_meet):
    """NARROW drawn (seed 1): xiangqi round robin of six with matches 1 and 2 entered (1-0, red=2 0-1); table tennis
    groups of four (the knockout after them not drawn yet), match 1 entered; a table-tennis knockout of four, match
    1 entered (both 11-9 11-7 11-5)."""
    from podium.services.draws import make_draw
    from podium.services.registration import import_entrants
    from podium.services.results import record

    players = "".join(f"{key},{key.upper()[0]}{i}\n" for key, count in (("xq", 6), ("tt", 8), ("ko", 4)) for i in range(count))
    folder = make_meet(NARROW, "event,name\n" + players)
    meet = Meet(folder)
    import_entrants(meet, folder / "entrants.csv")
    for key, texts in (("xq", ("1-0", "red=2 0-1")), ("tt", ("11-9 11-7 11-5",)), ("ko", ("11-9 11-7 11-5",))):
        make_draw(meet, key, seed=1)
        for number, text in enumerate(texts, start=1):
            record(meet, key, [str(number)], text)
    return folder


def _pair(number, reverse=False):
    """The two entrants of match ``number``, by key (in reverse order when asked)."""
    return lambda event: list(event.match(number).entrants)[:: -1 if reverse else 1]


@pytest.mark.parametrize(
    ("key", "reference", "text", "withdraw", "reason", "answer"),
    [
        ("xq", ["3"], "1-0", False, None, "entered"),  # a first result, by number
        ("xq", ["R1.3"], "red=2 0-1", False, None, "entered"),  # by key
        ("xq", ["1"], "0-1", False, None, "result.already_entered"),
        ("xq", _pair("4", reverse=True), "1-0", False, None, "entered"),  # by its entrants, in reverse order
        ("xq", _pair("1"), "1-0", False, None, "result.already_entered"),  # the entrants of a match entered already
        ("xq", ["99"], "1-0", False, None, "match.unknown"),
        ("xq", ["3"], "five to one", False, None, "xiangqi.word_invalid"),
        ("xq", ["3", "1-0"], "extra", False, None, "result.extra_argument"),
        ("xq", ["X1", "X1"], "1-0", False, None, "match.same_entrant_twice"),
        # X5 (in match 3) withdrew having played fewer than half of their five matches: annulled (CXA 2011 §19.2)
        ("xq", ["3"], "1-0", True, None, "match.annulled"),
        ("xq", ["1"], "0-1", False, "misread", "entered"),  # a correction
        ("xq", ["1"], "1-0", False, "misread", "result.unchanged"),
        ("xq", ["3"], "1-0", False, "misread", "result.nothing_to_correct"),
        ("tt", ["2"], "11-9 11-7 11-5", False, None, "entered"),  # groups, the knockout after them not drawn yet
        ("tt", ["2"], "3-1", False, None, "table_tennis.game_count_not_allowed"),
        ("tt", ["1"], "9-11 7-11 5-11", False, "misread", "entered"),
        ("ko", ["2"], "11-9 11-7 11-5", False, None, "entered"),  # a knockout: reads everything
        ("ko", ["1"], "9-11 7-11 5-11", False, "misread", "entered"),  # the other semi-final is not played yet
    ],
)
def test_a_command_reading_one_match_s_results_records_what_reading_them_all_records(make_meet, key, reference, text, withdraw, reason, answer):
    """The command line reads, to enter a result, the event without its results and then that match's results
    (``Meet.append_narrow``); a served meet reads the whole stream. On two copies of the same meet both enter the
    same result: they append the same entries, or refuse with the same error."""
    import shutil

    from podium.services.results import record
    from podium.services.withdrawals import withdraw as withdraw_entrant

    folder = _recorded_meet(make_meet)
    answers = []
    for short_lived in (True, False):
        copy = folder.with_name(f"{folder.name}-{short_lived}")
        shutil.copytree(folder, copy)
        meet = Meet(copy, short_lived=short_lived)
        if withdraw:
            withdraw_entrant(meet, key, "X5", reason="ill")
        before = len(meet.store.read())
        named = reference(meet.state().event(key)) if callable(reference) else reference
        try:
            done = record(meet, key, named, text, reason=reason)
        except PodiumError as error:
            answers.append((error.code, str(error)))
            continue
        written = meet.store.read()[before:]
        answers.append((done, [(e.kind, e.event, e.payload, e.reason, e.actor) for e in written]))
    assert answers[0] == answers[1]
    assert (answers[0][0] if isinstance(answers[0][0], str) else "entered") == answer


def test_the_command_line_enters_a_result_without_reading_other_matches_results(make_meet):
    """Entering match 3 of the round robin from the command line reads no result at all (matches 1 and 2 have
    theirs; match 3 none yet): not through ``read``, which reads the whole stream. Correcting match 1 then reads
    match 1's result only."""
    from podium.services.results import record
    from podium.store.sqlite import Store

    folder = _recorded_meet(make_meet)
    returned = []

    class Spy(Store):
        def read(self, event=None):
            returned.append("read")
            return super().read(event)

        def read_outline(self, event):
            entries, position = super().read_outline(event)
            returned.extend(entries)
            return entries, position

        def read_results(self, event, matches, up_to):
            entries = super().read_results(event, matches, up_to)
            returned.extend(entries)
            return entries

    done = record(Meet(folder, store=Spy(folder), short_lived=True), "xq", ["3"], "1-0")
    assert done.number == 3
    assert "read" not in returned
    assert [e.kind for e in returned if e.kind in (Kind.RESULT, Kind.CORRECTION)] == []
    returned.clear()
    record(Meet(folder, store=Spy(folder), short_lived=True), "xq", ["1"], "0-1", reason="misread")
    assert "read" not in returned  # a correction too: no stage is drawn after the round robin
    assert [(e.kind, e.payload["match"]) for e in returned if e.kind in (Kind.RESULT, Kind.CORRECTION)] == [(Kind.RESULT, "R1.1")]
    event = Meet(folder).state().event("xq")
    assert event.result(event.match("3")).text == "1-0"


def test_standings_without_the_crosstable_are_the_standings_with_it_but_for_its_cells(make_meet, podium):
    """``podium standings`` as text asks for no wall chart: the rows, places, values and explanations are those of
    the standings with it (``--json``); only each row's table number and games, and each table's rounds and
    colours, are left out."""
    from podium.services.standings import standings

    folder = _recorded_meet(make_meet)
    state = Meet(folder).state()
    whole, bare = standings(state, "xq"), standings(state, "xq", crosstable=False)
    assert whole.stages[0].tables[0].rows[0].games  # a round robin's wall chart: games round by round
    assert all(row.games == () and row.number is None for row in bare.stages[0].tables[0].rows)
    without = [
        attrs.evolve(table, rows=tuple(attrs.evolve(row, games=(), number=None) for row in table.rows), rounds=(), colours=False)
        for table in whole.stages[0].tables
    ]
    assert list(bare.stages[0].tables) == without
    assert attrs.evolve(bare, stages=()) == attrs.evolve(whole, stages=())


def test_a_result_entered_by_another_writer_meanwhile_is_found_on_the_narrow_path_s_retry(make_meet):
    """Two referees enter match 3 at once. The command line has read the outline and match 3's results (none) when
    the other's result for match 3 is appended; its own append is then refused as behind the stream, it reads
    again, finds the other's result and refuses its own as entered already — exactly as if it had come later."""
    from podium.services.results import record
    from podium.store.sqlite import Store

    folder = _recorded_meet(make_meet)
    other = Meet(folder, actor="web:referee")
    reads = []

    class Racing(Store):
        def read_results(self, event, matches, up_to):
            found = super().read_results(event, matches, up_to)
            reads.append(len(found))
            if len(reads) == 1:
                record(other, "xq", ["3"], "0-1")
            return found

    with pytest.raises(PodiumError) as refused:
        record(Meet(folder, store=Racing(folder), short_lived=True), "xq", ["3"], "1-0")
    assert refused.value.code == "result.already_entered"
    assert reads == [0, 1]  # match 3 had no result at the first read, the other's at the second
    entries = Meet(folder).store.read()  # six players: round 1 is matches 1–3, so match 3 is R1.3
    assert [(e.payload["result"], e.actor) for e in entries if e.kind is Kind.RESULT and e.payload["match"] == "R1.3"] == [("0-1", "web:referee")]


_EXAMPLES = itertools.count()
"""Numbers the meet folders of the examples of one test (all made in the test's one ``tmp_path``)."""


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    players=st.integers(min_value=2, max_value=7),
    entered=st.integers(min_value=0, max_value=8),
    pick=st.integers(min_value=0, max_value=30),
    way=st.sampled_from(["number", "key", "pair", "reversed pair", "unknown"]),
    text=st.sampled_from(["1-0", "0-1", "1/2-1/2", "red=2 1-0", "+:-", "2-0", ""]),
    seed=st.integers(min_value=0, max_value=3),
    correct=st.booleans(),
)
def test_entering_a_result_reading_one_match_is_entering_it_reading_all(make_meet, players, entered, pick, way, text, seed, correct):
    """The law behind ``Meet.append_narrow``: in a xiangqi round robin of 2–7 players (an odd number has byes) with
    some results entered, entering or correcting any result — by number, key or the two entrants, of a match with or
    without a result, a bye, a match that does not exist, a text that is or is not a xiangqi result — appends the
    same entries, or refuses with the same error, whether the meet reads that match's results or every result."""
    import random
    import shutil

    from podium.services.draws import make_draw
    from podium.services.registration import import_entrants
    from podium.services.results import record

    names = "".join(f"xq,P{i}\n" for i in range(players))
    folder = make_meet(XIANGQI, "event,name\n" + names, name=f"example{next(_EXAMPLES)}")
    meet = Meet(folder)
    import_entrants(meet, folder / "entrants.csv")
    make_draw(meet, "xq", seed=seed)
    rng = random.Random(seed)
    playable = [m for m in meet.state().event("xq").matches() if not m.is_bye]
    for match in rng.sample(playable, min(entered, len(playable))):
        event = meet.state().event("xq")
        record(meet, "xq", [str(match.number)], event.sport.simulate(rng, event.context(match)))
    every = meet.state().event("xq").matches()
    match = every[pick % len(every)]
    reference = {
        "number": [str(match.number)],
        "key": [match.key],
        "pair": [str(e) for e in match.entrants],
        "reversed pair": [str(e) for e in match.entrants][::-1],
        "unknown": [str(len(every) + 1)],
    }[way]
    answers = []
    for short_lived in (True, False):
        copy = folder.with_name(f"{folder.name}-{short_lived}")
        shutil.copytree(folder, copy)
        each = Meet(copy, short_lived=short_lived)
        before = len(each.store.read())
        try:
            record(each, "xq", reference, text, reason="misread" if correct else None)
        except PodiumError as error:
            answers.append((error.code, str(error)))
            continue
        answers.append([(e.kind, e.event, e.payload, e.reason, e.actor) for e in each.store.read()[before:]])
    assert answers[0] == answers[1]
