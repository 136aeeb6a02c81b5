"""Commands and queries: what every face (CLI, print, web) calls to change or read a meet.

A command takes the meet (:class:`~podium.services.meet.Meet`) and explicit arguments, journals what it
did and answers with a typed answer (:mod:`podium.views.answers`):

- :func:`~podium.services.registration.import_entrants` → ``ImportedEntrants``;
- :func:`~podium.services.draws.make_draw` → ``Drawn``;
- :func:`~podium.services.results.record` / ``record_many`` (a result, or a correction with a reason) → ``RecordedResult``;
- :func:`~podium.services.performances.record_performance` / ``record_performances`` → ``RecordedPerformance``;
- :func:`~podium.services.withdrawals.withdraw` → ``Withdrawn``;
- :func:`~podium.services.ties.draw_lots`, ``record_playoff``, ``draw_team_lots``, ``record_team_playoff`` →
  ``SettledTie``; :func:`~podium.services.ties.record_penalty` → ``Penalised``;
- :func:`~podium.services.pairing.pair_next_round` → ``PairedRound``;
  :func:`~podium.services.advance.advance` → ``Advanced``;
- :func:`~podium.services.schedule.pin_match` → ``Pinned``; ``unpin_match`` → ``Unpinned``;
- :func:`~podium.services.sportsday.disqualify` → ``Disqualified``.

A query takes a snapshot of the meet (``meet.state()``) and answers with a view (:mod:`podium.views`):

- :func:`~podium.services.match_list.match_list` → ``MatchListView``;
- :func:`~podium.services.standings.standings` → ``StandingsView``; ``team_standings`` → ``TeamRankingView``;
- :func:`~podium.services.schedule.plan_view` → ``ScheduleView``; ``now_view`` → ``NowView``;
- :func:`~podium.services.sportsday.awards_view` → ``AwardsView``; ``tables_view`` → ``MedalsView``;
- :func:`~podium.services.log.log_view` → ``LogView``;
- :func:`~podium.services.registration.entrant_list` → ``EntrantListView``;
- :func:`~podium.services.sport_info.installed`, ``describe_sport``, ``describe_game``, ``conformance`` → the
  views of ``podium sports``.
"""
