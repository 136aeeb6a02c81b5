"""Every bad input is refused with its exact sentence and changes nothing; normalised input is stored canonically.

The cases are data: one ``[[case]]`` table each in ``tests/bad_inputs/cases.toml``
(README next to it). Each runs the real CLI in-process on a real meet folder. For a
refusal the test checks the exact message, exit status 2, no traceback, and that every
file under the case folder — the meet folder and the input files beside it — is
byte-for-byte what it was (SHA-256 of each file, and no file added or removed). For an
acceptance it checks the exact output and the value stored in the journal.
"""

from __future__ import annotations

import shutil
import tomllib
import traceback
from pathlib import Path

import pytest

from tests.reliability.corpus import (
    CORPUS,
    Case,
    build_base,
    expand,
    last_entry,
    load_cases,
    run,
    snapshot,
    stored_value,
    write_files,
)

CASES = load_cases()


@pytest.fixture(scope="session")
def played_meet(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The corpus meet with entrants, every event drawn and a few results (the ``played`` base)."""
    root = tmp_path_factory.mktemp("corpus-base").resolve()
    (root / "meet").mkdir()
    shutil.copy(CORPUS / "base" / "meet.toml", root / "meet" / "meet.toml")
    shutil.copy(CORPUS / "base" / "entrants.csv", root / "entrants.csv")
    with (CORPUS / "cases.toml").open("rb") as handle:
        setup = tomllib.load(handle)["played"]["setup"]
    for args in setup:
        done = run(Case(id="setup", args=tuple(args), output=""), root)
        assert done.exit_code == 0, f"setup {args} failed: {done.output}"
    return root / "meet"


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_bad_input(case, played_meet, tmp_path):
    root = tmp_path.resolve() / "case"
    build_base(root, case.base, played_meet)
    write_files(root, case.files)
    before = snapshot(root)

    result = run(case, root)

    escaped = result.exception is not None and not isinstance(result.exception, SystemExit)
    assert not escaped, "".join(traceback.format_exception(result.exception))
    assert "Traceback" not in result.output
    if case.error is not None:
        assert (result.exit_code, result.stdout) == (2, ""), result.output
        assert result.stderr.rstrip("\n") == expand(case.error, root)
        assert snapshot(root) == before, "a refused command changed the case folder"
    else:
        assert (result.exit_code, result.stderr) == (0, ""), result.output
        assert result.stdout.rstrip("\n") == expand(case.output, root)
        if case.stored is not None:
            assert stored_value(last_entry(root / "meet")) == case.stored


def test_the_corpus_covers_enough_bad_input():
    """Issue 11 asks for at least 60 cases; most are refusals, some are normalised acceptances."""
    refusals = [c for c in CASES if c.error is not None]
    assert len(CASES) >= 60 and len(refusals) >= 50
    assert len({c.id.split("-")[0] for c in CASES}) >= 10  # spread over the areas, not 60 variants of one
