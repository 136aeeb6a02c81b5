"""Importing WeasyPrint for a print starts no process: its search for system libraries by name is skipped, and done
as before only when a library cannot be opened without it."""

from __future__ import annotations

import ctypes.util
import subprocess
import sys
import textwrap

import pytest

from podium.faces.print import pdf

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the search is skipped on Linux only")

FRESH_PRINTER = textwrap.dedent(
    """
    import sys
    started = []
    sys.addaudithook(lambda event, args: event in ("subprocess.Popen", "os.posix_spawn", "os.exec") and started.append(event))
    from podium.faces.print import pdf
    pdf.safe_fetcher(())
    import weasyprint.text.ffi as ffi
    print(len(started), ffi.pango is not None and ffi.fontconfig is not None)
    """
)


def test_a_fresh_print_imports_weasyprint_without_starting_a_process():
    """Without the skip, cffi asked ``ctypes.util.find_library`` about each library name WeasyPrint tries before the
    one that opens, and each question ran ldconfig, gcc and ld: some 90 processes before the first page."""
    done = subprocess.run([sys.executable, "-c", FRESH_PRINTER], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["0", "True"]


def test_a_library_only_the_search_finds_is_still_found(tmp_path, monkeypatch, capsys):
    """A module that opens a library only through the search (here the C library by its short name "c", which
    does not open as it is) fails without it, and is imported again with it; the advice it printed on failing
    is not shown, and ``find_library`` is the standard one again afterwards."""
    (tmp_path / "needs_the_search.py").write_text(
        textwrap.dedent(
            """
            import ctypes.util
            found = ctypes.util.find_library("c")
            if found is None:
                print("cannot open the C library")
                raise OSError("no C library")
            """
        ),
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "needs_the_search", raising=False)
    standard = ctypes.util.find_library
    module = pdf.import_without_library_search("needs_the_search")
    sys.modules.pop("needs_the_search")
    assert module.found.startswith("libc.so")
    assert capsys.readouterr().out == ""
    assert ctypes.util.find_library is standard
