"""Time controls (计时方案): written as short text in ``meet.toml``, validated, printed on score sheets.

CXA 2011 §6 leaves the choice to the organiser ("赛前应根据比赛性质与规模，规定具体采用的
棋钟和计时方案") and names the kinds; local rules add presets (docs/sources.md names them):

====================  ===========================================  ================================
text                  meaning                                      source
====================  ===========================================  ================================
``60min+30s``         60 min each, 30 s added per move             CXA 2011 §6.1 (the default)
``30/60min,10/10min`` 30 moves in 60 min, then 10 moves per 10 min CXA 2011 §6.2; CXA 1999 §6.1–6.4
``90min``             the whole game in 90 min each                CXA 2011 §6.3
``15min``, ``10min+5s`` 15 min or less each is a rapid game        CXA 2011 §6.4
``25min+5s``          25 min + 5 s per move                        xiangqi supplementary rules §1.3
``15s/move``          at most 15 s per move; exceeding it loses    15-second xiangqi rules §2
``30min,30s/move``    30 min free, then 30 s per move              college xiangqi rules §2
====================  ===========================================  ================================

Time odds (贴时, §6.5) are the separate option ``time_odds``. Chinese units are accepted
(``25分+5秒``, ``15秒/步``).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

import attrs

from podium.api import N_, Problem, _, problem

RAPID_LIMIT = 15
"""CXA 2011 §6.4: a game with 15 minutes or less per side is a rapid game."""

_FORMS = (
    ("increment", re.compile(r"(\d+)min\+(\d+)s")),
    ("sudden_death", re.compile(r"(\d+)min")),
    ("moves", re.compile(r"(\d+)/(\d+)min(?:,(\d+)/(\d+)min)?")),
    ("per_move", re.compile(r"(\d+)s/move")),
    ("free_then_per_move", re.compile(r"(\d+)min,(\d+)s/move")),
)


@attrs.frozen
class TimeControl:
    """A parsed time control. ``periods`` are (moves, minutes) of a moves-in-time control (§6.2)."""

    kind: str
    minutes: int = 0
    seconds: int = 0
    periods: tuple[tuple[int, int], ...] = ()

    @property
    def rapid(self) -> bool:
        """CXA 2011 §6.4: at most 15 minutes per side (CXA 1999 §6.3–6.4 rapid controls count moves too)."""
        if self.kind == "moves":
            return self.periods[0][1] <= RAPID_LIMIT
        return self.kind in ("increment", "sudden_death") and self.minutes <= RAPID_LIMIT

    def describe(self) -> str:
        """One translated sentence for the score sheet, citing the rule."""
        if self.kind == "per_move":
            return _("at most {s} s per move; exceeding it loses (15-second xiangqi rules §2)").format(s=self.seconds)
        if self.kind == "free_then_per_move":
            return _("{m} min free, then at most {s} s per move; each overstep is a technical foul (college xiangqi rules §2)").format(
                m=self.minutes, s=self.seconds
            )
        if self.kind == "increment":
            text, source = _("{m} min each plus {s} s per move").format(m=self.minutes, s=self.seconds), "CXA 2011 §6.1"
        elif self.kind == "sudden_death":
            text, source = _("{m} min each for the whole game").format(m=self.minutes), "CXA 2011 §6.3"
        else:
            (n, m), *rest = self.periods
            if rest:
                text = _("{n} moves in {m} min, then {n2} moves every {m2} min").format(n=n, m=m, n2=rest[0][0], m2=rest[0][1])
            else:
                text = _("{n} moves every {m} min until the end").format(n=n, m=m)
            source = "CXA 2011 §6.2"
        if self.rapid:
            return _("rapid: {text}").format(text=text) + " (CXA 2011 §6.4)"
        return f"{text} ({source})"


def _compact(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).lower()
    for chinese, unit in (("分钟", "min"), ("分", "min"), ("秒", "s"), ("每步", "/move"), ("步", "move"), ("着", "move")):
        text = text.replace(chinese, unit)
    return re.sub(r"\s+", "", text)


def parse_time_control(text: str) -> TimeControl | None:
    """The time control written as ``text``, or ``None`` when it matches no form."""
    compact = _compact(text)
    for kind, pattern in _FORMS:
        match = pattern.fullmatch(compact)
        if match is None:
            continue
        numbers = [int(g) for g in match.groups() if g is not None]
        if kind == "moves":
            periods = tuple(zip(numbers[::2], numbers[1::2], strict=True))
            return TimeControl(kind, periods=periods)
        if kind in ("increment", "free_then_per_move"):
            return TimeControl(kind, minutes=numbers[0], seconds=numbers[1])
        if kind == "sudden_death":
            return TimeControl(kind, minutes=numbers[0])
        return TimeControl(kind, seconds=numbers[0])
    return None


def time_control_problem(value: Any) -> Problem | None:
    """Why ``value`` is not a valid time control (for the option validator), or ``None``."""
    control = parse_time_control(str(value))
    if control is None:
        return problem(
            N_("write it like 60min+30s, 30/60min,10/10min, 90min, 15s/move or 30min,30s/move (see docs/xiangqi.md)"), code="xiangqi.time_control_invalid"
        )
    needed = {
        "increment": [control.minutes],
        "sudden_death": [control.minutes],
        "moves": [n for period in control.periods for n in period],
        "per_move": [control.seconds],
        "free_then_per_move": [control.minutes, control.seconds],
    }[control.kind]
    numbers = [control.minutes, control.seconds, *needed]
    if any(n < 1 for n in needed) or any(n > 600 for n in numbers):
        return problem(N_("the times must be between 1 and 600"), code="xiangqi.time_control_range")
    return None


def rapid_time_control_problem(value: Any) -> Problem | None:
    """Like :func:`time_control_problem`, and the control must be rapid (CXA 2011 §6.4)."""
    wrong = time_control_problem(value)
    if wrong:
        return wrong
    control = parse_time_control(str(value))
    if control is None or not control.rapid:
        return problem(N_("a rapid game has at most {limit} min per side (CXA 2011 §6.4), e.g. 15min or 10min+5s"), code="xiangqi.time_control_not_rapid", limit=RAPID_LIMIT)
    return None
