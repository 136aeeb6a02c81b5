"""``podium pair --explain``: how each bracket of a Swiss round was paired, in words (FIDE C.04.3)."""

from __future__ import annotations

from collections.abc import Callable

from podium.i18n import N_, _

CRITERIA = {
    "C1": N_("two entrants meet only once"),
    "C2": N_("nobody gets a second bye"),
    "C3": N_("two entrants who must both get the same colour do not meet"),
    "C4": N_("the rest of the round can still be paired"),
    "C5": N_("the bye goes to the lowest score possible"),
    "C6": N_("as many pairs as possible"),
    "C7": N_("the lowest scores float down"),
    "C8": N_("the next bracket pairs best"),
    "C9": N_("the bye goes to the entrant with the fewest unplayed rounds"),
    "C10": N_("topscorers keep their colour difference within 2"),
    "C11": N_("topscorers do not get one colour three times running"),
    "C12": N_("colour preferences are granted"),
    "C13": N_("strong colour preferences are granted"),
    "C14": N_("nobody floats down from their own score group twice running"),
    "C15": N_("nobody floats up twice running"),
    "C16": N_("nobody floats down from their own score group as two rounds ago"),
    "C17": N_("nobody floats up as two rounds ago"),
    "C18": N_("smaller score differences for those who floated down last round"),
    "C19": N_("smaller score differences for those who floated up last round"),
    "C20": N_("smaller score differences for those who floated down two rounds ago"),
    "C21": N_("smaller score differences for those who floated up two rounds ago"),
    "order": N_("the order of candidates (art. 4): the earliest of equally good pairings"),
}
"""What each criterion of FIDE C.04.3 art. 2 asks, in a few words."""

COLOUR_RULES = {
    "5.2.1": N_("both preferences granted"),
    "5.2.2": N_("the stronger preference granted"),
    "5.2.3": N_("colours alternated from the last round they differed"),
    "5.2.4": N_("the higher-ranked entrant's preference granted"),
    "5.2.5": N_("the initial colour by pairing number"),
}
"""The colour allocation rules of FIDE C.04.3 art. 5.2."""


def criterion(code: str) -> str:
    """``[C12] colour preferences are granted`` (translated)."""
    if code == "order":
        return _(CRITERIA[code])
    return f"[{code}] {_(CRITERIA[code])}"


def explain(pairing: object, name: Callable[[str], str]) -> list[str]:
    """Lines describing ``pairing`` (a :class:`podium.formats.dutch.Pairing`) bracket by bracket, then the boards."""
    lines = [_("Paired by the FIDE Dutch system (FIDE Handbook C.04.3, 2025 rules).")]
    if getattr(pairing, "relaxed_colours", False):
        lines.append(_("No pairing keeps [C1]-[C3]: [C3] was relaxed as few times as possible (art. 1.9.3)."))
    for bracket in pairing.brackets:  # type: ignore[attr-defined]
        residents = _(", ").join(name(k) for k in bracket.residents)
        lines.append(_("Bracket of score {score}: {players}").format(score=f"{bracket.score:g}", players=residents))
        if bracket.moved_down:
            lines.append("  " + _("moved down into it: {players}").format(players=_(", ").join(name(k) for k in bracket.moved_down)))
        if bracket.lookahead:
            lines.append("  " + _("paired looking at the brackets below: {criterion}").format(criterion=criterion(bracket.lookahead)))
        if bracket.first_candidate_perfect and bracket.pairs:
            lines.append("  " + _("the first candidate (S1 against S2 in order) was taken"))
        elif bracket.decided_by:
            lines.append("  " + _("the first candidate was not taken, for {criterion}").format(criterion=criterion(bracket.decided_by)))
        down, up = bracket.exchanged
        if down:
            lines.append(
                "  "
                + _("exchange of art. 4.3: {down} to S2, {up} to S1").format(
                    down=_(", ").join(name(k) for k in down), up=_(", ").join(name(k) for k in up)
                )
            )
        if bracket.pairs:
            lines.append("  " + _("pairs: {pairs}").format(pairs="; ".join(f"{name(a)} – {name(b)}" for a, b in bracket.pairs)))
        for floater in bracket.floaters:
            why = criterion(floater.criterion) if floater.criterion in CRITERIA else ""
            if floater.id == getattr(pairing, "bye", None) and bracket is pairing.brackets[-1]:  # type: ignore[attr-defined]
                lines.append("  " + _("bye: {name} ({why})").format(name=name(floater.id), why=why))
            else:
                lines.append("  " + _("floats down: {name} ({why})").format(name=name(floater.id), why=why))
    lines.append(_("Colours (art. 5.2), board by board:"))
    for board, ((first, second), rule) in enumerate(zip(pairing.pairs, pairing.colour_rules, strict=True), start=1):  # type: ignore[attr-defined]
        lines.append(
            "  "
            + _("{board}. {first} – {second}: art. {rule}, {why}").format(
                board=board, first=name(first), second=name(second), rule=rule, why=_(COLOUR_RULES[rule])
            )
        )
    return lines
