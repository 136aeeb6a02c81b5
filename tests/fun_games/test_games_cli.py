"""Counted, timed, judged and elimination games from the CLI, with bad input refused and nothing written."""

from __future__ import annotations

import json
import re

MEET = """
[meet]
name = "Fun day"
language = "en"

[units]
c1 = "Class 1"
c2 = "Class 2"

[events.rope]
sport = "fun_games"
game = "rope_skipping"

[events.throw]
sport = "fun_games"
game = "accuracy_throw"

[events.chopsticks]
sport = "fun_games"
game = "chopstick_relay"
kind = "individual"

[events.chairs]
sport = "fun_games"
game = "musical_chairs"

[events.sack]
sport = "fun_games"
game = "sack_race"

[events.sandbag]
sport = "fun_games"
game = "sandbag_throw"
"""

PEOPLE = ["Ann", "Bob", "Cai", "Dan"]


def entrants(*events: str) -> str:
    rows = ["event,name,unit"]
    for event in events:
        rows += [f"{event},{name},Class {1 + i % 2}" for i, name in enumerate(PEOPLE)]
    return "\n".join(rows) + "\n"


def drawn(make_meet, podium, *events: str):
    folder = make_meet(MEET, entrants(*events))
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    for event in events:
        podium(folder, "draw", event, "--seed", "1")
    return folder


def rows(podium, folder, event):
    return json.loads(podium(folder, "standings", event, "--json").output)["stages"][0]["rows"]


def test_counted_event(make_meet, podium):
    """Fun sports-day rules, individual 1 (1-minute rope skipping): valid skips counted, most first.
    Ann 112, Bob 98, Cai 112, Dan 87 → Ann and Cai share 1st, Bob 3rd, Dan 4th."""
    folder = drawn(make_meet, podium, "rope")
    journal = (folder / "meet.sqlite").read_bytes()
    refused = podium(folder, "perf", "rope", "Ann", "12.5", ok=False)
    assert refused.exit_code != 0 and "A count must be a whole number, not 12.5." in refused.output
    assert (folder / "meet.sqlite").read_bytes() == journal
    for name, count in [("Ann", "112"), ("Bob", "98个"), ("Cai", "112"), ("Dan", "87")]:
        podium(folder, "perf", "rope", name, count)
    assert [(r["place"], r["shared"], r["name"], r["mark"]) for r in rows(podium, folder, "rope")] == [
        (1, True, "Ann", "112"), (1, True, "Cai", "112"), (3, False, "Bob", "98"), (4, False, "Dan", "87")
    ]
    assert "1=" in podium(folder, "standings", "rope").output
    assert "(60 s to count)" in podium(folder, "matches", "rope").output  # fun sports-day rules, individual 1: 1分钟
    assert "（计数 60 秒）" in podium(folder, "--lang", "zh", "matches", "rope").output  # Chinese brackets in Chinese


def test_sudden_death_tie(make_meet, podium):
    """Table-tennis plan 5 §5(1) (accuracy throw, 20 balls): Ann and Bob tie on 15; each throws one more ball:
    both score (1, 1), tie again; then Bob 1, Ann 0 → Bob 1st, Ann 2nd. A 21st ball is impossible, and so is an
    extra attempt scoring 2 (one ball)."""
    folder = drawn(make_meet, podium, "throw", "rope")
    refused = podium(folder, "perf", "throw", "Ann", "21", ok=False)
    assert "The count 21 is more than this event allows (20)." in refused.output
    for name, count in [("Ann", "15"), ("Bob", "15"), ("Cai", "9"), ("Dan", "12")]:
        podium(folder, "perf", "throw", name, count)
    text = podium(folder, "standings", "throw").output
    assert "Ann, Bob are tied: each makes a sudden-death extra attempt" in text
    journal = (folder / "meet.sqlite").read_bytes()
    refused = podium(folder, "perf", "throw", "Ann", "2", "--extra", ok=False)
    assert refused.exit_code != 0 and "A sudden-death extra attempt counts at most 1, not 2." in refused.output
    assert (folder / "meet.sqlite").read_bytes() == journal
    for name, extra in [("Ann", "1"), ("Bob", "1"), ("Ann", "0"), ("Bob", "1")]:
        podium(folder, "perf", "throw", name, extra, "--extra")
    assert [(r["place"], r["name"]) for r in rows(podium, folder, "throw")] == [(1, "Bob"), (2, "Ann"), (3, "Dan"), (4, "Cai")]
    explained = podium(folder, "standings", "throw", "--explain").output
    assert "Bob above Ann: sudden-death extra attempt 2 1 vs 0" in explained
    refused = podium(folder, "perf", "rope", "Ann", "3", "--extra", ok=False)
    assert "sudden-death extra attempts are for events with ties" in refused.output


def test_time_cap_and_statuses(make_meet, podium):
    """Table-tennis plan 5 §5(3): not finished in 5 minutes is eliminated. Ann 4:10.5; Bob 5:02.00 is over the cap (DNF);
    Cai did not start; Dan 3:59.00 → Dan 1st, Ann 2nd; Cai and Bob unranked (listed mildest status first). Every
    time of the event shows its two decimals (the ``decimals`` option; one precision per event as World Athletics
    TR 19 reads times to one unit): 3:59.00 and 4:10.50, not 3:59 beside 4:10.5 (issue 21 item 16)."""
    folder = drawn(make_meet, podium, "chopsticks")
    assert "(time cap 5:00)" in podium(folder, "matches", "chopsticks").output
    podium(folder, "perf", "chopsticks", "Ann", "4:10.5")
    out = podium(folder, "perf", "chopsticks", "Bob", "5:02.00").output
    assert "Bob DNF recorded." in out and "5:02.00 is over the time cap of 5:00" in out
    podium(folder, "perf", "chopsticks", "Cai", "--status", "DNS")
    podium(folder, "perf", "chopsticks", "Dan", "3分59秒")
    assert [(r["place"], r["name"], r["mark"]) for r in rows(podium, folder, "chopsticks")] == [
        (1, "Dan", "3:59.00"), (2, "Ann", "4:10.50"), (None, "Cai", "DNS"), (None, "Bob", "DNF")
    ]
    refused = podium(folder, "perf", "chopsticks", "Dan", "--status", "LATE", "--reason", "x", ok=False)
    assert "'LATE' is not a status; use DNS, DNF, DQ, NR, - (a pass) or r (retired)." in refused.output


def _row(output: str, name: str) -> list[str]:
    """The cells of the line of ``name`` in a table the CLI printed, split at spaces."""
    return next(line for line in output.splitlines() if name in line.split()).split()


def test_statuses_read_in_chinese_words(make_meet, podium):
    """A Chinese reader sees a status in words (docs/fun_games.md, "Statuses"): DNS 弃权, DNF 未完成, DQ 取消资格,
    NR 不计成绩; an English one keeps the international codes; the journal and --json keep the codes. The Chinese
    word typed in place of the value is read as the status (Cai 弃权 = DNS, Bob 未完成 = DNF)."""
    folder = drawn(make_meet, podium, "chopsticks")
    podium(folder, "perf", "chopsticks", "Ann", "4:10.5")
    said = podium(folder, "--lang", "zh", "perf", "chopsticks", "Cai", "弃权").output
    assert "Cai 的成绩为弃权，已录入。" in said
    assert "Bob DNF recorded." in podium(folder, "perf", "chopsticks", "Bob", "未完成").output
    podium(folder, "perf", "chopsticks", "Dan", "--status", "DQ")
    assert [(r["name"], r["mark"], r["status"]) for r in rows(podium, folder, "chopsticks")][1:] == [
        ("Cai", "DNS", "DNS"), ("Bob", "DNF", "DNF"), ("Dan", "DQ", "DQ")
    ]
    for command in ("standings", "matches"):
        chinese = podium(folder, "--lang", "zh", command, "chopsticks").output
        english = podium(folder, "--lang", "en", command, "chopsticks").output
        assert "弃权" in _row(chinese, "Cai") and "未完成" in _row(chinese, "Bob") and "取消资格" in _row(chinese, "Dan")
        assert "DNS" in _row(english, "Cai") and "DNF" in _row(english, "Bob") and "DQ" in _row(english, "Dan")
        assert not {"DNS", "DNF", "DQ"} & set(chinese.split())
    podium(folder, "perf", "chopsticks", "Dan", "--status", "NR", "--reason", "timing lost")
    assert "不计成绩" in _row(podium(folder, "--lang", "zh", "standings", "chopsticks").output, "Dan")
    refused = podium(folder, "--lang", "zh", "perf", "chopsticks", "Cai", "3:50", ok=False).output
    assert "Cai 在第 1 组已有成绩（弃权）；" in refused
    history = podium(folder, "--lang", "zh", "log").output
    assert "Cai  弃权" in history and "Bob  未完成" in history and "Dan  取消资格" in history
    journal = json.loads(podium(folder, "export", "-o", "-").output)["journal"]
    assert {e["payload"].get("status") for e in journal if e["kind"] == "performance"} == {None, "DNS", "DNF", "DQ", "NR"}


def test_negative_time_is_refused(make_meet, podium):
    folder = drawn(make_meet, podium, "sack")
    journal = (folder / "meet.sqlite").read_bytes()
    refused = podium(folder, "perf", "sack", "Ann", "-3.2", ok=False)
    assert refused.exit_code != 0
    assert "The time '-3.2' is negative; a time is zero or more, like 12.34 or 1:02.5." in refused.output
    assert "Traceback" not in refused.output
    assert (folder / "meet.sqlite").read_bytes() == journal


def test_best_of_three_zones(make_meet, podium):
    """Team fun-games rules §4 (sandbag): three throws, the best counts, on the line scores 0.
    Ann: line, 4, 2 → 4. Bob: 5, line, 1 → 5. A fourth throw is refused."""
    folder = drawn(make_meet, podium, "sandbag")
    for name, throws in [("Ann", ["line", "4", "2"]), ("Bob", ["5", "压线", "1"]), ("Cai", ["1", "1", "1"]), ("Dan", ["2", "3", "3"])]:
        for zone in throws:
            podium(folder, "perf", "sandbag", name, zone)
    refused = podium(folder, "perf", "sandbag", "Ann", "5", ok=False)
    assert "Ann has used all 3 attempts" in refused.output
    assert [(r["place"], r["name"], r["mark"]) for r in rows(podium, folder, "sandbag")] == [
        (1, "Bob", "5"), (2, "Ann", "4"), (3, "Dan", "3"), (4, "Cai", "1")
    ]
    lanes = {lane["name"]: lane["attempts"] for lane in json.loads(podium(folder, "matches", "sandbag", "--json").output)[0]["lanes"]}
    assert lanes["Ann"] == ["0", "4", "2"]


def test_elimination_game(make_meet, podium):
    """Fun-games contest rules, 4 (musical chairs), 4 players: Dan out in round 1, Ann in round 2, Bob in round 3:
    Cai is left and wins. Places Cai, Bob, Ann, Dan; the game is complete once one is left."""
    folder = drawn(make_meet, podium, "chairs")
    refused = podium(folder, "perf", "chairs", "Dan", "4", ok=False)
    assert "Round 4 is impossible here: with this many entrants the rounds are 1 to 3." in refused.output
    for name, out in [("Dan", "1"), ("Ann", "2")]:
        podium(folder, "perf", "chairs", name, out)
    assert json.loads(podium(folder, "standings", "chairs", "--json").output)["stages"][0]["complete"] is False
    podium(folder, "perf", "chairs", "Bob", "3")
    stage = json.loads(podium(folder, "standings", "chairs", "--json").output)["stages"][0]
    assert stage["complete"] is True
    assert [(r["place"], r["name"]) for r in stage["rows"]] == [(1, "Cai"), (2, "Bob"), (3, "Ann"), (4, "Dan")]


def test_perf_on_a_head_to_head_event_is_refused(make_meet, podium):
    toml = MEET + '\n[events.tow]\nsport = "fun_games"\ngame = "tug_of_war"\nkind = "individual"\n'
    folder = make_meet(toml, entrants("tow"))
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "tow", "--seed", "2")
    refused = podium(folder, "perf", "tow", "Ann", "2", ok=False)
    assert "Tug of war is played in matches, not measured; enter results with 'podium result'." in refused.output


def test_help_has_examples(podium):
    out = podium(None, "perf", "--help").output
    assert "Example:" in out and "podium perf square" in out and "--judges" in out


def test_heats_then_a_final_stage_take_the_best_through(make_meet, podium):
    """A sack race run as two stages: heats of 2 ranked together (advance = "none", school fun sports-day annex, (1) 2), then a
    final stage for the best ``through = 2``. Ann 12.1, Bob 11.9, Cai 13.0, Dan 12.5 (smaller is better):
    Bob 1st, Ann 2nd go through, best first; the final is one heat of 2."""
    toml = MEET + (
        '[[events.sack.stages]]\nname = "heats"\ntitle = { zh = "预赛", en = "Heats" }\nformat = "heats"\nlanes = 2\nadvance = "none"\nthrough = 2\n'
        '[[events.sack.stages]]\nname = "final"\ntitle = { zh = "决赛", en = "Final" }\nformat = "heats"\n'
    )
    folder = make_meet(toml, entrants("sack"))
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    assert "4 entrants in 2 heats" in podium(folder, "draw", "sack", "--seed", "1").output
    for name, time in [("Ann", "12.1"), ("Bob", "11.9"), ("Cai", "13.0"), ("Dan", "12.5")]:
        podium(folder, "perf", "sack", name, time)
    out = podium(folder, "advance", "sack", "--seed", "2").output
    assert "Stage 'Heats' closed: 2 go through to 'Final': Bob, Ann." in out  # by their titles, not their keys
    assert "Drew Sack race (Final) with seed 2: 2 entrants in 1 heat. See 'podium matches sack'." in out


def test_lots_decide_a_first_place_the_event_does_not_share(make_meet, podium):
    """Rope skipping with ``standings = { decide = [1] }``: Ann and Cai share first on 112 (fun sports-day rules,
    individual 1), which must not be shared, so ``podium lots rope --seed 5`` draws for it (docs/standings.md: a place
    that must not be shared is settled by a play-off or by lots): ``random.Random(5).sample(["1", "3"], 2)`` is
    ["3", "1"], so Cai (key 3) is first and the only champion, Ann second."""
    toml = MEET.replace('game = "rope_skipping"\n', 'game = "rope_skipping"\nstandings = { decide = [1] }\n')
    folder = make_meet(toml, entrants("rope"))
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "rope", "--seed", "1")
    for name, count in [("Ann", "112"), ("Bob", "98"), ("Cai", "112"), ("Dan", "87")]:
        podium(folder, "perf", "rope", name, count)
    assert (
        "Ann, Cai are tied for place 1, which must be decided: record a play-off with 'podium playoff rope …' or draw lots "
        "with 'podium lots rope'." in podium(folder, "standings", "rope").output
    )
    out = podium(folder, "lots", "rope", "--seed", "5").output
    assert out.strip() == "Drew lots for place 1 of 1-minute rope skipping (Heats ranked together) with seed 5: 1. Cai  2. Ann"
    assert [(r["place"], r["shared"], r["name"]) for r in rows(podium, folder, "rope")] == [
        (1, False, "Cai"), (2, False, "Ann"), (3, False, "Bob"), (4, False, "Dan")
    ]
    awards = json.loads(podium(folder, "awards", "--json").output)["events"][0]["awards"]
    assert [(a["place"], a["name"]) for a in awards if a["place"] == 1] == [(1, "Cai")]
    assert "must be decided" not in podium(folder, "standings", "rope").output


def test_lots_and_play_offs_wait_for_every_mark(make_meet, podium):
    """Rope skipping with ``standings = { decide = [1] }`` (one heat of four): Ann and Cai have 112 and share first,
    but Dan has not skipped yet. Lots or a play-off now would settle a tie that may not exist once every mark is in,
    so both are refused, as for a stage of matches with results missing, and the meet is unchanged. Dan then skips
    120: he is first alone, and Ann and Cai share second, which the event need not decide."""
    toml = MEET.replace('game = "rope_skipping"\n', 'game = "rope_skipping"\nstandings = { decide = [1] }\n')
    folder = make_meet(toml, entrants("rope"))
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "rope", "--seed", "1")
    for name, count in [("Ann", "112"), ("Bob", "98"), ("Cai", "112")]:
        podium(folder, "perf", "rope", name, count)
    waiting = (
        "Error: Stage 'Heats ranked together' of 1-minute rope skipping still has 1 heat waiting for marks; settle ties once "
        "every mark is in; record performances with 'podium perf'."
    )
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    for args in (["lots", "rope", "--seed", "5"], ["lots", "rope", "--place", "1"], ["playoff", "rope", "Cai", "Ann", "--reason", "play-off"]):
        result = podium(folder, *args, ok=False)
        assert (result.exit_code, result.output.strip()) == (2, waiting)
    assert {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()} == before
    podium(folder, "perf", "rope", "Dan", "120")
    assert [(r["place"], r["shared"], r["name"]) for r in rows(podium, folder, "rope")] == [
        (1, False, "Dan"), (2, True, "Ann"), (2, True, "Cai"), (4, False, "Bob")
    ]
    assert podium(folder, "lots", "rope", ok=False).output.startswith("Error: No tie in stage 'Heats ranked together' of 1-minute rope skipping must be decided")


def test_a_play_off_settles_a_tie_at_the_qualifying_cut(make_meet, podium):
    """Sack race heats ranked together, the best ``through = 2`` to the final: Ann 11.9, Bob and Cai 12.1, Dan 12.5.
    Bob and Cai share second across the cut, so the stage cannot close; once a play-off puts Cai ahead, Ann and Cai
    go through, best first."""
    toml = MEET + (
        '[[events.sack.stages]]\nname = "heats"\ntitle = { zh = "预赛", en = "Heats" }\nformat = "heats"\nlanes = 2\nadvance = "none"\nthrough = 2\n'
        '[[events.sack.stages]]\nname = "final"\ntitle = { zh = "决赛", en = "Final" }\nformat = "heats"\n'
    )
    folder = make_meet(toml, entrants("sack"))
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "sack", "--seed", "1")
    for name, time in [("Ann", "11.9"), ("Bob", "12.1"), ("Cai", "12.1"), ("Dan", "12.5")]:
        podium(folder, "perf", "sack", name, time)
    tied = podium(folder, "advance", "sack", "--seed", "2", ok=False)
    assert tied.exit_code == 2 and "The qualifying cut of stage 'Heats' is tied" in tied.output
    out = podium(folder, "playoff", "sack", "Cai", "Bob", "--reason", "play-off race").output
    assert out.strip() == "Recorded the play-off for place 2 of Sack race: 1. Cai  2. Bob"
    assert "Stage 'Heats' closed: 2 go through to 'Final': Ann, Cai." in podium(folder, "advance", "sack", "--seed", "2").output


def test_a_play_off_for_the_final_orders_the_final_not_the_heat(make_meet, podium):
    """Sack race in heats of 2 (as listed: Ann and Bob, Cai and Dan), each heat's winner to the final (tug-of-war and
    heats rules §2; a tie at the cut all go through). Ann and Bob tie their heat on 11.0 and both reach the final,
    where they tie again on 10.9; Cai 11.2, Dan out in the heats on 12.0. A play-off for first puts Bob ahead: the
    stage ranks Bob 1, Ann 2, Cai 3, Dan 4, and the final's places follow, while in their heat, not the race the
    play-off decided, Ann and Bob still share first."""
    toml = MEET + '[[events.sack.stages]]\nname = "main"\nformat = "heats"\nlanes = 2\norder = "list"\n'
    folder = make_meet(toml, entrants("sack"))
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "sack", "--seed", "1")
    for name, time in [("Ann", "11.0"), ("Bob", "11.0"), ("Cai", "11.5"), ("Dan", "12.0"), ("Ann", "10.9"), ("Bob", "10.9"), ("Cai", "11.2")]:
        podium(folder, "perf", "sack", name, time)
    podium(folder, "playoff", "sack", "Bob", "Ann", "--reason", "play-off race")
    assert [(r["place"], r["shared"], r["name"]) for r in rows(podium, folder, "sack")] == [
        (1, False, "Bob"), (2, False, "Ann"), (3, False, "Cai"), (4, False, "Dan")
    ]
    places = {(h["round"], h["number"]): sorted((lane["place"], lane["name"]) for lane in h["lanes"])
              for h in json.loads(podium(folder, "matches", "sack", "--json").output)}
    assert places == {(1, 1): [(1, "Ann"), (1, "Bob")], (1, 2): [(1, "Cai"), (2, "Dan")], (2, 3): [(1, "Bob"), (2, "Ann"), (3, "Cai")]}


def test_heats_without_a_final_are_not_called_heats_and_final(make_meet, podium):
    """1-minute rope skipping ranks its heats together (``advance = "none"``: school fun sports-day annex, (1) 2), so a
    teacher must not read "heats and final" in its draw, its standings or its programme and wait for a final that never
    comes; a sack race (heat winners to a final, tug-of-war and heats rules §2) keeps its title."""
    folder = make_meet(MEET, entrants("rope", "sack"))
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    assert podium(folder, "draw", "rope", "--seed", "1").output.startswith("Drew 1-minute rope skipping (Heats ranked together) with seed 1")
    assert podium(folder, "draw", "sack", "--seed", "1").output.startswith("Drew Sack race (Heats and final) with seed 1")
    assert podium(folder, "--lang", "zh", "standings", "rope").output.startswith("1分钟跳绳 · 分组赛，合并排名\n")


def test_a_performance_is_confirmed_with_the_heat_as_the_sheets_name_it(make_meet, podium):
    """A sack race in heats of 2 (four entrants: two heats, their winners to a final; tug-of-war and heats rules §2).
    The confirmation names the heat as the heat sheets and the order of play do — 分组赛第 1 组, then 决赛 — and not by
    its key (H1, F), which no sheet shows; the lane follows. Ann 12.1 and Bob 11.9 run in one heat or the other, so the
    heat's number and the lanes are matched, not assumed; Ann's correction in the final names the final."""
    toml = MEET + '[[events.sack.stages]]\nname = "heats"\nformat = "heats"\nlanes = 2\n'
    folder = make_meet(toml, entrants("sack"))
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "sack", "--seed", "1")
    said = podium(folder, "--lang", "zh", "perf", "sack", "Ann", "12.1").output.strip()
    assert re.fullmatch(r"分组赛第 [12] 组第 [12] 道：Ann 的成绩为 12\.10，已录入。", said), said
    for name, time in [("Bob", "11.9"), ("Cai", "13.0"), ("Dan", "12.5")]:
        podium(folder, "perf", "sack", name, time)
    [final] = [h for h in json.loads(podium(folder, "matches", "sack", "--json").output) if h["key"] == "F"]
    [finalist] = {lane["name"] for lane in final["lanes"]} & {"Ann", "Dan"}  # Bob is the other; Dan wins if Ann lost to Bob
    said = podium(folder, "--lang", "zh", "perf", "sack", finalist, "12.0").output.strip()
    assert re.fullmatch(rf"决赛第 [12] 道：{finalist} 的成绩为 12\.00，已录入。", said), said
    assert "Final, lane" in podium(folder, "perf", "sack", finalist, "11.8", "--reason", "timed again").output
