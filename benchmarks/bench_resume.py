"""Resuming a long game: time and peak memory to reopen a saved 10,000-action Dice Lab game.

Dice Lab is the worst case for replay memory: its state holds its whole history, so a
Session keeping every intermediate state grows with the square of the log (issue 18).
The memory row is in MB, not ms (the ratio column means nothing for it).
"""

from __future__ import annotations

import random
import time
import tracemalloc
from pathlib import Path

from companion.core.session import Session
from companion.core.store import SessionRecord, Store
from companion.dice_lab import GAME
from companion.dice_lab.engine import Check

ACTIONS = 10_000


def saved_game(store: Store, actions: int = ACTIONS) -> str:
    """A Dice Lab game of `actions` checks with real dice, written straight to the store."""
    rng = random.Random(18)
    checks = [GAME.action_to_json(Check(2, 7, dice=(rng.randint(1, 6), rng.randint(1, 6))))
              for _ in range(actions)]
    record = SessionRecord(id=f"resume{actions}", game=GAME.name, game_version=GAME.version,
                           name="long game", options={}, seed=1, cursor=actions,
                           actions=tuple(checks))
    store.create(record)
    return record.id


def resume_ms_and_mb(store: Store, session_id: str) -> tuple[float, float]:
    start = time.perf_counter()
    session = Session.resume(store, session_id)
    elapsed = (time.perf_counter() - start) * 1000
    assert len(session.log) == ACTIONS
    del session
    tracemalloc.start()
    Session.resume(store, session_id)
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return elapsed, peak


def measure(browser, tmp: Path) -> list[tuple[str, float]]:
    store = Store(tmp / "resume.sqlite3")
    try:
        elapsed, peak = resume_ms_and_mb(store, saved_game(store))
    finally:
        store.close()
    return [(f"Resume a {ACTIONS:,}-action Dice Lab game (time)", elapsed),
            (f"Resume a {ACTIONS:,}-action Dice Lab game (peak memory, MB not ms)", peak)]


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        for name, value in measure(None, Path(folder)):
            print(f"{name}: {value:.1f}")
