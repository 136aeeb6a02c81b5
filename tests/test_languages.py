"""The language is explicit (issue 16, item 3): it lives in a context variable, so two threads (two requests of
a web face) show the same standings in Chinese and in English at once, each right; nothing writes the
process environment, and click's own messages follow the language of the invocation."""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path

import pytest

from podium.errors import StateError
from podium.faces.cli.play_commands import standings_text
from podium.faces.print.printing import prepare
from podium.i18n import N_, Label, _, current_language, default_language, use_language
from podium.services.meet import Meet
from podium.services.standings import standings

ROUNDS = 40


def _played(make_meet, podium) -> Path:
    """Men's singles (男子单打), a round robin of Ann, Bo and Cai: Ann beats both, Bo beats Cai.

    By hand (2 points a win, ITTF): Ann 2 wins, Bo 1, Cai 0 — places 1, 2, 3, no tie."""
    folder = make_meet(entrants="name,event,unit\nAnn,ms,c1\nBo,ms,c2\nCai,ms,c3\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    for first, second in (("Ann", "Bo"), ("Ann", "Cai"), ("Bo", "Cai")):
        podium(folder, "result", "ms", first, second, "11-9 11-7 11-5")
    return folder


def _shown(folder: Path, lang: str) -> tuple[str, str]:
    """What the CLI prints for ``podium standings ms`` and the HTML of the results document, in ``lang``."""
    meet = Meet(folder)  # one per thread: a SQLite connection belongs to its thread
    with use_language(lang):
        text = standings_text(standings(meet.state(), "ms"), explain=False)
    document = "\n".join(prepare(meet, "results", "ms", lang=lang).parts)
    return text, document


@pytest.mark.slow
def test_standings_in_chinese_and_english_from_two_threads_at_once(make_meet, podium):
    folder = _played(make_meet, podium)
    expected = {lang: _shown(folder, lang) for lang in ("zh", "en")}
    zh_text, zh_document = expected["zh"]
    en_text, en_document = expected["en"]
    assert "男子单打" in zh_text and "Men's singles" not in zh_text
    assert "Men's singles" in en_text and "男子单打" not in en_text
    assert "名次" in zh_text and "place" in en_text
    assert [line.split()[:2] for line in en_text.splitlines()[3:6]] == [["1", "Ann"], ["2", "Bo"], ["3", "Cai"]]
    assert "男子单打" in zh_document and "Men&#39;s singles" in en_document and "男子单打" not in en_document
    barrier = threading.Barrier(2)
    wrong: list[str] = []

    def show(lang: str) -> None:
        for round_ in range(ROUNDS):
            barrier.wait()  # both threads render at the same moment
            if _shown(folder, lang) != expected[lang]:
                wrong.append(f"{lang}, round {round_}")

    threads = [threading.Thread(target=show, args=(lang,)) for lang in ("zh", "en")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert wrong == []


def test_a_block_sets_the_language_of_its_own_thread_only():
    """A thread that sets Chinese does not change what another thread reads, nor the environment."""
    environment = dict(os.environ)
    inside = threading.Event()
    done = threading.Event()
    seen: dict[str, str] = {}

    def chinese() -> None:
        with use_language("zh"):
            seen["zh"] = _("Error: {message}")
            inside.set()
            done.wait(5)

    thread = threading.Thread(target=chinese)
    thread.start()
    inside.wait(5)
    seen["en"] = _("Error: {message}")  # while the other thread is inside its block
    label = str(Label("男子单打", "Men's singles"))
    done.set()
    thread.join()
    assert seen == {"zh": "错误：{message}", "en": "Error: {message}"}
    assert label == "Men's singles"
    assert dict(os.environ) == environment


def test_outside_any_block_the_environment_chooses():
    """PODIUM_LANG, then LANG (the tests set PODIUM_LANG=en); a block then restores the language before it."""
    assert current_language() == default_language() == "en"
    with use_language("zh"):
        with use_language("en"):
            assert current_language() == "en"
        assert current_language() == "zh"
    with use_language("xx"):  # an unknown language: the environment's
        assert current_language() == "en"


def test_errors_are_shown_in_the_language_of_the_thread_that_shows_them():
    error = StateError(N_("{event} has not been drawn yet."), code="event.not_drawn", event=Label(zh="男子单打", en="Men's singles"))
    shown: dict[str, str] = {}

    def show(lang: str) -> None:
        with use_language(lang):
            shown[lang] = str(error)

    threads = [threading.Thread(target=show, args=(lang,)) for lang in ("zh", "en")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert shown == {"zh": "男子单打尚未抽签。", "en": "Men's singles has not been drawn yet."}


def test_click_speaks_the_language_of_the_command(podium):
    """click's own usage errors come out in Chinese under --lang zh, without touching the environment."""
    environment = dict(os.environ)
    zh = podium(None, "--lang", "zh", "withdraw", ok=False)
    en = podium(None, "--lang", "en", "withdraw", ok=False)
    assert "缺少参数 'EVENT'" in zh.output and "Missing argument 'EVENT'" in en.output
    assert (zh.exit_code, en.exit_code) == (2, 2)
    assert dict(os.environ) == environment


def test_a_redraw_in_chinese_reads_in_english_in_the_english_log(make_meet, podium):
    """The reason Podium gives a redraw is kept as a code, so the log is in its reader's language, not the redrawer's."""
    folder = make_meet(entrants="name,event,unit\nAnn,ms,c1\nBo,ms,c2\nCai,ms,c3\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    podium(folder, "--lang", "zh", "draw", "ms", "--seed", "2", "--redraw")
    english = podium(folder, "--lang", "en", "log").output
    assert "重新抽签" not in english
    assert re.search(r"drawn with seed 2 +redraw +command line", english)  # the reason column, between what and who
    assert re.search(r"随机种子 2 +重新抽签 +命令行", podium(folder, "--lang", "zh", "log").output)


def test_podium_sports_speaks_the_language_of_the_meet_it_is_run_in(make_meet, podium, tmp_path):
    """``podium sports`` needs no meet, but in a meet whose meet.toml says ``language = "zh"`` it speaks Chinese,
    as the meet's own commands do; ``--lang`` still wins, and outside any meet the environment (English) chooses."""
    folder = make_meet('[meet]\nname = "校运会"\nlanguage = "zh"\n')
    assert podium(folder, "sports").output.startswith("运动项目\n")
    assert "参赛类型：个人、团体" in podium(folder, "sports", "xiangqi").output
    assert "每组5人" in podium(folder, "sports", "--game", "ball_on_racket_relay").output
    assert podium(folder, "--lang", "en", "sports").output.startswith("Sports\n")
    assert podium(tmp_path, "sports").output.startswith("Sports\n")  # a folder with no meet.toml


def test_a_chinese_name_in_a_chinese_sentence_takes_no_space(make_meet, podium):
    """Chinese spaces a Latin name or a number off the Han characters around it but writes two Chinese words
    together: 王芳已退出男子单打 (not 王芳 已退出 男子单打), Xu Wei 已退出男子单打; English is as before."""
    folder = make_meet(entrants="name,event,unit\n王芳,ms,c1\nXu Wei,ms,c2\n李明,ms,c3\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    chinese = podium(folder, "--lang", "zh", "withdraw", "ms", "王芳", "--reason", "生病").output
    latin = podium(folder, "--lang", "zh", "withdraw", "ms", "Xu Wei", "--reason", "ill").output
    english = podium(folder, "--lang", "en", "withdraw", "ms", "李明", "--reason", "ill").output
    assert chinese == "王芳已退出男子单打，不参加抽签。\n"
    assert latin == "Xu Wei 已退出男子单打，不参加抽签。\n"
    assert english == "李明 withdrawn from Men's singles; they will not be in the draw.\n"


def test_a_command_first_used_in_chinese_still_shows_its_help_in_english(monkeypatch):
    """A process that runs several invocations (tests, a server) imports a command's module once. When the first
    invocation to need ``podium lots`` is in Chinese, a later English one still reads its help in English."""
    import sys

    from click.testing import CliRunner

    from podium.faces.cli import cli

    monkeypatch.delitem(sys.modules, "podium.faces.cli.tie_commands", raising=False)
    runner = CliRunner()
    chinese = runner.invoke(cli, ["--lang", "zh", "lots", "--help"], prog_name="podium")
    english = runner.invoke(cli, ["--lang", "en", "lots", "--help"], prog_name="podium")
    assert "用法" in chinese.output
    assert "Usage: podium lots" in english.output and "Example:" in english.output
    assert re.search(r"[\u4e00-\u9fff]", english.output) is None
