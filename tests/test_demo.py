"""``podium demo`` runs the sample sports day from scratch: every event drawn and played to the end."""

from __future__ import annotations

import json
import re

import pytest
from pypdf import PdfReader

from podium.services.meet import Meet
from podium.standings.event_ranking import event_ranking


def test_demo_plays_every_event_to_the_end(podium, tmp_path):
    out = tmp_path / "demo"
    result = podium(None, "demo", str(out), "--no-print")
    assert f"The sample meet is in {out}" in result.output
    meet = Meet(out)
    state = meet.state()
    assert len(meet.config.events) == 19
    assert len(meet.config.units) == 10
    people = sum(len(e.members) for event in state.events() for e in event.entrants.values())
    assert people >= 300
    for event in state.events():
        ranking = event_ranking(event)
        assert ranking.complete, event.key
        assert ranking.at(1), event.key
    formats = {stage.format for event in meet.config.events.values() for stage in event.stages}
    assert {"round_robin", "groups", "knockout", "swiss", "heats", "rounds", "qualifying"} <= formats
    assert json.loads(podium(out, "matches", "ms", "--pending", "--json").output) == []


def test_demo_refuses_a_folder_it_did_not_make(podium, tmp_path):
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    result = podium(None, "demo", str(tmp_path), ok=False)
    assert result.exit_code != 0 and "is not a Podium demo folder" in result.output
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_demo_is_reproducible(podium, tmp_path):
    podium(None, "demo", str(tmp_path / "a"), "--no-print")
    podium(None, "demo", str(tmp_path / "b"), "--no-print")
    for args in (("standings", "xq", "--json"), ("matches", "gm", "--json")):
        assert podium(tmp_path / "a", *args).output == podium(tmp_path / "b", *args).output


@pytest.mark.slow
def test_demo_prints_every_kind_of_document(podium, tmp_path):
    """Issue 9: the demo writes all document kinds for its sample meet into its output folder. Issue 20: every line
    of its printed order of play names its event and round, and its number beside the event's name is unique in the
    meet (numbers run per event; the event's key is not printed in a Chinese document); the programme has its parts."""
    out = tmp_path / "demo"
    podium(None, "--lang", "zh", "demo", str(out))
    printed = {p.name.split("-")[0].removesuffix(".pdf") for p in (out / "print").glob("*.pdf")}
    assert {"draw", "results", "crosstable", "scoresheets", "order", "programme", "medals", "points", "certificates",
            "startlists", "callroom", "records"} <= printed
    config = Meet(out).config
    names = {key: event.name.zh for key, event in config.events.items()}
    lines = [line for page in PdfReader(out / "print" / "order.pdf").pages for line in page.extract_text().splitlines()]
    rows = [line for line in lines if re.match(r"^\d\d:\d\d ", line)]
    assert len(rows) > 100
    numbers = set()
    for row in rows:
        found = re.match(r"^\d\d:\d\d \S*(?:台|场地|跑道|沙坑) (\d+) (.+)$", row)  # 3号台, 1–4号棋台, 场地, 跑道
        assert found, row
        number, rest = found.groups()
        # the event, then its round: after a space, or right after a name that ends in a full-width bracket
        named = [key for key, name in names.items() if rest.startswith(name + " ") or (name.endswith("）") and rest.startswith(name))]
        assert named, row  # the event …
        key = max(named, key=lambda k: len(names[k]))
        after = rest[len(names[key]):].replace(" ", "")
        assert re.match(r"(小组赛|淘汰赛|积分编排|预赛与决赛|第\d+轮|四分之一决赛|半决赛|决赛|三四名决赛|预赛|分组赛|淘汰游戏)", after), row  # … and its round
        assert (key, number) not in numbers, row
        numbers.add((key, number))
    programme = [page.extract_text() for page in PdfReader(out / "print" / "programme.pdf").pages]
    text = "\n".join(programme)
    for part in ("秩序册", "目录", "竞赛日程", "各项目参赛名单与分组", "各单位运动员名单", "检录单", "奖励与计分办法"):
        assert part in text, part
    assert all(f"{n} / {len(programme)}" in page for n, page in enumerate(programme[1:], start=2))
