"""Helpers for printing tests: read a PDF back as pages, sizes, text and fonts."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

MM = 72 / 25.4
A4 = (210 * MM, 297 * MM)
A4_LANDSCAPE = (297 * MM, 210 * MM)


class Pdf:
    """A generated PDF opened with pypdf."""

    def __init__(self, path: Path) -> None:
        self.reader = PdfReader(path)
        self.pages = self.reader.pages

    def size(self, index: int = 0) -> tuple[float, float]:
        box = self.pages[index].mediabox
        return (float(box.width), float(box.height))

    def text(self) -> str:
        return "\n".join(page.extract_text() or "" for page in self.pages)

    def fonts(self) -> dict[str, bool]:
        """Base font name → embedded (has a font file), over every page."""
        found = {}
        for page in self.pages:
            fonts = page.get("/Resources", {}).get("/Font", {})
            for ref in fonts.values():
                font = ref.get_object()
                descendants = font.get("/DescendantFonts")
                target = descendants[0].get_object() if descendants else font
                descriptor = target.get("/FontDescriptor")
                descriptor = descriptor.get_object() if descriptor else {}
                found[str(font["/BaseFont"])] = any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
        return found


def same_size(actual: tuple[float, float], expected: tuple[float, float]) -> bool:
    return abs(actual[0] - expected[0]) < 1 and abs(actual[1] - expected[1]) < 1


@pytest.fixture
def read_pdf():
    return Pdf
