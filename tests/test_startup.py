"""Quick commands stay quick (docs/performance.md, "Cold start").

``podium --help`` and ``podium matches`` never import WeasyPrint (issue 2). Beyond that, a
command loads only what it uses: ``podium matches`` and ``podium standings`` of a head-to-head
event load neither the printing, the scheduler nor the measuring code, nor any other sport's
result grammar or any simulator — though every sport is registered and every event of
``meet.toml`` is validated, as on every command.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys

from tests.conftest import BASIC_TOML

PROBE = """
import sys
from podium.faces.cli import cli
try:
    cli(args={args!r}, prog_name="podium", standalone_mode=False)
except SystemExit:
    pass
print("MODULES:" + ",".join(sorted(sys.modules)))
"""

HEAVY = ("weasyprint", "openpyxl", "networkx", "jinja2", "hashlib")
"""Big libraries only some commands use; ``hashlib``, which loads OpenSSL, too (podium.digests)."""

NOT_FOR_A_MATCH_LIST = (
    *HEAVY,
    "podium.faces.print",  # printing
    "podium.faces.print.templating",
    "podium.schedule.engine",  # the order of play
    "podium.schedule.jobs",
    "podium.schedule.plan",
    "podium.services.schedule",
    "podium.services.sportsday",  # medals and unit points
    "podium.standings.event_ranking",
    "podium.sportsday.team_totals",  # no event declares a team ranking
    "podium.measure.values",  # measuring: no event here is measured
    "podium.measure.marks",
    "podium.measure.ranking",
    "podium.measure.performance",
    "podium.journal.measured_stage",
    "podium.services.log",  # the history
    "podium.services.performances",
    "podium.formats.dutch",
    "podium.faces.demo",
    "podium.testing",
    "cattrs",  # the payloads a fold reads (entrants, draws, advances, results) are read by hand (podium.journal.kinds)
    # other sports' result grammars and every simulator
    "podium.plugins.table_tennis.ties",
    "podium.plugins.table_tennis.simulate",
    "podium.plugins.xiangqi.games",
    "podium.plugins.xiangqi.results",
    "podium.plugins.xiangqi.team_results",
    "podium.plugins.xiangqi.simulation",
    "podium.plugins.weiqi.games",
    "podium.plugins.weiqi.results",
    "podium.plugins.gomoku.matches",
    "podium.plugins.gomoku.renju",
    "podium.plugins.gomoku.results",
    "podium.plugins.fun_games.pulls",
    "podium.plugins.athletics.measuring",
    "podium.plugins.athletics.heights",
    "podium.plugins.athletics.simulate",
)
"""Modules that ``podium matches`` of a drawn table-tennis singles event has no use for (a module's
submodules included)."""

OTHER_SPORTS = """
[events.xq]
sport = "xiangqi"

[[events.xq.stages]]
name = "main"
format = "swiss"
rounds = 5

[events.wq]
sport = "weiqi"
format = "knockout"

[events.gm]
sport = "gomoku"
format = "round_robin"

[events.tow]
sport = "fun_games"
game = "tug_of_war"
"""


def run_probe(args: list[str], cwd) -> set[str]:
    out = subprocess.run([sys.executable, "-c", PROBE.format(args=args)], capture_output=True, text=True, cwd=cwd, check=True)
    return set(out.stdout.rsplit("MODULES:", 1)[1].strip().split(","))


def loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    """Which of ``names`` (or their submodules) are among ``modules``."""
    return sorted(m for m in modules for name in names if m == name or m.startswith(name + "."))


def drawn_meet(make_meet, podium, toml: str = BASIC_TOML):
    from tests.test_vertical_slice import PLAYERS

    folder = make_meet(toml, entrants=PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "3")
    podium(folder, "result", "ms", "1", "11-9 9-11 11-7 11-5")
    return folder


def test_the_digests_are_hashlib_s():
    """podium.digests takes BLAKE2b and SHA-256 from Python's built-in modules: the same digests as hashlib's."""
    import hashlib

    from podium.digests import blake2b, sha256

    assert sha256("规则".encode()).hexdigest() == hashlib.sha256("规则".encode()).hexdigest()
    assert blake2b(b"meet.toml", digest_size=16).digest() == hashlib.blake2b(b"meet.toml", digest_size=16).digest()


def test_every_module_named_exists():
    """A name that no module has would make the checks below pass whatever is loaded."""
    missing = [name for name in NOT_FOR_A_MATCH_LIST if importlib.util.find_spec(name) is None]
    assert missing == []


def test_help_imports_nothing_heavy(tmp_path):
    assert loaded(run_probe(["--help"], tmp_path), HEAVY) == []


def test_matches_imports_nothing_heavy(make_meet, podium):
    folder = drawn_meet(make_meet, podium)
    assert loaded(run_probe(["--meet", str(folder), "matches", "ms"], folder), HEAVY) == []


def test_a_kept_meet_s_commands_parse_no_toml(make_meet, podium):
    """Once a command has kept the meet's configuration, the next ones read the language of their help from the kept
    file's head and the configuration from the file: none loads the TOML parser."""
    folder = drawn_meet(make_meet, podium)
    for args in (["--help"], ["matches", "ms"]):
        assert loaded(run_probe(["--meet", str(folder), *args], folder), ("tomllib",)) == []


def test_a_view_read_back_reads_no_entry(make_meet, podium):
    """The second look at unchanged standings reads the view kept by the first (podium.services.kept_views): it reads
    no entry's facts and ranks nothing, so it loads neither the ledger nor the ranking; ``podium --help`` neither."""
    folder = drawn_meet(make_meet, podium)
    unread = ("podium.standings.ledger", "podium.standings.table")
    assert set(unread) <= run_probe(["--meet", str(folder), "standings", "ms"], folder)  # made: read and ranked
    assert loaded(run_probe(["--meet", str(folder), "standings", "ms"], folder), unread) == []
    assert loaded(run_probe(["--meet", str(folder), "--help"], folder), unread) == []


def test_matches_loads_only_what_a_match_list_uses(make_meet, podium):
    """Every sport is registered and the xiangqi, weiqi, gomoku and tug-of-war events are validated, yet
    listing the table-tennis matches (one with a result, folded from the outcome its entry keeps, so not even
    the table-tennis grammar is loaded) loads no other sport's results, no simulator, no measuring,
    scheduling or printing code, and no ranking."""
    folder = drawn_meet(make_meet, podium, BASIC_TOML + OTHER_SPORTS)
    modules = run_probe(["--meet", str(folder), "matches", "ms"], folder)
    assert {"podium.plugins.table_tennis.sport", "podium.plugins.xiangqi.sport", "podium.plugins.fun_games.sport"} <= modules
    ranking = ("podium.standings.table", "podium.standings.ledger")  # no lots drawn here, nothing ranked
    assert loaded(modules, (*NOT_FOR_A_MATCH_LIST, "podium.plugins.table_tennis.scores", *ranking, "podium.sportsday.school_classes")) == []


def test_standings_loads_only_what_standings_use(make_meet, podium):
    """Standings need the tie-breakers and the standings code, and still no other sport, no measuring,
    scheduling or printing code."""
    folder = drawn_meet(make_meet, podium, BASIC_TOML + OTHER_SPORTS)
    modules = run_probe(["--meet", str(folder), "standings", "ms"], folder)
    assert {"podium.standings.table", "podium.tiebreakers.ittf"} <= modules
    assert loaded(modules, NOT_FOR_A_MATCH_LIST) == []


def test_a_team_ranking_is_loaded_only_where_declared(make_meet, podium):
    """The check above is not vacuous: an event with a team ranking does load its code when meet.toml is read."""
    folder = drawn_meet(make_meet, podium, BASIC_TOML + "\n[events.ms.team_ranking]\ncount = 2\n")
    assert "podium.sportsday.team_totals" in run_probe(["--meet", str(folder), "matches", "ms"], folder)
