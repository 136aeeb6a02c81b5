"""HTML to PDF with WeasyPrint, reading files only from allowed folders and never the network.

WeasyPrint is imported here, inside the functions, so only printing commands pay for it.
The CJK font comes from the ``justmytype-intl-cjk`` package (Noto Sans SC, SIL OFL, one
variable font for every weight); the templates load it with the ``@font-face`` rules of
:func:`font_face_css`, so a fresh machine needs no system font, and WeasyPrint embeds a
subset of it in every PDF.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import io
import sys
import threading
from collections.abc import Callable, Iterable, Sequence
from importlib.resources import files
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import unquote, urlsplit

from podium.errors import PodiumError, Target
from podium.files import cache_folder, partial_path, scratch_folder, sweep_partials
from podium.i18n import N_

FONT_FAMILY = "Podium Sans"
"""The family name templates use for the embedded CJK font."""
WEIGHTS = (400, 700)
"""Static weights made from the variable font (regular and bold); other weights map to the nearest."""


def font_file() -> Path:
    """Noto Sans SC (variable weight) as installed by the ``justmytype-intl-cjk`` package."""
    path = Path(str(files("justmytype_intl_cjk") / "fonts" / "ofl" / "notosanssc" / "NotoSansSC[wght].ttf"))
    if not path.is_file():
        raise PodiumError(
            N_("The Chinese font is missing ({path}); reinstall Podium with: pip install --force-reinstall justmytype-intl-cjk"), code="print.font_missing", target=Target(file=path), path=path
        )
    return path


def _instance_paths() -> dict[int, Path]:
    source = font_file()
    return {w: cache_folder() / "fonts" / f"NotoSansSC-{source.stat().st_size}-{w}.ttf" for w in WEIGHTS}


def fonts_ready() -> bool:
    """True when the static font instances are cached (the first print on a machine makes them)."""
    return all(path.is_file() for path in _instance_paths().values())


def static_fonts() -> dict[int, Path] | None:
    """Regular and bold instances of the variable font, made once per machine (about 15 s each) and cached.

    WeasyPrint would otherwise instantiate the 17 MB variable font for every weight of every
    PDF (about 2 s each); from a static instance a PDF's font subset takes a fraction of a
    second. ``None`` when the cache cannot be written (the variable font is used then).
    """
    found = _instance_paths()
    missing = [w for w, path in found.items() if not path.is_file()]
    if not missing:
        return found
    try:
        cache_folder().joinpath("fonts").mkdir(parents=True, exist_ok=True)
        from fontTools.ttLib import TTFont
        from fontTools.varLib import instancer

        for weight in missing:
            font = instancer.instantiateVariableFont(TTFont(font_file()), {"wght": weight}, updateFontNames=True)
            sweep_partials(found[weight])  # a copy a killed printer left half made
            partial = partial_path(found[weight])
            font.save(partial)
            partial.replace(found[weight])  # atomic: parallel printers never read half a font
    except OSError:
        return None
    return found


def font_face_css() -> str:
    """``@font-face`` rules of the embedded font: the cached static weights, or the variable font."""
    instances = static_fonts()
    if instances is None:
        url = font_file().resolve().as_uri()
        return f"@font-face {{ font-family: '{FONT_FAMILY}'; src: url('{url}'); font-weight: 100 900; }}\n"
    return "".join(
        f"@font-face {{ font-family: '{FONT_FAMILY}'; src: url('{path.resolve().as_uri()}'); font-weight: {weight}; }}\n"
        for weight, path in instances.items()
    )


def allowed_roots(extra: Iterable[Path] = ()) -> tuple[Path, ...]:
    """Folders documents may read: the font package, the template sources and ``extra`` (the meet folder)."""
    return tuple(p.resolve() for p in (font_file().parent, cache_folder() / "fonts", *extra))


def is_allowed(url: str, roots: Sequence[Path]) -> bool:
    """True when ``url`` is a ``file:`` URL of a file inside one of ``roots`` (``data:`` URLs too).

    Everything else is refused: ``http(s):``, ``ftp:``, and files outside the roots (also
    through ``..`` or a symbolic link that leads out).
    """
    parts = urlsplit(url)
    if parts.scheme == "data":
        return True
    if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
        return False
    path = Path(unquote(parts.path)).resolve()
    return path.is_file() and any(path.is_relative_to(root) for root in roots)


def import_without_library_search(module: str) -> ModuleType:
    """Import ``module`` (WeasyPrint) with ``ctypes.util.find_library`` answering "not found" at once, on Linux.

    WeasyPrint opens each system library (GObject, Pango, HarfBuzz, fontconfig…) by trying several names in turn;
    cffi hands each name that does not open as it is to ``find_library``, which on Linux runs ``ldconfig -p``,
    then gcc and ld (about 90 processes: 0.2–0.3 s of every print, more on a busy machine), only for WeasyPrint
    to open the library a moment later by its file name (``libpango-1.0.so.0``). If the import fails that way
    (a library installed where only the search finds it), it is imported again with the search, as before.
    """
    if module in sys.modules or not sys.platform.startswith("linux"):
        return importlib.import_module(module)
    import ctypes.util

    with _IMPORTING:  # two printing threads of the web face: the first imports, the second finds it imported
        search = ctypes.util.find_library
        ctypes.util.find_library = lambda name: None
        try:
            with contextlib.redirect_stdout(io.StringIO()):  # WeasyPrint prints advice on a library it cannot open
                return importlib.import_module(module)
        except OSError:
            pass
        finally:
            ctypes.util.find_library = search
        return importlib.import_module(module)


_IMPORTING = threading.Lock()


@functools.cache
def _fetcher_class() -> type:
    import_without_library_search("weasyprint")
    from weasyprint.urls import URLFetcher

    class SafeFetcher(URLFetcher):  # type: ignore[misc, valid-type]
        """A WeasyPrint URL fetcher limited to files under the allowed roots."""

        def __init__(self, roots: Sequence[Path]) -> None:
            super().__init__(allowed_protocols=("file", "data"), allow_redirects=False)
            self.roots = tuple(roots)
            self.refused: list[str] = []

        def fetch(self, url: str, headers: Any = None) -> Any:
            if not is_allowed(url, self.roots):
                self.refused.append(url)
                raise ValueError(f"podium refuses to read {url}")
            return super().fetch(url, headers)

    return SafeFetcher


def safe_fetcher(roots: Sequence[Path]) -> Any:
    """A WeasyPrint URL fetcher that reads only files under ``roots``; see :func:`is_allowed`."""
    return _fetcher_class()(roots)


def write_pdf(
    parts: Sequence[str],
    target: Path,
    *,
    base: Path,
    roots: Sequence[Path],
    progress: Callable[[int], None] | None = None,
) -> list[str]:
    """Render HTML ``parts`` (relative URLs resolved against ``base``) into ONE PDF file ``target``.

    Each part is laid out on its own (so ``progress`` can report after each), then all
    pages are written as one document: the font is subset and embedded once, which is
    what makes a thousand certificates take seconds instead of a thousand font subsets.
    Returns the URLs that were refused (the document is still written without them).

    WeasyPrint copies the ``@font-face`` fonts (about 21 MB) into a ``weasyprint-*`` folder it
    removes only when its font configuration is garbage-collected; that folder is made inside a
    scratch folder of Podium's (:func:`podium.files.scratch_folder`), removed when the PDF is
    written — and swept by the next command that writes if this one was killed.
    """
    import gc
    import logging
    import tempfile

    import_without_library_search("weasyprint")
    from weasyprint import HTML
    from weasyprint.text.fonts import FontConfiguration

    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    fetcher = safe_fetcher(roots)
    base_url = base.resolve().as_uri() + "/"
    documents = []
    collecting = gc.isenabled()
    scratch = contextlib.ExitStack()
    previous, tempfile.tempdir = tempfile.tempdir, str(scratch.enter_context(scratch_folder()))  # tempfile's default folder
    gc.disable()  # layout makes millions of objects; a full collection now and then cost 40 % of the time
    try:
        fonts = FontConfiguration()
        for index, html in enumerate(parts):
            documents.append(HTML(string=html, base_url=base_url, url_fetcher=fetcher).render(font_config=fonts))
            if index < len(parts) - 1:  # after the last part no layout follows that could use the memory
                gc.collect()  # the garbage of this part only: earlier parts' pages are frozen
                gc.freeze()
            if progress is not None:
                progress(index)
        pages = [page for document in documents for page in document.pages]
        documents[0].copy(pages).write_pdf(target)
    finally:
        tempfile.tempdir = previous
        gc.unfreeze()
        if collecting:
            gc.enable()
        scratch.close()
    return list(fetcher.refused)
