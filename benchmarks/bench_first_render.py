"""First render: from the request for an app's page to its first usable button, for every
app, beside the bare Panel app's (one button) measured the same way.

Each app is served alone (with the index, as `make serve` does) on a fresh store, so the
first visit opens a new game; a page is opened, timed until its Undo button (every game
has one) can be clicked, and closed; the median of a few visits is reported.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from common import Server
from playwright.sync_api import Browser

from companion.core.registry import games

VISITS = 7


def first_render(browser: Browser, url: str, ready: str) -> float:
    """Median milliseconds from `goto` to the button named `ready` being enabled."""
    times = []
    for _ in range(VISITS):
        page = browser.new_page(viewport={"width": 1024, "height": 768})
        start = time.perf_counter()
        page.goto(url, wait_until="commit")
        page.get_by_role("button", name=ready).first.wait_for(state="visible", timeout=60_000)
        times.append((time.perf_counter() - start) * 1000)
        page.close()
    return statistics.median(times)


def measure(browser: Browser, tmp: Path) -> list[tuple[str, float]]:
    bare = Server(["benchmarks/bare_app.py"], tmp / "first-bare.sqlite3")
    try:
        rows = [("First render: bare Panel app", first_render(browser, bare.url + "/bare_app",
                                                             "Click"))]
    finally:
        bare.stop()
    for game in games():
        server = Server(["apps/index.py", f"apps/{game.name}.py"],
                        tmp / f"first-{game.name}.sqlite3", index="index")
        try:
            rows.append((f"First render: {game.title}",
                         first_render(browser, f"{server.url}/{game.name}", "↶ Undo")))
        finally:
            server.stop()
    return rows
