"""Standings: the ranked table of a stage, derived from outcomes, never stored as truth.

Entrants are ranked by points under the event's scoring scheme, then each group of
entrants on equal points is split by the tie-break chain in order. Every split of
two adjacent entrants is recorded as a :class:`Separation`, so that
``podium standings --explain`` can say which criterion decided and with which values.
Entrants no criterion separates share the place (CXA 2011 §14: "直至区分"; CXA 1999
§15.1), unless the event says the place must be decided (champion, qualifying cut;
CXA 1999 §15.6, Weiqi 2002 Art. 27.C): then a play-off or lots drawn with a recorded
seed (:class:`Decision`) settle it after the chain. The records ranked are the stage's
:class:`~podium.standings.ledger.Ledger`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from podium.i18n import Label, current_language, use_language
from podium.standings.ledger import Ledger, Record

if TYPE_CHECKING:
    from podium.tiebreakers.base import Split, TieBreaker

    _Told = tuple[Split, TieBreaker, str, str]
    """A split that put ``upper`` directly above ``lower``, explained once the ranking is done."""


@attrs.frozen
class Separation:
    """Why ``upper`` ranks above ``lower``: the criterion that first told them apart."""

    upper: str
    lower: str
    criterion: str
    label: Label
    """What was compared, in both languages ("games ratio among the tied", "drawing of lots (seed 7)")."""
    upper_value: Any
    lower_value: Any


@attrs.frozen
class Row:
    """One line of the standings."""

    place: int
    shared: bool
    record: Record
    values: Mapping[str, Any]

    @property
    def key(self) -> str:
        return self.record.key


@attrs.frozen
class Standings:
    """A ranked table with the chain that ranked it and the reasons for every tie decided.

    ``chain`` names the tie-breakers applied: the event's, with ``penalties`` first
    and ``lots`` last when penalties or decisions were recorded and it left them out.

    ``unresolved`` are the groups still tied after the chain (they share a place);
    ``must_decide`` are those of them that straddle a place the event says must be
    decided (option ``decide``), each with its place: they wait for a play-off or lots.
    """

    rows: tuple[Row, ...]
    chain: tuple[str, ...]
    separations: tuple[Separation, ...]
    unresolved: tuple[tuple[str, ...], ...]
    must_decide: tuple[tuple[int, tuple[str, ...]], ...] = ()

    def order(self) -> list[str]:
        return [row.key for row in self.rows]

    def row(self, key: str) -> Row:
        return next(r for r in self.rows if r.key == key)

    def place(self, key: str) -> int:
        return self.row(key).place


def straddles(place: int, size: int, cuts: Iterable[int]) -> bool:
    """Whether ``size`` entrants sharing ``place`` run across one of the ``cuts`` (option ``decide``: 1 for the
    champion, N for a cut after place N), so that the place must be decided between them."""
    return any(place <= cut < place + size - 1 for cut in cuts)


def rank(ledger: Ledger, chain: Sequence[TieBreaker]) -> Standings:
    """Rank the ledger by points, then by ``chain`` within each group on equal points.

    Recorded penalties put penalised entrants last among equals (CXA 2011 §18.5)
    first in the chain unless the chain names ``penalties`` elsewhere. Groups still
    tied after the chain are settled by a recorded play-off or lots
    (:class:`Decision`) when one covers them; otherwise they share the place.
    """
    from podium.tiebreakers.decisions import Lots
    from podium.tiebreakers.sanctions import Penalties

    steps = list(chain)
    if ledger.penalties and not any(isinstance(b, Penalties) for b in steps):
        steps.insert(0, Penalties())
    if ledger.decisions and not any(isinstance(b, Lots) for b in steps):
        steps.append(Lots())
    by_points: dict[float, list[str]] = defaultdict(list)
    for key in sorted(ledger.records):
        by_points[ledger.points(key)].append(key)
    splits: list[_Told] = []
    unresolved: list[tuple[str, ...]] = []
    ordered: list[list[str]] = []
    for points in sorted(by_points, reverse=True):
        ordered.extend(_resolve(ledger, by_points[points], steps, splits, unresolved))
    separations = _separations(splits)

    values: dict[str, dict[str, Any]] = {key: {} for key in ledger.records}
    for breaker in steps:
        for key, value in breaker.values(ledger).items():
            values[key][breaker.name] = value
    rows = []
    place = 1
    must_decide = []
    boundaries = ledger.option("decide")
    for group in ordered:
        for key in group:
            rows.append(Row(place, len(group) > 1, ledger.records[key], values[key]))
        if straddles(place, len(group), boundaries):
            must_decide.append((place, tuple(group)))
        place += len(group)
    position = {row.key: index for index, row in enumerate(rows)}
    separations.sort(key=lambda s: position[s.upper])
    return Standings(
        tuple(rows), tuple(b.name for b in steps), tuple(separations), tuple(unresolved), tuple(must_decide)
    )


def _resolve(
    ledger: Ledger,
    group: list[str],
    chain: list[TieBreaker],
    splits: list[_Told],
    unresolved: list[tuple[str, ...]],
) -> list[list[str]]:
    if len(group) == 1:
        return [group]
    if not chain:
        unresolved.append(tuple(group))
        return [group]
    breaker, rest = chain[0], chain[1:]
    split = breaker.split(ledger, group)
    result: list[list[str]] = []
    for subgroup in split.groups:
        resolved = _resolve(ledger, list(subgroup), rest, splits, unresolved)
        if result:
            splits.append((split, breaker, result[-1][-1], resolved[0][0]))
        result.extend(resolved)
    return result


def _separations(splits: list[_Told]) -> list[Separation]:
    """Each split explained in Chinese and in English (:meth:`Split.explain` words it in the current language),
    so that any face can show why two entrants are in their order."""
    if not splits:
        return []
    worded: dict[str, list[tuple[str, Any, Any]]] = {}
    current_language()  # the language to come back to
    for lang in ("zh", "en"):
        with use_language(lang):
            worded[lang] = [split.explain(upper, lower, breaker) for split, breaker, upper, lower in splits]
    return [
        Separation(upper, lower, breaker.name, Label(zh=zh[0], en=en[0]), en[1], en[2])
        for (_split, breaker, upper, lower), zh, en in zip(splits, worded["zh"], worded["en"], strict=True)
    ]
