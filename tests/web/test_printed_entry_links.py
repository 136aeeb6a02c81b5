"""Printed entry links (issue 17 item 3): ``podium print entry-cards`` puts a card with a QR code on each table and
``podium print scoresheets --url`` one on each match's sheet; a referee scans it and lands on that match's form.

The meet (tests/web/conftest.py): one hall ``gym`` with ``resources = { table = 2 }``, so tables T1 and T2; the event
ms is a round robin of four players, so 4·3/2 = 6 matches, all ready (round robins pair everyone from the start),
placed by the order of play on T1 and T2.

A measured event's heat sheets get the same codes, one per heat: the sack race below (``sack_meet``) has six entrants
in heats of at most three lanes filled as listed (``order = "list"``), so ceil(6/3) = 2 heats, numbered 1 and 2 like
``podium matches`` numbers them: heat 1 is Ann, Bo, Cy in lanes 1–3 and heat 2 Di, Ed, Flo (the final is laid out only
once both heats are run, so it has no sheet yet).
"""

from __future__ import annotations

import datetime as dt
import html
import re
import subprocess
import sys
from pathlib import Path

import pytest
import segno
from starlette.testclient import TestClient

from podium.errors import PodiumError
from podium.faces.print.printing import PrintOptions, prepare
from podium.faces.web import create_app
from podium.services.entry_links import Scope, WebStore
from podium.services.meet import Meet
from tests.printing.conftest import Pdf
from tests.web.conftest import drawn_meet, on_table

BASE = "http://192.168.1.10:8000"
LINK = re.compile(r"http://192\.168\.1\.10:8000/entry/([A-Za-z0-9_.\-]+)")


SACK_TOML = """
[meet]
name = { zh = "趣味运动会", en = "Fun meet" }
date = 2026-12-05
language = "en"

[events.sack]
name = { zh = "袋鼠跳", en = "Sack race" }
sport = "fun_games"
game = "sack_race"

[[events.sack.stages]]
name = "heats"
format = "heats"
lanes = 3
order = "list"
advance = "winners"
"""
SACK_HEATS = {1: ["Ann", "Bo", "Cy"], 2: ["Di", "Ed", "Flo"]}
"""The lanes of each heat, worked out by hand in the module's docstring."""


@pytest.fixture
def sack_meet(tmp_path: Path) -> Path:
    entrants = "event,name,gender\n" + "".join(f"sack,{name},M\n" for names in SACK_HEATS.values() for name in names)
    return drawn_meet(tmp_path / "fun", SACK_TOML, entrants, "sack")


def segno_uri(url: str) -> str:
    """What segno makes of ``url``: the QR code a card or sheet must show (error level M, scale 4, border 2)."""
    return segno.make(url, error="m").svg_data_uri(scale=4, border=2)


def cards(page: str) -> list[dict[str, str]]:
    """The cards of an entry-cards page: table, venue, link text and the image's source."""
    found = []
    for block in page.split('<div class="entry-card">')[1:]:
        found.append({
            "venue": re.search(r'<div class="where">(.*?)</div>', block).group(1),
            "table": re.search(r'<div class="table">(.*?)</div>', block).group(1),
            "url": re.search(r'<div class="url">(.*?)</div>', block).group(1),
            "src": html.unescape(re.search(r'<img src="([^"]+)"', block).group(1)),
        })
    return found


def sheets(page: str) -> list[dict[str, str]]:
    """The score sheets of a page: match number, and the QR code's link text and image when there is one."""
    found = []
    for block in re.split(r'<div class="sheet[ "]', page)[1:]:
        qr = re.search(r'<div class="sheet-qr"><img src="([^"]+)".*?<div class="qr-url">(.*?)</div>', block, re.S)
        found.append({
            "number": re.search(r'<span class="box-number">(\d*)</span>', block).group(1),
            "src": html.unescape(qr.group(1)) if qr else "",
            "url": qr.group(2) if qr else "",
        })
    return found


def path_of(url: str) -> str:
    return url.removeprefix(BASE)


def test_one_card_per_table_with_the_qr_code_of_its_link(meet_folder, podium, tmp_path):
    out = tmp_path / "cards.html"
    podium(meet_folder, "print", "entry-cards", "--url", BASE + "/", "--html", "-o", str(out))
    found = cards(out.read_text(encoding="utf-8"))
    assert [(c["venue"], c["table"]) for c in found] == [("Sports hall", "Table 1"), ("Sports hall", "Table 2")]
    for card in found:
        assert LINK.fullmatch(card["url"])  # the trailing / of --url is not doubled
        assert card["src"] == segno_uri(card["url"])
    assert found[0]["url"] != found[1]["url"]


def test_the_pdf_has_a_card_per_table_with_its_link_text(meet_folder, podium, tmp_path):
    out = tmp_path / "cards.pdf"
    podium(meet_folder, "print", "entry-cards", "--url", BASE, "-o", str(out))
    pdf = Pdf(out)
    assert len(pdf.pages) == 1  # four cards fit an A4 page
    text = pdf.text().replace("\n", "")
    assert text.count("Scan to enter results") == 2 and "Table 1" in text and "Table 2" in text
    tokens = {link.id: WebStore(meet_folder).token(link) for link in WebStore(meet_folder).links()}
    assert len(tokens) == 2 and all(f"{BASE}/entry/{token}" in text for token in tokens.values())


def test_a_card_opens_the_forms_of_its_tables_matches_and_no_others(meet_folder, podium, settings, tmp_path):
    out = tmp_path / "cards.html"
    podium(meet_folder, "print", "entry-cards", "--url", BASE, "--html", "-o", str(out))
    card = next(c for c in cards(out.read_text(encoding="utf-8")) if c["table"] == "Table 1")
    with TestClient(create_app(meet_folder, settings)) as client:
        listed = client.get(path_of(card["url"]))
        assert listed.status_code == 200
        token = LINK.fullmatch(card["url"]).group(1)
        numbers = sorted(int(n) for n in re.findall(rf'href="/entry/{re.escape(token)}/ms/(\d+)"', listed.text))
        assert numbers == sorted(on_table(meet_folder, "T1")) and numbers
        form = client.get(f"{path_of(card['url'])}/ms/{numbers[0]}")
        assert form.status_code == 200 and 'name="result"' in form.text
        elsewhere = on_table(meet_folder, "T2")[0]
        assert client.get(f"{path_of(card['url'])}/ms/{elsewhere}").status_code == 403


def test_printing_the_cards_again_prints_the_same_links_until_one_is_revoked(meet_folder, podium, tmp_path):
    out = tmp_path / "cards.html"
    podium(meet_folder, "print", "entry-cards", "--url", BASE, "--html", "-o", str(out))
    first = [c["url"] for c in cards(out.read_text(encoding="utf-8"))]
    podium(meet_folder, "print", "entry-cards", "--url", BASE, "--html", "-o", str(out))
    assert [c["url"] for c in cards(out.read_text(encoding="utf-8"))] == first
    store = WebStore(meet_folder)
    t1 = next(link for link in store.links() if link.scope.table == "T1")
    store.revoke(t1.id)
    podium(meet_folder, "print", "entry-cards", "--url", BASE, "--html", "-o", str(out))
    again = [c["url"] for c in cards(out.read_text(encoding="utf-8"))]
    assert again[1] == first[1] and again[0] != first[0]  # T1's revoked link is replaced, T2's kept
    assert len(store.links()) == 3


def test_hours_sets_how_long_a_new_link_works(meet_folder, podium, tmp_path):
    podium(meet_folder, "print", "entry-cards", "--url", BASE, "--hours", "3", "--html", "-o", str(tmp_path / "c.html"))
    links = WebStore(meet_folder).links()
    assert [link.expires - link.created for link in links] == [dt.timedelta(hours=3)] * 2


def test_each_sheet_opens_its_own_match_and_no_other(meet_folder, podium, settings, tmp_path):
    out = tmp_path / "sheets.html"
    podium(meet_folder, "print", "scoresheets", "ms", "--url", BASE, "--html", "-o", str(out))
    found = sheets(out.read_text(encoding="utf-8"))
    assert sorted(int(s["number"]) for s in found) == [1, 2, 3, 4, 5, 6]
    for sheet in found:
        assert LINK.fullmatch(sheet["url"]) and sheet["src"] == segno_uri(sheet["url"])
    assert len({s["url"] for s in found}) == 6
    with TestClient(create_app(meet_folder, settings)) as client:
        for sheet in found:
            opened = client.get(path_of(sheet["url"]))  # a link for one match goes straight to its form
            assert opened.status_code == 200 and opened.url.path.endswith(f"/ms/{sheet['number']}")
            assert 'name="result"' in opened.text
            other = 1 if sheet["number"] != "1" else 2
            assert client.get(f"{path_of(sheet['url'])}/ms/{other}").status_code == 403


def test_without_url_the_sheets_have_no_qr_code_and_no_link_is_made(meet_folder, podium, tmp_path):
    out = tmp_path / "sheets.html"
    podium(meet_folder, "print", "scoresheets", "ms", "--html", "-o", str(out))
    page = out.read_text(encoding="utf-8")
    assert len(sheets(page)) == 6 and all(s["url"] == "" for s in sheets(page))
    assert "data:image/svg" not in page and "/entry/" not in page
    assert not (meet_folder / "web").exists()


def test_a_blank_sheet_has_no_qr_code(meet_folder, podium, tmp_path):
    out = tmp_path / "sheets.html"
    podium(meet_folder, "print", "scoresheets", "ms", "--url", BASE, "--blank", "1", "--html", "-o", str(out))
    found = sheets(out.read_text(encoding="utf-8"))
    assert [s["url"] == "" for s in found] == [False] * 6 + [True]


def test_cards_and_sheets_in_chinese(meet_folder, podium, tmp_path):
    podium(meet_folder, "--lang", "zh", "print", "entry-cards", "--url", BASE, "--html", "-o", str(tmp_path / "c.html"))
    page = (tmp_path / "c.html").read_text(encoding="utf-8")
    assert page.count("扫码录入成绩") == 2 and "体育馆" in page and "有效至" in page
    podium(meet_folder, "--lang", "zh", "print", "scoresheets", "ms", "--url", BASE, "--html", "-o", str(tmp_path / "s.html"))
    assert (tmp_path / "s.html").read_text(encoding="utf-8").count("扫码录入本场成绩") == 6


@pytest.mark.parametrize("url", ["ftp://192.168.1.10", "192.168.1.10:8000", "http://", "javascript:alert(1)", "http://a/?x=1"])
def test_an_address_that_is_not_http_is_refused_in_one_sentence(meet_folder, podium, url):
    done = podium(meet_folder, "print", "entry-cards", "--url", url, ok=False)
    assert done.exit_code != 0
    assert done.output == (
        f"Error: The address {url} is not one a phone can open: give http:// or https://, the server's address and "
        "port, like http://192.168.1.10:8000.\n"
    )
    with pytest.raises(PodiumError) as refused:
        prepare(Meet(meet_folder), "scoresheets", "ms", lang="en", options=PrintOptions(url=url))
    assert refused.value.code == "print.url_not_http"
    assert not (meet_folder / "web" / "web.sqlite").exists()  # nothing made before the address is checked


def test_cards_need_a_url_and_other_documents_refuse_one(meet_folder, podium):
    with pytest.raises(PodiumError) as refused:
        prepare(Meet(meet_folder), "entry-cards", None, lang="en")
    assert refused.value.code == "print.url_needed"
    done = podium(meet_folder, "print", "draw", "ms", "--url", BASE, ok=False)
    assert done.output == (
        "Error: --url is for entry-cards and scoresheets, whose QR codes open the entry forms; leave it out for draw.\n"
    )


def test_cards_of_an_event_are_those_of_the_tables_it_is_played_on(meet_folder, podium, tmp_path):
    out = tmp_path / "cards.html"
    podium(meet_folder, "print", "entry-cards", "ms", "--url", BASE, "--html", "-o", str(out))
    assert on_table(meet_folder, "T1") and on_table(meet_folder, "T2")  # ms is played on both tables
    assert sorted(c["table"] for c in cards(out.read_text(encoding="utf-8"))) == ["Table 1", "Table 2"]


def test_podium_print_does_not_import_the_web_server(meet_folder):
    probe = (
        "import sys\nfrom podium.faces.cli import cli\n"
        f"cli(args=['--meet', {str(meet_folder)!r}, 'print', 'entry-cards', '--url', {BASE!r}, '--html', '-o', '-'], "
        "prog_name='podium', standalone_mode=False)\n"
        "print('STARLETTE' if any(m.split('.')[0] == 'starlette' for m in sys.modules) else 'NO-STARLETTE')\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=Path(meet_folder))
    assert "Scan to enter results" in done.stdout
    assert done.stdout.rstrip().endswith("NO-STARLETTE")


def test_each_heat_sheet_prints_the_address_of_its_own_heat_once(sack_meet, podium, settings, tmp_path):
    out = tmp_path / "heats.pdf"
    podium(sack_meet, "print", "scoresheets", "sack", "--url", BASE, "-o", str(out))
    text = Pdf(out).text()
    store = WebStore(sack_meet)
    urls = {f"{BASE}/entry/{store.token(link)}" for link in store.links()}
    assert len(urls) == 2  # a link per heat, none for the event or the final to come
    by_heat = {}
    for sheet in text.split("Sack race · ")[1:]:  # each heat sheet's head starts with the event's name
        number = int(re.search(r"· #(\d+)", sheet).group(1))
        flat = sheet.replace("\n", "")  # the address wraps over lines under the code
        printed = [url for url in urls if url in flat]
        assert len(printed) == 1 and flat.count(printed[0]) == 1
        assert "Scan to enter this heat's results" in " ".join(sheet.split())
        assert all(name in sheet for name in SACK_HEATS[number])
        by_heat[number] = printed[0]
    assert sorted(by_heat) == [1, 2] and len(set(by_heat.values())) == 2
    assert all(text.replace("\n", "").count(url) == 1 for url in urls)
    with TestClient(create_app(sack_meet, settings)) as client:
        for number, url in by_heat.items():
            token = LINK.fullmatch(url).group(1)
            assert store.link(token).scope == Scope("match", event="sack", item=str(number))
            opened = client.get(path_of(url))  # a link for one heat goes straight to its heat form
            assert opened.status_code == 200 and opened.url.path == f"/entry/{token}/sack/{number}"
            lanes = re.findall(r'aria-label="mark ([^"]+)"', opened.text)
            assert sorted(lanes) == SACK_HEATS[number]  # the form lists that heat's lanes, every one
            other = 2 if number == 1 else 1
            assert client.get(f"/entry/{token}/sack/{other}").status_code == 403


def test_heat_sheets_in_html_carry_the_code_of_their_address(sack_meet, podium, tmp_path):
    out = tmp_path / "heats.html"
    podium(sack_meet, "print", "scoresheets", "sack", "--url", BASE, "--html", "-o", str(out))
    page = out.read_text(encoding="utf-8")
    found = re.findall(r'<div class="sheet with-qr">.*?· #(\d+).*?<img src="([^"]+)".*?<div class="qr-url">(.*?)</div>', page, re.S)
    assert [int(number) for number, _src, _url in found] == [1, 2]
    assert all(html.unescape(src) == segno_uri(url) for _number, src, url in found)
    podium(sack_meet, "--lang", "zh", "print", "scoresheets", "sack", "--url", BASE, "--html", "-o", str(out))
    assert out.read_text(encoding="utf-8").count("扫码录入本组成绩") == 2


def test_without_url_the_heat_sheets_print_no_address(sack_meet, podium, tmp_path):
    out = tmp_path / "heats.pdf"
    podium(sack_meet, "print", "scoresheets", "sack", "-o", str(out))
    text = Pdf(out).text()
    assert text.count("Sack race · ") == 2 and all(f"#{n}" in text for n in (1, 2))
    assert "http" not in text and "/entry/" not in text and "Scan" not in text
    podium(sack_meet, "print", "scoresheets", "sack", "--html", "-o", str(tmp_path / "heats.html"))
    page = (tmp_path / "heats.html").read_text(encoding="utf-8")
    assert 'class="sheet with-qr"' not in page and 'class="sheet-qr"' not in page and "data:image/svg" not in page
    assert not (sack_meet / "web").exists()


def test_a_judges_sheet_has_a_code_for_each_drawn_session(tmp_path, podium, settings):
    """Square dance (judged, the judges' sheet): four teams of 12 drawn into sessions by the game's rules; each
    session's table has the code of a link for that session alone, numbered as ``podium matches`` lists them."""
    rows = "".join(f"sd,D{t}-{i},Team {t},{'M' if i % 2 else 'F'}\n" for t in range(1, 5) for i in range(12))
    folder = drawn_meet(tmp_path / "dance", '[meet]\nname = "Dance"\nlanguage = "en"\n[events.sd]\nsport = "fun_games"\ngame = "square_dance"\n',
                        "event,name,team,gender\n" + rows, "sd")
    sessions = [int(line[1:].split()[0]) for line in podium(folder, "matches", "sd").output.splitlines() if line.startswith("#")]
    out = tmp_path / "judges.html"
    podium(folder, "print", "scoresheets", "sd", "--url", BASE, "--html", "-o", str(out))
    page = out.read_text(encoding="utf-8")
    assert page.count('<table class="judges">') == len(sessions) > 1
    found = re.findall(r'<div class="heat-head with-qr"><h3>.*?· #(\d+).*?<div class="qr-url">(.*?)</div>', page, re.S)
    assert [int(number) for number, _url in found] == sessions
    store = WebStore(folder)
    for number, url in found:
        assert store.link(LINK.fullmatch(url).group(1)).scope == Scope("match", event="sd", item=number)
    with TestClient(create_app(folder, settings)) as client:
        number, url = found[0]
        assert client.get(path_of(url)).url.path.endswith(f"/sd/{number}")
        assert client.get(f"{path_of(url)}/sd/{sessions[1]}").status_code == 403


def test_athletics_race_and_field_sheets_carry_the_code_of_their_heat(tmp_path, podium, settings):
    """Athletics has its own sheet (athletics.html): a race's heat sheet has the code in its corner like heats.html, a
    jump's trials grid on its title line. Four boys in each event: one race of four on eight lanes (heat 1) and one
    flight of four jumpers (heat 1), the number podium matches lists for each."""
    from tests.web.test_heat_sheet import ATHLETICS

    toml = ATHLETICS + '\n[events.blj]\nname = { zh = "男子跳远", en = "Boys\' long jump" }\nsport = "athletics"\ngame = "long_jump"\n'
    boys = ("张伟", "王磊", "李强", "赵敏")
    entrants = "event,name,unit,gender\n" + "".join(f"{event},{name},一班,M\n" for event in ("b100", "blj") for name in boys)
    folder = drawn_meet(tmp_path / "athletics", toml, entrants, "b100")
    podium(folder, "draw", "blj", "--seed", "1")
    store = WebStore(folder)
    with TestClient(create_app(folder, settings)) as client:
        for event, head in (("b100", '<div class="sheet with-qr">'), ("blj", '<div class="heat-head with-qr"><h2>')):
            out = tmp_path / f"{event}.html"
            podium(folder, "print", "scoresheets", event, "--url", BASE, "--html", "-o", str(out))
            page = out.read_text(encoding="utf-8")
            found = re.findall(r'<div class="sheet-qr"><img src="([^"]+)".*?<div class="qr-url">(.*?)</div>', page, re.S)
            assert page.count(head) == 1 and len(found) == 1
            src, url = found[0]
            assert html.unescape(src) == segno_uri(url)
            token = LINK.fullmatch(url).group(1)
            assert store.link(token).scope == Scope("match", event=event, item="1")
            opened = client.get(path_of(url))
            assert opened.status_code == 200 and opened.url.path == f"/entry/{token}/{event}/1"
            assert sorted(re.findall(r'aria-label="(?:mark|trial 1) ([^"]+)"', opened.text)) == sorted(boys)
