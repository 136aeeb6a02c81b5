"""View models: what the services answer and every face renders.

The commands and queries of :mod:`podium.services` return these frozen attrs classes; the CLI
prints them as text tables or, with ``--json``, as JSON (:mod:`podium.views.json`), printed
documents fill their templates with them, and a web face renders the same models. They hold
keys, codes, numbers, enums and :class:`~podium.i18n.Label` values (a name or a sentence in
both languages) — never text translated into one language — so one model serves every face
and every language. ``docs/views.md`` documents the JSON shape of each (``tools/view_docs.py``).

One module per subject: :mod:`~podium.views.matches`, :mod:`~podium.views.standings`,
:mod:`~podium.views.schedule`, :mod:`~podium.views.awards`, :mod:`~podium.views.entrants`,
:mod:`~podium.views.log`, :mod:`~podium.views.sports`, and :mod:`~podium.views.answers` for what a
command did.
"""
