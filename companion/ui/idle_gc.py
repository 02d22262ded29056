"""Python's full garbage collections, run while the server is quiet instead of in a tap.

Python starts a full collection when enough objects have outlived two young collections,
which happens while something is being made: a tap, a redraw. A served game's full
collection goes through every open page's objects (Panel's and Bokeh's models, the
games' states), so it takes longer the more pages are open: 28-57 ms as a Goldfinger
server opened its first page, 6-9 ms after a few taps on that page. `serve_setup.py`
turns Python's own full collections off (`gc.set_threshold(young, 10, NEVER)`, Python
3.11's generational collector) and starts an `IdleCollector` on the server's event loop:
it runs the full collection once the server has been quiet for `QUIET_SECONDS` (the
process used next to no CPU time), and at the latest `LATEST_SECONDS` after it was first
busy, quiet or not, so a server that is never quiet still frees its cycles.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

from tornado.ioloop import PeriodicCallback

NEVER = 1_000_000_000  # gen1 collections before Python would start a full one itself
CHECK_MS = 250
BUSY_CPU_SECONDS = 0.002  # CPU time in one check's 250 ms that counts as busy (0.8%)
QUIET_SECONDS = 1.0
LATEST_SECONDS = 60.0


class IdleCollector:
    """Call `check()` now and then on the server's event loop (`start()`): a full
    collection once the process has been quiet for `QUIET_SECONDS` since it was last busy,
    or `LATEST_SECONDS` after it first was."""

    def __init__(self, clock: Callable[[], float] = time.monotonic,
                 cpu: Callable[[], float] = time.process_time,
                 collect: Callable[[], object] = gc.collect):
        self._clock, self._cpu, self._collect = clock, cpu, collect
        self._cpu_seen = cpu()
        self._busy_at: float | None = None
        self._busy_since: float | None = None  # first busy since the last full collection

    def check(self) -> None:
        now, used = self._clock(), self._cpu()
        if used - self._cpu_seen > BUSY_CPU_SECONDS:
            self._busy_at = now
            if self._busy_since is None:
                self._busy_since = now
        self._cpu_seen = used
        if self._busy_since is None:
            return  # quiet since the last full collection: nothing new to go through
        if now - self._busy_at >= QUIET_SECONDS or now - self._busy_since >= LATEST_SECONDS:
            self._collect()
            self._cpu_seen, self._busy_since = self._cpu(), None  # its own time is no work

    def start(self) -> PeriodicCallback:
        """Check every `CHECK_MS` on the current event loop (the server's)."""
        checks = PeriodicCallback(self.check, CHECK_MS)
        checks.start()
        return checks
