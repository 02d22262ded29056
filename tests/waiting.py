"""Waiting in a test for something another thread or process does, with a deadline (no
timed assertion: the deadline only stops a hang)."""

from __future__ import annotations

import time
from collections.abc import Callable


def wait_for(condition: Callable[[], object], seconds: float = 120, every: float = 0.02,
             failing: str = "timed out") -> None:
    """Poll `condition` every `every` seconds until it holds; AssertionError(`failing`)
    once `seconds` have passed without it."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, failing
        time.sleep(every)
