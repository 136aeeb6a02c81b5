"""The Python example of docs/printing.md runs as written (PDF writing stubbed: it is tested elsewhere)."""

from __future__ import annotations

import re
from pathlib import Path

import podium.faces.print.printing as printing
from tests.printing.test_print_cli import MEET, PLAYERS, finish

DOC = Path(__file__).resolve().parents[2] / "docs" / "printing.md"


def test_python_example_runs(make_meet, podium, monkeypatch, tmp_path):
    folder = make_meet(MEET, PLAYERS, name="podium-demo")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "3")
    finish(podium, folder)
    written = []

    def fake_pdf(parts, target, *, base, roots, progress=None):
        target.write_bytes(b"%PDF-1.7")
        written.append(re.sub(r"^\.(.+)\.\d+\.partial$", r"\1", target.name))  # written whole, then renamed
        for index, _part in enumerate(parts):
            if progress is not None:
                progress(index)
        return []

    monkeypatch.setattr(printing, "write_pdf", fake_pdf)
    monkeypatch.chdir(tmp_path)
    code = re.search(r"## From Python\n\n```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S).group(1)
    exec(compile(code, str(DOC), "exec"), {})
    assert written[:2] == ["ms.pdf", "awards.pdf"]
    assert sorted(written[2:]) == sorted(["draw-ms.pdf", "results-ms.pdf", "crosstable-ms.pdf", "scoresheets-ms.pdf",
                                          "order.pdf", "programme.pdf", "medals.pdf", "points.pdf", "certificates.pdf"])
    assert (tmp_path / "ms.pdf").read_bytes() == b"%PDF-1.7"
