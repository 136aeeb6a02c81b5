"""The scheduler: a pure function of jobs, resources, sessions and pins.

It places jobs in time order. Whenever a venue has free resources during one of its
sessions, it takes the first jobs in order of play (stage, round, event, number) that
may start then, and a job may start at time *t* only when:

1. its session allows it — the event keeps to its sessions, and the whole job fits
   before the session ends;
2. everything it depends on has finished by *t* — the matches a side comes from
   (``Slot.source``), the groups whose places feed it, the earlier stages of its event —
   and every match of the round before has started (a round robin is played round by
   round, so the printed order of play keeps the rounds in order);
3. nobody in it is elsewhere: each person (matched by name and unit across events)
   finished their previous job at least ``rest`` minutes before *t*, and is not pinned
   elsewhere before the job (and its rest) is over;
4. it has its resources (``per_match`` of them) free from *t* to its end plus the
   changeover, clear of pinned jobs.

Pins (jobs fixed by hand) are placed first and checked against each other; a pin
that cannot be honoured — outside its event's sessions, on a busy resource, with a
person twice, or before something it depends on — is dropped with the reason.

Jobs that do not fit are then placed as if the last session of their venue went
on; how far the last of them runs past the session's end is the *overrun*, the
measure of how much the day is short (the 19-pair round-robin Q&A: 171 matches on 7
tables in 8 sessions of 1.5 hours). The same Q&A worries that some play back-to-back while
others wait: the order of play follows the rounds, which spreads everyone's matches.
"""

from __future__ import annotations

import datetime as dt
import heapq
from bisect import bisect_left, insort
from collections.abc import Iterator, Mapping, Sequence

from podium.i18n import N_, Label, Message, listed
from podium.schedule.model import Resource, Session
from podium.schedule.plan import Booking, DroppedPin, Job, Pin, Plan, Unplaced

WINDOW = 64
"""How many jobs that could start are examined per decision (the order of play makes the first ones likely)."""

_OPEN = 10**9


class _Engine:
    """The working state of one scheduling run (minutes counted from the first session's start)."""

    def __init__(self, jobs: Sequence[Job], resources: Sequence[Resource], sessions: Sequence[Session], changeover: int) -> None:
        self.jobs = sorted(jobs, key=lambda j: (j.order, j.key))
        self.index = {job.key: i for i, job in enumerate(self.jobs)}
        self.resources = list(resources)
        self.sessions = sorted(sessions, key=lambda s: (s.start, s.venue, s.key))
        self.changeover = changeover
        self.epoch = self.sessions[0].start if self.sessions else dt.datetime(2000, 1, 1)
        self.venues = sorted({s.venue for s in self.sessions})
        self.venue_sessions = {v: [k for k, s in enumerate(self.sessions) if s.venue == v] for v in self.venues}
        self.session_span = [(self.minute(s.start), self.minute(s.end)) for s in self.sessions]
        self.res_by_venue: dict[str, list[int]] = {v: [] for v in self.venues}
        for r, resource in enumerate(self.resources):
            if resource.venue in self.res_by_venue:
                self.res_by_venue[resource.venue].append(r)
        self.res_lookup = {res.key: r for r, res in enumerate(self.resources)}
        self._prepare_jobs()

    def minute(self, moment: dt.datetime) -> int:
        return int((moment - self.epoch).total_seconds() // 60)

    def moment(self, minute: int) -> dt.datetime:
        return self.epoch + dt.timedelta(minutes=minute)

    def _prepare_jobs(self) -> None:
        n = len(self.jobs)
        self.job_sessions: list[frozenset[int]] = []
        self.job_resources: list[dict[str, frozenset[int]]] = []
        self.unplaced: dict[int, str] = {}
        places: dict[tuple, tuple[frozenset[int], dict[str, frozenset[int]]]] = {}
        for i, job in enumerate(self.jobs):
            signature = (job.kind, job.count, job.resources, job.sessions)
            if signature not in places:
                allowed: dict[str, frozenset[int]] = {}
                for venue, indices in self.res_by_venue.items():
                    fitting = frozenset(
                        r for r in indices
                        if self.resources[r].kind == job.kind
                        and (job.resources is None or self.resources[r].key in job.resources or self.resources[r].name in job.resources)
                    )
                    if len(fitting) >= job.count:
                        allowed[venue] = fitting
                sessions = frozenset(
                    k for k, s in enumerate(self.sessions) if s.venue in allowed and (job.sessions is None or s.key in job.sessions)
                )
                places[signature] = (sessions, {v: r for v, r in allowed.items() if any(self.sessions[k].venue == v for k in sessions)})
            sessions, allowed = places[signature]
            self.job_sessions.append(sessions)
            self.job_resources.append(allowed)
            if not sessions:
                self.unplaced[i] = "no_session"
        self.people = [tuple(job.people) for job in self.jobs]
        self.tag_members: dict[str, list[int]] = {}
        for i, job in enumerate(self.jobs):
            for tag in (job.key, *job.tags):
                self.tag_members.setdefault(tag, []).append(i)
        self.dependents: dict[str, list[int]] = {}
        self.waiting = [0] * n
        for i, job in enumerate(self.jobs):
            for tag in dict.fromkeys((*job.after, *job.follows)):
                if tag in self.tag_members and tag != job.key:
                    self.dependents.setdefault(tag, []).append(i)
                    self.waiting[i] += 1

    def run(self, pins: Sequence[Pin]) -> tuple[list[Booking], list[Booking], list[DroppedPin], dict[str, int]]:
        n = len(self.jobs)
        self.start = [0] * n
        self.end = [0] * n
        self.booked_on: list[tuple[int, ...]] = [()] * n
        self.booked_session = [-1] * n
        self.booked = [False] * n
        self.overflowed = [False] * n
        self.pinned = [False] * n
        self.pending = {tag: len(members) for tag, members in self.tag_members.items()}
        self.finish = dict.fromkeys(self.tag_members, 0)
        self.started = dict.fromkeys(self.tag_members, 0)
        self.ready_at = [0] * n
        self.waits = list(self.waiting)
        self.res_free = [0] * len(self.resources)
        self.res_pins: list[list[tuple[int, int]]] = [[] for _ in self.resources]
        self.person_free: dict[str, int] = {}
        self.person_pins: dict[str, list[tuple[int, int, int]]] = {}
        self.queues: dict[str, dict[frozenset[int], list[tuple[tuple[int, ...], str, int]]]] = {v: {} for v in self.venues}
        self.heads: dict[tuple[str, frozenset[int]], int] = {}
        self.ends: list[int] = []
        self.heap: list[tuple[int, str]] = []
        self.wake_at: dict[str, int | None] = dict.fromkeys(self.venues)
        self.now = 0
        self.overflow_mode = False
        dropped = self._place_pins(pins)
        for i in range(n):
            if self.waits[i] == 0 and not self.booked[i] and i not in self.unplaced:
                self._release(i)
        self._loop()
        self.overflow_mode = True
        self._loop()
        bookings, overflow = [], []
        overrun: dict[str, int] = {}
        for i in range(n):
            if not self.booked[i]:
                continue
            booking = Booking(
                self.jobs[i].key,
                self.moment(self.start[i]),
                self.moment(self.end[i]),
                tuple(self.resources[r].key for r in self.booked_on[i]),
                self.sessions[self.booked_session[i]].key,
                pinned=self.pinned[i],
                overflow=self.overflowed[i],
            )
            (overflow if self.overflowed[i] else bookings).append(booking)
            if self.overflowed[i]:
                venue = self.sessions[self.booked_session[i]].venue
                over = self.end[i] - self.session_span[self.booked_session[i]][1]
                overrun[venue] = max(overrun.get(venue, 0), over)
        return bookings, overflow, dropped, overrun

    # -- pins -----------------------------------------------------------------------------------

    def _place_pins(self, pins: Sequence[Pin]) -> list[DroppedPin]:
        dropped: list[DroppedPin] = []
        for pin in sorted(pins, key=lambda p: (p.start, p.job)):
            reason = self._pin(pin)
            if reason is not None:
                dropped.append(DroppedPin(pin, reason))
        return dropped

    def _pin(self, pin: Pin) -> Message | None:
        """Book ``pin``; or, when it cannot hold, why not (translated where it is shown)."""
        i = self.index.get(pin.job)
        if i is None:
            return Message(N_("the match is no longer in the draw"))
        if i in self.unplaced:
            return Message(N_("no session of its event has the resources it needs"))
        if self.booked[i]:
            return Message(N_("the match is pinned twice"))
        job = self.jobs[i]
        start = self.minute(pin.start)
        end = start + job.minutes
        session = next(
            (k for k in sorted(self.job_sessions[i]) if self.session_span[k][0] <= start and end <= self.session_span[k][1]), None
        )
        if session is None:
            return Message(N_("{start} is not inside a session of its event with room for {minutes} minutes"), start=pin.start.strftime("%Y-%m-%d %H:%M"), minutes=job.minutes)
        allowed = sorted(self.job_resources[i][self.sessions[session].venue])
        if pin.resources:
            chosen = [self.res_lookup.get(key, -1) for key in pin.resources]
            if any(r not in allowed for r in chosen) or len(chosen) != job.count:
                return Message(N_("it cannot be played on {resources}"), resources=listed(self._place(key) for key in pin.resources))
            busy = [r for r in chosen if self._res_blocked(r, start, end)]
            if busy:
                return Message(N_("{resource} is taken by another pinned match then"), resource=self.resources[busy[0]].title)
        else:
            chosen = [r for r in allowed if not self._res_blocked(r, start, end)][: job.count]
            if len(chosen) < job.count:
                return Message(N_("every resource it could use is taken by pinned matches then"))
        for person in self.people[i]:
            for p_start, p_end, p_rest in self.person_pins.get(person, ()):
                if start < p_end + job.rest and p_start < end + p_rest:
                    return Message(N_("{person} is in another pinned match then"), person=person)
        for tag in job.after:
            for member in self.tag_members.get(tag, ()):
                if member != i and self.pinned[member] and self.end[member] > start:
                    return Message(N_("it would start before {match} ends"), match=self.jobs[member].name)
        self._book(i, chosen, start, end, session, pinned=True)
        return None

    def _place(self, key: str) -> Label:
        """The resource ``key`` (``gym/T3``) as people read it (3号台, Table 3); a key meet.toml no longer has as it is."""
        r = self.res_lookup.get(key)
        return Label.of(key) if r is None else self.resources[r].title

    def _res_blocked(self, r: int, start: int, end: int) -> bool:
        pinned = self.res_pins[r]
        if not pinned:
            return False
        change = self.changeover
        return any(start < p_end + change and p_start < end + change for p_start, p_end in pinned)

    # -- booking --------------------------------------------------------------------------------

    def _book(self, i: int, chosen: Sequence[int], start: int, end: int, session: int, *, pinned: bool = False) -> None:
        job = self.jobs[i]
        self.booked[i] = True
        self.pinned[i] = pinned
        self.overflowed[i] = self.overflow_mode and not pinned
        self.start[i], self.end[i] = start, end
        self.booked_on[i] = tuple(chosen)
        self.booked_session[i] = session
        for r in chosen:
            if pinned:
                insort(self.res_pins[r], (start, end))
            else:
                self.res_free[r] = end + self.changeover
        for person in self.people[i]:
            if pinned:
                self.person_pins.setdefault(person, []).append((start, end, job.rest))
            else:
                self.person_free[person] = max(self.person_free.get(person, -_OPEN), end)
        heapq.heappush(self.ends, end)
        for tag in (job.key, *job.tags):
            self.pending[tag] -= 1
            self.finish[tag] = max(self.finish[tag], end)
            self.started[tag] = max(self.started[tag], start)
            if self.pending[tag] == 0:
                for dependent in self.dependents.get(tag, ()):
                    self.waits[dependent] -= 1
                    if self.waits[dependent] == 0 and not self.booked[dependent] and dependent not in self.unplaced:
                        self._release(dependent)

    def _release(self, i: int) -> None:
        """All of job ``i``'s dependencies are placed: queue it at every venue it may use."""
        job = self.jobs[i]
        self.ready_at[i] = max(
            [self.finish[tag] for tag in job.after if tag in self.finish] + [self.started[tag] for tag in job.follows if tag in self.started],
            default=0,
        )
        entry = (self.jobs[i].order, self.jobs[i].key, i)
        signature = self.job_sessions[i]
        for venue in self.job_resources[i]:
            queue = self.queues[venue].setdefault(signature, [])
            position = bisect_left(queue, entry)
            queue.insert(position, entry)
            head = self.heads.get((venue, signature), 0)
            if position < head:
                self.heads[(venue, signature)] = position
            self._wake(venue, self.ready_at[i])

    # -- the event loop -------------------------------------------------------------------------

    def _loop(self) -> None:
        self.heap = []
        self.wake_at = dict.fromkeys(self.venues)
        for venue in self.venues:
            spans = self._spans(venue)
            if spans:
                self._wake(venue, spans[0][1])
        while self.heap:
            t, venue = heapq.heappop(self.heap)
            if self.wake_at[venue] != t:
                continue
            self.wake_at[venue] = None
            self.now = t
            self._decide(venue, t)

    def _spans(self, venue: str) -> list[tuple[int, int, int]]:
        """The venue's sessions as (session, start, end); in overflow mode, one open session after the last."""
        sessions = self.venue_sessions[venue]
        if self.overflow_mode:
            last = max(sessions, key=lambda k: (self.session_span[k][1], k))
            return [(last, self.session_span[last][1], _OPEN)]
        return [(k, *self.session_span[k]) for k in sessions]

    def _wake(self, venue: str, t: int) -> None:
        t = max(t, self.now)
        current = self.wake_at.get(venue)
        if current is None or t < current:
            self.wake_at[venue] = t
            heapq.heappush(self.heap, (t, venue))

    def _waiting(self, venue: str, active: Mapping[int, int]) -> Iterator[tuple[tuple[int, ...], str, int]]:
        """Unplaced queued jobs of ``venue`` that may play in one of the ``active`` sessions, in order of play."""
        streams = []
        for signature, queue in self.queues[venue].items():
            if not self.overflow_mode and signature.isdisjoint(active):
                continue
            head = self.heads.get((venue, signature), 0)
            while head < len(queue) and self.booked[queue[head][2]]:
                head += 1
            self.heads[(venue, signature)] = head
            streams.append(_from(queue, head))
        return heapq.merge(*streams)

    def _decide(self, venue: str, t: int) -> None:
        """Book what may start at ``t`` at ``venue``, then decide when to look again."""
        spans = self._spans(venue)
        active = {k: e for k, s, e in spans if s <= t < e}
        upcoming = [s for _k, s, _e in spans if s > t]
        if not active:
            if upcoming:
                self._wake(venue, min(upcoming))
            return
        free = [r for r in self.res_by_venue[venue] if self.res_free[r] <= t and not self._res_blocked(r, t, t + 1)]
        candidates: list[int] = []
        examined = 0
        anything = False
        for _order, _key, i in self._waiting(venue, active):
            if not free or examined >= WINDOW:
                break
            if self.booked[i]:
                continue
            anything = True
            examined += 1
            if self.ready_at[i] > t:
                candidates.append(self.ready_at[i])
                continue
            job = self.jobs[i]
            end = t + job.minutes
            session = next((k for k, e in active.items() if end <= e and (self.overflow_mode or k in self.job_sessions[i])), None)
            if session is None:
                continue
            later = self._people_free(i, t, end)
            if later is not None:
                candidates.append(later)
                continue
            usable = self.job_resources[i][venue]
            chosen = [r for r in free if r in usable and not self._res_blocked(r, t, end)][: job.count]
            if len(chosen) < job.count:
                continue
            self._book(i, chosen, t, end, session)
            free = [r for r in free if r not in chosen]
        if not anything and free:
            if upcoming:
                self._wake(venue, min(upcoming))
            return  # nothing queued for these sessions; a release wakes the venue
        candidates += [self.res_free[r] for r in self.res_by_venue[venue] if self.res_free[r] > t]
        candidates += [
            p_end + self.changeover for r in self.res_by_venue[venue] for _p, p_end in self.res_pins[r] if p_end + self.changeover > t
        ]
        while self.ends and self.ends[0] <= t:
            heapq.heappop(self.ends)
        if self.ends:
            candidates.append(self.ends[0])
        horizon = max(active.values())
        later_times = [c for c in candidates if t < c < horizon] + upcoming
        if later_times:
            self._wake(venue, min(later_times))

    def _people_free(self, i: int, start: int, end: int) -> int | None:
        """``None`` when everyone of job ``i`` is free from ``start`` to ``end``; else a time worth trying again."""
        rest = self.jobs[i].rest
        for person in self.people[i]:
            free = self.person_free.get(person, -_OPEN) + rest
            if free > start:
                return free
            for p_start, p_end, p_rest in self.person_pins.get(person, ()):
                if start < p_end + rest and p_start < end + p_rest:
                    return p_end + rest
        return None


def _from(queue: list[tuple[tuple[int, ...], str, int]], head: int) -> Iterator[tuple[tuple[int, ...], str, int]]:
    """The entries of ``queue`` from ``head`` on (the queue may grow at its end meanwhile)."""
    for position in range(head, len(queue)):
        yield queue[position]


def build_plan(
    jobs: Sequence[Job],
    resources: Sequence[Resource],
    sessions: Sequence[Session],
    pins: Sequence[Pin] = (),
    *,
    changeover: int = 0,
) -> Plan:
    """The order of play of ``jobs`` in ``sessions`` on ``resources`` honouring ``pins`` where they hold."""
    engine = _Engine(jobs, resources, sessions, changeover)
    active = list(pins)
    dropped: list[DroppedPin] = []
    while True:
        bookings, overflow, refused, overrun = engine.run(active)
        late = _pins_before_inputs(engine, active, refused)
        if not late:
            break
        dropped += late
        active = [p for p in active if p not in {d.pin for d in late}]
    dropped += refused
    unplaced = [Unplaced(engine.jobs[i].key, reason) for i, reason in sorted(engine.unplaced.items())]
    unplaced += [
        Unplaced(job.key, "waits") for i, job in enumerate(engine.jobs) if not engine.booked[i] and i not in engine.unplaced
    ]
    required = sum(job.minutes * job.count for i, job in enumerate(engine.jobs) if i not in engine.unplaced)
    return Plan(
        bookings=tuple(sorted(bookings, key=lambda b: (b.start, b.resources, b.job))),
        overflow=tuple(sorted(overflow, key=lambda b: (b.start, b.resources, b.job))),
        unplaced=tuple(unplaced),
        dropped=tuple(sorted(dropped, key=lambda d: (d.pin.start, d.pin.job))),
        required=required,
        available=_available(engine),
        overrun=overrun,
    )


def _pins_before_inputs(engine: _Engine, pins: Sequence[Pin], refused: Sequence[DroppedPin]) -> list[DroppedPin]:
    """Pins that start before something they depend on ends (the rest of the plan moved around them)."""
    late = []
    skip = {d.pin for d in refused}
    for pin in pins:
        if pin in skip:
            continue
        i = engine.index[pin.job]
        start = engine.start[i]
        for tag in engine.jobs[i].after:
            blocking = [m for m in engine.tag_members.get(tag, ()) if m != i and (not engine.booked[m] or engine.end[m] > start)]
            if blocking:
                other = engine.jobs[blocking[0]].name
                late.append(DroppedPin(pin, Message(N_("it would start before {match} ends"), match=other)))
                break
    return late


def _available(engine: _Engine) -> int:
    """Resource-minutes the sessions offer to the kinds of resources the jobs use."""
    kinds_by_session: dict[int, set[str]] = {}
    for kind, sessions in {(job.kind, engine.job_sessions[i]) for i, job in enumerate(engine.jobs)}:
        for k in sessions:
            kinds_by_session.setdefault(k, set()).add(kind)
    total = 0
    for k, kinds in kinds_by_session.items():
        session = engine.sessions[k]
        count = sum(1 for r in engine.res_by_venue.get(session.venue, ()) if engine.resources[r].kind in kinds)
        total += session.minutes * count
    return total
