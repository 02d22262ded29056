"""A process pool for slow pure computations (whole-game odds) that survives its process
dying: a killed or crashed worker breaks a `ProcessPoolExecutor` for good
(`BrokenProcessPool` on every later submit, for every page), so this one starts a fresh
pool on the next submit.

`odds_worker()` is the server's one such worker, shared by every game: seconds of pure
Python in a thread of the server would hold the GIL and hold up every tap meanwhile (a
Goldfinger map move took 370 ms instead of 28 ms while the bot-games estimate ran in a
thread).

`progress_board()` is where a job in it tells a page how far it has got (the review's
progress bar): a dict of the server's, which the job writes through a `multiprocessing`
manager's proxy served by a thread of the server, started the first time a page may need
it."""

from __future__ import annotations

import atexit
import logging
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.managers import BaseManager, DictProxy
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bokeh.document import Document

__all__ = ["BrokenProcessPool", "ProgressBoard", "RestartingPool", "odds_worker",
           "on_the_page", "progress_board"]

log = logging.getLogger(__name__)


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


class ProgressBoard:
    """The board jobs in the worker write their progress on (`companion.core.progress`)
    and pages read: a dict of the server's own process (`entries`: key -> None, asked
    for, or (done, total)), which a job reaches through a `multiprocessing` manager's
    proxy (a proxy pickles into a job; a plain shared `multiprocessing.Value` does not).

    The manager's server runs in a thread of this process, over a local socket only the
    worker's processes hold the key to: a page reads and writes the dict itself, with no
    round trip, and a job's writes (at most ten a second) cost this process some 30
    microseconds each. Not a Manager process of its own: a spawned process runs the
    server's main script again (under `panel serve`, the Panel import: 78 MB resident;
    an interpreter alone is 20 MB).

    `board()`, the proxy for a job, starts that thread on first use (2-3 ms and 150 kB
    once: a game page's Review section asks for it when the page is built, not on a tap)
    and again if it ever stopped; None if it cannot be started (the review then comes
    untold)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.entries: dict[str, Any] = {}
        self._thread: threading.Thread | None = None
        self._proxy: Any = None
        self.starts = 0  # times its thread was started (more than 1: it had stopped)

    def board(self) -> Any:
        """The proxy of `entries` to give a job, started if need be; None if it cannot."""
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread, self._proxy = None, None
                try:
                    self._start()
                except Exception:  # no progress bar is no reason to fail: the figures come
                    log.exception("the progress board could not be started")
            return self._proxy

    def _start(self) -> None:
        entries = self.entries

        class BoardManager(BaseManager):
            pass

        BoardManager.register("entries", callable=lambda: entries, proxytype=DictProxy)
        # A unix socket in a folder of this process's own; the key is this process's,
        # which the worker's processes inherit.
        server = BoardManager().get_server()
        # Served until the process ends (its loop wakes once a second to see whether to).
        thread = threading.Thread(target=server.serve_forever, name="progress-board",
                                  daemon=True)
        thread.start()
        client = BoardManager(address=server.address)
        client.connect()
        self._proxy, self._thread = client.entries(), thread
        self.starts += 1

    def ask(self, key: str) -> None:
        """A job is to report under `key`: while it is here, it does."""
        self.entries[key] = None

    def told(self, key: str) -> tuple[int, int] | None:
        """What the job under `key` last reported: (done, total), or None yet."""
        told = self.entries.get(key)
        return told if isinstance(told, tuple) else None

    def forget(self, key: str) -> None:
        """Nobody waits for that job any more: it stops at its next report."""
        self.entries.pop(key, None)


_PROGRESS_BOARD: ProgressBoard | None = None


def progress_board() -> ProgressBoard:
    """The server's one progress board, made (not yet started) on first use; its thread
    ends with the process."""
    global _PROGRESS_BOARD
    with _ODDS_WORKER_LOCK:
        if _PROGRESS_BOARD is None:
            _PROGRESS_BOARD = ProgressBoard()
        return _PROGRESS_BOARD


def on_the_page(doc: Document | None, show: Callable[[], None]) -> None:
    """Run `show` (which changes a page) from a worker's callback thread: on the page's own
    event loop when it is served (`add_next_tick_callback`, the one thread-safe Document
    method), else (a notebook, a test) here and now."""
    if doc is not None and doc.session_context is not None:
        doc.add_next_tick_callback(show)
    else:
        show()
