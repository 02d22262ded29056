"""A change on one server process seen by a page on another, on SQLite and on PostgreSQL.

Two `panel serve` processes of the tile game on one database (a SQLite file; a throwaway
PostgreSQL server with fsync on, `tests/postgres_server.py`). The tablet, on the first
process, taps a window; the time is until a watcher's page shows the new log line and the
turn it brings (Black to draw): a watcher on the same process (the live table redraws it
at once), and one on the other process (which hears of the change by SQLite's poll of
`data_version`, or by PostgreSQL's NOTIFY). Each tap is paired with a bare round trip
(`common.timed_tap`); so are bare Panel's own (`bare_shared_app.py`), a tap on one page
until another page of the process shows it. PostgreSQL's rows are left out, and say so,
when its binaries are missing.
"""

from __future__ import annotations

import random
from pathlib import Path

from bench_mb007_tiles import red_to_place
from common import Finger, Server, Timing, new_page, shadow_text_js, timed_tap
from playwright.sync_api import Browser, Page

from companion.core.sqlite_db import POLL_SECONDS
from companion.core.store import Store
from tests.postgres_server import PostgresServer, binaries

ROUNDS = 15
WINDOWS = ("a1", "b2", "c3", "d4")


def placed(window: str) -> str:
    return f"/\\d+\\. Red placed red 3 in {window}/.test(text)"


def seen_whole(window: str) -> str:
    """The tile placed, in the log and in the turn (Black's to draw next): the whole change,
    not only its first part (a page once got the log line in a message before the rest)."""
    return f"{placed(window)} && text.includes('Black: draw a tile')"


def seen_by(tablet: Page, watcher: Page) -> Timing:
    """The tablet's window tap until `watcher` shows it (undone, untimed, between taps)."""
    times, phase = [], random.Random(38)
    for i in range(ROUNDS):
        window = WINDOWS[i % len(WINDOWS)]
        # Each round starts as a poll saw the last undo: without a random wait every tap
        # would land at the same moment of SQLite's poll and wait for nearly all of it.
        tablet.wait_for_timeout(phase.uniform(0, POLL_SECONDS * 1000))
        times.append(timed_tap(watcher, Finger(tablet, tablet.get_by_role(
            "button", name=f"window {window}")), shadow_text_js(seen_whole(window))))
        tablet.get_by_role("button", name="↶ Undo").click()
        watcher.wait_for_function(shadow_text_js(f"!{placed(window)}"), timeout=20_000)
    return Timing.of(times)


def rows_for(kind: str, browser: Browser, db: str | Path) -> list[tuple[str, float]]:
    store = Store(db)
    session = red_to_place(store, seed=random.randrange(1000))
    store.close()
    first = Server(["apps/mb007_tiles.py"], db)
    second = Server(["apps/mb007_tiles.py"], db)
    pages = [new_page(browser, viewport={"width": 1024, "height": 768}) for _ in range(3)]
    try:
        tablet, here, there = pages  # the first page on the game is its tablet
        for page, server in ((tablet, first), (here, first), (there, second)):
            page.goto(f"{server.url}/mb007_tiles?session={session.id}")
            page.get_by_text("Red drew red 3").first.wait_for()
        tablet.get_by_role("button", name="window a1").wait_for()
        return [(f"Across processes ({kind}): a tap seen by a page on the same process",
                 seen_by(tablet, here)),
                (f"Across processes ({kind}): a tap seen by a page on another process",
                 seen_by(tablet, there))]
    finally:
        for page in pages:
            page.close()
        first.stop()
        second.stop()


def bare_seen_by_another_page(browser: Browser, tmp: Path) -> tuple[str, float]:
    """The same for bare Panel: a tap on one page until another page of the same process
    shows it (`bare_shared_app.py`; nothing stored), against the bare tap on its own page."""
    server = Server(["benchmarks/bare_shared_app.py"], tmp / "bare-shared.sqlite3")
    pages = [new_page(browser, viewport={"width": 1024, "height": 768}) for _ in range(2)]
    try:
        tapper, watcher = pages
        for page in pages:
            page.goto(f"{server.url}/bare_shared_app")
            page.get_by_role("button", name="Click").wait_for()
        times = []
        for clicks in range(1, ROUNDS + 1):
            times.append(timed_tap(watcher, Finger(tapper, tapper.get_by_role(
                "button", name="Click")), shadow_text_js(f"/clicks: {clicks}(\\D|$)/.test(text)")))
        return ("Across processes (bare Panel): a tap seen by a page on the same process",
                Timing.of(times))
    finally:
        for page in pages:
            page.close()
        server.stop()


def measure(browser: Browser, tmp: Path) -> list[tuple[str, float]]:
    rows = [bare_seen_by_another_page(browser, tmp)]
    rows += rows_for("SQLite", browser, tmp / "cross_process.sqlite3")
    bin_dir = binaries()
    if bin_dir is None:
        print("bench_cross_process: PostgreSQL's binaries are missing; its rows are left out")
        return rows
    server = PostgresServer(bin_dir, durable=True).start()  # fsync, as SQLite's FULL
    try:
        rows += rows_for("PostgreSQL", browser, server.new_database())
    finally:
        server.stop()
    return rows
