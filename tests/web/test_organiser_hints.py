"""A refusal whose next step is the organiser's (an option of meet.toml) is not shown to a referee as theirs: the
referee's form gives the sport's sentence alone, while the desk adds the step for the organiser."""

from __future__ import annotations

import html

from podium.services.entry_links import Scope
from podium.services.meet import Meet
from podium.services.results import record
from tests.web.test_desk import sign_in
from tests.web.test_entry import form_key, link

COUNT_REFUSED = "'3:1' is a game count, but this event needs every game score (e.g. 11-9 9-11 11-7)."
"""ITTF scores are written game by game; the test meet's ms keeps games_only at its default, false (docs/sports)."""


def test_a_referee_is_not_told_to_set_an_option_of_meet_toml(client):
    token = link(client, Scope("match", event="ms", item="1"))
    key = form_key(client.get(f"/entry/{token}/ms/1").text)
    refused = client.post(f"/entry/{token}/ms/1", data={"form": key, "result": "3:1"})
    assert refused.status_code == 422
    page = html.unescape(refused.text)
    assert COUNT_REFUSED in page
    assert "games_only" not in page and "meet.toml" not in page
    chinese = client.post(f"/entry/{token}/ms/1?lang=zh", data={"form": form_key(refused.text), "result": "3:1"})
    assert "“3:1”是局数比分，但本项目要求录入每一局的比分（例如 11-9 9-11 11-7）。" in chinese.text
    assert "games_only" not in chinese.text


def test_the_desk_shows_the_organiser_the_option_that_would_allow_it(client, meet_folder):
    record(Meet(meet_folder), "ms", ["1"], "11-9 11-7 11-5")
    csrf = sign_in(client)
    refused = client.post(
        "/desk/correct", data={"csrf": csrf, "event": "ms", "match": "1", "result": "3:1", "reason": "score sheet lost"}
    )
    assert refused.status_code == 422
    assert (
        "'3:1' is a game count, but this event needs every game score (e.g. 11-9 9-11 11-7); "
        "set games_only = true in the event's rules in meet.toml to allow it." in html.unescape(refused.text)
    )
