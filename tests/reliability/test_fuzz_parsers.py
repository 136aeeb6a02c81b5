"""Fuzzing every score parser (issue 11): arbitrary text and near-valid mutations of valid results.

Texts go through what ``podium result`` does (``podium.model.inputs.typed_text``, then the sport's
``parse_result``), for each sport under several rule options, kinds (table-tennis team ties with their
line-ups too) and knockout or not. Laws:

- nothing but a :class:`PodiumError` ever escapes;
- an accepted text's canonical form is a fixed point: parsed again it formats the same and
  gives the same outcome (the journal stores the canonical text and re-reads it on every
  command, so this is what "a correction survives a re-read" rests on);
- a text entered with the names in reverse order (``podium result ms B A …``) gives a canonical
  text that the match, read in its own order, accepts with the same outcome;
- an outcome is sane: a winner takes a whole win, otherwise both sides earn the same share.

Measured values (``podium perf``): every reader refuses or returns a value whose canonical
text reads back to itself.
"""

from __future__ import annotations

import random
import unicodedata
from decimal import Decimal
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from podium.errors import PodiumError
from podium.measure.rules import Measurement
from podium.model.entrants import Entrant, EntrantKind, Person
from podium.model.inputs import typed_text
from podium.model.matches import MatchContext
from podium.model.options import resolve_options
from podium.model.outcomes import Outcome
from podium.model.sports import Sport
from podium.registry import registry

CONFIGS: list[tuple[str, dict[str, Any], EntrantKind]] = [
    ("table_tennis", {"best_of": 5}, EntrantKind.INDIVIDUAL),
    ("table_tennis", {"best_of": 3, "game_points": 21}, EntrantKind.INDIVIDUAL),
    ("table_tennis", {"best_of": 7, "games_only": True}, EntrantKind.INDIVIDUAL),
    ("table_tennis", {"best_of": 1}, EntrantKind.INDIVIDUAL),
    ("table_tennis", {"best_of": 3}, EntrantKind.PAIR),
    ("table_tennis", {"best_of": 3}, EntrantKind.TEAM),  # ITTF tie order: line-ups, the doubles pair named
    ("table_tennis", {"best_of": 1, "tie": "five_singles", "play_all_rubbers": True}, EntrantKind.TEAM),
    ("xiangqi", {}, EntrantKind.INDIVIDUAL),
    ("xiangqi", {"games": 2, "rule_set": "cxa1999"}, EntrantKind.INDIVIDUAL),
    ("xiangqi", {"games": 3, "stop_when_decided": True, "rule_set": "school", "foul_limit": 2}, EntrantKind.INDIVIDUAL),
    ("xiangqi", {"agreed_draw_minimum": 20, "playoff_armageddon": False}, EntrantKind.INDIVIDUAL),
    ("xiangqi", {}, EntrantKind.TEAM),
    ("weiqi", {}, EntrantKind.INDIVIDUAL),
    ("weiqi", {"komi": 0.0, "board_size": 9, "cycles": "draw"}, EntrantKind.INDIVIDUAL),
    ("weiqi", {"handicap": True}, EntrantKind.INDIVIDUAL),
    ("weiqi", {}, EntrantKind.TEAM),
    ("gomoku", {}, EntrantKind.INDIVIDUAL),
    ("gomoku", {"rule_set": "B", "forbidden_policy": "claim_required"}, EntrantKind.INDIVIDUAL),
    ("gomoku", {"forbidden_policy": "replay", "board_size": 9}, EntrantKind.INDIVIDUAL),
    ("fun_games", {"measure": "pulls", "best_of": 3}, EntrantKind.TEAM),
    ("fun_games", {"measure": "pulls", "best_of": 5}, EntrantKind.TEAM),
]

VOCABULARY = (
    "0123456789-:+=,.|/ ()[]½¾¼!;" "ABCXYZ" "BWRTFHbwrtfivedrawmovesfoulswarnredlotsrapidarmageddonjigovoidcycle"
    "红黑胜负和将死困毙超时犯规警告回合中盘子目又比：，－＋１２３　、"
)
WORDS = ("1-0", "0-1", "=", "+:-", "-:+", "-:-", "B+R", "W+T", "B+five", "W+forbidden", "warn:B", "black:2", "ret:2",
         "fouls=3:0", "red=2", "| rapid", "armageddon", "lots=1", "11-9", "9-11", "2:1", "fouls:2", "nigiri:1/7", "H3", "[h8 a1]",
         "A=Ann 1", "X=Bo 2;", "A+C-Y+Z", "B-X", "|", ";", "Ann 3,", "Bo 4")


def context(sport_name: str, given_rules: dict[str, Any], kind: EntrantKind, decisive: bool) -> MatchContext:
    sport = registry().sports[sport_name]
    rules = resolve_options(sport.options, given_rules, "fuzz") | {"kind": kind.value}
    sides = []
    for number, name in ((1, "Ann"), (2, "Bo")):
        members = tuple(Person(f"{name} {i}", rating=float(i)) for i in range(1, 5)) if kind is EntrantKind.TEAM else (Person(name),)
        sides.append(Entrant(str(number), "e", kind, name, members, rating=float(number)))
    return MatchContext("e", rules, tuple(sides), decisive=decisive)  # type: ignore[arg-type]


def check_outcome(outcome: Outcome) -> None:
    assert outcome.winner in (None, 0, 1)
    if outcome.winner is None:
        assert outcome.shares[0] == outcome.shares[1] and 0 <= outcome.shares[0] <= 0.5
    else:
        assert outcome.shares[outcome.winner] == 1 and outcome.shares[1 - outcome.winner] == 0


def enter(text: str, case: tuple[Sport, MatchContext], reverse: bool) -> None:
    """What ``podium result`` does with ``text``, then the laws for an accepted result."""
    sport, ctx = case
    try:
        clean = typed_text(text)
        if reverse:
            given_ctx = attrs.evolve(ctx, sides=(ctx.sides[1], ctx.sides[0]), reversed=True)
            result = sport.mirror(sport.parse_result(clean, given_ctx), given_ctx)
        else:
            result = sport.parse_result(clean, ctx)
        outcome = sport.outcome(result, ctx)
        canonical = sport.format_result(result, ctx)
    except PodiumError:
        event("refused")
        return
    event("accepted")
    check_outcome(outcome)
    again = sport.parse_result(canonical, ctx)  # the journal re-reads the canonical text on every command
    assert sport.format_result(again, ctx) == canonical
    assert sport.outcome(again, ctx) == outcome


@st.composite
def matches(draw: st.DrawFn) -> tuple[Sport, MatchContext]:
    """A sport and a match under one of :data:`CONFIGS`, in a knockout (decisive) or not."""
    sport_name, given_rules, kind = draw(st.sampled_from(CONFIGS))
    return registry().sports[sport_name], context(sport_name, given_rules, kind, draw(st.booleans()))


def mutate(text: str, data: st.DataObject) -> str:
    """A near-valid text: a few edits of the kind volunteers make (a digit wrong, a token doubled or lost,
    full-width characters, a stray word)."""
    chars = list(text)
    for _ in range(data.draw(st.integers(1, 3))):
        choice = data.draw(st.integers(0, 7))
        at = data.draw(st.integers(0, len(chars)))
        if choice == 0 and chars:
            del chars[min(at, len(chars) - 1)]
        elif choice == 1:
            chars.insert(at, data.draw(st.sampled_from(VOCABULARY)))
        elif choice == 2 and chars:
            chars[min(at, len(chars) - 1)] = data.draw(st.sampled_from("0123456789"))
        elif choice == 3:
            tokens = "".join(chars).split()
            if tokens:
                i = data.draw(st.integers(0, len(tokens) - 1))
                tokens.insert(i, tokens[i])
                chars = list(" ".join(tokens))
        elif choice == 4:
            tokens = "".join(chars).split()
            if len(tokens) > 1:
                tokens.pop(data.draw(st.integers(0, len(tokens) - 1)))
                chars = list(" ".join(tokens))
        elif choice == 5:  # full width, as typed with a Chinese input method
            chars = [chr(ord(c) + 0xFEE0) if "!" <= c <= "~" and data.draw(st.booleans()) else c for c in chars]
        elif choice == 6:
            chars[at:at] = list(" " + data.draw(st.sampled_from(WORDS)) + " ")
        else:
            chars[at:at] = list(data.draw(st.sampled_from(["\u200b", "\ufeff", "\u3000", "\x07", "\t", "9" * 12])))
    return "".join(chars)


FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(case=matches(), text=st.text(alphabet=st.sampled_from(VOCABULARY), max_size=40), reverse=st.booleans())
def test_arbitrary_text_in_the_sports_alphabet(case, text, reverse):
    enter(text, case, reverse)


@FAST
@given(case=matches(), text=st.text(max_size=30), reverse=st.booleans())
def test_arbitrary_unicode(case, text, reverse):
    enter(text, case, reverse)


@FAST
@given(case=matches(), words=st.lists(st.sampled_from(WORDS), max_size=8), reverse=st.booleans())
def test_arbitrary_sequences_of_result_words(case, words, reverse):
    enter(" ".join(words), case, reverse)


@FAST
@given(case=matches(), seed=st.integers(0, 2**32), data=st.data(), reverse=st.booleans())
def test_near_valid_mutations_of_simulated_results(case, seed, data, reverse):
    sport, ctx = case
    valid = sport.simulate(random.Random(seed), ctx)
    sport.parse_result(valid, ctx)  # what the sport simulates, it accepts
    enter(valid, case, reverse)
    enter(mutate(valid, data), case, reverse)


@FAST
@given(case=matches(), digits=st.integers(10, 6000), where=st.integers(0, 40))
def test_numbers_of_thousands_of_digits_are_refused(case, digits, where):
    """Python refuses int() of more than 4,300 digits (a ValueError); the core refuses them first."""
    sport, ctx = case
    valid = sport.simulate(random.Random(where), ctx)
    at = min(where, len(valid))
    with pytest.raises(PodiumError):
        sport.parse_result(typed_text(valid[:at] + "9" * digits + valid[at:]), ctx)


MEASURES: list[dict[str, Any]] = [
    {"measure": "time"}, {"measure": "time", "decimals": 1}, {"measure": "count", "max_count": 200},
    {"measure": "distance"}, {"measure": "points", "decimals": 1},
    {"measure": "zones", "zones": {"1": 1, "2": 3, "bull": 5}}, {"measure": "elimination"},
]


@FAST
@given(rules=st.sampled_from(MEASURES), text=st.one_of(
    st.text(max_size=20),
    st.text(alphabet=st.sampled_from("0123456789.:-+eE_ 秒分时个米厘cmsline压线winner第轮１２．：，"), max_size=14),
    st.decimals(allow_nan=True, allow_infinity=True).map(str),
    st.integers(-10**12, 10**12).map(str),
))
def test_measured_values(rules, text):
    measurement = Measurement.from_rules(rules)
    try:
        canonical = measurement.canonical(text, heat_size=6)
    except PodiumError:
        return
    assert unicodedata.is_normalized("NFKC", canonical) and canonical.isascii() or rules["measure"] == "zones"
    assert measurement.canonical(canonical, heat_size=6) == canonical
    value = measurement.raw_value(canonical)
    assert value is None or (isinstance(value, Decimal) and value.is_finite() and not value.is_signed())


@FAST
@given(text=st.one_of(st.text(max_size=30), st.lists(st.decimals(allow_nan=True).map(str), max_size=6).map(",".join)))
def test_judges_scores(text):
    measurement = Measurement.from_rules({"measure": "judged"})
    from podium.measure.values import parse_judge_scores

    try:
        scores = parse_judge_scores(text, measurement.max_score)
    except PodiumError:
        return
    assert scores and all(Decimal(0) <= s <= 100 and not s.is_signed() and s.as_tuple().exponent >= -2 for s in scores)
