"""Concurrent entry (issue 11): 4 processes enter 250 results each into one meet, on each store (issue 18).

All 1,000 are recorded, no process ever shows "database is locked", and the standings
equal those of the same results entered serially.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import textwrap

import pytest

from podium.services.meet import Meet
from podium.services.results import record_many
from tests.reliability.helpers import big_round_robin, podium_cmd, score

WORKER = textwrap.dedent(
    """
    import json, sys
    from podium.faces.cli import cli
    folder, items = sys.argv[1], json.loads(sys.argv[2])
    failures = 0
    for number, text in items:
        try:
            cli(["--meet", folder, "result", "ms", str(number), text], standalone_mode=False)
        except SystemExit as stop:
            failures += stop.code != 0
    print("FAILURES", failures)
    """
)


@pytest.mark.slow
def test_four_volunteers_enter_a_thousand_results(tmp_path, capsys, stores, monkeypatch):
    if stores.address is not None:  # every process, this one too, keeps its meets in the test database
        monkeypatch.setenv("PODIUM_STORE", stores.address)
    folder = tmp_path / "meet"
    matches = big_round_robin(folder, 46)[:1000]  # 1,035 matches in all
    rng = random.Random(7)
    items = [(m["number"], score(rng)) for m in matches]
    workers = [
        subprocess.Popen([sys.executable, "-c", WORKER, str(folder), json.dumps(items[i::4])], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for i in range(4)
    ]
    outputs = [w.communicate() for w in workers]
    for out, err in outputs:
        assert "locked" not in out + err and "Traceback" not in err
        assert "FAILURES 0" in out, err
    parallel = json.loads(subprocess.run(podium_cmd(folder, "standings", "ms", "--json"), capture_output=True, text=True, check=True).stdout)
    assert sum(r["played"] for r in parallel["stages"][0]["tables"][0]["rows"]) == 2000

    serial = tmp_path / "serial"
    big_round_robin(serial, 46)
    record_many(Meet(serial), "ms", [([str(n)], t) for n, t in items])
    expected = json.loads(subprocess.run(podium_cmd(serial, "standings", "ms", "--json"), capture_output=True, text=True, check=True).stdout)
    assert parallel == expected
    with capsys.disabled():
        print(f"\nconcurrent entry ({stores.kind}): 4 processes x 250 results, 1000 recorded, 0 'database is locked', standings equal to a serial run")
