"""Individual xiangqi matches: one game, several games, and knockout tie-breaks.

A match is its games in order, read from the first-named side (see :mod:`.games`)::

    1-0 checkmate                       one game (CXA 2011 §10.1 一局制)
    1-0, 0-1 time                       two games, scored by total (CXA 2011 §10.1, §14.2)
    red=2 =, = | rapid 1-0              knockout: side 2 drew red for game 1 (§12.4), level
                                        after two games, won by side 1 in the rapid game
    red=1 = | rapid = | armageddon red=2 =
                                        rapid game drawn too; in the armageddon game a draw
                                        counts as a win for black (xiangqi championship regulations §9(2)): side 1
    red=1 = | lots=2                    lots after a level match (15-second xiangqi rules §6)
    +:-                                 the whole match forfeited (CXA 2011 §20.3)

Colours (CXA 2011 §12.1–12.4): the side listed first plays red in game 1, unless the
match is a knockout match, where a lot decides and the result must say who drew red
(``red=1``/``red=2``, 红=1). Colours swap every game, and the tie-break games go on
swapping without a new lot ("依次换先", xiangqi championship regulations §9(2)); the armageddon colours are chosen
by the side that did not choose at the first lot, so the result names them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from podium.api import N_, MatchContext, Message, Outcome, OutcomeKind, ResultError
from podium.plugins.xiangqi.games import (
    Game,
    GameKind,
    GameReader,
    Token,
    format_game,
    normalise,
    read_game,
    settle,
    spelled,
    tokenise,
)


def colour_of(first: int, index: int) -> int:
    """The side with red in game ``index`` (from 0) when ``first`` had red in game 0: colours swap each game."""
    return first if index % 2 == 0 else 1 - first


def game_scale(rules: Mapping[str, Any]) -> float:
    """Game points for a won game: 2 (CXA 2011 §13.1; also the school rules) or 1 (CXA 1999 §14.1)."""
    return 1.0 if rules["rule_set"] == "cxa1999" else 2.0


def side_number(token: Token) -> int:
    """``red=2`` → 1: a side given by its number as named (1 or 2)."""
    key, value = token.value
    if value not in ("1", "2"):
        raise ResultError(N_("'{word}': give 1 or 2, the side as named in the command."), code="xiangqi.side_number_invalid", word=token.text)
    return int(value) - 1


def split_bar(tokens: Sequence[Token]) -> tuple[list[Token], list[Token] | None]:
    """The match's own games, and the tie-break part after the first ``|`` (``None`` when there is none).

    Further ``|`` separate the steps of the tie-break (``| rapid = | armageddon red=2 =``).
    """
    bars = [i for i, t in enumerate(tokens) if t.kind == "bar"]
    if not bars:
        return list(tokens), None
    return list(tokens[: bars[0]]), list(tokens[bars[0] + 1:])


def leading_red(reader: GameReader) -> int | None:
    """A ``red=N`` before the first game: the side that drew red (CXA 2011 §12.4), in the order named."""
    token = reader.peek()
    if token is None or token.kind != "note" or token.value[0] != "red":
        return None
    reader.take()
    return side_number(token)


def unexpected(token: Token) -> ResultError:
    if token.kind == "note" and token.value[0] == "red":
        return ResultError(
            N_("'{word}' says who drew red and comes first, before the games (CXA 2011 §12.4), e.g. 'red=2 1-0'."), code="xiangqi.red_not_first", word=token.text
        )
    return ResultError(
        N_("'{word}' cannot stand here; a result is its games in order, e.g. '1-0 checkmate' or '1-0, 0-1 | rapid 1-0' (see docs/xiangqi.md)."), code="xiangqi.word_out_of_place", word=token.text
    )


def lot_required(ctx: MatchContext) -> bool:
    """CXA 2011 §12.4: in a knockout, colours are drawn by lot and the result records the lot."""
    return ctx.decisive and ctx.rules["colour_lots"]


def default_red(ctx: MatchContext) -> int:
    """The side that plays red without a lot: the one the match lists first (CXA 2011 §12.1, §12.3)."""
    return 1 if ctx.reversed else 0


def missing_lot(ctx: MatchContext, example: str) -> ResultError:
    return ResultError(
        N_("Colours in a knockout match are drawn by lot (CXA 2011 §12.4); say who drew red first, e.g. 'red=1 {example}' ({name} is 1)."), code="xiangqi.knockout_colours_missing", example=example, name=ctx.sides[0].name
    )


def tally(games: Iterable[tuple[Game, int]], scale: float) -> dict[str, tuple[float, float]]:
    """Per-side counters of games whose red side is given: game points (局分), games won (胜局),
    games played as black (后走局数) and won as black (后走胜局), fouls and warnings.

    A forfeited game counts as won ("+" = 2, CXA 2011 §20.3) but was not played as either colour.
    """
    points, wins, second, second_wins, fouls, warnings = ([0.0, 0.0] for _ in range(6))
    for game, red in games:
        shares = game.shares()
        for side in (0, 1):
            points[side] += shares[side] * scale
            wins[side] += game.winner == side
            fouls[side] += game.fouls[side]
            warnings[side] += game.warnings[side]
        if game.played:
            black = 1 - red
            second[black] += 1
            second_wins[black] += game.winner == black
    return {
        "games": (points[0], points[1]),
        "game_wins": (wins[0], wins[1]),
        "second_games": (second[0], second[1]),
        "second_wins": (second_wins[0], second_wins[1]),
        "fouls": (fouls[0], fouls[1]),
        "warnings": (warnings[0], warnings[1]),
    }


def walkover_outcome(walkover: Game, games: int, scale: float) -> Outcome:
    """A match not played: every game counts as a won game for the side present (CXA 2011 §20.3)."""
    if walkover.kind is GameKind.DOUBLE_FORFEIT:
        return Outcome(kind=OutcomeKind.DOUBLE_FORFEIT, winner=None, shares=(0.0, 0.0))
    winner = walkover.winner or 0
    won = [0.0, 0.0]
    won[winner] = float(games)
    stats = {"games": (won[0] * scale, won[1] * scale), "game_wins": (won[0], won[1])}
    return Outcome.win(winner, kind=OutcomeKind.FORFEIT, stats=stats)


@attrs.frozen
class Playoff:
    """Knockout tie-break after a level match (xiangqi championship regulations §9(2); 15-second xiangqi rules §6): rapid games, then armageddon or lots."""

    rapid: tuple[Game, ...] = ()
    armageddon: Game | None = None
    armageddon_red: int | None = None
    lots: int | None = None

    @property
    def empty(self) -> bool:
        return not self.rapid and self.armageddon is None and self.lots is None

    def winner(self) -> int | None:
        """Who advances: the winner of a rapid game, of the armageddon game (a draw: black), or of the lot."""
        if self.rapid and self.rapid[-1].winner is not None:
            return self.rapid[-1].winner
        if self.armageddon is not None:
            if self.armageddon.winner is not None:
                return self.armageddon.winner
            return None if self.armageddon_red is None else 1 - self.armageddon_red
        return self.lots

    def mirrored(self) -> Playoff:
        return Playoff(
            rapid=tuple(g.mirrored() for g in self.rapid),
            armageddon=None if self.armageddon is None else self.armageddon.mirrored(),
            armageddon_red=None if self.armageddon_red is None else 1 - self.armageddon_red,
            lots=None if self.lots is None else 1 - self.lots,
        )


@attrs.frozen
class GameMatch:
    """An individual match: its games, who had red in game 1, and a knockout tie-break; or a walkover."""

    games: tuple[Game, ...] = ()
    red: int = 0
    playoff: Playoff = Playoff()
    walkover: Game | None = None

    def mirrored(self) -> GameMatch:
        return GameMatch(
            games=tuple(g.mirrored() for g in self.games),
            red=1 - self.red,
            playoff=self.playoff.mirrored(),
            walkover=None if self.walkover is None else self.walkover.mirrored(),
        )

    def totals(self) -> tuple[float, float]:
        """Games won per side, draws counting half (the match score of CXA 2011 §14.2)."""
        shares = [g.shares() for g in self.games]
        return (sum(s[0] for s in shares), sum(s[1] for s in shares))


def _names(ctx: MatchContext) -> tuple[str, str]:
    return (ctx.sides[0].name, ctx.sides[1].name)


def parse_match(text: str, ctx: MatchContext) -> GameMatch:
    """Read and validate an individual match result (see the module docstring)."""
    rules = ctx.rules
    clean = normalise(text)
    if not clean:
        raise ResultError(N_("The result is empty; write 1-0, 0-1 or = (红胜, 黑胜, 和), e.g. '1-0 checkmate'."), code="xiangqi.result_empty")
    main, after = split_bar(tokenise(clean, rules))
    reader = GameReader(main, rules, _names(ctx))
    stated = leading_red(reader)
    red = default_red(ctx) if stated is None else stated
    count = rules["games"]
    games: list[Game] = []
    while reader.at_game():
        index = len(games)
        where = Message(N_("Game {n}"), n=index + 1) if count > 1 else ""
        games.append(settle(reader.game(colour_of(red, index), where), rules))
        while (token := reader.peek()) is not None and token.kind == "sep":
            reader.take()
    if (leftover := reader.peek()) is not None:
        raise unexpected(leftover)
    if not games:
        raise ResultError(N_("The result has no game; write 1-0, 0-1 or = (红胜, 黑胜, 和), e.g. '1-0 checkmate'."), code="xiangqi.no_game")
    walkover = _walkover(games)
    if len(games) > 1 or walkover is None:
        _check_count(games, rules)
    if walkover is not None and after is None:
        return GameMatch(red=default_red(ctx), walkover=walkover)
    if stated is None and lot_required(ctx):
        raise missing_lot(ctx, "1-0")
    match = GameMatch(games=tuple(games), red=red)
    a, b = match.totals()
    if after is None:
        if ctx.decisive and a == b:
            raise ResultError(
                N_("The match is level {a:g}-{b:g}; a knockout match goes on to tie-break games (xiangqi championship regulations §9(2)), e.g. '{example}'."), code="xiangqi.knockout_level", a=a, b=b, example=_playoff_example(rules)
            )
        return match
    if not ctx.decisive:
        raise ResultError(N_("Tie-break games are played only in knockout matches (xiangqi championship regulations §9(2)); here a level match is a draw."), code="xiangqi.tiebreak_outside_knockout")
    if a != b:
        raise ResultError(
            N_("The games already decided the match {a:g}-{b:g}; tie-break games follow only a level match (xiangqi championship regulations §9(2))."), code="xiangqi.tiebreak_after_decided", a=a, b=b
        )
    playoff = parse_playoff(after, rules, _names(ctx), colour_of(red, len(games)))
    return attrs.evolve(match, playoff=playoff)


def _walkover(games: Sequence[Game]) -> Game | None:
    """Every game forfeited the same way: the match itself is a forfeit (written once)."""
    first = games[0]
    if first.kind in (GameKind.FORFEIT, GameKind.DOUBLE_FORFEIT) and all(g == first for g in games):
        return first
    return None


def _check_count(games: Sequence[Game], rules: Mapping[str, Any]) -> None:
    """A match has exactly ``games`` games; with ``stop_when_decided`` it stops once decided (15-second xiangqi rules §6)."""
    count = rules["games"]
    if len(games) > count == 1:
        raise ResultError(
            N_("This event plays one game per match, but the result has {given}; for matches of several games set the option games."), code="xiangqi.one_game_only", given=len(games)
        )
    if len(games) > count:
        raise ResultError(
            N_("A match here has {count} games (option games), but the result has {given}."), code="xiangqi.games_count", count=count, given=len(games)
        )
    if not rules["stop_when_decided"]:
        if len(games) < count:
            raise ResultError(
                N_("A match here has {count} games (option games), but the result has only {given}; a game not played is a forfeit, +:- or -:+."), code="xiangqi.games_missing", count=count, given=len(games)
            )
        return
    won = [0.0, 0.0]
    for index, game in enumerate(games, start=1):
        if abs(won[0] - won[1]) > count - index + 1:
            raise ResultError(
                N_("Game {n}: the match was already decided {a:g}-{b:g}, so no further game is played (15-second xiangqi rules §6)."), code="xiangqi.match_already_decided", n=index, a=won[0], b=won[1]
            )
        shares = game.shares()
        won = [won[0] + shares[0], won[1] + shares[1]]
    if len(games) < count and abs(won[0] - won[1]) <= count - len(games):
        raise ResultError(
            N_("The match is not decided after {given} games ({a:g}-{b:g}); play on up to {count} games (15-second xiangqi rules §6)."), code="xiangqi.match_undecided", given=len(games), a=won[0], b=won[1], count=count
        )


def _playoff_example(rules: Mapping[str, Any]) -> str:
    if rules["playoff_rapid_games"]:
        return "| rapid 1-0"
    return "| armageddon red=1 =" if rules["playoff_armageddon"] else "| lots=1"


def parse_playoff(tokens: Sequence[Token], rules: Mapping[str, Any], names: tuple[str, str], next_red: int) -> Playoff:
    """Read the tie-break part: up to ``playoff_rapid_games`` rapid games, then armageddon or lots (xiangqi championship regulations §9(2); 15-second xiangqi rules §6)."""
    reader = GameReader(tokens, rules, names)
    limit, armageddon_rule = rules["playoff_rapid_games"], rules["playoff_armageddon"]
    rapid: list[Game] = []
    armageddon: Game | None = None
    armageddon_red: int | None = None
    lots: int | None = None
    while (token := reader.peek()) is not None:
        reader.take()
        if token.kind in ("sep", "bar"):
            continue
        if armageddon is not None or lots is not None or (rapid and rapid[-1].winner is not None):
            raise ResultError(N_("The tie-break was already decided before '{word}'."), code="xiangqi.tiebreak_already_decided", word=token.text)
        if token.kind == "label" and token.value == "rapid":
            if len(rapid) == limit:
                raise ResultError(
                    N_("This event plays at most {n} rapid tie-break games (option playoff_rapid_games)."), code="xiangqi.rapid_games_too_many", n=limit
                )
            rapid.append(_tiebreak_game(reader, colour_of(next_red, len(rapid)), Message(N_("Rapid game {n}"), n=len(rapid) + 1)))
        elif token.kind == "label" and token.value == "armageddon":
            if not armageddon_rule:
                raise ResultError(N_("This event breaks a level tie-break by lots (lots=1 or lots=2), not by an armageddon game."), code="xiangqi.armageddon_not_allowed")
            if len(rapid) < limit:
                raise ResultError(
                    N_("The armageddon game comes after {n} drawn rapid games (xiangqi championship regulations §9(2)); {given} were entered."), code="xiangqi.armageddon_too_early", n=limit, given=len(rapid)
                )
            colour = reader.peek()
            if colour is None or colour.kind != "note" or colour.value[0] != "red":
                raise ResultError(
                    N_("Say who had red in the armageddon game, e.g. 'armageddon red=2 =': a draw counts as a win for black (xiangqi championship regulations §9(2))."), code="xiangqi.armageddon_red_missing"
                )
            armageddon_red = side_number(reader.take())
            armageddon = _tiebreak_game(reader, armageddon_red, Message(N_("Armageddon game")), armageddon=True)
        elif token.kind == "note" and token.value[0] == "lots":
            if armageddon_rule:
                raise ResultError(
                    N_("This event breaks a level tie-break by an armageddon game where a draw counts as a win for black (xiangqi championship regulations §9(2)), not by lots."), code="xiangqi.lots_not_allowed"
                )
            lots = side_number(token)
        else:
            raise ResultError(
                N_("'{word}' cannot stand in the tie-break part; write 'rapid 1-0', 'armageddon red=2 =' or 'lots=1'."), code="xiangqi.tiebreak_word_invalid", word=token.text
            )
    playoff = Playoff(tuple(rapid), armageddon, armageddon_red, lots)
    if playoff.winner() is None:
        raise ResultError(
            N_("The tie-break is not finished: after the level games comes {next} (xiangqi championship regulations §9(2); 15-second xiangqi rules §6)."), code="xiangqi.tiebreak_unfinished", next=_next_step(len(rapid), limit, armageddon_rule)
        )
    return playoff


def _next_step(played: int, limit: int, armageddon: bool) -> Message:
    if played < limit:
        return Message(N_("a rapid game ('rapid 1-0')"))
    return Message(N_("the armageddon game ('armageddon red=1 =')")) if armageddon else Message(N_("the lot ('lots=1')"))


def _tiebreak_game(reader: GameReader, red: int, where: Message, *, armageddon: bool = False) -> Game:
    if not reader.at_game():
        raise ResultError(N_("{where}: its result is missing, e.g. 1-0, 0-1 or =."), code="xiangqi.tiebreak_game_missing", where=where)
    game = settle(reader.game(red, where), reader.rules)
    if game.kind is GameKind.DOUBLE_FORFEIT or (armageddon and game.kind is GameKind.BOTH_LOSE):
        raise ResultError(N_("{where}: a tie-break game ends in a win, a draw or a forfeit."), code="xiangqi.tiebreak_game_invalid", where=where)
    return game


def format_match(result: GameMatch, ctx: MatchContext, *, zh: bool = False) -> str:
    """The canonical text: ``red=N`` when a lot was drawn or colours differ from the listing, games, tie-break;
    with ``zh`` in the Chinese words the grammar reads (``执红=1 和 | 快棋 0-1 超时``, :func:`.games.format_game`)."""
    if result.walkover is not None:
        return format_game(result.walkover, zh=zh)
    red, rapid, armageddon, lots = (spelled(key, zh=zh) for key in ("red", "rapid", "armageddon", "lots"))
    text = ", ".join(format_game(g, zh=zh) for g in result.games)
    if lot_required(ctx) or result.red != default_red(ctx):
        text = f"{red}={result.red + 1} {text}"
    playoff = result.playoff
    if playoff.empty:
        return text
    parts = [f"{rapid} {format_game(g, zh=zh)}" for g in playoff.rapid]
    if playoff.armageddon is not None:
        parts.append(f"{armageddon} {red}={(playoff.armageddon_red or 0) + 1} {format_game(playoff.armageddon, zh=zh)}")
    if playoff.lots is not None:
        parts.append(f"{lots}={playoff.lots + 1}")
    return " | ".join([text, *parts])


def read_match(result: GameMatch, ctx: MatchContext) -> str:
    """``result`` as a Chinese reader reads it (the sport's ``describe_result`` answers English with the canonical
    text): its games in the rules' own words (:func:`.games.read_game`), who drew red when the text says (CXA 2011
    §12.4) and the tie-break (``1:0（困毙）``, ``和棋（议和）；快棋 1:0（超时）``)."""
    if result.walkover is not None:
        return read_game(result.walkover)
    text = "、".join(read_game(g) for g in result.games)
    if lot_required(ctx) or result.red != default_red(ctx):
        text = f"第 {result.red + 1} 方执红：{text}"
    playoff = result.playoff
    parts = [f"快棋 {read_game(g)}" for g in playoff.rapid]
    if playoff.armageddon is not None:
        parts.append(f"超快棋 第 {(playoff.armageddon_red or 0) + 1} 方执红：{read_game(playoff.armageddon)}")
    if playoff.lots is not None:
        parts.append(f"抽签 第 {playoff.lots + 1} 方胜")
    return "；".join([text, *parts])


def match_outcome(result: GameMatch, ctx: MatchContext) -> Outcome:
    """Winner by total game points (CXA 2011 §14.2), or by the tie-break; per-side counters for tie-breaks.

    Counters come from the match's own games; fouls and warnings also from tie-break games.
    A single game sets ``first_mover`` (red), so the asymmetric draw of CXA 2011 §13.3 can be scored.
    """
    rules = ctx.rules
    scale = game_scale(rules)
    if result.walkover is not None:
        return walkover_outcome(result.walkover, rules["games"], scale)
    stats = tally(((g, colour_of(result.red, i)) for i, g in enumerate(result.games)), scale)
    extra = list(result.playoff.rapid) + ([result.playoff.armageddon] if result.playoff.armageddon else [])
    for key in ("fouls", "warnings"):
        stats[key] = (stats[key][0] + sum(getattr(g, key)[0] for g in extra), stats[key][1] + sum(getattr(g, key)[1] for g in extra))
    a, b = result.totals()
    winner = (0 if a > b else 1) if a != b else result.playoff.winner()
    first_mover = result.red if rules["games"] == 1 else None
    if winner is not None:
        return Outcome.win(winner, stats=stats, first_mover=first_mover)
    if len(result.games) == 1 and result.games[0].kind is GameKind.BOTH_LOSE:
        return Outcome(kind=OutcomeKind.BOTH_LOSE, winner=None, shares=(0.0, 0.0), stats=stats, first_mover=first_mover)
    return Outcome.draw(stats=stats, first_mover=first_mover)
