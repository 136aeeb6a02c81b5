"""``podium print`` shows progress only where it helps, alike for every kind (issue 21, item 8).

A progress bar is drawn on standard error only for a PDF laid out in more than one part (a hundred
certificates a part) while standard error is a terminal. A pipe or a log gets nothing from it: click
writes only a bar's label there, which is how a bare "Certificates" line came to stand on stderr.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from podium.faces.cli.print_command import write_with_progress
from podium.faces.print.printing import Printed
from tests.printing.test_print_cli import MEET, PLAYERS, finish

FONT_NOTE = "Preparing the Chinese font for printing (once per machine, about half a minute)..."
"""The one line a first print on a machine may write on stderr: the wait it announces takes half a minute."""


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class _Document:
    """A document of ``parts`` parts holding ``items`` items, which reports each part done while written."""

    def __init__(self, sizes: tuple[int, ...]) -> None:
        self.parts = tuple("<p>part</p>" for _ in sizes)
        self.sizes = sizes
        self.items = sum(sizes)
        self.calls: list[dict[str, object]] = []

    def write(self, out: Path, *, html: bool = False, progress: Callable[[int], None] | None = None) -> Printed:
        self.calls.append({"html": html, "progress": progress is not None})
        for size in self.sizes if progress else ():
            progress(size)  # type: ignore[misc]
        return Printed(out, self.items)


def test_a_bar_for_a_pdf_of_several_parts_on_a_terminal(tmp_path):
    """250 certificates are laid out in three parts (100, 100, 50): on a terminal the bar is labelled with the
    document and the progress it made, and reaches 100%."""
    document = _Document((100, 100, 50))
    terminal = _Terminal()
    write_with_progress(document, tmp_path / "c.pdf", as_html=False, title="Award certificates", stream=terminal)  # type: ignore[arg-type]
    assert document.calls == [{"html": False, "progress": True}]
    assert "Award certificates: laying out" in terminal.getvalue() and "100%" in terminal.getvalue()


@pytest.mark.parametrize(
    ("sizes", "as_html", "stream"),
    [
        ((100, 100, 50), False, io.StringIO()),  # a pipe or a log: no bar, no label
        ((3,), False, _Terminal()),  # one part: done before a bar could tell anything
        ((100, 100, 50), True, _Terminal()),  # HTML is written at once
    ],
    ids=["not-a-terminal", "one-part", "html"],
)
def test_no_bar_where_it_tells_nothing(tmp_path, sizes, as_html, stream):
    document = _Document(sizes)
    write_with_progress(document, tmp_path / "c.pdf", as_html=as_html, title="Award certificates", stream=stream)  # type: ignore[arg-type]
    assert stream.getvalue() == ""
    assert document.calls == [{"html": as_html, "progress": False}]


@pytest.mark.slow
def test_print_writes_nothing_on_stderr_but_what_helps(make_meet, podium):
    """A real ``podium print`` in its own process, stderr a pipe, for certificates and unit certificates (which
    wrote the stray line) and a draw sheet and an order of play: stdout says what was written, stderr holds nothing
    but, on a machine's first print, the font note."""
    folder = make_meet(MEET, PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    finish(podium, folder)
    env = {**os.environ, "PODIUM_LANG": "en"}
    for args in (["certificates"], ["unitcertificates"], ["draw", "ms"], ["order", "--all"]):
        done = subprocess.run(
            [sys.executable, "-m", "podium", "--meet", str(folder), "print", *args], capture_output=True, text=True, env=env,
            stdin=subprocess.DEVNULL,
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("Wrote ") and done.stdout.rstrip().endswith(".pdf.")
        assert [line for line in done.stderr.splitlines() if line != FONT_NOTE] == [], args
