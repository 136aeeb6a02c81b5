"""``meet.toml`` changed while ``podium serve`` runs (docs/web.md, "When meet.toml changes"): the forms check results
by the rules the command line uses, the board shows the meet as the file now says, and a file with a problem stops
every write, with the command line's sentence, while the board goes on by the last valid file."""

from __future__ import annotations

import html
from pathlib import Path

from starlette.testclient import TestClient

from podium.faces.web import create_app
from podium.journal.entries import Kind
from podium.services.entry_links import Scope
from tests.web.conftest import ENTRANTS, MEET_TOML, drawn_meet
from tests.web.test_desk import csrf, sign_in
from tests.web.test_entry import form_key, link

BEST_OF_3 = MEET_TOML.replace("best_of = 5", "best_of = 3")


def rewrite(folder: Path, old: str, new: str) -> str:
    """``meet.toml`` of ``folder`` with ``old`` replaced by ``new`` (as an organiser edits it); its new text."""
    path = folder / "meet.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text.replace(old, new)


def results(client: TestClient) -> list[str]:
    """The results in the journal, read from the store itself (a ``meet.toml`` with a problem cannot be opened)."""
    return [e.payload["result"] for e in client.app.state.site.meet.store.read(None) if e.kind is Kind.RESULT]


def test_a_form_checks_the_result_by_the_rules_meet_toml_now_gives(tmp_path, settings):
    folder = drawn_meet(tmp_path / "meet", BEST_OF_3, ENTRANTS, "ms")
    with TestClient(create_app(folder, settings)) as client:
        token = link(client, Scope("match", event="ms", item="1"))
        key = form_key(client.get(f"/entry/{token}/ms/1").text)  # the form as it was opened under best_of = 3
        rewrite(folder, "best_of = 3", "best_of = 5")
        answer = client.post(f"/entry/{token}/ms/1", data={"form": key, "result": "11-9 11-5"})
        # a best of 5 is won by the first to 3 games (ITTF 2.12): two games won are not a finished match
        assert answer.status_code == 422
        assert "The match is not finished: in a best of 5 the winner needs 3 games, and the games are 2-0." in answer.text
        assert results(client) == []
        done = client.post(f"/entry/{token}/ms/1", data={"form": form_key(answer.text), "result": "11-9 11-5 11-3"})
        assert done.status_code == 200
        assert results(client) == ["11-9 11-5 11-3"]


def test_the_board_shows_the_event_as_meet_toml_now_names_it(client, meet_folder):
    assert "Men&#39;s singles" in client.get("/events/ms").text  # the page is kept until the event changes
    rewrite(meet_folder, 'en = "Men\'s singles"', 'en = "Men\'s open singles"')
    for path in ("/events/ms", "/"):
        page = client.get(path)
        assert page.status_code == 200
        assert "Men&#39;s open singles" in page.text and "Men&#39;s singles" not in page.text


def test_a_meet_toml_with_a_problem_stops_every_write_and_the_board_goes_on(client, meet_folder):
    token = link(client, Scope("match", event="ms", item="1"))
    key = form_key(client.get(f"/entry/{token}/ms/1").text)
    desk = sign_in(client)
    text = rewrite(meet_folder, "best_of = 5", "best_of = 4")
    line = text.splitlines().index("best_of = 4") + 1
    sentence = f"meet.toml:{line}: events.ms.rules.best_of (Men's singles): option 'best_of' cannot be 4; valid values: 1, 3, 5, 7"
    # what `podium matches ms` prints now after "Error: "; the same on the pages
    for answer in (client.get(f"/entry/{token}/ms/1"), client.post(f"/entry/{token}/ms/1", data={"form": key, "result": "11-9 11-5 11-3"})):
        assert answer.status_code == 503
        shown = html.unescape(answer.text)
        assert sentence in shown
        assert "Results cannot be entered now: the meet's settings file was changed and has a problem the organiser must correct." in shown
    assert results(client) == []
    refused = client.post("/desk/withdraw", data={"csrf": desk, "event": "ms", "entrant": "张伟", "reason": "ill"})
    assert refused.status_code == 503 and sentence in html.unescape(refused.text)
    assert sentence in html.unescape(client.get("/desk").text)  # the organiser sees it on opening the desk
    chinese = html.unescape(client.get(f"/entry/{token}/ms/1?lang=zh").text)
    assert f"meet.toml:{line}: events.ms.rules.best_of（男子单打）: 选项“best_of”不能是 4；可用的值：1, 3, 5, 7" in chinese
    assert "现在无法录入成绩：赛事设置文件已被修改且有错误，需由组织者改正。" in chinese
    board = client.get("/events/ms?lang=en")  # the board: by the last valid meet.toml
    assert board.status_code == 200 and "Men&#39;s singles" in board.text
    rewrite(meet_folder, "best_of = 4", "best_of = 5")  # corrected: results can be entered again
    done = client.post(f"/entry/{token}/ms/1", data={"form": key, "result": "11-9 11-5 11-3"})
    assert done.status_code == 200 and results(client) == ["11-9 11-5 11-3"]
    assert sentence not in html.unescape(client.get("/desk").text)
    assert csrf(client.get("/desk").text) == desk
