"""A process pool for slow pure computations (whole-game odds) that survives its process
dying: a killed or crashed worker breaks a `ProcessPoolExecutor` for good
(`BrokenProcessPool` on every later submit, for every page), so this one starts a fresh
pool on the next submit.

`odds_worker()` is the server's one such worker, shared by every game: seconds of pure
Python in a thread of the server would hold the GIL and hold up every tap meanwhile (a
Goldfinger map move took 370 ms instead of 28 ms while the bot-games estimate ran in a
thread)."""

from __future__ import annotations

import atexit
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bokeh.document import Document

__all__ = ["BrokenProcessPool", "RestartingPool", "odds_worker", "on_the_page"]


WORKER_NICENESS = 10


def _yield_to_taps() -> None:
    """The worker runs at a lower priority: on a tablet server with few cores, its seconds
    of odds would otherwise take a core from the taps being answered (the server and the
    browser), and a tap's time would depend on whether a figure was being worked out.

    On Linux it runs only when nothing else wants the core (SCHED_IDLE): niced alone, it
    still took about a tenth of a busy core, which put 5-10 ms on the slowest taps of a
    Golden Gun roll while a figure was under way (the 95th percentile of 30 rolls, served,
    went from 47 ms to 40 ms)."""
    if hasattr(os, "nice"):  # not on Windows
        os.nice(WORKER_NICENESS)
    if hasattr(os, "SCHED_IDLE"):  # Linux
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))


class RestartingPool:
    """`submit` like an executor's; a pool whose process died is replaced, once per call."""

    def __init__(self, max_workers: int = 1):
        self._max_workers = max_workers
        self._lock = threading.Lock()
        self._pool = self._new_pool()
        self.restarts = 0

    def _new_pool(self) -> ProcessPoolExecutor:
        # spawn: a fork of a threaded server process can deadlock
        return ProcessPoolExecutor(max_workers=self._max_workers,
                                   mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_yield_to_taps)

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future:
        with self._lock:
            try:
                return self._pool.submit(fn, *args)
            except BrokenProcessPool:  # its manager thread already stopped what was left
                self._pool, self.restarts = self._new_pool(), self.restarts + 1
                return self._pool.submit(fn, *args)

    def processes(self) -> list[int]:
        """The worker processes' ids (tests kill one to check the pool comes back)."""
        return list(getattr(self._pool, "_processes", None) or {})

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        with self._lock:
            self._pool.shutdown(wait=wait, cancel_futures=cancel_futures)


_ODDS_WORKER: RestartingPool | None = None
_ODDS_WORKER_LOCK = threading.Lock()


def odds_worker() -> RestartingPool:
    """The server's worker process for slow odds, made on first use. Its process starts on
    the first submit (spawn: a fresh interpreter) and is shut down at exit."""
    global _ODDS_WORKER
    with _ODDS_WORKER_LOCK:
        if _ODDS_WORKER is None:
            _ODDS_WORKER = RestartingPool(max_workers=1)
            # Shut it down while the interpreter is whole: left to garbage collection at
            # exit, its clean-up runs after the modules it needs are gone and prints a
            # traceback.
            atexit.register(_ODDS_WORKER.shutdown, wait=False, cancel_futures=True)
        return _ODDS_WORKER


def on_the_page(doc: Document | None, show: Callable[[], None]) -> None:
    """Run `show` (which changes a page) from a worker's callback thread: on the page's own
    event loop when it is served (`add_next_tick_callback`, the one thread-safe Document
    method), else (a notebook, a test) here and now."""
    if doc is not None and doc.session_context is not None:
        doc.add_next_tick_callback(show)
    else:
        show()
