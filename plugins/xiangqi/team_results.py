"""Team match results: the line-ups, then every board's games, read from the first-named team.

::

    1-0, =, 0-1 time, 1-0                     fixed boards (CXA 2011 §11.1): boards 1–4
    1-2-3-5/1-2-4-6: 1-0, =, 0-1, +:-         line-ups by registered number (§11.2, §11.3);
                                              board 4 forfeited by the second team
    1-0 0-1, = =, …                           two games per board (colours swap, §12.4)
    red=2 1-0, =, =, 0-1 | lots=1             knockout: team 2 drew red on odd boards (§12.4);
                                              level on game points, team 1 won the lot
    +:-                                       the whole team match forfeited (§20.3)

All-play-all (§11.4) lists the games row by row: player 1 of the first team against
players 1, 2, … of the second, then player 2, and so on; it has no line-up.
The team with more game points (局分) wins the match (CXA 2011 §13.2); the outcome carries
game points in ``stats["games"]`` and per board in ``boards``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import attrs

from podium.api import (
    N_,
    Entrant,
    MatchContext,
    Message,
    Outcome,
    ResultError,
    parse_forfeit,
)
from podium.plugins.xiangqi.games import (
    Game,
    GameKind,
    GameReader,
    format_game,
    normalise,
    read_game,
    settle,
    spelled,
    tokenise,
)
from podium.plugins.xiangqi.results import (
    colour_of,
    default_red,
    game_scale,
    lot_required,
    missing_lot,
    side_number,
    split_bar,
    tally,
    unexpected,
    walkover_outcome,
)
from podium.plugins.xiangqi.teams import board_pairs, implied_lineup, lineup_problem, slot_red

_LINEUP = re.compile(r"(\d+(?:\s*-\s*\d+)*)\s*/\s*(\d+(?:\s*-\s*\d+)*)\s*:")
_RED = re.compile(r"red=\S*\s*")


@attrs.frozen
class TeamMatch:
    """A team match: line-ups (``None`` when implied), the games of each board, the lot, or a walkover."""

    boards: tuple[tuple[Game, ...], ...] = ()
    lineups: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    red: int = 0
    lots: int | None = None
    walkover: Game | None = None

    def mirrored(self) -> TeamMatch:
        return TeamMatch(
            boards=tuple(tuple(g.mirrored() for g in board) for board in self.boards),
            lineups=None if self.lineups is None else (self.lineups[1], self.lineups[0]),
            red=1 - self.red,
            lots=None if self.lots is None else 1 - self.lots,
            walkover=None if self.walkover is None else self.walkover.mirrored(),
        )


def _slots(rules: Mapping[str, Any], teams: tuple[Entrant, Entrant]) -> list[tuple[int, int]]:
    sizes = (len(teams[0].members), len(teams[1].members))
    return board_pairs(rules["team_type"], rules["boards"], sizes)


def parse_team_match(text: str, ctx: MatchContext) -> TeamMatch:
    """Read and validate a team match result (see the module docstring)."""
    rules = ctx.rules
    clean = normalise(text)
    if not clean:
        raise ResultError(N_("The result is empty; write the board results in order, e.g. '1-0, =, 0-1, 1-0'."), code="xiangqi.team_result_empty")
    forfeit = parse_forfeit(clean)
    if forfeit is not None:
        kind = GameKind.DOUBLE_FORFEIT if forfeit.winner is None else GameKind.FORFEIT
        return TeamMatch(red=default_red(ctx), walkover=Game(kind, forfeit.winner))
    given, clean = _read_lineups(clean)
    lineups = _check_lineups(given, ctx)
    main, after = split_bar(tokenise(clean, rules))
    teams = ctx.sides
    reader = GameReader(main, rules, (teams[0].name, teams[1].name))
    stated = None
    if (token := reader.peek()) is not None and token.kind == "note" and token.value[0] == "red":
        stated = side_number(reader.take())
    if stated is None and lot_required(ctx):
        raise missing_lot(ctx, "1-0, =, 0-1, 1-0")
    red = default_red(ctx) if stated is None else stated
    boards = _read_boards(reader, ctx, lineups, red)
    match = TeamMatch(boards=boards, lineups=_stored(lineups, ctx), red=red)
    a, b = _points(match, rules)
    if after is None:
        if ctx.decisive and a == b:
            raise ResultError(
                N_("The team match is level {a:g}-{b:g} on game points; in a knockout add the lot, e.g. '… | lots=1'."), code="xiangqi.team_level_in_knockout", a=a, b=b
            )
        return match
    if not ctx.decisive or a != b:
        raise ResultError(N_("Lots ('| lots=1') decide only a level team match in a knockout."), code="xiangqi.team_lots_not_allowed")
    if len(after) != 1 or after[0].kind != "note" or after[0].value[0] != "lots":
        raise ResultError(N_("After '|' a team match takes only the lot, 'lots=1' or 'lots=2'."), code="xiangqi.team_after_bar")
    return attrs.evolve(match, lots=side_number(after[0]))


def _read_lineups(clean: str) -> tuple[tuple[tuple[int, ...], tuple[int, ...]] | None, str]:
    """Take ``1-2-3-5/1-2-4-6:`` from the start of the text (after an optional ``red=N``)."""
    prefix = _RED.match(clean)
    start = prefix.end() if prefix else 0
    match = _LINEUP.match(clean, start)
    if match is None:
        return None, clean
    sides = tuple(tuple(int(n) for n in re.split(r"\s*-\s*", group)) for group in match.groups())
    return (sides[0], sides[1]), clean[:start] + " " + clean[match.end():]


def _check_lineups(given: tuple[tuple[int, ...], tuple[int, ...]] | None, ctx: MatchContext) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The line-ups that play (CXA 2011 §11.1–11.3): as given, or implied for fixed boards."""
    rules = ctx.rules
    team_type, boards = rules["team_type"], rules["boards"]
    if team_type == "all_play_all":
        if given is not None:
            raise ResultError(N_("In all-play-all every player meets every player of the other team (CXA 2011 §11.4); write no line-up."), code="xiangqi.all_play_all_lineup")
        return (tuple(range(1, len(ctx.sides[0].members) + 1)), tuple(range(1, len(ctx.sides[1].members) + 1)))
    lineups = []
    for side, team in enumerate(ctx.sides):
        if team_type == "fixed" and len(team.members) != boards:
            raise ResultError(
                N_("{team} has {count} players, but fixed boards need exactly {boards} (CXA 2011 §11.1)."), code="xiangqi.fixed_boards_count", team=team.name, count=len(team.members), boards=boards
            )
        lineup = given[side] if given is not None else implied_lineup(team_type, boards, len(team.members))
        if lineup is None:
            raise ResultError(
                N_("Give both line-ups by registered number before the board results, e.g. '{example}: 1-0, =, 0-1, 1-0' (CXA 2011 §11.2, §11.3)."), code="xiangqi.lineups_missing", example="/".join("-".join(map(str, range(1, boards + 1))) for _side in (0, 1))
            )
        wrong = lineup_problem(team_type, lineup, boards, team)
        if wrong:
            raise ResultError(wrong)
        lineups.append(lineup)
    return (lineups[0], lineups[1])


def _stored(lineups: tuple[tuple[int, ...], tuple[int, ...]], ctx: MatchContext) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """Line-ups are kept in the result unless both are implied (fixed boards, or nobody left out)."""
    rules = ctx.rules
    implied = [implied_lineup(rules["team_type"], rules["boards"], len(t.members)) for t in ctx.sides]
    if rules["team_type"] == "all_play_all" or implied == list(lineups):
        return None
    return lineups


def _slot_label(team_type: str, slot: tuple[int, int], game: int, games: int) -> Message:
    if team_type == "all_play_all":
        label = Message(N_("Players {i}–{j}"), i=slot[0], j=slot[1])
    else:
        label = Message(N_("Board {b}"), b=slot[0])
    return Message(N_("{label}, game {n}"), label=label, n=game + 1) if games > 1 else label


def _read_boards(
    reader: GameReader, ctx: MatchContext, lineups: tuple[tuple[int, ...], tuple[int, ...]], first: int
) -> tuple[tuple[Game, ...], ...]:
    rules = ctx.rules
    team_type, games_per_slot = rules["team_type"], rules["games"]
    slots = _slots(rules, ctx.sides)
    boards: list[list[Game]] = []
    read = 0
    while (token := reader.peek()) is not None:
        if token.kind == "sep":
            reader.take()
            if read % games_per_slot:
                raise ResultError(
                    N_("Each board has {n} games; a comma separates boards, and it came after game {k} of board {b}."), code="xiangqi.board_games_split", n=games_per_slot, k=read % games_per_slot, b=read // games_per_slot + 1
                )
            continue
        if not reader.at_game():
            raise unexpected(token)
        index, game = divmod(read, games_per_slot)
        if index >= len(slots):
            raise _count_error(len(slots), games_per_slot, reader)
        slot = slots[index]
        players = tuple(ctx.sides[side].members[lineups[side][slot[side] - 1] - 1].name for side in (0, 1))
        reader.names = (players[0], players[1])
        red = colour_of(slot_red(team_type, slot, first), game)
        played = settle(reader.game(red, _slot_label(team_type, slot, game, games_per_slot)), rules)
        if game == 0:
            boards.append([])
        boards[-1].append(played)
        read += 1
    if read != len(slots) * games_per_slot:
        raise _count_error(len(slots), games_per_slot, reader, read)
    return tuple(tuple(b) for b in boards)


def _count_error(slots: int, games: int, reader: GameReader, given: int | None = None) -> ResultError:
    given = given if given is not None else sum(1 for t in reader.tokens if t.kind in ("score", "forfeit"))
    return ResultError(
        N_("This team match has {slots} boards × {games} games = {total} results, but {given} were given."), code="xiangqi.team_results_count", slots=slots, games=games, total=slots * games, given=given
    )


def _reds(match: TeamMatch, rules: Mapping[str, Any], teams: tuple[Entrant, Entrant]) -> list[tuple[Game, int]]:
    slots = _slots(rules, teams)
    return [
        (game, colour_of(slot_red(rules["team_type"], slot, match.red), index))
        for slot, board in zip(slots, match.boards, strict=True)
        for index, game in enumerate(board)
    ]


def _points(match: TeamMatch, rules: Mapping[str, Any]) -> tuple[float, float]:
    scale = game_scale(rules)
    shares = [g.shares() for board in match.boards for g in board]
    return (sum(s[0] for s in shares) * scale, sum(s[1] for s in shares) * scale)


def format_team_match(result: TeamMatch, ctx: MatchContext, *, zh: bool = False) -> str:
    """The canonical text: ``red=N`` when drawn by lot or not as listed, line-ups when chosen, boards, lot; with
    ``zh`` in the Chinese words the grammar reads (``执红=2 1-0, 和 | 抽签=1``, :func:`.games.format_game`)."""
    if result.walkover is not None:
        return format_game(result.walkover, zh=zh)
    text = ", ".join(" ".join(format_game(g, zh=zh) for g in board) for board in result.boards)
    if result.lineups is not None:
        text = "/".join("-".join(map(str, lineup)) for lineup in result.lineups) + ": " + text
    if lot_required(ctx) or result.red != default_red(ctx):
        text = f"{spelled('red', zh=zh)}={result.red + 1} {text}"
    if result.lots is not None:
        text += f" | {spelled('lots', zh=zh)}={result.lots + 1}"
    return text


def read_team_match(result: TeamMatch, ctx: MatchContext) -> str:
    """``result`` as a Chinese reader reads it (the sport's ``describe_result`` answers English with the canonical
    text): board by board in the rules' own words (:func:`.games.read_game`), with the line-ups, who drew red
    (CXA 2011 §12.4) and the lot."""
    if result.walkover is not None:
        return read_game(result.walkover)
    text = "；".join("、".join(read_game(g) for g in board) for board in result.boards)
    if result.lineups is not None:
        text = "出场 " + "/".join("-".join(map(str, lineup)) for lineup in result.lineups) + "：" + text
    if lot_required(ctx) or result.red != default_red(ctx):
        text = f"第 {result.red + 1} 方执红：{text}"
    if result.lots is not None:
        text += f"；抽签 第 {result.lots + 1} 方胜"
    return text


def team_outcome(result: TeamMatch, ctx: MatchContext) -> Outcome:
    """CXA 2011 §13.2: more game points (局分) wins the match; equal is a draw, or the lot in a knockout."""
    rules = ctx.rules
    scale = game_scale(rules)
    if result.walkover is not None:
        slots = board_pairs(rules["team_type"], rules["boards"], (rules["boards"], rules["boards"]))
        return walkover_outcome(result.walkover, len(slots) * rules["games"], scale)
    stats = tally(_reds(result, rules, ctx.sides), scale)
    boards = tuple(
        (sum(g.shares()[0] for g in board) * scale, sum(g.shares()[1] for g in board) * scale) for board in result.boards
    )
    a, b = stats["games"]
    winner = (0 if a > b else 1) if a != b else result.lots
    if winner is None:
        return Outcome.draw(stats=stats, boards=boards)
    return Outcome.win(winner, stats=stats, boards=boards)
