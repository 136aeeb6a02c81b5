"""Round-robin tables: the Berger tables (FIDE Handbook C.05 Annex 1, which CXA 2011 Appendix 1 follows)
and the ITTF group order of play (ITTF Handbook for Tournament Referees), chosen by a stage's ``order``.

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
    wrap = size - 1  # cyc(v) = (v − 1) mod (N − 1) + 1, written out below: it is worked out twice a pairing
    rounds = []
    for k in range(size - 1):
        s = (k * size // 2) % wrap + 1
        boards = [(s, size) if k % 2 == 0 else (size, s)]
        boards += [((s + j - 2) % wrap + 1, (s - j) % wrap + 1) for j in range(2, size // 2 + 1)]
        rounds.append(boards)
    return rounds


def ittf_rounds(n: int) -> list[list[tuple[int, int]]]:
    """The ITTF order of play in a group (ITTF Handbook for Tournament Referees, order of play in groups),
    with the bye number ``n+1`` on an odd field as in :func:`berger_rounds`.

    The top two seeds meet in the last round, which is 1–2, 3–4, 5–6 …; each earlier round turns the
    other numbers one place round a circle with 1 fixed: 3, 5 … ``N−1``, then ``N``, ``N−2`` … 4, 2.
    For 4: 1–4 2–3, 1–3 4–2, 1–2 3–4; for 3 (4 the bye): 2–3, 1–3, 1–2; for 6: 1–4 2–6 3–5, 1–6 4–5 2–3,
    1–5 6–3 4–2, 1–3 5–2 6–4, 1–2 3–4 5–6.
    """
    if n < 2:
        return []
    size = n + (n % 2)
    circle = list(range(3, size, 2)) + list(range(size, 1, -2))
    half = size // 2
    rounds = []
    for number in range(1, size):
        shift = (size - 1 - number) % (size - 1)
        turned = circle[shift:] + circle[:shift]
        top = [1, *turned[: half - 1]]
        bottom = list(reversed(turned[half - 1 :]))
        rounds.append(list(zip(top, bottom, strict=True)))
    return rounds


ORDERS = {"berger": berger_rounds, "ittf": ittf_rounds}
"""The round-robin tables a stage may follow (its ``order`` option); a sport chooses its default."""
