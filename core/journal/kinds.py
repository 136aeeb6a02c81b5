"""The kinds of journal entry, each declared once.

A kind is one :class:`KindSpec`: the typed payload whose fields are the facts an entry of that kind
records (the facts every entry must carry are the fields without a default), its title in ``podium log``,
its step of the fold into an event's state (:func:`podium.journal.state.fold`), and the sentence
``podium log`` says of it. A new kind adds its payload class, its two functions and one line to
:data:`SPECS`; nothing else dispatches on the kind. What a command would have checked before writing
an entry of the kind (replayed by ``podium import``) belongs to the services and is keyed by the same
:class:`Kind` in :data:`podium.services.replay.CHECKS`.

The stored form of a payload is the JSON mapping Podium has always written: a field is left out of it
when it is at its default only where earlier versions left the key out (``omit`` in the field's metadata),
so old meets read as they were entered and new entries read the same way.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

import attrs

from podium.digests import sha256
from podium.formats.base import StageEntrant
from podium.i18n import N_, _, ngettext
from podium.journal.serialize import entrant_from_json, entrant_to_json, text, whole
from podium.model.entrants import Entrant
from podium.model.outcomes import Outcome, OutcomeKind

if TYPE_CHECKING:  # measuring is loaded only when a measured event's performances are read, the ledger when lots
    # are folded or standings ranked, cattrs when an entry is first read or written (tests/test_startup.py)
    import cattrs

    from podium.measure.performance import Performance, Status
    from podium.standings.ledger import Decision


class Kind(StrEnum):
    """What an entry records."""

    ENTRANTS = "entrants"  # entrants imported into events
    DRAW = "draw"  # a stage drawn (seed and resulting positions)
    ROUND = "round"  # a further round paired (Swiss)
    RESULT = "result"  # a match result
    CORRECTION = "correction"  # a result corrected (the earlier entry stays)
    WITHDRAWAL = "withdrawal"  # an entrant withdrawn
    ADVANCE = "advance"  # a stage closed and the next seeded from it
    LOTS = "lots"  # lots drawn to separate a tie
    PENALTY = "penalty"  # a warning or removal (CXA 2011 §18.5)
    PERFORMANCE = "performance"  # a measured result (time, count, judged score)
    SCHEDULE = "schedule"  # a manual pin or move in the order of play
    DISQUALIFICATION = "disqualification"  # an entrant barred from awards and unit points (student board-games league plan §7.4)


OMIT = {"omit": True}
"""Field metadata: the key is left out of the stored payload when the field is at its default."""


# --- payloads ------------------------------------------------------------------------------------------------


@attrs.frozen
class LatePlacement:
    """A late entrant (补报) placed in a heat of a drawn measured stage."""

    stage: str
    entrant: str
    heat: str


@attrs.frozen
class EntrantsFacts:
    """Entrants imported into an event from a file (``podium entrants import``), late ones with their heats."""

    entrants: tuple[Entrant, ...]
    file: str | None = attrs.field(default=None, metadata=OMIT)
    late: tuple[LatePlacement, ...] = attrs.field(default=(), metadata=OMIT)


@attrs.frozen
class DrawFacts:
    """A stage drawn: with ``seed`` by Podium, or (``seed`` ``None``) on paper from ``file``; ``draw`` is the format's own
    layout (:meth:`podium.formats.base.Format.draw`)."""

    stage: str
    seed: int | None
    entrants: tuple[StageEntrant, ...]
    draw: Mapping[str, Any]
    file: str | None = attrs.field(default=None, metadata=OMIT)


@attrs.frozen
class RoundFacts:
    """A further round paired (Swiss, :meth:`podium.formats.base.Format.next_round`): its pairs, its bye, who left
    before it (``leaving``), and how ties at such a cut were decided (``decided``, as an advance records them)."""

    stage: str
    round: int
    pairs: tuple[tuple[str, str], ...]
    bye: str | None = None
    leaving: Mapping[str, str] = attrs.field(factory=dict, metadata=OMIT)
    decided: tuple[Mapping[str, Any], ...] = attrs.field(default=(), metadata=OMIT)


@attrs.frozen
class ResultFacts:
    """A match result (or a correction of one): the sides and round it was played in, ``result`` the text in the
    sport's canonical form, ``input`` as typed, and ``outcome`` what that text meant under the rules whose digest
    is ``rules`` (:func:`rules_digest`). Entries written before Podium kept the outcome have neither; their
    text is parsed again when they are folded."""

    stage: str
    match: str
    sides: tuple[str | None, str | None]
    result: str
    round_name: str | None = None
    decisive: bool = False
    colours: str = "listed"
    input: str | None = None
    outcome: Outcome | None = attrs.field(default=None, metadata=OMIT)
    rules: str | None = attrs.field(default=None, metadata=OMIT)


@attrs.frozen
class WithdrawalFacts:
    """An entrant withdrawn (the entry's reason says why)."""

    entrant: str


@attrs.frozen
class AdvanceFacts:
    """A stage closed: ``entrants`` go on to stage ``to`` in this order, ties at the cut decided as ``decided`` says."""

    stage: str
    to: str
    entrants: tuple[str, ...]
    decided: tuple[Mapping[str, Any], ...] = ()


@attrs.frozen
class LotsFacts:
    """A tie for ``place`` separated by lots (``seed``) or by a play-off's ``order``; ``teams`` for the team ranking."""

    stage: str
    place: int
    group: tuple[str, ...]
    order: tuple[str, ...]
    method: str
    table: str | None = None
    seed: int | None = attrs.field(default=None, metadata=OMIT)
    teams: bool = attrs.field(default=False, metadata=OMIT)


@attrs.frozen
class PenaltyFacts:
    """A warning or removal (CXA 2011 §18.5) of an entrant, in a match of theirs when given there; or its cancellation."""

    entrant: str
    penalty: str
    stage: str | None = attrs.field(default=None, metadata=OMIT)
    match: str | None = attrs.field(default=None, metadata=OMIT)
    cancel: bool = attrs.field(default=False, metadata=OMIT)


@attrs.frozen
class PerformanceFacts:
    """A measured performance in a heat of ``stage``, stored flat beside the stage (:meth:`Performance.to_json`), with
    the text as typed (``input``)."""

    REQUIRED: ClassVar[tuple[str, ...]] = ("stage", "entrant", "heat")

    stage: str
    performance: Performance
    input: str | None = None


@attrs.frozen
class ScheduleFacts:
    """A match or heat pinned at a time (``at``, ISO) on ``resources``; or (``unpin``) the pin taken off."""

    stage: str
    match: str
    at: str | None = attrs.field(default=None, metadata=OMIT)
    resources: tuple[str, ...] | None = attrs.field(default=None, metadata=OMIT)
    unpin: bool = attrs.field(default=False, metadata=OMIT)


@attrs.frozen
class DisqualificationFacts:
    """An entrant barred from awards and unit points (student board-games league plan §7.4), or reinstated (``cancel``)."""

    entrant: str
    cancel: bool = attrs.field(default=False, metadata=OMIT)


Facts = (
    EntrantsFacts | DrawFacts | RoundFacts | ResultFacts | WithdrawalFacts | AdvanceFacts | LotsFacts | PenaltyFacts
    | PerformanceFacts | ScheduleFacts | DisqualificationFacts
)
"""Any kind's payload."""


# --- stored form ---------------------------------------------------------------------------------------------


def outcome_to_json(outcome: Outcome) -> dict[str, Any]:
    """The stored form of an outcome; counters and boards only when it has them."""
    data: dict[str, Any] = {"kind": outcome.kind.value, "winner": outcome.winner, "shares": list(outcome.shares)}
    if outcome.stats:
        data["stats"] = {name: list(values) for name, values in outcome.stats.items()}
    if outcome.first_mover is not None:
        data["first_mover"] = outcome.first_mover
    if outcome.boards:
        data["boards"] = [list(board) for board in outcome.boards]
    return data


_OUTCOME_KINDS = {kind.value: kind for kind in OutcomeKind}
"""Outcome kinds by their stored name (a dictionary look-up costs a twentieth of calling the enumeration)."""


def outcome_from_json(data: Mapping[str, Any]) -> Outcome:
    """An outcome from its stored form (numbers as stored: a count stays whole)."""
    shares = data["shares"]
    stats = data.get("stats")
    boards = data.get("boards")
    kind = data["kind"]
    return Outcome(
        _OUTCOME_KINDS.get(kind) or OutcomeKind(kind),
        data["winner"],
        (shares[0], shares[1]),
        {name: (values[0], values[1]) for name, values in stats.items()} if stats else {},
        data.get("first_mover"),
        tuple((board[0], board[1]) for board in boards) if boards else (),
    )


def _result_from_json(data: Mapping[str, Any], _type: object) -> ResultFacts:
    """A result's facts from their stored form, written out: a meet's results are most of its journal, and this is
    about twice as fast as the generated structuring (a 200-entrant round robin folds 19,900 of them)."""
    sides = data["sides"]
    outcome = data.get("outcome")
    return ResultFacts(
        data["stage"], data["match"], (sides[0], sides[1]), data["result"], data.get("round_name"), data.get("decisive", False),
        data.get("colours", "listed"), data.get("input"), None if outcome is None else outcome_from_json(outcome), data.get("rules"),
    )


def _entrants_from_json(data: Mapping[str, Any], _type: object = None) -> EntrantsFacts:
    """Entrants imported, from their stored form, as the converter would structure them: every command that folds an
    event reads them, and none needs cattrs for it (:mod:`podium.journal.serialize`)."""
    late = data.get("late") or ()
    return EntrantsFacts(
        tuple(entrant_from_json(raw) for raw in data["entrants"]), text(data.get("file")),
        tuple(LatePlacement(str(place["stage"]), str(place["entrant"]), str(place["heat"])) for place in late),
    )


def _draw_from_json(data: Mapping[str, Any], _type: object = None) -> DrawFacts:
    """A draw from its stored form, as the converter would structure it (a stage's layout is kept as stored)."""
    return DrawFacts(
        str(data["stage"]), whole(data["seed"]), tuple(StageEntrant(**raw) for raw in data["entrants"]),
        {str(key): value for key, value in data["draw"].items()}, text(data.get("file")),
    )


def _advance_from_json(data: Mapping[str, Any], _type: object = None) -> AdvanceFacts:
    """A stage closed, from its stored form, as the converter would structure it."""
    return AdvanceFacts(
        str(data["stage"]), str(data["to"]), tuple(str(key) for key in data["entrants"]),
        tuple({str(key): value for key, value in decided.items()} for decided in data.get("decided", ())),
    )


_READERS: dict[type, Callable[[Mapping[str, Any], object], Any]] = {
    EntrantsFacts: _entrants_from_json, DrawFacts: _draw_from_json, AdvanceFacts: _advance_from_json, ResultFacts: _result_from_json,
}
"""The payloads every fold reads, read without the converter (importing cattrs and generating its structuring costs
a tenth of a quick command, docs/performance.md); the rarer kinds are structured by it."""


def _performance_to_json(facts: PerformanceFacts) -> dict[str, Any]:
    data = {"stage": facts.stage, **facts.performance.to_json()}
    if facts.input is not None:
        data["input"] = facts.input
    return data


def _performance_from_json(data: Mapping[str, Any], _type: object) -> PerformanceFacts:
    from podium.measure.performance import Performance

    return PerformanceFacts(data["stage"], Performance.from_json(data), data.get("input"))


@functools.cache
def _reading() -> cattrs.Converter:
    """The converter of payloads, made when a command first reads an entry's facts (a command that reads a kept view
    back reads none, and loads no cattrs)."""
    import cattrs

    made = cattrs.Converter()
    made.register_structure_hook(Entrant, lambda raw, _type: entrant_from_json(raw))
    made.register_unstructure_hook(Entrant, entrant_to_json)
    made.register_structure_hook(StageEntrant, lambda raw, _type: StageEntrant(**raw))
    made.register_unstructure_hook(StageEntrant, attrs.asdict)
    made.register_structure_hook(Outcome, lambda raw, _type: outcome_from_json(raw))
    for cls, read in _READERS.items():
        made.register_structure_hook(cls, read)
    made.register_unstructure_hook(Outcome, outcome_to_json)
    # by predicate: a hook registered for the class would resolve its field types, loading measuring for every command
    made.register_structure_hook_func(lambda cls: cls is PerformanceFacts, _performance_from_json)
    made.register_unstructure_hook_func(lambda cls: cls is PerformanceFacts, _performance_to_json)
    return made


@functools.cache
def _writing() -> cattrs.Converter:
    """The converter with the unstructuring of every payload class generated: made when a command first writes, not
    by every command that only reads (generating them is a tenth of ``podium matches``'s start-up)."""
    from cattrs.gen import make_dict_unstructure_fn, override

    made = _reading()
    for cls in (LatePlacement, EntrantsFacts, DrawFacts, RoundFacts, ResultFacts, WithdrawalFacts, AdvanceFacts, LotsFacts, PenaltyFacts, ScheduleFacts, DisqualificationFacts):
        omitted = {f.name: override(omit_if_default=True) for f in attrs.fields(cls) if f.metadata.get("omit")}
        made.register_unstructure_hook(cls, make_dict_unstructure_fn(cls, made, **omitted))
    return made


def stored(facts: Facts | LatePlacement) -> dict[str, Any]:
    """The JSON mapping the journal stores for ``facts`` (plain lists and dicts, as the store reads it back)."""
    return json.loads(json.dumps(_writing().unstructure(facts), ensure_ascii=False))


def rules_digest(rules: Mapping[str, Any]) -> str:
    """A short fingerprint of the rules a result was entered under (a round's rules, :meth:`EventConfig.rules_for`):
    the fold trusts a stored outcome only while the rules still have this fingerprint."""
    text = json.dumps(rules, sort_keys=True, ensure_ascii=False, default=str)
    return sha256(text.encode("utf-8")).hexdigest()[:16]


# --- folding and describing ----------------------------------------------------------------------------------


class Recorded(Protocol):
    """A journal entry as the fold and the log see it (:class:`podium.journal.entries.Entry`)."""

    @property
    def seq(self) -> int: ...
    @property
    def kind(self) -> Kind: ...
    @property
    def event(self) -> str | None: ...
    @property
    def payload(self) -> Mapping[str, Any]: ...
    @property
    def reason(self) -> str | None: ...
    @property
    def facts(self) -> Any: ...


@attrs.define
class Folding:
    """What the entries of one event say so far, as :func:`podium.journal.state.fold` gathers them before it lays out
    the stages: ``order`` is the order of the event's stages in ``meet.toml``."""

    order: list[str]
    entrants: dict[str, Entrant] = attrs.field(factory=dict)
    withdrawn: dict[str, str] = attrs.field(factory=dict)
    draws: dict[str, Recorded] = attrs.field(factory=dict)
    rounds: dict[str, list[Mapping[str, Any]]] = attrs.field(factory=dict)
    results: dict[tuple[str, str], list[Recorded]] = attrs.field(factory=dict)
    performances: dict[str, list[Recorded]] = attrs.field(factory=dict)
    lots: dict[str, list[Decision]] = attrs.field(factory=dict)
    penalties: dict[str, list[int]] = attrs.field(factory=dict)
    late: dict[str, list[LatePlacement]] = attrs.field(factory=dict)
    advanced: dict[str, tuple[str, ...]] = attrs.field(factory=dict)


class Names(Protocol):
    """How ``podium log`` names what an entry refers to, as a reader knows it (:mod:`podium.journal.history`), and
    how the entry's event writes the status of a performance (``status``: ``X`` for a foul in a long jump, ``NM``
    for a jump without a valid trial; the status's own code elsewhere)."""

    def stage(self, name: str) -> str: ...
    def match(self, stage: str, key: str) -> str: ...
    def entrant(self, key: str | None) -> str: ...
    def unit(self, key: str) -> str: ...
    def place(self, key: str) -> str: ...
    def status(self, stage: str, heat: str, status: Status) -> str: ...


def table_key(stage: str, table: str | None) -> str:
    """How lots and play-offs name the table they were recorded for."""
    return f"{stage}:{table or ''}"


TEAMS_TABLE = "teams"
"""How lots and play-offs of the event's team ranking (``podium lots EVENT --teams``) are keyed: without the
``:`` of :func:`table_key`, so no stage's table can clash with it."""


def _fold_entrants(state: Folding, entry: Recorded, facts: EntrantsFacts) -> None:
    for entrant in facts.entrants:
        state.entrants[entrant.key] = entrant
    for placed in facts.late:  # late entrants (补报) placed in a heat of a drawn stage
        state.late.setdefault(placed.stage, []).append(placed)


def _fold_draw(state: Folding, entry: Recorded, facts: DrawFacts) -> None:
    """A (re)draw of a stage replaces it and everything drawn after it, and reopens it."""
    later = set(state.order[state.order.index(facts.stage):]) if facts.stage in state.order else {facts.stage}
    for name in later:
        for found in (state.late, state.draws, state.rounds, state.performances, state.advanced):
            found.pop(name, None)
    for key in [k for k in state.results if k[0] in later]:
        del state.results[key]
    state.draws[facts.stage] = entry


def _fold_round(state: Folding, entry: Recorded, facts: RoundFacts) -> None:
    state.rounds.setdefault(facts.stage, []).append(entry.payload)  # the format reads its own round as it planned it


def _fold_result(state: Folding, entry: Recorded, facts: ResultFacts) -> None:
    state.results.setdefault((facts.stage, facts.match), []).append(entry)


def _fold_performance(state: Folding, entry: Recorded, facts: PerformanceFacts) -> None:
    state.performances.setdefault(facts.stage, []).append(entry)


def _fold_withdrawal(state: Folding, entry: Recorded, facts: WithdrawalFacts) -> None:
    state.withdrawn[facts.entrant] = entry.reason or ""


def _fold_advance(state: Folding, entry: Recorded, facts: AdvanceFacts) -> None:
    """Who went on from a closed stage, in the order the advance sent them (:attr:`EventState.advanced`).

    Folded rather than no longer written: it is the one fact saying which entrants a stage sent on as it was closed
    (the next stage's draw lists whom it drew, and a redraw of that stage leaves out the withdrawn), and a
    correction in the closed stage must not change it (:func:`podium.services.results.prepare`); it also carries the
    reason of a cut decided by ``--order``, and ``podium log`` says it. A redraw of the stage, or of one before it,
    reopens it (:func:`_fold_draw`)."""
    state.advanced[facts.stage] = facts.entrants


def _fold_lots(state: Folding, entry: Recorded, facts: LotsFacts) -> None:
    from podium.standings.ledger import Decision

    table = TEAMS_TABLE if facts.teams else table_key(facts.stage, facts.table)
    state.lots.setdefault(table, []).append(Decision(frozenset(facts.group), facts.order, facts.method, facts.seed, entry.seq))


def _fold_penalty(state: Folding, entry: Recorded, facts: PenaltyFacts) -> None:
    counts = state.penalties.setdefault(facts.entrant, [0, 0])
    counts[0 if facts.penalty == "removal" else 1] += -1 if facts.cancel else 1


def _fold_nothing(state: Folding, entry: Recorded, facts: Any) -> None:
    """Pins and disqualifications are meet-wide: the order of play (:func:`podium.services.schedule.pins`) and the
    awards (:func:`podium.services.sportsday.disqualified`) read them from the journal, not the event's state."""


def _describe_entrants(names: Names, entry: Recorded, facts: EntrantsFacts) -> str:
    count = len(facts.entrants)
    return ngettext("{count} entrant imported from {file}", "{count} entrants imported from {file}", count).format(count=count, file=facts.file or "?")


def _describe_draw(names: Names, entry: Recorded, facts: DrawFacts) -> str:
    if facts.seed is None:
        return _("stage '{stage}' drawn on paper ({file})").format(stage=names.stage(facts.stage), file=facts.file or "?")
    return _("stage '{stage}' drawn with seed {seed}").format(stage=names.stage(facts.stage), seed=facts.seed)


def _describe_round(names: Names, entry: Recorded, facts: RoundFacts) -> str:
    text = ngettext("round {round} of '{stage}' paired: {count} match", "round {round} of '{stage}' paired: {count} matches", len(facts.pairs)).format(
        round=facts.round, stage=names.stage(facts.stage), count=len(facts.pairs)
    )
    if facts.bye:
        text += _(", bye: {name}").format(name=names.entrant(facts.bye))
    return text


def _describe_advance(names: Names, entry: Recorded, facts: AdvanceFacts) -> str:
    return ngettext("stage '{stage}' closed: {count} goes through to '{next}'", "stage '{stage}' closed: {count} go through to '{next}'", len(facts.entrants)).format(
        stage=names.stage(facts.stage), count=len(facts.entrants), next=names.stage(facts.to)
    )


def _describe_result(names: Names, entry: Recorded, facts: ResultFacts) -> str:
    return f"{names.match(facts.stage, facts.match)}  {names.entrant(facts.sides[0])} – {names.entrant(facts.sides[1])}  {facts.result}"


def _describe_performance(names: Names, entry: Recorded, facts: PerformanceFacts) -> str:
    from podium.measure.performance import Status, status_shown

    done = facts.performance
    # as the event's results write it (X for a foul in a jump, not the NR it is recorded as), in words where it has
    # them (弃权 for DNS)
    status = "" if done.status is Status.OK else status_shown(names.status(facts.stage, done.heat, done.status))
    what = _("void") if done.void else done.value or ",".join(done.judges) or status
    extras = [f"{k}×{v}" for k, v in done.penalties.items()]
    if done.false_starts:
        extras.append(ngettext("{count} false start", "{count} false starts", done.false_starts).format(count=done.false_starts))
    who = names.entrant(done.entrant)
    if done.attempt > 1:  # one message, so that Chinese writes 梁雪第 2 次 but Ann 第 2 次
        who = _("{name} attempt {number}").format(name=who, number=done.attempt)
    text = f"{names.match(facts.stage, done.heat)}  {who}  {what}"
    return text + (f" ({', '.join(extras)})" if extras else "")


def _describe_withdrawal(names: Names, entry: Recorded, facts: WithdrawalFacts) -> str:
    return _("{name} withdrawn").format(name=names.entrant(facts.entrant))


def _describe_lots(names: Names, entry: Recorded, facts: LotsFacts) -> str:
    if facts.teams:  # the team ranking's tie: units
        order = _("team ranking {order}").format(order=_(", ").join(names.unit(key) for key in facts.order))
    else:
        order = _(", ").join(names.entrant(key) for key in facts.order)
    if facts.method == "playoff":
        return _("play-off for place {place}: {order}").format(place=facts.place, order=order)
    return _("lots for place {place} drawn with seed {seed}: {order}").format(place=facts.place, seed=facts.seed, order=order)


def _describe_penalty(names: Names, entry: Recorded, facts: PenaltyFacts) -> str:
    name = names.entrant(facts.entrant)
    if facts.cancel:
        return _("{penalty} of {name} cancelled").format(penalty=_(facts.penalty), name=name)
    return _("{penalty} for {name}").format(penalty=_(facts.penalty), name=name)


def _describe_schedule(names: Names, entry: Recorded, facts: ScheduleFacts) -> str:
    match = names.match(facts.stage, facts.match)
    if facts.unpin:
        return _("{match} unpinned").format(match=match)
    return _("{match} pinned at {at} {resources}").format(
        match=match, at=(facts.at or "").replace("T", " ")[:16], resources=_(", ").join(names.place(r) for r in facts.resources or ()),
    ).rstrip()


def _describe_disqualification(names: Names, entry: Recorded, facts: DisqualificationFacts) -> str:
    return (_("{name} reinstated") if facts.cancel else _("{name} disqualified")).format(name=names.entrant(facts.entrant))


# --- the declarations ----------------------------------------------------------------------------------------

P = TypeVar("P")


REDRAW = "podium:redraw"
"""The reason Podium gives a draw that replaces an earlier one, as it is stored: a code, said in the reader's language."""


@attrs.frozen
class KindSpec(Generic[P]):
    """One kind of journal entry: its payload class, its title in ``podium log`` (translated where shown), its step
    of the fold, its sentence in ``podium log``, and the reasons Podium gives an entry of the kind itself.

    ``reasons`` maps the reason stored to the English that says it (translated where shown): a code such as
    :data:`REDRAW`, which Podium stores, and the texts earlier versions stored instead, in the language of whoever
    entered it (``重新抽签``), so that an old journal reads in the reader's language too. Any other reason of an
    entry is a person's and is shown as typed."""

    kind: Kind
    title: str
    facts: type[P]
    fold: Callable[[Folding, Recorded, P], None]
    describe: Callable[[Names, Recorded, P], str]
    reasons: Mapping[str, str] = attrs.field(factory=dict)

    @property
    def required(self) -> tuple[str, ...]:
        """The facts every entry of the kind carries: the payload's fields without a default, as stored."""
        declared = getattr(self.facts, "REQUIRED", None)
        if declared is not None:
            return tuple(declared)
        return tuple(f.name for f in attrs.fields(self.facts) if f.default is attrs.NOTHING)  # type: ignore[arg-type]

    def decode(self, payload: Mapping[str, Any]) -> P:
        """The typed facts of a stored payload."""
        read = _READERS.get(self.facts)
        return read(payload, self.facts) if read is not None else _reading().structure(payload, self.facts)

    def entry(self, event: str | None, facts: P, reason: str | None = None) -> tuple[Kind, str | None, dict[str, Any], str | None]:
        """A new entry of this kind (:data:`podium.store.contract.NewEntry`) recording ``facts``."""
        if not isinstance(facts, self.facts):
            raise TypeError(f"a {self.kind.value} entry records {self.facts.__name__}, not {type(facts).__name__}")
        return (self.kind, event, stored(facts), reason)  # type: ignore[arg-type]


SPECS: dict[Kind, KindSpec[Any]] = {
    spec.kind: spec
    for spec in (
        KindSpec(Kind.ENTRANTS, N_("entrants"), EntrantsFacts, _fold_entrants, _describe_entrants),
        KindSpec(Kind.DRAW, N_("draw"), DrawFacts, _fold_draw, _describe_draw, {REDRAW: N_("redraw"), "redraw": N_("redraw"), "重新抽签": N_("redraw")}),
        KindSpec(Kind.ROUND, N_("round paired"), RoundFacts, _fold_round, _describe_round),
        KindSpec(Kind.RESULT, N_("result"), ResultFacts, _fold_result, _describe_result),
        KindSpec(Kind.CORRECTION, N_("correction"), ResultFacts, _fold_result, _describe_result),
        KindSpec(Kind.WITHDRAWAL, N_("withdrawal"), WithdrawalFacts, _fold_withdrawal, _describe_withdrawal),
        KindSpec(Kind.ADVANCE, N_("advance"), AdvanceFacts, _fold_advance, _describe_advance),
        KindSpec(Kind.LOTS, N_("lots"), LotsFacts, _fold_lots, _describe_lots),
        KindSpec(Kind.PENALTY, N_("penalty"), PenaltyFacts, _fold_penalty, _describe_penalty),
        KindSpec(Kind.PERFORMANCE, N_("performance"), PerformanceFacts, _fold_performance, _describe_performance),
        KindSpec(Kind.SCHEDULE, N_("schedule"), ScheduleFacts, _fold_nothing, _describe_schedule),
        KindSpec(Kind.DISQUALIFICATION, N_("disqualification"), DisqualificationFacts, _fold_nothing, _describe_disqualification),
    )
}
"""Every kind, declared once."""


def spec(kind: Kind) -> KindSpec[Any]:
    """The declaration of ``kind``."""
    return SPECS[kind]


def describe(names: Names, entry: Recorded) -> str:
    """One sentence saying what ``entry`` recorded."""
    return SPECS[entry.kind].describe(names, entry, entry.facts)


def reason(entry: Recorded) -> str:
    """The reason of ``entry`` as a reader reads it, in the current language: one Podium gave (:attr:`KindSpec.reasons`)
    translated, one a person typed as typed; empty without a reason."""
    given = entry.reason or ""
    generated = SPECS[entry.kind].reasons.get(given)
    return _(generated) if generated is not None else given
