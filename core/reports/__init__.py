"""Printed documents: view models → Jinja templates → HTML → PDF (WeasyPrint, imported lazily).

- :mod:`podium.reports.models` — the documented view models of every document;
- :mod:`podium.reports.documents` — building them from the meet state;
- :mod:`podium.reports.bracket` — brackets as trees, cut into pages;
- :mod:`podium.reports.awards` — certificates, medal table and unit points from awards;
- :mod:`podium.reports.pdf` — fonts, the URL fetcher that never leaves the allowed folders, PDF output;
- :mod:`podium.reports.printing` — ``print_document`` (``podium print``) and ``print_all`` (``podium demo``).
"""
