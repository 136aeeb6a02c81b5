"""Area counting (数子法) with komi, handicap compensation and warning penalties.

Chinese Weiqi Rules 2002 (Weiqi 2002):

* Art. 9: after dead stones are removed, each side's live stones and the points
  they surround are counted in stones (子); neutral points between live groups are split
  half and half. Par (归本数) is half the board: 180.5 on 19×19. More than par wins, exactly
  par is a draw, less loses.
* Art. 11: Black gives back (贴还) 3¾ stones. So Black needs more than 184¼:
  185 wins by ¾ stone, 184 loses by ¼, 184.5 wins by ¼.
* Art. 24: each warning takes one stone off the warned player's count; two
  warnings in one game lose it.

Only Black's count is needed: White's is the board minus Black's, so a stone taken off
White's count is a stone more for Black. Counts go in half stones, so a margin in stones
goes in quarters and a margin in points (1 stone = 2 points, as in ``B+3.5``) in halves.

The 2002 rules say nothing about handicap games. Podium follows Chinese practice: no komi,
and Black gives back half a stone per handicap stone (``handicap_compensation = "half"``).
"""

from __future__ import annotations

from fractions import Fraction

import attrs

BLACK, WHITE = "B", "W"


def par(size: int) -> Fraction:
    """归本数: half the points of the board (Weiqi 2002 Art. 9: 180.5 on 19×19)."""
    return Fraction(size * size, 2)


@attrs.frozen
class Verdict:
    """Who won a counted game and by how much: ``winner`` is "B", "W" or None (draw).

    ``stones`` is the winner's margin in stones (0 for a draw); ``points`` doubles it.
    """

    winner: str | None
    stones: Fraction

    @property
    def points(self) -> Fraction:
        return self.stones * 2


def black_margin(count: Fraction, size: int, compensation: Fraction, warnings: tuple[int, int] = (0, 0)) -> Fraction:
    """Black's margin in stones: count − Black's warnings + White's warnings − par − compensation.

    Weiqi 2002 Art. 9, 11, 24. 185 with komi 3¾ on 19×19:
    185 − 180½ − 3¾ = ¾. With one warning for Black: 184 − 180½ − 3¾ = −¼.
    """
    return count - warnings[0] + warnings[1] - par(size) - compensation


def verdict(margin: Fraction) -> Verdict:
    """The verdict for Black's margin in stones (positive: Black wins)."""
    if margin > 0:
        return Verdict(BLACK, margin)
    if margin < 0:
        return Verdict(WHITE, -margin)
    return Verdict(None, Fraction(0))


def count_for_margin(points: Fraction, size: int, compensation: Fraction) -> Fraction:
    """Black's count that gives Black a margin of ``points`` (negative: White wins)."""
    return par(size) + compensation + points / 2


def is_count(value: Fraction, size: int) -> bool:
    """A possible count: a whole or half number of stones from 0 to the whole board (Art. 9)."""
    return 0 <= value <= size * size and (value * 2).denominator == 1


def draw_possible(size: int, compensation: Fraction) -> bool:
    """Whether some count equals par plus the compensation, i.e. the game can end level.

    Counts go in half stones, so a draw needs a compensation in half stones: no komi
    (Art. 9, exactly 180.5 is a draw) can, the 3¾ of Art. 11 cannot.
    """
    return is_count(par(size) + compensation, size)


def stones_text(value: Fraction, lang: str) -> str:
    """A margin in stones as the rules write it: ``¾``, ``3¾`` (en) or ``3/4``, ``3又3/4`` (zh)."""
    whole, part = divmod(value, 1)
    whole = int(whole)
    if part == 0:
        return str(whole)
    if lang == "zh":
        fraction = f"{part.numerator}/{part.denominator}"
        return f"{whole}又{fraction}" if whole else fraction
    glyph = {Fraction(1, 4): "¼", Fraction(1, 2): "½", Fraction(3, 4): "¾"}.get(part, f" {part}")
    return f"{whole}{glyph}" if whole else glyph


def decimal(value: Fraction) -> str:
    """A count or margin as a short decimal: 185, 184.5, 1.5 (quarters and halves are exact in binary)."""
    return format(float(value), "g")
