"""Why a xiangqi game ended: the loss and draw lists of each rule set.

CXA 2011 §4.1 lists thirteen ways to lose and §4.2 four ways to draw; the 1999
edition has ten and four (CXA 1999 §4.1–4.2); the simplified school rules have eight
ways to lose and three to draw (15-second xiangqi rules §4–5; the college xiangqi
rules §4 have five ways to lose). A reason is optional in a result; when given it must be one the event's
rule set knows, and it must fit the result (a loss reason needs a winner).
An absence is not a reason of a played game: it is a forfeit, written ``+:-``
(CXA 2011 §20.1, §20.3).
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from podium.api import Label, current_language

RULE_SETS: dict[str, Label] = {
    "cxa2011": Label(zh="中国象棋竞赛规则（2011）", en="CXA rules 2011"),
    "cxa1999": Label(zh="中国象棋竞赛规则（1999）", en="CXA rules 1999"),
    "school": Label(zh="校园简化规则", en="simplified school rules"),
}
"""The rule sets an event can play under (option ``rule_set``): the CXA preface lets amateur events
simplify the 2011 rules, and the school rules are the 15-second and college xiangqi rules."""


@attrs.frozen
class Reason:
    """One way a game can end, with the clause of each rule set that allows it."""

    code: str
    draw: bool
    title: Label
    sources: Mapping[str, str]
    aliases: tuple[str, ...] = ()

    def allowed(self, rule_set: str) -> bool:
        return rule_set in self.sources


_LOSSES = (
    Reason("checkmate", False, Label("将死", "checkmate"),
           {"cxa2011": "CXA 2011 §4.1.1", "cxa1999": "CXA 1999 §4.1.1", "school": "15-second xiangqi rules §4(1)"},
           ("mate", "将死", "将杀", "杀")),
    Reason("stalemate", False, Label("困毙", "stalemate (a loss in xiangqi)"),
           {"cxa2011": "CXA 2011 §4.1.2", "cxa1999": "CXA 1999 §4.1.3", "school": "15-second xiangqi rules §4(3)"},
           ("困毙",)),
    Reason("self-check", False, Label("自杀（将帅对面、不应将）", "self-check (kings facing, check ignored)"),
           {"cxa2011": "CXA 2011 §4.1.3", "cxa1999": "CXA 1999 §4.1.2", "school": "15-second xiangqi rules §4(2)"},
           ("kings-facing", "自杀", "对面", "将帅对面", "不应将", "送将")),
    Reason("perpetual", False, Label("长将", "perpetual check"),
           {"cxa2011": "CXA 2011 §4.1.4", "cxa1999": "CXA 1999 §24.1"},
           ("perpetual-check", "长将")),
    Reason("must-vary", False, Label("违反禁例不变着", "forbidden repetition not varied"),
           {"cxa2011": "CXA 2011 §4.1.5", "cxa1999": "CXA 1999 §4.1.7", "school": "15-second xiangqi rules §4(5)"},
           ("forbidden-repetition", "不变", "不变着", "应变不变", "违例不变")),
    Reason("time", False, Label("超时", "time"),
           {"cxa2011": "CXA 2011 §4.1.6", "cxa1999": "CXA 1999 §4.1.4", "school": "15-second xiangqi rules §2"},
           ("timeout", "flag", "超时")),
    Reason("illegal", False, Label("违反行棋规定", "illegal move"),
           {"cxa2011": "CXA 2011 §4.1.8", "cxa1999": "CXA 1999 §4.1.6"},
           ("illegal-move", "违反行棋规定", "走错", "违规走棋")),
    Reason("clock", False, Label("两次未走棋先按钟", "clock pressed twice without a move"),
           {"cxa2011": "CXA 2011 §4.1.9"},
           ("按钟", "未走先按钟")),
    Reason("fouls", False, Label("犯规满限", "fouls (the limit reached)"),
           {"cxa2011": "CXA 2011 §4.1.10", "cxa1999": "CXA 1999 §4.1.8", "school": "15-second xiangqi rules §4(6); college xiangqi rules §4(4)"},
           ("three-fouls", "犯规", "三次犯规", "违例", "技术犯规")),
    Reason("false-claim", False, Label("第二次自然限着提和不实", "second false move-limit claim"),
           {"cxa2011": "CXA 2011 §4.1.11"},
           ("自然限着不实", "提和不实")),
    Reason("resign", False, Label("认输", "resignation"),
           {"cxa2011": "CXA 2011 §4.1.12", "cxa1999": "CXA 1999 §4.1.9", "school": "15-second xiangqi rules §4(7)"},
           ("resignation", "resigns", "认输")),
    Reason("discipline", False, Label("违纪判负", "discipline"),
           {"cxa2011": "CXA 2011 §4.1.13, §18.2", "cxa1999": "CXA 1999 §4.1.10", "school": "15-second xiangqi rules §4(8)"},
           ("disqualified", "违纪", "违反纪律")),
    Reason("sealed", False, Label("封棋着法有误", "wrong sealed move"),
           {"school": "15-second xiangqi rules §4(4)"},
           ("sealed-move", "封棋")),
)

_DRAWS = (
    Reason("agreed", True, Label("议和", "agreed"),
           {"cxa2011": "CXA 2011 §4.2.1", "cxa1999": "CXA 1999 §4.2.2", "school": "15-second xiangqi rules §5(2)"},
           ("agreement", "议和", "提和", "协议")),
    Reason("dead", True, Label("双方均无取胜可能", "dead position"),
           {"cxa2011": "CXA 2011 §4.2.2", "cxa1999": "CXA 1999 §4.2.1", "school": "15-second xiangqi rules §5(1)"},
           ("dead-position", "简单局势", "无法取胜")),
    Reason("repetition", True, Label("不变作和", "repetition"),
           {"cxa2011": "CXA 2011 §4.2.3", "cxa1999": "CXA 1999 §4.2.3", "school": "15-second xiangqi rules §5(3)"},
           ("不变作和", "循环", "重复")),
    Reason("move-limit", True, Label("自然限着", "natural move limit"),
           {"cxa2011": "CXA 2011 §4.2.4", "cxa1999": "CXA 1999 §4.2.4"},
           ("自然限着", "限着")),
)

REASONS: dict[str, Reason] = {r.code: r for r in _LOSSES + _DRAWS}
"""Every reason by its canonical code."""

ALIASES: dict[str, str] = {alias: r.code for r in REASONS.values() for alias in (r.code, *r.aliases)}
"""Spellings accepted in result texts (lower case, English or Chinese) → canonical code."""

FORFEIT_WORDS = frozenset({"forfeit", "late", "absent", "弃权", "迟到", "缺席"})
"""Words that turn ``1-0 late`` into the forfeit ``+:-`` (CXA 2011 §4.1.7, §20.1, §20.3)."""


def reasons_for(rule_set: str, *, draw: bool) -> list[Reason]:
    """The reasons of one kind (losses or draws) that ``rule_set`` allows, in rule order."""
    return [r for r in REASONS.values() if r.draw == draw and r.allowed(rule_set)]


def chinese_spelling(code: str) -> str:
    """The reason's first Chinese spelling (``time`` → ``超时``), which result texts accept like its code."""
    return next((a for a in REASONS[code].aliases if not a.isascii()), code)


def spelling(code: str) -> str:
    """How a reason is shown in messages: its code in English, its first Chinese spelling in Chinese (both are accepted)."""
    return chinese_spelling(code) if current_language() == "zh" else code


def spelling_list(codes: list[str]) -> str:
    """Reasons for a message, joined as the language does (``checkmate, time`` / ``将死、超时``)."""
    return ("、" if current_language() == "zh" else ", ").join(spelling(c) for c in codes)
