"""The services called directly, as the web face will call them: commands answer with typed answers, queries
with typed views that hold codes and names in both languages. Expected values are worked out by hand.

The meet: a table-tennis singles round robin of A (Class 1), B (Class 2) and C (Class 3), best of 5, ITTF
match points (win 2, loss 1). With three entrants one sits out each round (Berger table with a bye), so the
draw lays out 3 matches.

Results: A beat B 3-0, B beat C 3-1, C beat A 3-2. Everyone won one and lost one: 3 match points each, so
ITTF 3.7.5 ranks them by the matches among the three, first by match points (equal), then by games ratio:
A won 3+2 = 5 and lost 0+3 = 3 (5:3), C won 1+3 = 4 and lost 3+2 = 5 (4:5), B won 0+3 = 3 and lost 3+1 = 4
(3:4). So A 1st, C 2nd, B 3rd, each step decided by "games ratio among the tied".
"""

from __future__ import annotations

from podium.i18n import Label, use_language
from podium.model.outcomes import OutcomeKind
from podium.services.draws import make_draw
from podium.services.log import log_view
from podium.services.match_list import match_list
from podium.services.meet import Meet
from podium.services.registration import entrant_list, import_entrants
from podium.services.results import record
from podium.services.sportsday import awards_view, tables_view
from podium.services.standings import standings
from podium.views.answers import Drawn, ImportedEntrants
from podium.views.matches import MatchStatus, MatchView
from podium.views.serialize import to_json
from podium.views.standings import Explanation, MatchStageStandings

MEET = """
[meet]
name = "Views"
language = "en"

[units]
c1 = "Class 1"
c2 = "Class 2"
c3 = "Class 3"

[events.ms]
name = { zh = "男子单打", en = "Men's singles" }
sport = "table_tennis"

[[events.ms.stages]]
name = "main"
format = "round_robin"
numbers = "list"

[events.ms.rules]
best_of = 5
"""

PLAYERS = "event,name,unit\nms,A,Class 1\nms,B,Class 2\nms,C,Class 3\n"
GAMES = {("A", "B"): "11-5 11-5 11-5", ("B", "C"): "11-5 11-5 5-11 11-5", ("C", "A"): "11-5 11-5 5-11 5-11 11-5"}


def drawn(make_meet) -> Meet:
    folder = make_meet(MEET, PLAYERS)
    meet = Meet(folder)
    assert import_entrants(meet, folder / "entrants.csv") == ImportedEntrants("entrants.csv", {"ms": 3})
    men = Label(zh="男子单打", en="Men's singles")
    assert make_draw(meet, "ms", seed=1) == Drawn("ms", men, "main", Label(zh="单循环", en="Round robin"), 1, 3, 3)
    return meet


def played(make_meet) -> Meet:
    meet = drawn(make_meet)
    for (first, second), score in GAMES.items():
        record(meet, "ms", [first, second], score)
    return meet


def test_the_match_list_before_any_result(make_meet):
    """Each pair meets once: 3 matches, all ready, numbered 1 to 3, no result, no winner."""
    meet = drawn(make_meet)
    view = match_list(meet.state(), "ms")
    assert (view.event, view.name, view.drawn) == ("ms", Label("男子单打", "Men's singles"), True)
    assert all(isinstance(m, MatchView) for m in view.items)
    assert [(m.number, m.status, m.result, m.winner, m.sources) for m in view.items] == [
        (n, MatchStatus.READY, None, None, (None, None)) for n in (1, 2, 3)
    ]
    assert {frozenset(m.names) for m in view.items} == {frozenset("AB"), frozenset("BC"), frozenset("CA")}
    record(meet, "ms", ["A", "B"], GAMES[("A", "B")])
    pending = match_list(meet.state(), "ms", pending=True).items
    assert len(pending) == 2 and {frozenset(m.names) for m in pending} == {frozenset("BC"), frozenset("CA")}


def test_recording_and_correcting_answer_with_the_match_and_its_outcome(make_meet):
    """A beats B 3-0: side 0 (A, named first) won; a correction to 3-1 is flagged as corrected and the match too."""
    meet = drawn(make_meet)
    done = record(meet, "ms", ["A", "B"], "11-5 11-5 11-5")
    assert (done.event, done.names, done.text, done.corrected) == ("ms", ("A", "B"), "11-5 11-5 11-5", False)
    assert (done.outcome.kind, done.outcome.winner) == (OutcomeKind.PLAYED, 0)
    fixed = record(meet, "ms", ["A", "B"], "11-5 11-5 5-11 11-5", reason="game 3 was lost")
    assert (fixed.number, fixed.text, fixed.corrected) == (done.number, "11-5 11-5 5-11 11-5", True)
    row = next(m for m in match_list(meet.state(), "ms").items if m.number == done.number)
    assert isinstance(row, MatchView) and (row.status, row.result, row.winner) == (MatchStatus.CORRECTED, fixed.text, 0)


def test_standings_explain_in_both_languages(make_meet):
    """ITTF 3.7.5 among the three tied: games ratio 5:3 (A), 4:5 (C), 3:4 (B) — worked out in the module docstring."""
    view = standings(played(make_meet).state(), "ms")
    (stage,) = view.stages
    assert isinstance(stage, MatchStageStandings) and stage.complete and stage.placings is None
    (table,) = stage.tables
    assert [(r.place, r.name, r.unit_name, r.points, r.wins, r.losses) for r in table.rows] == [
        (1, "A", "Class 1", 3, 1, 1), (2, "C", "Class 3", 3, 1, 1), (3, "B", "Class 2", 3, 1, 1),
    ]
    ratio = Label(zh="同分者之间的局数比", en="games ratio among the tied")
    assert table.explain == (
        Explanation("A", "C", "1", "3", "ittf", ratio, "5:3", "4:5"),
        Explanation("C", "B", "3", "2", "ittf", ratio, "4:5", "3:4"),
    )
    assert table.ties == ()


def test_a_view_is_the_same_whatever_the_language(make_meet):
    """Views hold no text in one language: the standings and the match list folded under Chinese and under
    English give the same JSON."""
    meet = played(make_meet)
    shown = {}
    for lang in ("zh", "en"):
        with use_language(lang):
            state = meet.state()
            shown[lang] = (to_json(standings(state, "ms")), to_json(match_list(state, "ms")), to_json(log_view(state)))
    assert shown["zh"] == shown["en"]


def test_awards_and_medals_of_the_decided_event(make_meet):
    """The default award scheme gives places 1-3 with gold, silver and bronze: A (Class 1), C (Class 3), B (Class 2).
    Unit points on 9-7-6: Class 1 9, Class 3 7, Class 2 6."""
    state = played(make_meet).state()
    (event,) = awards_view(state).events
    assert event.decided and event.disqualified == ()
    assert [(a.place, a.title.en, a.name, a.unit_name, a.medal, a.recipients) for a in event.awards] == [
        (1, "Champion", "A", "Class 1", "gold", ("A",)), (2, "Runner-up", "C", "Class 3", "silver", ("C",)),
        (3, "Third place", "B", "Class 2", "bronze", ("B",)),
    ]
    tables = tables_view(state)
    assert (tables.decided, tables.undecided) == (("ms",), ())
    assert [(r.place, r.unit_name, r.gold, r.silver, r.bronze, r.total) for r in tables.medals] == [
        (1, "Class 1", 1, 0, 0, 1), (2, "Class 3", 0, 1, 0, 1), (3, "Class 2", 0, 0, 1, 1),
    ]
    assert [(r.unit_name, r.total, dict(r.points)) for r in tables.points.rows] == [
        ("Class 1", 9, {"ms": 9}), ("Class 3", 7, {"ms": 7}), ("Class 2", 6, {"ms": 6}),
    ]


def test_medals_name_the_events_not_decided_yet(make_meet, podium):
    """Men's singles is played out; Women's singles has no entrant yet, so it is not decided: the tables are unofficial
    and say which event is missing by its name, in the reader's language."""
    women = '[events.ws]\nname = { zh = "女子单打", en = "Women\'s singles" }\nsport = "table_tennis"\n'
    folder = make_meet(MEET + women, PLAYERS)
    meet = Meet(folder)
    import_entrants(meet, folder / "entrants.csv")
    make_draw(meet, "ms", seed=1)
    for (first, second), score in GAMES.items():
        record(meet, "ms", [first, second], score)
    tables = tables_view(meet.state())
    assert (tables.undecided, tables.undecided_names) == (("ws",), (Label(zh="女子单打", en="Women's singles"),))
    assert "Not decided yet: Women's singles." in podium(folder, "medals").output
    assert "尚未决出名次：女子单打。" in podium(folder, "--lang", "zh", "medals").output


def test_the_log_describes_each_entry_in_both_languages(make_meet):
    """The draw with seed 1 is described in both catalogues' words, the stage by its title (a single round robin
    without a title of its own is called by its format: 单循环, Round robin); the entrants list has the three in order."""
    state = drawn(make_meet).state()
    log = log_view(state, "ms")
    assert [e.kind for e in log.entries] == ["entrants", "draw"]
    assert log.entries[1].description == Label(zh="阶段“单循环”已抽签，随机种子 1", en="stage 'Round robin' drawn with seed 1")
    (listed,) = entrant_list(state).events
    assert [(e.name, e.unit_name, e.withdrawn) for e in listed.entrants] == [("A", "Class 1", False), ("B", "Class 2", False), ("C", "Class 3", False)]


def test_a_redraw_keeps_its_reason_as_a_code_and_the_log_says_it_in_each_language(make_meet):
    """A redraw made by a Chinese reader stores no Chinese: its reason is the code podium:redraw, which the log says as
    重新抽签 to a Chinese reader and as "redraw" to an English one. A reason a person typed is shown as typed."""
    meet = drawn(make_meet)
    with use_language("zh"):
        make_draw(meet, "ms", seed=2, redraw=True)
    record(meet, "ms", ["A", "B"], "11-5 11-5 11-5")
    record(meet, "ms", ["A", "B"], "5-11 5-11 5-11", reason="重新抽签")  # typed: the correction is not a draw
    log = log_view(meet.state(), "ms")
    assert [e.kind for e in log.entries] == ["entrants", "draw", "draw", "result", "correction"]
    assert [e.reason for e in log.entries] == [None, None, "podium:redraw", None, "重新抽签"]
    assert log.entries[2].shown_reason == Label(zh="重新抽签", en="redraw")
    assert log.entries[4].shown_reason == Label(zh="重新抽签", en="重新抽签")
    assert log.entries[1].shown_reason == Label(zh="", en="")


def test_a_redraw_an_earlier_version_stored_in_chinese_reads_in_english(make_meet, tmp_path):
    """Earlier versions stored the redraw's reason in the language of whoever redrew (重新抽签 or redraw); such a
    journal (here through an export, as an old meet is brought in) still reads, in the reader's language."""
    from podium.registry import registry
    from podium.services.archive import export_meet, import_meet

    meet = drawn(make_meet)
    make_draw(meet, "ms", seed=2, redraw=True)
    data = export_meet(meet)
    (redrawn,) = [entry for entry in data["journal"] if entry["reason"] is not None]
    redrawn["reason"] = "重新抽签"
    import_meet(data, tmp_path / "old", registry(), "old.json")
    log = log_view(Meet(tmp_path / "old").state(), "ms")
    assert (log.entries[2].reason, log.entries[2].shown_reason) == ("重新抽签", Label(zh="重新抽签", en="redraw"))
