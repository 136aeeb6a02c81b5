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
        assert places_text([hall["T1"], hall["T3"]]) == "1、3号台"  # one word for the kind: it does not wrap inside 号台
        assert places_text([hall["T3"], hall["B1"], hall["T1"], hall["B2"]]) == "1–2号棋台、1、3号台"
    with use_language("en"):
        assert places_text([*tables, stadium["T1"]]) == "Tables 1–3, Track"
        assert places_text([hall["T1"], hall["T3"]]) == "Tables 1, 3"


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


def test_an_events_resources_in_meet_toml_take_a_table_by_its_code_or_by_its_name(make_meet, podium):
    """``resources = ["2号台", "Table 3"]`` keeps singles to the hall's tables 2 and 3, as ``["T2", "T3"]`` would: its
    first round of three matches cannot be played at once, so two start at 09:00 on T2 and T3 and one at 09:20."""
    toml = TOML.replace('schedule = { resource = "table", minutes = 20 }', 'schedule = { resource = "table", minutes = 20, resources = ["2号台", "Table 3"] }')
    assert parse_meet(toml, registry()).events["ms"].schedule.resources == ("hall/T2", "hall/T3")
    folder = make_meet(toml, ENTRANTS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    rows = json.loads(podium(folder, "schedule", "--json").output)
    singles = sorted((r["start"][11:], r["resources"]) for s in rows["sessions"] for r in s["rows"] if r["event"] == "ms")
    assert len(singles) == 15 and {tuple(where) for _start, where in singles} == {("T2",), ("T3",)}
    assert singles[:3] == [("09:00", ["T2"]), ("09:00", ["T3"]), ("09:20", ["T2"])]


def test_an_unknown_resource_in_meet_toml_is_refused_listing_the_places_as_read(make_meet, podium):
    """The hall has three tables; 4号台 is none of them. The refusal lists the tables singles may use (its kind), each
    as people read it with the code also taken."""
    folder = make_meet(TOML.replace('schedule = { resource = "table", minutes = 20 }', 'schedule = { resource = "table", resources = ["4号台"] }'))
    en = podium(folder, "--lang", "en", "schedule", ok=False).output
    assert "unknown resource '4号台'; the venues have Table 1 (T1), Table 2 (T2), Table 3 (T3)" in en
    zh = podium(folder, "--lang", "zh", "schedule", ok=False).output
    assert "未知资源“4号台”；场地有：1号台（T1）、2号台（T2）、3号台（T3）" in zh


def test_a_pin_refused_names_the_places_as_read(make_meet, podium):
    """T9 names nothing: the refusal lists every place of the two venues as read, each with its venue's code (T1 is
    both the stadium's track and the hall's table 1). Singles are played on tables, not on the track."""
    folder = drawn(make_meet, podium)
    refused = podium(folder, "--lang", "en", "schedule", "pin", "ms", "1", "--at", "11:00", "--on", "T9", ok=False).output
    assert refused.strip() == (
        "Error: 'T9' names no single resource; resources: Track (stadium/T1), Pit (stadium/P1), Table 1 (hall/T1), "
        "Table 2 (hall/T2), Table 3 (hall/T3)."
    )
    zh = podium(folder, "--lang", "zh", "schedule", "pin", "ms", "1", "--at", "11:00", "--on", "T9", ok=False).output
    assert "资源有：跑道（stadium/T1）、沙坑（stadium/P1）、1号台（hall/T1）、2号台（hall/T2）、3号台（hall/T3）。" in zh
    track = podium(folder, "--lang", "en", "schedule", "pin", "ms", "1", "--at", "11:00", "--on", "Track", ok=False).output
    assert track.strip() == "Error: match 1 cannot be pinned at 2026-05-20 11:00: it cannot be played on Track."
    zh = podium(folder, "--lang", "zh", "schedule", "pin", "ms", "1", "--at", "11:00", "--on", "跑道", ok=False).output
    assert "不能在跑道上进行" in zh
