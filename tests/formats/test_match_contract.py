"""The contract between formats and sports (docs/formats.md): decisive knockout matches, round names, colours.

A tiny sport defined here allows draws and a play-off chain written after the
game: ``1/2 +1-0`` is a drawn game followed by a play-off game won by side 1
(xiangqi championship regulations §9(2): extra game → rapid → armageddon; the chain is the sport's to parse).
"""

from __future__ import annotations

import random
import re
import textwrap
from pathlib import Path

import pytest

from podium.errors import ResultError
from podium.hookspecs import hookimpl
from podium.i18n import Label
from podium.model.matches import MatchContext
from podium.model.outcomes import Outcome
from podium.model.sports import Sport
from podium.registry import build_registry, plugin_manager
from podium.services.draws import make_draw
from podium.services.meet import Meet
from podium.services.registration import import_entrants
from podium.services.results import record

_GAME = re.compile(r"^(1-0|0-1|1/2)((?:\s*\+(?:1-0|0-1|1/2))*)$")
SEEN: list[MatchContext] = []


class Duel(Sport):
    """One game (1-0, 0-1, 1/2), then play-off games "+1-0" until someone wins."""

    name = "duel"
    title = Label(zh="对局", en="Duel")

    def parse_result(self, text: str, ctx: MatchContext) -> list[str]:
        SEEN.append(ctx)
        found = _GAME.match(text.strip())
        if not found:
            raise ResultError(f"'{text}' is not a duel result.")
        return [found[1], *re.findall(r"1-0|0-1|1/2", found[2])]

    def format_result(self, result: list[str], ctx: MatchContext) -> str:
        return " ".join([result[0], *(f"+{g}" for g in result[1:])])

    def mirror(self, result: list[str], ctx: MatchContext) -> list[str]:
        return [{"1-0": "0-1", "0-1": "1-0"}.get(g, g) for g in result]

    def outcome(self, result: list[str], ctx: MatchContext) -> Outcome:
        decisive = [g for g in result if g != "1/2"]
        if not decisive:
            return Outcome.draw()
        return Outcome.win(0 if decisive[0] == "1-0" else 1)

    def simulate(self, rng: random.Random, ctx: MatchContext) -> str:
        return rng.choice(("1-0", "0-1"))


class Plugin:
    @hookimpl
    def podium_sports(self) -> list[Sport]:
        return [Duel()]


TOML = """
[meet]
name = "Contract"
language = "en"

[events.d]
name = "Duel"
sport = "duel"

[[events.d.stages]]
name = "main"
format = "{format}"
seeding = "list"
"""


@pytest.fixture
def duel_meet(tmp_path: Path):
    def make(fmt: str) -> Meet:
        folder = tmp_path / fmt
        folder.mkdir()
        text = textwrap.dedent(TOML).format(format=fmt)
        if fmt == "round_robin":
            text = text.replace('seeding = "list"', 'numbers = "list"')
        (folder / "meet.toml").write_text(text, encoding="utf-8")
        (folder / "entrants.csv").write_text("event,name\nd,Ann\nd,Bea\nd,Cai\nd,Dan\n", encoding="utf-8")
        meet = Meet(folder, build_registry(plugin_manager([Plugin()])))
        import_entrants(meet, folder / "entrants.csv")
        make_draw(meet, "d", seed=1)
        return meet

    return make


def test_a_level_knockout_match_needs_its_play_off(duel_meet) -> None:
    """In a knockout the drawn game alone is refused; with the play-off chain the winner goes on."""
    meet = duel_meet("knockout")
    with pytest.raises(ResultError, match="is a knockout match and needs a winner; '1/2' has none"):
        record(meet, "d", ["1"], "1/2")
    done = record(meet, "d", ["1"], "1/2 +1/2 +0-1")  # extra game drawn, rapid game won by side 2
    assert done.outcome.winner == 1
    event = meet.state().event("d")
    final = next(m for m in event.matches() if m.round_name == "final")
    assert event.entrants[final.sides[0].entrant].name == "Dan"  # the first semi-final was Ann–Dan (lines 1 4 2 3)
    assert SEEN[-1].decisive and SEEN[-1].round_name == "semi" and SEEN[-1].colours == "lots"


def test_a_draw_stands_in_a_round_robin(duel_meet) -> None:
    """Round-robin matches are not decisive and list colours: side 1 moves first (CXA 2011 §12.1)."""
    meet = duel_meet("round_robin")
    done = record(meet, "d", ["1"], "1/2")
    assert done.outcome.is_draw
    assert not SEEN[-1].decisive and SEEN[-1].colours == "listed" and SEEN[-1].round_name is None
