"""Quick turns at the interpreter's lock while work runs beside the server's event loop.

Python hands its lock from a running thread to a waiting one only every switch interval,
5 ms by default. A thread beside the event loop (a store's write, a long game's replay)
lets go of the lock at every database call or rest, and then waits up to that long to
take it back while a tap's work runs; the event loop waits alike for the thread. While
any such work runs, `quick_switching()` makes the interval `QUICK_SWITCH_SECONDS`, and
puts Python's own back when the last one ends (the interval is the whole process's).
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

# Another table's roll while a 50,000-action game opened took 2.1 times a quiet roll's
# at 5 ms, 1.7 at this; 0.1 ms read the same as this on a quiet machine.
QUICK_SWITCH_SECONDS = 0.0005


class _QuickTurns:
    """How many works want quick turns now, and the interval to put back after them."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.wanting = 0
        self.usual = sys.getswitchinterval()

    def begin(self) -> None:
        with self.lock:
            if not self.wanting:
                self.usual = sys.getswitchinterval()
                sys.setswitchinterval(QUICK_SWITCH_SECONDS)
            self.wanting += 1

    def end(self) -> None:
        with self.lock:
            self.wanting -= 1
            if not self.wanting:
                sys.setswitchinterval(self.usual)


_turns = _QuickTurns()


def begin_quick_switching() -> None:
    """Quick turns from now until the matching `end_quick_switching()` (which another
    thread may call: a write's end is seen on the thread that wrote)."""
    _turns.begin()


def end_quick_switching() -> None:
    _turns.end()


@contextmanager
def quick_switching() -> Iterator[None]:
    """Quick turns while the block runs."""
    begin_quick_switching()
    try:
        yield
    finally:
        end_quick_switching()
