"""Write the ready-made school athletics day (core/samples/school-athletics/: meet.{zh,en}.toml, entrants.{zh,en}.csv).

A junior secondary school's athletics day (田径运动会): grades 7, 8 and 9 with six classes each, boys and girls
apart; races, relays, jumps and throws by grade; school records; a stadium with an 8-lane track, two jumping
pits, a throwing circle and a high-jump bed over one day; class points. Each class enters two pupils per event
and one relay team of four runners and up to two reserves (a team of 4 to 6, World Athletics TR 24;
the sample enters one reserve each); a pupil enters at most two individual events; the sprints give
entry marks (报名成绩), which seed their heats. The names are
drawn from a fixed seed, so running the script again writes the same files:

    python tools/make_athletics_sample.py
"""

from __future__ import annotations

import csv
import random
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "core" / "samples" / "school-athletics"
GRADES = (7, 8, 9)
CLASSES = 6
GRADE_ZH = {7: "初一", 8: "初二", 9: "初三"}
SURNAMES = [("王", "Wang"), ("李", "Li"), ("张", "Zhang"), ("刘", "Liu"), ("陈", "Chen"), ("杨", "Yang"), ("黄", "Huang"),
            ("赵", "Zhao"), ("吴", "Wu"), ("周", "Zhou"), ("徐", "Xu"), ("孙", "Sun"), ("马", "Ma"), ("朱", "Zhu"),
            ("胡", "Hu"), ("郭", "Guo"), ("何", "He"), ("高", "Gao"), ("林", "Lin"), ("罗", "Luo"), ("郑", "Zheng"),
            ("梁", "Liang"), ("谢", "Xie"), ("宋", "Song"), ("唐", "Tang"), ("韩", "Han"), ("冯", "Feng"), ("邓", "Deng")]
BOYS = [("伟", "Wei"), ("强", "Qiang"), ("磊", "Lei"), ("洋", "Yang"), ("勇", "Yong"), ("军", "Jun"), ("杰", "Jie"),
        ("涛", "Tao"), ("明", "Ming"), ("超", "Chao"), ("浩然", "Haoran"), ("子轩", "Zixuan"), ("宇航", "Yuhang"),
        ("俊杰", "Junjie"), ("博文", "Bowen"), ("天佑", "Tianyou"), ("志远", "Zhiyuan"), ("嘉豪", "Jiahao"),
        ("思远", "Siyuan"), ("一鸣", "Yiming"), ("睿", "Rui"), ("晨阳", "Chenyang"), ("皓", "Hao"), ("泽宇", "Zeyu")]
GIRLS = [("芳", "Fang"), ("娜", "Na"), ("敏", "Min"), ("静", "Jing"), ("丽", "Li"), ("雪", "Xue"), ("婷", "Ting"),
         ("玲", "Ling"), ("欣怡", "Xinyi"), ("梓涵", "Zihan"), ("诗涵", "Shihan"), ("雨萱", "Yuxuan"), ("可馨", "Kexin"),
         ("佳怡", "Jiayi"), ("思琪", "Siqi"), ("语嫣", "Yuyan"), ("若曦", "Ruoxi"), ("雅琴", "Yaqin"), ("晓彤", "Xiaotong"),
         ("梦瑶", "Mengyao"), ("悦", "Yue"), ("琳", "Lin"), ("晴", "Qing"), ("婉清", "Wanqing")]

# (key suffix, game, zh name, en name, grades, resource)
EVENTS: list[tuple[str, str | None, str | None, str | None, tuple[int, ...], str]] = [
    ("100", "sprint_100", "100米", "100 m", (7, 8, 9), "track"),
    ("200", "sprint_200", "200米", "200 m", (9,), "track"),
    ("run", None, None, None, (7, 8, 9), "track"),  # boys 1000 m, girls 800 m
    ("lj", "long_jump", "跳远", "long jump", (7, 8, 9), "pit"),
    ("slj", "standing_long_jump", "立定跳远", "standing long jump", (7,), "pit"),
    ("ball", "solid_ball", "掷实心球", "solid-ball throw", (7, 8), "circle"),
    ("shot", "shot_put", "铅球", "shot put", (9,), "circle"),
    ("hj", "high_jump", "跳高", "high jump", (8, 9), "bar"),
    ("relay", "relay_4x100", "4×100米接力", "4 × 100 m relay", (7, 8, 9), "track"),
]
HEIGHTS = {("M", 8): "[1.10, 1.15, 1.20, 1.25, 1.30, 1.35, 1.40, 1.45, 1.50, 1.55]",
           ("F", 8): "[0.95, 1.00, 1.05, 1.10, 1.15, 1.20, 1.25, 1.30, 1.35]",
           ("M", 9): "[1.20, 1.25, 1.30, 1.35, 1.40, 1.45, 1.50, 1.55, 1.60, 1.65]",
           ("F", 9): "[1.00, 1.05, 1.10, 1.15, 1.20, 1.25, 1.30, 1.35, 1.40]"}
RECORDS = {  # (event key): (mark, holder zh, holder en, unit zh, unit en, year)
    "b9_100": ("12.1", "周子轩", "Zhou Zixuan", "初三（4）班", "Class 9-4", 2019),
    "g9_100": ("13.8", "林雨萱", "Lin Yuxuan", "初三（2）班", "Class 9-2", 2021),
    "b7_100": ("13.2", "马俊杰", "Ma Junjie", "初一（5）班", "Class 7-5", 2023),
    "b9_lj": ("5.62", "梁博文", "Liang Bowen", "初三（1）班", "Class 9-1", 2018),
    "g7_slj": ("2.12", "何诗涵", "He Shihan", "初一（3）班", "Class 7-3", 2024),
    "b9_hj": ("1.58", "唐志远", "Tang Zhiyuan", "初三（6）班", "Class 9-6", 2022),
    "b9_relay": ("49.8", "初三（3）班", "Class 9-3", "初三（3）班", "Class 9-3", 2023),
}


def events() -> list[dict]:
    """Every event of the day: key, game, names in both languages, grade, gender, resource and rules."""
    found = []
    for grade in GRADES:
        for gender, zh_sex, en_sex, prefix in (("M", "男子", "Boys'", "b"), ("F", "女子", "Girls'", "g")):
            for suffix, game, zh, en, grades, resource in EVENTS:
                if grade not in grades:
                    continue
                if suffix == "run":
                    game, zh, en = ("run_1000", "1000米", "1000 m") if gender == "M" else ("run_800", "800米", "800 m")
                rules = f"heights = {HEIGHTS[(gender, grade)]}" if game == "high_jump" else ""
                found.append({
                    "key": f"{prefix}{grade}_{suffix}", "game": game, "grade": grade, "gender": gender, "resource": resource,
                    "zh": f"{GRADE_ZH[grade]}{zh_sex}{zh}", "en": f"{en_sex} {en}, grade {grade}", "rules": rules,
                    "team": suffix == "relay",
                })
    return found


HEADER = {
    "zh": """# 初中田径运动会：初一至初三，男女分组，径赛、田赛和接力，校纪录，班级总分
# 8 条分道的跑道、两个沙坑、一个投掷圈和一个跳高场地，一天两个单元。每班每项报 2 人、接力 1 队（4 人，另可报至多 2 名替补，本样例每队 1 名），每人限报 2 个单项（接力不计）。
# 径赛按成绩分组（预赛 → 决赛，名次 Q 与成绩 q 录取，World Athletics TR 20），田赛每人试跳（掷）3 次；手计时，不测风速（学校常规，见 docs/athletics.md）。
# 修改后运行 podium entrants import entrants.csv，对每个项目运行 podium draw（一次抽全部项目的办法见 docs/athletics.md），再运行 podium schedule、podium print startlists 和 podium print callroom。
""",
    "en": """# School athletics day: grades 7 to 9, boys and girls apart, track, field and relays, school records, class points
# An 8-lane track, two jumping pits, a throwing circle and a high-jump bed over one day. Each class enters 2 pupils per event and one relay team (4 runners and up to 2 reserves, World Athletics TR 24; here 1 each); a pupil enters at most 2 individual events (relays do not count).
# Races run heats → final with Q by place and q by time (World Athletics TR 20); jumps and throws give 3 trials each; hand timing, no wind gauge (school practice, see docs/athletics.md).
# After editing: podium entrants import entrants.csv, podium draw EVENT for each event (docs/athletics.md shows how to draw them all), then podium schedule, podium print startlists and podium print callroom.
""",
}


def meet_toml(lang: str) -> str:
    zh = lang == "zh"
    lines = [HEADER[lang].rstrip(), ""]
    lines += ["[meet]", 'name = { zh = "2026 年阳光中学春季田径运动会", en = "Sunshine Middle School spring athletics day 2026" }',
              "date = 2026-04-22", f'organiser = "{"学校体育组" if zh else "PE department"}"',
              f'venue = "{"阳光中学田径场" if zh else "Sunshine Middle School stadium"}"', f'language = "{lang}"', ""]
    lines.append("# 班级（size = 学生人数）" if zh else "# Classes; size = pupils in the class")
    lines.append("[units]")
    for grade in GRADES:
        for number in range(1, CLASSES + 1):
            name = f"{GRADE_ZH[grade]}（{number}）班" if zh else f"Class {grade}-{number}"
            lines.append(f'c{grade}{number} = {{ name = "{name}", size = {40 + (grade + number) % 5} }}')
    lines += ["", "# 每名学生最多报 2 个单项，接力不计" if zh else "# Each pupil enters at most 2 individual events; relays do not count",
              "[entries]", "max_events_per_person = 2", 'count_kinds = ["individual"]', ""]
    lines.append("# 田径场：跑道 8 条分道（一组至多 8 人），两个沙坑、一个投掷圈、一个跳高场地" if zh
                 else "# The stadium: a track of 8 lanes (at most 8 in a heat), two pits, a throwing circle and a high-jump bed")
    lines += ["[venues.stadium]", 'name = { zh = "田径场", en = "Stadium" }', "resources = { track = 1, pit = 2, circle = 1, bar = 1 }",
              "lanes = { track = 8 }", "", "[[venues.stadium.sessions]]", 'name = "am"', 'start = "08:00"', 'end = "11:45"', "",
              "[[venues.stadium.sessions]]", 'name = "pm"', 'start = "13:30"', 'end = "17:30"', "", "[schedule]",
              "rest = 15                           # " + ("同一学生两个项目之间至少休息 15 分钟" if zh else "at least 15 minutes between two events of one pupil"),
              "changeover = 2                      # " + ("同一场地两组之间 2 分钟" if zh else "2 minutes between two heats on one track or pit"), ""]
    lines.append("# 班级总分：各项前 8 名得 9、7、6、5、4、3、2、1 分，接力加倍" if zh
                 else "# Class points: places 1–8 score 9, 7, 6, 5, 4, 3, 2, 1; relays count double")
    lines += ["[points]", "places = [9, 7, 6, 5, 4, 3, 2, 1]", "team = 2", 'tie = "countback"', ""]
    for event in events():
        lines += [f"[events.{event['key']}]", f'name = {{ zh = "{event["zh"]}", en = "{event["en"]}" }}', 'sport = "athletics"',
                  f'game = "{event["game"]}"']
        if event["team"]:
            lines += ['kind = "team"', f'eligibility = {{ gender = "{event["gender"]}", grades = [{event["grade"]}], players = 4, reserves = 2 }}',
                      "quota = { per_unit = 1 }"]
        else:
            lines += [f'eligibility = {{ gender = "{event["gender"]}", grades = [{event["grade"]}] }}', "quota = { per_unit = 2 }"]
        lines.append(f'schedule = {{ resource = "{event["resource"]}" }}')
        if event["rules"]:
            lines.append(f"rules = {{ {event['rules']} }}")
        if event["key"] in RECORDS:
            mark, hz, he, uz, ue, year = RECORDS[event["key"]]
            lines.append(f"records = {{ school = {{ mark = \"{mark}\", holder = \"{hz if zh else he}\", unit = \"{uz if zh else ue}\", year = {year} }} }}")
        lines.append("")
    return "\n".join(lines)


def pupils(rng: random.Random) -> dict[tuple[int, int, str], list[tuple[str, str]]]:
    """Twelve boys and twelve girls per class, every full name unique in the school."""
    taken: set[str] = set()
    found: dict[tuple[int, int, str], list[tuple[str, str]]] = {}
    for grade in GRADES:
        for number in range(1, CLASSES + 1):
            for gender, given in (("M", BOYS), ("F", GIRLS)):
                names: list[tuple[str, str]] = []
                while len(names) < 12:
                    surname, first = rng.choice(SURNAMES), rng.choice(given)
                    zh = surname[0] + first[0]
                    if zh not in taken:
                        taken.add(zh)
                        names.append((zh, f"{surname[1]} {first[1]}"))
                found[(grade, number, gender)] = names
    return found


def rows(rng: random.Random) -> list[dict]:
    """The entries: two pupils per class and individual event (each in at most two), one relay team per class."""
    people = pupils(rng)
    found: list[dict] = []
    bib = iter(range(1001, 9999))
    bibs: dict[tuple[int, int, str, int], int] = {}
    for event in events():
        for number in range(1, CLASSES + 1):
            squad = people[(event["grade"], number, event["gender"])]
            if event["team"]:
                team = (f"{GRADE_ZH[event['grade']]}（{number}）班", f"Class {event['grade']}-{number}")
                for index, who in enumerate(squad[7:12]):
                    found.append({"event": event["key"], "name": who, "gender": event["gender"], "grade": event["grade"],
                                  "unit": number, "team": team, "reserve": index == 4, "bib": ""})
                continue
            used = sum(1 for r in found if r["unit"] == number and r["grade"] == event["grade"]
                       and r["gender"] == event["gender"] and not r.get("team"))
            for slot in range(2):
                index = (used + slot) % 7  # seven pupils share the individual events, two each at most
                key = (event["grade"], number, event["gender"], index)
                if key not in bibs:
                    bibs[key] = next(bib)
                mark = ""
                if event["key"].endswith(("_100", "_200")):  # entry marks (报名成绩) seed the heats of the sprints
                    base = (12.4 if event["gender"] == "M" else 13.8) + (9 - event["grade"]) * 0.4
                    metres = 2 if event["key"].endswith("_200") else 1
                    mark = f"{(base + rng.uniform(0, 2.5)) * metres + (0.5 if metres == 2 else 0):.1f}"
                found.append({"event": event["key"], "name": squad[index], "gender": event["gender"],
                              "grade": event["grade"], "unit": number, "bib": bibs[key], "mark": mark})
    return found


def write(lang: str, data: list[dict]) -> None:
    zh = lang == "zh"
    header = (["项目", "姓名", "性别", "单位", "年级", "号码", "报名成绩", "队名", "替补"] if zh
              else ["event", "name", "gender", "unit", "grade", "bib", "mark", "team", "reserve"])
    with (OUT / f"entrants.{lang}.csv").open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(header)
        for row in data:
            unit = f"{GRADE_ZH[row['grade']]}（{row['unit']}）班" if zh else f"Class {row['grade']}-{row['unit']}"
            team = row.get("team")
            writer.writerow([row["event"], row["name"][0 if zh else 1], {"M": ("男", "M"), "F": ("女", "F")}[row["gender"]][0 if zh else 1],
                             unit, row["grade"], row["bib"], row.get("mark", ""), (team[0 if zh else 1] if team else ""),
                             ("是" if zh else "yes") if row.get("reserve") else ""])
    (OUT / f"meet.{lang}.toml").write_text(meet_toml(lang), encoding="utf-8")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    data = rows(random.Random(2026))
    for lang in ("zh", "en"):
        write(lang, data)
    print(f"wrote {len(data)} entries of {len(events())} events to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
