"""The events of a school athletics day (田径运动会): races, hurdles, relays, jumps, vaults and throws, ready-made.

An event uses one with ``game = "sprint_100"`` and may override any rule in ``[events.X.rules]``
(``timing = "fat"``, ``final_trials = true`` …) or the format options in ``[[events.X.stages]]``
(``qualify = [[3, 2]]`` …). Races run in the ``qualifying`` format (heats → final with Q and q),
jumps and throws in one ``heats`` flight in an order drawn by lot (World Athletics TR 25.4).
``docs/athletics.md`` lists the events and every option with its default.
"""

from __future__ import annotations

from typing import Any

from podium.api import N_, EntrantKind, GameTemplate, Label

INDIVIDUAL, TEAM = EntrantKind.INDIVIDUAL, EntrantKind.TEAM
LANES: dict[str, Any] = {}
"""Races in lanes: the lanes come from the venue (``[venues.X] lanes``), 8 without one."""
FLIGHT = {"lanes": 0, "advance": "none"}
"""A jump or throw: everyone in one flight, the order of trials drawn by lot (World Athletics TR 25.4)."""
RELAY = {"legs": 4, "min_size": 4, "max_size": 6}
"""A relay team: four runners from up to six members named for the event (World Athletics TR 24)."""


def race(name: str, zh: str, en: str, metres: int, source: str, *, wind: bool = False, lanes: bool = True,
         heat_size: int = 12, note: tuple[str, str] = ("", "")) -> GameTemplate:
    """A race: heats → final in lanes (or a common start), timed, its length checking the times entered."""
    options: dict[str, Any] = dict(LANES) if lanes else {"in_lanes": False, "heat_size": heat_size}
    rules: dict[str, Any] = {"measure": "time", "race": metres}
    if wind:
        rules["wind"] = True
    summary = Label(
        zh=(f"{metres}米，分道跑" if lanes else f"{metres}米，不分道，每组至多{heat_size}人") + (f"；{note[0]}" if note[0] else "")
        + ("；测风速" if wind else ""),
        en=(f"{metres} m in lanes" if lanes else f"{metres} m, common start, at most {heat_size} a heat")
        + (f"; {note[1]}" if note[1] else "") + ("; wind measured" if wind else ""),
    )
    return GameTemplate(name, Label(zh, en), INDIVIDUAL, "qualifying", summary, source, options, rules)


def relay(name: str, zh: str, en: str, metres: int, source: str) -> GameTemplate:
    summary = Label(f"每队4人跑4棒，报名至多6人，赛前申报棒次（可在检录前更换）；分道跑；共{metres}米",
                    f"Teams of four legs from up to six members; the running order is declared before each race "
                    f"(runners may change until then); in lanes; {metres} m in all")
    return GameTemplate(name, Label(zh, en), TEAM, "qualifying", summary, source, dict(LANES),
                        {"measure": "time", "race": metres, **RELAY})


def field(name: str, zh: str, en: str, limit: float, source: str, *, wind: bool = False, what: tuple[str, str]) -> GameTemplate:
    """A jump or throw: trials in one flight, the best counts, ties by the next best trial."""
    rules: dict[str, Any] = {"measure": "distance", "limit": limit}
    if wind:
        rules["wind"] = True
    summary = Label(
        zh=f"{what[0]}；每人试跳（掷）3次，取最好成绩；可设前8名再赛3次" + ("；测风速" if wind else ""),
        en=f"{what[1]}; three trials each, the best counts; optionally three more for the best eight"
        + ("; wind measured" if wind else ""),
    )
    return GameTemplate(name, Label(zh, en), INDIVIDUAL, "heats", summary, source, dict(FLIGHT), rules)


EVENTS: tuple[GameTemplate, ...] = (
    race("sprint_50", "50米", "50 m", 50, N_("国家学生体质健康标准 (50 m run); World Athletics TR 16–19")),
    race("sprint_60", "60米", "60 m", 60, "World Athletics TR 16–19"),
    race("sprint_100", "100米", "100 m", 100, "World Athletics TR 16–20", wind=True),
    race("sprint_200", "200米", "200 m", 200, "World Athletics TR 16–20", wind=True),
    race("run_400", "400米", "400 m", 400, "World Athletics TR 16–20"),
    race("run_800", "800米", "800 m", 800, "World Athletics TR 17, TR 20", lanes=False, heat_size=12),
    race("run_1000", "1000米", "1000 m", 1000, N_("国家学生体质健康标准 (1000 m run, boys); World Athletics TR 20"),
         lanes=False, heat_size=15),
    race("run_1500", "1500米", "1500 m", 1500, "World Athletics TR 20", lanes=False, heat_size=15),
    race("run_3000", "3000米", "3000 m", 3000, "World Athletics TR 20", lanes=False, heat_size=20),
    race("hurdles_100", "100米栏", "100 m hurdles", 100, "World Athletics TR 22", wind=True,
         note=("10个栏架", "10 flights of hurdles")),
    race("hurdles_110", "110米栏", "110 m hurdles", 110, "World Athletics TR 22", wind=True,
         note=("10个栏架", "10 flights of hurdles")),
    race("hurdles_400", "400米栏", "400 m hurdles", 400, "World Athletics TR 22",
         note=("10个栏架", "10 flights of hurdles")),
    relay("relay_4x100", "4×100米接力", "4 × 100 m relay", 400, "World Athletics TR 24"),
    relay("relay_4x400", "4×400米接力", "4 × 400 m relay", 1600, "World Athletics TR 24"),
    field("long_jump", "跳远", "Long jump", 9.0, "World Athletics TR 25, TR 29, TR 30", wind=True,
          what=("助跑跳远", "Run-up, take-off board")),
    field("triple_jump", "三级跳远", "Triple jump", 18.5, "World Athletics TR 25, TR 29, TR 31", wind=True,
          what=("单足跳、跨步跳、跳跃", "Hop, step and jump")),
    field("standing_long_jump", "立定跳远", "Standing long jump", 3.8,
          N_("国家学生体质健康标准 (standing long jump); World Athletics TR 25"),
          what=("双脚原地起跳，量至最近落地点", "Two-footed take-off from standing, measured to the nearest landing mark")),
    field("shot_put", "铅球", "Shot put", 23.0, "World Athletics TR 25, TR 32, TR 33",
          what=("投掷圈内推铅球", "Put from the circle")),
    field("solid_ball", "掷实心球", "Solid-ball throw", 20.0, N_("World Athletics TR 25 (three trials, as for any throw, here with the 2 kg solid ball of school PE tests)"),
          what=("双手头上前掷实心球（2千克）", "Two-handed overhead throw of a 2 kg solid ball")),
    field("javelin", "标枪", "Javelin throw", 100.0, "World Athletics TR 25, TR 32, TR 38",
          what=("助跑掷标枪", "Run-up and throw")),
    field("discus", "铁饼", "Discus throw", 75.0, "World Athletics TR 25, TR 32, TR 34",
          what=("投掷圈内掷铁饼", "Throw from the circle")),
    GameTemplate(
        "high_jump", Label("跳高", "High jump"), INDIVIDUAL, "heats",
        Label("按预先公布的高度逐级升杆，每个高度至多试跳3次，连续3次失败停止比赛；可免跳；成绩相等时按最后跳过高度的失败次数、"
              "全赛失败总次数判定（第一名可选择决名次跳）",
              "The bar rises through the announced heights, up to three attempts at each; three failures in a row end "
              "the competition; heights may be passed; ties go to the fewest failures at the last height cleared, then "
              "the fewest in all (optionally a jump-off for first place)"),
        "World Athletics TR 25, TR 26, TR 27", dict(FLIGHT), {"measure": "heights", "limit": 2.5},
    ),
    GameTemplate(
        "pole_vault", Label("撑竿跳高", "Pole vault"), INDIVIDUAL, "heats",
        Label("按预先公布的高度逐级升杆，每轮至少升高5厘米，每个高度至多试跳3次，连续3次失败停止比赛；可免跳；成绩相等时按最后跳过"
              "高度的失败次数、全赛失败总次数判定（第一名可选择决名次跳，横杆每次升降5厘米）",
              "The bar rises through the announced heights, at least 5 cm after each round, up to three attempts at each; "
              "three failures in a row end the competition; heights may be passed; ties go to the fewest failures at the "
              "last height cleared, then the fewest in all (optionally a jump-off for first place, the bar moving 5 cm)"),
        "World Athletics TR 25, TR 26", dict(FLIGHT),
        {"measure": "heights", "limit": 6.5, "min_raise": 0.05, "jump_off_step": 0.05},
    ),
)

CATALOGUE = {event.name: event for event in EVENTS}
"""The ready-made events by name."""
