"""Errors with codes (issue 16, item 2): every error Podium raises has a stable, documented code; its sentence
is translated where it is shown, not where it is raised; a next step is a hint the face words (the CLI as a
command), and no sentence of the domain names a command; ``--json`` gives programs the code."""

from __future__ import annotations

import importlib.util
import json
import pickle
import re
import sys
from pathlib import Path

import pytest

from podium.errors import Hint, PodiumError, StateError, Target, problem
from podium.faces.cli.hints import HINTS
from podium.i18n import N_, Label, Message, use_language

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def scanned():
    tool = _load("error_docs")
    sites, findings = tool.scan()
    return tool, sites, findings


def test_every_raise_has_a_code_and_a_code_one_meaning(scanned):
    """No raise site without a code, no sentence translated where it is raised, one sentence per code and one
    code per sentence, the values given fit the sentence's placeholders, and every area is documented."""
    tool, sites, findings = scanned
    assert tool.check(sites, findings) == []
    assert len({s.code for s in sites}) > 400


def test_docs_list_every_code(scanned):
    tool, sites, _findings = scanned
    assert (ROOT / "docs" / "errors.md").read_text(encoding="utf-8") == tool.render(sites), "run: python tools/error_docs.py"


def test_the_checks_catch_what_they_are_for(scanned):
    """The checks fail on the mistakes they exist for (so that passing means something)."""
    tool, _sites, _findings = scanned
    site = tool.Site
    assert tool.check([site("core/a.py:1", "event.x", "A {b}.", ("b",), (), ()), site("core/b.py:2", "event.x", "C.", (), (), ())], [])
    assert tool.check([site("core/a.py:1", "event.x", "A.", (), (), ()), site("core/b.py:2", "event.y", "A.", (), (), ())], [])
    assert tool.check([site("core/a.py:1", "event.x", "A {b}.", ("c",), (), ())], [])
    assert tool.check([site("core/a.py:1", "nowhere.x", "A.", (), (), ())], [])
    assert tool.check([site("plugins/xiangqi/a.py:1", "weiqi.x", "A.", (), (), ())], [])
    assert tool.check([], [tool.Finding("core/a.py:1", "PodiumError(…) has no code")])


def test_every_hint_has_a_cli_wording_and_every_wording_a_hint(scanned):
    _tool, sites, _findings = scanned
    used = {action for site in sites for action, _values in site.hints}
    assert used == set(HINTS)


def test_no_sentence_outside_the_cli_names_a_command():
    """A next step is a hint the face renders; the domain (core outside faces/cli, plugins, templates) never
    writes ``podium <command>`` into a sentence."""
    i18n = _load("i18n")
    naming = {
        text: [w for w in where if not w.startswith("core/faces/cli/")]
        for message, where in i18n.extracted().items()
        for text in ([message] if isinstance(message, str) else list(message))
        if re.search(r"\bpodium [a-z]", text)
    }
    assert {text: where for text, where in naming.items() if where} == {}


def test_one_error_is_shown_in_either_language():
    """The sentence is translated where it is shown: the same object in Chinese and in English, the event's
    bilingual name in the language of the sentence; the target and the hint keep its key."""
    name = Label(zh="男子单打", en="Men's singles")
    with use_language("zh"):  # raised under Chinese …
        error = StateError(
            N_("{event} has not been drawn yet."), code="event.not_drawn",
            event=name, target=Target(event="ms"), hint=Hint("draw", event="ms"),
        )
    assert error.render("en") == "Men's singles has not been drawn yet."  # … shown in English
    assert error.render("zh") == "男子单打尚未抽签。"
    assert str(error) == "Men's singles has not been drawn yet."  # the tests' language is English
    with use_language("zh"):
        assert str(error) == "男子单打尚未抽签。"
    assert (error.code, dict(error.params), error.target, error.hint) == (
        "event.not_drawn", {"event": name}, Target(event="ms"), Hint("draw", event="ms"),
    )


def test_nested_text_follows_the_language_of_the_sentence():
    """A value that is itself text (a phrase, a bilingual name) is shown in the sentence's language."""
    error = StateError(
        N_("{name} has no {penalty} to cancel in {event}."), code="tie.nothing_to_cancel",
        name="Ann", penalty=Message(N_("warning")), event=Label(zh="男子单打", en="Men's singles"),
    )
    assert error.render("en") == "Ann has no warning to cancel in Men's singles."
    assert error.render("zh") == "Ann 在男子单打中没有可撤销的警告。"


def test_as_json_has_code_message_params_target_hint_and_details():
    found = problem(N_("the name is empty"), code="entrants.name_empty").framed(
        Message(N_("{path} row {row}: {message}"), path="a.csv", row=3), Target(file="a.csv", rows=(3,))
    )
    error = PodiumError(
        N_("{path}: entrants break their event's rules; nothing was imported:"), code="entrants.sport_rules_broken",
        path="a.csv", target=Target(file="a.csv"), details=(found,),
    )
    assert error.as_json("en") == {
        "code": "entrants.sport_rules_broken",
        "message": "a.csv: entrants break their event's rules; nothing was imported:",
        "params": {"path": "a.csv"},
        "target": {"file": "a.csv"},
        "hint": None,
        "details": [
            {
                "code": "entrants.name_empty",
                "message": "a.csv row 3: the name is empty",
                "params": {},
                "target": {"file": "a.csv", "rows": [3]},
                "hint": None,
            }
        ],
    }


def test_an_error_survives_pickling():
    """Errors cross process boundaries (a worker printing documents) with their code and sentence."""
    error = StateError(N_("{event} has not been drawn yet."), code="event.not_drawn", event=Label(zh="男子单打", en="Men's singles"))
    again = pickle.loads(pickle.dumps(error))
    assert (type(again), again.code, again.render("en")) == (StateError, "event.not_drawn", "Men's singles has not been drawn yet.")


def test_a_sentence_without_a_code_is_shown_as_given():
    """A plugin may raise a sentence it translated itself: it gets its class's code and is shown as it is."""
    from podium.errors import ResultError

    error = ResultError("Game 1 {11-9} is odd.")
    assert (error.code, error.render("zh"), error.render("en")) == ("result.invalid", "Game 1 {11-9} is odd.", "Game 1 {11-9} is odd.")


def test_a_placeholder_named_like_a_keyword_is_refused():
    with pytest.raises(TypeError):
        PodiumError(N_("first to {target} points"), code="x.y", target=11)


def test_cli_prints_the_sentence_with_its_hint(make_meet, podium):
    """The CLI words the hint as the command to type, joined to the sentence (exit status 2)."""
    folder = make_meet()
    done = podium(folder, "result", "ms", "1", "11-9 11-7 11-5", ok=False)
    assert done.exit_code == 2
    assert done.output == "Error: Men's singles has not been drawn yet; run 'podium draw ms'.\n"
    done = podium(folder, "--lang", "zh", "result", "ms", "1", "11-9 11-7 11-5", ok=False)
    assert done.output == "错误：男子单打尚未抽签；请运行 podium draw ms。\n"


def test_standings_and_matches_of_an_event_not_drawn_are_errors(make_meet, podium):
    """Before its draw an event has no matches and no standings: both commands refuse, as 'podium result' does,
    naming the event by its name (meet.toml: 男子单打 / Men's singles) in the reader's language; the command to
    type, the target and the hint keep its key."""
    folder = make_meet()
    for command in ("standings", "matches"):
        done = podium(folder, command, "ms", ok=False)
        assert (done.exit_code, done.stdout) == (2, "")
        assert done.stderr == "Error: Men's singles has not been drawn yet; run 'podium draw ms'.\n"
        done = podium(folder, "--lang", "zh", command, "ms", ok=False)
        assert done.stderr == "错误：男子单打尚未抽签；请运行 podium draw ms。\n"
        done = podium(folder, command, "ms", "--json", ok=False)
        assert done.exit_code == 2
        assert json.loads(done.stdout)["error"] == {
            "code": "event.not_drawn",
            "message": "Men's singles has not been drawn yet.",
            "params": {"event": "Men's singles"},
            "target": {"event": "ms"},
            "hint": {"action": "draw", "params": {"event": "ms"}, "text": "run 'podium draw ms'"},
            "details": [],
        }


def test_cli_prints_errors_as_json_after_json(make_meet, podium):
    """A command given --json prints its error as JSON on stdout, with the code, and exits with status 2."""
    folder = make_meet()
    done = podium(folder, "standings", "nope", "--json", ok=False)
    assert done.exit_code == 2
    error = json.loads(done.stdout)["error"]
    assert error == {
        "code": "event.unknown",
        "message": "Unknown event 'nope'; events of this meet: ms.",
        "params": {"event": "nope", "valid": "ms"},
        "target": {"event": "nope"},
        "hint": None,
        "details": [],
    }
    assert done.stderr == ""
    done = podium(folder, "--lang", "zh", "matches", "nope", "--json", ok=False)
    assert json.loads(done.stdout)["error"]["message"] == "未知项目“nope”；本赛事的项目有：ms。"


def test_cli_json_error_carries_the_hint_as_the_cli_words_it(tmp_path, podium):
    done = podium(tmp_path, "standings", "ms", "--json", ok=False)
    assert done.exit_code == 2
    error = json.loads(done.stdout)["error"]
    assert (error["code"], error["target"]) == ("meet.not_found", {"file": str(tmp_path)})
    assert error["hint"] == {"action": "init", "params": {}, "text": "run 'podium init DIR' or pass --meet DIR"}
