"""Full garbage collections wait for a quiet server (`companion.ui.idle_gc`)."""

from __future__ import annotations

import gc
import subprocess
import sys

from companion.ui.idle_gc import (
    BUSY_CPU_SECONDS,
    CHECK_MS,
    LATEST_SECONDS,
    NEVER,
    QUIET_SECONDS,
    IdleCollector,
)
from tests.conftest import ROOT


class Server:
    """A clock and a CPU clock the test moves, and the collections it is asked for."""

    def __init__(self) -> None:
        self.now = self.cpu = 0.0
        self.collected = 0
        self.collector = IdleCollector(lambda: self.now, lambda: self.cpu, self.collect)

    def collect(self) -> None:
        self.collected += 1
        self.cpu += 0.05  # a full collection takes CPU time too: it is no one's work

    def tick(self, busy: bool) -> None:
        self.now += CHECK_MS / 1000
        if busy:
            self.cpu += BUSY_CPU_SECONDS * 5
        self.collector.check()


def test_a_server_that_did_nothing_collects_nothing():
    server = Server()
    for _ in range(1000):
        server.tick(busy=False)
    assert server.collected == 0


def test_a_full_collection_waits_for_a_quiet_second_after_the_work():
    server = Server()
    for _ in range(8):
        server.tick(busy=True)
    assert server.collected == 0  # never while taps come
    quiet_ticks = round(QUIET_SECONDS * 1000 / CHECK_MS)
    for _ in range(quiet_ticks - 1):
        server.tick(busy=False)
    assert server.collected == 0
    server.tick(busy=False)
    assert server.collected == 1
    for _ in range(100):  # its own CPU time does not count as work to collect after
        server.tick(busy=False)
    assert server.collected == 1


def test_a_server_never_quiet_still_collects_now_and_then():
    server = Server()
    # Each wait starts at the first busy check after a collection.
    for _ in range(3 * (round(LATEST_SECONDS * 1000 / CHECK_MS) + 1)):
        server.tick(busy=True)
    assert server.collected == 3


def test_the_served_setup_turns_pythons_own_full_collections_off():
    """`serve_setup.py` leaves full collections to the collector: Python starts none."""
    shown = subprocess.run(
        [sys.executable, "-c", "import runpy, gc; "
         "runpy.run_path('companion/ui/serve_setup.py'); print(*gc.get_threshold())"],
        cwd=ROOT, capture_output=True, text=True, check=True).stdout
    young, _middle, full = map(int, shown.split()[-3:])
    assert full == NEVER > young
    # ... in the server's process alone: collecting the tests (doctests import every
    # module) must not run it in this one.
    assert gc.get_threshold()[2] < NEVER
