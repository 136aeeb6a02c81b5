"""``podium demo`` runs the sample sports day from scratch: every event drawn and played to the end."""

from __future__ import annotations

import json

import pytest

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
    """Issue 9: the demo writes all document kinds for its sample meet into its output folder."""
    out = tmp_path / "demo"
    podium(None, "--lang", "zh", "demo", str(out))
    printed = {p.name.split("-")[0].removesuffix(".pdf") for p in (out / "print").glob("*.pdf")}
    assert {"draw", "results", "crosstable", "scoresheets", "order", "medals", "points", "certificates",
            "startlists", "callroom", "records"} <= printed
