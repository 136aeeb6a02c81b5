"""The conformance suite as a pytest test class a plugin's own tests subclass.

::

    import podium_badminton
    from podium.testing import SportConformance

    class TestBadmintonConformance(SportConformance):
        plugin = podium_badminton
        refused = {"31-29 21-5": "30"}   # must be refused, with "30" in the message

Each check of :data:`~podium.testing.report.CHECKS` is one test; a failing test lists
what is wrong, case by case. The checks run once per class (the first test runs them).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import pytest

from podium.testing.conformance import SEEDS, check_plugin
from podium.testing.report import Report


class SportConformance:
    """Subclass as ``Test…`` and set :attr:`plugin`; every test method is one conformance check."""

    plugin: ClassVar[Any]
    """The plugin module (the one the ``podium`` entry point names), e.g. ``podium_badminton``."""
    sport: ClassVar[str | None] = None
    """Which of the plugin's sports to check; ``None`` checks each (a plugin usually has one)."""
    seeds: ClassVar[int] = SEEDS
    """Simulated results checked per case."""
    extra_rules: ClassVar[tuple[Mapping[str, Any], ...]] = ()
    """Rule combinations to check besides the defaults and each option value taken alone."""
    refused: ClassVar[Mapping[str, str]] = {}
    """Result texts that must be refused under the defaults, each with a phrase its message must contain."""

    _reports: ClassVar[dict[type, list[Report]]] = {}

    @classmethod
    def conformance_reports(cls) -> list[Report]:
        """The reports of every checked sport (computed on first use, once per class)."""
        if cls not in SportConformance._reports:
            SportConformance._reports[cls] = check_plugin(
                cls.plugin, sport=cls.sport, seeds=cls.seeds, extra_rules=cls.extra_rules, refused=cls.refused
            )
        return SportConformance._reports[cls]

    def check(self, name: str) -> None:
        """Fail with every problem of check ``name``; skip with the reason when it could not run."""
        reports = self.conformance_reports()
        failures = [r.describe(name) for r in reports if r.of(name)]
        if failures:
            pytest.fail("\n".join(failures), pytrace=False)
        reasons = [r.skipped[name] for r in reports if name in r.skipped]
        if reasons and len(reasons) == len(reports):
            pytest.skip("; ".join(reasons))

    def test_declaration(self) -> None:
        self.check("declaration")

    def test_option_defaults(self) -> None:
        self.check("options")

    def test_result_examples_parse(self) -> None:
        self.check("examples")

    def test_results_round_trip(self) -> None:
        self.check("round_trip")

    def test_mirror(self) -> None:
        self.check("mirror")

    def test_outcomes_follow_scoring(self) -> None:
        self.check("outcomes")

    def test_simulator_gives_valid_results(self) -> None:
        self.check("simulator")

    def test_bad_results_refused_clearly(self) -> None:
        self.check("refusals")

    def test_tiebreak_chains_are_installed(self) -> None:
        self.check("tiebreaks")

    def test_own_tiebreakers(self) -> None:
        self.check("tiebreakers")

    def test_event_runs(self) -> None:
        self.check("event")

    def test_messages_translated(self) -> None:
        self.check("translations")

    def test_score_sheet_template(self) -> None:
        self.check("templates")
