"""The Chinese pages have no English left (issue 17, "Done when"): every page of the board, the entry form with a
refusal, the desk and its journal, scanned by the same scanner as the CLI's views (``tools/zh_views.py``)."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

from podium.services.entry_links import Scope
from tests.web.conftest import on_table, sign_in_once
from tests.web.test_board import CYCLE, play

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def scan():
    sys.path.insert(0, str(ROOT / "tools"))
    spec = importlib.util.spec_from_file_location("zh_views", ROOT / "tools" / "zh_views.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def english(scan, name: str, html: str) -> list[str]:
    """The English words of a page, apart from what the CLI's scan lets through too: the event key and the venue's
    names as meet.toml writes them, and results in the sport's notation (its examples, ``11-9 5-3 ret:2``); and the
    language switch, which names English in English so that a reader of English finds it."""
    from podium.model.sports import example_results
    from podium.registry import registry

    examples = [text for _kind, texts in example_results(registry().sports["table_tennis"]) for text in texts]
    notation = {word.strip(scan.EDGES) for text in examples for word in [*text.split(), *scan.WORD.findall(text)]}
    codes = frozenset({"ms", "gym", "T1", "T2", "English", *notation})
    return [str(found) for found in scan.english_words(scan.View(name, scan.html_text(html), codes))]


def test_no_english_on_the_chinese_pages(client, meet_folder, scan):
    client.get("/?lang=zh")  # the switch, remembered in a cookie
    number = on_table(meet_folder, "T1")[0]
    token = client.app.state.site.web.make_link(Scope("table", venue="gym", table="T1"), 2, "一号台")[1]
    form = client.get(f"/entry/{token}/ms/{number}").text
    key = re.search(r'name="form" value="([^"]+)"', form).group(1)
    refused = client.post(f"/entry/{token}/ms/{number}", data={"form": key, "result": "11-10 11-5 11-3"})
    assert refused.status_code == 422 and "（国际乒联规则 2.11.1）" in refused.text
    done = client.post(f"/entry/{token}/ms/{number}", data={"form": key, "result": "11-9 11-7 11-5"}).text
    pages = {"entry list": client.get(f"/entry/{token}").text, "entry form": form, "refusal": refused.text, "recorded": done}
    play(meet_folder, *[game for game in CYCLE if game[:2] not in _played(meet_folder)])
    for path in ("/", "/events/ms", "/schedule", "/medals", "/points", "/board/screen", "/desk"):
        pages[path] = client.get(path).text
    sign_in_once(client)
    pages["desk"] = client.get("/desk").text
    pages["journal"] = client.get("/desk/journal").text
    csrf = re.search(r'name="csrf" value="([^"]+)"', pages["desk"]).group(1)
    pages["tables made"] = client.post("/desk/tables", data={"csrf": csrf}).text
    pages["cards"] = client.get("/desk/cards").text
    assert all("lang=\"zh-Hans\"" in page for page in pages.values())
    found = [line for name, page in pages.items() for line in english(scan, name, page)]
    assert found == [], "\n".join(found)


def test_the_scan_sees_english_on_a_page(scan):
    """The check above is not blind: an untranslated heading is found, and English beside the switch too."""
    assert english(scan, "page", "<h2>Standings</h2><p>积分</p>") == ["page: 'Standings' in 'Standings'"]
    assert english(scan, "page", "<a>English</a><p>ret Order</p>") == ["page: 'Order' in 'ret Order'"]


def _played(folder) -> set[tuple[str, str]]:
    from podium.services.meet import Meet

    state = Meet(folder).state()
    event = state.event("ms")
    names = {key: e.name for key, e in event.entrants.items()}
    return {
        pair
        for entry in state.journal if entry.kind.value == "result"
        for sides in [entry.payload["sides"]]
        for pair in ((names[sides[0]], names[sides[1]]), (names[sides[1]], names[sides[0]]))
    }


@pytest.mark.slow
def test_no_english_on_any_page_of_the_chinese_sample_meet(scan, tmp_path, podium):
    """Every board page of every event of ``podium --lang zh demo`` (knockouts, Swiss, groups, heats, relays, team
    rankings), the order of play, the tables, the big screen, the desk and its journal."""
    from starlette.testclient import TestClient

    from podium.faces.web import WebSettings, create_app
    from podium.services.meet import Meet

    podium(None, "--lang", "zh", "demo", str(tmp_path / "demo"), "--no-print")
    folder = tmp_path / "demo"
    meet = Meet(folder)
    events = [event.key for event in meet.state().events()]
    codes = scan.result_notation(folder) | scan.resources(meet) | frozenset(events) | {"English"}
    found = []
    with TestClient(create_app(folder, WebSettings(sign_in_token="t"))) as client:
        sign_in_once(client, "t")
        for path in ["/", "/schedule", "/medals", "/points", "/board/screen", "/desk", "/desk/journal", *(f"/events/{e}" for e in events)]:
            page = client.get(path)
            assert page.status_code == 200, path
            found += [str(f) for f in scan.english_words(scan.View(path, scan.html_text(page.text), codes))]
    assert len(events) > 15
    assert found == [], "\n".join(found)
