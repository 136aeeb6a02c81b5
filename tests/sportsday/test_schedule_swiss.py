"""A Swiss round is played once the round before has finished: its pairings come from that round's results (FIDE
C.04.1), so the order of play never puts a match of round 2 before the last match of round 1 has ended, even when
someone's round-1 game waits for their match in another event."""

from __future__ import annotations

import datetime as dt
import json

MEET = """
[meet]
name = "Club day"
date = 2026-05-20
language = "en"

[units]
u1 = "Unit 1"

[venues.hall]
resources = { table = 1, board = 2 }

[[venues.hall.sessions]]
name = "am"
start = "08:00"
end = "12:00"

[schedule]
rest = 0

[events.tt]
name = "Singles"
sport = "table_tennis"
format = "round_robin"
schedule = { resource = "table", minutes = 30 }

[events.xq]
name = "Xiangqi"
sport = "xiangqi"
schedule = { resource = "board", minutes = 20 }

[[events.xq.stages]]
name = "swiss"
format = "swiss"
rounds = 3
"""

ENTRANTS = """event,name,unit
tt,Ann,Unit 1
tt,Zed,Unit 1
xq,Ann,Unit 1
xq,Bo,Unit 1
xq,Cai,Unit 1
xq,Dan,Unit 1
"""


def _time(text: str) -> dt.time:
    """The time of day of ``2026-05-20 08:00`` (``podium schedule --json``)."""
    return dt.datetime.fromisoformat(text).time()


def test_a_swiss_round_starts_after_the_last_match_of_the_round_before_has_finished(make_meet, podium):
    folder = make_meet(MEET, ENTRANTS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "tt", "--seed", "1")
    podium(folder, "draw", "xq", "--seed", "1")
    for number in (1, 2):
        podium(folder, "result", "xq", str(number), "1-0")
    podium(folder, "pair", "xq", "--seed", "1")
    rows = [row for session in json.loads(podium(folder, "schedule", "--json").output)["sessions"] for row in session["rows"]]
    xq = [(row["round"], _time(row["start"]), _time(row["end"]), row["number"]) for row in rows if row["event"] == "xq"]
    ann_first = next(row for row in rows if row["event"] == "tt")
    # Ann plays her singles (30 minutes) from 08:00 and her round-1 game after it, 08:30–08:50; the other round-1
    # game is 08:00–08:20. Round 2 waits for 08:50, though two of its players are free from 08:20.
    assert (_time(ann_first["start"]), _time(ann_first["end"])) == (dt.time(8, 0), dt.time(8, 30))
    first = sorted((start, end) for round_, start, end, _number in xq if round_ == 1)
    assert first == [(dt.time(8, 0), dt.time(8, 20)), (dt.time(8, 30), dt.time(8, 50))]
    second = [start for round_, start, _end, _number in xq if round_ == 2]
    assert len(second) == 2 and min(second) == dt.time(8, 50)
