"""A high-jump series recorded height by height, as the recording sheet is written, worked by hand from World Athletics
TR 26.

The rule: an athlete has up to three attempts at each height in turn, may pass a height, may retire, and is out after
three failures in a row whatever the heights. So while an athlete is still in (not out, not retired), a text whose
heights all lie above the last one recorded continues the series; Podium stores the whole series. Anything else is a
correction and needs --reason.

The event announces 1.40, 1.45, 1.50, 1.55, 1.60 (steps of 5 cm); D, G and K jump. Every refusal exits with status 2
and leaves the meet's files unchanged.
"""

from __future__ import annotations

import json
import re

from tests.athletics.test_jump_off import jump
from tests.athletics.test_progression import marks, meet, refused


def added(podium, folder, name, text, *more):
    """What ``podium perf hj NAME TEXT`` answers, after the heat and the athlete's place in the order."""
    said = podium(folder, *more, "perf", "hj", name, text).output.strip()
    assert "\n" not in said, said  # one sentence
    return re.split(": |：", said, maxsplit=1)[1]


def test_a_series_goes_on_height_by_height(make_meet, podium):
    """D clears 1.40, then 1.45 at the second attempt, then fails 1.50 three times: each text adds its height, and the
    mark is the best height cleared, 1.45."""
    folder = meet(make_meet, podium, {"D": "1.40:O"})
    assert added(podium, folder, "D", "1.45:XO") == "1.45:XO added to D's series, which is now 1.40:O 1.45:XO (mark 1.45)."
    assert added(podium, folder, "D", "1.50:XXX") == (
        "1.50:XXX added to D's series, which is now 1.40:O 1.45:XO 1.50:XXX (mark 1.45)."
    )
    assert marks(podium, folder)[0] == ("D", 1, "1.45")


def test_symbols_alone_follow_the_announced_heights_above_the_last_one(make_meet, podium):
    """After 1.40:O, ``XO`` is at 1.45, the next announced height; then ``- XXX`` passes 1.50 and fails 1.55; a
    retirement alone (``r``) ends the series too (TR 26)."""
    folder = meet(make_meet, podium, {"D": "O", "G": "1.40:XO"})
    assert added(podium, folder, "D", "XO") == "1.45:XO added to D's series, which is now 1.40:O 1.45:XO (mark 1.45)."
    assert added(podium, folder, "D", "- XXX") == (
        "1.50:- 1.55:XXX added to D's series, which is now 1.40:O 1.45:XO 1.50:- 1.55:XXX (mark 1.45)."
    )
    assert added(podium, folder, "G", "r") == "r added to G's series, which is now 1.40:XO r (mark 1.40)."


def test_the_chinese_answer_says_what_was_added(make_meet, podium):
    folder = meet(make_meet, podium, {"D": "1.40:O"})
    assert added(podium, folder, "D", "1.45:XO", "--lang", "zh") == "D 的试跳记录加上 1.45:XO，现为 1.40:O 1.45:XO（成绩 1.45）。"


def test_an_athlete_out_or_retired_has_no_further_height(make_meet, podium):
    """Three failures in a row end the competition (TR 26); so does a retirement: once D's 1.45:XXX and G's r are
    added, a further height is a correction."""
    folder = meet(make_meet, podium, {"D": "1.40:O", "G": "1.40:O"})
    added(podium, folder, "D", "1.45:XXX")
    added(podium, folder, "G", "r")
    assert refused(podium, folder, "perf", "hj", "D", "1.50:O") == (
        "D already has 1.40:O 1.45:XXX in heat 1; give --reason to correct it, or --void --reason to void the run."
    )
    assert refused(podium, folder, "perf", "hj", "G", "1.45:O") == (
        "G already has 1.40:O r in heat 1; give --reason to correct it, or --void --reason to void the run."
    )


def test_a_height_recorded_is_changed_only_with_a_reason(make_meet, podium):
    """Once 1.45:XO is added, 1.45:O (the same height) or 1.40:XO 1.45:XO (the series from the start, other attempts at
    1.40) change what is recorded: refused without --reason, taken with it."""
    folder = meet(make_meet, podium, {"D": "1.40:O"})
    added(podium, folder, "D", "1.45:XO")
    for text in ("1.45:O", "1.40:XO 1.45:XO"):
        assert refused(podium, folder, "perf", "hj", "D", text) == (
            "D already has 1.40:O 1.45:XO in heat 1; give --reason to correct it, or --void --reason to void the run."
        )
    podium(folder, "perf", "hj", "D", "1.40:XO 1.45:XO", "--reason", "sheet")
    assert marks(podium, folder)[0] == ("D", 1, "1.45")


def test_failures_in_a_row_run_on_across_the_heights_added(make_meet, podium):
    """D failed 1.45 twice and passed the third attempt (XX-): a first failure at 1.50 is the third in a row, so D is
    out there and cannot clear 1.50 at the second attempt; 1.50:X ends D's series (TR 26). G's 1.45:XX leaves G an
    attempt at 1.45: not finished."""
    folder = meet(make_meet, podium, {"D": "1.40:O 1.45:XX-", "G": "1.40:O"})
    assert refused(podium, folder, "perf", "hj", "D", "1.50:XO") == (
        "At 1.50 m the athlete would jump after three failures in a row, which ends the competition (World Athletics "
        "TR 26)."
    )
    assert added(podium, folder, "D", "1.50:X") == "1.50:X added to D's series, which is now 1.40:O 1.45:XX- 1.50:X (mark 1.40)."
    assert refused(podium, folder, "perf", "hj", "D", "1.55:O").startswith("D already has 1.40:O 1.45:XX- 1.50:X in heat 1;")
    assert refused(podium, folder, "perf", "hj", "G", "1.45:XX") == (
        "The series stops at 1.45 m with attempts left; add the remaining attempts, a pass (-) or r (retired)."
    )


def test_symbols_that_may_be_the_series_again_are_refused(make_meet, podium):
    """After 1.40:O, ``O XO`` is either the series written again (1.40:O 1.45:XO) or the next two heights (1.45:O
    1.50:XO): refused, naming the next height to write."""
    folder = meet(make_meet, podium, {"D": "O"})
    assert refused(podium, folder, "perf", "hj", "D", "O XO") == (
        "The series recorded ends at 1.40 m, and 'O XO' reads both as that series again and as the heights after it; "
        "write the next heights with the attempts, like 1.45:XO."
    )
    assert added(podium, folder, "D", "1.40:O 1.45:XO") == "1.45:XO added to D's series, which is now 1.40:O 1.45:XO (mark 1.45)."


def test_the_heights_added_keep_to_the_announced_progression(make_meet, podium):
    """G's series goes on to 1.50, so G is still competing above 1.45: after 1.40 D's next height is an announced one,
    1.45, 1.50, 1.55, … , never 1.47 (TR 26.1, TR 26.4)."""
    folder = meet(make_meet, podium, {"D": "1.40:O", "G": "1.40:O 1.45:O 1.50:XXX"})
    assert refused(podium, folder, "perf", "hj", "D", "1.47:O") == (
        "D cannot go from 1.40 m to 1.47 m, which is not an announced height: only the last athlete left, having won by "
        "the series recorded, chooses the heights, so D's next are 1.45 m, 1.50 m, 1.55 m, … (World Athletics TR 26.1, "
        "TR 26.4)."
    )


def test_series_recorded_height_by_height_go_to_a_jump_off(make_meet, podium, tmp_path):
    """D and G each clear 1.40, 1.45 and 1.50 at the first attempt, recorded height by height; D fails 1.55 three times,
    G passes it. G, still in, may yet clear 1.60, so the jump-off waits (TR 26.9); G fails 1.60 three times: tied for
    first on 1.50 with no failure up to it (TR 26.8), they jump off at 1.55, and D clears where G fails. An export
    imports as it was."""
    folder = meet(make_meet, podium, {"K": "1.40:O 1.45:XXX"}, heights="1.40, 1.45, 1.50, 1.55, 1.60")
    text = (folder / "meet.toml").read_text(encoding="utf-8").replace("jump_off = false", "jump_off = true")
    assert "jump_off = true" in text
    (folder / "meet.toml").write_text(text, encoding="utf-8")
    for name, last in (("D", "1.55:XXX"), ("G", "1.55:-")):
        for step in ("1.40:O", "1.45:O", "1.50:O", last):
            podium(folder, "perf", "hj", name, step)
    assert refused(podium, folder, "perf", "hj", "D", "1.55:O", "--extra").startswith(
        "A jump-off comes after the competition, and G can still jump in it"
    )
    podium(folder, "perf", "hj", "G", "1.60:XXX")
    jump(podium, folder, "D", "1.55:O")
    jump(podium, folder, "G", "1.55:X")
    assert marks(podium, folder) == [("D", 1, "1.50"), ("G", 2, "1.50"), ("K", 3, "1.40")]
    podium(folder, "export", "-o", str(tmp_path / "meet.json"))
    podium(None, "import", str(tmp_path / "meet.json"), str(tmp_path / "copy"))
    copy = json.loads(podium(tmp_path / "copy", "standings", "hj", "--json").output)["stages"][0]["rows"]
    assert [(r["name"], r["place"], r["mark"]) for r in copy] == [("D", 1, "1.50"), ("G", 2, "1.50"), ("K", 3, "1.40")]
