"""Swiss-system pairing (积分编排制) by maximum-weight matching.

CXA 2011 §12.3 hands Swiss colours to Appendix 2 (定位编排法), which the copy
of the rules Podium follows does not contain, and Weiqi 2002 Art. 26 asks only that entrants with equal
or similar scores meet. This engine therefore follows the principles tournament
directors know from the FIDE Dutch system, Swiss-Manager and OpenGotha. It is a
pure function of the standings: it pairs one round and scores nothing. The
sport scores the bye (a win under CXA 2011 §14.4).

Absolute criteria, never broken:

1. No rematch: two entrants who have met are never paired again.
2. At most one bye per entrant (CXA 2011 §14.4), and a bye only when the
   field is odd.
3. Colours: nobody gets the same colour three times running, and nobody's
   first-move and second-move counts differ by more than 2. This criterion
   alone is relaxed, as the last resort, when no pairing meets 1-3 together:
   the whole field is then paired as one bracket that breaks these two rules
   as few times as possible (each rule broken for one entrant counts once).

Quality criteria, in strict priority order:

4. Score groups are paired from the top down, each bracket (a score group plus
   the entrants floating into it) with as many pairs as possible (as FIDE
   Dutch C.5). Whoever stays unpaired floats down to the next bracket.
5. Score differences: in each bracket, minimise the sum of the squared
   distances, counted in score groups, between paired entrants, plus for each
   floater its squared distance to the next group. So floats are as short as
   possible, and floaters coming from higher groups are paired first.
6. The entrant who floats down, and the entrant who gets the bye, is the
   lowest one in the standings (lowest score, then lowest ranked).
7. Colour preferences: minimise the number of entrants who do not get the
   colour they prefer, then the number of strong preferences missed. An
   entrant who has had one colour more often strongly prefers the other; with
   equal counts they mildly prefer the colour they did not have last.
8. Order inside a score group: the top half meets the bottom half (1 v n/2+1,
   2 v n/2+2, ...), and floaters meet the top of the group they float into.

Colours of a pair: the allocation that breaks fewer of criteria 3 and 7 wins;
on a tie the higher-placed entrant gets their preference; when neither has a
preference (round 1), the higher-placed entrant moves first on odd boards and
second on even boards (the Dutch system's initial-colour alternation).

Boards are ordered by the higher score of the pair, then the sum of the two
scores, then the higher-placed entrant. Round 1 needs no special case: everyone
is in one score group, so it pairs 1 v n/2+1, 2 v n/2+2, ... and the bye goes
to the lowest-ranked entrant.

Method: each bracket is one ``networkx.max_weight_matching`` with maximum
cardinality. Edge weights are integers that encode criteria 3 (when relaxed)
and 5-8 in tiers; each tier's multiplier exceeds the most the tiers below it can
add up to, so a higher criterion always wins. Entrants left unpaired are
matched to extra "unpaired" nodes, whose edges carry criteria 5 and 6.

A single score group (with its floaters) of more than ``FULL_GRAPH_LIMIT``
entrants is first matched on a sparse graph that links each entrant only to
those within ``WINDOW`` places of its ideal opponent. The complete graph is
used when the sparse one leaves a floater from above unpaired, or more
entrants than the bracket's parity. So in big brackets criteria 7-8 are
optimised within that window.

If the last bracket cannot be paired completely, it is merged with the score
group above and paired again, and so on up to the whole field as one bracket.
If even that fails, the whole field is matched once more with criterion 3
relaxed. Both use the complete graph and an exact maximum matching, so
``PairingImpossible`` is raised only when no pairing satisfies criteria 1 and
2, but on a big field these fallbacks are much slower than a normal round.

Not implemented: the Dutch criteria on repeated floats, and its colour rule
that looks back to the last round in which the two players' colours differed.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

import attrs
import networkx as nx

FIRST = 1
"""Colour code of the first mover (Red in xiangqi, White in chess, Black in weiqi)."""
SECOND = -1
"""Colour code of the second mover."""

WINDOW = 8
"""Places on either side of the ideal opponent that the sparse candidate graph links."""
FULL_GRAPH_LIMIT = 32
"""Brackets up to this size are always matched on the complete graph."""

_MILD, _STRONG, _ABSOLUTE = 1, 2, 3


def _check_colours(instance: SwissPlayer, attribute: attrs.Attribute, value: tuple[int, ...]) -> None:
    if any(colour not in (FIRST, SECOND) for colour in value):
        raise ValueError(f"{instance.id}: colours must be {FIRST} (first mover) or {SECOND}, got {value}")


@attrs.frozen
class SwissPlayer:
    """An entrant's standing before the round.

    ``rank`` orders entrants on equal scores (1 = strongest: the seed, or the
    current ranking). ``colours`` lists the games actually played, oldest
    first, as ``FIRST``/``SECOND``; byes and forfeits are left out.
    """

    id: str
    score: float
    rank: int
    opponents: frozenset[str] = attrs.field(default=frozenset(), converter=frozenset)
    colours: tuple[int, ...] = attrs.field(default=(), converter=tuple, validator=_check_colours)
    had_bye: bool = False


@attrs.frozen
class Pairing:
    """One round: ``pairs`` are (first mover, second mover), board 1 first."""

    pairs: tuple[tuple[str, str], ...]
    bye: str | None = None


class PairingImpossible(Exception):
    """No pairing avoids every rematch and gives the bye only to an entrant without one."""


@attrs.frozen
class _Entrant:
    """A player with what the pairing needs, computed once per round."""

    player: SwissPlayer
    order: int
    """Place in the standings, 0 = top (score, then rank)."""
    group: int
    """Score group, 0 = highest score."""
    preference: int
    """The colour wanted (``FIRST``/``SECOND``), 0 for none."""
    first_cost: tuple[int, int, int]
    """What moving first breaks: (absolute rules, preference, strong preference)."""
    second_cost: tuple[int, int, int]

    def cost(self, colour: int) -> tuple[int, int, int]:
        return self.first_cost if colour == FIRST else self.second_cost

    def can_meet(self, other: _Entrant) -> bool:
        return other.player.id not in self.player.opponents and self.player.id not in other.player.opponents


def _preference(colours: tuple[int, ...]) -> tuple[int, int]:
    """The colour an entrant wants and how strongly, as the FIDE Dutch system grades preferences."""
    if not colours:
        return 0, 0
    balance = sum(colours)
    if balance >= 2 or colours[-2:] == (FIRST, FIRST):
        return SECOND, _ABSOLUTE
    if balance <= -2 or colours[-2:] == (SECOND, SECOND):
        return FIRST, _ABSOLUTE
    if balance:
        return -balance, _STRONG
    return -colours[-1], _MILD


def _colour_cost(colours: tuple[int, ...], given: int) -> tuple[int, int, int]:
    """What giving ``given`` breaks: (absolute rules, preference, strong preference)."""
    absolute = (colours[-2:] == (given, given)) + (abs(sum(colours) + given) > 2)
    wanted, strength = _preference(colours)
    missed = wanted != 0 and given != wanted
    return absolute, int(missed), int(missed and strength >= _STRONG)


def _entrants(players: Sequence[SwissPlayer]) -> list[_Entrant]:
    ranked = sorted(players, key=lambda p: (-p.score, p.rank, p.id))
    scores = sorted({p.score for p in players}, reverse=True)
    group = {score: index for index, score in enumerate(scores)}
    return [
        _Entrant(
            player=p,
            order=order,
            group=group[p.score],
            preference=_preference(p.colours)[0],
            first_cost=_colour_cost(p.colours, FIRST),
            second_cost=_colour_cost(p.colours, SECOND),
        )
        for order, p in enumerate(ranked)
    ]


def _pair_colour_cost(a: _Entrant, b: _Entrant, a_gets: int) -> tuple[int, int, int]:
    x, y = a.cost(a_gets), b.cost(-a_gets)
    return x[0] + y[0], x[1] + y[1], x[2] + y[2]


def _best_colour_cost(a: _Entrant, b: _Entrant) -> tuple[int, int, int]:
    return min(_pair_colour_cost(a, b, FIRST), _pair_colour_cost(a, b, SECOND))


@attrs.frozen
class _Matched:
    """The result of matching one bracket."""

    pairs: list[tuple[_Entrant, _Entrant]]
    unpaired: list[_Entrant]
    """Entrants left without an opponent: they float down, or one gets the bye."""
    complete: bool
    """Whether every entrant has an opponent or one of the unpaired places."""


class _Bracket:
    """Entrants floating in (``carried``) plus one or more score groups, matched at once.

    An edge between two entrants weighs criteria 3 (when relaxed), 5, 7 and 8 in
    tiers. Entrants left unpaired are matched to extra "unpaired" nodes whose
    edges weigh criteria 5 and 6 for that entrant: every entrant is then covered,
    so the weight of those criteria is a fact about the unpaired entrants alone.
    """

    def __init__(self, carried: list[_Entrant], groups: list[list[_Entrant]], next_group: int, strict: bool):
        self.carried = carried
        self.groups = groups
        self.strict = strict
        self.members = carried + [e for g in groups for e in g]
        size = len(self.members)
        self.place = {e.order: place for place, e in enumerate(self.members)}
        self.next_group = next_group
        self.slot: dict[int, tuple[int, int]] = {e.order: (-1, a) for a, e in enumerate(carried)}
        self.half: list[int] = []
        for index, group in enumerate(groups):
            incoming = len(carried) if index == 0 else 0
            self.half.append(max(1, (len(group) - incoming) // 2))
            self.slot.update({e.order: (index, j) for j, e in enumerate(group)})
        edges = size  # a matching has at most one edge per entrant, counting unpaired places
        bounds = (  # lowest tier first: the lowest and highest value of one edge in that tier
            (-2 * size * size, 0),  # 8 split order
            (-2, 0),  # 7 strong preferences missed
            (-2, 0),  # 7 preferences missed
            (-size, 0),  # 6 the lowest-placed entrant floats or gets the bye
            (-(next_group**2), 0),  # 5 score differences
            (-4, 0),  # 3 absolute colour rules broken (relaxed pass only)
        )
        self.multipliers: list[int] = []
        scale = 1
        for low, high in bounds:
            self.multipliers.append(scale)
            scale *= (high - low) * edges + 1
        self.offset = -sum(m * low for m, (low, _) in zip(self.multipliers, bounds, strict=True))
        """Added to every edge so that weights are positive."""

    def _weigh(self, *tiers: int) -> int:
        """One edge weight from its tier values, lowest tier first (as in ``bounds``)."""
        return self.offset + sum(m * t for m, t in zip(self.multipliers, tiers, strict=True))

    def split_cost(self, a: _Entrant, b: _Entrant) -> int:
        """Criterion 8: distance from the top-half/bottom-half pairing."""
        (ga, ja), (gb, jb) = self.slot[a.order], self.slot[b.order]
        if ga == gb == -1:
            return 0
        if ga == -1:
            return (jb - ja) ** 2
        if ga == gb:
            return (abs(jb - ja) - self.half[ga]) ** 2
        return (len(self.groups[ga]) - 1 - ja) ** 2 + jb**2

    def pair_weight(self, a: _Entrant, b: _Entrant) -> int | None:
        """The edge weight of pairing ``a`` (placed above) with ``b``, or None when they may not meet."""
        if not a.can_meet(b):
            return None
        absolute, missed, strong = _best_colour_cost(a, b)
        if absolute and self.strict:
            return None
        return self._weigh(
            -self.split_cost(a, b), -strong, -missed, 0, -((a.group - b.group) ** 2), -absolute
        )

    def unpaired_weight(self, e: _Entrant) -> int:
        """The edge weight of leaving ``e`` unpaired: it floats to the next group (or to the bye)."""
        return self._weigh(
            0, 0, 0, self.place[e.order] - len(self.members), -((self.next_group - e.group) ** 2), 0
        )

    def candidates(self, window: int | None) -> Iterable[tuple[_Entrant, _Entrant]]:
        """Pairs to link: all of them, or those near each entrant's ideal opponent."""
        if window is None:
            yield from itertools.combinations(self.members, 2)
            return
        (group,) = self.groups
        half = self.half[0]
        yield from itertools.combinations(self.carried, 2)
        for a, floater in enumerate(self.carried):
            yield from ((floater, e) for e in group[max(0, a - window) : a + window + 1])
        for i, e in enumerate(group):
            yield from ((e, other) for other in group[max(i + 1, i + half - window) : i + half + window + 1])

    def match(self, window: int | None, spare: int, bye: bool) -> _Matched:
        """Maximum-weight maximum-cardinality matching with ``spare`` unpaired places.

        With ``bye`` the unpaired place is the bye: only entrants without one may take it.
        """
        graph = nx.Graph()
        for a, b in self.candidates(window):
            weight = self.pair_weight(a, b)
            if weight is not None:
                graph.add_edge(a.order, b.order, weight=weight)
        for e in self.members:
            if not (bye and e.player.had_bye):
                weight = self.unpaired_weight(e)
                graph.add_weighted_edges_from((e.order, -place, weight) for place in range(1, spare + 1))
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        by_order = {e.order: e for e in self.members}
        pairs = [(by_order[u], by_order[v]) for u, v in matching if u >= 0 and v >= 0]
        paired = {e.order for pair in pairs for e in pair}
        return _Matched(
            pairs=pairs,
            unpaired=[e for e in self.members if e.order not in paired],
            complete=len(matching) == (len(self.members) + spare) // 2,
        )

    def pair(self, last: bool) -> _Matched | None:
        """Pair the bracket; None when it is the last one and cannot pair everyone (the bye aside)."""
        parity = len(self.members) % 2
        if self.strict and len(self.groups) == 1 and len(self.members) > FULL_GRAPH_LIMIT:
            matched = self.match(WINDOW, parity, bye=last)
            if matched.complete and not {e.order for e in matched.unpaired} & {e.order for e in self.carried}:
                return matched
        matched = self.match(None, parity, bye=last)
        if last:
            return matched if matched.complete else None
        if not matched.complete:  # some cannot be paired here: choose who floats by criteria 5-6
            matched = self.match(None, len(matched.unpaired), bye=False)
        return matched


def _pair_groups(groups: list[list[_Entrant]]) -> _Matched | None:
    """Pair the score groups top-down, merging the last bracket upwards until it pairs completely."""
    done: list[tuple[_Entrant, _Entrant]] = []
    carried: list[_Entrant] = []
    states = []
    for index, group in enumerate(groups[:-1]):
        states.append((done, carried))
        matched = _Bracket(carried, [group], index + 1, strict=True).pair(last=False)
        done, carried = done + matched.pairs, matched.unpaired
    states.append((done, carried))
    for start in reversed(range(len(groups))):
        done, carried = states[start]
        matched = _Bracket(carried, groups[start:], len(groups), strict=True).pair(last=True)
        if matched is not None:
            return attrs.evolve(matched, pairs=done + matched.pairs)
    return None


def _board_key(pair: tuple[_Entrant, _Entrant]) -> tuple[float, float, int]:
    a, b = pair
    return (-max(a.player.score, b.player.score), -(a.player.score + b.player.score), min(a.order, b.order))


def _allocate(pair: tuple[_Entrant, _Entrant], board: int) -> tuple[str, str]:
    """The (first mover, second mover) ids of a pair on ``board`` (1-based)."""
    high, low = sorted(pair, key=lambda e: e.order)
    if _pair_colour_cost(high, low, FIRST) != _pair_colour_cost(high, low, SECOND):
        high_gets = min((FIRST, SECOND), key=lambda c: _pair_colour_cost(high, low, c))
    elif high.preference:
        high_gets = high.preference
    else:
        high_gets = FIRST if board % 2 else SECOND
    first, second = (high, low) if high_gets == FIRST else (low, high)
    return first.player.id, second.player.id


def _impossible(entrants: list[_Entrant], round_number: int) -> PairingImpossible:
    reasons = [
        f"{e.player.id} has met every other entrant"
        for e in entrants
        if len(entrants) > 1 and not any(e.can_meet(other) for other in entrants if other is not e)
    ]
    if len(entrants) % 2 and all(e.player.had_bye for e in entrants):
        reasons.append("the field is odd and every entrant has had a bye (one each, CXA 2011 §14.4)")
    detail = "; ".join(reasons) or "the entrants' past opponents leave no complete pairing"
    return PairingImpossible(
        f"Round {round_number}: no pairing of the {len(entrants)} entrants avoids a rematch "
        f"with at most one bye per entrant ({detail})."
    )


def _validate(players: Sequence[SwissPlayer], round_number: int) -> None:
    if round_number < 1:
        raise ValueError(f"round_number must be at least 1, got {round_number}")
    ids = [p.id for p in players]
    if len(set(ids)) != len(ids):
        raise ValueError(f"duplicate entrant ids: {sorted({i for i in ids if ids.count(i) > 1})}")
    for p in players:
        if len(p.colours) + p.had_bye > round_number - 1:
            raise ValueError(f"{p.id} has more games and byes than the {round_number - 1} rounds played")


def pair_round(players: Sequence[SwissPlayer], round_number: int) -> Pairing:
    """Pair round ``round_number`` of a Swiss (CXA 2011 §12.3, §14.4; Weiqi 2002 art. 26).

    ``players`` are the entrants still in the event (a withdrawn entrant is left
    out). ``round_number`` (from 1) only checks the input: nobody may have more
    games and byes than rounds played. The criteria and their priority are in
    the module docstring. Raises ``PairingImpossible`` when no pairing avoids a
    rematch with at most one bye per entrant (the colour rules alone are relaxed
    before that), and ``ValueError`` for inconsistent input.
    """
    _validate(players, round_number)
    if not players:
        return Pairing(pairs=())
    entrants = _entrants(players)
    groups = [list(g) for _, g in itertools.groupby(entrants, key=lambda e: e.group)]
    matched = _pair_groups(groups) or _Bracket([], groups, len(groups), strict=False).pair(last=True)
    if matched is None:
        raise _impossible(entrants, round_number)
    boards = sorted(matched.pairs, key=_board_key)
    return Pairing(
        pairs=tuple(_allocate(pair, board) for board, pair in enumerate(boards, start=1)),
        bye=matched.unpaired[0].player.id if matched.unpaired else None,
    )
