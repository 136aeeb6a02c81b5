"""One xiangqi game: how it is written, read and checked.

A game is written as its score, then optionally a reason and notes, all read from the
first-named side (like every Podium score)::

    1-0                     the first-named side won
    0-1 time                the second-named side won on time
    = agreed moves=32       agreed draw after 32 moves (回合)
    1-0 fouls=0:3           the second side lost by three fouls (CXA 2011 §4.1.10)
    红胜 将死                red won by checkmate (the colour comes from the match)
    +:-  -:+  -:-           forfeits (CXA 2011 §20.3) and double forfeit (§20.2)
    0-0 agreed moves=12     both lose: an agreed draw before the local minimum (xiangqi supplementary rules §1.6)

Scores: ``1-0`` ``0-1`` ``=`` ``½-½`` ``1/2-1/2`` ``0.5-0.5`` ``和`` ``和棋``, the colour
words ``红胜`` ``黑胜`` ``红负`` ``黑负``, ``0-0``/``双负`` (both lose). Notes:
``fouls=a:b`` (犯规), ``warnings=a:b`` (警告, CXA 2011 §18.1), ``moves=n`` (回合) and
``minutes=n`` (分钟). Full-width characters, Chinese colons and brackets are accepted.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any

import attrs

from podium.api import (
    N_,
    Localized,
    Message,
    OutcomeKind,
    Problem,
    ResultError,
    parse_forfeit,
    problem,
    whole_number,
)
from podium.plugins.xiangqi.reasons import (
    ALIASES,
    FORFEIT_WORDS,
    REASONS,
    RULE_SETS,
    chinese_spelling,
    reasons_for,
    spelling,
    spelling_list,
)


class GameKind(StrEnum):
    """How one game ended."""

    PLAYED = "played"
    FORFEIT = "forfeit"  # CXA 2011 §20.1, §20.3: "+" / "−"
    DOUBLE_FORFEIT = "double_forfeit"  # CXA 2011 §20.2
    BOTH_LOSE = "both_lose"  # xiangqi supplementary rules §1.6: an agreed draw before the minimum


@attrs.frozen
class Game:
    """One game seen from the sides in the order they were named; ``winner`` is ``None`` for a draw."""

    kind: GameKind
    winner: int | None
    reason: str | None = None
    fouls: tuple[int, int] = (0, 0)
    warnings: tuple[int, int] = (0, 0)
    moves: int | None = None
    minutes: int | None = None

    @property
    def played(self) -> bool:
        return self.kind in (GameKind.PLAYED, GameKind.BOTH_LOSE)

    @property
    def is_draw(self) -> bool:
        return self.kind is GameKind.PLAYED and self.winner is None

    def shares(self) -> tuple[float, float]:
        """The fraction of a won game each side earned: 1/0, ½/½, or 0/0 (both lose, double forfeit)."""
        if self.winner is not None:
            return (1.0, 0.0) if self.winner == 0 else (0.0, 1.0)
        return (0.5, 0.5) if self.is_draw else (0.0, 0.0)

    def mirrored(self) -> Game:
        return attrs.evolve(
            self,
            winner=None if self.winner is None else 1 - self.winner,
            fouls=(self.fouls[1], self.fouls[0]),
            warnings=(self.warnings[1], self.warnings[0]),
        )


_SCORES: dict[str, tuple[str, Any]] = {
    **{s: ("side", 0) for s in ("1-0", "1:0")},
    **{s: ("side", 1) for s in ("0-1", "0:1")},
    **{s: ("draw", None) for s in ("=", "1/2-1/2", "1/2:1/2", "0.5-0.5", "0.5:0.5", "和", "和棋")},
    **{s: ("both", None) for s in ("0-0", "0:0", "双负")},
    "红胜": ("colour", "red"),
    "黑负": ("colour", "red"),
    "黑胜": ("colour", "black"),
    "红负": ("colour", "black"),
}
"""Score spellings after :func:`normalise` → (kind, value)."""

KEYS = {
    "fouls": "fouls", "犯规": "fouls",
    "warnings": "warnings", "警告": "warnings",
    "moves": "moves", "回合": "moves",
    "minutes": "minutes", "min": "minutes", "分钟": "minutes",
    "red": "red", "执红": "red", "红方": "red", "红": "red",
    "lots": "lots", "抽签": "lots",
}
"""Note keys (``key=value``) in English and Chinese → canonical key."""

LABELS = {
    "rapid": "rapid", "快棋": "rapid", "extra": "rapid", "加赛": "rapid",
    "armageddon": "armageddon", "超快棋": "armageddon", "和棋黑胜": "armageddon",
}
"""Labels of the knockout tie-break games (xiangqi championship regulations §9(2); 15-second xiangqi rules §6)."""

ZH_WORDS: dict[str, str] = {
    "=": "和", "0-0": "双负",
    "fouls": "犯规", "warnings": "警告", "moves": "回合", "minutes": "分钟", "red": "执红", "lots": "抽签",
    "rapid": "快棋", "armageddon": "超快棋",
}
"""The Chinese words a result text may use for the canonical English ones (:data:`_SCORES`, :data:`KEYS`,
:data:`LABELS`; reasons: :func:`.reasons.chinese_spelling`): examples shown to a Chinese reader are written with them."""

_KEY_PATTERN = re.compile(
    r"(?<![a-z])(" + "|".join(sorted(map(re.escape, KEYS), key=len, reverse=True)) + r")\s*[=:]\s*"
)
_TOKENS = re.compile(r"\||,|[^\s,|]+")
_PREFIXES = sorted(_SCORES, key=len, reverse=True)


def normalise(text: str) -> str:
    """Full-width to ASCII, lower case, one kind of dash, brackets dropped, ``key = v`` → ``key=v``."""
    text = unicodedata.normalize("NFKC", text).lower().replace("⁄", "/")
    for dash in "−–—―‐～":
        text = text.replace(dash, "-")
    text = re.sub(r"[()\[\]【】「」]", " ", text)
    text = re.sub(r"[;、]", ",", text)
    return _KEY_PATTERN.sub(lambda m: KEYS[m[1]] + "=", text).strip()


@attrs.frozen
class Token:
    """One word of a result text, classified: score, forfeit, reason, note, label, separator or bar."""

    kind: str
    text: str
    value: Any = None


def tokenise(text: str, rules: Mapping[str, Any]) -> list[Token]:
    """Split normalised ``text`` into classified tokens; an unknown word is refused with what would be valid."""
    tokens: list[Token] = []
    for word in _TOKENS.findall(text):
        token = _classify(word, rules)
        if token is None:
            token = _split_glued(word, rules)
        if token is None and re.fullmatch(r"\d+(?:\.5)?[-:]\d+(?:\.5)?", word):
            raise ResultError(
                N_("'{word}' is not the result of a game; write each game as 1-0, 0-1 or =, e.g. a match won 1½-½ as '1-0, ='."), code="xiangqi.game_word_invalid", word=word
            )
        if token is None:
            raise ResultError(
                N_("'{word}' is not part of a xiangqi result; write 1-0, 0-1 or = (红胜, 黑胜, 和), optionally followed by a reason such as checkmate or time (see docs/xiangqi.md)."), code="xiangqi.word_invalid", word=word
            )
        tokens.extend(token)
    return tokens


def _classify(word: str, rules: Mapping[str, Any]) -> list[Token] | None:
    if word == "|":
        return [Token("bar", word)]
    if word == ",":
        return [Token("sep", word)]
    if word in _SCORES:
        return [Token("score", word, _SCORES[word])]
    if word in LABELS:
        return [Token("label", word, LABELS[word])]
    forfeit = parse_forfeit(word) if set(word) <= set("+-:") else None
    if forfeit is not None:
        return [Token("forfeit", word, forfeit.winner if forfeit.kind is OutcomeKind.FORFEIT else None)]
    if word in ALIASES:
        return [Token("reason", word, ALIASES[word])]
    if word in FORFEIT_WORDS:
        return [Token("late", word)]
    if word.isdigit():  # a number after a draw: read as one, or refused, by _move_limit_word
        return [Token("reason", word, _move_limit_word(word, rules))]
    if "=" in word:
        key, _sep, value = word.partition("=")
        if key in KEYS.values():
            return [Token("note", word, (key, value))]
    return None


def _split_glued(word: str, rules: Mapping[str, Any]) -> list[Token] | None:
    """``红胜将死`` → ``红胜`` + ``将死``: a score written without a space before the reason."""
    for prefix in _PREFIXES:
        remainder = word[len(prefix):].lstrip(":")
        if word.startswith(prefix) and remainder:
            rest = _classify(remainder, rules)
            if rest is not None:
                return [Token("score", prefix, _SCORES[prefix]), *rest]
    return None


def _move_limit_word(word: str, rules: Mapping[str, Any]) -> str:
    """``= 60``: the natural move limit named by its number, which must be this event's (CXA 2011 §4.2.4)."""
    if whole_number(word) != rules["move_limit"]:
        raise ResultError(
            N_("'{word}' is not a result word; a number after a draw names the natural move limit, which is {limit} moves in this event (CXA 2011 §4.2.4)."), code="xiangqi.move_limit_word", word=word, limit=rules["move_limit"]
        )
    return "move-limit"


class GameReader:
    """Reads games one after another from a token list."""

    def __init__(self, tokens: Sequence[Token], rules: Mapping[str, Any], names: tuple[str, str]) -> None:
        self.tokens = list(tokens)
        self.index = 0
        self.rules = rules
        self.names = names

    def peek(self) -> Token | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def take(self) -> Token:
        token = self.tokens[self.index]
        self.index += 1
        return token

    def at_game(self) -> bool:
        token = self.peek()
        return token is not None and token.kind in ("score", "forfeit")

    def _annotation(self) -> Token | None:
        """The next reason or note of the current game, stepping over a comma before it (``红胜，将死``)."""
        nxt = self.peek()
        if nxt is not None and nxt.kind == "sep" and self.index + 1 < len(self.tokens):
            after = self.tokens[self.index + 1]
            if _belongs_to_game(after):
                self.take()
                nxt = after
        return nxt if nxt is not None and _belongs_to_game(nxt) else None

    def game(self, red: int | None, where: str | Message = "") -> Game:
        """Read one game whose red side is ``red`` (``None``: not known, colour words refused)."""
        token = self.take()
        notes: dict[str, str] = {}
        reason: str | None = None
        late = False
        while (nxt := self._annotation()) is not None:
            self.take()
            if nxt.kind == "note":
                key, value = nxt.value
                if key in notes:
                    raise _located(where, problem(N_("'{key}' is given twice."), code="xiangqi.note_twice", key=key))
                notes[key] = value
            elif nxt.kind == "late":
                late = True
            elif reason is not None:
                raise _located(where, problem(
                    N_("Give one reason per game, not '{a}' and '{b}'."), code="xiangqi.reason_twice",
                    a=Localized.of(spelling, reason), b=Localized.of(spelling, nxt.value),
                ))
            else:
                reason = nxt.value
        try:
            game = _build(token, reason, late, notes, red)
            check_game(game, self.rules, self.names)
        except ResultError as error:
            raise _located(where, error.problem) from None
        return game


def _belongs_to_game(token: Token) -> bool:
    """Reasons and notes describe the game before them; ``red=`` and ``lots=`` are about the match."""
    return token.kind in ("reason", "late") or (token.kind == "note" and token.value[0] not in ("red", "lots"))


def _located(where: str | Message, found: Problem) -> ResultError:
    """``found`` as an error about the game ``where`` (``Game 2: …``) when the match has several."""
    return ResultError(found.framed(Message(N_("{where}: {message}"), where=where)) if where else found)


def _build(token: Token, reason: str | None, late: bool, notes: Mapping[str, str], red: int | None) -> Game:
    if token.kind == "forfeit":
        if reason is not None or notes:
            raise ResultError(N_("A forfeit ({score}) was not played, so it has no reason, fouls or moves."), code="xiangqi.forfeit_annotated", score=token.text)
        if token.value is None:
            return Game(GameKind.DOUBLE_FORFEIT, None)
        return Game(GameKind.FORFEIT, token.value)
    kind, value = token.value
    if kind == "colour":
        if red is None:
            raise ResultError(N_("'{score}' names a colour, but who had red is not known here; write 1-0 or 0-1, or give red=1 or red=2 first."), code="xiangqi.colour_unknown", score=token.text)
        winner = red if value == "red" else 1 - red
    else:
        winner = value if kind == "side" else None
    if late:
        if winner is None or reason is not None or notes:
            raise ResultError(
                N_("'{score}' with 'late' is a forfeit: write +:- or -:+ for the side that was present (CXA 2011 §20.1, §20.3)."), code="xiangqi.late_is_forfeit", score=token.text
            )
        return Game(GameKind.FORFEIT, winner)
    fouls = _pair(notes, "fouls")
    warnings = _pair(notes, "warnings")
    moves = _count(notes, "moves")
    minutes = _count(notes, "minutes")
    game_kind = GameKind.BOTH_LOSE if kind == "both" else GameKind.PLAYED
    return Game(game_kind, winner, reason, fouls, warnings, moves, minutes)


def _pair(notes: Mapping[str, str], key: str) -> tuple[int, int]:
    if key not in notes:
        return (0, 0)
    match = re.fullmatch(r"(\d{1,2})[:-](\d{1,2})", notes[key])
    if match is None:
        raise ResultError(
            N_("'{key}={value}' needs two counts, first-named side first, e.g. {key}=1:0."), code="xiangqi.counts_invalid", key=key, value=notes[key]
        )
    return (int(match[1]), int(match[2]))


def _count(notes: Mapping[str, str], key: str) -> int | None:
    if key not in notes:
        return None
    count = whole_number(notes[key], 3)
    if count is None:
        raise ResultError(N_("'{key}={value}' needs a whole number, e.g. {key}=35."), code="xiangqi.number_invalid", key=key, value=notes[key])
    return count


def check_game(game: Game, rules: Mapping[str, Any], names: tuple[str, str]) -> None:
    """Refuse a game that its rule set does not allow; cite the rule."""
    if not game.played:
        return
    rule_set = rules["rule_set"]
    if game.reason is not None:
        _check_reason(game, game.reason, rule_set)
    _check_fouls(game, rules, names)
    _check_agreed_minimum(game, rules)
    if game.reason == "move-limit" and game.moves is not None and game.moves < rules["move_limit"]:
        raise ResultError(
            N_("A draw by the natural move limit needs {limit} moves without a capture (CXA 2011 §4.2.4); this game lasted {moves} moves."), code="xiangqi.move_limit_short", limit=rules["move_limit"], moves=game.moves
        )


def _check_reason(game: Game, code: str, rule_set: str) -> None:
    reason = REASONS[code]
    if not reason.allowed(rule_set):
        valid = Localized.of(spelling_list, [r.code for r in reasons_for(rule_set, draw=reason.draw)])
        if reason.draw:
            raise ResultError(
                N_("'{reason}' ({title}) is not a way a game ends under the {rules}; its reasons for a draw are: {valid}."),
                code="xiangqi.draw_reason_not_in_rules", reason=Localized.of(spelling, reason.code), title=reason.title,
                rules=RULE_SETS[rule_set], valid=valid,
            )
        raise ResultError(
            N_("'{reason}' ({title}) is not a way a game ends under the {rules}; its reasons for a loss are: {valid}."),
            code="xiangqi.loss_reason_not_in_rules", reason=Localized.of(spelling, reason.code), title=reason.title,
            rules=RULE_SETS[rule_set], valid=valid,
        )
    if reason.draw and game.winner is not None:
        raise ResultError(
            N_("'{reason}' ends a game in a draw ({source}), but the score has a winner; write = {reason}."), code="xiangqi.draw_reason_with_winner", reason=Localized.of(spelling, reason.code), source=reason.sources[rule_set]
        )
    if not reason.draw and game.winner is None:
        raise ResultError(
            N_("'{reason}' is a way to lose ({source}), but the score is a draw; write 1-0 {reason} or 0-1 {reason}."), code="xiangqi.loss_reason_with_draw", reason=Localized.of(spelling, reason.code), source=reason.sources[rule_set]
        )


def _check_fouls(game: Game, rules: Mapping[str, Any], names: tuple[str, str]) -> None:
    """CXA 2011 §4.1.10: the third foul loses the game, so no side has more and only the loser may have that many."""
    limit = rules["foul_limit"]
    source = REASONS["fouls"].sources[rules["rule_set"]]
    for side in (0, 1):
        if game.fouls[side] > limit:
            raise ResultError(
                N_("{name} has {count} fouls, but the game ends at foul number {limit} ({source})."), code="xiangqi.fouls_too_many", name=names[side], count=game.fouls[side], limit=limit, source=source
            )
    at_limit = [side for side in (0, 1) if game.fouls[side] == limit]
    if len(at_limit) == 2:
        raise ResultError(
            N_("Both sides have {limit} fouls, but the game ends at the first side's foul number {limit} ({source})."), code="xiangqi.fouls_both_at_limit", limit=limit, source=source
        )
    if at_limit:
        side = at_limit[0]
        if game.winner != 1 - side:
            raise ResultError(
                N_("{name} has {limit} fouls, which loses the game ({source}); the result must be a loss for {name}."), code="xiangqi.fouls_limit_not_loss", name=names[side], limit=limit, source=source
            )
        if game.reason not in (None, "fouls"):
            raise ResultError(
                N_("{name} lost at foul number {limit} ({source}), so the reason is fouls, not '{reason}'."), code="xiangqi.fouls_reason_wrong", name=names[side], limit=limit, source=source, reason=Localized.of(spelling, game.reason)
            )
    elif game.reason == "fouls" and game.winner is not None and any(game.fouls):
        loser = 1 - game.winner
        raise ResultError(
            N_("A loss by fouls needs {limit} fouls for {name}, but fouls={a}:{b} gives {count} ({source})."), code="xiangqi.fouls_loss_short", limit=limit, name=names[loser], a=game.fouls[0], b=game.fouls[1], count=game.fouls[loser], source=source
        )


def _check_agreed_minimum(game: Game, rules: Mapping[str, Any]) -> None:
    """Xiangqi supplementary rules §1.6: an agreed draw before N moves (回合) and N minutes makes both sides lose."""
    minimum = rules["agreed_draw_minimum"]
    if game.kind is GameKind.BOTH_LOSE:
        if not minimum:
            raise ResultError(
                N_("'0-0' (both lose) is used only with the local rule against early agreed draws; set agreed_draw_minimum (xiangqi supplementary rules §1.6)."), code="xiangqi.both_lose_without_rule"
            )
        if game.reason not in (None, "agreed"):
            raise ResultError(
                N_("Both sides lose only for an agreed draw before the minimum (xiangqi supplementary rules §1.6), not for '{reason}'."), code="xiangqi.both_lose_reason", reason=Localized.of(spelling, game.reason)
            )
    if minimum and (game.kind is GameKind.BOTH_LOSE or game.reason == "agreed"):
        if game.moves is None and game.minutes is None:
            raise ResultError(
                N_("An agreed draw counts only after {n} moves or {n} minutes (xiangqi supplementary rules §1.6); add how long the game lasted, e.g. '= agreed moves=25' or '= agreed minutes=22'."), code="xiangqi.agreed_draw_length_missing", n=minimum
            )
        if game.kind is GameKind.BOTH_LOSE and not early(game, minimum):
            raise ResultError(
                N_("Both sides lose only when the draw was agreed before {n} moves and {n} minutes (xiangqi supplementary rules §1.6); this game lasted long enough to be a draw: write = agreed."), code="xiangqi.agreed_draw_long_enough", n=minimum
            )


def early(game: Game, minimum: int) -> bool:
    """True when an agreed draw came before ``minimum`` moves and ``minimum`` minutes (xiangqi supplementary rules §1.6)."""
    return not ((game.moves or 0) >= minimum or (game.minutes or 0) >= minimum)


def settle(game: Game, rules: Mapping[str, Any]) -> Game:
    """Apply xiangqi supplementary rules §1.6: an agreed draw that came too early becomes "both lose" with reason ``agreed``."""
    minimum = rules["agreed_draw_minimum"]
    if minimum and game.is_draw and game.reason == "agreed" and early(game, minimum):
        return attrs.evolve(game, kind=GameKind.BOTH_LOSE)
    if game.kind is GameKind.BOTH_LOSE and game.reason is None:
        return attrs.evolve(game, reason="agreed")
    if game.reason is None and game.winner is not None and game.fouls[1 - game.winner] == rules["foul_limit"]:
        return attrs.evolve(game, reason="fouls")
    if game.reason == "fouls" and game.winner is not None and not any(game.fouls):
        fouls = [0, 0]
        fouls[1 - game.winner] = rules["foul_limit"]
        return attrs.evolve(game, fouls=(fouls[0], fouls[1]))
    return game


def spelled(english: str, *, zh: bool) -> str:
    """``english``, a word of the canonical text, or with ``zh`` the Chinese word read the same (:data:`ZH_WORDS`)."""
    return ZH_WORDS[english] if zh else english


def format_game(game: Game, *, zh: bool = False) -> str:
    """The canonical text of ``game``, or with ``zh`` the same text in the Chinese words the grammar reads
    (``0-1 time fouls=0:1`` → ``0-1 超时 犯规=0:1``, ``= agreed`` → ``和 议和``, the way a Chinese reader is shown
    examples); :meth:`GameReader.game` reads either back to the same game."""
    if game.kind is GameKind.DOUBLE_FORFEIT:
        return "-:-"
    if game.kind is GameKind.FORFEIT:
        return "+:-" if game.winner == 0 else "-:+"
    if game.kind is GameKind.BOTH_LOSE:
        parts = [spelled("0-0", zh=zh)]
    else:
        parts = [spelled("=", zh=zh) if game.winner is None else ("1-0" if game.winner == 0 else "0-1")]
    if game.reason and not (game.reason == "fouls" and any(game.fouls)):
        # a loss by fouls shows in the counts, which settle() reads back
        parts.append(chinese_spelling(game.reason) if zh else game.reason)
    for key, counts in (("fouls", game.fouls), ("warnings", game.warnings)):
        if any(counts):
            parts.append(f"{spelled(key, zh=zh)}={counts[0]}:{counts[1]}")
    for key, count in (("moves", game.moves), ("minutes", game.minutes)):
        if count is not None:
            parts.append(f"{spelled(key, zh=zh)}={count}")
    return " ".join(parts)


def read_game(game: Game) -> str:
    """``game`` as a Chinese reader reads it: the score (``1:0``, ``和棋``, ``双负``; a forfeit's ``+:-`` as
    written, CXA 2011 §20.3) and, in brackets, how it ended and its notes in the rules' own words: ``1:0（困毙）``,
    ``和棋（议和）``, ``1:0（犯规 0:3）`` (a loss by fouls shows in the counts, CXA 2011 §4.1.10)."""
    if game.kind in (GameKind.FORFEIT, GameKind.DOUBLE_FORFEIT):
        return format_game(game)
    if game.kind is GameKind.BOTH_LOSE:
        score = "双负"
    else:
        score = "和棋" if game.winner is None else ("1:0" if game.winner == 0 else "0:1")
    notes = []
    if game.reason and not (game.reason == "fouls" and any(game.fouls)):
        notes.append(REASONS[game.reason].title.zh.split("（")[0])
    if any(game.fouls):
        notes.append(f"犯规 {game.fouls[0]}:{game.fouls[1]}")
    if any(game.warnings):
        notes.append(f"警告 {game.warnings[0]}:{game.warnings[1]}")
    if game.moves is not None:
        notes.append(f"{game.moves} 回合")
    if game.minutes is not None:
        notes.append(f"{game.minutes} 分钟")
    return f"{score}（{'，'.join(notes)}）" if notes else score
