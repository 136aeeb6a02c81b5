"""Draw sheets and brackets print a result as a reader reads it: the score, and in words how a match ended when
it was not simply won (a draw, a retirement, a walkover), in the document's language — never the notation typed
into ``podium result`` (``= repetition``, ``ret:2``, a team tie's line-ups). Expected values are worked out by
hand from the rules cited in each test."""

from __future__ import annotations

from podium.faces.print.documents import crosstables, draw_sheet
from podium.i18n import use_language
from podium.services.meet import Meet
from podium.services.results import record
from tests.printing.test_knockout_stage import knockout_meet
from tests.table_tennis.test_cli import BEARS, LIONS, LOSE, TEAMS, TOML, WIN
from tests.xiangqi.test_cli import INDIVIDUAL, PLAYERS


def _pairings(folder, event: str, lang: str) -> dict[int, str]:
    """Match number → the result printed in the pairings of the draw sheet of ``event`` in ``lang``."""
    meet = Meet(folder)
    with use_language(lang):
        sheet = draw_sheet(meet.config, meet.state().event(event))
    return {p.number: p.result for stage in sheet.stages for rnd in stage.rounds for p in rnd.pairings}


def _box(meet, key: str, lang: str):
    with use_language(lang):
        stage = draw_sheet(meet.config, meet.state().event("ko")).stages[0]
    return next(m for s in stage.bracket.sections for r in s.rounds for m in r.matches if m.key == key)


def test_a_team_tie_prints_its_score_not_the_line_ups(make_meet, podium, tmp_path):
    """ITTF order of a tie (table-tennis rules summary §5): match 1 is Lions v Bears (see tests/table_tennis/test_cli.py),
    entered as rubbers won, lost, won, won by the Lions, so the tie ends 3:1 (ITTF 3.7.5.2: a tie's score is the
    individual matches won). The printed Chinese draw sheet says 3:1 and none of the line-ups; the crosstable gives
    each side the tie's score from its side (3:1, 1:3), not the games of its rubbers."""
    folder = make_meet(TOML, TEAMS.format(event="team"))
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "team", "--seed", "1")
    lions = LIONS.replace("X=", "A=").replace("Y=", "B=").replace("Z=", "C=")
    podium(folder, "result", "team", "1", f"{lions}; {BEARS}; {WIN} | {LOSE} | A+C-Y+Z {WIN} | B-Z {WIN}")
    assert _pairings(folder, "team", "zh")[1] == "3:1"
    meet = Meet(folder)
    (table,) = crosstables(meet.config, meet.state().event("team"))
    rows = {row.name: row for row in table.rows}  # Lions are number 2, Bears number 3 (listed in this order)
    assert (rows["Lions"].cells[2], rows["Bears"].cells[1]) == ("3:1", "1:3")
    out = tmp_path / "draw.html"
    podium(folder, "--lang", "zh", "print", "draw", "team", "--html", "-o", str(out))
    html = out.read_text(encoding="utf-8")
    assert '<td class="num result">3:1</td>' in html
    assert "Zhao Liu" not in html  # a Lions player: named in the line-up typed, not on the sheet


def test_xiangqi_draws_and_wins_in_words_in_the_documents_language(make_meet, podium):
    """CXA 2011 §13.1 game points: a win 2, a draw 1, a loss 0. Match 1 (Ann v Dong) drawn by repetition
    reads 1:1 and 和棋 in Chinese ("1:1 a draw" in English); match 3 (Dong v Cai) won by Cai by checkmate reads 0:2
    from Dong, the first side; the notation's "checkmate" and "repetition" are not printed."""
    folder = make_meet(INDIVIDUAL, PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "xq")
    podium(folder, "result", "xq", "1", "= repetition")
    podium(folder, "result", "xq", "3", "0-1 checkmate")
    zh = _pairings(folder, "xq", "zh")
    assert (zh[1], zh[3]) == ("1:1 和棋", "0:2")
    en = _pairings(folder, "xq", "en")
    assert (en[1], en[3]) == ("1:1 a draw", "0:2")


def test_bracket_retirement_and_walkover_in_words(make_meet):
    """ITTF 2.11.1, best of 3. R1.2 is Player 8 v Player 9: "11-8 5-3 ret:2" is Player 9 retiring after losing
    game 1, so Player 8 wins having won one complete game to none: under Player 8 "1:0 中途退赛" (retired).
    R1.4 (Player 5 v Player 12) "-:+" is a walkover to Player 12: under Player 12, the winner, the CXA 2011 §20.3
    marks from its side and the word, "+:− 不战而胜"."""
    meet = knockout_meet(make_meet)
    record(meet, "ko", ["R1.2"], "11-8 5-3 ret:2")
    record(meet, "ko", ["R1.4"], "-:+")
    retired = _box(meet, "R1.2", "zh")
    assert (retired.sides[retired.winner].name, retired.result) == ("Player 8", "1:0 中途退赛")
    walkover = _box(meet, "R1.4", "zh")
    assert (walkover.sides[walkover.winner].name, walkover.result) == ("Player 12", "+:− 不战而胜")
    assert _box(meet, "R1.4", "en").result == "+:− walkover"
