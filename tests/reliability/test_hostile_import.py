"""``podium import`` replays an export through the checks of the commands (issue 15, class 2).

An export edited by hand must be refused naming its first bad entry, with exit status 2, and
create nothing; an export that is accepted must give the meet the commands give. The edits
below are the ones the issue lists (an entrant removed but still drawn, a key given twice, a
result for a match or event that does not exist, the same result twice, an event renamed in
the embedded meet.toml, an unknown unit, escapes, absurd lengths) and a few more that swap or
forge facts. Each expected sentence names the entry by its number in the export (``podium log``
shows the same numbers) and says what the command would have said.

The fuzz test edits a real export at random — drops, duplicates, renames and retargets entries
— and checks the law of the issue: the import refuses, or it gives standings identical to
entering the same entries through the commands one by one.
"""

from __future__ import annotations

import copy
import json
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import podium.faces.cli as cli_face
from podium.faces.cli import cli
from tests.reliability.corpus import build_played, snapshot

Export = dict[str, Any]


@pytest.fixture(scope="module")
def export(tmp_path_factory: pytest.TempPathFactory) -> Export:
    """The export of the corpus's played meet (tests/bad_inputs/README.md): entries 1–8 import Ann, Bo, Cai and Dan
    into the eight events (keys 10–13 in ms, by bib; 1–4 elsewhere), 9–16 draw them with seed 1, 17 is ms match 1
    (Dan–Bo, 11-9 11-7 11-5), 18 is xq match 1 and 19 is Ann's 12.34 in the sack race."""
    root = tmp_path_factory.mktemp("hostile-export").resolve()
    meet = build_played(root, "played")
    done = CliRunner().invoke(cli, ["--meet", str(meet), "export", "-o", str(root / "meet.json")])
    assert done.exit_code == 0, done.output
    return json.loads((root / "meet.json").read_text(encoding="utf-8"))


def renumbered(data: Export) -> Export:
    for number, entry in enumerate(data["journal"], start=1):
        entry["seq"] = number
    return data


def remove_ann(data: Export) -> None:
    data["journal"][0]["payload"]["entrants"].pop(0)


def duplicate_key(data: Export) -> None:
    entrants = data["journal"][1]["payload"]["entrants"]
    entrants.append({**entrants[0], "name": "Eve", "members": [{"name": "Eve"}]})


def no_such_match(data: Export) -> None:
    data["journal"][16]["payload"]["match"] = "R9.9"


def no_such_event(data: Export) -> None:
    data["journal"][17]["event"] = "chess"


def same_result_twice(data: Export) -> None:
    data["journal"].insert(17, copy.deepcopy(data["journal"][16]))
    renumbered(data)


def event_renamed(data: Export) -> None:
    data["meet_toml"] = data["meet_toml"].replace("[events.xq]", "[events.chess]")


def unknown_unit(data: Export) -> None:
    data["journal"][2]["payload"]["entrants"][1]["unit"] = "c9"


def escape_in_a_reason(data: Export) -> None:
    data["journal"][16]["reason"] = "typo\x1b[2J\x1b[H"


def escape_in_a_name(data: Export) -> None:
    entrant = data["journal"][3]["payload"]["entrants"][2]
    entrant["name"] = entrant["members"][0]["name"] = "Cai\x1b]0;owned\x07"


def name_of_5000_characters(data: Export) -> None:
    entrant = data["journal"][4]["payload"]["entrants"][3]
    entrant["name"] = entrant["members"][0]["name"] = "D" * 5000


def result_of_10000_games(data: Export) -> None:
    data["journal"][16]["payload"]["result"] = " ".join(["11-9"] * 10_000)


def sides_swapped(data: Export) -> None:
    data["journal"][16]["payload"]["sides"].reverse()


def draw_of_another_seed(data: Export) -> None:
    data["journal"][8]["payload"]["seed"] = 2


def not_a_xiangqi_result(data: Export) -> None:
    data["journal"][17]["payload"]["result"] = "3-1"


def performance_of_nobody(data: Export) -> None:
    data["journal"][18]["payload"]["entrant"] = "9"


def impossible_mark(data: Export) -> None:
    data["journal"][18]["payload"]["value"] = "0.01"


def withdrawal_twice(data: Export) -> None:
    first = {"seq": 0, "at": data["journal"][-1]["at"], "kind": "withdrawal", "event": "wq", "payload": {"entrant": "2"}, "reason": "ill"}
    data["journal"] += [first, {**first, "reason": "still ill"}]
    renumbered(data)


EDITS: list[tuple[str, Callable[[Export], None], str, str]] = [
    ("an entrant removed but drawn", remove_ann, "archive.draw_entrants_differ",
     "journal entry 9 (draw) cannot be replayed: it draws 10, 11, 12, 13, but stage 'Round robin' then has 11, 12, 13"),
    ("an entrant key given twice", duplicate_key, "archive.entrant_key_twice",
     "journal entry 2 (entrants) cannot be replayed: entrant 5 (1): the key '1' is used twice in Xiangqi"),
    ("a result for a match that does not exist", no_such_match, "match.unknown",
     "journal entry 17 (result) cannot be replayed: Men's singles has no match 'main:R9.9'"),
    ("a result for an event that does not exist", no_such_event, "archive.entry_event_unknown",
     "journal entry 18 (result) cannot be replayed: it belongs to event 'chess', which the meet.toml in the export does not "
     "have (its events: ms, md, xq, wq, gm, tow, sack, dance, rope)"),
    ("the same result twice", same_result_twice, "result.already_entered",
     "journal entry 18 (result) cannot be replayed: match 1 already has a result (11-9 11-7 11-5)"),
    ("an event renamed in the embedded meet.toml", event_renamed, "archive.entry_event_unknown",
     "journal entry 2 (entrants) cannot be replayed: it belongs to event 'xq', which the meet.toml in the export does not "
     "have (its events: ms, md, chess, wq, gm, tow, sack, dance, rope)"),
    ("an unknown unit", unknown_unit, "archive.entrant_unit_unknown",
     "journal entry 3 (entrants) cannot be replayed: entrant 2 (2): unknown unit 'c9'; units in meet.toml: c1, c2"),
    ("a terminal escape in a reason", escape_in_a_reason, "cli.reason_invalid",
     "journal entry 17 (result) cannot be replayed: The reason contains control characters; remove them"),
    ("a terminal escape in a name", escape_in_a_name, "cli.text_invalid",
     "journal entry 4 (entrants) cannot be replayed: 'Cai\\x1b]0;owned\\x07' contains control characters; remove them"),
    ("a name of 5,000 characters", name_of_5000_characters, "archive.entrant_name_invalid",
     "journal entry 5 (entrants) cannot be replayed: entrant 4 (4): the name is 5000 characters long; at most 60 are allowed"),
    ("a result of 10,000 games", result_of_10000_games, "cli.text_invalid",
     "journal entry 17 (result) cannot be replayed: '11-9 11-9 11-9 11-9 11-9 11-9 11-9 11-9 11-9 11-9 11-9 11-9 ' is 49999 "
     "characters long; at most 10000 are allowed"),
    ("a result given to the sides the other way round", sides_swapped, "archive.result_differs",
     "journal entry 17 (result) cannot be replayed: it gives match 1 the sides 11 – 13, but the match has 13 – 11"),
    ("a draw that its seed does not give", draw_of_another_seed, "archive.draw_seed_differs",
     "journal entry 9 (draw) cannot be replayed: it records a draw that seed 2 does not give"),
    ("a result that is not a xiangqi result", not_a_xiangqi_result, "xiangqi.game_word_invalid",
     "journal entry 18 (result) cannot be replayed: '3-1' is not the result of a game; write each game as 1-0, 0-1 or =, "
     "e.g. a match won 1½-½ as '1-0, ='"),
    ("a performance of an entrant who does not exist", performance_of_nobody, "entrant.unknown",
     "journal entry 19 (performance) cannot be replayed: Sack race has no entrant '9'"),
    ("an impossible mark", impossible_mark, "performance.implausible",
     "journal entry 19 (performance) cannot be replayed: 0.01 is not a plausible mark in this event (at least 3.00 and at "
     "most 5:00.00: its game's or meet.toml's plausible_min and plausible_max); check it, and if it is right give it again "
     "with --confirm"),
    ("an entrant withdrawn twice", withdrawal_twice, "withdrawal.already_withdrawn",
     "journal entry 21 (withdrawal) cannot be replayed: Bo has already withdrawn from Weiqi (ill)"),
]


@pytest.mark.parametrize(("edit", "code", "sentence"), [e[1:] for e in EDITS], ids=[e[0] for e in EDITS])
def test_an_edited_export_is_refused_naming_its_first_bad_entry(export, tmp_path, monkeypatch, edit, code, sentence):
    """Each edit is refused with one sentence that names the entry and what the command would have said, under the
    code of what was wrong (the command's own, or an ``archive.*`` code for what only a journal can get wrong); exit
    status 2; the export file is unchanged and no meet folder is made. The command's hint is not repeated: its next
    step would be for a meet that was never made."""
    data = copy.deepcopy(export)
    edit(data)
    (tmp_path / "x.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    before = snapshot(tmp_path)
    codes: list[str] = []
    shown = cli_face.fail

    def fail(ctx, error):  # the CLI's last step for a refusal: note its code, then show it as always
        codes.append(error.code)
        shown(ctx, error)

    monkeypatch.setattr(cli_face, "fail", fail)
    done = CliRunner().invoke(cli, ["import", str(tmp_path / "x.json"), str(tmp_path / "restored")], env={"PODIUM_LANG": "en"})
    assert (done.exit_code, done.stdout) == (2, ""), done.output
    first, *details = done.stderr.splitlines()
    assert first == f"Error: x.json: {sentence}; nothing was imported."
    assert codes == [code]
    assert all(line.startswith("  - ") for line in details)  # the command's own hints (results look like: …)
    assert snapshot(tmp_path) == before


STAGED = """
[meet]
name = "Staged"
language = "en"

[events.ms]
name = { zh = "男子单打", en = "Men's singles" }
sport = "table_tennis"

[[events.ms.stages]]
name = "groups"
format = "round_robin"
advance = 2

[[events.ms.stages]]
name = "playoff"
format = "knockout"

[[events.ms.stages]]
name = "final"
format = "round_robin"
"""


def test_an_archive_refusal_names_the_event_and_its_stages_as_meet_toml_calls_them(make_meet, podium, tmp_path):
    """An export whose journal draws the final before the groups have been closed is refused in words a reader
    knows: the event by its name (男子单打 / Men's singles), the stages by their titles — two untitled round robins,
    told apart by their places (the first and the third) — not by the keys ms, groups and final."""
    folder = make_meet(STAGED, "event,name\nms,A\nms,B\nms,C\nms,D\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    podium(folder, "export", "-o", str(tmp_path / "x.json"))
    data = json.loads((tmp_path / "x.json").read_text(encoding="utf-8"))
    drawn = data["journal"][-1]
    data["journal"].append({**drawn, "seq": drawn["seq"] + 1, "payload": {**drawn["payload"], "stage": "final"}})
    (tmp_path / "x.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    for lang, said in (
        ("en", "Error: x.json: journal entry 3 (draw) cannot be replayed: stage 'Round robin (stage 3)' of Men's singles "
               "cannot be drawn now (drawn so far: Round robin (stage 1)); nothing was imported.\n"),
        ("zh", "错误：x.json：第 3 条记录（draw）无法重放：男子单打的阶段“单循环（第 3 阶段）”现在不能抽签"
               "（已抽签的阶段：单循环（第 1 阶段））；未导入任何内容。\n"),
    ):
        done = podium(None, "--lang", lang, "import", str(tmp_path / "x.json"), str(tmp_path / "restored"), ok=False)
        assert (done.exit_code, done.stderr) == (2, said)
    assert not (tmp_path / "restored").exists()


def test_the_unedited_export_imports(export, tmp_path):
    (tmp_path / "x.json").write_text(json.dumps(export, ensure_ascii=False), encoding="utf-8")
    done = CliRunner().invoke(cli, ["import", str(tmp_path / "x.json"), str(tmp_path / "restored")], env={"PODIUM_LANG": "en"})
    assert done.exit_code == 0, done.output


# ---------------------------------------------------------------- the fuzz test

FUZZ_MEET = """
[meet]
name = "Fuzz"
language = "en"

[units]
c1 = "Class 1"
c2 = "Class 2"

[events.rr]
sport = "table_tennis"
format = "round_robin"
[events.rr.rules]
best_of = 3

[events.ko]
sport = "table_tennis"
format = "knockout"
[events.ko.rules]
best_of = 3

[events.sack]
sport = "fun_games"
game = "sack_race"
"""
FUZZ_ENTRANTS = "event,name,unit\n" + "".join(
    f"{event},{name},Class {1 + i % 2}\n" for event in ("rr", "ko", "sack") for i, name in enumerate(("Ann", "Bo", "Cai", "Dan"))
)
FUZZ_STEPS = [
    ("entrants", "import", "{folder}/entrants.csv"),
    ("draw", "rr", "--seed", "3"),
    ("draw", "ko", "--seed", "3"),
    ("draw", "sack", "--seed", "3"),
    ("result", "rr", "1", "11-9 11-7"),
    ("result", "rr", "2", "9-11 11-7 11-5"),
    ("result", "ko", "1", "11-3 11-4"),
    ("result", "rr", "3", "11-9 11-9"),
    ("result", "ko", "2", "4-11 11-6 11-8"),
    ("correct", "rr", "2", "11-9 11-7", "--reason", "typed the wrong way round"),
    ("perf", "sack", "Ann", "12.34"),
    ("perf", "sack", "Bo", "13.1"),
    ("result", "ko", "3", "11-5 11-6"),
    ("withdraw", "rr", "Dan", "--reason", "ill"),
    ("perf", "sack", "Cai", "11.9"),
    ("perf", "sack", "Cai", "12.9", "--reason", "misread the watch"),
    ("result", "rr", "6", "11-2 11-3"),  # ITTF order, Dan drawn number 1: he plays matches 1, 3 and 5, so 6 is Cai–Bo
]
"""A round robin with a correction and a withdrawal, a knockout played to its final (its later matches become
ready only as the earlier ones are played), and heats with a corrected mark: 3 + 3 + 13 entries."""


def podium(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args), env={"PODIUM_LANG": "en"})


@pytest.fixture(scope="module")
def fuzz_export(tmp_path_factory: pytest.TempPathFactory) -> Export:
    folder = tmp_path_factory.mktemp("fuzz-meet").resolve()
    (folder / "meet.toml").write_text(FUZZ_MEET, encoding="utf-8")
    (folder / "entrants.csv").write_text(FUZZ_ENTRANTS, encoding="utf-8")
    for step in FUZZ_STEPS:
        done = podium("--meet", str(folder), *(a.replace("{folder}", str(folder)) for a in step))
        assert done.exit_code == 0, (step, done.output)
    done = podium("--meet", str(folder), "export", "-o", str(folder / "meet.json"))
    assert done.exit_code == 0, done.output
    return json.loads((folder / "meet.json").read_text(encoding="utf-8"))


class Refused(Exception):
    """A command refused an entry while the entries were replayed through the commands."""


def through_commands(data: Export, folder: Path) -> None:
    """Enter the entries of ``data`` one by one through the commands podium runs (its services), into ``folder``.

    Entrants are imported from a CSV file made of the entry (the command numbers them itself: keys that differ
    from the entry's mean the commands cannot make it); draws are made with the entry's seed; results, corrections,
    performances and withdrawals name the match, heat and entrant by the keys the entry records.
    """
    from podium.errors import PodiumError
    from podium.measure.sport import PerformanceInput
    from podium.services.draws import make_draw
    from podium.services.meet import Meet
    from podium.services.performances import record_performance
    from podium.services.registration import import_entrants
    from podium.services.results import record
    from podium.services.withdrawals import withdraw

    folder.mkdir()
    (folder / "meet.toml").write_text(data["meet_toml"], encoding="utf-8")
    meet = Meet(folder)
    units = {key: unit.name for key, unit in meet.config.units.items()}
    for number, entry in enumerate(data["journal"]):
        kind, event, payload, reason = entry["kind"], entry["event"], entry["payload"], entry["reason"]
        try:
            if kind == "entrants":
                rows = "".join(f"{event},{e['name']},{units.get(e.get('unit'), e.get('unit') or '')}\n" for e in payload["entrants"])
                (folder / f"e{number}.csv").write_text("event,name,unit\n" + rows, encoding="utf-8")
                before = set(meet.state().event(event).entrants) if event in meet.config.events else set()
                import_entrants(meet, folder / f"e{number}.csv")
                added = [k for k in meet.state().event(event).entrants if k not in before]
                if added != [e["key"] for e in payload["entrants"]]:
                    raise Refused(f"entrants numbered {added}, not as the entry")
            elif kind == "draw":
                make_draw(meet, event, seed=payload["seed"], redraw=meet.state().event(event).drawn)
            elif kind in ("result", "correction"):
                record(meet, event, [f"{payload['stage']}:{payload['match']}"], payload["result"],
                       reason=(reason or "") if kind == "correction" else None)
            elif kind == "performance":
                given = PerformanceInput(text=payload.get("value"), status=payload.get("status"))
                record_performance(meet, event, payload["entrant"], given, heat=f"{payload['stage']}:{payload['heat']}",
                                   attempt=payload.get("attempt"), reason=reason)
            elif kind == "withdrawal":
                withdraw(meet, event, payload["entrant"], reason or "")
            else:
                raise Refused(f"no command replays a {kind} entry here")
        except PodiumError as error:
            raise Refused(error.message) from None


OTHER_KEYS = ("1", "2", "3", "4", "9", "R1.1", "R2.1", "R3.1", "SF1", "SF2", "F", "H1", "main", "final", "rr", "ko", "sack", "zz")


@st.composite
def edits(draw: st.DrawFn, journal_length: int) -> list[tuple[str, int, int, str]]:
    """One to three edits: (what, which entry, which fact, the new value)."""
    return draw(
        st.lists(
            st.tuples(
                st.sampled_from(("drop", "duplicate", "rename", "retarget")),
                st.integers(0, journal_length - 1),
                st.integers(0, 7),
                st.sampled_from(OTHER_KEYS),
            ),
            min_size=1,
            max_size=3,
        )
    )


def apply(data: Export, changes: list[tuple[str, int, int, str]]) -> Export:
    """``data`` with the edits made, and its entries numbered upwards again (so only their facts are wrong)."""
    journal = data["journal"]
    for what, index, fact, value in changes:
        index %= len(journal)
        entry = journal[index]
        payload = entry["payload"]
        if what == "drop" and len(journal) > 1:
            journal.pop(index)
        elif what == "duplicate":
            journal.insert(index + 1, copy.deepcopy(entry))
        elif what == "rename":  # an event, a stage, or an entrant's key renamed in this entry only
            if fact % 3 == 0:
                entry["event"] = value
            elif fact % 3 == 1 and "stage" in payload:
                payload["stage"] = value
            elif "entrants" in payload and isinstance(payload["entrants"], list) and payload["entrants"]:
                payload["entrants"][fact % len(payload["entrants"])]["key"] = value
            elif "entrant" in payload:
                payload["entrant"] = value
        else:  # retarget: the entry points at another match, heat, side, entrant, or another seed
            if "match" in payload:
                payload["match"] = value
            elif "heat" in payload and fact % 2:
                payload["heat"] = value
            elif "entrant" in payload:
                payload["entrant"] = value
            elif "seed" in payload:
                payload["seed"] = fact
            if "sides" in payload and fact % 2:
                payload["sides"] = [payload["sides"][1], payload["sides"][0]]
    return renumbered(data)


STANDINGS = ("rr", "ko", "sack")
TALLY = {"accepted": 0, "refused": 0}
"""What the fuzz test saw, printed for benchmarks/bench_reliability.py (run with -s)."""


@pytest.fixture(scope="module", autouse=True)
def tally() -> Any:
    yield
    if sum(TALLY.values()):
        print(f"\nhostile import: {sum(TALLY.values())} edited exports, {TALLY['accepted']} accepted with the standings of "
              f"the commands, {TALLY['refused']} refused naming an entry")


def standings(folder: Path) -> dict[str, str]:
    found = {}
    for event in STANDINGS:
        done = podium("--meet", str(folder), "standings", event, "--json")
        found[event] = done.output if done.exit_code == 0 else f"refused: {done.output}"
    return found


@pytest.mark.slow
@settings(max_examples=120, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_an_edited_export_is_refused_or_gives_what_the_commands_give(fuzz_export, data):
    """The law of issue 15: an edited export is refused (exit 2, one sentence naming a journal entry, nothing
    created), or the meet it makes has the standings of entering the same entries through the commands."""
    changes = data.draw(edits(len(fuzz_export["journal"])))
    edited = apply(copy.deepcopy(fuzz_export), changes)
    root = Path(tempfile.mkdtemp(prefix="podium-fuzz-"))
    try:
        (root / "x.json").write_text(json.dumps(edited, ensure_ascii=False), encoding="utf-8")
        done = podium("import", str(root / "x.json"), str(root / "imported"))
        if done.exit_code != 0:
            assert done.exit_code == 2 and done.stderr.startswith("Error: x.json"), done.output
            assert "Traceback" not in done.output
            assert not (root / "imported").exists()
            TALLY["refused"] += 1
            return
        try:
            through_commands(edited, root / "commands")
        except Refused as refusal:
            raise AssertionError(f"import accepted {changes}, but the commands refuse: {refusal}") from None
        assert standings(root / "imported") == standings(root / "commands"), changes
        TALLY["accepted"] += 1
    finally:
        shutil.rmtree(root, ignore_errors=True)


def test_the_unedited_fuzz_export_gives_what_the_commands_give(fuzz_export, tmp_path):
    """The base of the fuzz test holds: its export imports, and entering its entries through the commands gives the
    same standings — so an accepted edit is compared with something real."""
    (tmp_path / "x.json").write_text(json.dumps(fuzz_export, ensure_ascii=False), encoding="utf-8")
    assert podium("import", str(tmp_path / "x.json"), str(tmp_path / "imported")).exit_code == 0
    through_commands(fuzz_export, tmp_path / "commands")
    found = standings(tmp_path / "imported")
    assert found == standings(tmp_path / "commands") and not any(v.startswith("refused") for v in found.values())
