"""docs/table_tennis.md is true: its worked example runs on a real meet folder and its option table matches the sport."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from .helpers import SPORT

DOC = Path(__file__).resolve().parents[2] / "docs" / "table_tennis.md"


def block(tag: str) -> str:
    """The fenced block whose info string is ``tag`` (e.g. ``toml meet.toml``)."""
    match = re.search(rf"```{re.escape(tag)}\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert match, tag
    return match[1]


def test_worked_example_runs(make_meet, podium):
    """Every command of the session succeeds, except those marked '# refused: <reason>', which fail with that reason."""
    folder = make_meet(block("toml meet.toml"), block("csv entrants.csv"))
    for line in block("sh session").splitlines():
        command, _hash, comment = line.partition("#")
        args = shlex.split(command)
        assert args[0] == "podium"
        args = [str(folder / "entrants.csv") if a == "entrants.csv" else a for a in args[1:]]
        if comment.strip().startswith("refused:"):
            reason = comment.split("refused:", 1)[1].strip()
            result = podium(folder, *args, ok=False)
            assert result.exit_code != 0 and reason in result.output, (line, result.output)
        else:
            result = podium(folder, *args)
    standings = podium(folder, "standings", "team", "--explain").output
    assert [line.split()[1] for line in standings.splitlines()[3:6]] == ["一班", "三班", "二班"]
    assert "一班 above 三班: individual-match ratio among the tied 5:3 vs 4:5" in standings
    assert "三班 above 二班: individual-match ratio among the tied 4:5 vs 3:4" in standings
    singles = podium(folder, "standings", "ms", "--json").output
    assert singles.index("Wang Lei") < singles.index("Li Qiang") < singles.index("Zhang Wei")


def test_option_table_matches_the_sport():
    """Each option of the sport is in the docs table with its default."""
    text = DOC.read_text(encoding="utf-8")
    for option in SPORT.options:
        default = str(option.default).lower() if isinstance(option.default, bool) else (
            f'"{option.default}"' if isinstance(option.default, str) else str(option.default)
        )
        assert f"| `{option.name}` | `{default}` |" in text, option.name
