"""The store on SQLite and on PostgreSQL (a throwaway local server, `tests/postgres_server.py`):
an action stored, a change seen by another Store (another server process), stored actions
across 30 tables written at once, and another process's tap in a long game caught up.
In-process: no browser; rows read against the baseline measured before the module.
PostgreSQL's rows are left out, and say so, when its binaries are missing.
"""

from __future__ import annotations

import statistics
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from companion.core.exchange import export_session, import_session
from companion.core.session import Session
from companion.core.store import Store
from companion.dice_lab.engine import Check
from tests.postgres_server import PostgresServer, binaries

ROUNDS = 30
TABLES, WRITERS, ACTIONS_PER_TABLE = 30, 4, 20  # a café's evening, all at once
LONG_GAME = 10_000


def stored_action_ms(store: Store) -> float:
    session = Session("dice_lab", seed=1, store=store)
    times = []
    for i in range(ROUNDS):
        start = time.perf_counter()
        session.act(Check(dice=(1 + i % 6, 2)))
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def change_seen_ms(here: Store, there: Store) -> float:
    """From a write on `there` to `here.changes()` naming it (what a live table follows)."""
    session = Session("dice_lab", seed=2, store=there)
    seen, started, times = threading.Event(), [0.0], []

    def follow() -> None:
        for changed in here.changes():
            if changed is None or (isinstance(changed, dict) and session.id in changed):
                times.append((time.perf_counter() - started[0]) * 1000)
                seen.set()
            if len(times) >= ROUNDS:
                return

    changes = threading.Thread(target=follow, daemon=True)
    changes.start()
    time.sleep(1.0)  # listening
    times.clear()
    for i in range(ROUNDS):
        seen.clear()
        started[0] = time.perf_counter()
        session.act(Check(dice=(1 + i % 6, 3)))
        seen.wait(5)
        time.sleep(0.05)
    return statistics.median(times)


def long_game_caught_up_ms(here: Store, there: Store) -> float:
    """A tap on another process in a `LONG_GAME`-action Dice Lab game, until this process's
    copy has it (`Session.catch_up`, what a live table does when it hears of the tap)."""
    made = Session("dice_lab", seed=4)
    for i in range(LONG_GAME):
        made.act(Check(dice=(1 + i % 6, 5)))
    session = import_session(there, export_session(made))
    copy, times = Session.resume(here, session.id), []
    for i in range(ROUNDS):
        session.act(Check(dice=(1 + i % 6, 6)))
        start = time.perf_counter()
        copy = copy.catch_up(here)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def busy_tables_ms_per_action(stores: list[Store]) -> float:
    """Wall time per stored action, `TABLES` tables written by `WRITERS` threads at once."""
    tables = [Session("dice_lab", seed=n, store=stores[n % len(stores)]) for n in range(TABLES)]

    def play(session: Session) -> None:
        for i in range(ACTIONS_PER_TABLE):
            session.act(Check(dice=(1 + i % 6, 4)))

    start = time.perf_counter()
    with ThreadPoolExecutor(WRITERS) as pool:
        list(pool.map(play, tables))
    return (time.perf_counter() - start) * 1000 / (TABLES * ACTIONS_PER_TABLE)


def rows_for(kind: str, open_store) -> list[tuple[str, float]]:
    here, there = open_store(), open_store()
    rows = [(f"store ({kind}): an action stored", stored_action_ms(here)),
            (f"store ({kind}): a change seen by another process's Store",
             change_seen_ms(here, there)),
            (f"store ({kind}): per stored action, {TABLES} tables by {WRITERS} threads "
             "(1000 / this = actions a second)", busy_tables_ms_per_action([here, there])),
            (f"store ({kind}): another process's tap caught up, {LONG_GAME:,}-action game",
             long_game_caught_up_ms(here, there))]
    here.close()
    there.close()
    return rows


def measure(browser, tmp: Path) -> list[tuple[str, float]]:
    rows = rows_for("SQLite", lambda: Store(tmp / "bench_store.sqlite3"))
    bin_dir = binaries()
    if bin_dir is None:
        print("bench_store: PostgreSQL's binaries are missing; its rows are left out")
        return rows
    server = PostgresServer(bin_dir, durable=True).start()  # fsync, as SQLite's FULL
    try:
        url = server.new_database()
        rows += rows_for("PostgreSQL", lambda: Store(url))
    finally:
        server.stop()
    return rows
