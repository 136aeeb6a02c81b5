"""What a plugin's own tests use to run its sport inside Podium (exported by :mod:`podium.api`).

- :func:`installed_sports`: the sports Podium finds through the ``podium`` entry-point group, to
  skip end-to-end tests until the plugin is installed;
- :func:`run_podium`: one ``podium`` command on a meet folder, as a user types it, with its exit
  status and output;
- :func:`rank_results`: standings of a few hand-made results under a scoring scheme and a
  tie-break chain, to check a plugin's tie-breaker against the worked examples of its rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

import attrs

from podium.model.matches import Match
from podium.model.outcomes import Outcome
from podium.model.scoring import Scoring
from podium.registry import registry
from podium.standings.ledger import build_ledger
from podium.standings.table import Standings, rank
from podium.tiebreakers.base import TieBreaker


def installed_sports() -> frozenset[str]:
    """The names of every installed sport (the built-in five and every plugin)."""
    return frozenset(registry().sports)


@attrs.frozen
class Run:
    """What one ``podium`` command did: its exit status and what it printed (stdout and stderr)."""

    exit_code: int
    output: str


def run_podium(folder: Path, *args: str, lang: str = "en") -> Run:
    """Run ``podium --meet FOLDER --lang LANG ARGS…`` in this process, as a user would type it."""
    from click.testing import CliRunner

    from podium.faces.cli import cli

    done = CliRunner().invoke(cli, ["--meet", str(folder), "--lang", lang, *args], catch_exceptions=False)
    return Run(done.exit_code, done.output)


def rank_results(
    entrants: Sequence[str],
    results: Iterable[tuple[Match, Outcome]],
    scoring: Scoring,
    chain: Sequence[TieBreaker | str],
) -> Standings:
    """The standings of ``entrants`` after ``results``, ranked by points and then ``chain`` (tie-breaker
    objects, or names of installed tie-breakers such as ``"lots"``)."""
    plugins = registry()
    steps = [plugins.tiebreaker(step) if isinstance(step, str) else step for step in chain]
    return rank(build_ledger(list(entrants), list(results), scoring), steps)
