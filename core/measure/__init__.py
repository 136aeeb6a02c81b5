"""Measured events: times, counts, distances, points, judged scores, zones and elimination order.

The head-to-head path (matches → outcomes → standings) does not fit a sack race or
a square dance: a heat holds N entrants with lanes or a performance order, and each
entrant has performances. This package is that parallel path, usable by any sport:

- :mod:`~podium.measure.values`: reading and writing measured values (``1:02.5``, ``1分02秒5``);
- :mod:`~podium.measure.rules`: :class:`~podium.measure.rules.Measurement`, the measuring rules of
  an event built from its options (:data:`~podium.measure.rules.MEASURE_OPTIONS`);
- :mod:`~podium.measure.performance`: a :class:`~podium.measure.performance.Performance` as journaled;
- :mod:`~podium.measure.marks`: an entrant's mark in one heat (best attempt, penalties, statuses);
- :mod:`~podium.measure.ranking`: shared places and sudden-death ties (pure);
- :mod:`~podium.measure.teams`: team composition and relay legs;
- :mod:`~podium.measure.sport`: :class:`~podium.measure.sport.MeasuredSport`, what a sport adds;
- :mod:`~podium.journal.measured_stage`: folding ``performance`` journal entries into a measured stage;
- :mod:`~podium.services.performances`: recording performances (``podium perf``);
- :mod:`~podium.services.measured_views`: heats and rankings as plain data for the CLI and JSON.

The formats that lay out heats live with the other formats (:mod:`podium.formats.measured`).
"""
