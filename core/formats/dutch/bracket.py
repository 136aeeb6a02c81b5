"""Pairing one bracket of the Dutch system: the best candidate by the criteria, the earliest in FIDE's order.

FIDE C.04.3 art. 3.8.1 takes the candidate that best satisfies the quality criteria
[C5]-[C21] in their order and, among equally good ones, the one generated first
by the sequence of art. 3-4 (subgroups S1/S2, transpositions of S2, resident
exchanges, sets of moved-down players). The annotated rules allow any method
that gives the same result. This module finds it in two steps:

1. The best value of the criteria: one maximum-weight matching whose edge
   weights hold the criteria as bit fields, highest criterion in the highest
   bits (as bbpPairings does), so a heavier matching is a better candidate.
2. The earliest candidate with that value, decision by decision in the order of
   art. 4: the set of moved-down players paired (art. 4.4, smallest differing
   BSN first), then their opponents (the transposition of S2, art. 4.2), the
   resident exchange of the remainder (art. 4.3) and the remainder's
   transposition. Each decision takes the earliest option that can still reach
   the best value; a matching with that option imposed answers "can it", unless
   a swap of two pairs in the current best candidate already proves it.

Moved-down players (MDPs) are only paired with residents (art. 3.3.3). A bracket
may carry lower players (``extras``): the next scoregroup, to choose the
downfloaters by [C8], or every player below, to keep the round completable
([C4], which also keeps the bye for a player of the lowest possible score, [C5]).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence

import attrs

from podium.formats.dutch.colours import ABSOLUTE, STRONG, allocate, breaks_difference, breaks_repetition
from podium.formats.dutch.entrants import Entrant
from podium.formats.dutch.matching import RUSTWORKX_BITS, max_weight_matching

FULL_GRAPH_LIMIT = 48
"""Brackets up to this size link every two players; larger ones link each player to those near its natural opponent."""
WINDOW = 8
"""In a larger bracket, the places on either side of a player's natural opponent that are linked."""
EXCHANGE_LIMIT = 400
"""Most resident exchanges tried in one remainder before the best candidate's own exchange is kept."""


@attrs.frozen
class RoundContext:
    """What every bracket of the round needs to know."""

    final: bool
    """Pairing the final round: topscorers exist (art. 1.8) and [C10], [C11] apply."""
    initial: int
    """The initial colour (art. 5.1)."""
    bye_score: float | None
    """The score the bye must go to, lowest possible by [C5]; None when the round has no bye."""
    relaxed: bool = False
    """[C3] relaxed: no pairing meets [C1]-[C3] and the arbiter decides (art. 1.9.3)."""


@attrs.frozen
class BracketResult:
    """Pairs made in the bracket (higher-ranked player first), the downfloaters, and what explains them."""

    pairs: tuple[tuple[Entrant, Entrant], ...]
    floaters: tuple[Entrant, ...]
    first_perfect: bool
    decided_by: str | None
    exchanged: tuple[tuple[Entrant, ...], tuple[Entrant, ...]]
    floater_reasons: tuple[str, ...] = ()


Pairs = list[tuple[int, int]]


class Bracket:
    """A bracket (MDPs, then residents, in the order of art. 1.2) ready to be matched.

    ``last``: the lowest bracket, whose unpaired player gets the bye. ``extras``:
    lower players carried for look-ahead; ``next_ids``: those of them in the next
    scoregroup ([C8]). ``complete``: every node must be matched ([C4]), with a bye
    node when the total is odd.
    """

    def __init__(
        self,
        members: Sequence[Entrant],
        resident_score: float,
        ctx: RoundContext,
        *,
        last: bool,
        extras: Sequence[Entrant] = (),
        next_ids: frozenset[str] = frozenset(),
        complete: bool = False,
        all_edges: bool = False,
    ):
        self.members = list(members)
        self.n = len(self.members)
        self.ctx = ctx
        self.last = last
        self.extras = list(extras)
        self.next_ids = next_ids
        self.complete = complete
        self.all_edges = all_edges
        """Link every two lower players, not only those near each other in the order."""
        self.resident_score = resident_score
        self.mdp = [e.score > resident_score for e in self.members]
        self.dummy = len(self.members) + len(self.extras) if complete and (self.n + len(self.extras)) % 2 else None
        self.nodes = self.n + len(self.extras) + (self.dummy is not None)
        self._layout()
        self._edges()

    # Layout of the weight: one field per criterion, highest first.

    def _layout(self) -> None:
        members, ctx, mdp = self.members, self.ctx, self.mdp
        self.bye_here = self.last and ctx.bye_score is not None and self.n % 2 == 1
        node: dict[str, list[int]] = {}
        order = ["req"]
        if self.bye_here:
            order.append("C5")
            node["C5"] = [int(not e.bye_ok or e.score != ctx.bye_score) for e in members]
        order.append("C6")
        node["C6"] = [1] * self.n
        scores = sorted({e.score for e in members}, reverse=True)
        if len(scores) > 1:
            for s in scores:
                order.append(f"C7:{s}")
                node[f"C7:{s}"] = [int(e.score == s) for e in members]
        if ctx.relaxed:
            order.append("C3")
        self.c8_levels: list[float] = []
        if self.extras and self.next_ids:
            self.c8_levels = sorted(
                {e.score for e in members} | {e.score for e in self.extras if e.id in self.next_ids}, reverse=True
            )
            order += ["C8a"] + [f"C8b:{s}" for s in self.c8_levels]
        if self.bye_here:
            order.append("C9")
            node["C9"] = [max(0, e.unplayed) for e in members]
        if ctx.final:
            order += ["C10", "C11"]
        order += ["C12", "C13", "C14", "C15", "C16", "C17"]
        node["C14"] = [int(not m and e.down1) for e, m in zip(members, mdp, strict=True)]
        node["C16"] = [int(not m and e.down2) for e, m in zip(members, mdp, strict=True)]
        sds = sorted({e.score - self.resident_score for e, m in zip(members, mdp, strict=True) if m}, reverse=True)
        any_up = {1: any(e.up1 for e in members), 2: any(e.up2 for e in members)}
        for name, back in (("C18", 1), ("C19", 1), ("C20", 2), ("C21", 2)):
            if name in ("C18", "C20"):
                downs = {e.score - self.resident_score for e, m in zip(members, mdp, strict=True) if m and (e.down1 if back == 1 else e.down2)}
                for sd in sorted(downs, reverse=True):  # floating on counts above any pair (art. 2.4.13, TEC annotation)
                    order.append(f"{name}:1:{sd}")
                    node[f"{name}:1:{sd}"] = [
                        int(m and e.score - self.resident_score == sd and (e.down1 if back == 1 else e.down2))
                        for e, m in zip(members, mdp, strict=True)
                    ]
                order += [f"{name}:0:{sd}" for sd in sorted(downs, reverse=True)]
            elif any_up[back]:
                order += [f"{name}:0:{sd}" for sd in sds]
        self.node_values = {name: values for name, values in node.items() if any(values)}
        self.pair_tiers = [t for t in order if t in ("C3", "C10", "C11", "C12", "C13", "C15", "C17") or ":0:" in t]
        # Each field holds the most a matching can add (node fields) or take away (pair fields) there.
        half = self.n // 2
        top = sum(e.top for e in members)
        strong = sum(e.strength >= STRONG for e in members)
        preferring = sum(e.pref != 0 for e in members)
        mdps = [e for e, m in zip(members, mdp, strict=True) if m]
        ups = {1: sum(e.up1 for e, m in zip(members, mdp, strict=True) if not m), 2: sum(e.up2 for e, m in zip(members, mdp, strict=True) if not m)}
        taken = {
            "C3": half,
            "C10": 2 * min(half, top),
            "C11": 2 * min(half, top),
            "C12": preferring // 2,
            "C13": strong // 2,
            "C15": min(len(mdps), ups[1]),
            "C17": min(len(mdps), ups[2]),
        }
        for name in self.pair_tiers:
            if ":0:" in name:
                criterion, _zero, sd = name.split(":")
                at = [e for e in mdps if e.score - self.resident_score == float(sd)]
                back = 1 if criterion in ("C18", "C19") else 2
                if criterion in ("C18", "C20"):
                    taken[name] = sum(e.down1 if back == 1 else e.down2 for e in at)
                else:
                    taken[name] = min(len(at), ups[back])
        scores_next = [e.score for e in self.extras if e.id in self.next_ids]
        ranges: list[tuple[str, int, int]] = []  # name, most added, most taken away
        for name in order:
            if name == "req":
                ranges.append((name, 2 * self.nodes + self.n, 0))
            elif name in self.node_values:
                ranges.append((name, sum(self.node_values[name]), 0))
            elif name in self.pair_tiers:
                ranges.append((name, 0, taken[name]))
            elif name == "C8a":
                ranges.append((name, self.nodes // 2, 0))
            elif name.startswith("C8b:"):
                level = float(name[4:])
                ranges.append((name, sum(e.score == level for e in members) + scores_next.count(level), 0))
        ranges = [r for r in ranges if r[1] or r[2] or r[0] == "req"]
        criteria_bits = 1
        for _name, added, lost in ranges:
            criteria_bits *= added + lost + 1
        self.soft = max(1, self.nodes // 2) * self.n * self.n
        self.half = self.n // 2
        self.lex_base = self.n - self.half + 1
        self.lex_positions = 0
        if not any(mdp) and not self.extras and self.n <= FULL_GRAPH_LIMIT:
            room = RUSTWORKX_BITS - 4 - criteria_bits.bit_length() - (self.soft + 1).bit_length()
            self.lex_positions = max(0, min(self.half, room // self.lex_base.bit_length()))
        ranges.append(("order", (self.lex_base**self.lex_positions) * (self.soft + 1), 0))
        self.tier_names = [name for name, _a, _t in ranges]
        self.ranges = {name: (added, lost) for name, added, lost in ranges}
        multipliers: dict[str, int] = {}
        scale = 1
        for name, added, lost in reversed(ranges):
            multipliers[name] = scale
            scale *= added + lost + 1
        self.multipliers = multipliers
        self.bits = scale.bit_length() + 1
        self.node_weight = [0] * self.n
        for name, values in self.node_values.items():
            if name in multipliers:
                unit = multipliers[name]
                self.node_weight = [w + unit * v for w, v in zip(self.node_weight, values, strict=True)]
        self.unit = multipliers["order"] * (ranges[-1][1] + 1)
        """Totals divided by this compare the criteria alone, without the order hint (the lowest field)."""
        self.windowed = self.n > FULL_GRAPH_LIMIT

    # Edges.

    def legal(self, a: Entrant, b: Entrant) -> bool:
        return a.can_meet(b) and (self.ctx.relaxed or not a.clashes(b))

    def _candidates(self) -> Iterable[tuple[int, int]]:
        n = self.n
        if n <= FULL_GRAPH_LIMIT:
            yield from itertools.combinations(range(n), 2)
            return
        mdps = sum(self.mdp)
        shift = (n - mdps) // 2
        half = mdps + shift
        for i in range(half):  # from the upper side only: MDPs to residents, S1 to S2
            natural = mdps + i if i < mdps else i + shift
            yield from ((i, j) for j in range(max(half if i >= mdps else mdps, natural - WINDOW), min(n, natural + WINDOW + 1)))

    def pair_weight(self, i: int, j: int) -> int | None:
        """The weight of pairing members ``i`` < ``j`` in the bracket, or None when they may not meet here.

        Node fields count what pairing the two avoids (floating: [C5]-[C7], [C9],
        [C14], [C16], an MDP floating on for [C18], [C20]); pair fields take away
        what the pair itself breaks ([C3] relaxed, [C10]-[C13], [C15], [C17]-[C21]).
        The lowest field prefers early S1 players with early S2 players, so that the
        first best matching found is near the order of art. 4.2.
        """
        a, b = self.members[i], self.members[j]
        if (self.mdp[i] and self.mdp[j]) or b.id in a.opponents or a.id in b.opponents:
            return None
        if not self.ctx.relaxed and a.strength == ABSOLUTE and a.clashes(b):
            return None
        m = self.multipliers
        weight = self.node_weight[i] + self.node_weight[j] + (self.n - i) * (self.n - j)
        if i < self.lex_positions <= self.half <= j:
            weight += (self.n - j) * self.lex_base ** (self.lex_positions - 1 - i) * (self.soft + 1)
        if self.ctx.relaxed and a.clashes(b):
            weight -= m.get("C3", 0)
        if "C10" in m and (a.top or b.top):
            colour, _rule = allocate(a.colours, b.colours, a.tpn, self.ctx.initial, ((a.pref, a.strength), (b.pref, b.strength)))
            weight -= m.get("C10", 0) * (breaks_difference(a.colours, colour) + breaks_difference(b.colours, -colour))
            weight -= m.get("C11", 0) * (breaks_repetition(a.colours, colour) + breaks_repetition(b.colours, -colour))
        if a.pref != 0 and a.pref == b.pref:
            weight -= m.get("C12", 0)
            if min(a.strength, b.strength) >= STRONG:
                weight -= m.get("C13", 0)
        if self.mdp[i]:  # members are in order, so i is the MDP and j a resident
            sd = a.score - self.resident_score
            for name, hit in (("C15", b.up1), ("C17", b.up2)):
                if hit:
                    weight -= m.get(name, 0)
            for name, hit in (("C18", a.down1), ("C19", b.up1), ("C20", a.down2), ("C21", b.up2)):
                if hit:
                    weight -= m.get(f"{name}:0:{sd}", 0)
        return weight

    def _extra_weight(self, x: int, y: int) -> int | None:
        """The weight of an edge to a lower player (``y`` >= n): only [C8] (and [C3] relaxed) count there.

        A member paired with a player of the next scoregroup, or two players of
        that scoregroup, are a pair of the next bracket: [C8] maximises their
        number, then the scores they pair.
        """
        a = self.members[x] if x < self.n else self.extras[x - self.n]
        b = self.extras[y - self.n]
        if not self.legal(a, b):
            return None
        m = self.multipliers
        weight = 0
        if a.clashes(b):
            weight -= m.get("C3", 0)
        if "C8a" in m and b.id in self.next_ids and (x < self.n or a.id in self.next_ids):
            weight += m["C8a"] + m[f"C8b:{a.score}"] + m[f"C8b:{b.score}"]
        return weight

    def _edges(self) -> None:
        self.weights: dict[tuple[int, int], int] = {}
        for i, j in self._candidates():
            weight = self.pair_weight(i, j)
            if weight is not None:
                self.weights[i, j] = weight
        if self.extras:
            self._extra_edges()

    def _extra_edges(self) -> None:
        n, extras = self.n, self.extras
        reach = len(extras) if self.all_edges or len(extras) <= FULL_GRAPH_LIMIT * 2 else WINDOW * 2
        for i in range(n):
            for k in range(min(reach, len(extras))):
                weight = self._extra_weight(i, n + k)
                if weight is not None:
                    self.weights[i, n + k] = weight
        for k in range(len(extras)):
            for other in range(k + 1, min(k + reach + 1, len(extras))):
                weight = self._extra_weight(n + k, n + other)
                if weight is not None:
                    self.weights[n + k, n + other] = weight
        if self.dummy is not None:
            for index, e in enumerate(itertools.chain(self.members, self.extras)):
                if e.bye_ok and e.score == self.ctx.bye_score:
                    self.weights[index, self.dummy] = 0

    # Solving.

    def solve(
        self,
        fixed: Sequence[tuple[int, int]] = (),
        inside: Iterable[int] = (),
        outside: Iterable[int] = (),
        allow: Callable[[int, int], bool] | None = None,
    ) -> tuple[int, Pairs, bool]:
        """The best matching with ``fixed`` pairs imposed, ``inside`` players paired in the bracket, ``outside`` not.

        Returns its weight (the criteria), its pairs and whether the constraints hold.
        """
        taken = {v for pair in fixed for v in pair}
        inside = set(inside)
        outside = set(outside)
        req = self.multipliers["req"]
        n = self.n
        blocked = taken | outside
        if not inside and allow is None and not self.extras:
            edges = [(x, y, w) for (x, y), w in self.weights.items() if x not in blocked and y not in blocked]
        else:
            edges = []
            for (x, y), weight in self.weights.items():
                if x in taken or y in taken:
                    continue
                if y < n:
                    if x in outside or y in outside or (allow is not None and not allow(x, y)):
                        continue
                    weight += req * ((x in inside) + (y in inside))
                elif x in inside:
                    continue
                if self.complete:
                    weight += 2 * req
                edges.append((x, y, weight))
        matched = max_weight_matching(self.nodes, edges, self.bits + 2)
        pairs = list(fixed) + matched
        paired_inside = {v for x, y in pairs if y < self.n for v in (x, y)}
        ok = inside <= paired_inside
        if self.complete:
            ok = ok and 2 * len(pairs) == self.nodes
        return self.total(pairs), pairs, ok

    def total(self, pairs: Iterable[tuple[int, int]]) -> int:
        """The criteria reached by ``pairs`` (the order hint left out)."""
        return sum(self.weights[pair] for pair in pairs) // self.unit

    def digits(self, total: int) -> list[int]:
        """The value of each criterion field in a total from :meth:`total` (highest criterion first)."""
        names = self.tier_names[:-1]
        shifted = total + sum(self.ranges[name][1] * self.multipliers[name] // self.unit for name in names)
        values = []
        for name in names:
            unit = self.multipliers[name] // self.unit
            digit, shifted = divmod(shifted, unit)
            values.append(digit - self.ranges[name][1])
        return values

    def tier_of_difference(self, better: int, worse: int) -> str:
        """The highest criterion on which two totals (from :meth:`total`) differ."""
        for name, a, b in zip(self.tier_names, self.digits(better), self.digits(worse), strict=False):
            if a != b:
                return _criterion(name)
        return "order"

    # The earliest best candidate.

    def pair(self, explain: bool = False) -> BracketResult:
        best, witness, ok = self.solve()
        if not ok:
            raise _Unpairable
        search = _Search(self, best, witness)
        mdps = [i for i in range(self.n) if self.mdp[i]]
        residents = [i for i in range(self.n) if not self.mdp[i]]
        paired_mdps = sum(1 for i in mdps if search.partner_inside(i) is not None)
        chosen: list[int] = []
        for i in mdps:
            if len(chosen) == paired_mdps:
                break
            if search.try_set(chosen + [i]):
                chosen.append(i)
        limbo = [i for i in mdps if i not in chosen]
        search.outside.update(limbo)
        search.inside.update(chosen)
        for i in chosen:
            search.choose_partner(i, [r for r in residents if r not in search.used])
        rest = [r for r in residents if r not in search.used]
        count = sum(1 for r in rest if (p := search.partner_inside(r)) is not None and p in rest) // 2
        exchanged = search.exchange(rest[:count], rest[count:])
        upper, lower = exchanged
        if upper == list(range(self.half)) and search.fixed == [] and not self.extras:
            search.trusted = set(range(self.lex_positions))
        search.inside.update(upper)
        for i in upper:
            search.choose_partner(i, lower)
        pairs = [tuple(sorted(pair)) for pair in search.fixed]
        paired = {v for pair in pairs for v in pair}
        floaters = tuple(i for i in range(self.n) if i not in paired)
        first = self._first_candidate(len(chosen), count)
        chosen_total = self.total(search.fixed)
        if first is None:
            decided, perfect = self._illegal_first(len(chosen), count), False
        else:
            first_total = self.total(first) if all(p in self.weights for p in first) else None
            perfect = sorted(first) == sorted(pairs)
            decided = None if perfect else (self.tier_of_difference(chosen_total, first_total) if first_total is not None else "C1")
        down = [self.members[i] for i in rest[:count] if i not in upper]
        up = [self.members[i] for i in upper if i not in rest[:count]]
        reasons = tuple(self._floater_reason(i, best) for i in floaters) if explain else ()
        return BracketResult(
            pairs=tuple((self.members[x], self.members[y]) for x, y in sorted(pairs)),
            floaters=tuple(self.members[i] for i in floaters),
            first_perfect=perfect,
            decided_by=decided,
            exchanged=(tuple(down), tuple(up)),
            floater_reasons=reasons,
        )

    def _first_candidate(self, m1: int, count: int) -> Pairs | None:
        """FIDE's first candidate (art. 3.3) with the chosen number of MDP and remainder pairs."""
        mdps = [i for i in range(self.n) if self.mdp[i]]
        residents = [i for i in range(self.n) if not self.mdp[i]]
        if m1 > len(residents):
            return None
        pairs = list(zip(mdps[:m1], residents[:m1], strict=True))
        rest = residents[m1:]
        if 2 * count > len(rest):
            return None
        pairs += list(zip(rest[:count], rest[count : 2 * count], strict=True))
        if any((x, y) not in self.weights for x, y in pairs):
            return None
        return pairs

    def _illegal_first(self, m1: int, count: int) -> str:
        mdps = [i for i in range(self.n) if self.mdp[i]]
        residents = [i for i in range(self.n) if not self.mdp[i]]
        rest = residents[m1:]
        pairs = list(zip(mdps[:m1], residents[:m1], strict=False)) + list(zip(rest[:count], rest[count : 2 * count], strict=False))
        for x, y in pairs:
            a, b = self.members[x], self.members[y]
            if not a.can_meet(b):
                return "C1"
            if a.clashes(b) and not self.ctx.relaxed:
                return "C3"
        return "C6"

    def _floater_reason(self, index: int, best: int) -> str:
        """The criterion that makes ``index`` float: what pairing it in the bracket would cost."""
        if not any(self.legal(self.members[index], other) for other in self.members if other is not self.members[index]):
            return "C1"
        total, _pairs, ok = self.solve(inside=[index])
        if not ok:
            return "C6"
        return self.tier_of_difference(best, total) if total != best else "order"


class _Unpairable(Exception):
    """The bracket cannot meet its constraints (the caller escalates the look-ahead)."""


class _Search:
    """The decisions of art. 4 taken one by one against the best total."""

    def __init__(self, bracket: Bracket, best: int, witness: Pairs):
        self.bracket = bracket
        self.best = best
        self.witness = witness
        self.fixed: Pairs = []
        self.used: set[int] = set()
        self.inside: set[int] = set()
        self.outside: set[int] = set()
        self.allow: Callable[[int, int], bool] | None = None
        self.trusted: set[int] = set()
        """S1 players whose partner in the witness is already the earliest possible (the order field ranks them)."""

    @property
    def witness(self) -> Pairs:
        """The best candidate found so far that meets every decision taken."""
        return self._witness

    @witness.setter
    def witness(self, pairs: Pairs) -> None:
        self._witness = pairs
        n = self.bracket.n
        self._inside = {}
        for x, y in pairs:
            if y < n:
                self._inside[x], self._inside[y] = y, x

    def partner_inside(self, i: int) -> int | None:
        return self._inside.get(i)

    def _solve(self, fixed: Pairs, inside: set[int]) -> Pairs | None:
        total, pairs, ok = self.bracket.solve(fixed, inside, self.outside, self.allow)
        return pairs if ok and total == self.best else None

    def try_set(self, members: list[int]) -> bool:
        """Art. 4.4: can these MDPs all be paired in a best candidate?"""
        if all(self.partner_inside(i) is not None for i in members):
            return True
        found = self._solve(self.fixed, self.inside | set(members))
        if found is None:
            return False
        self.witness = found
        return True

    def choose_partner(self, i: int, options: Sequence[int]) -> None:
        """Art. 4.2: the lowest-numbered opponent of ``i`` that still allows a best candidate."""
        current = self.partner_inside(i)
        for c in options if not (self.bracket.windowed or i in self.trusted) else ():
            if c in self.used or c == i:
                continue
            if c == current:
                break
            if (min(i, c), max(i, c)) not in self.bracket.weights:
                continue
            if self._swap(i, c, current):
                current = c
                break
            found = self._solve(self.fixed + [(min(i, c), max(i, c))], self.inside - {i})
            if found is not None:
                self.witness = found
                current = c
                break
        assert current is not None, "a player of S1 is always paired in a best candidate"
        self.fixed.append((min(i, current), max(i, current)))
        self.used.update((i, current))

    def _swap(self, i: int, c: int, p: int | None) -> bool:
        """Whether swapping partners in the witness pairs ``i`` with ``c`` and keeps the best total."""
        partner = {}
        for x, y in self.witness:
            partner[x], partner[y] = y, x
        q = partner.get(c)
        weights = self.bracket.weights
        new = [pair for pair in self.witness if i not in pair and c not in pair]
        new.append((min(i, c), max(i, c)))
        if p is not None and q is not None:
            edge = (min(p, q), max(p, q))
            if edge not in weights:
                return False
            new.append(edge)
        if any(pair not in weights for pair in new):
            return False
        fixed = set(self.fixed)
        if not fixed <= set(new) or self.bracket.total(new) != self.best:
            return False
        n = self.bracket.n
        inside = {v for x, y in new if y < n for v in (x, y)}
        if not self.inside - {i} <= inside or any(v in self.outside for v in inside):
            return False
        if self.allow is not None and any(y < n and not self.allow(x, y) for x, y in new if (x, y) not in fixed):
            return False
        if self.bracket.complete and 2 * len(new) != self.bracket.nodes:
            return False
        self.witness = new
        return True

    def exchange(self, s1: list[int], s2: list[int]) -> tuple[list[int], list[int]]:
        """Art. 4.3: the first resident exchange between S1 and S2 of the remainder that allows a best candidate.

        The witness's own exchange (the lower player of each of its pairs in S1)
        allows one, so only exchanges before it in the order of art. 4.3 are tried:
        fewest players exchanged, smallest difference of the BSN sums, the highest
        BSN moved down, the lowest moved up.
        """
        rest = set(s1) | set(s2)
        pairs = [(x, y) for x, y in self.witness if x in rest and y in rest]
        own = {x for x, _y in pairs}
        if self.bracket.windowed:  # a large bracket takes its best candidate's own split (docs/formats.md)
            self.allow = _split(rest, own)
            return sorted(own), sorted(rest - own)

        def key(upper: set[int]) -> tuple[int, int, list[int], list[int]]:
            down, up = set(s1) - upper, upper - set(s1)
            return (len(down), sum(up) - sum(down), [-v for v in sorted(down, reverse=True)], sorted(up))

        limit = key(own)
        tried = 0
        for size in range(0, limit[0] + 1):
            options = sorted(
                ((set(s1) - set(down)) | set(up) for down, up in itertools.product(itertools.combinations(s1, size), itertools.combinations(s2, size))),
                key=key,
            )
            for upper in options:
                if key(upper) >= limit or tried >= EXCHANGE_LIMIT:
                    break
                tried += 1
                self.allow = _split(rest, upper)
                found = self._solve(self.fixed, self.inside | upper)
                if found is not None:
                    self.witness = found
                    return sorted(upper), sorted(rest - upper)
        self.allow = _split(rest, own)
        return sorted(own), sorted(rest - own)


def _split(rest: set[int], upper: set[int]) -> Callable[[int, int], bool]:
    """Pairs inside ``rest`` must join an upper (S1) and a lower (S2) player."""
    return lambda x, y: not (x in rest and y in rest) or ((x in upper) != (y in upper))


def _criterion(tier: str) -> str:
    return tier.split(":")[0].rstrip("ab")
