"""Suggestions for a mistyped name ("did you mean …?"): the names it was probably meant to be.

A name is compared by how it sounds as well as how it is spelt: Chinese names are written with a
pinyin input method, so the usual typo is a character of the same sound (林晨 for 林辰), which shares no
character with the name meant. Both names are turned into toneless pinyin (``pypinyin``; Latin text
stays as it is, case and spaces aside) and compared by their normalised Indel similarity
(``rapidfuzz.fuzz.ratio``, 0–100). Both libraries are imported here, on the path of an error only.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from podium.i18n import Localized, _

CUTOFF = 75.0
"""Least similarity of a suggestion: "Zhang Wie" → "Zhang Wei" scores 87.5, "mss" → "ms" 80, "林晨" →
"林辰" 100 (the same sound), "林晨" → "林涛" 46."""
MARGIN = 5.0
"""Suggestions are the best-scoring names and those within this many points of them."""
LIMIT = 3


def sound(text: str) -> str:
    """``text`` as it is typed on a pinyin keyboard: toneless pinyin for Chinese characters, lower case, no spaces."""
    from pypinyin import lazy_pinyin

    folded = unicodedata.normalize("NFKC", text).casefold()
    return "".join(lazy_pinyin(folded)).replace(" ", "")


def similar(given: str, choices: Iterable[str]) -> tuple[str, ...]:
    """The choices ``given`` was most likely meant to be, best first (at most :data:`LIMIT`); none when
    nothing is close, when ``given`` is a number (a bib or match number is not a typo of another) or is
    one of the choices itself."""
    from rapidfuzz import fuzz

    names = list(dict.fromkeys(c for c in choices if c))
    text = given.strip()
    if not text or text.isdigit() or text in names:
        return ()
    wanted = sound(text)
    scored = sorted(((fuzz.ratio(wanted, sound(name)), name) for name in names), key=lambda item: -item[0])
    if not scored or scored[0][0] < CUTOFF:
        return ()
    best = scored[0][0]
    return tuple(name for score, name in scored if score >= max(CUTOFF, best - MARGIN))[:LIMIT]


def either(names: Iterable[str]) -> Localized:
    """The suggested ``names``, each quoted as the language quotes (``'ms'``, ``“ms”``: what the user would type, as
    click quotes its own suggestions) and joined by "or", in the language of the sentence they are shown in."""
    given = tuple(names)
    return Localized.of(lambda: _(" or ").join(_("'{name}'").format(name=name) for name in given))
