"""Mistakes in how a command is typed get one sentence, like every other error (issue 21, item 19).

docs/cli.md promises one sentence starting with ``Error:`` and exit status 2; click's own usage errors
used to print a ``Usage:`` block and a "Try --help" line first. Now they say the mistake and which
``--help`` explains the command, or click's suggestion for a mistyped name.
"""

from __future__ import annotations

import re

import pytest

from tests.test_vertical_slice import PLAYERS

MISTAKES = [
    (["correct", "ms", "1", "11-3 11-3 11-3"], "Error: Missing option '--reason' ('podium correct --help' shows how to use it).\n"),
    (["draw", "ms", "--seed", "lucky"],
     "Error: Invalid value for '--seed': 'lucky' is not a valid integer ('podium draw --help' shows how to use it).\n"),
    (["matches", "ms", "--pendin"], "Error: No such option '--pendin'; did you mean '--pending'?\n"),
    (["--lang", "fr", "matches", "ms"],
     "Error: Invalid value for '--lang': 'fr' is not one of 'zh', 'en' ('podium --help' shows how to use it).\n"),
    (["result", "ms", "1", "2", "3", "4"],
     "Error: Give the match (its number, or its two entrants) and then the result ('podium result --help' shows how to use it).\n"),
    (["entrants", "list", "ms", "extra"],
     "Error: Got unexpected extra argument (extra) ('podium entrants list --help' shows how to use it).\n"),
]


@pytest.mark.parametrize(("args", "said"), MISTAKES, ids=[" ".join(a) for a, _ in MISTAKES])
def test_a_usage_error_is_one_sentence(make_meet, podium, args, said):
    folder = make_meet(entrants=PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    before = (folder / "meet.sqlite").read_bytes()
    refused = podium(folder, *args, ok=False)
    assert (refused.exit_code, refused.output) == (2, said)
    assert "Usage:" not in refused.output
    assert (folder / "meet.sqlite").read_bytes() == before


def test_a_usage_error_in_chinese_is_one_sentence(make_meet, podium):
    folder = make_meet(entrants=PLAYERS)
    refused = podium(folder, "--lang", "zh", "correct", "ms", "1", "11-3 11-3 11-3", ok=False)
    assert (refused.exit_code, refused.output) == (2, "错误：缺少选项 '--reason'（用法见“podium correct --help”）。\n")


def test_podium_alone_still_shows_the_help(podium):
    shown = podium(None, ok=False)
    assert shown.output.startswith("Usage: podium [OPTIONS] COMMAND [ARGS]...")


def test_the_redraw_refusal_is_one_sentence(make_meet, podium):
    folder = make_meet(entrants=PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    podium(folder, "result", "ms", "1", "11-3 11-3 11-3")
    refused = podium(folder, "draw", "ms", "--redraw", ok=False)
    sentence = refused.output.removeprefix("Error: ").rstrip("\n")
    assert re.fullmatch(r"[^.]+\.", sentence), sentence


def test_a_usage_error_of_a_command_given_json_is_json_on_stdout(make_meet, podium):
    """docs/errors.md: a command given --json prints its error to stdout as one JSON object, a usage error too (code
    ``usage``), so a script reads one stream."""
    import json

    folder = make_meet(entrants=PLAYERS)
    for args, sentence in (
        (["matches", "--json"], "Missing argument 'EVENT' ('podium matches --help' shows how to use it)."),
        (["standings", "ms", "--json", "--bogus"], "No such option '--bogus' ('podium standings --help' shows how to use it)."),
    ):
        refused = podium(folder, *args, ok=False)
        assert refused.exit_code == 2
        assert json.loads(refused.stdout) == {
            "error": {"code": "usage", "message": sentence, "params": {}, "target": {}, "hint": None, "details": []}
        }
