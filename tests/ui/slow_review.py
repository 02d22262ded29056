"""A review that takes its time (a pause after each moment), for the tests of its progress
bar: the worker imports this module alone, not the UI."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from companion.core.review import Review, review

PAUSE = 0.05  # seconds after each moment


def slow_review(game: Any, options: Any, actions: Any,
                progress: Callable[[int, int], None] | None = None) -> Review:
    def slowly(done: int, total: int) -> None:
        time.sleep(PAUSE)
        if progress is not None:
            progress(done, total)

    return review(game, options, actions, progress=slowly)


def counted(steps: int, pause: float, progress: Callable[[int, int], None]) -> int:
    """A job of `steps` steps that tells its progress after each."""
    for done in range(1, steps + 1):
        time.sleep(pause)
        progress(done, steps)
    return steps
