"""Fonts: the CJK font comes from the installed package; static instances are cached, with a fallback."""

from __future__ import annotations

from podium.faces.print import pdf


def test_font_comes_from_the_installed_package():
    path = pdf.font_file()
    assert path.name == "NotoSansSC[wght].ttf" and path.stat().st_size > 10_000_000
    assert pdf.font_file().parent in pdf.allowed_roots()


def test_unwritable_cache_falls_back_to_the_variable_font(monkeypatch, tmp_path):
    """When the cache folder cannot be made (here a file stands in its way), the variable font is used
    for every weight, so printing still works, only slower."""
    blocker = tmp_path / "cache"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("PODIUM_CACHE", str(blocker))
    assert not pdf.fonts_ready()
    assert pdf.static_fonts() is None
    css = pdf.font_face_css()
    assert pdf.font_file().resolve().as_uri() in css and "font-weight: 100 900" in css


def test_cached_instances_are_used():
    """The static instances (made on first use, then cached) give one face per weight."""
    assert pdf.static_fonts() is not None
    css = pdf.font_face_css()
    assert css.count("@font-face") == len(pdf.WEIGHTS) and "font-weight: 400" in css and "font-weight: 700" in css
