"""The table-tennis rule options of an event, stage or round, and the rule lines printed on a score sheet.

Options that change what a valid result is (``best_of``, ``game_points``, ``tie``…)
are checked on every result. Options of play — service rotation, time-outs, ends,
rest, the expedite system, the lateness limit — are printed on the score sheet for
the umpire and are not validated point by point. Where the event plans disagree the
default is the ITTF law and the option names the plan (docs/sources.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from podium.api import N_, Option, _


def tie_problem(value: Any) -> str | None:
    """Validator of the ``tie`` option (:func:`.orders.tie_problem`); the order grammar is loaded when a
    ``tie`` is given, not whenever the options are declared."""
    from podium.plugins.table_tennis.orders import tie_problem as problem

    return problem(value)


OPTIONS = (
    Option("best_of", int, 5, N_("Games per match (per rubber in a team tie): best of 1, 3, 5 or 7"), choices=(1, 3, 5, 7),
           source="ITTF 2.12; table-tennis plan 1 §6(2), plan 2 §5.3, plan 4, plan 6 §7(1), plan 7 §4 (best of 1, 3, 5 or 7)"),
    Option("game_points", int, 11, N_("Points that win a game: 11, or 21 for old-style events"), choices=(11, 21),
           source="ITTF 2.11.1"),
    Option("games_only", bool, False, N_("Accept a result given only as games won, e.g. 3:1"),
           source="ITTF 2.12 (a match is won by games)"),
    Option("walkover_in_ratios", bool, False,
           N_("Count a walkover in the games and points ratios as won to nil (every needed game 11:0); "
           "by default a walkover adds no games or points"),
           source="table-tennis plan 1 §6(2) (a walkover is recorded as 11:0)"),
    Option("composition", str, "open", N_("Who may enter: open, men, women, or mixed (a pair is one man and one woman; "
           "a team has at least one of each)"), choices=("open", "men", "women", "mixed"),
           source="table-tennis plan 1 §6(2) (mixed doubles), plan 6 §6, §7(3) (free pairing)"),
    Option("tie", str, "ittf", N_("Team tie order: ittf, five_singles, or an order like \"A-X, B-Y, A+B-X+Y, A-Y, B-X\""),
           source="table-tennis rules summary §5 (ittf); table-tennis plan 6 §7(3) (five_singles)", validator=tie_problem),
    Option("play_all_rubbers", bool, False, N_("Play every rubber of a tie even after a team has won the majority"),
           source="ITTF 3.7 team match procedure; table-tennis plan 6 §7(3) leaves it open"),
    Option("substitutions", bool, False, N_("Reserves may be named in a tie's line-up"),
           source="table-tennis plan 6 §9.3 (no change of players during the competition)"),
    Option("service", str, "2-1", N_("Service rotation: 2-1 = every 2 points, every point from 10-10 (ITTF); "
           "5-2 = every 5 points, every 2 from 10-10 (local variant)"), choices=("2-1", "5-2"),
           source="ITTF 2.13.3; table-tennis plan 2 §6.5(2)"),
    Option("timeouts", int, 1, N_("Time-outs per side (0 = none)"), minimum=0, maximum=5,
           source="ITTF 3.4.4.2 (one per match); table-tennis plan 2 §6.5(4) (one per game), plan 3 §7.2 (three per match)"),
    Option("timeout_per", str, "match", N_("Time-outs are counted per match or per game"), choices=("match", "game"),
           source="ITTF 3.4.4.2; table-tennis plan 2 §6.5(4)"),
    Option("timeout_seconds", int, 60, N_("Longest time-out, in seconds"), minimum=10, maximum=300,
           source="ITTF 3.4.4.2; table-tennis plan 2 §6.5(4) (30 s), plan 3 §7.2 (60 s)"),
    Option("end_change_at", int, 5, N_("Points at which the ends change in the last possible game (0 = no change)"),
           minimum=0, maximum=20, source="ITTF 2.13.6; table-tennis plan 6 §7"),
    Option("rest_seconds", int, 60, N_("Longest rest between games, in seconds"), minimum=0, maximum=600,
           source="ITTF 3.4.4.1; table-tennis plan 2 §6.5(4) (2 minutes)"),
    Option("expedite", bool, True, N_("The expedite system after 10 minutes of a game"), source="ITTF 2.15"),
    Option("lateness_minutes", int, 10, N_("Minutes late after which a side loses by walkover"), minimum=0, maximum=120,
           source="table-tennis plan 1 §6(2) (5 minutes), plan 2 §6.4 (10 minutes), plan 6 §9.2"),
)
"""Every option a table-tennis event, stage (``rules``) or round (``round_rules``) may set."""


def sheet_notes(rules: Mapping[str, Any]) -> list[str]:
    """The rules of play for the umpire, one sentence each, in the current language (printed on the score sheet)."""
    target, best_of = rules["game_points"], rules["best_of"]
    deuce = target - 1
    notes = [
        _("Games to {target}; at {deuce}-{deuce} the first to lead by 2 points wins (ITTF 2.11.1).").format(target=target, deuce=deuce),
        _("Best of {best_of}: the first to win {need} games wins the match (ITTF 2.12).").format(best_of=best_of, need=best_of // 2 + 1),
    ]
    if rules["service"] == "5-2":
        notes.append(_("Service changes every 5 points, and every 2 points from {deuce}-{deuce} (local rule, table-tennis plan 2 §6.5(2)).").format(deuce=deuce))
    else:
        notes.append(_("Service changes every 2 points, and every point from {deuce}-{deuce} (ITTF 2.13.3).").format(deuce=deuce))
    if rules["end_change_at"]:
        notes.append(
            _("Ends change after each game and when a side first reaches {points} points in the last possible game (ITTF 2.13.6).").format(
                points=rules["end_change_at"]
            )
        )
    else:
        notes.append(_("Ends change after each game."))
    notes.append(_("Rest between games: up to {seconds} seconds (ITTF 3.4.4.1).").format(seconds=rules["rest_seconds"]))
    if rules["timeouts"]:
        timeouts = (
            _("Time-outs: {count} per match for each side, up to {seconds} seconds each (ITTF 3.4.4.2).")
            if rules["timeout_per"] == "match"
            else _("Time-outs: {count} per game for each side, up to {seconds} seconds each (ITTF 3.4.4.2).")
        )
        notes.append(timeouts.format(count=rules["timeouts"], seconds=rules["timeout_seconds"]))
    else:
        notes.append(_("No time-outs."))
    if rules["expedite"]:
        notes.append(_("The expedite system starts after 10 minutes of a game unless both sides have at least 9 points (ITTF 2.15)."))
    notes.append(
        _("A side more than {minutes} minutes late loses by walkover (recorded as a walkover, not as {target}:0 games).").format(
            minutes=rules["lateness_minutes"], target=target
        )
    )
    if rules.get("kind") == "team":
        from podium.plugins.table_tennis.orders import tie_format

        fmt = tie_format(rules["tie"])
        if rules["play_all_rubbers"]:
            notes.append(_("Tie order: {order}; all {count} rubbers are played.").format(order=fmt.label(), count=len(fmt.order)))
        else:
            notes.append(
                _("Tie order: {order}; the tie ends when a team has won {need} rubbers.").format(order=fmt.label(), need=fmt.majority)
            )
        if rules["tie"] == "ittf":
            notes.append(
                _("The doubles pair is named after rubber 2; an A/B or X/Y player who plays the doubles plays no later singles (table-tennis rules summary §5 (5)).")
            )
        if not rules["substitutions"]:
            notes.append(_("No substitutions: only the registered players play (table-tennis plan 6 §9.3)."))
    return notes
