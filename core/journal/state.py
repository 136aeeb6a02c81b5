"""The current state of a meet, derived by folding the journal over ``meet.toml``.

Nothing here is stored: entrants, draws, matches, outcomes and standings are all
recomputed from the journal, so a correction or a withdrawal changes everything
derived from it and nothing entered is ever lost.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

import attrs

from podium.config.meet import EventConfig, MeetConfig, StageConfig
from podium.errors import ConfigError, Hint, NotFound, PodiumError, ResultError, Target
from podium.formats.base import StageEntrant, StageView
from podium.formats.measured import TakesLateEntrants
from podium.i18n import N_, Message, current_language
from podium.journal.entries import Entry, Kind, now
from podium.journal.kinds import SPECS, Folding, LatePlacement, ResultFacts, rules_digest, table_key
from podium.journal.stages import KeptRecords, ResultRecord, StageState
from podium.model.entrants import BYE, Entrant, EntrantKind, Person, Unit
from podium.model.matches import Match, MatchContext
from podium.model.outcomes import Outcome, OutcomeKind
from podium.model.sports import Sport
from podium.model.suggestions import either, similar
from podium.registry import Registry

if TYPE_CHECKING:
    from podium.standings.ledger import Decision
    from podium.standings.table import Standings


KeptResults = Mapping[str, Mapping[str, ResultRecord]]
"""The records of an event's results up to a position, by stage and match key (:attr:`MeetState.kept`)."""


@attrs.frozen
class EventState:
    """Everything known about one event."""

    config: EventConfig
    sport: Sport
    entrants: Mapping[str, Entrant]
    withdrawn: Mapping[str, str]
    stages: tuple[StageState, ...]
    registry: Registry
    lots: Mapping[str, tuple[Decision, ...]] = attrs.field(factory=dict)
    """Lots drawn and play-offs recorded, by table (``"<stage>:<table>"``), oldest first."""
    penalties: Mapping[str, tuple[int, int]] = attrs.field(factory=dict)
    """``(removals, warnings)`` recorded against each entrant (CXA 2011 §18.1, §18.2, §18.5)."""
    advanced: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)
    """Who went on from each closed stage, in the order the advance sent them (``advance`` entries): what a
    correction in a closed stage must not change."""

    @property
    def key(self) -> str:
        return self.config.key

    @property
    def drawn(self) -> bool:
        return bool(self.stages)

    def matches(self) -> list[Match]:
        """Every match of every stage drawn, in order (a new list: the caller may change it)."""
        return list(self._matches)

    @functools.cached_property
    def _matches(self) -> tuple[Match, ...]:
        return tuple(m for stage in self.stages for m in stage.matches)

    def stage(self, name: str) -> StageState:
        for stage in self.stages:
            if stage.name == name:
                return stage
        raise NotFound(
            N_("Stage '{stage}' of {event} has not been drawn yet."), code="stage.not_drawn", target=Target(event=self.key, stage=name),
            stage=self.config.stage(name).title, event=self.config.name,
        )

    def stage_of(self, match: Match) -> StageState:
        return self.stage(match.stage)

    def result(self, match: Match) -> ResultRecord | None:
        return self.stage_of(match).results.get(match.key)

    @functools.cached_property
    def _references(self) -> dict[str, Match]:
        """Matches by every way a user may name them (``stage:key``, then key, then number win)."""
        found: dict[str, Match] = {}
        every = self._matches[::-1]
        for match in every:
            found[f"{match.stage}:{match.key}"] = match
        for match in every:
            found[match.key] = match
        for match in every:
            found[str(match.number)] = match
        return found

    def match(self, reference: str) -> Match:
        """The match numbered ``reference`` (``7`` or ``#7``) or with that key (``R2.3``)."""
        text = reference.strip().lstrip("#")
        if text in self._references:
            return self._references[text]
        raise NotFound(
            N_("{event} has no match '{match}'."), code="match.unknown", target=Target(event=self.key, match=reference), hint=Hint("matches", event=self.key), event=self.config.name, match=reference
        )

    def entrant(self, reference: str, units: Mapping[str, Unit] | None = None) -> Entrant:
        """The entrant whose key, bib or name is ``reference``; with the meet's ``units``, also the one team of the
        unit named so (its key, name or an alias): a relay team entered as 财务部托球队 answers to 财务部."""
        text = reference.strip()
        if text in self.entrants:
            return self.entrants[text]
        found = [e for e in self.entrants.values() if text in (e.bib, e.name)]
        if not found and units:
            found = [
                e for e in self.entrants.values()
                if e.kind is EntrantKind.TEAM and e.unit in units and text in (e.unit, units[e.unit].name, *units[e.unit].aliases)
            ]
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise PodiumError(
                N_("'{name}' is ambiguous in {event}: use the bib or key of one of {keys}."), code="entrant.ambiguous", target=Target(event=self.key, entrant=text), name=text, event=self.config.name, keys=", ".join(e.key for e in found)
            )
        meant = similar(text, [name for e in self.entrants.values() for name in (e.name, e.key)])
        if meant:
            raise NotFound(
                N_("{event} has no entrant '{name}'; did you mean {meant}?"), code="entrant.unknown_similar",
                target=Target(event=self.key, entrant=text), event=self.config.name, name=text, meant=either(meant),
            )
        raise NotFound(N_("{event} has no entrant '{name}'."), code="entrant.unknown", target=Target(event=self.key, entrant=text), event=self.config.name, name=text)

    def context(self, match: Match) -> MatchContext:
        """The sport's view of ``match``: its sides and the rules for its stage and round."""
        stage = self.stage_of(match)
        return self._context(stage.config, match.entrants, match.round_name, match.decisive, match.key, match.colours)

    @functools.cached_property
    def _round_rules(self) -> dict[tuple[str, str | None], tuple[Mapping[str, Any], tuple[Any, ...] | None]]:
        return {}

    def _rules(self, stage: StageConfig, round_name: str | None) -> tuple[Mapping[str, Any], tuple[Any, ...] | None]:
        """The rules of a round (see :meth:`EventConfig.rules_for`) and, when they are all plain values, a hashable copy."""
        key = (stage.name, round_name)
        if key not in self._round_rules:
            rules = self.config.rules_for(stage, round_name)
            frozen: tuple[Any, ...] | None = tuple(sorted(rules.items()))
            try:
                hash(frozen)
            except TypeError:
                frozen = None
            self._round_rules[key] = (rules, frozen)
        return self._round_rules[key]

    def _context(
        self,
        stage: StageConfig,
        sides: Sequence[str | None],
        round_name: str | None,
        decisive: bool,
        key: str,
        colours: str = "listed",
    ) -> MatchContext:
        def entrant(k: str | None) -> Entrant:
            if k is not None and k in self.entrants:
                return self.entrants[k]
            return Entrant(key=k or "?", event=self.key, kind=EntrantKind.INDIVIDUAL, name=k or "?", members=(Person(k or "?"),))

        return MatchContext(
            event=self.key,
            rules=self._rules(stage, round_name)[0],
            sides=(entrant(sides[0]), entrant(sides[1])),
            decisive=decisive,
            round_name=round_name,
            match_key=key,
            colours=colours,
        )

    def outcomes(self, stage: StageState) -> list[tuple[Match, Outcome]]:
        """Matches of ``stage`` with the outcomes that count (:meth:`StageState.outcomes`)."""
        return stage.outcomes()

    def placings(self, stage: StageState) -> list[tuple[str, int]] | None:
        """Places the stage's format decides itself (knockouts), or ``None`` when its standings rank."""
        return stage.placings()

    @functools.cached_property
    def _standings(self) -> dict[tuple[str, str | None], list[tuple[str | None, Standings]]]:
        return {}

    def standings(self, stage: StageState, table_name: str | None = None) -> list[tuple[str | None, Standings]]:
        """Standings of every table of ``stage`` (one per group, or one for the whole stage).

        Computed once per event state: the state never changes, and the CLI, the awards and
        the unit points all ask for the same standings.
        """
        key = (stage.name, table_name)
        if key not in self._standings:
            self._standings[key] = self._rank(stage, table_name)
        return self._standings[key]

    def _rank(self, stage: StageState, table_name: str | None) -> list[tuple[str | None, Standings]]:
        from podium.standings.ledger import build_ledger
        from podium.standings.table import rank

        chain = [self.registry.tiebreaker(name) for name in stage.config.tiebreaks]
        tables = stage.tables()
        counted = stage.outcomes()
        outcomes: dict[str, Outcome] | None = None
        result = []
        for table in tables:
            if table_name is not None and table.name != table_name:
                continue
            if table.matches is stage.matches:  # the stage's one table: its outcomes are in its matches' order
                results = counted
            else:
                if outcomes is None:
                    outcomes = {m.key: o for m, o in counted}
                results = [(m, outcomes[m.key]) for m in table.matches if m.key in outcomes]
            ledger = build_ledger(
                table.entrants,
                results,
                stage.config.scoring,
                decisions=self.lots.get(table_key(stage.name, table.name), ()),
                penalties=self.penalties,
                options=stage.config.standings,
            )
            result.append((table.name, rank(ledger, chain)))
        return result


@attrs.frozen
class MeetState:
    """The derived state of the whole meet; events are folded on first use."""

    config: MeetConfig
    registry: Registry
    journal: tuple[Entry, ...]
    kept: Mapping[str, KeptResults] = attrs.field(factory=dict)
    """For an event whose ``journal`` holds only the results recorded after a position, the records of the results
    up to that position, by stage and match (:mod:`podium.services.kept_results`); an event not named here folds
    every result of ``journal``."""

    @functools.cached_property
    def _by_event(self) -> dict[str | None, list[Entry]]:
        grouped: dict[str | None, list[Entry]] = {}
        for entry in self.journal:
            grouped.setdefault(entry.event, []).append(entry)
        return grouped

    @functools.cached_property
    def _folded(self) -> dict[str, EventState]:
        return {}

    def event(self, key: str) -> EventState:
        """The state of event ``key`` (folded once per meet state: the state never changes)."""
        config = self.config.event(key)
        if config.key not in self._folded:
            entries = self._by_event.get(config.key, [])
            kept = self.kept.get(config.key)
            self._folded[config.key] = (
                _folded_event(config, entries, self.registry) if kept is None else _fold_event(config, entries, self.registry, kept)
            )
        return self._folded[config.key]

    def position(self, key: str) -> int:
        """The number of event ``key``'s last entry (0 before its first): its state is folded from its own entries
        only, so it is the same state for as long as this number stays the same."""
        own = self._by_event.get(self.config.event(key).key)
        return own[-1].seq if own else 0

    def events(self) -> Iterable[EventState]:
        for key in self.config.events:
            yield self.event(key)


def fold(
    config: MeetConfig, registry: Registry, journal: Sequence[Entry], kept: Mapping[str, KeptResults] | None = None
) -> MeetState:
    """The state of the meet whose journal is ``journal``; with ``kept``, each event named there is ``journal``'s
    outline and later results over the records kept for the results before (:attr:`MeetState.kept`)."""
    return MeetState(config, registry, tuple(journal), dict(kept or {}))


_EVENTS: dict[tuple[int, int, str, str], tuple[EventConfig, Registry, tuple[Entry, ...], EventState]] = {}
_EVENTS_LIMIT = 1_000


def _folded_event(config: EventConfig, entries: Sequence[Entry], registry: Registry) -> EventState:
    """The state of an event, folded once per process for the same entries.

    An event's state is a pure function of its configuration, the plugins and its own
    entries, so the state folded last time for equal entries is the same state: a command
    that looks at an event, enters a batch and looks again (``podium demo``, a long-running
    process) folds it once per change, not once per look. The entries are compared whole
    (the store hands out the same entry objects again, which compare at once); the language
    is part of the key, as marks and notes are worded when the state is folded. When the
    entries are those of last time and first results after them, the state of last time is
    extended by those results (:func:`_extended`) instead of folded again.
    """
    key = (id(config), id(registry), config.key, current_language())
    given = tuple(entries)
    known = _EVENTS.get(key)
    event = None
    if known is not None and known[0] is config and known[1] is registry:
        if known[2] == given:
            return known[3]
        event = _extended(known[3], known[2], given)
    if event is None:
        event = _fold_event(config, given, registry)
    if len(_EVENTS) >= _EVENTS_LIMIT:
        _EVENTS.clear()
    _EVENTS[key] = (config, registry, given, event)
    return event


def _fold_event(
    config: EventConfig, entries: Sequence[Entry], registry: Registry, kept: KeptResults | None = None
) -> EventState:
    """Fold an event's entries, each by its kind's step (:data:`podium.journal.kinds.SPECS`), then lay out its
    stages from their draws; the records ``kept`` (by stage and match) stand for the results before ``entries``'
    first result (no draw or other entry that changes what they mean may come after them)."""
    sport = registry.sport(config.sport)
    gathered = Folding([stage.name for stage in config.stages])
    for entry in entries:
        SPECS[entry.kind].fold(gathered, entry, entry.facts)
    event = EventState(
        config, sport, gathered.entrants, gathered.withdrawn, (), registry,
        {k: tuple(v) for k, v in gathered.lots.items()},
        {k: (v[0], v[1]) for k, v in gathered.penalties.items() if any(v)},
        dict(gathered.advanced),
    )
    stages: list[StageState] = []
    number = 0
    for stage_config in config.stages:
        draw = cast("Entry | None", gathered.draws.get(stage_config.name))
        if draw is None:
            break
        if stage_config.name in gathered.late:  # late entrants (补报): only a measured stage's draw takes them (services.registration)
            fmt = cast(TakesLateEntrants, registry.format(stage_config.format))
            draw = with_late_entrants(draw, fmt, gathered.late[stage_config.name], gathered.entrants)
        own = {key: cast("list[Entry]", history) for (stage_name, key), history in gathered.results.items() if stage_name == stage_config.name}
        stage, number = build_stage(
            event, stage_config, draw, number,
            rounds=gathered.rounds.get(stage_config.name, ()), results=own, kept=(kept or {}).get(stage_config.name),
            performances=cast("list[Entry]", gathered.performances.get(stage_config.name, [])),
        )
        stages.append(stage)
    return attrs.evolve(event, stages=tuple(stages))


def unjournaled_draw(event: str, payload: Mapping[str, Any]) -> Entry:
    """A draw that is not in the journal (yet): to lay out what a draw makes before it is written
    (:mod:`podium.services.draws`), or a stage the order of play forecasts (:mod:`podium.schedule.forecast`)."""
    return Entry(0, now(), Kind.DRAW, event, payload)


def build_stage(
    event: EventState,
    config: StageConfig,
    draw: Entry,
    number: int,
    *,
    rounds: Sequence[Mapping[str, Any]] = (),
    results: Mapping[str, Sequence[Entry]] | None = None,
    kept: Mapping[str, ResultRecord] | None = None,
    performances: Sequence[Entry] = (),
) -> tuple[StageState, int]:
    """The stage ``config`` of ``event`` from its draw and the entries recorded for it; its matches (or heats) are
    numbered after ``number``, which is returned advanced past them.

    The format says what the stage lays out (:attr:`Format.lays_out`): matches, folded here from the results of
    ``results`` (by match key) over the records ``kept`` from earlier ones, and the ``rounds`` paired since the
    draw, or heats, folded from ``performances`` by :mod:`podium.journal.measured_stage`.
    """
    fmt = event.registry.format(config.format)
    if fmt.lays_out == "heats":
        from podium.journal.measured_stage import build_measured_stage

        decisions = event.lots.get(table_key(config.name, None), ())
        return build_measured_stage(event.sport, event.config, config, fmt, draw, performances, number, decisions)
    bare = StageView(
        name=config.name,
        options=config.options,
        entrants=tuple(StageEntrant(**e) for e in draw.payload["entrants"]),
        draw=draw.payload["draw"],
        rounds=tuple(rounds),
        withdrawn=frozenset(event.withdrawn),
    )

    def numbered(key: str) -> int | None:
        """The number of match ``key`` as the stage lays it out before any result (wanted only by an error)."""
        return next((m.number for m in fmt.numbered_matches(bare, number + 1) if m.key == key), None)

    earlier = kept or {}
    given: dict[str, ResultRecord] = {}
    digests: dict[str | None, str] = {}
    for match_key, history in (results or {}).items():
        given[match_key] = _record(event, config, match_key, history, digests, numbered, earlier.get(match_key))
    records, outcomes = _with_records(earlier, None, given)
    view = attrs.evolve(bare, outcomes=outcomes)
    matches = fmt.numbered_matches(view, number + 1)
    number += len(matches)
    return StageState(config, fmt, view, tuple(matches), records, draw, fmt.rulings(view, matches)), number


def _record(
    event: EventState, config: StageConfig, match_key: str, history: Sequence[Entry], digests: dict[str | None, str],
    numbered: Callable[[str], int | None], earlier: ResultRecord | None = None,
) -> ResultRecord:
    """The result of match ``match_key`` of stage ``config`` from its entries (the last one counts), after the
    ``earlier`` record of the match made from the entries before them, if any. ``digests`` keeps the fingerprint of
    each round's rules, worked out once per stage; ``numbered`` gives a match's number by its key, for the error of a
    result ``meet.toml`` no longer fits."""
    last: ResultFacts = history[-1].facts
    if last.round_name not in digests:
        digests[last.round_name] = rules_digest(event._rules(config, last.round_name)[0])
    if last.outcome is not None and last.rules == digests[last.round_name]:
        outcome = last.outcome  # as entered: a later change of the sport's grammar cannot make it unreadable
    else:  # entered before Podium kept the outcome, or under rules meet.toml no longer has: the text says it
        outcome = _parsed(event, config, last, match_key, numbered)
    if earlier is None:
        return ResultRecord(match_key, last.result, outcome, last.sides, history[0].at, len(history) > 1)
    return ResultRecord(match_key, last.result, outcome, last.sides, earlier.first_at, True)


def _extended(event: EventState, before: tuple[Entry, ...], entries: tuple[Entry, ...]) -> EventState | None:
    """The state of an event whose entries are ``entries``, made from ``event``, its state for the entries ``before``,
    when ``entries`` are those and after them only first results of matches of stages whose format lays out the
    same matches whatever the results (:attr:`podium.formats.base.Format.results_change_layout`, a round robin):
    such a result adds to its stage's results and rulings and changes nothing else the fold makes, so the stage is
    not laid out again. ``None`` for any other change (a correction, a withdrawal, a draw…): the caller folds.
    """
    count = len(before)
    if len(entries) <= count or entries[:count] != before:
        return None
    stages = {stage.name: stage for stage in event.stages}
    added: dict[str, dict[str, Entry]] = {}
    for entry in entries[count:]:
        if entry.kind is not Kind.RESULT:
            return None
        facts: ResultFacts = entry.facts
        stage = stages.get(facts.stage)
        if stage is None or stage.format.lays_out != "matches" or stage.format.results_change_layout:
            return None
        new = added.setdefault(stage.name, {})
        if facts.match in stage.results or facts.match in new:
            return None
        new[facts.match] = entry
    extended = []
    for stage in event.stages:
        new = added.get(stage.name)
        if not new:
            extended.append(stage)
            continue
        digests: dict[str | None, str] = {}
        given = {
            match_key: _record(event, stage.config, match_key, (entry,), digests, functools.partial(_number_in, stage.matches))
            for match_key, entry in new.items()
        }
        results, outcomes = _with_records(stage.results, stage.view.outcomes, given)
        view = attrs.evolve(stage.view, outcomes=outcomes)
        extended.append(attrs.evolve(stage, view=view, results=results, rulings=stage.format.rulings(view, stage.matches)))
    return attrs.evolve(event, stages=tuple(extended))


def _with_records(
    records: Mapping[str, ResultRecord], outcomes: Mapping[str, Outcome] | None, given: Mapping[str, ResultRecord]
) -> tuple[Mapping[str, ResultRecord], Mapping[str, Outcome]]:
    """A stage's ``records`` (their ``outcomes`` by match, worked out here when ``None``) with the records
    ``given`` since in place of those of the same matches, and the outcomes of them all. Records read back from a
    kept file stay unmade (:class:`~podium.journal.stages.KeptRecords`)."""
    if isinstance(records, KeptRecords):
        made = records.with_records(given)
        return made, made.outcomes
    if outcomes is None:
        outcomes = {key: record.outcome for key, record in records.items()}
    return {**records, **given}, {**outcomes, **{key: record.outcome for key, record in given.items()}}


def _number_in(matches: Sequence[Match], key: str) -> int | None:
    """The number of the match ``key`` among ``matches`` (``None`` when none has that key)."""
    return next((m.number for m in matches if m.key == key), None)


def _parsed(event: EventState, config: StageConfig, last: ResultFacts, match_key: str, numbered: Callable[[str], int | None]) -> Outcome:
    """The outcome of a result's text parsed under the rules ``meet.toml`` has now; refused when they no longer fit it,
    naming the match as people know it: by its number (``numbered``) and its two sides."""
    ctx = event._context(config, last.sides, last.round_name, last.decisive, match_key, last.colours)
    try:
        return _outcome(event.sport, last.result, ctx, event._rules(config, last.round_name)[1])
    except ResultError as error:
        first, second = (event.entrants[key].name if key in event.entrants else "?" for key in last.sides)
        number = numbered(match_key)
        raise ConfigError(
            N_("meet.toml no longer fits the result '{result}' recorded for {match} of {event} ({first} – {second}); "
               "change meet.toml back to the rules that result was entered under."), code="result.no_longer_fits",
            target=Target(file="meet.toml", event=event.key, stage=config.name, match=match_key if number is None else number),
            result=last.result, first=first, second=second, event=event.config.name,
            match=Message(N_("the match") if number is None else N_("match {number}"), number=number),
            details=(error.problem,),
        ) from None


def with_late_entrants(
    draw: Entry, fmt: TakesLateEntrants, placed: Sequence[LatePlacement], entrants: Mapping[str, Entrant]
) -> Entry:
    """The draw of a measured stage with its late entrants (补报) in the heats they were placed in."""
    payload = dict(draw.payload)
    stage_entrants = list(payload["entrants"])
    layout = payload["draw"]
    for item in placed:
        entrant = entrants[item.entrant]
        stage_entrants.append(attrs.asdict(StageEntrant(entrant.key, entrant.seed, entrant.unit, entrant.rating)))
        layout = fmt.take_late(layout, item.heat, entrant.key)
    return attrs.evolve(draw, payload={**payload, "entrants": stage_entrants, "draw": layout})


_OUTCOMES: dict[tuple[Any, ...], Outcome] = {}
_OUTCOMES_LIMIT = 250_000


def _outcome(sport: Sport, text: str, ctx: MatchContext, rules: tuple[Any, ...] | None) -> Outcome:
    """The outcome of a journaled result text, remembered for the life of the process.

    Parsing is a pure function of the text and the match context (the Sport contract),
    so a result is parsed once however often the journal is folded again — each
    command, result batch or page of a long-running process folds it anew. ``rules``
    is the context's rules as a hashable tuple, or ``None`` (lists or tables among them:
    parsed every time).
    """
    if text == BYE:
        return Outcome.win(0, kind=OutcomeKind.BYE)
    if rules is None:
        return sport.outcome(sport.parse_result(text, ctx), ctx)
    key = _outcome_key(sport, text, ctx, rules)
    try:
        known = _OUTCOMES.get(key)
    except TypeError:  # a context field that cannot be hashed
        return sport.outcome(sport.parse_result(text, ctx), ctx)
    if known is None:
        known = sport.outcome(sport.parse_result(text, ctx), ctx)
        _keep(key, known)
    return known


_CONTEXT_FIELDS = tuple(field.name for field in attrs.fields(MatchContext) if field.name != "rules")


def _outcome_key(sport: Sport, text: str, ctx: MatchContext, rules: tuple[Any, ...]) -> tuple[Any, ...]:
    """Everything an outcome depends on: the sport, the text, the rules and every other field of the context."""
    return (type(sport), sport.name, text, rules, *(getattr(ctx, name) for name in _CONTEXT_FIELDS))


def _keep(key: tuple[Any, ...], outcome: Outcome) -> None:
    if len(_OUTCOMES) >= _OUTCOMES_LIMIT:
        _OUTCOMES.clear()
    _OUTCOMES[key] = outcome
