"""Values worked out once per key: what a review or an odds search asks again and again
(the same position reached by different moves, a second review of the same game).

A `Memo` is shared by the worker's threads and bounded: when it holds `kept` values it
forgets them all at once (a review asks for its positions in runs, so the newest matter
most, and an all-at-once forget keeps the bookkeeping to one dict). Keys must hold only
what the table sees: a memo keyed on a hidden card would answer differently for two
games the table cannot tell apart.

>>> squares = Memo(kept=2)
>>> squares.get(3, lambda: 9), squares.get(3, lambda: 0)
(9, 9)
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

Value = TypeVar("Value")
_MISSING = object()


class Memo(Generic[Value]):
    def __init__(self, kept: int):
        self.kept = kept
        self._values: dict[Hashable, Value] = {}
        self._lock = threading.Lock()

    def get(self, key: Hashable, work: Callable[[], Value]) -> Value:
        """The value kept for `key`, else `work()`, kept from now on."""
        found = self._values.get(key, _MISSING)
        if found is _MISSING:
            found = work()
            self.keep(key, found)
        return found

    def peek(self, key: Hashable) -> Value | None:
        """The value kept for `key`, or None (for work that keeps only some answers)."""
        return self._values.get(key)

    def keep(self, key: Hashable, value: Value) -> None:
        with self._lock:
            if len(self._values) >= self.kept:
                self._values.clear()
            self._values[key] = value

    def clear(self) -> None:
        """Forget every value (a benchmark's cold start, a fit of new weights)."""
        with self._lock:
            self._values.clear()

    def __len__(self) -> int:
        return len(self._values)
