"""A knockout stage drawn from a real meet (with a test-only knockout format): the bracket view model
comes from the journal, byes are shown and their seeds advance, results fill the tree."""

from __future__ import annotations

import sys

from podium.faces.print.bracket import layout
from podium.faces.print.documents import draw_sheet, order_of_play, score_sheets
from podium.faces.print.printing import print_document
from podium.registry import build_registry, plugin_manager
from podium.services.draws import make_draw
from podium.services.meet import Meet
from podium.services.registration import import_entrants
from podium.services.results import record
from tests.printing import knockout_stub
from tests.printing.conftest import A4_LANDSCAPE, same_size

MEET = """
[meet]
name = "Knockout cup"
language = "en"

[events.ko]
name = "Cup"
sport = "table_tennis"

[[events.ko.stages]]
name = "main"
format = "stub_knockout"

[events.ko.rules]
best_of = 3
"""


def knockout_meet(make_meet) -> Meet:
    rows = "\n".join(f"ko,Player {n},{n}" for n in range(1, 14))
    folder = make_meet(MEET, f"event,name,seed\n{rows}\n")
    registry = build_registry(plugin_manager([sys.modules[knockout_stub.__name__]]))
    meet = Meet(folder, plugins=registry)
    import_entrants(meet, folder / "entrants.csv")
    make_draw(meet, "ko", seed=1)
    return meet


def test_thirteen_seeds_three_byes_from_the_journal(make_meet, read_pdf, tmp_path):
    """16 lines (see knockout_stub): 1 16 8 9 4 13 5 12 2 15 7 10 3 14 6 11 — seeds 16, 15 and 14 do not
    exist, so seeds 1, 2 and 3 meet byes and appear in the quarter-finals at once.
    Match R1.2 (8 v 9): 9 wins 2-0, so the quarter-final R2.1 reads Player 1 v Player 9."""
    meet = knockout_meet(make_meet)
    record(meet, "ko", ["R1.2"], "9-11 9-11")
    event = meet.state().event("ko")
    stage = draw_sheet(meet.config, event).stages[0]
    assert stage.bracket is not None and stage.groups == ()
    main = layout(stage.bracket).pages[0].blocks[0]
    leaves = [("bye" if line.side.bye else line.side.name) for line in sorted(main.lines, key=lambda x: x.y) if line.leaf]
    order = [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    assert leaves == ["bye" if s > 13 else f"Player {s}" for s in order]
    quarter = stage.bracket.sections[0].rounds[1].matches[0]
    assert [s.name for s in quarter.sides] == ["Player 1", "Player 9"]
    assert stage.bracket.sections[0].rounds[1].title == "Quarter-finals"
    # Byes are neither played nor scored: not in the order of play, no score sheet.
    rows = [r for s in order_of_play(meet.config, [event]).sessions for r in s.rows]
    assert len(rows) == 15 - 3 - 1  # 15 matches, 3 byes, 1 played
    sheets = score_sheets(meet.config, event)
    # Ready and unplayed: 4 v 13, 5 v 12, 7 v 10, 6 v 11 and the quarter-final Player 1 v Player 9.
    assert [s.sides for s in sheets] == [("Player 4", "Player 13"), ("Player 5", "Player 12"), ("Player 7", "Player 10"),
                                         ("Player 6", "Player 11"), ("Player 1", "Player 9")]
    out = tmp_path / "ko.pdf"
    print_document(meet, "draw", "ko", out, lang="en")
    pdf = read_pdf(out)
    assert len(pdf.pages) == 1 and same_size(pdf.size(), A4_LANDSCAPE)
    # R1.2 was won by Player 9, the second side, two games to none: the bracket prints the games won from the
    # winner's side (issue 21 item 10), not the points of each game as entered
    assert pdf.text().count("bye") == 3 and "2:0" in pdf.text() and "0:2" not in pdf.text() and "9-11" not in pdf.text()
