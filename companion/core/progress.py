"""How far a long job in the worker process has got, told to the page waiting for it.

The page puts the job's key on a board shared between processes (a dict held by the
server's `multiprocessing.Manager`, `companion.ui.worker.progress_board`) and reads it
while it waits; the job, given the board and the key, writes `(done, total)` under the key
at most every `REPORT_EVERY` seconds. Counts alone: nothing of the game goes on the board.

A page that no longer wants the job (the game moved on, the page closed) takes its key
off the board: the job stops at its next report (`Superseded`) and `reporting` returns
None, so the worker is free for the newer one. A board whose process died is no reason to
fail the job: it goes on, untold.

Plain Python, no Panel: the worker imports this module, not the UI.
"""

from __future__ import annotations

import time
from collections.abc import Callable, MutableMapping
from typing import Any

REPORT_EVERY = 0.1  # seconds between a job's reports: two calls to the board's process

Board = MutableMapping[str, Any]  # key -> None (asked for, not begun) or (done, total)


class Superseded(Exception):
    """The page that asked for the job took its key off the board: nobody waits for it."""


class Reporter:
    """`progress(done, total)` for a job: on `board` under `key`, at most every `every`
    seconds; Superseded once the key is gone."""

    def __init__(self, board: Board, key: str, every: float = REPORT_EVERY):
        self._board: Board | None = board
        self._key = key
        self._every = every
        self._next = 0.0  # the first report goes at once

    def __call__(self, done: int, total: int) -> None:
        if self._board is None:
            return
        now = time.monotonic()
        if now < self._next:
            return
        self._next = now + self._every
        try:
            wanted = self._key in self._board
            if wanted:
                # The page may take the key off between these two calls: then this puts it
                # back, and the page takes it off again when the job ends.
                self._board[self._key] = (done, total)
        except Exception:  # the board's process died or hung up: work on, untold
            self._board = None
            return
        if not wanted:
            raise Superseded(self._key)


def reporting(board: Board, key: str, work: Callable[..., Any], *args: Any) -> Any:
    """`work(*args, progress=...)` telling its progress on `board` under `key`; None if the
    page stopped waiting for it (its key taken off the board) before it ended."""
    try:
        return work(*args, progress=Reporter(board, key))
    except Superseded:
        return None
