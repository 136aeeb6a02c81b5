"""Berger round-robin tables (FIDE Handbook C.05 Annex 1, which CXA 2011 Appendix 1 follows).

For ``n`` entrants the field is made even (``N = n`` or ``n + 1``; whoever meets
the extra number ``N`` on an odd field has a bye). There are ``N − 1`` rounds.
In round ``k`` (0-based) let ``s = (k·N/2 mod (N−1)) + 1``; board 1 is ``s–N``
for even ``k`` and ``N–s`` for odd ``k``; board ``j ≥ 2`` is
``cyc(s+j−1) – cyc(s−j+1)`` with numbers wrapped into ``1..N−1``. The number
listed first plays first (white, red, serve choice): CXA 2011 §12.1.
"""

from __future__ import annotations


def berger_rounds(n: int) -> list[list[tuple[int, int]]]:
    """Pairings by round for ``n`` entrants numbered 1..n, including pairings with the bye number ``n+1``."""
    if n < 2:
        return []
    size = n + (n % 2)

    def cyc(value: int) -> int:
        return (value - 1) % (size - 1) + 1

    rounds = []
    for k in range(size - 1):
        s = (k * size // 2) % (size - 1) + 1
        boards = [(s, size) if k % 2 == 0 else (size, s)]
        boards += [(cyc(s + j - 1), cyc(s - j + 1)) for j in range(2, size // 2 + 1)]
        rounds.append(boards)
    return rounds
