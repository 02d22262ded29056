"""Shared measuring tools for `make bench`: browser round trips and in-process timings."""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.conftest import CHROMIUM_ARGS, Server, chromium_path  # noqa: E402

__all__ = ["CHROMIUM_ARGS", "ROOT", "Server", "chromium_path", "median_ms", "round_trips",
           "shadow_text_js"]
ROUNDS = 30


def median_ms(call: Callable[[], object], repeat: int = 30) -> float:
    """The median wall time of `call()` in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def round_trips(page: Page, tap: Callable[[], None], changed: Callable[[int], str],
                rounds: int = ROUNDS) -> float:
    """Median milliseconds from a tap until the JS predicate `changed(i)` holds."""
    times = []
    for i in range(1, rounds + 1):
        start = time.perf_counter()
        tap()
        page.wait_for_function(changed(i), timeout=20_000)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def shadow_text_js(condition: str) -> str:
    """A JS predicate over all text in the page (shadow roots included), named `text`."""
    return (
        "() => { const walk = (n) => (n.shadowRoot ? walk(n.shadowRoot) : '') + "
        "[...n.childNodes].map(c => c.nodeType === 3 ? c.textContent : walk(c)).join(' ');"
        f" const text = walk(document.body); return {condition}; }}"
    )
