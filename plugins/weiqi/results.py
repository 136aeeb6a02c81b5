"""Weiqi results: reading, writing and scoring a game or a team match (Chinese Weiqi Rules 2002).

The sport (:mod:`.sport`) declares the options and chains and calls this module when a result
is read, written, scored or simulated; it is imported only then, so that commands which meet no
weiqi result do not load the result grammar (:mod:`.games`).

Colours: the first-listed side plays Black unless the result says otherwise (``black:2``,
or ``nigiri:S/C`` worked out by :mod:`.colours`). In a team match the first-listed team
plays Black on odd boards (1, 3, …) — the 2002 rules leave team colours to the
organisers; ``black:N`` on a board overrides it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from fractions import Fraction

import attrs

from podium.api import (
    N_,
    Entrant,
    EntrantKind,
    MatchContext,
    Message,
    Outcome,
    OutcomeKind,
    ResultError,
    Scoring,
    forfeit,
)
from podium.plugins.weiqi import counting
from podium.plugins.weiqi.colours import Player
from podium.plugins.weiqi.counting import BLACK, WHITE
from podium.plugins.weiqi.games import (
    BOTH_LOSE,
    COUNT,
    FORFEIT,
    RESIGN,
    RULED_DRAW,
    TIME,
    VOID,
    WARNINGS,
    Game,
    GameParser,
    Rules,
    SideForfeit,
    format_game,
    judge,
    normalise,
    read_game,
    side_forfeit,
)

GAME_POINTS = Scoring()
"""Game points of one board in a team match: win 2, draw 1, loss 0 (Weiqi 2002 Art. 27)."""

_BOARD_SEPARATORS = (",", ";", "|", "、")


@attrs.frozen
class TeamMatch:
    """A team match: one result per board in board order, or ``forfeit`` for the whole match."""

    boards: tuple[Game | SideForfeit, ...] = ()
    forfeit: SideForfeit | None = None

    def mirrored(self) -> TeamMatch:
        return TeamMatch(
            boards=tuple(b.mirrored() for b in self.boards),
            forfeit=None if self.forfeit is None else self.forfeit.mirrored(),
        )


def player(entrant: Entrant, board: int = 0) -> Player:
    """The nigiri data of the player on ``board`` of an entrant: rank (the rating column, higher is
    stronger) and birth date. A team's own rating is not a player's rank, so boards use the member's."""
    people = entrant.players or entrant.members
    person = people[board] if board < len(people) else None
    rank = person.rating if person else None
    if entrant.kind is not EntrantKind.TEAM and entrant.rating is not None:
        rank = entrant.rating
    return Player(rank=rank, birth_date=person.birth_date if person else None)


def board_black(board: int, first: int = 0) -> int:
    """The side with Black on ``board`` (0-based) by default: the first-listed team on odd boards.

    ``first`` is the side that is listed first in the match: 1 when a result names the two
    sides in reverse order (:attr:`podium.model.matches.MatchContext.reversed`).
    """
    return board % 2 if first == 0 else 1 - board % 2


def listed_first(ctx: MatchContext) -> int:
    """The side of ``ctx`` that the match lists first, whose colours the draw fixed (1 when given in reverse)."""
    return 1 if ctx.reversed else 0


def game_outcome(game: Game | SideForfeit, rules: Rules, default_black: int = 0) -> Outcome:
    """The outcome of one game, with per-side warnings and colour counters (Art. 24, 27).

    ``default_black`` is the side the match gives Black when the result does not say.
    """
    if isinstance(game, SideForfeit):
        return forfeit(game.winner)
    judgement = judge(game, rules)
    black = game.black_side(default_black)
    white = 1 - black
    warnings = [0, 0]
    warnings[black], warnings[white] = game.warnings
    stats: dict[str, tuple[float, float]] = {"warnings": (warnings[0], warnings[1])}
    if judgement.end == FORFEIT:
        assert judgement.winner is not None
        return Outcome.win(game.side(judgement.winner, default_black), kind=OutcomeKind.FORFEIT, stats=stats)
    second = (1.0, 0.0) if white == 0 else (0.0, 1.0)
    stats["second_games"] = second
    if judgement.end == BOTH_LOSE:
        return Outcome(kind=OutcomeKind.BOTH_LOSE, winner=None, shares=(0.0, 0.0), stats=stats, first_mover=black)
    if judgement.end == VOID:
        return Outcome(kind=OutcomeKind.NO_RESULT, winner=None, shares=(0.0, 0.0), stats=stats, first_mover=black)
    if judgement.winner is None:
        return Outcome.draw(stats=stats, first_mover=black)
    winner = game.side(judgement.winner, default_black)
    wins = (1.0, 0.0) if winner == 0 else (0.0, 1.0)
    stats["game_wins"] = wins
    stats["second_wins"] = wins if winner == white else (0.0, 0.0)
    return Outcome.win(winner, stats=stats, first_mover=black)


def team_outcome(match: TeamMatch, rules: Rules, boards: int, decisive: bool, first: int = 0) -> Outcome:
    """A team match from its boards (Weiqi 2002 Art. 27).

    Each board scores game points 2/1/0; the team with more game points wins the match
    (2 match points), equal game points draw (1 each). Counters are summed over the boards;
    ``boards`` keeps each board's game points for board-by-board ranking. In a knockout
    (``decisive``) equal game points are decided board by board from board 1, as Art. 27
    ranks teams on equal game points.
    """
    if match.forfeit is not None:
        winner = match.forfeit.winner
        if winner is None:
            return forfeit(None)
        per_board = (2.0, 0.0) if winner == 0 else (0.0, 2.0)
        return Outcome.win(
            winner,
            kind=OutcomeKind.FORFEIT,
            stats={"games": (per_board[0] * boards, per_board[1] * boards)},
            boards=(per_board,) * boards,
        )
    outcomes = [game_outcome(game, rules, board_black(i, first)) for i, game in enumerate(match.boards)]
    points = tuple(GAME_POINTS.winner_points(o) for o in outcomes)
    stats: dict[str, tuple[float, float]] = {"games": (sum(p[0] for p in points), sum(p[1] for p in points))}
    for name in ("game_wins", "second_games", "second_wins", "warnings"):
        stats[name] = (sum(o.stat(name, 0) for o in outcomes), sum(o.stat(name, 1) for o in outcomes))
    a, b = stats["games"]
    if a == b and decisive:
        decided = next((p for p in points if p[0] != p[1]), None)
        if decided is not None:
            a, b = decided
    if a == b:
        return Outcome.draw(stats=stats, boards=points)
    return Outcome.win(0 if a > b else 1, stats=stats, boards=points)


def _is_team(ctx: MatchContext) -> bool:
    return ctx.rules.get("kind") == EntrantKind.TEAM.value


def parse_result(text: str, ctx: MatchContext) -> Game | SideForfeit | TeamMatch:
    """A game (Art. 23–24 endings, counts with komi, warnings) or a team match, one result per board."""
    rules = Rules.of(ctx.rules)
    if _is_team(ctx):
        return _parse_team(text, ctx, rules)
    if any(sep in normalise(text) for sep in _BOARD_SEPARATORS):
        raise ResultError(N_("An individual game has one result; commas separate boards only in team matches."), code="weiqi.boards_in_individual_game")
    players = (player(ctx.sides[0]), player(ctx.sides[1]))
    return GameParser(rules, players, None).parse(text)


def _parse_team(text: str, ctx: MatchContext, rules: Rules) -> TeamMatch:
    boards = ctx.rules["boards"]
    clean = normalise(text)
    for sep in _BOARD_SEPARATORS[1:]:
        clean = clean.replace(sep, ",")
    parts = [p.strip() for p in clean.split(",")]
    whole = side_forfeit(clean)
    if whole is not None and boards > 1:
        return TeamMatch(forfeit=whole)
    if len(parts) != boards:
        raise ResultError(
            N_("A team match here has {boards} boards, so give {boards} results separated by commas (e.g. B+R, W+T, B185, W+3.5), or +:- for a team that did not play; found {found}."), code="weiqi.boards_count", boards=boards, found=len(parts)
        )
    games = []
    for index, part in enumerate(parts):
        players = (player(ctx.sides[0], index), player(ctx.sides[1], index))
        where = Message(N_("Board {n}: {message}"), n=index + 1)
        games.append(GameParser(rules, players, where).parse(part))
    return TeamMatch(boards=tuple(games))


def format_result(result: Game | SideForfeit | TeamMatch, ctx: MatchContext) -> str:
    """The canonical text of a game or a team match (boards separated by commas)."""
    return _written(result, ctx, format_game, ", ")


def read_result(result: Game | SideForfeit | TeamMatch, ctx: MatchContext) -> str:
    """A game or a team match as a Chinese reader reads it (:func:`~podium.plugins.weiqi.games.read_game`), boards
    in order, separated as Chinese separates a list (``；``)."""
    return _written(result, ctx, read_game, "；")


def _written(
    result: Game | SideForfeit | TeamMatch, ctx: MatchContext, write: Callable[[Game | SideForfeit, Rules, int], str], separator: str
) -> str:
    """A game, or a team match board by board joined by ``separator``, each game written by ``write`` with the side
    that had Black by the match's colours (the first-listed team on odd boards)."""
    rules = Rules.of(ctx.rules)
    if isinstance(result, TeamMatch):
        if result.forfeit is not None:
            return write(result.forfeit, rules, 0)
        return separator.join(write(game, rules, board_black(i, listed_first(ctx))) for i, game in enumerate(result.boards))
    return write(result, rules, listed_first(ctx))


def outcome(result: Game | SideForfeit | TeamMatch, ctx: MatchContext) -> Outcome:
    """The outcome of a game (:func:`game_outcome`) or a team match (:func:`team_outcome`), Art. 27."""
    rules = Rules.of(ctx.rules)
    if isinstance(result, TeamMatch):
        return team_outcome(result, rules, ctx.rules["boards"], ctx.decisive, listed_first(ctx))
    return game_outcome(result, rules, listed_first(ctx))


def simulate(rng: random.Random, ctx: MatchContext) -> str:
    """A random valid result text: one game, or one per board of a team match."""
    rules = Rules.of(ctx.rules)
    if _is_team(ctx):
        boards = ctx.rules["boards"]
        games = [_random_game(rng, rules, board_black(i), decisive=ctx.decisive) for i in range(boards)]
        return ", ".join(format_game(g, rules, board_black(i)) for i, g in enumerate(games))
    return format_game(_random_game(rng, rules, 0, decisive=ctx.decisive), rules, 0)


def result_examples(ctx: MatchContext) -> tuple[str, ...]:
    """Examples valid under the event's board size and komi: on 19×19 with komi 3¾, B185 is the
    first whole count Black wins with (185 − 180½ − 3¾ = ¾ stone), B+3.5 a margin in points."""
    rules = Rules.of(ctx.rules)
    target = counting.par(rules.size) + rules.komi
    count = Fraction(math.ceil(target * 2 + 1), 2)
    margin = counting.decimal(2 * (count + 1 - target))
    count_text = counting.decimal(count)
    if _is_team(ctx):
        pattern = ("B+R", "W+T", f"B{count_text}", f"W+{margin}")
        return (", ".join(pattern[i % len(pattern)] for i in range(ctx.rules["boards"])), "+:-")
    return ("B+R", "W+T", f"B+{margin}", f"B{count_text}", f"B{count_text} warn:B", "+:-")


def _random_game(rng: random.Random, rules: Rules, black: int, *, decisive: bool) -> Game:
    """A plausible valid game: mostly counts and resignations, sometimes time, warnings or a forfeit.

    ``black`` is the side the match gives Black; now and then the players swapped colours.
    """
    black = 1 - black if rng.random() < 0.1 else black
    roll = rng.random()
    if roll < 0.02:
        return Game(FORFEIT, black=black, winner=rng.choice((BLACK, WHITE)))
    if roll < 0.04 and not decisive:
        return Game(rng.choice((VOID, BOTH_LOSE, RULED_DRAW)), black=black)
    if roll < 0.06:
        loser = rng.randrange(2)
        warnings = (2, 0) if loser == 0 else (0, 2)
        return Game(WARNINGS, black=black, warnings=warnings)
    warnings = (1, 0) if roll > 0.95 else (0, 0)
    if roll < 0.45:
        return Game(rng.choice((RESIGN, RESIGN, RESIGN, TIME)), black=black, winner=rng.choice((BLACK, WHITE)), warnings=warnings)
    size = rules.size
    target = counting.par(size) + rules.komi
    count = Fraction(round(float(target) * 2) + rng.randint(-24, 24), 2)
    game = Game(COUNT, black=black, value=min(max(count, Fraction(0)), Fraction(size * size)), warnings=warnings)
    if decisive and judge(game, rules).winner is None:
        game = attrs.evolve(game, value=game.value + Fraction(1, 2))
    return game
