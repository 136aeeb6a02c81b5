"""Driving ``podium serve`` through its HTTP entry forms, shared by the web benchmarks (bench_web_entry.py,
bench_two_servers.py) and the two-server fault test (tests/reliability/test_two_servers_kill.py).

A load meet is round robins of the demo's sports between the demo's classes (:func:`build`); every match gets an
entry link for itself and a valid result made by its sport's simulator (:func:`jobs`). :class:`Serve` runs one
``podium serve`` process on a free port of 127.0.0.1; :class:`Listener` follows its live events (``/live``) and
notes when each entry number was announced; :func:`send` opens a match's form and sends its result as a referee's
phone does.
"""

from __future__ import annotations

import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Mapping
from pathlib import Path

import attrs
import httpx2

from podium.journal.entries import Kind
from podium.services.draws import make_draw
from podium.services.entry_links import Scope, WebStore
from podium.services.meet import Meet
from podium.services.registration import import_entrants

Events = Mapping[str, tuple[str, int]]
"""Event key → (sport, number of entrants) of each round robin; n entrants play n(n-1)/2 matches."""


@attrs.frozen
class Job:
    """One match to enter: its event and number, the token of its entry link, and the result to send."""

    event: str
    number: int
    token: str
    result: str

    @property
    def path(self) -> str:
        return f"/entry/{self.token}/{self.event}/{self.number}"


def meet_toml(events: Events, store: str | None = None) -> str:
    """The meet.toml of a load meet: ten classes, one round robin per event; ``store`` is its ``[store] url``."""
    units = "".join(f'c{i} = "Class 8-{i}"\n' for i in range(1, 11))
    stages = "".join(
        f'\n[events.{key}]\nname = "{key}"\nsport = "{sport}"\n\n[[events.{key}.stages]]\nname = "main"\nformat = "round_robin"\n'
        for key, (sport, _n) in events.items()
    )
    head = (
        '[meet]\nname = { zh = "网页录入压力测试", en = "Web entry load test" }\ndate = 2026-12-05\n'
        'organiser = "PE department"\nlanguage = "en"\n'
    )
    where = f'\n[store]\nurl = "{store}"\n' if store else ""
    return head + where + "\n[units]\n" + units + stages


def build(folder: Path, events: Events, store: str | None = None) -> None:
    """A new load meet in ``folder`` (its journal in ``store`` when given): entrants imported, every draw made."""
    folder.mkdir()
    (folder / "meet.toml").write_text(meet_toml(events, store), encoding="utf-8")
    rows = ["event,name,unit"] + [
        f"{key},Player {key}-{i},Class 8-{i % 10 + 1}" for key, (_s, n) in events.items() for i in range(1, n + 1)
    ]
    (folder / "entrants.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    meet = Meet(folder)
    try:
        import_entrants(meet, folder / "entrants.csv")
        for key in events:
            make_draw(meet, key, seed=1)
    finally:
        meet.close()


def jobs(folder: Path, events: Events, seed: int = 17) -> list[Job]:
    """Every match of the load meet, each with an entry link of its own and a valid result."""
    rng = random.Random(seed)
    web = WebStore(folder)
    meet = Meet(folder)
    try:
        state = meet.state()
    finally:
        meet.close()
    found = []
    for key in events:
        event = state.event(key)
        for match in event.matches():
            token = web.make_link(Scope("match", event=key, item=str(match.number)), 2, f"{key} #{match.number}")[1]
            found.append(Job(key, match.number, token, event.sport.simulate(rng, event.context(match))))
    return found


@attrs.frozen
class Stored:
    """What the journal holds at the end: each result entry's (event, match number) and entry number."""

    results: list[tuple[str, int]]
    seq_of: dict[tuple[str, int], int]


def stored(folder: Path) -> Stored:
    """The result entries of the meet's journal, read afresh (another process's view)."""
    meet = Meet(folder)
    try:
        state = meet.state()
    finally:
        meet.close()
    numbers = {(key, m.key): m.number for key in state.config.events for m in state.event(key).matches()}
    results, seq_of = [], {}
    for entry in state.journal:
        if entry.kind is Kind.RESULT:
            match = (entry.event, numbers[(entry.event, entry.payload["match"])])
            results.append(match)
            seq_of[match] = entry.seq
    return Stored(results, seq_of)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


@attrs.define
class Serve:
    """One ``podium serve`` process of the meet in ``folder`` on ``port``, its output in ``log``."""

    folder: Path
    port: int
    log: Path
    process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, wait: float = 30) -> None:
        """Start the server and wait until it answers ``/healthz``."""
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "podium", "--meet", str(self.folder), "serve", "--port", str(self.port)],
                stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "PODIUM_LANG": "en"},
            )
        deadline = time.monotonic() + wait
        while True:
            try:
                urllib.request.urlopen(self.base + "/healthz", timeout=1).close()
                return
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"podium serve on port {self.port} did not start:\n{self.log.read_text(errors='replace')}") from None
                time.sleep(0.1)

    def kill(self) -> None:
        """SIGKILL: no shutdown, no last write."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


class Listener:
    """A board's live connection to one server: when each entry number was first announced (monotonic time)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.announced: dict[int, float] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._listen, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    def heard(self, seq: int) -> float | None:
        """When an entry number at least ``seq`` was first announced (the board then shows entry ``seq``)."""
        return min((t for s, t in self.announced.items() if s >= seq), default=None)

    def _listen(self) -> None:
        try:
            with httpx2.Client(timeout=None) as http, http.stream("GET", self.base + "/live?seen=0") as stream:
                event = None
                for line in stream.iter_lines():
                    if line.startswith("event: "):
                        event = line[7:]
                    elif line.startswith("data: ") and event == "entry":
                        self.announced.setdefault(int(line[6:]), time.monotonic())
                    if self._stop.is_set():
                        return
        except httpx2.HTTPError:  # the server stopped at the end of the run
            return


FORM_KEY = re.compile(r'name="form" value="([^"]+)"')


def form_key(http: httpx2.Client, job: Job) -> str:
    """Open the match's form and read its key."""
    page = http.get(job.path)
    page.raise_for_status()
    found = FORM_KEY.search(page.text)
    if found is None:
        raise RuntimeError(f"{job.event} #{job.number}: the form has no key (HTTP {page.status_code})")
    return found.group(1)


def send(http: httpx2.Client, job: Job, key: str) -> httpx2.Response:
    """Send the match's result with the form's ``key``."""
    return http.post(job.path, data={"form": key, "result": job.result})
