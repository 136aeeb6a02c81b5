"""The Dutch Swiss from the command line: ``podium pair --explain``, ``podium export --trf``, ``podium import --trf``.

A xiangqi Swiss of six players P1-P6 (pairing numbers by rating); the first mover
wins every game, so round 1 (1-4, 2-5, 3-6 by art. 3.3; colours by art. 5.2.5:
(P1, P4), (P5, P2), (P3, P6)) leaves P1, P5, P3 on 2 points.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from podium.formats.trf import read

MEET = """
[meet]
name = "Club Swiss"
language = "en"

[events.open]
name = "Open"
sport = "xiangqi"

[[events.open.stages]]
name = "swiss"
format = "swiss"
rounds = 3
"""


@pytest.fixture
def folder(make_meet, podium) -> Path:
    rows = ["event,name,rating"] + [f"open,P{k},{2100 - 100 * k}" for k in range(1, 7)]
    folder = make_meet(textwrap.dedent(MEET), "\n".join(rows) + "\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "open", "--seed", "1")
    return folder


def pending(podium, folder: Path, event: str = "open") -> list[dict]:
    return json.loads(podium(folder, "matches", event, "--json", "--pending").output)


def first_mover_wins(podium, folder: Path, event: str = "open") -> None:
    for row in pending(podium, folder, event):
        podium(folder, "result", event, str(row["number"]), "1-0")


def test_round_one_and_explained_round_two(folder, podium) -> None:
    """Round 2: bracket 2 = P1, P3, P5, who all played first: a strong preference for second (art. 1.7.2).

    MaxPairs 1: S1 = P1, S2 = P3, P5; P1-P3 and P1-P5 both miss a preference and
    either floater can be paired below, so the first candidate P1-P3 stands and P5
    floats. Bracket 0: P5 moved down; residents P2, P4, P6 (all want first). P5
    has met P2, so art. 4.2 takes the next transposition: P5-P4, remainder P2-P6,
    who both want first: equal histories, so 5.2.4 gives it to P2 (higher-ranked).
    """
    assert [r["names"] for r in pending(podium, folder)] == [["P1", "P4"], ["P5", "P2"], ["P3", "P6"]]
    first_mover_wins(podium, folder)
    out = podium(folder, "pair", "open", "--explain").output
    assert "Paired round 2 of Open (Swiss): " in out  # the event and the stage by name and title, not keys "open", "swiss"
    assert "Bracket of score 2: P1, P3, P5" in out
    assert "moved down into it: P5" in out
    assert "floats down: P5" in out
    assert "Colours (art. 5.2), board by board:" in out
    assert [r["names"] for r in pending(podium, folder)] == [["P3", "P1"], ["P4", "P5"], ["P2", "P6"]]


def test_explain_in_chinese(folder, podium) -> None:
    first_mover_wins(podium, folder)
    out = podium(folder, "--lang", "zh", "pair", "open", "--explain").output
    assert "荷兰制" in out and "[C" in out


def test_trf_export_columns(folder, podium, tmp_path) -> None:
    """FIDE TRF16: start rank in columns 5-8, name 15-47, rating 49-52, points 81-84, rounds from column 92."""
    first_mover_wins(podium, folder)
    target = tmp_path / "open.trf"
    assert "wrote" in podium(folder, "export", "--trf", "open", "-o", str(target)).output
    lines = target.read_bytes().decode("utf-8").split("\r\n")
    assert "XXR 3" in lines and "XXC white1" in lines
    p1 = next(line for line in lines if line.startswith("001") and line[14:47].strip() == "P1")
    assert (p1[4:8], p1[48:52], p1[80:84], p1[91:99]) == ("   1", "2000", " 1.0", "0004 w 1")
    p4 = next(line for line in lines if line.startswith("001") and line[14:47].strip() == "P4")
    assert (p4[80:84], p4[91:99]) == (" 0.0", "0001 b 0")


def test_trf_round_trip(folder, podium, tmp_path) -> None:
    """Export, import into a new meet, export again: the same players, rounds and results; the new meet pairs on."""
    first_mover_wins(podium, folder)
    podium(folder, "pair", "open")
    first_mover_wins(podium, folder)
    target = tmp_path / "open.trf"
    podium(folder, "export", "--trf", "open", "-o", str(target))
    copy = tmp_path / "copy"
    assert "Imported" in podium(None, "import", "--trf", str(target), str(copy)).output
    again = tmp_path / "again.trf"
    podium(copy, "export", "--trf", "swiss", "-o", str(again))
    original, restored = read(target.read_text(encoding="utf-8")), read(again.read_text(encoding="utf-8"))
    assert [(p.rank, p.name, p.rounds) for p in original.players] == [(p.rank, p.name, p.rounds) for p in restored.players]
    assert "Paired round 3 of Club Swiss - Open (Swiss)" in podium(copy, "--lang", "en", "pair", "swiss").output  # TRF line 012: meet - event
    podium(folder, "pair", "open")
    assert [r["names"] for r in pending(podium, copy, "swiss")] == [r["names"] for r in pending(podium, folder)]


def test_trf_export_of_an_event_without_swiss(make_meet, podium) -> None:
    folder = make_meet(
        textwrap.dedent(
            """
            [meet]
            name = "Cup"
            language = "en"

            [events.ko]
            name = "Knockout"
            sport = "xiangqi"

            [[events.ko.stages]]
            name = "ko"
            format = "knockout"
            """
        ),
        "event,name\nko,A\nko,B\n",
    )
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ko", "--seed", "1")
    result = podium(folder, "export", "--trf", "ko", ok=False)
    assert result.exit_code == 2
    assert "Knockout has no drawn Swiss stage" in result.output


def line(rank: str, name: str, *rounds: str) -> str:
    """A TRF16 player line: start rank in columns 5-8, name from 15, rounds of 10 columns from 90."""
    return f"001 {rank:>4}      {name:<33}{'':33}{'':9}" + "".join(f"  {r}" for r in rounds)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("012 nothing here\n", "the file has no player line (001)"),
        (line("abcd", "A") + "\n", "columns 5-8 must hold the start rank"),
        (line("1", "A", "0002 x 1") + "\n", "round 1 must read like"),
        (line("1", "A", "0009 w 1") + "\n", "opponent 9 is not in the file"),
    ],
)
def test_trf_import_refuses_bad_files(podium, tmp_path, text: str, message: str) -> None:
    """A bad TRF file gets one sentence naming the problem, exit status 2, and no meet folder."""
    source = tmp_path / "bad.trf"
    source.write_text(text, encoding="utf-8")
    target = tmp_path / "new"
    result = podium(None, "import", "--trf", str(source), str(target), ok=False)
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output
    assert not target.exists()


def test_trf_import_refuses_a_player_who_comes_back(podium, tmp_path) -> None:
    """Podium pairs every entrant still in the event: a player absent in round 1 who plays round 2 is refused."""
    source = tmp_path / "gap.trf"
    lines = [
        line("1", "A", "0000 - Z", "0003 w 1"),
        line("2", "B", "0003 w 0", "0000 - Z"),
        line("3", "C", "0002 b 1", "0001 b 0"),
    ]
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = podium(None, "import", "--trf", str(source), str(tmp_path / "new"), ok=False)
    assert result.exit_code == 2
    assert "player 1 misses round 1 and plays later" in result.output
