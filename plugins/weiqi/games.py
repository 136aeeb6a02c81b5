"""Weiqi game results: the text people write, validated against the Chinese Weiqi Rules 2002.

One game is a few tokens (see docs/weiqi.md for every spelling):

* how it ended: ``B+R``/``W+R`` resignation (中盘胜), ``B+T``/``W+T`` time (超时, Art. 12.4),
  ``B+F``/``W+F`` forfeit (Art. 22), ``B+3.5`` a margin in points (SGF style; ``黑胜3/4子`` or
  ``B+¾子`` in stones), ``B185`` Black's area count in stones (``黑184.5``, ``W176``),
  ``Draw`` (only where the komi allows it), ``Draw:ruling`` (判和, Art. 17.5–17.6),
  ``both-lose`` (双方负, Art. 17.5, 22.3, 23.1), ``Void`` (无胜负), ``Cycle`` (全局同形, Art. 20.3:
  its meaning is the event's ``cycles`` option);
* ``warn:B``, ``warn:WW``… warnings (Art. 24): each costs one stone at the count, two lose
  the game (write only the warnings then: ``warn:BB``);
* ``(B+1.5)`` after a count or margin: the result the players agreed, checked by Podium;
* ``black:2`` — the second-named side played Black; without it the match's colours apply
  (the side listed first plays Black, Art. 10: colours by the organisers' draw), whatever
  order the names were typed in; ``nigiri:1/7`` — nigiri decided the colours (colours.py);
* ``H4`` — a handicap game with 4 stones (event option ``handicap``);
* ``replay B+R`` — the game was replayed by ruling (重赛) and the replay ended ``B+R``.

Without a game, ``+:-``/``-:+``/``-:-`` record a forfeit by side (CXA-style notation).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import attrs

from podium.api import N_, Hint, Localized, Message, ResultError, Target, _, current_language
from podium.plugins.weiqi import counting
from podium.plugins.weiqi.colours import Player, nigiri_black, nigiri_holder
from podium.plugins.weiqi.counting import BLACK, WHITE, Verdict

RESIGN, TIME, FORFEIT, MARGIN, COUNT = "resign", "time", "forfeit", "margin", "count"
DRAW, RULED_DRAW, BOTH_LOSE, VOID, CYCLE, WARNINGS = "draw", "ruled_draw", "both_lose", "void", "cycle", "warnings"

_FRACTIONS = {"¼": ".25", "½": ".5", "¾": ".75"}
_NUMBER = r"\d+(?:\.\d+)?(?:又\d+/\d+)?|\d+/\d+|\.\d+"
_COLOUR = {"b": BLACK, "w": WHITE, "黑": BLACK, "白": WHITE}
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (end, re.compile(pattern, re.IGNORECASE))
    for end, pattern in (
        (RESIGN, r"^([bw])\+r(?:esign)?$|^(黑|白)中盘胜$"),
        (TIME, r"^([bw])\+t(?:ime)?$|^(黑|白)超时胜$"),
        (FORFEIT, r"^([bw])\+f(?:orfeit)?$|^(黑|白)弃权胜$"),
        ("stones", rf"^([bw])\+({_NUMBER})子$|^(黑|白)胜({_NUMBER})子$"),
        (MARGIN, rf"^([bw])\+({_NUMBER})$"),
        (COUNT, rf"^([bw])({_NUMBER})子?$|^(黑|白)({_NUMBER})子?$"),
        (DRAW, r"^(?:draw|jigo|0|和|和棋)$"),
        (RULED_DRAW, r"^(?:draw:ruling|判和)$"),
        (BOTH_LOSE, r"^(?:both-lose|双方负|双负)$"),
        (VOID, r"^(?:void|nr|无胜负)$"),
        (CYCLE, r"^(?:cycle|循环|全局同形)$"),
    )
)
_WARN = re.compile(r"^(?:warn|警告):([bw黑白]+)$", re.IGNORECASE)
_BLACK_SIDE = re.compile(r"^(?:black|执黑):([12])$", re.IGNORECASE)
_NIGIRI = re.compile(r"^(?:nigiri|猜先):([12])/(\d+)$", re.IGNORECASE)
_HANDICAP = re.compile(r"^h(\d+)$|^让(\d+)子$", re.IGNORECASE)
_REPLAY = re.compile(r"^(?:replay|重赛)$", re.IGNORECASE)
_TOKENS = re.compile(r"\([^)]*\)|[^\s()]+|[()]")
_SIDE_FORFEITS = {"+:-": 0, "-:+": 1, "-:-": None}


@attrs.frozen
class Rules:
    """The event options a weiqi result depends on (see the sport's options)."""

    size: int = 19
    komi: Fraction = Fraction(15, 4)
    cycles: str = "no_result"
    handicap: bool = False
    handicap_compensation: str = "half"

    @classmethod
    def of(cls, rules: Mapping[str, Any]) -> Rules:
        komi = Fraction(rules["komi"]).limit_denominator(1000)
        if (komi * 4).denominator != 1:
            raise ResultError(
                N_("The event option komi = {komi} is not a whole number of quarter stones (e.g. 3.75); fix meet.toml."), code="weiqi.komi_invalid", target=Target(option="komi"), komi=rules["komi"]
            )
        return cls(rules["board_size"], komi, rules["cycles"], rules["handicap"], rules["handicap_compensation"])

    def compensation(self, handicap: int) -> Fraction:
        """What Black gives back at the count: the komi, or in a handicap game half a stone per stone."""
        if handicap:
            return Fraction(handicap, 2) if self.handicap_compensation == "half" else Fraction(0)
        return self.komi


@attrs.frozen
class Game:
    """One weiqi game, by colour. ``black`` is the side (0 = first-named) that played Black, or
    None when the result does not say: then the match's own colours apply (first-listed side
    Black; odd boards for the first-listed team), whatever order the names were typed in.

    ``winner`` is the winning colour of a resignation, time or forfeit; ``value`` is Black's
    margin in points (``margin``, negative when White won) or Black's count in stones (``count``).
    ``warnings`` counts (Black, White). ``handicap`` is the number of handicap stones (0: even
    game). ``replayed`` marks the result of a replay ordered by the arbiter.
    """

    end: str
    black: int | None = None
    winner: str | None = None
    value: Fraction | None = None
    warnings: tuple[int, int] = (0, 0)
    handicap: int = 0
    replayed: bool = False

    def mirrored(self) -> Game:
        return self if self.black is None else attrs.evolve(self, black=1 - self.black)

    def black_side(self, default: int) -> int:
        """The side that played Black, ``default`` (the match's colours) when the result did not say."""
        return default if self.black is None else self.black

    def side(self, colour: str, default: int) -> int:
        black = self.black_side(default)
        return black if colour == BLACK else 1 - black


@attrs.frozen
class SideForfeit:
    """A game not played, by side: ``winner`` took it (``+:-``/``-:+``), None when both were absent."""

    winner: int | None

    def mirrored(self) -> SideForfeit:
        return SideForfeit(None if self.winner is None else 1 - self.winner)


@attrs.frozen
class Judgement:
    """What a game gives: the winning colour (None: no winner) and why, with the margin if counted."""

    winner: str | None
    end: str
    verdict: Verdict | None = None


def normalise(text: str) -> str:
    """Vulgar fractions to decimals (before NFKC would glue ``184½`` into ``1841⁄2``), full width to ASCII."""
    for glyph, value in _FRACTIONS.items():
        text = re.sub(rf"(\d*){glyph}", lambda m, v=value: (m[1] or "0") + v, text)
    text = unicodedata.normalize("NFKC", text)
    return text.replace("−", "-").replace("–", "-").replace("—", "-").strip()


def side_forfeit(text: str) -> SideForfeit | None:
    """``+:-``, ``-:+`` or ``-:-`` (also ``+-``, full width): a game not played, by side; None otherwise."""
    compact = normalise(text).replace(" ", "")
    if len(compact) == 2 and set(compact) <= {"+", "-"}:
        compact = compact[0] + ":" + compact[1]
    if compact in _SIDE_FORFEITS:
        return SideForfeit(_SIDE_FORFEITS[compact])
    return None


def _number(text: str) -> Fraction:
    if "又" in text:
        whole, part = text.split("又")
        return Fraction(whole) + Fraction(part)
    return Fraction(text)


def _colour(match: re.Match[str]) -> str:
    return _COLOUR[next(g for g in match.groups() if g is not None and g.lower() in _COLOUR).lower()]


def _value(match: re.Match[str]) -> Fraction:
    return _number(next(g for g in match.groups() if g is not None and g.lower() not in _COLOUR))


def colour_name(colour: str | None) -> str:
    return {BLACK: _("Black"), WHITE: _("White")}.get(colour or "", "")


def verdict_text(verdict: Verdict) -> str:
    """``B+1.5``, ``W+0.5`` or ``Draw``: a counted result in points, as SGF writes it."""
    if verdict.winner is None:
        return "Draw"
    return f"{verdict.winner}+{counting.decimal(verdict.points)}"


def describe(verdict: Verdict) -> str:
    """A counted result as the rules say it: "Black wins by ¾ stone" / "黑胜3/4子"."""
    if verdict.winner is None:
        return _("a draw")
    stones = counting.stones_text(verdict.stones, current_language())
    if verdict.stones <= 1:
        return _("{colour} wins by {stones} stone").format(colour=colour_name(verdict.winner), stones=stones)
    return _("{colour} wins by {stones} stones").format(colour=colour_name(verdict.winner), stones=stones)


class GameParser:
    """Reads one game's tokens under the event ``rules`` for a match between ``players``."""

    def __init__(self, rules: Rules, players: tuple[Player, Player], where: Message | None) -> None:
        self.rules = rules
        self.players = players
        self.where = where

    def fail(self, message: str, /, *, code: str, **params: Any) -> ResultError:
        """The error ``message`` (with its ``code`` and values), about the board of a team match if there is one."""
        return ResultError(message, code=code, frame=self.where, **params)

    def parse(self, text: str) -> Game | SideForfeit:
        clean = normalise(text)
        forfeit = side_forfeit(clean)
        if forfeit is not None:
            return forfeit
        tokens = _TOKENS.findall(clean)
        if not tokens:
            raise self.fail(N_("The result is empty; write e.g. B+R, W+T, B+3.5 or Black's count B185."), code="weiqi.result_empty")
        replayed = bool(_REPLAY.match(tokens[0]))
        if replayed:
            tokens = tokens[1:]
            if not tokens:
                raise self.fail(
                    N_("A replay (重赛) is not a result yet: write the result of the replayed game after it, e.g. 'replay B+R'."), code="weiqi.replay_without_result"
                )
        ending: tuple[str, re.Match[str], str] | None = None
        warnings = [0, 0]
        black: int | None = None
        handicap = 0
        agreed: str | None = None
        for token in tokens:
            if token in ("(", ")"):
                raise self.fail(N_("A bracket is not closed; write the agreed result like (B+1.5)."), code="weiqi.bracket_unclosed")
            if token.startswith("("):
                if agreed is not None:
                    raise self.fail(N_("'{token}': give the agreed result in brackets only once."), code="weiqi.bracket_twice", token=token)
                agreed = token[1:-1].strip()
                continue
            if match := _WARN.match(token):
                for letter in match[1].lower():
                    warnings[0 if _COLOUR[letter] == BLACK else 1] += 1
                continue
            if match := _BLACK_SIDE.match(token):
                black = self._set_black(black, int(match[1]) - 1, token)
                continue
            if match := _NIGIRI.match(token):
                black = self._set_black(black, self._nigiri(int(match[1]), int(match[2]), token), token)
                continue
            if match := _HANDICAP.match(token):
                handicap = self._handicap(int(match[1] or match[2]), token)
                continue
            found = next(((end, m) for end, pattern in _PATTERNS if (m := pattern.match(token))), None)
            if found is None:
                if _REPLAY.match(token):
                    raise self.fail(N_("'replay' must come first, followed by the result of the replayed game."), code="weiqi.replay_not_first")
                raise self.fail(
                    N_("'{token}' is not part of a weiqi result; write e.g. B+R, W+T, B+3.5, B185, Draw, Void, warn:B or black:2."), code="weiqi.word_invalid", token=token
                )
            if ending is not None:
                raise self.fail(
                    N_("'{token}': a game ends only once, and '{first}' already says how."), code="weiqi.ending_twice", token=token, first=ending[2]
                )
            ending = (found[0], found[1], token)
        return self._game(ending, tuple(warnings), black=black, handicap=handicap, agreed=agreed, replayed=replayed)  # type: ignore[arg-type]

    def _set_black(self, black: int | None, side: int, token: str) -> int:
        if black is not None and black != side:
            raise self.fail(N_("'{token}' contradicts the colours given before it."), code="weiqi.colour_contradiction", token=token)
        return side

    def _nigiri(self, shown: int, count: int, token: str) -> int:
        holder = nigiri_holder(*self.players)
        if holder is None:
            raise self.fail(
                N_("'{token}': Podium cannot tell who held the stones (higher rank, or the elder at equal ranks, Weiqi 2002 Art. 10); give the ranks (rating column) and birth dates, or write black:1 or black:2."), code="weiqi.holder_unknown", token=token
            )
        if count < 1:
            raise self.fail(N_("'{token}': the holder grabbed at least one stone."), code="weiqi.grab_empty", token=token)
        return nigiri_black(holder, shown, count)

    def _handicap(self, stones: int, token: str) -> int:
        if not self.rules.handicap:
            raise self.fail(
                N_("'{token}': this event has no handicap games."), code="weiqi.handicap_not_allowed", hint=Hint("set_option", option="handicap", value="true"),
                token=token,
            )
        if not 2 <= stones <= 9:
            raise self.fail(N_("'{token}': a handicap is 2 to 9 stones."), code="weiqi.handicap_range", token=token)
        return stones

    def _game(
        self,
        ending: tuple[str, re.Match[str], str] | None,
        warnings: tuple[int, int],
        *,
        black: int | None,
        handicap: int,
        agreed: str | None,
        replayed: bool,
    ) -> Game:
        base = {"black": black, "warnings": warnings, "handicap": handicap, "replayed": replayed}
        for colour, count in zip((BLACK, WHITE), warnings, strict=True):
            if count > 2:
                raise self.fail(
                    N_("{colour} has {count} warnings, but the second warning already lost the game (Weiqi 2002 Art. 24.2)."), code="weiqi.warnings_too_many", colour=Localized.of(colour_name, colour), count=count
                )
        if 2 in warnings:
            if ending is not None:
                raise self.fail(
                    N_("Two warnings lose the game (Weiqi 2002 Art. 24.2), so '{token}' cannot also end it; write only the warnings, e.g. warn:BB."), code="weiqi.warnings_with_ending", token=ending[2]
                )
            if agreed is not None:
                raise self.fail(N_("Two warnings decide the game; leave out the result in brackets."), code="weiqi.warnings_with_bracket")
            return Game(WARNINGS, **base)
        if ending is None:
            raise self.fail(N_("The result does not say how the game ended; write e.g. B+R, W+T, B+3.5 or B185."), code="weiqi.ending_missing")
        end, match, token = ending
        game = self._ending(end, match, token, base)
        if agreed is not None:
            self._check_agreed(game, agreed)
        return game

    def _ending(self, end: str, match: re.Match[str], token: str, base: dict[str, Any]) -> Game:
        rules = self.rules
        size = rules.size
        compensation = rules.compensation(base["handicap"])
        if end in (RESIGN, TIME, FORFEIT):
            return Game(end, winner=_colour(match), **base)
        if end in ("stones", MARGIN):
            colour = _colour(match)
            points = _value(match) * (2 if end == "stones" else 1)
            if points == 0:
                raise self.fail(N_("'{token}': a margin of 0 is a draw; write Draw."), code="weiqi.margin_zero", token=token)
            signed = points if colour == BLACK else -points
            count = counting.count_for_margin(signed, size, compensation)
            if not counting.is_count(count, size):
                raise self.fail(
                    N_("'{token}' is impossible with area counting on {size}×{size} when Black gives back {stones} stones: Black's count would be {count}, but counts go in half stones from 0 to {points} (Weiqi 2002 Art. 9, 11)."), code="weiqi.count_impossible", token=token, size=size, stones=Localized(functools.partial(counting.stones_text, compensation)), count=counting.decimal(count), points=size * size
                )
            return Game(MARGIN, value=signed, **base)
        if end == COUNT:
            colour = _colour(match)
            value = _value(match)
            if not counting.is_count(value, size):
                raise self.fail(
                    N_("'{token}': a count is a whole or half number of stones from 0 to {points} (Weiqi 2002 Art. 9)."), code="weiqi.count_invalid", token=token, points=size * size
                )
            return Game(COUNT, value=value if colour == BLACK else size * size - value, **base)
        if end == DRAW and not counting.draw_possible(size, compensation):
            raise self.fail(
                N_("With Black giving back {stones} stones no count is level, so the game cannot end in a draw (Weiqi 2002 Art. 11); a draw ruled by the arbiter is written Draw:ruling."), code="weiqi.draw_impossible", stones=Localized(functools.partial(counting.stones_text, compensation))
            )
        if end == CYCLE:
            if rules.cycles == "forbidden":
                raise self.fail(
                    N_("This event forbids whole-board repetition (Weiqi 2002 Art. 20.3, option cycles = forbidden), so a cycle cannot end a game."), code="weiqi.cycle_forbidden"
                )
            if rules.cycles == "replay":
                raise self.fail(
                    N_("In this event a cycle is replayed (option cycles = replay): write the result of the replayed game, e.g. 'replay B+R'."), code="weiqi.cycle_replayed"
                )
        return Game(end, **base)

    def _check_agreed(self, game: Game, agreed: str) -> None:
        if game.end not in (MARGIN, COUNT):
            raise self.fail(N_("A result in brackets checks a count or a margin; '{end}' has none."), code="weiqi.bracket_without_count", end=agreed)
        mine = judge(game, self.rules).verdict
        assert mine is not None
        found = next(((end, m) for end, pattern in _PATTERNS if (m := pattern.match(agreed))), None)
        if found is not None and found[0] == DRAW:
            theirs = Verdict(None, Fraction(0))
        elif found is not None and found[0] in ("stones", MARGIN):
            points = _value(found[1]) * (2 if found[0] == "stones" else 1)
            theirs = Verdict(_colour(found[1]), points / 2)
        else:
            raise self.fail(N_("'({agreed})' is not a result; in brackets write e.g. (B+1.5), (黑胜3/4子) or (Draw)."), code="weiqi.bracket_invalid", agreed=agreed)
        if theirs != mine:
            raise self.fail(
                N_("By the count {verdict} ({text}), not {agreed} (Weiqi 2002 Art. 9, 11, 24)."), code="weiqi.bracket_disagrees", verdict=Localized.of(describe, mine), text=verdict_text(mine), agreed=agreed
            )


def judge(game: Game, rules: Rules) -> Judgement:
    """What a valid game gives: the winning colour and the end, with the verdict of a count."""
    if game.end == WARNINGS:
        lost = [c for c, n in zip((BLACK, WHITE), game.warnings, strict=True) if n >= 2]
        if len(lost) == 2:
            return Judgement(None, BOTH_LOSE)
        return Judgement(WHITE if lost[0] == BLACK else BLACK, WARNINGS)
    if game.end in (MARGIN, COUNT):
        assert game.value is not None
        compensation = rules.compensation(game.handicap)
        if game.end == MARGIN:
            count = counting.count_for_margin(game.value, rules.size, compensation)
        else:
            count = game.value
        result = counting.verdict(counting.black_margin(count, rules.size, compensation, game.warnings))
        return Judgement(result.winner, game.end, result)
    if game.end == CYCLE:
        return Judgement(None, {"no_result": VOID, "draw": RULED_DRAW}[rules.cycles])
    return Judgement(game.winner, game.end)


_ZH_ENDS = {RESIGN: "中盘胜", TIME: "超时胜", FORFEIT: "弃权胜"}
"""How the Chinese notation the grammar reads (:data:`_PATTERNS`) writes a win without a count (Weiqi 2002 Art. 23)."""
_ZH_NO_WINNER = {DRAW: "和棋", RULED_DRAW: "判和", BOTH_LOSE: "双负", VOID: "无胜负", CYCLE: "全局同形"}
"""… and an end without a winner (Art. 16, 17, 24)."""
_ZH_COLOURS = {BLACK: "黑", WHITE: "白"}


def read_game(game: Game | SideForfeit, rules: Rules, default_black: int) -> str:
    """A game as a Chinese reader reads it, in the Chinese words of the rules that the grammar also reads (Weiqi 2002
    Art. 23, 24): ``黑中盘胜``, ``白超时胜``, ``黑185子（黑方胜3/4子）``, ``白方胜1/4子``, ``和棋``, ``让3子``, ``警告:黑``,
    and who held Black when not the match's own colours (``第 2 方执黑``); a forfeit's ``+:-`` as written."""
    if isinstance(game, SideForfeit):
        return format_game(game, rules, default_black)
    parts = ["重赛"] if game.replayed else []
    if game.handicap:
        parts.append(f"让{game.handicap}子")
    if game.end in _ZH_ENDS:
        parts.append(_ZH_COLOURS[game.winner or ""] + _ZH_ENDS[game.end])
    elif game.end in (MARGIN, COUNT):
        verdict = judge(game, rules).verdict
        assert verdict is not None and game.value is not None
        counted = f"黑{counting.stones_text(game.value, 'zh')}子（{describe(verdict)}）" if game.end == COUNT else describe(verdict)
        parts.append(counted)
    elif game.end in _ZH_NO_WINNER:
        parts.append(_ZH_NO_WINNER[game.end])
    if any(game.warnings):
        parts.append("警告:" + "黑" * game.warnings[0] + "白" * game.warnings[1])
    black = game.black_side(default_black)
    if black != default_black:
        parts.append(_("side {number} held Black").format(number=black + 1))
    return " ".join(parts)


def format_game(game: Game | SideForfeit, rules: Rules, default_black: int) -> str:
    """The canonical text of a game: parsing it again gives the same game."""
    if isinstance(game, SideForfeit):
        return {0: "+:-", 1: "-:+", None: "-:-"}[game.winner]
    parts = ["replay"] if game.replayed else []
    if game.handicap:
        parts.append(f"H{game.handicap}")
    if game.end in (RESIGN, TIME, FORFEIT):
        parts.append(f"{game.winner}+{game.end[0].upper()}")
    elif game.end == MARGIN:
        assert game.value is not None
        colour = BLACK if game.value > 0 else WHITE
        parts.append(f"{colour}+{counting.decimal(abs(game.value))}")
    elif game.end == COUNT:
        assert game.value is not None
        parts.append(f"B{counting.decimal(game.value)}")
    elif game.end != WARNINGS:
        parts.append({DRAW: "Draw", RULED_DRAW: "Draw:ruling", BOTH_LOSE: "both-lose", VOID: "Void", CYCLE: "Cycle"}[game.end])
    if any(game.warnings):
        parts.append("warn:" + "B" * game.warnings[0] + "W" * game.warnings[1])
    if game.end == COUNT or (game.end == MARGIN and any(game.warnings)):
        result = judge(game, rules).verdict
        assert result is not None
        parts.append(f"({verdict_text(result)})")
    black = game.black_side(default_black)
    if black != default_black:
        parts.append(f"black:{black + 1}")
    return " ".join(parts)
