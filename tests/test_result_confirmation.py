"""What ``podium result`` and ``podium correct`` answer (issue 21, items 5 and 6).

The answer names both sides in the order the user typed them, the result as typed (read from the first
side named) and the winner, so a result entered the wrong way round is seen at once. The matches of the
starter round robin of six (Berger table for 6, FIDE C.05 Annex 1, worked out by hand in
tests/test_vertical_slice.py): match 1 is Alan–Fu, match 6 Alan–Bo, match 14 Deng–Bo.
"""

from __future__ import annotations

import pytest

from tests.test_vertical_slice import PLAYERS


@pytest.fixture
def drawn(make_meet, podium):
    folder = make_meet(entrants=PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    return folder


def test_result_by_number_names_both_sides_and_the_winner(drawn, podium):
    """11-7 11-5 11-3 read from Alan's side (the first of match 1): Alan wins three games to nil."""
    out = podium(drawn, "result", "ms", "1", "11-7 11-5 11-3").output
    assert out == "Match 1 recorded: Alan – Fu 11-7 11-5 11-3, Alan wins.\n"


def test_result_given_by_names_in_reverse_keeps_the_typed_order(drawn, podium):
    """Match 14 is Deng–Bo; typed as Bo, Deng with "11-7 11-5 11-3" the games are Bo's: Bo wins, and the
    answer shows the score as typed, not mirrored to Deng's side (which is what the journal keeps)."""
    out = podium(drawn, "result", "ms", "Bo", "Deng", "11-7 11-5 11-3").output
    assert out == "Match 14 recorded: Bo – Deng 11-7 11-5 11-3, Bo wins.\n"
    log = podium(drawn, "log", "--json").output
    assert '"result": "7-11 5-11 3-11"' in log


def test_walkover_names_the_winner(drawn, podium):
    """-:+ is a walkover for the second side named (Podium's forfeit notation: + for the side that was there)."""
    out = podium(drawn, "result", "ms", "6", "-:+").output
    assert out == "Match 6 recorded: Alan – Bo -:+, Bo wins by walkover.\n"


def test_correction_names_both_sides(drawn, podium):
    podium(drawn, "result", "ms", "1", "11-7 11-5 11-3")
    out = podium(drawn, "correct", "ms", "Fu", "Alan", "11-9 11-9 11-9", "--reason", "entered the wrong way round").output
    assert out == "Match 1 corrected: Fu – Alan 11-9 11-9 11-9, Fu wins.\n"


def test_one_argument_too_many_is_said(drawn, podium):
    """``6 "11-9 11-7 11-5" extra``: a match number, then two arguments — not an unknown entrant '6'."""
    before = (drawn / "meet.sqlite").read_bytes()
    refused = podium(drawn, "result", "ms", "6", "11-9 11-7 11-5", "extra", ok=False)
    assert refused.exit_code == 2
    assert refused.output == (
        "Error: Match 6 is named by its number, so only its result follows it; 'extra' is one argument too many.\n"
    )
    assert (drawn / "meet.sqlite").read_bytes() == before


def test_a_bib_that_is_also_a_match_number_still_names_the_entrant(drawn, podium):
    """Bibs 1–6 are also match numbers: ``1 4 SCORE`` names Alan (bib 1) and Deng (bib 4), match 11 (Alan–Deng)."""
    out = podium(drawn, "result", "ms", "1", "4", "11-3 11-3 11-3").output
    assert out == "Match 11 recorded: Alan – Deng 11-3 11-3 11-3, Alan wins.\n"
