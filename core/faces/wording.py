"""How faces word the codes of view models in the current language: a side not known yet, a round, a place,
a mark, who plays in a row of the order of play, an explanation.

The CLI and the printed documents word them alike; a view model carries codes (:mod:`podium.views`), and
these functions are the one place that turns them into words.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from podium.formats.base import round_title as match_round_title
from podium.formats.measured import round_title as heat_round_title
from podium.i18n import N_, Label, _, ngettext
from podium.journal.stages import reading
from podium.model.entrants import BYE
from podium.model.outcomes import Outcome, OutcomeKind
from podium.sportsday.awards import MEDAL_TITLES
from podium.views.matches import Ending

if TYPE_CHECKING:
    from podium.model.matches import MatchContext
    from podium.model.sports import Sport
    from podium.views.answers import RecordedResult
    from podium.views.matches import MatchView, Reading, SideSource
    from podium.views.schedule import PlanItem
    from podium.views.standings import Explanation, TeamRankingView, Value

HEAT_NAMES = 5
"""A heat of at most this many entrants is shown with their names; a bigger one as "N entrants"."""

ENDINGS = {
    Ending.WALKOVER: N_("walkover"),
    Ending.RETIRED: N_("retired"),
    Ending.DRAW: N_("a draw"),
    Ending.DOUBLE_FORFEIT: N_("neither side played"),
    Ending.BOTH_LOSE: N_("both sides lose"),
    Ending.NO_RESULT: N_("no result"),
    Ending.BYE: N_("bye"),
}
"""The words of how a match ended when it was not simply won at play."""

NO_WINNER = {
    OutcomeKind.DOUBLE_FORFEIT: ENDINGS[Ending.DOUBLE_FORFEIT],
    OutcomeKind.BOTH_LOSE: ENDINGS[Ending.BOTH_LOSE],
    OutcomeKind.NO_RESULT: ENDINGS[Ending.NO_RESULT],
}
"""The words of a match that ended without a winner other than by a draw."""


def place(place: int | None, shared: bool) -> str:
    """A place as standings show it: ``3``, or ``3=`` when shared; empty when unplaced."""
    if place is None:
        return ""
    return f"{place}=" if shared else str(place)


def source(found: SideSource | None) -> str:
    """Where a side not known yet comes from: "winner of #12", "loser of #12", "A1"; "to be decided" otherwise."""
    if found is None:
        return _("to be decided")
    if found.kind == "place":
        return _("{group}{place}").format(group=found.group or "", place=found.place)
    number = found.number if found.number is not None else found.match
    label = _("winner of #{number}") if found.kind == "winner" else _("loser of #{number}")
    return label.format(number=number)


def side(name: str | None, entrant: str | None, found: SideSource | None) -> str:
    """One side of a match: the entrant's name, a bye, or where it will come from."""
    if name is not None:
        return name
    if entrant == BYE:
        return _("bye")
    return source(found)


def sides(match: MatchView) -> tuple[str, str]:
    """The two sides of ``match`` as shown."""
    first, second = (side(match.names[i], match.sides[i], match.sources[i]) for i in (0, 1))
    return first, second


def result(outcome: Outcome) -> str:
    """A match's result as a reader reads it, from its first side (:func:`read`)."""
    return read(reading(outcome))


def read(found: Reading | None, side: int | None = 0) -> str:
    """A match's result as a reader reads it, from side ``side`` (0 or 1; ``None`` reads from the first): the score
    (``3:1``, a team tie's rubbers; a game's ``1:0``, ``+:−`` a walkover by the CXA 2011 §20.3 marks) and, when
    the match was not simply won, how it ended in words: ``3:1 retired``, ``+:− walkover``, ``a draw``,
    ``2:2 a draw``, ``no result``; empty without a result. A bracket reads it from the winner's side, under the
    winner's name: a second side's win 3 games to 1 is ``3:1`` there, not ``1:3``."""
    if found is None:
        return ""
    how = _(ENDINGS[found.ending]) if found.ending is not None else ""
    if found.scores is None:
        return how
    shown = found.scores[side or 0]
    return f"{shown} {how}" if how else shown


def worded_result(sport: Sport, text: str, ctx: MatchContext) -> str:
    """A result entered as ``text`` (the sport's canonical form, of the match in ``ctx``) as a reader reads it in the
    current language, worded by the sport (:meth:`~podium.model.sports.Sport.describe_result`): ``1:0（困毙）`` for
    ``1-0 stalemate`` in Chinese. ``podium matches`` shows it; ``--json`` keeps ``text``. A swiss bye kept as a
    result reads "bye"."""
    if text == BYE:
        return _("bye")
    return sport.describe_result(text, ctx)


def round_name(name: str | None, number: int, *, heat: bool = False) -> str:
    """A round as users read it: a heat's round ("heats", "final", "round 2"), or a match's ("quarter-final",
    "round of 16"), else its number."""
    if heat:
        return heat_round_title(name or "")
    return match_round_title(name) or str(number)


def who(item: PlanItem) -> tuple[str, str] | str:
    """Who plays a match or heat of the order of play: a match's two sides, or one line (a heat's entrants, or
    whoever an earlier stage or round will decide)."""
    if item.ahead is not None:
        return _("entrants decided by stage '{stage}'").format(stage=item.ahead_title.get() if item.ahead_title else item.ahead)
    if item.kind == "heat":
        names = [n or "" for n in item.names]
        if not names:
            return _("entrants decided by the round before")
        if len(names) > HEAT_NAMES:
            return item.entrant_kind.counted(len(names))
        return _(", ").join(names)
    first, second = (side(item.names[i], None, item.sources[i]) for i in (0, 1))
    return first, second


def who_line(item: PlanItem) -> str:
    """:func:`who` in one line (a match's sides joined by a dash)."""
    found = who(item)
    return found if isinstance(found, str) else " – ".join(found)


def plan_phase(item: PlanItem) -> str:
    """The phase of a match or heat of the order of play: the stage (when the event has several) and the round
    (``Groups · Round 2``, ``heats``)."""
    stage = [item.stage_title.get()] if item.stage_title is not None else []
    if item.kind == "heat":
        name = heat_round_title(item.round_name or "")
    else:
        name = match_round_title(item.round_name) or _("Round {number}").format(number=item.round)
    return " · ".join(p for p in (*stage, name) if p)


def plan_round(item: PlanItem) -> str:
    """The round of a match or heat as printed lines name it: the phase with the group or the heat's place in its
    round (``Groups · Group A · Round 2``, ``heats · heat 3``)."""
    phase = plan_phase(item)
    if item.kind == "heat":
        return " · ".join((phase, _("heat {number}").format(number=item.heat))) if item.heat is not None else phase
    if item.group:
        stage = [item.stage_title.get()] if item.stage_title is not None else []
        name = match_round_title(item.round_name) or _("Round {number}").format(number=item.round)
        return " · ".join(p for p in (*stage, _("Group {name}").format(name=item.group), name) if p)
    return phase


def unofficial(open_events: int) -> str:
    """The mark on the medal and points tables while events are open: "Unofficial — 3 events not decided"."""
    return ngettext("Unofficial — {count} event not decided", "Unofficial — {count} events not decided", open_events).format(
        count=open_events
    )


def mark(text: str | None, still_in: bool) -> str:
    """A mark as shown: its value or status (in words: 弃权 for DNS in Chinese), or "still in" for an entrant still
    standing in an elimination game."""
    if still_in:
        return _("still in")
    return status(text) if text else ""


def attempt(text: str) -> str:
    """One attempt as shown: a value, a status (in words), or "winner" (the last one standing)."""
    return _("winner") if text == "winner" else status(text)


def status(text: str) -> str:
    """A status code a mark shows (``DNS``, ``NM``) in the words of the current language (弃权, 无有效成绩); any other
    text, a value or a trial's symbol (``X``), as it is. The statuses are loaded here, for measured events only."""
    from podium.measure.performance import status_shown

    return status_shown(text)


def medal(code: str | None) -> str:
    """A medal by name ("gold"); empty without one."""
    return _(MEDAL_TITLES[code]) if code else ""


def value(found: Value) -> object:
    """A tie-break value as shown: a number or text as it is, values board by board as a list (``[2, 1]``)."""
    return list(found) if isinstance(found, tuple) else found


def explanation(line: Explanation) -> str:
    """Why one entrant is above the next: "Ann above Bo: games ratio among the tied 3/2 vs 1"."""
    return _("{upper} above {lower}: {label} {a} vs {b}").format(
        upper=line.upper, lower=line.lower, label=line.label.get(), a=value(line.upper_value), b=value(line.lower_value)
    )


def names(found: Iterable[str | Label]) -> str:
    """Names (texts, or labels shown in the current language) in a list of the current language: ``A, B`` in English,
    ``A、B`` in Chinese."""
    return _(", ").join(item.get() if isinstance(item, Label) else item for item in found)


def team_notes(view: TeamRankingView) -> list[str]:
    """What a reader of a team ranking should know: units compared on different numbers of players, or short of
    the number that counts (CXA 2011 §11.5)."""
    notes = []
    counts = sorted({row.players for row in view.rows})
    if view.count is None and len(counts) > 1:
        notes.append(
            _("Units have {low} to {high} players who count; set count in [events.{event}.team_ranking] to compare the same number of each.").format(
                low=counts[0], high=counts[-1], event=view.event
            )
        )
    short = [row.unit_name for row in view.rows if view.count is not None and row.players < view.count]
    if short:
        notes.append(
            _("Fewer than {count} placed players, ranked after the units with {count}: {units}.").format(count=view.count, units=names(short))
        )
    return notes


def confirmation(done: RecordedResult) -> str:
    """What ``podium result`` and ``correct`` (and the web's result form) answer: the match, both sides and the result in the order the user typed
    them, and who won."""
    first, second = done.typed_names
    outcome = done.typed_outcome
    kind = outcome.kind
    if outcome.winner is not None:
        winner, loser = done.typed_names[outcome.winner], done.typed_names[1 - outcome.winner]
        if kind is OutcomeKind.FORFEIT:
            verdict = _("{name} wins by walkover").format(name=winner)
        elif kind is OutcomeKind.RETIRED:
            verdict = _("{name} wins, {loser} retired").format(name=winner, loser=loser)
        else:
            verdict = _("{name} wins").format(name=winner)
    elif kind is OutcomeKind.PLAYED and outcome.shares[0] != outcome.shares[1]:  # e.g. a checkers deadlock, 0.75 to 0.25
        verdict = _("shared {first:g} to {second:g}").format(first=outcome.shares[0], second=outcome.shares[1])
    else:
        verdict = _(NO_WINNER[kind]) if kind in NO_WINNER else _("a draw")
    shown = done.worded.get() if done.worded is not None else done.typed
    if shown.startswith(verdict):  # the sport's words already say it (和棋（议和）): not "和棋（议和），和棋"
        message = (
            _("Match {number} corrected: {first} – {second} {result}.") if done.corrected
            else _("Match {number} recorded: {first} – {second} {result}.")
        )
    else:
        message = (
            _("Match {number} corrected: {first} – {second} {result}, {verdict}.") if done.corrected
            else _("Match {number} recorded: {first} – {second} {result}, {verdict}.")
        )
    return message.format(number=done.number, first=first, second=second, result=shown, verdict=verdict)
