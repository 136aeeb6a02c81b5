"""Who plays Black: nigiri (猜先), Weiqi 2002 Art. 10.

"先由高段者握若干白子暂不示人。低段者出示一颗黑子，表示'奇数则己方执黑，反之执白'，
出示两颗黑子则表示'偶数则己方执黑，反之执白'。……双方段位相同时，由年长者握子。"

The higher-ranked player grabs a handful of white stones (with equal ranks, the elder
does). The other player shows one black stone ("odd: I take Black") or two ("even: I take
Black"). The holder then shows the stones: the count settles the colours.
"""

from __future__ import annotations

import datetime as dt

import attrs

ODD, EVEN = 1, 2


@attrs.frozen
class Player:
    """What nigiri needs to know of a player: rank (higher is stronger) and birth date."""

    rank: float | None = None
    birth_date: dt.date | None = None


def nigiri_holder(first: Player, second: Player) -> int | None:
    """Which player (0 or 1) holds the white stones, or None when the data cannot tell.

    Art. 10: the higher rank holds; with equal ranks the elder (earlier birth date)
    holds. Unknown ranks on both sides count as equal; a rank known for one player only,
    or equal ranks with a birth date missing or shared, cannot decide.
    """
    if first.rank is not None and second.rank is not None and first.rank != second.rank:
        return 0 if first.rank > second.rank else 1
    if (first.rank is None) != (second.rank is None):
        return None
    if first.birth_date is None or second.birth_date is None or first.birth_date == second.birth_date:
        return None
    return 0 if first.birth_date < second.birth_date else 1


def nigiri_black(holder: int, shown: int, count: int) -> int:
    """The player (0 or 1) who plays Black after nigiri (Art. 10).

    The guesser (not the holder) showed ``shown`` black stones: 1 means "odd, I take
    Black", 2 means "even, I take Black". ``count`` is the number of white stones the
    holder grabbed. Shown 1 and count 7: odd, the guesser takes Black; shown 2 and count 7:
    the guesser takes White, so the holder plays Black.
    """
    if holder not in (0, 1):
        raise ValueError(f"holder must be 0 or 1, not {holder!r}")
    if shown not in (ODD, EVEN):
        raise ValueError(f"shown must be 1 (odd) or 2 (even), not {shown!r}")
    if count < 1:
        raise ValueError(f"count must be at least 1, not {count!r}")
    guesser = 1 - holder
    right = (count % 2 == 1) == (shown == ODD)
    return guesser if right else holder
