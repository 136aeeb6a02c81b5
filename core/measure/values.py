"""Reading and writing measured values, exactly (``decimal.Decimal``, never binary floats).

- **time** in seconds, lower is better: ``12.34``, ``12.34s``, ``12秒34``, ``1:02.5``, ``1分02秒5``,
  ``1:02:03.4`` (fun sports-day rules, individual 5: "从裁判发令开始计时，至…躯干触及终点线…时间最短者为胜");
- **count**, a whole number, higher is better: ``37``, ``37个`` (fun sports-day rules, individual 1: "1分钟时间内计有效个数");
- **distance** in metres: ``3.45``, ``3.45m``, ``345cm``, ``3米45``;
- **points**: ``12.5``;
- **judge scores**: 0 to the full mark with at most two decimals (square-dance contest rules §5: "比赛满分为100分，评委打分保留小数点后二位数");
- **zones** (sandbag throw, team fun-games rules §4: "扔到对应区域获得对应分数，压线不计分");
- **elimination round** (musical chairs, fun-games contest rules, 4: the order of elimination gives the places).

Every reader raises :class:`~podium.errors.ResultError` with one sentence saying what would be valid.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from podium.errors import ResultError, Target
from podium.i18n import N_, Message
from podium.model.inputs import typed_text
from podium.model.numerals import whole_number

_NUMBER = r"\d+(?:\.\d+)?"
_PLAIN = re.compile(r"^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$")
_CLOCK = re.compile(rf"^(?:(\d+):)?(\d+):({_NUMBER})$")
_CHINESE = re.compile(rf"^(?:(\d+)(?:小时|时))?(?:(\d+)分)?(?:(\d+)秒(\d+)?|({_NUMBER})秒?)?$")
_SECONDS = re.compile(rf"^({_NUMBER})\s*(?:s|sec|秒)?$", re.IGNORECASE)
_METRES = re.compile(rf"^({_NUMBER})\s*(m|米|cm|厘米)?$", re.IGNORECASE)
_CHINESE_METRES = re.compile(r"^(\d+)米(\d{1,2})$")
_COUNT_SUFFIX = re.compile(r"\s*(个|次|下|球|分)$")
_SEPARATORS = re.compile(r"[,，、;；/\s]+")
WINNER_WORDS = frozenset({"winner", "win", "last", "冠军", "胜", "获胜", "胜者"})
LINE_WORDS = frozenset({"line", "on the line", "压线", "踩线"})


def normalise(text: str) -> str:
    """Full-width digits and punctuation to ASCII, spaces trimmed (``１：０２．５`` → ``1:02.5``).

    Refuses control characters and numbers of more than nine digits (:func:`podium.model.inputs.typed_text`).
    """
    return typed_text(unicodedata.normalize("NFKC", text)).strip().replace("：", ":")


def decimals_of(value: Decimal) -> int:
    """Digits after the decimal point as written (``Decimal("12.30")`` → 2)."""
    exponent = value.as_tuple().exponent
    return max(0, -exponent) if isinstance(exponent, int) else 0


def _decimal(text: str) -> Decimal | None:
    """A plain decimal number (``12``, ``12.5``, ``.5``, ``-3``); no exponents, underscores, NaN or infinity."""
    if not _PLAIN.match(text):
        return None
    try:
        return Decimal(text)
    except InvalidOperation:
        return None


def _check_places(value: Decimal, places: int, original: str, what: Message) -> Decimal:
    if decimals_of(value) > places:
        raise ResultError(
            N_("{what} '{text}' has more than {places} decimals; record it to {places} decimal places."), code="performance.too_many_decimals", what=what, text=original, places=places
        )
    return value


def _negative(text: str) -> bool:
    return text.startswith(("-", "−", "–"))


def parse_time(text: str, decimals: int = 2) -> Decimal:
    """Seconds from ``12.34``, ``1:02.5``, ``1:02:03.4``, ``1分02秒5`` or ``12秒34``; never negative."""
    clean = normalise(text).replace(" ", "")
    if _negative(clean):
        raise ResultError(N_("The time '{text}' is negative; a time is zero or more, like 12.34 or 1:02.5."), code="performance.time_negative", text=text)
    if not clean:
        raise ResultError(N_("The time is empty; give it like 12.34, 1:02.5 or 1分02秒5."), code="performance.time_empty")
    seconds: Decimal | None = None
    match = _CLOCK.match(clean)
    if match:
        hours, minutes, rest = int(match[1] or 0), int(match[2]), Decimal(match[3])
        if rest >= 60 or (match[1] is not None and minutes >= 60):
            raise ResultError(
                N_("The time '{text}' has {value} in a place that counts to 59; write minutes:seconds like 1:02.5."), code="performance.time_sexagesimal", text=text, value=rest if rest >= 60 else minutes
            )
        seconds = hours * 3600 + minutes * 60 + rest
    elif (match := _SECONDS.match(clean)) is not None:
        seconds = Decimal(match[1])
    elif (match := _CHINESE.match(clean)) is not None and any(match.groups()):
        hours, minutes = int(match[1] or 0), int(match[2] or 0)
        if match[3] is not None:  # 2秒34 / 1分02秒5: digits after 秒 are the fraction
            rest = Decimal(f"{match[3]}.{match[4]}" if match[4] else match[3])
        else:
            rest = Decimal(match[5] or 0)
        if (match[2] is not None and rest >= 60) or (match[1] is not None and minutes >= 60):
            raise ResultError(
                N_("The time '{text}' has {value} in a place that counts to 59; write minutes:seconds like 1:02.5."), code="performance.time_sexagesimal", text=text, value=rest if rest >= 60 else minutes
            )
        seconds = hours * 3600 + minutes * 60 + rest
    if seconds is None:
        raise ResultError(
            N_("'{text}' is not a time; write it like 12.34 (seconds), 1:02.5 (minutes:seconds) or 1分02秒5."), code="performance.time_invalid", text=text
        )
    return _check_places(seconds, decimals, text, Message(N_("The time")))


def format_time(seconds: Decimal) -> str:
    """The canonical text of a time: ``12.34`` below a minute, ``1:02.5`` and ``1:00:02.5`` above."""
    if seconds < 60:
        return f"{seconds:f}"
    whole_minutes = int(seconds // 60)
    rest = seconds - whole_minutes * 60
    rest_text = f"{rest:f}"
    if rest < 10:
        rest_text = "0" + rest_text
    if whole_minutes < 60:
        return f"{whole_minutes}:{rest_text}"
    hours, minutes = divmod(whole_minutes, 60)
    return f"{hours}:{minutes:02d}:{rest_text}"


def parse_count(text: str, maximum: int | None = None) -> Decimal:
    """A whole number of repetitions (``37``, ``37个``), at most ``maximum`` when the event caps it."""
    clean = _COUNT_SUFFIX.sub("", normalise(text))
    value = _decimal(clean)
    if value is None:
        raise ResultError(N_("'{text}' is not a count; give a whole number like 37."), code="performance.count_invalid", text=text)
    if value.is_signed():
        raise ResultError(N_("The count '{text}' is negative; a count is a whole number, 0 or more."), code="performance.count_negative", text=text)
    if value != value.to_integral_value():
        raise ResultError(N_("A count must be a whole number, not {text}."), code="performance.count_not_whole", text=text)
    value = value.to_integral_value()
    if maximum is not None and value > maximum:
        raise ResultError(
            N_("The count {value} is more than this event allows ({maximum})."), code="performance.count_too_high", value=value, maximum=maximum
        )
    return value


def parse_distance(text: str, decimals: int = 2) -> Decimal:
    """Metres from ``3.45``, ``3.45m``, ``345cm`` or ``3米45``; never negative."""
    clean = normalise(text).replace(" ", "")
    if _negative(clean):
        raise ResultError(N_("The distance '{text}' is negative; give metres like 3.45."), code="performance.distance_negative", text=text)
    match = _CHINESE_METRES.match(clean)
    if match:
        value = Decimal(match[1]) + Decimal(match[2].ljust(2, "0")) / 100
    elif (match := _METRES.match(clean)) is not None:
        value = Decimal(match[1])
        if match[2] and match[2].lower() in ("cm", "厘米"):
            value = value / 100
    else:
        raise ResultError(N_("'{text}' is not a distance; give metres like 3.45, 345cm or 3米45."), code="performance.distance_invalid", text=text)
    return _check_places(value, decimals, text, Message(N_("The distance")))


def parse_points(text: str, decimals: int = 2) -> Decimal:
    """Points scored (before deductions): zero or more, at most ``decimals`` decimals."""
    clean = _COUNT_SUFFIX.sub("", normalise(text))
    value = _decimal(clean)
    if value is None:
        raise ResultError(N_("'{text}' is not a number of points; give it like 12 or 12.5."), code="performance.points_invalid", text=text)
    if value.is_signed():
        raise ResultError(
            N_("The points '{text}' are negative; record points scored and give deductions as penalties."), code="performance.points_negative", text=text
        )
    return _check_places(value, decimals, text, Message(N_("The points")))


def parse_judge_scores(text: str | Sequence[str], maximum: Decimal) -> tuple[Decimal, ...]:
    """The judges' scores, each from 0 to ``maximum`` with at most two decimals (square-dance contest rules §5)."""
    parts = [p for p in _SEPARATORS.split(normalise(text))] if isinstance(text, str) else [normalise(p) for p in text]
    parts = [p for p in parts if p]
    if not parts:
        raise ResultError(N_("No judges' scores given; list them like --judges 95.5,96,94.25."), code="performance.judges_empty", target=Target(argument="judges"))
    scores = []
    for number, part in enumerate(parts, start=1):
        value = _decimal(part)
        if value is None:
            raise ResultError(
                N_("Judge {number}'s score '{text}' is not a number; list scores like 95.5,96,94.25."), code="performance.judge_score_invalid", target=Target(argument="judges"), number=number, text=part
            )
        if value.is_signed() or value > maximum:
            raise ResultError(
                N_("Judge {number} gave {text}; a score is from 0 to {maximum} (square-dance contest rules §5)."), code="performance.judge_score_out_of_range", target=Target(argument="judges"), number=number, text=part, maximum=f"{maximum.normalize():f}"
            )
        if decimals_of(value) > 2:
            raise ResultError(
                N_("Judge {number} gave {text}; scores are kept to two decimals (square-dance contest rules §5)."), code="performance.judge_score_decimals", target=Target(argument="judges"), number=number, text=part
            )
        scores.append(value)
    return tuple(scores)


def round_score(value: Decimal) -> Decimal:
    """A judged score to two decimals, halves rounded up (square-dance contest rules §5: 保留小数点后二位数)."""
    return value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def parse_zone(text: str, zones: Mapping[str, Decimal]) -> tuple[str, Decimal]:
    """A landing zone and its points; on the line scores 0 (team fun-games rules §4: 压线不计分)."""
    clean = normalise(text).lower()
    if clean in LINE_WORDS:
        return "line", Decimal(0)
    for name, points in zones.items():
        if clean == name.lower():
            return name, points
    raise ResultError(
        N_("'{text}' is not a zone of this event; zones: {valid} (or 'line' for on the line, which scores 0)."), code="performance.zone_unknown", text=text, valid=", ".join(f"{k}={v}" for k, v in zones.items())
    )


def parse_elimination(text: str, last_round: int) -> int | None:
    """The round an entrant went out in (1 … ``last_round``), or ``None`` for the winner still standing."""
    clean = normalise(text).lower()
    if clean in WINNER_WORDS:
        return None
    clean = re.sub(r"^(?:out|round|第)\s*", "", clean)
    clean = re.sub(r"\s*(?:轮|局)(?:出局|淘汰)?$", "", clean)
    value = whole_number(clean)
    if value is None:
        raise ResultError(
            N_("'{text}' is not a round; give the round the entrant went out in (1, 2, …) or 'winner'."), code="performance.round_invalid", text=text
        )
    if not 1 <= value <= last_round:
        raise ResultError(
            N_("Round {value} is impossible here: with this many entrants the rounds are 1 to {last}."), code="performance.round_impossible", value=value, last=last_round
        )
    return value
