"""A performance: one measured run, attempt or routine of one entrant in one heat, as journaled.

The journal holds each performance as a ``performance`` entry (:class:`~podium.journal.entries.Kind`);
a voided run is an entry too (``void``, with its reason), and the re-run that follows
replaces it. Nothing is overwritten (primary-school fun sports-day rules, (1) 4: "不论第一次成绩如何，均以重赛时的成绩为该队的该项最终成绩").
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from enum import StrEnum
from typing import Any

import attrs

from podium.errors import ResultError, Target
from podium.i18n import N_, Message


class Status(StrEnum):
    """How a performance ended. Only ``OK`` is ranked (table-tennis plan 5 §5(3): not finishing in time eliminates)."""

    OK = "ok"
    DNS = "DNS"  # did not start
    DNF = "DNF"  # did not finish, or over the time cap (table-tennis plan 5 §5(3))
    DQ = "DQ"  # disqualified (fun sports-day rules, individual 5: 取消比赛资格; fire-safety sports meet rules 2018, (1): two false starts)
    NR = "NR"  # no result / 不计成绩 (unit sports-day rules; fun sports-day rules, individual 6; fire-safety sports meet rules 2018)
    PASS = "-"  # an attempt passed by choice (the entrant goes on with the next)
    RETIRED = "r"  # retired from the competition: no further attempts, those made still count


_STATUS_SPELLINGS = {
    "dns": Status.DNS, "未出发": Status.DNS, "未起跑": Status.DNS, "弃权": Status.DNS, "缺席": Status.DNS,
    "dnf": Status.DNF, "未完成": Status.DNF, "未跑完": Status.DNF, "淘汰": Status.DNF,
    "dq": Status.DQ, "dsq": Status.DQ, "取消资格": Status.DQ, "取消比赛资格": Status.DQ,
    "nr": Status.NR, "nm": Status.NR, "不计成绩": Status.NR, "无成绩": Status.NR, "无有效成绩": Status.NR,
    "-": Status.PASS, "pass": Status.PASS, "免跳": Status.PASS, "免": Status.PASS,
    "r": Status.RETIRED, "retired": Status.RETIRED, "退出": Status.RETIRED, "退赛": Status.RETIRED,
}


RUN_STATUSES = (Status.DNS, Status.DNF, Status.DQ, Status.NR)
"""The statuses of a whole run, which may also be typed in place of its value (``podium perf b100 张伟 弃权``)."""

STATUS_WORDS = {
    "DNS": N_("DNS"),  # zh 弃权
    "DNF": N_("DNF"),  # zh 未完成
    "DQ": N_("DQ"),  # zh 取消资格
    "NR": N_("NR"),  # zh 不计成绩
    "NM": N_("NM"),  # zh 无有效成绩: a jump or throw without a valid trial (World Athletics TR 25)
}
"""The status codes a mark or an attempt shows (:meth:`~podium.measure.rules.Measurement.status_text`), in the words
of the reader's language: English keeps the international codes; Chinese results write the words (docs/fun_games.md,
"Statuses as a reader sees them"). The symbols of a trial, ``X``, ``-`` and ``r``, are printed as they are in both
(World Athletics TR 25)."""


def status_word(text: str) -> Message | None:
    """The status code ``text`` shows (``DNS``) as words of the reader's language, or ``None`` for a value."""
    word = STATUS_WORDS.get(text)
    return Message(word) if word is not None else None


def status_shown(text: str) -> str:
    """``text`` as a reader sees it now: a status code in the words of the current language (弃权 for DNS), any other
    text (a value, a trial's symbol ``X``) as it is."""
    word = status_word(text)
    return word.render() if word is not None else text


def run_status(text: str) -> Status | None:
    """The status of a whole run (DNS, DNF, DQ, NR) that ``text``, typed as a value, spells (``弃权``), or ``None``."""
    status = _STATUS_SPELLINGS.get(text.strip().lower())
    return status if status in RUN_STATUSES else None


def parse_status(text: str) -> Status:
    """``DNF``/``DNS``/``DQ``/``NR``/``-``/``r`` (also 未完成, 弃权, 取消资格, 不计成绩, 免跳, 退出)."""
    status = _STATUS_SPELLINGS.get(text.strip().lower())
    if status is None:
        raise ResultError(
            N_("'{text}' is not a status; use DNS, DNF, DQ, NR, - (a pass) or r (retired)."),
            code="performance.status_unknown", target=Target(argument="status"), text=text,
        )
    return status


@attrs.frozen
class Performance:
    """One measured performance (or the voiding of one) as recorded.

    ``value`` is the canonical text of the raw value (``"12.34"``, ``"37"``, a zone
    name, an elimination round or ``"winner"``); judged events keep the judges'
    scores in ``judges`` instead. ``extra`` numbers the sudden-death extra attempts
    that break a tie (0 for a regular attempt). ``wind`` is a wind reading in m/s (``+1.2``) where the
    sport measures one; ``rule`` is the rule a disqualification cites (``TR 16.8``).
    """

    entrant: str
    heat: str
    attempt: int = 1
    value: str | None = None
    judges: tuple[str, ...] = ()
    penalties: Mapping[str, int] = attrs.field(factory=dict)
    false_starts: int = 0
    status: Status = Status.OK
    legs: tuple[str, ...] = ()
    extra: int = 0
    void: bool = False
    wind: str | None = None
    rule: str = ""
    confirmed: bool = False
    """The mark lies outside the event's plausible bounds and was confirmed (``podium perf --confirm``)."""

    @property
    def slot(self) -> tuple[str, str, int, int]:
        """Where this performance belongs: heat, entrant, attempt, extra round."""
        return (self.heat, self.entrant, self.attempt, self.extra)

    def judge_scores(self) -> tuple[Decimal, ...]:
        return tuple(Decimal(s) for s in self.judges)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"entrant": self.entrant, "heat": self.heat, "attempt": self.attempt}
        if self.value is not None:
            data["value"] = self.value
        if self.judges:
            data["judges"] = list(self.judges)
        if self.penalties:
            data["penalties"] = dict(self.penalties)
        if self.false_starts:
            data["false_starts"] = self.false_starts
        if self.status is not Status.OK:
            data["status"] = self.status.value
        if self.legs:
            data["legs"] = list(self.legs)
        if self.extra:
            data["extra"] = self.extra
        if self.void:
            data["void"] = True
        if self.wind is not None:
            data["wind"] = self.wind
        if self.rule:
            data["rule"] = self.rule
        if self.confirmed:
            data["confirmed"] = True
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Performance:
        return cls(
            entrant=data["entrant"],
            heat=data["heat"],
            attempt=int(data.get("attempt", 1)),
            value=data.get("value"),
            judges=tuple(data.get("judges", ())),
            penalties=dict(data.get("penalties", {})),
            false_starts=int(data.get("false_starts", 0)),
            status=Status(data.get("status", Status.OK.value)),
            legs=tuple(data.get("legs", ())),
            extra=int(data.get("extra", 0)),
            void=bool(data.get("void", False)),
            wind=data.get("wind"),
            rule=str(data.get("rule", "")),
            confirmed=bool(data.get("confirmed", False)),
        )


@attrs.frozen
class AttemptMark:
    """One attempt as judged: the raw value, the value after penalties, its status and why.

    ``countback`` holds values (lower first) that separate this attempt from an equal one (a sport's own:
    the thousandths of a photo-finish time, failures in a high-jump series); ``wind`` is its wind reading.
    """

    attempt: int
    raw: Decimal | None
    value: Decimal | None
    status: Status
    note: str = ""
    countback: tuple[Decimal, ...] = ()
    wind: Decimal | None = None
