"""Chinese numerals as schools write them: 第五名, 初一（三）班, 二〇二六年十月.

Two ways of writing a number are in use (GB/T 15835-2011, the national standard on numbers in
publications): counting numerals (十二, 二十一) for places, grades and classes, and digit by digit with
〇 for a year (二〇二六年). Pure functions; reading accepts both and Arabic digits.
"""

from __future__ import annotations

import datetime as dt

DIGITS = "〇一二三四五六七八九"
_VALUES = {ch: i for i, ch in enumerate(DIGITS)} | {"零": 0, "两": 2}
_UNITS = {"十": 10, "百": 100, "千": 1000}


def counting(number: int) -> str:
    """``number`` (0–9999) in counting numerals: 5 → 五, 10 → 十, 12 → 十二, 21 → 二十一, 105 → 一百零五."""
    if not 0 <= number <= 9999:
        raise ValueError(f"{number} is outside 0–9999")
    if number < 10:
        return "零" if number == 0 else DIGITS[number]
    if number < 20:
        return "十" + (DIGITS[number % 10] if number % 10 else "")
    text = ""
    zero = False
    for value, unit in ((1000, "千"), (100, "百"), (10, "十"), (1, "")):
        digit = number // value % 10
        if digit:
            if zero and text:
                text += "零"
            text += DIGITS[digit] + unit
            zero = False
        elif text:
            zero = True
    return text


def year_digits(year: int) -> str:
    """A year digit by digit with 〇 for zero: 2026 → 二〇二六."""
    return "".join(DIGITS[int(d)] for d in str(year))


def chinese_date(day: dt.date, *, with_day: bool = False) -> str:
    """A date as written on a certificate: 二〇二六年十月, or 二〇二六年十月二十一日 ``with_day``."""
    text = f"{year_digits(day.year)}年{counting(day.month)}月"
    return f"{text}{counting(day.day)}日" if with_day else text


def whole_number(text: str, most_digits: int = 18) -> int | None:
    """``text`` read as a whole number written in decimal digits (0–9, or full-width ０–９ as a Chinese input method
    types them), at most ``most_digits`` of them; else ``None``.

    ``str.isdigit`` alone does not tell: it also takes ``²`` and other digits that ``int`` cannot read, and ``int``
    refuses a number of more than 4,300 digits; text from a user or a file is read with this instead.
    """
    if text.isdecimal() and len(text) <= most_digits:
        return int(text)
    return None


def read_number(text: str) -> int | None:
    """A number written in Arabic digits or counting numerals (三, 十二, 二十一), else ``None``."""
    text = text.strip()
    if text.isdigit():
        return whole_number(text)
    if not text or any(ch not in _VALUES and ch not in _UNITS for ch in text):
        return None
    total = 0
    digit: int | None = None
    for ch in text:
        if ch == "零":  # a placeholder between units (一百零五)
            continue
        if ch in _VALUES:
            if digit is not None:
                return None  # two digits in a row (一二) is no counting numeral
            digit = _VALUES[ch]
        else:
            total += (1 if digit is None else digit) * _UNITS[ch]
            digit = None
    return total + (digit or 0)
