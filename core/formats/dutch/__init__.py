"""Swiss pairings by the FIDE Dutch system (FIDE Handbook C.04.3, the 2025 rules in force from 1 February 2026).

:func:`pair_round` pairs one round from the players' scores, pairing numbers,
opponents, colours and floats. The rules are followed article by article and each
criterion is cited where it is applied: the absolute criteria [C1]-[C3], the
completion criterion [C4], the bye criterion [C5], the quality criteria
[C6]-[C21], the order of candidates of art. 3-4 and the colour allocation of
art. 5 (E.1-E.5 in the 2017 text). Deliberate deviations are listed in
``docs/formats.md``.
"""

from podium.formats.dutch.model import (
    DOWN,
    FIRST,
    NO_FLOAT,
    SECOND,
    UP,
    BracketReport,
    Floater,
    Pairing,
    PairingImpossible,
    SwissPlayer,
)
from podium.formats.dutch.pairing import pair_round

__all__ = [
    "DOWN",
    "FIRST",
    "NO_FLOAT",
    "SECOND",
    "UP",
    "BracketReport",
    "Floater",
    "Pairing",
    "PairingImpossible",
    "SwissPlayer",
    "pair_round",
]
