"""The organiser's desk (issue 17, "Security"): every organiser action is refused without a session and without the
session's CSRF token; sign-in by password (Argon2 hash) or the one-time link, which works once; sign-in is
rate-limited; actions call the CLI's services."""

from __future__ import annotations

import datetime as dt
import re
from html.parser import HTMLParser

import pytest

from podium.faces.web.desk import ACTIONS
from podium.journal.entries import Kind
from podium.services.meet import Meet
from tests.web.conftest import PASSWORD, sign_in_once

POSTS = [f"/desk/{name}" for name in ACTIONS] + ["/desk/sign-out"]
"""Every form of the desk that changes something."""


def csrf(page: str) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', page).group(1)


def sign_in(client) -> str:
    """Sign in with the password; the desk's CSRF token."""
    token = csrf(client.get("/desk").text)
    answer = client.post("/desk/sign-in", data={"csrf": token, "password": PASSWORD}, follow_redirects=False)
    assert answer.status_code == 303
    return csrf(client.get("/desk").text)


def journal_kinds(folder) -> list[Kind]:
    return [e.kind for e in Meet(folder).state().journal]


def test_the_actions_listed_are_the_desks(client):
    assert set(ACTIONS) == {"draw", "advance", "pair", "lots", "playoff", "withdraw", "correct", "pin", "unpin", "link", "tables", "revoke"}


@pytest.mark.parametrize("path", POSTS)
def test_every_organiser_action_is_refused_without_a_session(client, meet_folder, path):
    before = journal_kinds(meet_folder)
    token = csrf(client.get("/desk").text)  # a CSRF token of a session that is not signed in
    answer = client.post(path, data={"csrf": token, "event": "ms", "entrant": "张伟", "reason": "ill", "kind": "venue", "venue": "gym"})
    assert answer.status_code == 401
    assert "Sign in as the organiser first." in answer.text
    assert journal_kinds(meet_folder) == before
    assert client.app.state.site.web.links() == []


@pytest.mark.parametrize("path", POSTS)
def test_every_organiser_action_is_refused_without_the_csrf_token(client, meet_folder, path):
    sign_in(client)
    before = journal_kinds(meet_folder)
    for token in (None, "forged-token"):
        data = {"event": "ms", "entrant": "张伟", "reason": "ill", "kind": "venue", "venue": "gym"}
        if token:
            data["csrf"] = token
        answer = client.post(path, data=data)
        assert answer.status_code == 403
    assert journal_kinds(meet_folder) == before
    assert client.app.state.site.web.links() == []
    assert client.get("/desk").text.count("Sign out") == 1  # still signed in


def test_a_wrong_password_is_refused_and_sign_in_is_rate_limited(strict_client):
    from podium.faces.web.settings import Limit

    with strict_client(sign_in_limit=Limit(3, 60)) as client:
        token = csrf(client.get("/desk").text)
        codes = [client.post("/desk/sign-in", data={"csrf": token, "password": "guess"}).status_code for _ in range(3)]
        last = client.post("/desk/sign-in", data={"csrf": token, "password": PASSWORD})
    assert codes == [401, 401, 401]
    assert last.status_code == 429  # even the right password waits


def test_the_one_time_link_signs_in_once(client):
    assert sign_in_once(client, follow_redirects=False).status_code == 303
    assert "Organiser&#39;s desk" in client.get("/desk").text
    client.cookies.clear()
    again = sign_in_once(client, follow_redirects=False)
    assert again.status_code == 403
    assert "Organiser sign-in" in client.get("/desk").text


def test_opening_the_one_time_link_without_pressing_its_button_does_not_use_it(client):
    """A chat app or mail scanner fetching the link for a preview (a GET) neither signs in nor uses the link up."""
    for _ in range(3):
        page = client.get("/desk/sign-in/one-time-secret", follow_redirects=False)
        assert page.status_code == 200 and "signs in once, with this button" in page.text
    assert "Organiser sign-in" in client.get("/desk").text  # not signed in by opening it
    assert sign_in_once(client, follow_redirects=False).status_code == 303


def test_the_one_time_link_needs_the_pages_csrf_token(client):
    client.get("/desk/sign-in/one-time-secret")
    answer = client.post("/desk/sign-in/one-time-secret", data={"csrf": "forged"}, follow_redirects=False)
    assert answer.status_code == 403 and "This form has expired" in answer.text
    assert sign_in_once(client, follow_redirects=False).status_code == 303  # the forged form did not use it up


def test_signing_out_ends_the_session_for_every_copy_of_its_cookie(client, meet_folder):
    """A cookie copied before signing out (a shared desk computer, a stolen cookie) no longer signs anybody in."""
    token = sign_in(client)
    kept = dict(client.cookies)
    assert client.post("/desk/sign-out", data={"csrf": token}, follow_redirects=False).status_code == 303
    client.cookies.clear()
    client.cookies.update(kept)
    answer = client.post("/desk/link", data={"csrf": token, "kind": "venue", "venue": "gym", "label": "after sign-out"})
    assert answer.status_code == 401 and "Sign in as the organiser first." in answer.text
    assert client.app.state.site.web.links() == []
    assert "Organiser sign-in" in client.get("/desk").text


def test_a_new_session_deletes_the_sessions_that_are_over(meet_folder):
    """web.sqlite keeps the sessions that may still sign somebody in: starting one deletes those signed out and those
    started 12 hours ago or more, and keeps the others."""
    import sqlite3

    from podium.services.entry_links import WebStore

    store = WebStore(meet_folder)
    start = dt.datetime(2026, 12, 5, 8, 0, tzinfo=dt.UTC)
    morning = store.start_session(start)  # 08:00: over at 20:00
    signed_out = store.start_session(start + dt.timedelta(hours=1))
    store.end_session(signed_out, start + dt.timedelta(hours=2))
    noon = store.start_session(start + dt.timedelta(hours=4))  # 12:00: over at 24:00
    evening = store.start_session(start + dt.timedelta(hours=12))  # 20:00: the morning's is just over
    with sqlite3.connect(meet_folder / "web" / "web.sqlite") as connection:
        kept = {row[0] for row in connection.execute("SELECT id FROM sessions")}
    assert kept == {noon, evening}
    assert not store.session_open(morning, start + dt.timedelta(hours=12))
    assert store.session_open(noon, start + dt.timedelta(hours=12))


def test_the_session_cookie_is_http_only_and_same_site(client):
    answer = sign_in_once(client, follow_redirects=False)
    header = answer.headers["set-cookie"].lower()
    assert header.startswith("podium_session=") and "httponly" in header and "samesite=lax" in header
    assert "secure" not in header  # plain HTTP on 127.0.0.1 unless --secure-cookies


def test_secure_cookies_are_sent_over_https_only(meet_folder):
    from starlette.testclient import TestClient

    from podium.faces.web import WebSettings, create_app

    with TestClient(create_app(meet_folder, WebSettings(sign_in_token="t", secure_cookies=True)), base_url="https://testserver") as client:
        header = sign_in_once(client, "t", follow_redirects=False).headers["set-cookie"].lower()
    assert "; secure" in header


def test_a_correction_needs_a_reason_and_records_one_with_it(client, meet_folder):
    token = sign_in(client)
    entry = client.post("/desk/correct", data={"csrf": token, "event": "ms", "match": "1", "result": "11-9 11-7 11-5", "reason": ""})
    assert entry.status_code == 422 and "Give the reason for the correction." in entry.text
    from podium.services.results import record

    record(Meet(meet_folder), "ms", ["1"], "11-9 11-7 11-5")
    done = client.post("/desk/correct", data={"csrf": token, "event": "ms", "match": "1", "result": "9-11 11-7 11-5 11-3", "reason": "game 1 swapped"})
    assert done.status_code == 200  # the desk again, after the redirect
    assert "Match 1 corrected:" in done.text
    corrections = [e for e in Meet(meet_folder).state().journal if e.kind is Kind.CORRECTION]
    assert [(e.payload["result"], e.reason, e.actor) for e in corrections] == [("9-11 11-7 11-5 11-3", "game 1 swapped", "web:organiser")]


def test_a_refusal_of_a_service_is_shown_with_its_sentence(client):
    token = sign_in(client)
    answer = client.post("/desk/draw", data={"csrf": token, "event": "ms"})
    assert answer.status_code == 422
    assert "Men&#39;s singles is already drawn" in answer.text


def test_entry_links_are_made_and_revoked_from_the_desk(client):
    token = sign_in(client)
    made = client.post("/desk/link", data={"csrf": token, "kind": "table", "venue": "gym", "table": "T1", "label": "table 1"})
    assert made.status_code == 200 and "Entry link made: table 1." in made.text
    links = client.app.state.site.web.links()
    assert [(link.scope.kind, link.scope.venue, link.scope.table) for link in links] == [("table", "gym", "T1")]
    url = re.search(r'href="(http://testserver/entry/[^"]+)"', made.text).group(1)
    assert client.get(url).status_code == 200
    assert 'src="data:image/svg+xml' in made.text  # the QR code to scan
    client.post("/desk/revoke", data={"csrf": token, "link": links[0].id})
    assert client.get(url).status_code == 403


def test_withdrawal_and_journal(client, meet_folder):
    token = sign_in(client)
    done = client.post("/desk/withdraw", data={"csrf": token, "event": "ms", "entrant": "张伟", "reason": "ill"})
    assert "张伟 withdrawn from Men&#39;s singles." in done.text  # the event by its name, not its key "ms"
    assert journal_kinds(meet_folder)[-1] is Kind.WITHDRAWAL
    page = client.get("/desk/journal")
    assert page.status_code == 200
    assert re.search(r'<td>Men&#39;s singles</td><td class="what">张伟 withdrawn</td><td>organiser \(web\)</td><td>ill</td>', page.text)


def test_the_journal_names_each_event_as_the_board_does(client):
    """The organiser reads 男子单打 in the journal's event column, as on every other page, not meet.toml's key ms."""
    sign_in(client)
    page = client.get("/desk/journal?lang=zh").text
    rows = re.findall(r'<tr><td class="num">(\d+)</td><td>[^<]*</td><td>([^<]*)</td><td class="what">([^<]*)</td>', page)
    assert ("2", "男子单打", "阶段“单循环”已抽签，随机种子 1") in rows  # the draw: seed 1, a round robin with no title
    assert "<td>ms</td>" not in page


def test_the_journal_and_printing_need_a_session(client):
    assert client.get("/desk/journal").status_code == 401
    assert client.get("/desk/print?kind=order").status_code == 401


def test_the_sign_in_form_needs_its_csrf_token(client):
    answer = client.post("/desk/sign-in", data={"password": PASSWORD})
    assert answer.status_code == 403
    assert "Organiser sign-in" in client.get("/desk").text  # not signed in


def test_any_document_prints_as_pdf(client):
    sign_in(client)
    pdf = client.get("/desk/print?kind=order")
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF")
    from io import BytesIO

    from pypdf import PdfReader

    text = "".join(page.extract_text() for page in PdfReader(BytesIO(pdf.content)).pages)
    assert "Order of play" in text and "张伟" in text


def test_pairing_a_round_robin_is_refused_with_the_commands_sentence(client):
    token = sign_in(client)
    answer = client.post("/desk/pair", data={"csrf": token, "event": "ms"})
    assert answer.status_code == 422
    assert "is laid out by its draw; there are no rounds to pair." in answer.text


def test_tokens_in_any_script_are_refused_not_crashed_on(client):
    """Tokens are compared in constant time as bytes: a token in Chinese characters is just wrong."""
    assert sign_in_once(client, "令牌", follow_redirects=False).status_code == 403
    client.get("/desk")
    assert client.post("/desk/sign-in", data={"csrf": "令牌", "password": PASSWORD}).status_code == 403


def test_a_card_with_a_qr_code_for_every_table(client):
    assert client.get("/desk/cards").status_code == 401
    token = sign_in(client)
    made = client.post("/desk/tables", data={"csrf": token})
    assert "Entry links made for 2 tables; print their cards." in made.text  # the hall has T1 and T2
    page = client.get("/desk/cards").text
    cards = re.findall(r'<div class="card-table">(Table \d)</div>\s*<img class="card-qr" src="data:image/svg\+xml[^"]+"', page)
    assert sorted(cards) == ["Table 1", "Table 2"]
    urls = re.findall(r'<div class="card-url">(http://testserver/entry/[^<]+)</div>', page)
    listed = [re.findall(r'href="/entry/[^"]+/ms/(\d+)"', client.get(url).text) for url in urls]
    assert all(listed) and set(listed[0]).isdisjoint(listed[1])  # each card's link enters its own table's matches


def test_a_match_is_pinned_on_a_table_and_unpinned(client, meet_folder):
    from tests.web.conftest import on_table

    token = sign_in(client)
    number = on_table(meet_folder, "T1")[0]
    pinned = client.post("/desk/pin", data={"csrf": token, "event": "ms", "match": str(number), "at": "10:30", "table": "T2"})
    assert f"Match {number} of Men&#39;s singles pinned at 10:30 on Table 2." in pinned.text  # the event by name
    assert number in on_table(meet_folder, "T2") and number not in on_table(meet_folder, "T1")
    unpinned = client.post("/desk/unpin", data={"csrf": token, "event": "ms", "match": str(number)})
    assert f"Match {number} of Men&#39;s singles is placed by the plan again." in unpinned.text
    assert number in on_table(meet_folder, "T1")  # where the plan put it before


def test_a_play_off_before_the_last_result_is_refused_with_the_commands_sentence(client, meet_folder):
    token = sign_in(client)
    answer = client.post("/desk/playoff", data={"csrf": token, "event": "ms", "names": "张伟，王磊", "reason": "table 1"})
    assert answer.status_code == 422
    assert "Stage &#39;Round robin&#39; of Men&#39;s singles still has 6 matches without a result; settle ties once every result is in." in answer.text
    assert [e.kind for e in Meet(meet_folder).state().journal] == [Kind.ENTRANTS, Kind.DRAW]


@pytest.mark.parametrize("seed", ["²", "12a", "-5", "9" * 19, "9" * 5000])
def test_a_seed_that_is_not_a_whole_number_is_refused_with_a_sentence(client, meet_folder, seed):
    """``int`` cannot read ``²`` (though ``str.isdigit`` takes it) nor 5,000 digits: a sentence, not a crash."""
    token = sign_in(client)
    before = journal_kinds(meet_folder)
    for action in ("draw", "pair", "advance", "lots"):
        answer = client.post(f"/desk/{action}", data={"csrf": token, "event": "ms", "seed": seed})
        assert answer.status_code == 422, action
        assert "The seed must be a whole number of at most 18 digits, like 2026." in answer.text
    assert journal_kinds(meet_folder) == before


def test_a_full_width_seed_is_read_as_the_number_it_is(tmp_path, settings):
    """A Chinese input method types ２０２６: the same seed as 2026."""
    from starlette.testclient import TestClient

    from podium.faces.web import create_app
    from podium.services.registration import import_entrants
    from tests.web.conftest import ENTRANTS, MEET_TOML

    folder = tmp_path / "undrawn"
    folder.mkdir()
    (folder / "meet.toml").write_text(MEET_TOML, encoding="utf-8")
    (folder / "entrants.csv").write_text(ENTRANTS, encoding="utf-8")
    import_entrants(Meet(folder), folder / "entrants.csv")
    with TestClient(create_app(folder, settings)) as client:
        answer = client.post("/desk/draw", data={"csrf": sign_in(client), "event": "ms", "seed": "２０２６"})
    assert answer.status_code == 200
    assert [e.facts.seed for e in Meet(folder).state().journal if e.kind is Kind.DRAW] == [2026]


@pytest.mark.parametrize("hours", ["0", "169", "200", "²", "-1", "9" * 5000])
def test_hours_of_a_link_outside_one_to_a_week_are_refused_not_replaced(client, hours):
    token = sign_in(client)
    for action, data in (("link", {"kind": "venue", "venue": "gym"}), ("tables", {})):
        answer = client.post(f"/desk/{action}", data={"csrf": token, "hours": hours, **data})
        assert answer.status_code == 422, action
        assert "The hours a link works must be a whole number from 1 to 168." in answer.text
    assert client.app.state.site.web.links() == []


def test_a_link_works_for_the_hours_given(client):
    token = sign_in(client)
    assert client.post("/desk/link", data={"csrf": token, "kind": "venue", "venue": "gym", "hours": "168"}).status_code == 200
    (link,) = client.app.state.site.web.links()
    assert link.expires - link.created == dt.timedelta(hours=168)


@pytest.mark.parametrize(
    ("data", "sentence"),
    [
        ({"kind": "match", "event": "ms", "match": "99"}, "Men&#39;s singles has no match or heat 99."),
        ({"kind": "match", "event": "ms", "match": "²"}, "Men&#39;s singles has no match or heat ²."),
        ({"kind": "venue", "venue": "nowhere"}, "There is no venue &#39;nowhere&#39;; venues: gym."),
        ({"kind": "table", "venue": "gym", "table": "T99"}, "Sports hall has no table, court or lane &#39;T99&#39;; it has Table 1 (T1), Table 2 (T2)."),
    ],
)
def test_a_link_for_something_the_meet_has_not_is_refused_when_it_is_made(client, data, sentence):
    answer = client.post("/desk/link", data={"csrf": sign_in(client), **data})
    assert answer.status_code == 422 and sentence in answer.text
    assert client.app.state.site.web.links() == []


def test_a_table_link_takes_the_place_as_people_read_it_and_is_labelled_so_for_the_referee(client):
    """The order of play names the hall's tables 1号台 / Table 2: the desk takes that name as well as the code, and a
    link the organiser gives no label is labelled as people read the place (not "gym T2"), which the referee sees
    above what waits at that table."""
    token = sign_in(client)
    for typed in ("Table 2", "2号台", "t2"):
        made = client.post("/desk/link", data={"csrf": token, "kind": "table", "venue": "gym", "table": typed})
        assert made.status_code == 200 and "Entry link made: Sports hall Table 2." in made.text
    client.post("/desk/link", data={"csrf": token, "kind": "venue", "venue": "gym"})
    client.post("/desk/link", data={"csrf": token, "kind": "match", "event": "ms", "match": "3"})
    links = client.app.state.site.web.links()
    assert {(link.scope.kind, link.scope.table, link.label) for link in links} == {
        ("table", "T2", "Sports hall Table 2"), ("venue", None, "Sports hall"), ("match", None, "Men's singles #3"),
    }
    table = next(link for link in links if link.scope.kind == "table")
    opened = client.get(f"/entry/{client.app.state.site.web.token(table)}", headers={"Accept-Language": "zh-CN"})
    assert '<p class="muted">Sports hall Table 2</p>' in opened.text
    desk = client.get("/desk?lang=zh").text  # the place fields suggest the hall's tables by the order of play's names
    assert desk.count('list="places" placeholder="1号台"') == 2 and 'placeholder="T1"' not in desk
    assert '<option value="1号台"><option value="2号台"></datalist>' in desk


def test_a_refused_form_comes_back_as_it_was_sent_with_the_sentence_above_it(client):
    """On a phone the desk is a long page: a refusal is said above the form that was sent, once, and that form keeps
    what was typed, so that the organiser corrects the one field the sentence names."""
    token = sign_in(client)
    zh = {"Accept-Language": "zh-CN"}
    refused = client.post("/desk/withdraw", data={"csrf": token, "event": "ms", "entrant": "张三", "reason": "生病"}, headers=zh)
    assert refused.status_code == 422
    section = refused.text.split("<h2>登记退赛</h2>")[1].split("</form>")[0]
    assert '<p class="error" role="alert">男子单打中没有参赛者“张三”。</p>' in section
    assert 'name="entrant" value="张三"' in section and 'name="reason" value="生病"' in section
    assert '<option value="ms" selected>' in section
    assert refused.text.count('role="alert"') == 1  # not at the top of the page as well
    pin = {"csrf": token, "event": "ms", "match": "2", "at": "25:00", "table": "2号台"}
    for action in ("pin", "unpin"):  # unpinning a match not pinned is refused: the form is the same
        refused = client.post(f"/desk/{action}", data=pin, headers=zh)
        assert refused.status_code == 422
        section = refused.text.split("<h2>在秩序表中固定场次</h2>")[1].split("</form>")[0]
        assert 'role="alert"' in section
        assert 'name="match" value="2"' in section and 'name="at" value="25:00"' in section and 'name="table" value="2号台"' in section
    section = client.post("/desk/pin", data=pin, headers=zh).text.split("<h2>在秩序表中固定场次</h2>")[1]
    assert "<p class=\"error\" role=\"alert\">“25:00”不是时间，应写成 09:30 或 2026-05-20 09:30。</p>" in section
    drawn = client.post("/desk/link", data={"csrf": token, "kind": "venue", "venue": "nowhere", "label": "球台"}, headers=zh)
    section = drawn.text.split("<h2>裁判录入链接</h2>")[1].split("</form>")[0]
    assert '<option value="venue" selected>' in section and 'name="label" value="球台"' in section


def test_a_link_for_match_05_is_the_link_for_match_5_and_opens_its_form(client):
    """The number is read as a number, so the link made works for the match it names."""
    assert client.post("/desk/link", data={"csrf": sign_in(client), "kind": "match", "event": "ms", "match": "05"}).status_code == 200
    (made,) = client.app.state.site.web.links()
    assert made.scope.item == "5"
    opened = client.get(f"/entry/{client.app.state.site.web.token(made)}")
    assert opened.status_code == 200 and 'name="result"' in opened.text


def test_revoking_a_link_that_is_not_there_says_so(client):
    token = sign_in(client)
    for link in ("doesnotexist", ""):
        answer = client.post("/desk/revoke", data={"csrf": token, "link": link})
        assert answer.status_code == 422 and "There is no such entry link, or it was revoked already." in answer.text
    client.post("/desk/link", data={"csrf": token, "kind": "venue", "venue": "gym"})
    (made,) = client.app.state.site.web.links()
    assert client.post("/desk/revoke", data={"csrf": token, "link": made.id}).status_code == 200
    assert client.post("/desk/revoke", data={"csrf": token, "link": made.id}).status_code == 422  # revoked already


def test_the_desk_offers_pairing_and_advancing_only_where_they_can_be_done(client, tmp_path, settings):
    """A single round robin is laid out by its draw and has no stage after it: neither button (each would only be
    refused). A Swiss of two stages (a Swiss, then a knockout of its best four) offers pairing; advancing waits, said
    why, until its rounds are played: the three matches of round 1 of six players, then the rounds still to pair."""
    from starlette.testclient import TestClient

    from podium.faces.web import create_app
    from tests.web.conftest import drawn_meet

    def buttons(page: str) -> set[str]:
        return set(re.findall(r'action="/desk/(pair|advance)"', page))

    client.post("/desk/sign-in", data={"csrf": csrf(client.get("/desk").text), "password": PASSWORD})
    assert buttons(client.get("/desk").text) == set()
    toml = (
        '[meet]\nname = "Club"\nlanguage = "en"\n[events.xq]\nname = "Xiangqi"\nsport = "xiangqi"\n'
        '[[events.xq.stages]]\nname = "swiss"\nformat = "swiss"\nrounds = 3\n'
        '[[events.xq.stages]]\nname = "final"\nformat = "knockout"\n'
    )
    folder = drawn_meet(tmp_path / "swiss", toml, "event,name\n" + "".join(f"xq,P{n}\n" for n in range(1, 7)), "xq")
    with TestClient(create_app(folder, settings)) as swiss:
        token = sign_in(swiss)
        page = swiss.get("/desk").text
        assert buttons(page) == {"pair"} and "3 matches still to play in this stage." in page
        from podium.services.results import record

        for number in ("1", "2", "3"):  # round 1 of six players
            record(Meet(folder), "xq", [number], "1-0")
        page = swiss.get("/desk").text
        assert buttons(page) == {"pair"} and "This stage has rounds still to pair." in page
        paired = swiss.post("/desk/pair", data={"csrf": token, "event": "xq"})
        assert paired.status_code == 200 and "Xiangqi: round 2 is paired." in paired.text  # the event by its name, not "xq"


def test_a_draw_refused_at_the_desk_names_no_command_line_option(client):
    """The CLI words the next step as ``add --redraw …``; the desk has no such option, so it shows the sentence."""
    answer = client.post("/desk/draw", data={"csrf": sign_in(client), "event": "ms"})
    assert answer.status_code == 422 and "Men&#39;s singles is already drawn." in answer.text
    assert "--redraw" not in answer.text


@pytest.mark.parametrize("table", ["Table 2", "table 2", "2号台", "Ｔ２"])
def test_a_link_for_a_table_takes_the_table_as_read_or_by_its_code(client, table):
    """The box takes what ``--on`` takes: the table as people read it in either language, or its code (Ｔ２ as typed
    on a Chinese keyboard is T2). The link keeps the code, and is named as the link for every table names it."""
    made = client.post("/desk/link", data={"csrf": sign_in(client), "kind": "table", "venue": "gym", "table": table})
    assert made.status_code == 200 and "Entry link made: Sports hall Table 2." in made.text
    (link,) = client.app.state.site.web.links()
    assert (link.scope.venue, link.scope.table, link.label) == ("gym", "T2", "Sports hall Table 2")


def test_the_table_boxes_show_a_table_as_read_in_the_pages_language(client):
    """The sports hall's first table is Table 1, 1号台 in Chinese: the example the pin and link boxes show."""
    sign_in(client)
    page = client.get("/desk").text
    assert page.count('list="places" placeholder="Table 1"') == 2 and 'placeholder="T1"' not in page
    client.get("/?lang=zh")
    page = client.get("/desk").text
    assert page.count('list="places" placeholder="1号台"') == 2


def test_a_link_for_a_table_the_venue_has_not_lists_its_tables_as_read_in_chinese(client):
    sign_in(client)
    client.get("/?lang=zh")
    csrf_value = csrf(client.get("/desk").text)
    answer = client.post("/desk/link", data={"csrf": csrf_value, "kind": "table", "venue": "gym", "table": "3号台"})
    assert answer.status_code == 422 and "体育馆没有球台、场地或跑道“3号台”；它有：1号台（T1）、2号台（T2）。" in answer.text


GROUPS_TOML = """
[meet]
name = "Club"
language = "en"

[events.ms]
name = { zh = "男子单打", en = "Men's singles" }
sport = "table_tennis"

[[events.ms.stages]]
name = "groups"
title = { zh = "小组赛", en = "Groups" }
format = "groups"
groups = 2
advance = 1

[[events.ms.stages]]
name = "final"
title = { zh = "决赛", en = "Final" }
format = "knockout"
"""
"""Four players in two groups of two (one match each), the winner of each group into a final."""


def test_the_desk_offers_advancing_only_once_the_groups_are_complete(tmp_path, settings):
    """Two groups of two are two matches: while one is unplayed the desk's Advance is a disabled button saying how many
    matches are still to play (no form to send), in English and in Chinese; a form sent anyway is refused with the
    sentence of ``podium advance``, not a crash; once both have their results, Advance is a form and draws the final."""
    from html import unescape

    from starlette.testclient import TestClient

    from podium.faces.web import create_app
    from podium.services.results import record
    from tests.web.conftest import drawn_meet

    folder = drawn_meet(tmp_path / "groups", GROUPS_TOML, "event,name\n" + "".join(f"ms,P{n}\n" for n in range(1, 5)), "ms")
    with TestClient(create_app(folder, settings)) as desk:
        token = sign_in(desk)
        page = desk.get("/desk").text
        assert 'action="/desk/advance"' not in page
        assert re.search(r"<button disabled[^>]*>Advance</button>", page)
        assert "2 matches still to play in this stage." in page
        assert "本阶段还有 2 场比赛未赛完。" in desk.get("/desk?lang=zh").text
        record(Meet(folder), "ms", ["1"], "11-5 11-5 11-5")
        assert "1 match still to play in this stage." in desk.get("/desk?lang=en").text

        refused = desk.post("/desk/advance", data={"csrf": token, "event": "ms"})
        assert refused.status_code == 422
        assert "Stage 'Groups' of Men's singles is not complete; still open: #2 " in unescape(refused.text)
        assert Kind.ADVANCE not in journal_kinds(folder)

        record(Meet(folder), "ms", ["2"], "11-5 11-5 11-5")
        page = desk.get("/desk").text
        assert 'action="/desk/advance"' in page and "still to play" not in page and "<button disabled" not in page
        advanced = desk.post("/desk/advance", data={"csrf": token, "event": "ms"})
        assert advanced.status_code == 200 and "Men&#39;s singles: the next stage is drawn." in advanced.text


class Fields(HTMLParser):
    """The fields a person fills in on a page's ``<main>`` (inputs but hidden ones, selects), each with the text of
    the ``<label>`` it is in or that names its ``id``; an empty text is a field with no visible label."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.in_main = self.in_option = False
        self.open: list[list[str]] = []  # the texts of the labels open here, innermost last, filled as they are read
        self.fields: list[tuple[str, str, list[str]]] = []  # each field's name, id and the text of the label it is in
        self.labels_for: dict[str, list[str]] = {}
        self.feed(page)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {key: value or "" for key, value in attrs}
        if tag == "main":
            self.in_main = True
        elif not self.in_main:
            return
        elif tag == "label":
            self.open.append([])
            if found.get("for"):
                self.labels_for[found["for"]] = self.open[-1]
        elif tag == "option":
            self.in_option = True
        elif tag in ("input", "select") and found.get("type") != "hidden":
            self.fields.append((found.get("name", ""), found.get("id", ""), self.open[-1] if self.open else []))

    def handle_endtag(self, tag: str) -> None:
        if tag == "main":
            self.in_main = False
        elif tag == "label" and self.open:
            self.open.pop()
        elif tag in ("option", "select", "datalist"):  # a datalist's options are not closed
            self.in_option = False

    def handle_data(self, data: str) -> None:
        if self.open and not self.in_option:
            self.open[-1].append(data)

    def labelled(self) -> list[tuple[str, str]]:
        """Each field's name with its label's text."""
        return [(name, "".join(text or self.labels_for.get(key, [])).strip()) for name, key, text in self.fields]


def test_every_field_of_the_desk_has_a_visible_label_in_the_pages_language(tmp_path, settings):
    """A placeholder goes as soon as one types: each field of the desk has a ``<label>`` with its name instead, in
    English and in Chinese, the seed of an event not drawn yet among them."""
    from starlette.testclient import TestClient

    from podium.faces.web import create_app
    from tests.web.conftest import ENTRANTS, MEET_TOML, drawn_meet

    toml = MEET_TOML + '\n[events.ws]\nname = { zh = "女子单打", en = "Women\'s singles" }\nsport = "table_tennis"\n'
    folder = drawn_meet(tmp_path / "two", toml, ENTRANTS + "ws,李娜,一班\nws,王芳,二班\n", "ms")
    with TestClient(create_app(folder, settings)) as desk:
        sign_in(desk)
        for lang in ("en", "zh"):
            fields = Fields(desk.get(f"/desk?lang={lang}").text).labelled()
            assert fields and [name for name, text in fields if not text] == []
            assert ("seed", {"en": "Seed", "zh": "随机种子"}[lang]) in fields
        correct = Fields("<main>" + desk.get("/desk?lang=en").text.split("<h2>Correct a result</h2>")[1].split("</form>")[0]).labelled()
        assert correct == [("event", "Event"), ("match", "Match"), ("result", "Result"), ("reason", "Reason")]
        correct = Fields("<main>" + desk.get("/desk?lang=zh").text.split("<h2>更正成绩</h2>")[1].split("</form>")[0]).labelled()
        assert correct == [("event", "项目"), ("match", "场次"), ("result", "结果"), ("reason", "原因")]
