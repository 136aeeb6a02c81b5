"""One round of the Dutch system: brackets from the top scoregroup down, the bye, colours and boards.

FIDE C.04.3 art. 1.9: the round is paired bracket by bracket from the top
scoregroup down; a bracket's downfloaters join the next one. Before the first
bracket the lowest score that can take the pairing-allocated bye is fixed ([C5]),
and every bracket keeps the rest of the round completable ([C4]).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from podium.formats.dutch.bracket import Bracket, BracketResult, RoundContext, _Unpairable
from podium.formats.dutch.colours import ABSOLUTE, allocate
from podium.formats.dutch.entrants import Entrant
from podium.formats.dutch.matching import max_weight_matching
from podium.formats.dutch.model import (
    FIRST,
    SECOND,
    BracketReport,
    Floater,
    Pairing,
    PairingImpossible,
    SwissPlayer,
    validate,
)


def pair_round(
    players: Sequence[SwissPlayer],
    round_number: int,
    *,
    rounds: int | None = None,
    win: float = 1.0,
    initial: int = FIRST,
    explain: bool = False,
) -> Pairing:
    """Pair round ``round_number`` of a Swiss by the FIDE Dutch system (C.04.3, 2025 rules).

    ``players`` are those still in the event; ``rounds`` is the number of rounds
    of the event (the final round has topscorers, art. 1.8); ``win`` the points of
    a win (the maximum score is ``win`` per round played); ``initial`` the initial
    colour (art. 5.1). With ``explain`` each bracket's floaters carry the criterion
    that chose them. Raises ``PairingImpossible`` when no pairing avoids a rematch
    with the bye to an eligible player ([C1], [C2]); when only the colour rule [C3]
    stands in the way it is relaxed, as few times as possible, and the pairing says so.
    """
    validate(players, round_number, rounds)
    if not players:
        return Pairing(pairs=())
    final = rounds is not None and round_number == rounds and round_number > 1
    half = (round_number - 1) * win / 2
    ranked = sorted(players, key=lambda p: (-p.score, p.rank))
    entrants = [Entrant(p, order, round_number, final and p.score > half) for order, p in enumerate(ranked)]
    for relaxed in (False, True):
        bye_score = _bye_score(entrants, relaxed)
        if bye_score is not False:
            break
    else:
        raise _impossible(entrants, round_number)
    ctx = RoundContext(
        final=final, initial=initial, bye_score=bye_score if len(entrants) % 2 else None, relaxed=relaxed  # type: ignore[arg-type]
    )
    groups = [list(g) for _, g in itertools.groupby(entrants, key=lambda e: e.score)]
    carried: list[Entrant] = []
    results: list[tuple[float, list[Entrant], BracketResult, str | None]] = []
    start = 0
    for index, group in enumerate(groups):
        start += len(group)
        lower = entrants[start:]
        members = carried + group
        result, lookahead = _pair_bracket(members, group[0].score, ctx, lower, groups[index + 1] if lower else [], explain)
        results.append((group[0].score, carried, result, lookahead))
        carried = list(result.floaters)
    pairs = [pair for _score, _carried, result, _l in results for pair in result.pairs]
    bye = carried[0] if carried else None
    boards = sorted(pairs, key=lambda pair: (-max(e.score for e in pair), -sum(e.score for e in pair), min(e.order for e in pair)))
    allocated = [_colours(pair, initial) for pair in boards]
    return Pairing(
        pairs=tuple((first.id, second.id) for first, second, _rule in allocated),
        bye=bye.id if bye else None,
        brackets=tuple(_report(score, carried_in, result, lookahead) for score, carried_in, result, lookahead in results),
        colour_rules=tuple(rule for _f, _s, rule in allocated),
        bye_score=ctx.bye_score,
        relaxed_colours=relaxed,
    )


def _pair_bracket(
    members: list[Entrant],
    score: float,
    ctx: RoundContext,
    lower: list[Entrant],
    next_group: list[Entrant],
    explain: bool,
) -> tuple[BracketResult, str | None]:
    """Pair a bracket, looking further down only when the plain pairing would need it ([C8], then [C4])."""
    last = not lower
    result = Bracket(members, score, ctx, last=last).pair(explain)
    if last:
        return result, None
    floaters = list(result.floaters)
    if not _completable(floaters + lower, ctx):
        return _with_lookahead(members, score, ctx, lower, next_group, explain), "C4"
    if floaters and not _next_bracket_ideal(floaters, next_group, lower, ctx):
        return _with_lookahead(members, score, ctx, lower, next_group, explain), "C8"
    return result, None


def _with_lookahead(
    members: list[Entrant], score: float, ctx: RoundContext, lower: list[Entrant], next_group: list[Entrant], explain: bool
) -> BracketResult:
    """Pair the bracket together with every player below it, so that the rest of the round can be completed ([C4])."""
    next_ids = frozenset(e.id for e in next_group)
    try:
        return Bracket(members, score, ctx, last=False, extras=lower, next_ids=next_ids, complete=True).pair(explain)
    except _Unpairable:  # the lower players were linked only to their neighbours: link them all
        bracket = Bracket(members, score, ctx, last=False, extras=lower, next_ids=next_ids, complete=True, all_edges=True)
        return bracket.pair(explain)


def _next_bracket_ideal(floaters: list[Entrant], group: list[Entrant], lower: list[Entrant], ctx: RoundContext) -> bool:
    """A quick proof that the next bracket can pair all ``floaters`` and all its residents but one, the round still complete.

    No choice of downfloaters can do better there ([C8] reads [C4], [C6] and
    [C7] of the next bracket), so [C8] has nothing to decide.
    """
    free = list(group)
    for floater in floaters:
        partner = next((e for e in free if _legal(floater, e, ctx.relaxed)), None)
        if partner is None:
            return False
        free.remove(partner)
    below = lower[len(group) :]  # the next scoregroup opens the players below
    if len(free) % 2 == 0:
        return _greedy(free, ctx.relaxed) and _completable(below, ctx)
    for out in reversed(free):
        if _greedy([e for e in free if e is not out], ctx.relaxed) and _completable([out] + below, ctx):
            return True
    return False


def _legal(a: Entrant, b: Entrant, relaxed: bool) -> bool:
    return a.can_meet(b) and (relaxed or not a.clashes(b))


def _completable(players: list[Entrant], ctx: RoundContext) -> bool:
    """[C4]: can ``players`` all be paired, but one who takes the bye (eligible, of the [C5] score)?"""
    return _complete(players, ctx.bye_score if len(players) % 2 else None, ctx.relaxed)


def _complete(players: list[Entrant], bye_score: float | None, relaxed: bool) -> bool:
    if not players:
        return True
    if _dense(players, bye_score, relaxed):
        return True
    if len(players) % 2:
        takers = [e for e in players if e.bye_ok and e.score == bye_score]
        if not takers:
            return False
        if _greedy([e for e in players if e is not takers[-1]], relaxed):
            return True
    elif _greedy(players, relaxed):
        return True
    return _exact(players, bye_score, relaxed)


def _dense(players: list[Entrant], bye_score: float | None, relaxed: bool) -> bool:
    """Dirac's theorem: when everyone may meet at least half of the others, they can all be paired.

    A player may not meet those already met nor, unless [C3] is relaxed, those with
    the same absolute colour preference. With an odd number, one eligible player of
    the bye's score is set aside first.
    """
    n = len(players) - len(players) % 2
    if n < 4:
        return False
    if len(players) % 2 and not any(e.bye_ok and e.score == bye_score for e in players):
        return False
    clash = 0
    if not relaxed:
        absolute = [e.pref for e in players if e.strength == ABSOLUTE and not e.top]
        clash = max(absolute.count(FIRST), absolute.count(SECOND))
    met = max(len(e.opponents) for e in players)
    return n - 1 - met - clash >= n / 2


def _greedy(players: list[Entrant], relaxed: bool) -> bool:
    """A quick proof that ``players`` can all be paired: each with the next one it may meet, repaired at the end."""
    used = [False] * len(players)
    pairs: list[tuple[Entrant, Entrant]] = []
    stuck: list[Entrant] = []
    for i, a in enumerate(players):
        if used[i]:
            continue
        used[i] = True
        for j in range(i + 1, len(players)):
            if not used[j] and _legal(a, players[j], relaxed):
                used[j] = True
                pairs.append((a, players[j]))
                break
        else:
            stuck.append(a)
    while len(stuck) >= 2:
        a, b = stuck.pop(), stuck.pop()
        if _legal(a, b, relaxed):
            continue
        for index, (x, y) in enumerate(pairs):
            if _legal(a, x, relaxed) and _legal(y, b, relaxed):
                pairs[index] = (a, x)
                pairs.append((y, b))
                break
            if _legal(a, y, relaxed) and _legal(x, b, relaxed):
                pairs[index] = (a, y)
                pairs.append((x, b))
                break
        else:
            return False
    return not stuck


def _exact(players: list[Entrant], bye_score: float | None, relaxed: bool) -> bool:
    """Whether a perfect matching exists (with a bye node when the number is odd): a maximum matching decides."""
    n = len(players)
    edges = [(i, j, 1) for i, j in itertools.combinations(range(n), 2) if _legal(players[i], players[j], relaxed)]
    if n % 2:
        edges += [(i, n, 1) for i, e in enumerate(players) if e.bye_ok and e.score == bye_score]
    return 2 * len(max_weight_matching(n + n % 2, edges, n.bit_length() + 1, max_cardinality=True)) == n + n % 2


def _bye_score(entrants: list[Entrant], relaxed: bool) -> float | None | bool:
    """[C5]: the lowest score whose player can take the bye with the rest still paired; False when none can."""
    if len(entrants) % 2 == 0:
        return None if _complete(entrants, None, relaxed) else False
    for score in sorted({e.score for e in entrants if e.bye_ok}):
        if _complete(entrants, score, relaxed):
            return score
    return False


def _colours(pair: tuple[Entrant, Entrant], initial: int) -> tuple[Entrant, Entrant, str]:
    """(first mover, second mover, rule of art. 5.2) for a pair."""
    higher, lower = sorted(pair, key=lambda e: e.order)
    colour, rule = allocate(higher.colours, lower.colours, higher.tpn, initial)
    return (higher, lower, rule) if colour == FIRST else (lower, higher, rule)


def _report(score: float, carried: list[Entrant], result: BracketResult, lookahead: str | None) -> BracketReport:
    ids = {e.id for e in carried}
    members = [e for pair in result.pairs for e in pair] + list(result.floaters)
    residents = sorted((e for e in members if e.id not in ids), key=lambda e: e.order)
    reasons = result.floater_reasons or ("",) * len(result.floaters)
    return BracketReport(
        score=score,
        residents=tuple(e.id for e in residents),
        moved_down=tuple(e.id for e in carried),
        pairs=tuple((a.id, b.id) for a, b in result.pairs),
        floaters=tuple(Floater(e.id, reason) for e, reason in zip(result.floaters, reasons, strict=True)),
        first_candidate_perfect=result.first_perfect,
        decided_by=result.decided_by,
        exchanged=(tuple(e.id for e in result.exchanged[0]), tuple(e.id for e in result.exchanged[1])),
        lookahead=lookahead,
    )


def _impossible(entrants: list[Entrant], round_number: int) -> PairingImpossible:
    reasons = [
        f"{e.id} has met every other entrant"
        for e in entrants
        if len(entrants) > 1 and not any(e.can_meet(other) for other in entrants if other is not e)
    ]
    if len(entrants) % 2 and all(not e.bye_ok for e in entrants):
        reasons.append("the field is odd and every entrant has had a bye (FIDE C.04.1 art. 4)")
    detail = "; ".join(reasons) or "the entrants' past opponents leave no complete pairing"
    return PairingImpossible(
        f"Round {round_number}: no pairing of the {len(entrants)} entrants avoids a rematch "
        f"with at most one bye per entrant ({detail})."
    )
