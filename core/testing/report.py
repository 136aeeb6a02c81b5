"""What the conformance suite found: problems by check, and the checks that could not run."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from podium.i18n import N_, _

CHECKS: dict[str, str] = {
    "declaration": N_("what the plugin declares: names, titles, entrant kinds, games and hook return values"),
    "options": N_("every option's default passes the option's own check"),
    "examples": N_("every result example parses, in every case"),
    "round_trip": N_("format_result then parse_result gives the same canonical text and outcome"),
    "mirror": N_("mirroring twice is the identity, the mirror's outcome is the mirrored outcome, reversed input works"),
    "outcomes": N_("outcomes agree with the scoring: shares, winners, forfeits, draws"),
    "simulator": N_("the simulator gives valid, repeatable results, with a winner in knockout matches"),
    "refusals": N_("bad result texts are refused with a ResultError and a message, never another exception"),
    "tiebreaks": N_("default tie-break chains name installed tie-breakers"),
    "tiebreakers": N_("the plugin's tie-breakers split a tie into ordered groups of the same entrants"),
    "event": N_("a small event of the sport runs through Podium's services: entrants, draw, results, standings, score sheets"),
    "translations": N_("every message the plugin marks for translation is translated in its locale/zh.po"),
    "templates": N_("the score sheet is found on the template search path and renders; sheet notes are text"),
}
"""The checks, by name, with what each one proves."""

SHOWN = 12
"""Problems listed per check before the rest are counted."""


@attrs.frozen
class Problem:
    """One thing a plugin gets wrong: the check, the case it was found in and what is wrong."""

    check: str
    where: str
    message: str
    more: int = 0
    """How many other cases showed the same problem."""

    def __str__(self) -> str:
        text = f"{self.where}: {self.message}" if self.where else self.message
        if self.more:
            text += " " + _("(and in {count} more cases)").format(count=self.more)
        return text


@attrs.frozen
class Report:
    """The conformance of one sport: every problem found, and why a check was skipped."""

    sport: str
    problems: tuple[Problem, ...]
    skipped: Mapping[str, str] = attrs.field(factory=dict)
    cases: int = 0
    results: int = 0
    """How many result texts were parsed and checked."""

    @property
    def ok(self) -> bool:
        return not self.problems

    def of(self, check: str) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.check == check)

    def describe(self, check: str) -> str:
        """The problems of ``check`` as lines for a test failure or the command line."""
        found = self.of(check)
        lines = [_("{sport} fails the check '{check}' ({what}):").format(sport=self.sport, check=check, what=_(CHECKS[check]))]
        lines += [f"  - {p}" for p in found[:SHOWN]]
        if len(found) > SHOWN:
            lines.append("  " + _("… and {count} more problems").format(count=len(found) - SHOWN))
        return "\n".join(lines)


class Collector:
    """Gathers problems while checking; the same message found in many cases is kept once, with a count."""

    def __init__(self) -> None:
        self._found: dict[tuple[str, str], list[str]] = {}
        self.skipped: dict[str, str] = {}

    def add(self, check: str, where: str, message: str) -> None:
        self._found.setdefault((check, message), []).append(where)

    def skip(self, check: str, reason: str) -> None:
        self.skipped.setdefault(check, reason)

    def problems(self) -> tuple[Problem, ...]:
        order = list(CHECKS)
        items = sorted(self._found.items(), key=lambda item: order.index(item[0][0]))
        return tuple(Problem(check, wheres[0], message, len(wheres) - 1) for (check, message), wheres in items)
