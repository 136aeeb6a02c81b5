"""QR codes of entry links, for the organiser's desk (on screen and its table cards) and the printed table cards and
score sheets: a referee scans one with a phone and lands on the entry form (issue 17)."""

from __future__ import annotations


def qr_svg(url: str) -> str:
    """A QR code of ``url`` as an SVG data URI (segno, error correction level M, which survives a crease or a
    coffee stain on a printed card), which a browser and WeasyPrint show in an ``<img>``."""
    import segno

    return segno.make(url, error="m").svg_data_uri(scale=4, border=2)
