"""Checks of result texts: parsing, canonical round trip, mirroring, outcomes against scoring, the simulator.

Every result text the suite meets (the sport's examples, simulated results and
variants of them) goes through the same path as a result typed at the command line
(:mod:`podium.services.results`): ``parse_result`` → ``format_result`` (the text journaled) →
``parse_result`` again when the state is folded, ``outcome`` for standings, and
``mirror`` when the two entrants are named in the reverse order of the match.
"""

from __future__ import annotations

import math
import random
import re
from typing import Any

from podium.errors import ResultError
from podium.i18n import _
from podium.model.outcomes import STAT_NAMES, Outcome, OutcomeKind
from podium.model.sports import Sport
from podium.testing.cases import Case, swapped
from podium.testing.report import Collector

JUNK = ("", "   ", "?", "abc", "-", "1", "1-", "-1-2", "1:2:3", "+:+", "0-0", "99999999999999999999-0", "１０－８",
        "None", "\x00", "x" * 300, "1-0 1-0 1-0 1-0 1-0 1-0 1-0 1-0 1-0 1-0 1-0 1-0")
"""Texts a hurried user might type; each must be accepted or refused with a ResultError."""

_NUMBER = re.compile(r"\d+")
EPSILON = 1e-9


def _raised(error: Exception) -> str:
    return f"{type(error).__name__}: {error}"


class ResultChecks:
    """Runs the result checks of one sport, case by case, into a :class:`Collector`."""

    def __init__(self, sport: Sport, found: Collector) -> None:
        self.sport = sport
        self.found = found
        self.checked = 0

    def parse(self, case: Case, text: str, check: str, source: str) -> Any | None:
        """Parse ``text``; a ResultError means refused (``None``), any other exception is a problem of ``check``."""
        try:
            return self.sport.parse_result(text, case.ctx)
        except ResultError as error:
            if not str(error).strip():
                self.found.add("refusals", case.label, _("{source} {text!r} is refused with an empty message.").format(source=source, text=text))
            return None
        except Exception as error:
            self.found.add(
                check,
                case.label,
                _("parse_result({text!r}) raised {error} instead of a ResultError; a user would see a traceback.").format(
                    text=text, error=_raised(error)
                ),
            )
            return None

    def examples(self, case: Case) -> None:
        """The sport's result examples parse in this case (and, in a knockout, have a winner)."""
        try:
            examples = tuple(self.sport.result_examples(case.ctx))
        except Exception as error:
            self.found.add("examples", case.label, _("result_examples raised {error}.").format(error=_raised(error)))
            return
        if not examples:
            self.found.add("examples", case.label, _("result_examples gives no example; refused results show the examples as a hint."))
        for text in examples:
            try:
                result = self.sport.parse_result(text, case.ctx)
            except ResultError as error:
                self.found.add("examples", case.label, _("the example {text!r} is refused: {error}").format(text=text, error=error))
                continue
            except Exception as error:
                self.found.add("examples", case.label, _("the example {text!r} raised {error}.").format(text=text, error=_raised(error)))
                continue
            outcome = self.result(case, text, result, _("the example"))
            if outcome is not None and case.ctx.decisive and outcome.winner is None:
                self.found.add(
                    "examples", case.label, _("the example {text!r} has no winner, but a knockout match needs one.").format(text=text)
                )

    def simulator(self, case: Case, seeds: int) -> list[str]:
        """``simulate`` with seeds 0…``seeds``−1: repeatable, valid, decisive in a knockout. Returns the texts."""
        texts = []
        crashes: dict[str, list[int]] = {}
        for seed in range(seeds):
            try:
                text = self.sport.simulate(random.Random(seed), case.ctx)
                again = self.sport.simulate(random.Random(seed), case.ctx)
            except Exception as error:
                crashes.setdefault(_raised(error), []).append(seed)
                continue
            if not isinstance(text, str):
                self.found.add("simulator", case.label, _("simulate returned {value!r}, not a result text.").format(value=text))
                continue
            if again != text:
                self.found.add(
                    "simulator", case.label,
                    _("simulate is not repeatable: seed {seed} gave {first!r}, then {second!r}.").format(seed=seed, first=text, second=again),
                )
            source = _("the simulated result (seed {seed})").format(seed=seed)
            try:
                result = self.sport.parse_result(text, case.ctx)
            except ResultError as error:
                self.found.add(
                    "simulator", case.label,
                    _("simulate (seed {seed}) gave {text!r}, which parse_result refuses: {error}").format(seed=seed, text=text, error=error),
                )
                continue
            except Exception as error:
                self.found.add(
                    "simulator", case.label,
                    _("simulate (seed {seed}) gave {text!r}, which parse_result cannot read: {error}").format(
                        seed=seed, text=text, error=_raised(error)
                    ),
                )
                continue
            texts.append(text)
            outcome = self.result(case, text, result, source)
            if outcome is not None and case.ctx.decisive and outcome.winner is None:
                self.found.add(
                    "simulator", case.label,
                    _("simulate (seed {seed}) gave {text!r} in a knockout match, but it has no winner.").format(seed=seed, text=text),
                )
        for error, failed in crashes.items():
            self.found.add("simulator", case.label, _("simulate raised {error} with {count} of {seeds} seeds (the first is {seed}).").format(
                error=error, count=len(failed), seeds=seeds, seed=failed[0]
            ))
        return texts

    def refusals(self, case: Case, texts: list[str], rng: random.Random, refused: dict[str, str]) -> None:
        """Junk and altered texts are accepted (and then pass every check) or refused with a ResultError;
        each text in ``refused`` is refused, with a message containing the phrase given for it."""
        variants = list(JUNK)
        for text in rng.sample(texts, min(len(texts), 2)):
            variants += _variants(text, rng)
        for text in variants:
            result = self.parse(case, text, "refusals", _("the text"))
            if result is not None:
                self.result(case, text, result, _("the accepted text"))
        for text, phrase in refused.items():
            try:
                result = self.sport.parse_result(text, case.ctx)
            except ResultError as error:
                if phrase.lower() not in str(error).lower():
                    self.found.add(
                        "refusals", case.label,
                        _("{text!r} is refused, but the message does not say {phrase!r}: {error}").format(text=text, phrase=phrase, error=error),
                    )
                continue
            except Exception as error:
                self.found.add(
                    "refusals", case.label,
                    _("parse_result({text!r}) raised {error} instead of a ResultError; a user would see a traceback.").format(
                        text=text, error=_raised(error)
                    ),
                )
                continue
            canonical = self._format(case, result) or repr(result)
            self.found.add(
                "refusals", case.label,
                _("{text!r} should be refused ({phrase}), but parse_result accepts it as {canonical!r}.").format(
                    text=text, phrase=phrase, canonical=canonical
                ),
            )

    def _format(self, case: Case, result: Any) -> str | None:
        try:
            text = self.sport.format_result(result, case.ctx)
        except Exception as error:
            self.found.add("round_trip", case.label, _("format_result raised {error}.").format(error=_raised(error)))
            return None
        if not isinstance(text, str):
            self.found.add("round_trip", case.label, _("format_result returned {value!r}, not text.").format(value=text))
            return None
        return text

    def _outcome(self, case: Case, result: Any) -> Outcome | None:
        try:
            outcome = self.sport.outcome(result, case.ctx)
        except Exception as error:
            self.found.add("outcomes", case.label, _("outcome raised {error}.").format(error=_raised(error)))
            return None
        if not isinstance(outcome, Outcome):
            self.found.add("outcomes", case.label, _("outcome returned {value!r}, not an Outcome.").format(value=outcome))
            return None
        return outcome

    def result(self, case: Case, text: str, result: Any, source: str) -> Outcome | None:
        """Every check of one accepted result; returns its outcome (``None`` when that failed)."""
        self.checked += 1
        canonical = self._format(case, result)
        outcome = self._outcome(case, result)
        if canonical is None or outcome is None:
            return outcome
        for message in outcome_problems(outcome, self.sport):
            self.found.add("outcomes", case.label, _("{source} {text!r}: {problem}").format(source=source, text=text, problem=message))
        self._round_trip(case, text, canonical, outcome, source)
        self._mirror(case, text, result, canonical, outcome, source)
        return outcome

    def _round_trip(self, case: Case, text: str, canonical: str, outcome: Outcome, source: str) -> None:
        where = _("{source} {text!r}, journaled as {canonical!r}").format(source=source, text=text, canonical=canonical)
        try:
            again = self.sport.parse_result(canonical, case.ctx)
        except Exception as error:
            self.found.add("round_trip", case.label, _("{where}: the canonical text is refused: {error}").format(where=where, error=error))
            return
        second = self._format(case, again)
        if second is not None and second != canonical:
            self.found.add(
                "round_trip", case.label,
                _("{where}: parsing the canonical text and formatting it again gives {second!r}.").format(where=where, second=second),
            )
        again_outcome = self._outcome(case, again)
        if again_outcome is not None and again_outcome != outcome:
            self.found.add(
                "round_trip", case.label,
                _("{where}: the canonical text has another outcome ({second}) than the text entered ({first}).").format(
                    where=where, first=describe(outcome), second=describe(again_outcome)
                ),
            )

    def _mirror(self, case: Case, text: str, result: Any, canonical: str, outcome: Outcome, source: str) -> None:
        where = _("{source} {text!r}").format(source=source, text=text)
        other = swapped(case.ctx)
        try:
            mirrored = self.sport.mirror(result, case.ctx)
            back = self.sport.mirror(mirrored, other)
            back_text = self.sport.format_result(back, case.ctx)
            mirrored_outcome = self.sport.outcome(mirrored, other)
            reversed_text = self.sport.format_result(mirrored, other)
            typed = self.sport.mirror(self.sport.parse_result(reversed_text, other), other)
            typed_text = self.sport.format_result(typed, case.ctx)
            typed_outcome = self.sport.outcome(typed, case.ctx)
        except Exception as error:
            self.found.add("mirror", case.label, _("{where}: mirroring raised {error}.").format(where=where, error=_raised(error)))
            return
        if back_text != canonical:
            self.found.add(
                "mirror", case.label,
                _("{where}: mirroring twice gives {back!r}, not {canonical!r}.").format(where=where, back=back_text, canonical=canonical),
            )
        if mirrored_outcome != outcome.mirrored():
            self.found.add(
                "mirror", case.label,
                _("{where}: the mirrored result's outcome ({mirrored}) is not the mirrored outcome ({expected}).").format(
                    where=where, mirrored=describe(mirrored_outcome), expected=describe(outcome.mirrored())
                ),
            )
        if typed_outcome != outcome:
            self.found.add(
                "mirror", case.label,
                _("{where}: typed with the entrants in reverse order as {reversed!r}, its outcome is {typed}, not {expected}.").format(
                    where=where, reversed=reversed_text, typed=describe(typed_outcome), expected=describe(outcome)
                ),
            )
        if typed_text != canonical:
            self.found.add(
                "mirror", case.label,
                _("{where}: typed with the entrants in reverse order as {reversed!r}, it is journaled as {typed!r}, not {canonical!r}.").format(
                    where=where, reversed=reversed_text, typed=typed_text, canonical=canonical
                ),
            )


def _variants(text: str, rng: random.Random) -> list[str]:
    """Texts near a valid one: a number changed up, down, to 0 or far up; the text cut short or doubled."""
    numbers = list(_NUMBER.finditer(text))
    found = [text[: len(text) // 2], f"{text} {text}", text.upper()]
    for match in rng.sample(numbers, min(len(numbers), 3)):
        value = int(match[0])
        for changed in {value + 1, max(value - 1, 0), 0, value + 10}:
            found.append(text[: match.start()] + str(changed) + text[match.end():])
    return found


def describe(outcome: Outcome) -> str:
    """A short text of an outcome for messages: kind, winner, shares and counters."""
    winner = "-" if outcome.winner is None else str(outcome.winner + 1)
    stats = ", ".join(f"{k}={v[0]:g}:{v[1]:g}" for k, v in sorted(outcome.stats.items()))
    shares = f"{outcome.shares[0]:g}:{outcome.shares[1]:g}"
    return f"{outcome.kind.value}, winner {winner}, shares {shares}" + (f", {stats}" if stats else "")


def outcome_problems(outcome: Outcome, sport: Sport) -> list[str]:
    """What is wrong with ``outcome`` by itself and under the sport's scoring (empty when nothing is).

    Shares are fractions of a win: each between 0 and 1, adding up to 1 when the match
    was decided or drawn, 0 when both sides lose or nothing counts; the winner's share is
    the larger. Under the sport's scoring the winner earns more points than the loser,
    and equal shares earn equal points (unless the scheme has an asymmetric draw).
    """
    problems = []
    kind, winner, shares = outcome.kind, outcome.winner, outcome.shares
    if kind is OutcomeKind.BYE:
        return [_("a sport never gives a bye outcome; byes come from the draw.")]
    if winner not in (None, 0, 1):
        return [_("the winner must be side 0, side 1 or None, not {winner!r}.").format(winner=winner)]
    if any(not isinstance(s, (int, float)) or not 0 <= s <= 1 for s in shares):
        return [_("shares must be fractions of a win between 0 and 1, not {shares}.").format(shares=shares)]
    total = shares[0] + shares[1]
    if kind is OutcomeKind.FORFEIT and winner is None:
        problems.append(_("a forfeit names the side that wins it; both sides absent is a double forfeit."))
    if kind is OutcomeKind.RETIRED and winner is None:
        problems.append(_("a retirement names the side that wins it."))
    if kind in (OutcomeKind.DOUBLE_FORFEIT, OutcomeKind.BOTH_LOSE, OutcomeKind.NO_RESULT):
        if winner is not None or total > EPSILON:
            problems.append(_("in a {kind} outcome nobody wins and both shares are 0, not winner {winner} with shares {shares}.").format(
                kind=kind.value, winner=winner, shares=shares
            ))
    elif not math.isclose(total, 1.0):
        problems.append(_("the shares of a {kind} outcome add up to 1, not {total:g}.").format(kind=kind.value, total=total))
    if winner is not None and shares[winner] <= shares[1 - winner]:
        problems.append(_("the winner (side {side}) has a share of {mine:g}, not more than the loser's {theirs:g}.").format(
            side=winner + 1, mine=shares[winner], theirs=shares[1 - winner]
        ))
    if kind is OutcomeKind.PLAYED and winner is None and math.isclose(shares[0], shares[1]) and not sport.draws_allowed:
        problems.append(_("it is a draw, but the sport declares draws_allowed = False."))
    for name, values in outcome.stats.items():
        if len(values) != 2 or any(not isinstance(v, (int, float)) or (name in STAT_NAMES and v < 0) for v in values):
            problems.append(_("the counter {name} must be a pair of numbers (not negative), not {values!r}.").format(name=name, values=values))
    problems += _scoring_problems(outcome, sport)
    return problems


def _scoring_problems(outcome: Outcome, sport: Sport) -> list[str]:
    scoring = sport.scoring
    points = scoring.winner_points(outcome)
    winner, shares = outcome.winner, outcome.shares
    if winner is not None and points[winner] <= points[1 - winner]:
        return [_("under the sport's scoring the winner earns {mine:g} points, not more than the loser's {theirs:g}.").format(
            mine=points[winner], theirs=points[1 - winner]
        )]
    asymmetric = outcome.first_mover is not None and scoring.draw_first is not None and scoring.draw_second is not None
    if winner is None and math.isclose(shares[0], shares[1]) and points[0] != points[1] and not asymmetric:
        return [_("equal shares earn unequal points ({a:g} and {b:g}) under the sport's scoring.").format(a=points[0], b=points[1])]
    for side in (0, 1):
        if shares[side] > shares[1 - side] and points[side] < points[1 - side]:
            return [_("side {side} has the larger share but fewer points ({mine:g} against {theirs:g}) under the sport's scoring.").format(
                side=side + 1, mine=points[side], theirs=points[1 - side]
            )]
    return []
