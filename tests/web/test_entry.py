"""Result entry through entry links (issue 17, "Result entry for referees"): the form calls the same result service
as ``podium result``; refusals carry the CLI's sentence; a form sent twice records once; two referees: one wins; a
link is limited to its table and refused when expired, revoked or forged."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from starlette.testclient import TestClient

from podium.journal.entries import Kind
from podium.services.entry_links import Scope
from podium.services.meet import Meet
from tests.web.conftest import on_table

ITTF_10_10 = "Game 1 (11-10): at 10-10 a game goes on until one side leads by 2 points (ITTF 2.11.1)."
"""What ``podium result ms 1 "11-10 11-5 11-3"`` prints (the table-tennis plugin's sentence for ITTF 2.11.1)."""


def link(client: TestClient, scope: Scope, hours: int = 2) -> str:
    return client.app.state.site.web.make_link(scope, hours, "test")[1]


def form_key(page: str) -> str:
    return re.search(r'name="form" value="([^"]+)"', page).group(1)


def results(folder: Path) -> list[tuple[str, str]]:
    return [(e.payload["match"], e.payload["result"]) for e in Meet(folder).state().journal if e.kind is Kind.RESULT]


def test_a_table_link_lists_only_the_matches_on_its_table(client, meet_folder):
    token = link(client, Scope("table", venue="gym", table="T1"))
    page = client.get(f"/entry/{token}")
    assert page.status_code == 200
    listed = sorted(int(n) for n in re.findall(rf'href="/entry/{re.escape(token)}/ms/(\d+)"', page.text))
    assert listed == sorted(on_table(meet_folder, "T1"))
    assert listed and set(listed).isdisjoint(on_table(meet_folder, "T2"))


def test_11_10_is_refused_with_the_ittf_sentence_then_a_valid_score_is_recorded(client, meet_folder):
    number = on_table(meet_folder, "T1")[0]
    token = link(client, Scope("table", venue="gym", table="T1"))
    form = client.get(f"/entry/{token}/ms/{number}")
    assert form.status_code == 200
    key = form_key(form.text)
    refused = client.post(f"/entry/{token}/ms/{number}", data={"form": key, "result": "11-10 11-5 11-3"})
    assert refused.status_code == 422
    assert ITTF_10_10 in refused.text
    assert 'aria-invalid="true"' in refused.text and 'value="11-10 11-5 11-3"' in refused.text  # kept next to the field
    assert results(meet_folder) == []
    done = client.post(f"/entry/{token}/ms/{number}", data={"form": form_key(refused.text), "result": "11-9 11-7 11-5"})
    assert done.status_code == 200
    assert f"Match {number} recorded:" in done.text
    assert f"<h1>Men&#39;s singles #{number}</h1>" in done.text  # a table's link lists several events' matches
    assert [r for _m, r in results(meet_folder)] == ["11-9 11-7 11-5"]


def test_the_journal_says_which_link_entered_a_result(client, meet_folder):
    number = on_table(meet_folder, "T1")[0]
    token = client.app.state.site.web.make_link(Scope("table", venue="gym", table="T1"), 2, "Table 1")[1]
    key = form_key(client.get(f"/entry/{token}/ms/{number}").text)
    client.post(f"/entry/{token}/ms/{number}", data={"form": key, "result": "11-9 11-7 11-5"})
    entry = Meet(meet_folder).state().journal[-1]
    assert (entry.kind, entry.actor) == (Kind.RESULT, "web:link:Table 1")
    assert token not in repr(entry) and token.split(".")[0] not in repr(entry)  # never the token


def test_a_resubmitted_form_records_once_and_answers_with_what_was_stored(client, meet_folder):
    number = on_table(meet_folder, "T1")[0]
    token = link(client, Scope("table", venue="gym", table="T1"))
    key = form_key(client.get(f"/entry/{token}/ms/{number}").text)
    first = client.post(f"/entry/{token}/ms/{number}", data={"form": key, "result": "11-9 11-7 11-5"})
    again = client.post(f"/entry/{token}/ms/{number}", data={"form": key, "result": "11-9 11-7 11-5"})
    assert first.status_code == again.status_code == 200
    sentence = re.search(r'<p class="notice" role="status">(.*?)</p>', first.text).group(1)
    assert sentence in again.text
    assert len(results(meet_folder)) == 1


def test_two_referees_at_once_one_wins_and_the_other_sees_the_stored_result(client, meet_folder):
    number = on_table(meet_folder, "T1")[0]
    token = link(client, Scope("table", venue="gym", table="T1"))
    other = link(client, Scope("venue", venue="gym"))
    mine = form_key(client.get(f"/entry/{token}/ms/{number}").text)
    theirs = form_key(client.get(f"/entry/{other}/ms/{number}").text)
    assert client.post(f"/entry/{token}/ms/{number}", data={"form": mine, "result": "11-9 11-7 11-5"}).status_code == 200
    late = client.post(f"/entry/{other}/ms/{number}", data={"form": theirs, "result": "5-11 7-11 9-11"})
    assert late.status_code == 409
    assert "11-9 11-7 11-5" in late.text and "Another referee entered the result" in late.text
    assert [r for _m, r in results(meet_folder)] == ["11-9 11-7 11-5"]


def test_a_token_for_table_t1_cannot_enter_a_match_on_t2(client, meet_folder):
    number = on_table(meet_folder, "T2")[0]
    token = link(client, Scope("table", venue="gym", table="T1"))
    outside = client.get(f"/entry/{token}/ms/{number}")
    assert outside.status_code == 403
    assert f"This entry link is not for match {number} of Men&#39;s singles." in outside.text  # the name a referee knows
    key = form_key(client.get(f"/entry/{link(client, Scope('table', venue='gym', table='T2'))}/ms/{number}").text)
    refused = client.post(f"/entry/{token}/ms/{number}", data={"form": key, "result": "11-9 11-7 11-5"})
    assert refused.status_code == 403
    assert results(meet_folder) == []


def test_a_match_link_enters_that_match_only(client, meet_folder):
    token = link(client, Scope("match", event="ms", item="2"))
    assert client.get(f"/entry/{token}", follow_redirects=False).headers["location"] == f"/entry/{token}/ms/2"
    assert client.get(f"/entry/{token}/ms/2").status_code == 200
    assert client.get(f"/entry/{token}/ms/3").status_code == 403


def test_expired_revoked_and_forged_links_are_refused(client, meet_folder):
    site = client.app.state.site
    number = on_table(meet_folder, "T1")[0]
    long_ago = dt.datetime.now(dt.UTC) - dt.timedelta(hours=3)
    _expired, expired = site.web.make_link(Scope("venue", venue="gym"), 1, "old", now=long_ago)  # ended 2 hours ago
    revoked_link, revoked = site.web.make_link(Scope("venue", venue="gym"), 2, "gone")
    working = link(client, Scope("venue", venue="gym"))
    key = form_key(client.get(f"/entry/{working}/ms/{number}").text)
    assert site.web.revoke(revoked_link.id)
    for token, sentence in (
        (expired, "This entry link expired"),
        (revoked, "This entry link was revoked"),
        (working[:-2] + ("AA" if not working.endswith("AA") else "BB"), "This entry link is not valid"),
    ):
        page = client.get(f"/entry/{token}")
        assert page.status_code == 403 and sentence in page.text
        post = client.post(f"/entry/{token}/ms/{number}", data={"form": key, "result": "11-9 11-7 11-5"})
        assert post.status_code == 403
    assert results(meet_folder) == []


def test_a_form_key_of_another_match_is_refused(client, meet_folder):
    first, second = on_table(meet_folder, "T1")[:2]
    token = link(client, Scope("table", venue="gym", table="T1"))
    key = form_key(client.get(f"/entry/{token}/ms/{first}").text)
    assert client.post(f"/entry/{token}/ms/{second}", data={"form": key, "result": "11-9 11-7 11-5"}).status_code == 400
    assert results(meet_folder) == []


def test_entry_is_rate_limited_per_link(strict_client, meet_folder):
    from podium.faces.web.settings import Limit

    with strict_client(entry_limit=Limit(2, 60)) as client:
        number = on_table(meet_folder, "T1")[0]
        token = link(client, Scope("table", venue="gym", table="T1"))
        key = form_key(client.get(f"/entry/{token}/ms/{number}").text)
        codes = [client.post(f"/entry/{token}/ms/{number}", data={"form": key, "result": "11-10"}).status_code for _ in range(3)]
    assert codes == [422, 422, 429]


def test_tokens_stay_out_of_the_access_log():
    from podium.faces.web.guard import redact

    assert redact("/entry/SECRET.sig/ms/3") == "/entry/…/ms/3"
    assert redact("/desk/sign-in/SECRET") == "/desk/sign-in/…"
    assert redact("/events/ms") == "/events/ms"


def test_the_access_log_is_json_without_tokens(client, meet_folder, caplog):
    import json
    import logging

    number = on_table(meet_folder, "T1")[0]
    token = link(client, Scope("table", venue="gym", table="T1"))
    with caplog.at_level(logging.INFO, logger="podium.web.access"):
        client.get(f"/entry/{token}/ms/{number}")
    lines = [json.loads(r.getMessage()) for r in caplog.records if r.name == "podium.web.access"]
    assert [(line["method"], line["path"], line["status"]) for line in lines] == [("GET", f"/entry/…/ms/{number}", 200)]
    assert token not in caplog.text


def test_the_result_field_shows_how_a_result_of_this_match_is_written(tmp_path, settings):
    """A best of five: a 3-1 match, 11-9 9-11 11-7 11-5; a best of three: a 2-1 match, 11-9 9-11 11-7 (the example
    of a best of five would be refused there: the match is decided after game 3)."""
    from podium.faces.web import create_app
    from tests.web.conftest import ENTRANTS, MEET_TOML, drawn_meet

    for best_of, example in ((5, "11-9 9-11 11-7 11-5"), (3, "11-9 9-11 11-7")):
        folder = drawn_meet(tmp_path / f"bo{best_of}", MEET_TOML.replace("best_of = 5", f"best_of = {best_of}"), ENTRANTS, "ms")
        with TestClient(create_app(folder, settings)) as client:
            page = client.get(f"/entry/{link(client, Scope('match', event='ms', item='1'))}/ms/1").text
        assert re.findall(r'name="result"[^>]*placeholder="([^"]*)"', page) == [example]


def test_the_result_field_of_a_one_game_sport_does_not_ask_for_games(tmp_path, settings):
    """A xiangqi match is one game (1-0, 0-1 or =), a tug-of-war match a best of three pulls: the field asks for the
    result written from the first-named side, and says nothing of games, which only a table-tennis match has."""
    from podium.faces.web import create_app
    from tests.web.conftest import ENTRANTS, MEET_TOML, drawn_meet

    toml = MEET_TOML.replace('sport = "table_tennis"', 'sport = "xiangqi"').replace("[events.ms.rules]\nbest_of = 5\n", "")
    folder = drawn_meet(tmp_path / "xq", toml, ENTRANTS, "ms")
    with TestClient(create_app(folder, settings)) as client:
        token = link(client, Scope("match", event="ms", item="1"))
        english, chinese = (client.get(f"/entry/{token}/ms/1?lang={lang}").text for lang in ("en", "zh"))
    first = re.search(r'<p class="sides"><span>([^<]+)</span>', english).group(1)
    assert f'<label for="result">Result, written from {first}&#39;s side</label>' in english
    assert f'<label for="result">结果（按{first}一方填写）</label>' in chinese
