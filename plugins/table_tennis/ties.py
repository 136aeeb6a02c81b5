"""Team ties: line-ups, rubbers and the result text of a whole tie.

The order of rubbers comes from :mod:`.orders` (``ittf``: table-tennis rules summary §5;
``five_singles``: table-tennis plan 6 §7(3); or an order the event writes out). Rules checked:

* a line-up names each letter of its side once, with different registered members;
  reserves play only when the event allows substitutions (table-tennis plan 6 §9.3);
* a rubber is played by the letters its slots allow; an A/B or X/Y player who played
  the doubles plays no later singles in a choice slot (table-tennis rules summary §5 (5)), so in the
  ittf order rubbers 4 and 5 follow from the doubles pair (named after rubber 2);
* each rubber is a valid best-of-N match (ITTF 2.11, 2.12);
* the tie ends as soon as a team has won the majority of the rubbers, unless the
  event plays them all (ITTF Regulations 3.7, team match procedure; table-tennis plan 6
  §7(3) leaves it open, so ``play_all_rubbers`` is an option).

A result names both line-ups and then the rubbers, all read from the first-named
team::

    A=张三 B=李四 C=王五; X=赵六 Y=钱七 Z=孙八; 11-9 11-7 11-5 | 9-11 11-8 11-6 11-4 | A+C-Y+Z 11-5 11-5 11-5

The first line-up belongs to the first-named team; the letters it uses (A, B, C or
X, Y, Z) say which side of the order it plays. Names without letters are taken in
order (A, B, C for the first team). A rubber may start with its players
(``A-X``, ``A+C-Y+Z``); they are needed only where the order leaves a choice that
the rules do not settle (the ittf doubles pair).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from podium.api import N_, Entrant, Hint, Message, ResultError
from podium.plugins.table_tennis.orders import (
    ALPHABETS,
    RubberSpec,
    Slot,
    TieFormat,
    assignments,
    spec_example,
    tie_format,
)
from podium.plugins.table_tennis.scores import (
    MatchScore,
    format_match,
    normalise,
    parse_match,
    parse_walkover,
)


@attrs.frozen
class Rubber:
    """One rubber as played: the letters who played it per side (side 0 first; empty when unknown) and its score."""

    players: tuple[tuple[str, ...], tuple[str, ...]]
    score: MatchScore

    def mirrored(self) -> Rubber:
        return Rubber((self.players[1], self.players[0]), self.score.mirrored())


Lineup = tuple[tuple[str, str], ...]
"""``(("A", "张三"), ("B", "李四"), …)``."""


@attrs.frozen
class TieScore:
    """The result of a team tie, read from side 0: line-ups, which side plays A–D, and the rubbers.

    A tie not played at all is a ``walkover`` (the winning side) or a ``double_walkover``.
    """

    lineups: tuple[Lineup, Lineup] = ((), ())
    home: int = 0
    rubbers: tuple[Rubber, ...] = ()
    walkover: int | None = None
    double_walkover: bool = False

    @property
    def rubbers_won(self) -> tuple[int, int]:
        won = [0, 0]
        for rubber in self.rubbers:
            winner = rubber.score.winner
            if winner is not None:
                won[winner] += 1
        return won[0], won[1]

    @property
    def winner(self) -> int | None:
        if self.double_walkover:
            return None
        if self.walkover is not None:
            return self.walkover
        a, b = self.rubbers_won
        return 0 if a > b else 1

    def mirrored(self) -> TieScore:
        return TieScore(
            lineups=(self.lineups[1], self.lineups[0]),
            home=1 - self.home,
            rubbers=tuple(r.mirrored() for r in self.rubbers),
            walkover=None if self.walkover is None else 1 - self.walkover,
            double_walkover=self.double_walkover,
        )


@attrs.frozen
class TieRules:
    """The rules a tie is checked against (from the event's options)."""

    format: TieFormat
    best_of: int
    target: int
    games_only: bool = False
    play_all: bool = False
    substitutions: bool = False

    @classmethod
    def of(cls, rules: Mapping[str, Any]) -> TieRules:
        return cls(
            format=tie_format(rules["tie"]),
            best_of=rules["best_of"],
            target=rules["game_points"],
            games_only=rules["games_only"],
            play_all=rules["play_all_rubbers"],
            substitutions=rules["substitutions"],
        )


_LETTER_MARK = re.compile(r"(?:^|(?<=[\s,、]))([A-Za-z])\s*=\s*")
_PLAYERS = re.compile(
    r"^([A-Za-z](?:\s*\+\s*[A-Za-z]|[A-Za-z])?)\s*(?:-|\bvs?\b)\s*([A-Za-z](?:\s*\+\s*[A-Za-z]|[A-Za-z])?)(?=\s|$)",
    re.IGNORECASE,
)


def parse_tie(text: str, teams: tuple[Entrant, Entrant], rules: TieRules) -> TieScore:
    """Read and validate the result of a tie between ``teams`` (side 0 first), or raise :class:`ResultError`."""
    clean = normalise(text)
    walkover = parse_walkover(clean)
    if walkover is not None:
        return TieScore(walkover=walkover.walkover, double_walkover=walkover.double_walkover)
    parts = clean.split(";")
    if len(parts) != 3:
        raise ResultError(
            N_("A tie result has three parts separated by ';': the line-up of {first}, the line-up of {second}, then the rubbers separated by '|', e.g. '{example}'."), code="table_tennis.tie_parts", first=teams[0].name, second=teams[1].name, example=example_tie(rules.format, rules.best_of, example_players(teams))
        )
    named = [_read_lineup(part, team) for part, team in zip(parts[:2], teams, strict=True)]
    home = _home_side(named)
    lineups = tuple(
        _check_lineup(named[side][1], teams[side], rules.format.letters(0 if side == home else 1), rules.substitutions)
        for side in (0, 1)
    )
    rubbers = _read_rubbers(parts[2], teams, home, rules)
    return TieScore(lineups=(lineups[0], lineups[1]), home=home, rubbers=rubbers)


def _read_lineup(text: str, team: Entrant) -> tuple[int | None, list[tuple[str | None, str]]]:
    """The alphabet the line-up's letters belong to (``None`` when given without letters) and its (letter, name) entries."""
    text = text.strip()
    marks = list(_LETTER_MARK.finditer(text))
    if not marks:
        return None, [(None, name) for name in _names_in_order(text, team)]
    if text[: marks[0].start()].strip(" ,、"):
        raise ResultError(
            N_("The line-up of {team} mixes names with and without letters: '{text}'; write A=name B=name … (or only names, in order)."), code="table_tennis.lineup_letters_mixed", team=team.name, text=text
        )
    entries: list[tuple[str | None, str]] = []
    for index, mark in enumerate(marks):
        end = marks[index + 1].start() if index + 1 < len(marks) else len(text)
        entries.append((mark[1].upper(), _clean_name(text[mark.end() : end])))
    alphabets = {next((i for i, a in enumerate(ALPHABETS) if letter in a), None) for letter, _name in entries}
    if len(alphabets) != 1 or None in alphabets:
        letters = ", ".join(str(letter) for letter, _name in entries)
        raise ResultError(
            N_("The line-up of {team} uses the letters {letters}; one team plays as A, B, C… and the other as X, Y, Z…."), code="table_tennis.lineup_letters_wrong", team=team.name, letters=letters
        )
    return alphabets.pop(), entries


def name_key(name: str) -> str:
    """How a name is compared with the registered names: NFKC (the result text is read in NFKC), case and spacing ignored."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def _clean_name(text: str) -> str:
    return " ".join(text.strip(" ,、").split())


def _names_in_order(text: str, team: Entrant) -> list[str]:
    """Names given without letters: split at commas, else match registered names (which may hold spaces) greedily."""
    if re.search(r"[,、]", text):
        return [_clean_name(n) for n in re.split(r"[,、]", text) if n.strip()]
    known = {name_key(m.name) for m in team.members}
    tokens = text.split()
    names = []
    index = 0
    while index < len(tokens):
        for end in range(len(tokens), index, -1):
            candidate = " ".join(tokens[index:end])
            if name_key(candidate) in known or end == index + 1:
                names.append(candidate)
                index = end
                break
    return names


def _home_side(named: list[tuple[int | None, list[tuple[str | None, str]]]]) -> int:
    """Which side plays with the home letters A–D: from the letters given, else the first-named team."""
    first, second = named[0][0], named[1][0]
    if first is not None and first == second:
        raise ResultError(
            N_("Both line-ups use the letters {letters}; one team plays as A, B, C… and the other as X, Y, Z…."), code="table_tennis.lineup_letters_same", letters=", ".join(ALPHABETS[first][:3])
        )
    if first is not None:
        return 0 if first == 0 else 1
    if second is not None:
        return 1 if second == 0 else 0
    return 0


def _check_lineup(entries: list[tuple[str | None, str]], team: Entrant, letters: str, substitutions: bool) -> Lineup:
    """Validate a line-up against the team's registered members and the letters the order needs."""
    if any(letter is None for letter, _name in entries):
        if len(entries) != len(letters):
            raise ResultError(
                N_("The line-up of {team} has {count} names; this tie needs {need} players ({letters})."), code="table_tennis.lineup_count", team=team.name, count=len(entries), need=len(letters), letters=", ".join(letters)
            )
        entries = [(letter, name) for letter, (_none, name) in zip(letters, entries, strict=True)]
    given = [letter for letter, _name in entries]
    for letter in given:
        if given.count(letter) > 1:
            raise ResultError(N_("The line-up of {team} names {letter} twice."), code="table_tennis.lineup_letter_twice", team=team.name, letter=letter)
    if set(given) != set(letters):
        raise ResultError(
            N_("The line-up of {team} gives {given}; this tie's order needs exactly {letters}."), code="table_tennis.lineup_letters_needed", team=team.name, given=", ".join(str(g) for g in given), letters=", ".join(letters)
        )
    members = {name_key(m.name): m for m in team.members}
    lineup = []
    seen: dict[str, str] = {}
    for letter, name in sorted(entries, key=lambda e: letters.find(str(e[0]))):
        member = members.get(name_key(name))
        if member is None:
            raise ResultError(
                N_("{name} is not a member of {team}; its members: {members}."), code="table_tennis.lineup_not_member", name=name or "''", team=team.name, members=", ".join(m.name for m in team.members)
            )
        if member.name in seen:
            raise ResultError(
                N_("{name} is named twice in the line-up of {team} ({first} and {second}); each letter is a different player."), code="table_tennis.lineup_player_twice", name=member.name, team=team.name, first=seen[member.name], second=letter
            )
        if member.reserve and not substitutions:
            raise ResultError(
                N_("{name} is a reserve of {team}, and this event allows no substitutions (substitutions = false; table-tennis plan 6 §9.3)."), code="table_tennis.lineup_reserve", name=member.name, team=team.name
            )
        seen[member.name] = str(letter)
        lineup.append((str(letter), member.name))
    return tuple(lineup)


def _read_rubbers(text: str, teams: tuple[Entrant, Entrant], home: int, rules: TieRules) -> tuple[Rubber, ...]:
    pieces = [p.strip() for p in text.split("|")]
    if pieces and not pieces[-1]:
        pieces.pop()
    if not pieces:
        raise ResultError(
            N_("The tie lists no rubbers; give their scores separated by '|', e.g. '{example}'."), code="table_tennis.tie_no_rubbers", example=example_tie(rules.format, rules.best_of, example_players(teams))
        )
    fmt = rules.format
    rubbers: list[Rubber] = []
    won = [0, 0]
    doubles_players: list[set[str] | None] = []  # letters of each doubles rubber played so far (None: unknown)
    for number, piece in enumerate(pieces, start=1):
        if not piece:
            raise ResultError(N_("Rubber {n} is empty; give its game scores or a walkover."), code="table_tennis.rubber_empty", n=number)
        if number > len(fmt.order):
            raise ResultError(
                N_("Rubber {n}: this tie has only {count} rubbers ({order})."), code="table_tennis.rubber_beyond_order", n=number, count=len(fmt.order), order=fmt.label()
            )
        if max(won) >= fmt.majority and not rules.play_all:
            raise ResultError(
                N_("Rubber {n}: the tie was already decided {a}-{b} after rubber {last}; no further rubber is played."), code="table_tennis.tie_already_decided",
                hint=Hint("set_option", option="play_all_rubbers", value="true"), n=number, a=won[0], b=won[1], last=number - 1
            )
        spec = fmt.order[number - 1]
        given, rest = _given_players(piece)
        try:
            score = parse_match(rest, rules.best_of, rules.target, games_only=rules.games_only)
        except ResultError as error:
            raise ResultError(error.problem.framed(Message(N_("Rubber {n}: {message}"), n=number))) from None
        if score.double_walkover:
            raise ResultError(
                N_("Rubber {n}: a rubber needs a winner; if neither team turned up, enter the whole tie as -:-."), code="table_tennis.rubber_double_walkover", n=number
            )
        players = _players(number, spec, given, home, score, doubles_players, teams)
        if spec.doubles:
            doubles_players.append(set(players[0] + players[1]) if players[0] else None)
        rubbers.append(Rubber(players, score))
        won[0 if score.winner == 0 else 1] += 1
    if rules.play_all and len(rubbers) < len(fmt.order):
        raise ResultError(
            N_("This event plays all {count} rubbers of a tie (play_all_rubbers = true); {given} were entered."), code="table_tennis.tie_all_rubbers", count=len(fmt.order), given=len(rubbers)
        )
    if max(won) < fmt.majority:
        raise ResultError(
            N_("The tie is not finished: a team needs {need} rubbers, and it is {a}-{b} after {played}."), code="table_tennis.tie_unfinished", need=fmt.majority, a=won[0], b=won[1], played=len(rubbers)
        )
    return tuple(rubbers)


def _given_players(piece: str) -> tuple[tuple[str, ...] | None, str]:
    """Split ``"A+C-Y+Z 11-9 …"`` into the letters given (``None`` when none) and the score text."""
    match = _PLAYERS.match(piece)
    if not match:
        return None, piece
    letters = tuple(ch.upper() for ch in match[1] + match[2] if ch.isalpha())
    return letters, piece[match.end() :]


def _players(
    number: int,
    spec: RubberSpec,
    given: tuple[str, ...] | None,
    home: int,
    score: MatchScore,
    doubles_players: Sequence[set[str] | None],
    teams: tuple[Entrant, Entrant],
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The letters who play rubber ``number`` per side (side 0 first), from the order, the rules and what was given."""
    excluded: set[str] = set()
    unknown_doubles = False
    if not spec.doubles:
        for played in doubles_players:
            if played is None:
                unknown_doubles = True
            else:
                excluded |= played
    by_side: list[tuple[str, ...]] = [(), ()]
    for side in (0, 1):
        alphabet = 0 if side == home else 1
        slots = spec.slots(alphabet)
        choices = assignments(slots, excluded)
        chosen = None
        if given is not None:
            mine = tuple(sorted((g for g in given if g in ALPHABETS[alphabet]), key=ALPHABETS[alphabet].find))
            if len(mine) != len(slots) or len([g for g in given if g not in ALPHABETS[alphabet]]) != len(slots):
                if spec.doubles:
                    raise ResultError(
                        N_("Rubber {n} is {label} in this tie's order; name one pair per team, e.g. '{example}'."),
                        code="table_tennis.rubber_pairs_needed", n=number, label=spec.label(), example=spec_example(spec),
                    )
                raise ResultError(
                    N_("Rubber {n} is {label} in this tie's order; name one player per team, e.g. '{example}'."),
                    code="table_tennis.rubber_players_needed", n=number, label=spec.label(), example=spec_example(spec),
                )
            if mine not in choices:
                raise _cannot_play(number, spec, mine, slots, excluded, teams[side])
            chosen = mine
        elif len(choices) == 1:
            chosen = choices[0]
        elif score.played:  # orders are checked to be playable (orders._check_playable), so a choice is left
            if unknown_doubles:
                raise ResultError(
                    N_("Rubber {n} ({label}) leaves a choice because the doubles players of an earlier rubber are not known: name its players, e.g. '{example} 11-9 11-7 11-5'."),
                    code="table_tennis.rubber_doubles_unknown", n=number, label=spec.label(), example=spec_example(spec),
                )
            raise ResultError(
                N_("Rubber {n} ({label}) leaves a choice: name its players, e.g. '{example} 11-9 11-7 11-5'."),
                code="table_tennis.rubber_choice", n=number, label=spec.label(), example=spec_example(spec),
            )
        by_side[side] = chosen or ()
    if bool(by_side[0]) != bool(by_side[1]):
        by_side = [(), ()]  # a walkover rubber whose players are known on one side only: record neither
    return by_side[0], by_side[1]


def _cannot_play(number: int, spec: RubberSpec, mine: tuple[str, ...], slots: tuple[Slot, ...], excluded: set[str], team: Entrant) -> ResultError:
    barred = [letter for letter in mine if letter in excluded and any(len(slot) > 1 and letter in slot for slot in slots)]
    if barred:
        return ResultError(
            N_("Rubber {n} ({label}): {letter} played the doubles and plays no later singles where the order gives a choice (table-tennis rules summary §5 (5))."),
            code="table_tennis.doubles_player_in_singles", n=number, label=spec.label(), letter=barred[0],
        )
    return ResultError(
        N_("Rubber {n} is {label} in this tie's order; {given} of {team} cannot play it."), code="table_tennis.rubber_players_wrong",
        n=number, label=spec.label(), given="+".join(mine), team=team.name,
    )


def format_tie(score: TieScore, rubber_text: Callable[[MatchScore], str] = format_match) -> str:
    """The canonical text of a tie; :func:`parse_tie` reads it back to the same score. With ``rubber_text``
    :func:`~.scores.read_match`, the tie as a reader reads it (a retirement in words)."""
    if score.double_walkover:
        return "-:-"
    if score.walkover is not None:
        return "+:-" if score.walkover == 0 else "-:+"
    lineups = [" ".join(f"{letter}={name}" for letter, name in lineup) for lineup in score.lineups]
    rubbers = []
    for rubber in score.rubbers:
        players = f"{'+'.join(rubber.players[0])}-{'+'.join(rubber.players[1])} " if rubber.players[0] else ""
        rubbers.append(players + rubber_text(rubber.score))
    return f"{lineups[0]}; {lineups[1]}; {' | '.join(rubbers)}"


EXAMPLE_NAMES = (("Li", "Wang", "Zhao", "Sun"), ("Chen", "Liu", "Zhou", "Wu"))


def example_players(teams: Sequence[Entrant]) -> Sequence[Sequence[str]]:
    """The teams' own players (reserves left out) for an example line-up, or :data:`EXAMPLE_NAMES` when a team lists
    none (help for teams not known yet)."""
    players = [[player.name for player in team.players] for team in teams]
    return players if all(players) else EXAMPLE_NAMES


def example_tie(fmt: TieFormat, best_of: int, names: Sequence[Sequence[str]] = EXAMPLE_NAMES, *, every: bool = False) -> str:
    """A short valid result of ``fmt`` (the first team wins every rubber until the majority, or every
    rubber with ``every``), for help and errors.

    ``names`` are the players of each team the line-ups name (placeholders when the teams are not known)."""
    need = best_of // 2 + 1
    lost = ["9-11"] if best_of > 1 else []
    scores = [
        " ".join(["11-9", "11-7", "11-5", "11-3"][:need]),
        " ".join(lost + ["11-8", "11-6", "11-4", "11-2"][:need]),
        " ".join(["11-5", "11-6", "11-9", "11-7"][:need]),
    ]
    lineups = [
        " ".join(f"{letter}={name}" for letter, name in zip(fmt.letters(alphabet), names[alphabet], strict=False))
        for alphabet in (0, 1)
    ]
    rubbers = []
    doubles: set[str] = set()
    for number, spec in enumerate(fmt.order if every else fmt.order[: fmt.majority]):
        excluded = set() if spec.doubles else doubles
        home = assignments(spec.home, excluded)
        away = assignments(spec.away, excluded)
        if spec.doubles:
            doubles |= set(home[0]) | set(away[0])
        prefix = f"{'+'.join(home[0])}-{'+'.join(away[0])} " if len(home) > 1 or len(away) > 1 else ""
        rubbers.append(prefix + scores[number % len(scores)])
    return f"{lineups[0]}; {lineups[1]}; {' | '.join(rubbers)}"
