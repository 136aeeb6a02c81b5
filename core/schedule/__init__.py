"""The order of play: venues, sessions and the scheduler.

- :mod:`podium.schedule.model` — venues with resources and sessions, and the ``meet.toml``
  sections that describe them;
- :mod:`podium.schedule.plan` — jobs (a match to play), pins, bookings and the plan;
- :mod:`podium.schedule.engine` — the scheduler: a pure function of jobs, resources,
  sessions and pins;
- :mod:`podium.schedule.jobs` — the jobs of a meet's drawn stages (who plays, how long,
  what must finish first);
- :mod:`podium.services.schedule` — the plan of a meet, pins and moves in the journal,
  and what is late and can be called next.
"""
