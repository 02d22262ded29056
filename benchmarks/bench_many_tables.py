"""A game café's evening: 30 tables of 4 devices each, spread over 4 server processes on one
database, against one table of 4 devices on one process (issue 38: goal, within 1.5x).

Each table is a tile game. One table's tablet is a browser page; its tap on a window is
timed until that page shows the log line (undone, untimed, between taps), as the shared
table bench times it. Every other device is a real server session held open by a client
(`bokeh.client`, as `bench_shared_table` holds them): device d of table t is served by
process (t + d) mod 4, so every table spans processes and hears of its changes through the
database (SQLite's poll, or PostgreSQL's NOTIFY). The other 29 tables are busy meanwhile:
one action every `BUSY_SECONDS` each (a window placed, then taken back), written by a
client of the store as another process's tablet would, so every process redraws pages of
tables it is not timing. The rows: one table alone, then the evening, on SQLite and on
PostgreSQL; the module prints the evening's ratio to one table alone. PostgreSQL's rows are
left out, and say so, when its binaries are missing.
"""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path

from bench_mb007_tiles import red_to_place
from bench_shared_table import HeldSessions
from common import Finger, Server, Timing, new_page, shadow_text_js, timed_tap
from playwright.sync_api import Browser, Page

from companion.core.errors import CompanionError
from companion.core.session import Session
from companion.core.store import Store
from companion.mb007_tiles.actions import Place
from tests.postgres_server import PostgresServer, binaries

TABLES, DEVICES, PROCESSES = 30, 4, 4
BUSY_SECONDS = 4.0  # each busy table's pace: a player's action every few seconds
ROUNDS = 15
WINDOWS = ("a1", "b2", "c3", "d4")

def placed(window: str) -> str:
    return f"/\\d+\\. Red placed red 3 in {window}/.test(text)"


def new_tables(db: str | Path, count: int) -> list[str]:
    """`count` tile games waiting for Red to place the red 3 he drew."""
    store = Store(db)
    try:
        ids = []
        for table in range(count):
            session = red_to_place(store, seed=table, name=f"table {table + 1}")
            ids.append(session.id)
        return ids
    finally:
        store.close()


class BusyTables:
    """The other tables at play: each places a window and takes it back in turn, one
    action every `BUSY_SECONDS`, through the store (as a tablet on another process)."""

    def __init__(self, db: str | Path, games: list[str]):
        self.db, self.games = db, games
        self.actions = 0
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._play, daemon=True)

    def __enter__(self) -> BusyTables:
        if self.games:
            self.thread.start()
        return self

    def __exit__(self, *_exc) -> None:
        self.stopped.set()
        if self.thread.is_alive():
            self.thread.join(timeout=30)

    def _play(self) -> None:
        store, rng = Store(self.db), random.Random(38)
        pause = BUSY_SECONDS / max(1, len(self.games))
        try:
            while not self.stopped.wait(pause):
                session = Session.resume(store, rng.choice(self.games))
                try:
                    if session.can_undo and session.state.phase != "place":
                        session.undo()
                    else:
                        session.act(Place(rng.choice(WINDOWS)))
                    self.actions += 1
                except CompanionError:
                    continue  # another device changed the table meanwhile: the next one
        finally:
            store.close()


def tablet_taps(page: Page) -> Timing:
    """The timed table's tablet: a window tap until its page shows it, undone between."""
    times = []
    for i in range(ROUNDS):
        window = WINDOWS[i % len(WINDOWS)]
        times.append(timed_tap(page, Finger(page, page.get_by_role(
            "button", name=f"window {window}")), shadow_text_js(placed(window))))
        page.get_by_role("button", name="↶ Undo").click()
        page.wait_for_function(shadow_text_js(f"!{placed(window)}"), timeout=20_000)
    return Timing.of(times)


def evening(browser: Browser, db: str | Path, tables: int, processes: int) -> Timing:
    """Table 0's tablet taps with `tables` tables of DEVICES devices on `processes`
    processes, the other tables busy."""
    games = new_tables(db, tables)
    servers = [Server(["apps/mb007_tiles.py"], db) for _ in range(processes)]
    page = new_page(browser, viewport={"width": 1024, "height": 768})
    held: list[HeldSessions] = []
    try:
        # Table 0's tablet first (the first device on a game is its tablet), on process 0.
        page.goto(f"{servers[0].url}/mb007_tiles?session={games[0]}")
        page.get_by_role("button", name="window a1").wait_for(timeout=60_000)
        placement: list[list[str]] = [[] for _ in servers]
        for table, game in enumerate(games):
            for device in range(1 if table == 0 else 0, DEVICES):
                placement[(table + device) % processes].append(game)
        held = [HeldSessions(server, "mb007_tiles", placed_here)
                for server, placed_here in zip(servers, placement, strict=True) if placed_here]
        for devices in held:
            devices.wait_open()
        with BusyTables(db, games[1:]) as busy:
            started = time.perf_counter()
            taps = tablet_taps(page)
        if busy.games:
            seconds = time.perf_counter() - started
            print(f"bench_many_tables: the busy tables stored {busy.actions} actions in the "
                  f"{seconds:.0f} s of the taps ({busy.actions / seconds:.1f} a second)")
        return taps
    finally:
        page.close()
        for devices in held:
            devices.close()
        for server in servers:
            server.stop()


def rows_for(kind: str, browser: Browser, new_db) -> list[tuple[str, float]]:
    alone = evening(browser, new_db(), 1, 1)
    busy = evening(browser, new_db(), TABLES, PROCESSES)
    print(f"bench_many_tables ({kind}): {TABLES} tables on {PROCESSES} processes / 1 table on "
          f"1: {busy / alone:.2f}x the median, {busy.p95 / alone.p95:.2f}x the 95th percentile")
    return [(f"Many tables ({kind}): a tap, 1 table of {DEVICES} devices on 1 process", alone),
            (f"Many tables ({kind}): a tap, {TABLES} busy tables of {DEVICES} devices on "
             f"{PROCESSES} processes", busy)]


def measure(browser: Browser, tmp: Path) -> list[tuple[str, float]]:
    count = iter(range(100))
    rows = rows_for("SQLite", browser, lambda: tmp / f"many_tables_{next(count)}.sqlite3")
    bin_dir = binaries()
    if bin_dir is None:
        print("bench_many_tables: PostgreSQL's binaries are missing; its rows are left out")
        return rows
    server = PostgresServer(bin_dir, durable=True).start()  # fsync, as SQLite's FULL
    try:
        rows += rows_for("PostgreSQL", browser, server.new_database)
    finally:
        server.stop()
    return rows

