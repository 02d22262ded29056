"""First render: from the request for an app's page to its first usable button, for every
app, beside the bare Panel app's (one button) measured the same way.

Each app is served alone (with the index, as `make serve` does) on a fresh store, so the
first visit opens a new game; a page is opened, timed until its Undo button (every game
has one) can be clicked, and closed. Each app visit is paired with a visit to the bare app
right before it, and an app's row reads against the median of its own paired bare visits
(this machine's speed drifts within a module's minute).
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from common import Sample, Server
from playwright.sync_api import Browser

from companion.core.registry import games

VISITS = 7


def first_render(browser: Browser, url: str, ready: str) -> float:
    """Milliseconds from `goto` to the button named `ready` being visible."""
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    start = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.get_by_role("button", name=ready).first.wait_for(state="visible", timeout=60_000)
    elapsed = (time.perf_counter() - start) * 1000
    page.close()
    return elapsed


def measure(browser: Browser, tmp: Path) -> list[tuple[str, float]]:
    bare = Server(["benchmarks/bare_app.py"], tmp / "first-bare.sqlite3")
    bare_url = bare.url + "/bare_app"
    rows, all_bare = [], []
    try:
        first_render(browser, bare_url, "Click")  # warm-up
        for game in games():
            server = Server(["apps/index.py", f"apps/{game.name}.py"],
                            tmp / f"first-{game.name}.sqlite3", index="index")
            try:
                bare_times, app_times = [], []
                for _ in range(VISITS):
                    bare_times.append(first_render(browser, bare_url, "Click"))
                    app_times.append(first_render(browser, f"{server.url}/{game.name}",
                                                  "↶ Undo"))
            finally:
                server.stop()
            all_bare += bare_times
            rows.append((f"First render: {game.title}", Sample.paired(
                statistics.median(app_times), statistics.median(bare_times))))
    finally:
        bare.stop()
    return [("First render: bare Panel app (every paired visit)",
             Sample(statistics.median(all_bare))), *rows]
