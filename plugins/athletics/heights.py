"""A vertical-jump series (high jump, pole vault): the heights an athlete met and what happened at each (World Athletics TR 26, TR 27).

Written as the recording sheet reads, height by height: ``1.30:O 1.35:XO 1.40:- 1.45:XXX`` —
``O`` a clearance, ``X`` a failure, ``-`` a pass (after failures: the remaining attempts at that
height passed, ``X-``), ``r`` retired. With the event's announced heights (``heights = [1.30, 1.35, …]``)
the symbols alone follow them in order: ``O XO - XXX``. Full-width and Chinese-keyboard forms
(``○``, ``×``, ``１．３０``) are read too.

- At most three attempts at one height, none after a clearance (TR 26: three attempts at each height).
- Three failures in a row, whatever the heights, end the athlete's competition (TR 26): nothing may follow.
- Heights rise: the bar is never lowered during the competition (TR 26).
- A series ends when the athlete is out, passes, retires or clears the last height jumped; one that stops
  with attempts left at a height (``1.45:XX``) is not finished and is refused.

A series may be recorded height by height, as the recording sheet is written (:func:`continued`): while the athlete
is still in (not out after three failures in a row, not retired), a text that starts above the last height recorded
adds its heights to the series, ``1.30:O`` then ``1.35:XO`` giving ``1.30:O 1.35:XO`` (and ``r`` alone adds a
retirement). Symbols alone follow the announced heights above the last one recorded. A height is recorded once the
athlete is done at it, so the attempts at the last height recorded are never added to: it was cleared, passed or
failed three times. The text may also be the series recorded written again and gone on with.

The mark is the best height cleared (no clearance: NM). Equal heights are separated by countback
(TR 26.8): fewer failures at the height last cleared, then fewer failures in all up to and including it.
A jump-off attempt (a sudden-death extra, TR 26.9) is one symbol at one height: ``1.52:O``, ``1.52:X``, or
``1.52:-`` (a pass) and ``1.52:r`` (retired) for an athlete who does not jump at that height.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

import attrs

from podium.api import N_, ResultError, Target

CLEAR, FAIL, PASS, RETIRED = "O", "X", "-", "r"
_SYMBOLS = {"o": CLEAR, "○": CLEAR, "◯": CLEAR, "✓": CLEAR, "√": CLEAR,
            "x": FAIL, "×": FAIL, "✗": FAIL, "✕": FAIL,
            "-": PASS, "–": PASS, "—": PASS, "－": PASS}
_AT_HEIGHT = re.compile(r"^X{0,2}O$|^X{1,3}$|^X{0,2}-$")
_TOKEN = re.compile(r"^(\d+(?:\.\d+)?)(?:m|米)?[:=]?(.*)$")
_SEPARATORS = re.compile(r"[\s,;、，；/|]+")
MAX_FAILURES = 3
"""Failures in a row that end an athlete's competition (TR 26)."""
_VALUE = Target(argument="value")
"""What a wrong series is about: the value given to ``perf``."""


@attrs.frozen
class AtHeight:
    """What happened at one height: ``O``, ``XO``, ``XXO``, ``X``…, ``XXX``, ``-``, ``X-``, ``XX-``."""

    height: Decimal
    symbols: str

    @property
    def cleared(self) -> bool:
        return self.symbols.endswith(CLEAR)

    @property
    def jumped(self) -> bool:
        """A jump-off attempt taken (``O`` or ``X``), not a pass or a retirement at its height (TR 26.9)."""
        return self.symbols in (CLEAR, FAIL)

    @property
    def failures(self) -> int:
        return self.symbols.count(FAIL)

    @property
    def text(self) -> str:
        return f"{self.height:.2f}:{self.symbols}"


@attrs.frozen
class Series:
    """An athlete's series: the heights in order, and whether the athlete retired after them."""

    heights: tuple[AtHeight, ...]
    retired: bool = False

    @property
    def best(self) -> Decimal | None:
        """The best height cleared, ``None`` for no mark."""
        cleared = [h.height for h in self.heights if h.cleared]
        return max(cleared) if cleared else None

    @property
    def countback(self) -> tuple[Decimal, Decimal]:
        """Failures at the best height cleared, then failures in all up to and including it (TR 26.8)."""
        best = self.best
        if best is None:
            return (Decimal(0), Decimal(0))
        at_best = next(h.failures for h in self.heights if h.height == best)
        return (Decimal(at_best), Decimal(sum(h.failures for h in self.heights if h.height <= best)))

    @property
    def text(self) -> str:
        """The canonical text: ``1.30:O 1.35:XO 1.40:XXX`` (and `` r`` when the athlete retired)."""
        return " ".join([h.text for h in self.heights] + ([RETIRED] if self.retired else []))


def parse_height(text: str, limit: Decimal | None = None) -> Decimal:
    """A bar height in metres (at most two decimals, within the event's limit)."""
    try:
        value = Decimal(text)
    except InvalidOperation:
        value = Decimal(-1)
    if not value.is_finite() or value <= 0 or value.as_tuple().exponent < -2:  # type: ignore[operator]
        raise ResultError(
            N_("'{text}' is not a bar height; give metres with at most two decimals, like 1.35."),
            code="athletics.height_invalid", target=_VALUE, text=text,
        )
    if limit is not None and value > limit:
        raise ResultError(
            N_("A bar height of {height} m is beyond what anyone here could clear (the event's limit is {limit} m)."),
            code="athletics.height_beyond_limit", target=_VALUE, height=f"{value:f}", limit=f"{limit:f}",
        )
    return value


def _symbols(text: str, height: Decimal) -> str:
    symbols = "".join(_SYMBOLS.get(ch, ch) for ch in text.strip().lower())
    if not _AT_HEIGHT.match(symbols):
        raise ResultError(
            N_("At {height} m '{text}' is not a record of attempts; write O (cleared), XO, XXO, X, XX, XXX, "
               "- (passed) or X- (a failure, then passed)."),
            code="athletics.attempts_invalid", target=_VALUE, height=f"{height:.2f}", text=text,
        )
    return symbols


def _tokens(text: str, announced: Sequence[Decimal]) -> list[tuple[str | None, str]]:
    """(height text or ``None`` for the next announced height, symbols) pairs, and ``r`` on its own."""
    parts = [p for p in _SEPARATORS.split(unicodedata.normalize("NFKC", text).strip()) if p]
    if not parts:
        raise ResultError(N_("The series is empty; write it like 1.30:O 1.35:XO 1.40:XXX."), code="athletics.series_empty", target=_VALUE)
    pairs: list[tuple[str | None, str]] = []
    index = 0
    while index < len(parts):
        part = parts[index].replace("：", ":")
        found = _TOKEN.match(part)
        if part.lower() in (RETIRED, "退出"):
            pairs.append((None, RETIRED))
        elif found and found[2]:
            pairs.append((found[1], found[2]))
        elif found and index + 1 < len(parts) and not _TOKEN.match(parts[index + 1]):
            pairs.append((found[1], parts[index + 1]))
            index += 1
        elif found:
            raise ResultError(
                N_("The height {height} has no attempts after it; write it like {height}:XO."),
                code="athletics.height_without_attempts", target=_VALUE, height=found[1],
            )
        elif not announced:
            raise ResultError(
                N_("'{text}' has no height; write heights with the attempts (1.30:O 1.35:XO), or announce the "
                   "event's heights with heights = [1.30, 1.35, …] in its rules."),
                code="athletics.attempts_without_height", target=_VALUE, text=part,
            )
        else:
            pairs.append((None, part))
        index += 1
    return pairs


def parse_series(
    text: str, announced: Sequence[Decimal] = (), limit: Decimal | None = None, *, after: Decimal | None = None,
    failures: int = 0,
) -> Series:
    """Read a series (see the module); raises :class:`ResultError` naming what breaks the rules. The heights that
    continue a series recorded up to ``after`` with ``failures`` in a row at its end: symbols alone follow the
    announced heights above ``after``, and the failures in a row run on (TR 26)."""
    heights: list[AtHeight] = []
    retired = False
    in_a_row = failures
    following = 0 if after is None else sum(1 for h in announced if h <= after)  # the next announced height, for symbols alone
    for given, symbols in _tokens(text, announced):
        if retired or in_a_row >= MAX_FAILURES:
            raise ResultError(
                N_("Nothing may follow three failures in a row or a retirement: the athlete's competition is over (World Athletics TR 26)."),
                code="athletics.series_after_out", target=_VALUE,
            )
        if symbols == RETIRED:
            retired = True
            continue
        if heights and _open(heights[-1], in_a_row):
            raise ResultError(
                N_("At {height} m the athlete still has attempts; write X- (or XX-) when the rest were passed."),
                code="athletics.height_left_open", target=_VALUE, height=f"{heights[-1].height:.2f}",
            )
        if given is None:
            if following >= len(announced):
                raise ResultError(
                    N_("The series has more heights than the {count} announced; write the heights with the attempts (1.30:O)."),
                    code="athletics.heights_beyond_announced", target=_VALUE, count=len(announced),
                )
            height = announced[following]
        else:
            height = parse_height(given, limit)
        if heights and height <= heights[-1].height:
            raise ResultError(
                N_("The bar went from {before} m to {after} m; heights must rise (the bar is never lowered)."),
                code="athletics.bar_lowered", target=_VALUE, before=f"{heights[-1].height:.2f}", after=f"{height:.2f}",
            )
        marks = _symbols(symbols, height)
        following = next((i + 1 for i, h in enumerate(announced) if h == height), following + 1)
        for symbol in marks:
            if in_a_row >= MAX_FAILURES and symbol != PASS:
                raise ResultError(
                    N_("At {height} m the athlete would jump after three failures in a row, which ends the competition (World Athletics TR 26)."),
                    code="athletics.jump_after_out", target=_VALUE, height=f"{height:.2f}",
                )
            if symbol == CLEAR:
                in_a_row = 0
            elif symbol == FAIL:
                in_a_row += 1
        heights.append(AtHeight(height, marks))
    series = Series(tuple(heights), retired)
    last = heights[-1] if heights else None
    if last is not None and not retired and _open(last, in_a_row):
        raise ResultError(
            N_("The series stops at {height} m with attempts left; add the remaining attempts, a pass (-) or r (retired)."),
            code="athletics.series_unfinished", target=_VALUE, height=f"{last.height:.2f}",
        )
    return series


def _open(at: AtHeight, in_a_row: int) -> bool:
    """True when the athlete still has attempts at this height: not cleared, not passed, not out."""
    return not at.cleared and PASS not in at.symbols and in_a_row < MAX_FAILURES


def failures_in_a_row(series: Series) -> int:
    """The failures at the end of ``series`` since the athlete's last clearance, whatever the heights (TR 26)."""
    count = 0
    for at in series.heights:
        for symbol in at.symbols:
            count = 0 if symbol == CLEAR else count + (symbol == FAIL)
    return count


def still_in(series: Series) -> bool:
    """True when the athlete of ``series`` may jump again: not retired, not out after three failures in a row (TR 26)."""
    return bool(series.heights) and not series.retired and failures_in_a_row(series) < MAX_FAILURES


def recorded_series(canonical: str) -> Series:
    """A series as recorded (its canonical text, ``1.30:O 1.35:XO r``), unchecked: :func:`heights_of`, and whether the
    athlete retired."""
    return Series(heights_of(canonical), RETIRED in canonical.split())


def continued(recorded: str, text: str, announced: Sequence[Decimal] = (), limit: Decimal | None = None) -> tuple[Series, Series] | None:
    """What ``text`` adds to the series ``recorded`` (canonical) and the whole series it gives, when it continues it
    (see the module); ``None`` when it does not: the athlete is out or retired, or ``text`` goes back to a height
    recorded (a correction). Raises :class:`ResultError` when ``text``, read as the next heights, breaks the rules
    (``1.40:XX``, attempts after three failures in a row), or when symbols alone read both as the series again and as
    the heights after it."""
    before = recorded_series(recorded)
    if not still_in(before):
        return None
    last = before.heights[-1].height
    try:
        again: Series | None = parse_series(text, announced, limit)
    except ResultError:
        again = None
    if again is not None and not (
        again.heights[: len(before.heights)] == before.heights and (len(again.heights) > len(before.heights) or again.retired)
    ):
        again = None
    try:
        following: Series | None = parse_series(text, announced, limit, after=last, failures=failures_in_a_row(before))
    except ResultError:
        if again is None:
            raise
        following = None
    if following is not None and following.heights and following.heights[0].height <= last:
        following = None
    if again is not None and following is not None:
        raise ResultError(
            N_("The series recorded ends at {height} m, and '{text}' reads both as that series again and as the heights "
               "after it; write the next heights with the attempts, like {next}:XO."),
            code="athletics.series_again_or_next", target=_VALUE, height=f"{last:.2f}", text=text,
            next=f"{following.heights[0].height:.2f}",
        )
    if again is not None:
        return Series(again.heights[len(before.heights):], again.retired), again
    if following is None:
        return None
    return following, Series(before.heights + following.heights, following.retired)


def parse_jump_off(text: str, limit: Decimal | None = None) -> AtHeight:
    """One jump-off attempt: a height and ``O`` or ``X`` (``1.52:O``), TR 26.9 giving one attempt at each height; or
    ``-`` (a pass) or ``r`` (retired) at that height for an athlete who does not jump there (TR 26.9)."""
    try:
        pairs = _tokens(text, ())
    except ResultError:
        pairs = []
    if len(pairs) != 1 or pairs[0][0] is None:
        raise ResultError(N_("A jump-off attempt is one height and O (cleared), X (failed), - (does not jump) or r (retires), like 1.52:O or 1.52:-."), code="athletics.jump_off_invalid", target=_VALUE)
    height = parse_height(pairs[0][0], limit)
    symbols = "".join(_SYMBOLS.get(ch, ch) for ch in pairs[0][1].strip().lower())
    symbols = RETIRED if symbols == "退出" else symbols
    if symbols not in (CLEAR, FAIL, PASS, RETIRED):
        raise ResultError(N_("A jump-off attempt is one height and O (cleared), X (failed), - (does not jump) or r (retires), like 1.52:O or 1.52:-."), code="athletics.jump_off_invalid", target=_VALUE)
    return AtHeight(height, symbols)


def heights_of(canonical: str) -> tuple[AtHeight, ...]:
    """The heights of a canonical series or jump-off attempt as recorded (``1.30:O 1.35:XO r``), unchecked:
    the text was checked when it was recorded."""
    pairs = (token.split(":", 1) for token in canonical.split() if ":" in token)
    return tuple(AtHeight(Decimal(height), symbols) for height, symbols in pairs)
