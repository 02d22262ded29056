"""A process pool for slow pure computations (whole-game odds) that survives its process
dying: a killed or crashed worker breaks a `ProcessPoolExecutor` for good
(`BrokenProcessPool` on every later submit, for every page), so this one starts a fresh
pool on the next submit.

`odds_worker()` is the server's one such worker, shared by every game: seconds of pure
Python in a thread of the server would hold the GIL and hold up every tap meanwhile (a
Goldfinger map move took 370 ms instead of 28 ms while the bot-games estimate ran in a
thread).

`progress_board()` is where a job in it tells a page how far it has got (the review's
progress bar): a dict in a `multiprocessing.Manager` process, one per server, started in
the background the first time a page may need it and again if its process died."""

from __future__ import annotations

import atexit
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
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
    and pages read: a dict in a Manager process of its own (its proxy pickles into a job,
    which a plain shared `multiprocessing.Value` does not; and the worker, niced below the
    taps, never holds it up for a page).

    `board()` never waits: the first call starts the Manager in a thread (a fresh
    interpreter by spawn, about 0.2 s) and says None meanwhile, as it does while a dead
    one is being replaced; a page then shows a bar without counts. The Manager costs about
    20 MB resident (12 MB proportional) once started; a read or a write is one round trip
    to it, some 20-30 microseconds."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._manager: Any = None
        self._board: Any = None
        self._starting = False
        self.restarts = 0  # Managers started again after theirs died

    def board(self) -> Any:
        """The board's proxy (a dict: key -> None or (done, total)), or None until it is
        up (its start begun here, in the background, if need be)."""
        with self._lock:
            if self._board is not None:
                if self._manager._process.is_alive():
                    return self._board
                self._manager = self._board = None
                self.restarts += 1
            if not self._starting:
                self._starting = True
                threading.Thread(target=self._start, name="progress-board",
                                 daemon=True).start()
            return None

    def ready(self, seconds: float = 60) -> Any:
        """The board once it is up (tests): None if it did not come up in time."""
        deadline = time.monotonic() + seconds
        while (board := self.board()) is None and time.monotonic() < deadline:
            time.sleep(0.05)
        return board

    def process(self) -> int | None:
        """The Manager's process id (tests kill it to check it comes back)."""
        with self._lock:
            return self._manager._process.pid if self._manager is not None else None

    def _start(self) -> None:
        manager = board = None
        try:
            # spawn, as the pool: a fork of a threaded server process can deadlock
            manager = multiprocessing.get_context("spawn").Manager()
            board = manager.dict()
        except Exception:  # no progress bar is no reason to fail: the figures still come
            log.exception("the progress board could not be started")
            manager = board = None
        with self._lock:
            self._manager, self._board, self._starting = manager, board, False

    def shutdown(self) -> None:
        with self._lock:
            manager, self._manager, self._board = self._manager, None, None
        if manager is not None:
            manager.shutdown()


_PROGRESS_BOARD: ProgressBoard | None = None


def progress_board() -> ProgressBoard:
    """The server's one progress board, made (not yet started) on first use. Its Manager
    stops at exit with the interpreter (multiprocessing's own finaliser)."""
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
