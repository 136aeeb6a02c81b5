"""Regenerate the entrants of the sample sports day (core/samples/demo/entrants.{zh,en}.csv).

The demo meet has ten classes and nineteen events; this script draws a class list of
boys and girls for each class from a fixed seed and enters them so that every event's
composition rules hold (teams of the right size and gender make-up, mixed pairs …).
Run it after changing the events of core/samples/demo/meet.*.toml:

    python tools/make_demo.py
"""

from __future__ import annotations

import csv
import random
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "core" / "samples" / "demo"

SURNAMES = [("王", "Wang"), ("李", "Li"), ("张", "Zhang"), ("刘", "Liu"), ("陈", "Chen"), ("杨", "Yang"), ("黄", "Huang"),
            ("赵", "Zhao"), ("吴", "Wu"), ("周", "Zhou"), ("徐", "Xu"), ("孙", "Sun"), ("马", "Ma"), ("朱", "Zhu"),
            ("胡", "Hu"), ("郭", "Guo"), ("何", "He"), ("高", "Gao"), ("林", "Lin"), ("罗", "Luo"), ("郑", "Zheng"),
            ("梁", "Liang"), ("谢", "Xie"), ("宋", "Song"), ("唐", "Tang"), ("许", "Xu"), ("韩", "Han"), ("冯", "Feng")]
BOYS = [("伟", "Wei"), ("强", "Qiang"), ("磊", "Lei"), ("洋", "Yang"), ("勇", "Yong"), ("军", "Jun"), ("杰", "Jie"),
        ("涛", "Tao"), ("明", "Ming"), ("超", "Chao"), ("浩然", "Haoran"), ("子轩", "Zixuan"), ("宇航", "Yuhang"),
        ("俊杰", "Junjie"), ("博文", "Bowen"), ("天佑", "Tianyou"), ("志远", "Zhiyuan"), ("嘉豪", "Jiahao"), ("思远", "Siyuan"),
        ("一鸣", "Yiming"), ("睿", "Rui"), ("晨阳", "Chenyang"), ("皓", "Hao"), ("泽宇", "Zeyu")]
GIRLS = [("芳", "Fang"), ("娜", "Na"), ("敏", "Min"), ("静", "Jing"), ("丽", "Li"), ("雪", "Xue"), ("婷", "Ting"),
         ("玲", "Ling"), ("欣怡", "Xinyi"), ("梓涵", "Zihan"), ("诗涵", "Shihan"), ("雨萱", "Yuxuan"), ("可馨", "Kexin"),
         ("佳怡", "Jiayi"), ("思琪", "Siqi"), ("语嫣", "Yuyan"), ("若曦", "Ruoxi"), ("雅琴", "Yaqin"), ("晓彤", "Xiaotong"),
         ("梦瑶", "Mengyao"), ("悦", "Yue"), ("琳", "Lin"), ("月", "Yue"), ("晴", "Qing")]
UNITS = [(f"初二（{i}）班", f"Class 8-{i}") for i in range(1, 11)]
RATINGS = [2150, 2080, 2020, 1960, 1900, 1850, 1800, 1760]


def class_lists(rng: random.Random) -> list[dict[str, list[tuple[str, str]]]]:
    """Twenty boys and twenty girls per class, every full name unique in the school."""
    taken: set[str] = set()
    classes = []
    for _ in UNITS:
        lists: dict[str, list[tuple[str, str]]] = {"M": [], "F": []}
        for gender, given in (("M", BOYS), ("F", GIRLS)):
            while len(lists[gender]) < 20:
                surname, first = rng.choice(SURNAMES), rng.choice(given)
                zh = surname[0] + first[0]
                if zh not in taken:
                    taken.add(zh)
                    lists[gender].append((zh, f"{surname[1]} {first[1]}"))
        classes.append(lists)
    return classes


def rows(rng: random.Random) -> list[dict]:
    classes = class_lists(rng)
    taken = [{"M": 0, "F": 0} for _ in UNITS]
    out: list[dict] = []

    def person(unit: int, gender: str) -> tuple[str, str]:
        index = taken[unit][gender] % 20  # one pupil may enter several events
        taken[unit][gender] += 1
        return classes[unit][gender][index]

    def add(event: str, unit: int, gender: str, who: tuple[str, str], **extra: object) -> None:
        out.append({"event": event, "name": who, "gender": gender, "unit": unit, **extra})

    bib = iter(range(1001, 9999))
    for i in range(16):  # men's singles: four seeds
        add("ms", i % 10, "M", person(i % 10, "M"), bib=next(bib), seed=i + 1 if i < 4 else "")
    for i in range(10):
        add("ws", i, "F", person(i, "F"), bib=next(bib), seed=i + 1 if i < 2 else "")
    for i in range(6):  # mixed doubles, one pair per class
        pair = (f"xd{i + 1}", f"xd{i + 1}")
        add("xd", i, "M", person(i, "M"), team=pair)
        add("xd", i, "F", person(i, "F"), team=pair)
    for i in range(5):  # class teams of three with a reserve
        team = UNITS[i]
        for j in range(4):
            add("tt", i, "M" if j % 2 == 0 else "F", person(i, "M" if j % 2 == 0 else "F"), team=team, reserve=j == 3)
    for i in range(16):
        add("xq", i % 10, "M" if i % 3 else "F", person(i % 10, "M" if i % 3 else "F"), rating=RATINGS[i] if i < 8 else "")
    for i in range(6):
        add("wq", i, "M" if i % 2 else "F", person(i, "M" if i % 2 else "F"), rating=3 - i // 2 if i < 4 else "")
    for i in range(8):
        add("gm", i, "M" if i % 2 else "F", person(i, "M" if i % 2 else "F"))
    for i in range(8):  # frog-jump relay: 2 men + 2 women per class
        for gender in ("M", "M", "F", "F"):
            add("relay", i, gender, person(i, gender), team=UNITS[i])
    for i in range(20):
        add("rope", i % 10, "F" if i < 10 else "M", person(i % 10, "F" if i < 10 else "M"))
    for i in range(6):  # square dance: 12 per class
        for j in range(12):
            add("dance", i, "F" if j < 8 else "M", person(i, "F" if j < 8 else "M"), team=(f"{UNITS[i][0]}舞蹈队", f"{UNITS[i][1]} dancers"))
    for i in range(8):  # tug of war: 10 per class
        for j in range(10):
            add("tow", i, "M" if j < 6 else "F", person(i, "M" if j < 6 else "F"), team=UNITS[i])
    for i in range(15):
        add("sack", i % 10, "M" if i % 2 else "F", person(i % 10, "M" if i % 2 else "F"))
    for i in range(8):  # three-legged race: one boy and one girl
        pair = (f"leg{i + 1}", f"leg{i + 1}")
        add("legs", i, "M", person(i, "M"), team=pair)
        add("legs", i, "F", person(i, "F"), team=pair)
    for i in range(12):
        add("shoot", i % 10, "M", person(i % 10, "M"))
    for i in range(12):
        add("chairs", i % 10, "F" if i % 2 else "M", person(i % 10, "F" if i % 2 else "M"))
    for i in range(20):  # athletics: two boys a class in the 100 m (three heats and a final)
        add("b100", i % 10, "M", person(i % 10, "M"), bib=next(bib))
    for i in range(10):  # a relay team of four and a reserve from each class
        for j in range(5):
            add("r4x100", i, "M", person(i, "M"), team=UNITS[i], reserve=j == 4)
    for i in range(10):
        add("glj", i, "F", person(i, "F"), bib=next(bib))
    for i in range(8):
        add("ghj", i, "F", person(i, "F"), bib=next(bib))
    return out


def write(lang: str, data: list[dict]) -> None:
    index = 0 if lang == "zh" else 1
    header = (["项目", "姓名", "性别", "单位", "号码", "种子", "等级分", "队名", "替补"] if lang == "zh"
              else ["event", "name", "gender", "unit", "bib", "seed", "rating", "team", "reserve"])
    genders = {"M": ("男", "M"), "F": ("女", "F")}
    with (OUT / f"entrants.{lang}.csv").open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(header)
        for row in data:
            team = row.get("team", "")
            writer.writerow([
                row["event"], row["name"][index], genders[row["gender"]][index], UNITS[row["unit"]][index],
                row.get("bib", ""), row.get("seed", ""), row.get("rating", ""),
                team[index] if isinstance(team, tuple) else team,
                ("是" if lang == "zh" else "yes") if row.get("reserve") else "",
            ])


def main() -> None:
    data = rows(random.Random(2026))
    for lang in ("zh", "en"):
        write(lang, data)
    print(f"wrote {len(data)} rows to {OUT.relative_to(ROOT)}/entrants.{{zh,en}}.csv")


if __name__ == "__main__":
    main()
