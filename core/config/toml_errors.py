"""The error of a ``meet.toml`` that is not TOML, in the reader's language.

:mod:`tomllib` words its errors in English (``Cannot overwrite a value (at line 3, column 11)``) and gives no code, so
Podium reads the place from the end of the text and says the problem in its own words, translated where it is shown:
a Chinese reader is not handed the parser's English. Every message of the parser of Python 3.11–3.13 is worded
here; one this module does not know (a later Python's) is said as "the text there does not follow the rules of TOML".
"""

from __future__ import annotations

import re
import tomllib

from podium.errors import ConfigError, Target
from podium.i18n import N_, Message

_PLACE = re.compile(r"^(?P<problem>.*) \((?:at line (?P<line>\d+), column (?P<column>\d+)|at end of document)\)$", re.S)
"""tomllib's message: the problem, then where it is: a line and column, or the end of the document."""

_PROBLEMS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), message)
    for pattern, message in (
        (r"Invalid statement", N_("a line must be a key = value, a [table] or an [[array of tables]]")),
        (r"Expected '=' after a key in a key/value pair", N_("a key must be followed by '=' and its value")),
        (r"Invalid initial character for a key part", N_("a key cannot start with this character; put the key in quotes")),
        (r"Expected newline or end of document after a statement", N_("something follows the value on its line; give one key = value a line")),
        (r"Invalid value", N_("the value is missing or is not a value (text needs quotes, like \"Spring games\")")),
        (r"Cannot overwrite a value", N_("this key has a value already")),
        (r"Cannot declare .* twice", N_("this table is declared a second time")),
        (r"Cannot (mutate immutable|redefine) namespace .*", N_("this table was given already as a value and cannot be added to")),
        (r"Expected '\]' at the end of a table declaration", N_("the name of a table must end with ']'")),
        (r"Expected '\]\]' at the end of an array declaration", N_("the name of an array of tables must end with ']]'")),
        (r"Unclosed array", N_("a list is not closed with ']'")),
        (r"Unclosed inline table", N_("a table written on one line is not closed with '}}'")),
        (r"Duplicate inline table key .*", N_("a table written on one line gives a key twice")),
        (r"Unescaped '\\' in a string", N_("a backslash in text in double quotes must be written twice (\\\\), or put the text in single quotes")),
        (r"Invalid hex value|Escaped character is not a Unicode scalar value", N_("an escape like \\u4e00 in the text is not a valid character")),
        (r"Unterminated string", N_("text is not closed by its quote")),
        (r"Illegal character .*", N_("the text is not closed by its quote on its line, or holds a control character")),
        (r"Found invalid character .*", N_("this character cannot be here")),
        (r"Invalid date or datetime", N_("this is not a real date or time (like 2026-05-20 or 08:30:00)")),
        (r"Expected .*", N_("a quote or bracket is missing here")),
    )
)
"""Each message of tomllib (a pattern of its English), and how Podium words it."""

UNKNOWN = N_("the text there does not follow the rules of TOML")
"""How a message of tomllib that :data:`_PROBLEMS` does not know is worded."""


def not_toml(error: tomllib.TOMLDecodeError, path: str) -> ConfigError:
    """The error for ``path``, which ``error`` says is not TOML: where (line and column, or the end of the file) and
    what, in words that are translated where they are shown."""
    found = _PLACE.match(str(error))
    said = found.group("problem") if found else str(error)
    problem = Message(next((message for pattern, message in _PROBLEMS if pattern.fullmatch(said)), UNKNOWN))
    if found and found.group("line"):
        line = int(found.group("line"))
        return ConfigError(
            N_("{path}: not valid TOML at line {line}, column {column}: {problem}."), code="config.not_toml",
            target=Target(file=path, line=line), path=path, line=line, column=int(found.group("column")), problem=problem,
        )
    return ConfigError(
        N_("{path}: not valid TOML at the end of the file: {problem}."), code="config.not_toml_at_end",
        target=Target(file=path), path=path, problem=problem,
    )
