"""How the order of play and the programme word what they count and where things are played, worked by hand.

The meet: six classes; a stadium with a track of 8 lanes and one pit (``{ track = 1, pit = 1 }``), a hall with three
tables (``{ table = 3 }``). On the track, three fun-games events of six entrants each, one heat of up to 8 lanes:
the sack race (individuals), the three-legged race (pairs) and the three-person four-leg race (teams of a class).

- Counting: a heat of more than five entrants is counted on its order-of-play line, and the programme counts each
  event's entrants, by the word its kind of entrant takes — 6 名参赛者 / 6 entrants, 6 对组合 / 6 pairs,
  6 支队伍 / 6 teams — never the hedged 名（队）.
- Places: the only track reads 跑道 / Track, the only pit 沙坑 / Pit, table 2 of three 2号台 / Table 2, and the
  three tables together 1–3号台 / Tables 1–3; a pin still knows the table as T2 and also takes 2号台.
"""

from __future__ import annotations

import json

from podium.config.meet import parse_meet
from podium.faces.print.programme import programme
from podium.i18n import use_language
from podium.registry import registry
from podium.services.meet import Meet

CLASSES = [f"c{n}" for n in range(1, 7)]

TOML = """\
[meet]
name = "Sports day"
date = 2026-05-20
language = "zh"

[units]
""" + "".join(f'{key} = "Class {key[1:]}"\n' for key in CLASSES) + """
[venues.stadium]
name = { zh = "田径场", en = "Stadium" }
resources = { track = 1, pit = 1 }
lanes = { track = 8 }

[[venues.stadium.sessions]]
name = "am"
start = "09:00"
end = "12:00"

[venues.hall]
name = { zh = "体育馆", en = "Hall" }
resources = { table = 3 }

[[venues.hall.sessions]]
name = "hall-am"
start = "09:00"
end = "12:00"

[events.sack]
name = { zh = "袋鼠跳", en = "Sack race" }
sport = "fun_games"
game = "sack_race"
schedule = { resource = "track" }

[[events.sack.stages]]
name = "final"
format = "heats"
lanes = 8

[events.pairs]
name = { zh = "二人三足", en = "Three-legged race" }
sport = "fun_games"
game = "three_legged_race"
schedule = { resource = "track" }

[[events.pairs.stages]]
name = "final"
format = "heats"
lanes = 8

[events.legs]
name = { zh = "三人四足", en = "Four-leg race" }
sport = "fun_games"
game = "three_person_four_leg"
schedule = { resource = "track" }

[[events.legs.stages]]
name = "final"
format = "heats"
lanes = 8

[events.ms]
name = { zh = "男子单打", en = "Singles" }
sport = "table_tennis"
format = "round_robin"
schedule = { resource = "table", minutes = 20 }
"""

ENTRANTS = "event,name,gender,unit,team\n" + "".join(
    f"sack,S{n},M,Class {n},\n" for n in range(1, 7)
) + "".join(
    f"pairs,P{n}a,M,Class {n},Pair {n}\npairs,P{n}b,F,Class {n},Pair {n}\n" for n in range(1, 7)
) + "".join(
    f"legs,L{n}{m},{'F' if m == 1 else 'M'},Class {n},\n" for n in range(1, 7) for m in (1, 2, 3)
) + "".join(f"ms,Li{n},M,Class {n},\n" for n in range(1, 7))


def drawn(make_meet, podium):
    folder = make_meet(TOML, ENTRANTS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    for event in ("sack", "pairs", "legs", "ms"):
        podium(folder, "draw", event, "--seed", "1")
    return folder


def test_a_heat_on_the_order_of_play_is_counted_by_its_kind_of_entrant(make_meet, podium):
    folder = drawn(make_meet, podium)
    zh = podium(folder, "--lang", "zh", "schedule").output
    assert "6 名参赛者" in zh and "6 对组合" in zh and "6 支队伍" in zh
    assert "名（队）" not in zh
    en = podium(folder, "--lang", "en", "schedule").output
    assert "6 entrants" in en and "6 pairs" in en and "6 teams" in en


def test_the_programme_counts_each_events_entrants_by_their_kind(make_meet, podium):
    folder = drawn(make_meet, podium)
    state = Meet(folder).state()
    with use_language("zh"):
        assert {e.key: e.count for e in programme(state).events} == {
            "sack": "6 名参赛者", "pairs": "6 对组合", "legs": "6 支队伍", "ms": "6 名参赛者",
        }
    with use_language("en"):
        assert {e.key: e.count for e in programme(state).events} == {
            "sack": "6 entrants", "pairs": "6 pairs", "legs": "6 teams", "ms": "6 entrants",
        }


def test_places_are_named_by_their_kind_and_number_in_the_meets_language():
    from podium.schedule.model import places_text

    config = parse_meet(
        TOML.replace("resources = { table = 3 }", 'resources = { table = 3, board = 2, field = 2, floor = 1, mat = 2 }')
        .replace('resources = { track = 1, pit = 1 }', 'resources = { track = 1, pit = 1, lawn = ["中央草坪"] }'),
        registry(),
    )
    hall = {r.name: r for r in config.venues["hall"].resources}
    stadium = {r.name: r for r in config.venues["stadium"].resources}
    assert (hall["T2"].title.zh, hall["T2"].title.en) == ("2号台", "Table 2")
    assert (hall["B2"].title.zh, hall["B2"].title.en) == ("2号棋台", "Board 2")
    assert (hall["field2"].title.zh, hall["field2"].title.en) == ("2号场地", "Field 2")
    assert (hall["floor1"].title.zh, hall["floor1"].title.en) == ("场地", "Floor")  # field and floor share an F
    assert (hall["M1"].title.zh, hall["M1"].title.en) == ("mat 1", "mat 1")  # a kind without its own word
    assert (stadium["T1"].title.zh, stadium["T1"].title.en) == ("跑道", "Track")
    assert (stadium["P1"].title.zh, stadium["P1"].title.en) == ("沙坑", "Pit")
    assert (stadium["中央草坪"].title.zh, stadium["中央草坪"].title.en) == ("中央草坪", "中央草坪")  # as the user named it
    tables = [hall[name] for name in ("T1", "T2", "T3")]
    with use_language("zh"):
        assert places_text([*tables, stadium["T1"]]) == "1–3号台、跑道"
        assert places_text([hall["T1"], hall["T3"]]) == "1号台、3号台"
    with use_language("en"):
        assert places_text([*tables, stadium["T1"]]) == "Tables 1–3, Track"


def test_the_order_of_play_and_the_programme_name_places_as_people_read_them(make_meet, podium):
    """Singles: a round robin of six (15 matches, 3 a round) on three tables, so its first round takes all three
    tables: the programme's schedule says 1–3号台 (Tables 1–3); each heat is on the track, 跑道 (Track)."""
    folder = drawn(make_meet, podium)
    zh = podium(folder, "--lang", "zh", "schedule").output
    assert "2号台" in zh and "跑道" in zh and " T2 " not in zh
    en = podium(folder, "--lang", "en", "schedule").output
    assert "Table 2" in en and "Track" in en
    state = Meet(folder).state()
    with use_language("zh"):
        places = {item.place for session in programme(state).schedule for item in session.items}
    assert "1–3号台" in places and "跑道" in places
    with use_language("en"):
        places = {item.place for session in programme(state).schedule for item in session.items}
    assert "Tables 1–3" in places and "Track" in places


def test_a_pin_takes_a_table_by_its_code_or_by_its_name(make_meet, podium):
    folder = drawn(make_meet, podium)
    out = podium(folder, "--lang", "zh", "schedule", "pin", "ms", "1", "--at", "11:00", "--on", "2号台").output
    assert "2号台" in out
    rows = json.loads(podium(folder, "schedule", "--json").output)
    pinned = [r for s in rows["sessions"] for r in s["rows"] if r["pinned"]]
    assert [(r["number"], r["resources"], r["places"], r["where"]) for r in pinned] == [
        (1, ["T2"], [{"zh": "2号台", "en": "Table 2"}], {"zh": "2号台", "en": "Table 2"})
    ]
    out = podium(folder, "--lang", "en", "schedule", "pin", "ms", "1", "--at", "11:00", "--on", "T3").output
    assert out.strip() == "Match 1 pinned at 2026-05-20 11:00 on Table 3."
