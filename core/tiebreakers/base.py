"""The tie-breaker protocol.

A tie-breaker splits a group of entrants on equal points into ordered subgroups.
Most compare one value per entrant (:class:`KeyTieBreaker`); some look only at the
matches among the tied entrants and restart when places are decided (ITTF groups).
Each one cites its source in its docstring and ``source`` attribute.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import groupby
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from podium.i18n import Label

if TYPE_CHECKING:
    from podium.standings.ledger import Ledger


@attrs.frozen
class Split:
    """Ordered subgroups, with the values shown when explaining the split.

    An explanation is worded when it is asked for, once in Chinese and once in English
    (``podium standings --explain`` and every other face show either): ``describe`` words it
    then, in the current language. ``reasons`` holds labels already worded, in the language
    the ranking ran in.
    """

    groups: tuple[tuple[str, ...], ...]
    values: Mapping[str, Any] = attrs.field(factory=dict)
    reasons: Mapping[tuple[str, str], tuple[str, Any, Any]] = attrs.field(factory=dict)
    describe: Callable[[str, str], tuple[str, Any, Any]] | None = None
    """Explains any two entrants of different subgroups (when ``reasons`` has no entry for them), wording the label
    in the current language."""

    def explain(self, upper: str, lower: str, breaker: TieBreaker) -> tuple[str, Any, Any]:
        """The label (in the current language) and the two values that put ``upper`` above ``lower``."""
        if (upper, lower) in self.reasons:
            return self.reasons[(upper, lower)]
        if self.describe is not None:
            return self.describe(upper, lower)
        return (breaker.title.get(), self.values.get(upper), self.values.get(lower))


class TieBreaker(ABC):
    """Base class of tie-breaker plugins."""

    name: ClassVar[str]
    title: ClassVar[Label]
    source: ClassVar[str]

    @abstractmethod
    def split(self, ledger: Ledger, tied: Sequence[str]) -> Split:
        """Split ``tied`` (entrants on equal points) into ordered subgroups, best first."""

    def values(self, ledger: Ledger) -> Mapping[str, Any]:
        """A value per entrant for printing in standings columns (empty when it only applies among the tied)."""
        return {}


class KeyTieBreaker(TieBreaker):
    """A tie-breaker that compares one value per entrant; higher ranks first unless ``lower_is_better``."""

    lower_is_better: ClassVar[bool] = False
    among_tied: ClassVar[bool] = False
    """When true the value depends on the tied group (e.g. head-to-head) and is not printed as a column."""

    @abstractmethod
    def value(self, ledger: Ledger, key: str, tied: frozenset[str]) -> Any:
        """The comparable value of ``key`` when ``tied`` are the entrants on equal points."""

    def split(self, ledger: Ledger, tied: Sequence[str]) -> Split:
        values = self._values_of(ledger, tied, frozenset(tied))
        ordered = sorted(tied, key=values.__getitem__, reverse=not self.lower_is_better)
        groups = tuple(tuple(g) for _, g in groupby(ordered, key=values.__getitem__))
        return Split(groups, values)

    def values(self, ledger: Ledger) -> Mapping[str, Any]:
        if self.among_tied:
            return {}
        return self._values_of(ledger, ledger.records, frozenset(ledger.records))

    def _values_of(self, ledger: Ledger, keys: Iterable[str], tied: frozenset[str]) -> dict[str, Any]:
        """:meth:`value` of each of ``keys``, worked out once per entrant of a ledger unless it depends on the tied."""
        if self.among_tied:
            return {key: self.value(ledger, key, tied) for key in keys}
        known = ledger.known_values(self)
        for key in keys:
            if key not in known:
                known[key] = self.value(ledger, key, tied)
        return {key: known[key] for key in keys}


class StagedTieBreaker(KeyTieBreaker):
    """Compares a sequence of values in turn (board 1, then board 2, …); explanations name the step that differed.

    :meth:`value` returns a tuple of the same length for every entrant of a ledger.
    """

    @abstractmethod
    def step_label(self, ledger: Ledger, index: int) -> str:
        """What the ``index``-th value of the sequence is, for explanations."""

    def split(self, ledger: Ledger, tied: Sequence[str]) -> Split:
        split = super().split(ledger, tied)
        values = split.values

        def describe(upper: str, lower: str) -> tuple[str, Any, Any]:
            a, b = values[upper], values[lower]
            index = next(i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y)
            return (self.step_label(ledger, index), a[index], b[index])

        return attrs.evolve(split, describe=describe)

    def values(self, ledger: Ledger) -> Mapping[str, Any]:
        return {}
