"""'Did you mean …?' for mistyped entrant names, event keys and commands (issue 21, item 18).

Names are compared as they are typed on a pinyin keyboard (``podium.model.suggestions``): a character of
the same sound (林晨 for 林辰) is the usual typo of a Chinese name and shares no character with it.
"""

from __future__ import annotations

from podium.model.suggestions import similar
from tests.test_vertical_slice import PLAYERS


def test_a_latin_typo_finds_the_name():
    assert similar("Zhang Wie", ["Zhang Wei", "Wang Lei", "Zhang Wu"]) == ("Zhang Wei",)


def test_a_homophone_finds_the_chinese_name():
    """林晨 and 林辰 are both lín chén; 林涛 (lín tāo) shares the surname only and is not offered."""
    assert similar("林晨", ["林涛", "林辰", "陈林"]) == ("林辰",)


def test_a_near_homophone_finds_the_chinese_name():
    """郑民 (zhèng mín) for 郑明 (zhèng míng): one letter apart in pinyin."""
    assert similar("郑民", ["郑明", "郑伟", "王敏"]) == ("郑明",)


def test_nothing_close_suggests_nothing():
    assert similar("Xu", ["Zhang Wei", "Wang Lei"]) == ()
    assert similar("12", ["1", "2", "102"]) == ()  # a bib or number is never a typo of another


def test_an_unknown_entrant_gets_a_suggestion(make_meet, podium):
    folder = make_meet(entrants=PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    before = (folder / "meet.sqlite").read_bytes()
    refused = podium(folder, "result", "ms", "Alna", "Fu", "11-3 11-3 11-3", ok=False)
    assert (refused.exit_code, refused.output) == (2, "Error: Men's singles has no entrant 'Alna'; did you mean 'Alan'?\n")
    assert (folder / "meet.sqlite").read_bytes() == before


def test_an_unknown_event_gets_a_suggestion(make_meet, podium):
    folder = make_meet(entrants=PLAYERS)
    refused = podium(folder, "entrants", "list", "mss", ok=False)
    assert (refused.exit_code, refused.output) == (2, "Error: Unknown event 'mss'; did you mean 'ms'?\n")
    refused = podium(folder, "matches", "Mens singles", ok=False)
    assert refused.output == "Error: Unknown event 'Mens singles'; did you mean 'Men's singles'?\n"


def test_a_mistyped_command_gets_clicks_suggestion(podium):
    refused = podium(None, "reslt", ok=False)
    assert (refused.exit_code, refused.output) == (2, "Error: No such command 'reslt'; did you mean 'result'?\n")


def test_suggestions_in_chinese(make_meet, podium):
    folder = make_meet(entrants=PLAYERS)
    refused = podium(folder, "--lang", "zh", "entrants", "list", "mss", ok=False)
    assert refused.output == "错误：没有项目“mss”；您要找的是不是“ms”？\n"
    refused = podium(None, "--lang", "zh", "reslt", ok=False)
    assert refused.output == "错误：没有命令 'reslt'；您要输入的是不是 'result'？\n"
