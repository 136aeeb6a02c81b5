"""Printed documents: view models → Jinja templates → HTML → PDF (WeasyPrint, imported lazily).

- :mod:`podium.faces.print.models` — the documented view models of every document;
- :mod:`podium.faces.print.documents` — building them from the meet state;
- :mod:`podium.faces.print.bracket` — brackets as trees, cut into pages;
- :mod:`podium.faces.print.award_documents` — certificates, medal table and unit points from awards;
- :mod:`podium.faces.print.pdf` — fonts, the URL fetcher that never leaves the allowed folders, PDF output;
- :mod:`podium.faces.print.printing` — ``print_document`` (``podium print``) and ``print_all`` (``podium demo``).
"""
