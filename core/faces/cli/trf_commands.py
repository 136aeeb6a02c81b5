"""A Swiss event as a FIDE tournament report file (TRF16 with TRF(x) lines), and a meet from one.

``podium export --trf EVENT`` writes the event's Swiss stage so that other pairing
programs and free pairing checkers (JaVaFo, bbpPairings) can read it; ``podium
import --trf FILE DIR`` builds a meet whose one event holds the file's players,
rounds and results, replayed through the journal like any other import.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from typing import TYPE_CHECKING, Any

from podium.errors import NotFound, PodiumError, Target
from podium.formats.trf import BYE as TRF_BYE
from podium.formats.trf import TrfPlayer, TrfRound, TrfTournament
from podium.i18n import N_, _
from podium.model.entrants import BYE

if TYPE_CHECKING:
    from podium.journal.stages import StageState
    from podium.journal.state import EventState
    from podium.services.meet import Meet

SPORT = "xiangqi"
"""The sport of an imported Swiss: a two-player board game whose results read 1-0, 0-1, = and +:- like TRF's."""


def swiss_stage(event: EventState) -> StageState:
    """The event's Swiss stage, which must have been drawn."""
    for stage in event.stages:
        if stage.config.format == "swiss":
            return stage
    raise NotFound(
        N_("{event} has no drawn Swiss stage; a tournament report file (TRF) describes a Swiss."), code="archive.trf_no_swiss", target=Target(event=event.key), event=event.config.name
    )


def export_trf(meet: Meet, event_key: str) -> TrfTournament:
    """The event's Swiss stage with every complete round (a round still being played is left out)."""
    event = meet.state().event(meet.config.event(event_key).key)
    stage = swiss_stage(event)
    view, matches = stage.view, stage.matches
    rulings = stage.format.rulings(view, matches)
    numbers = {key: index + 1 for index, key in enumerate(view.draw["order"])}
    ratings = {e.key: int(e.rating or 0) for e in view.entrants}
    standings = dict(event.standings(stage)).get(None)
    places = {row.key: row.place for row in standings.rows} if standings is not None else {}
    rounds: dict[str, list[TrfRound]] = {key: [] for key in numbers}
    for payload in view.rounds:
        number = payload["round"]
        found: dict[str, TrfRound] = {}
        for match in (m for m in matches if m.round == number):
            first, second = match.entrants
            if second == BYE:
                found[first] = TrfRound(0, "-", TRF_BYE)  # type: ignore[index]
                continue
            outcome = view.outcomes.get(match.key)
            if outcome is None and (ruling := rulings.get(match.key)) is not None:
                outcome = ruling.outcome
            if outcome is None:
                break
            if outcome.played:
                codes = ("=", "=") if outcome.winner is None else ("1", "0") if outcome.winner == 0 else ("0", "1")
            else:
                codes = ("-", "-") if outcome.winner is None else ("+", "-") if outcome.winner == 0 else ("-", "+")
            found[first] = TrfRound(numbers[second], "w", codes[0])  # type: ignore[index]
            found[second] = TrfRound(numbers[first], "b", codes[1])  # type: ignore[index]
        else:
            for key in numbers:
                rounds[key].append(found.get(key, TrfRound(0, "-", "Z")))
            continue
        break
    initial = view.draw.get("initial", view.options["initial_colour"])
    return TrfTournament(
        name=f"{meet.config.name} - {event.config.name}",
        rounds=view.options["rounds"],
        initial="black1" if initial == "second" else "white1",
        players=tuple(
            TrfPlayer(numbers[key], event.entrants[key].name, ratings.get(key, 0), places.get(key, 0), tuple(rounds[key]))
            for key in numbers
        ),
    )


def import_trf(tournament: TrfTournament, source: str) -> dict[str, Any]:
    """A Podium meet export (see :mod:`podium.services.archive`) holding the file's Swiss as one event.

    The event is a xiangqi Swiss scored 1-½-0 with the file's number of rounds and
    initial colour; entrants keep their start ranks as pairing numbers. Every round
    must pair each player or give them the bye, except that a player may stop
    (withdrawn before the first round they miss). Raises ``PodiumError`` otherwise.
    """
    players = sorted(tournament.players, key=lambda p: p.rank)
    keys = {p.rank: str(p.rank) for p in players}
    played = max((len(p.rounds) for p in players), default=0)
    stop: dict[int, int] = {}
    for p in players:
        absent = [index for index, r in enumerate(p.rounds, start=1) if not r.opponent and r.result != TRF_BYE]
        gone = min(absent + ([len(p.rounds) + 1] if len(p.rounds) < played else []), default=0)
        if gone and any(index >= gone and (r.opponent or r.result == TRF_BYE) for index, r in enumerate(p.rounds, start=1)):
            raise PodiumError(
                N_("{file}: player {rank} misses round {round} and plays later; Podium pairs every entrant still in the event."), code="archive.trf_player_misses_round", target=Target(file=source), file=source, rank=p.rank, round=gone
            )
        if gone:
            stop[p.rank] = gone
    initial = "second" if tournament.initial == "black1" else "first"
    name = re.sub(r'["\\\n]', " ", tournament.name or source)
    toml = (
        f'[meet]\nname = "{name}"\n\n[events.swiss]\nname = "{name}"\nsport = "{SPORT}"\nscoring = "1-0.5-0"\n\n'
        f'[[events.swiss.stages]]\nname = "swiss"\nformat = "swiss"\nrounds = {max(tournament.rounds, played, 1)}\n'
        f'seeding = "list"\ninitial_colour = "{initial}"\n'
    )
    at = dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat()
    journal: list[dict[str, Any]] = []

    def add(kind: str, payload: dict[str, Any], reason: str | None = None) -> None:
        journal.append({"seq": len(journal) + 1, "at": at, "kind": kind, "event": "swiss", "payload": payload, "reason": reason})

    add(
        "entrants",
        {
            "entrants": [
                {"event": "swiss", "key": keys[p.rank], "kind": "individual", "members": [{"name": p.name, "rating": float(p.rating) if p.rating else None}], "name": p.name, "rating": float(p.rating) if p.rating else None}
                for p in players
            ],
            "file": source,
        },
    )
    add(
        "draw",
        {
            "draw": {"order": [keys[p.rank] for p in players]},
            "entrants": [{"group": None, "key": keys[p.rank], "place": None, "rating": float(p.rating) if p.rating else None, "seed": None, "unit": None} for p in players],
            "seed": 0,
            "stage": "swiss",
        },
    )
    points = dict.fromkeys(keys, 0.0)
    for number in range(1, played + 1):
        for rank, gone in stop.items():
            if gone == number:
                add("withdrawal", {"entrant": keys[rank]}, _("no longer in the tournament report file"))
        games = [(p, p.rounds[number - 1]) for p in players if number <= len(p.rounds)]
        results = {p.rank: r.result for p, r in games}
        pairs = [
            (p.rank, r.opponent, "--" if r.result == "-" and results.get(r.opponent) == "-" else r.result)
            for p, r in games
            if r.opponent and r.colour == "w"
        ]
        byes = [p.rank for p, r in games if r.result == TRF_BYE]
        if len(byes) > 1:
            raise PodiumError(N_("{file}: round {round} gives the bye to more than one player."), code="archive.trf_two_byes", target=Target(file=source), file=source, round=number)
        pairs.sort(key=lambda g: (-max(points[g[0]], points[g[1]]), -(points[g[0]] + points[g[1]]), min(g[0], g[1])))
        add("round", {"bye": keys[byes[0]] if byes else None, "pairs": [[keys[a], keys[b]] for a, b, _r in pairs], "round": number, "stage": "swiss"})
        for board, (a, b, result) in enumerate(pairs, start=1):
            text = {"1": "1-0", "0": "0-1", "=": "=", "+": "+:-", "-": "-:+", "--": "-:-"}.get(result)
            if text is None:
                raise PodiumError(
                    N_("{file}: round {round}, player {rank}: result '{result}' is not a game result Podium can enter."), code="archive.trf_result_unknown", target=Target(file=source), file=source, round=number, rank=a, result=result
                )
            add(
                "result",
                {"colours": "listed", "decisive": False, "input": text, "match": f"R{number}.{board}", "result": text, "round_name": None, "sides": [keys[a], keys[b]], "stage": "swiss"},
            )
        for p, r in games:
            points[p.rank] += {"1": 1.0, "=": 0.5, "+": 1.0, TRF_BYE: 1.0}.get(r.result, 0.0)
    return {"format": "podium-meet-export", "version": 1, "podium": "trf", "exported_at": at, "meet_toml": toml, "journal": json.loads(json.dumps(journal))}
