"""Resuming a long game: time and peak memory to reopen a saved 10,000-action Dice Lab game,
and another table's tap while a 50,000-action game is being opened (issue 36: the opening
replays in a thread of its own, `companion.ui.opening`; on the event loop it held every
table up until it ended).

Dice Lab is the worst case for replay memory: its state holds its whole history, so a
Session keeping every intermediate state grows with the square of the log (issue 18).
The memory row is in MB, not ms (the ratio column means nothing for it).
"""

from __future__ import annotations

import random
import threading
import time
import tracemalloc
import urllib.request
from pathlib import Path

from companion.core.seats import TABLET, Holder
from companion.core.session import Session
from companion.core.store import SessionRecord, Store
from companion.dice_lab import GAME
from companion.dice_lab.engine import Check

ACTIONS = 10_000
OPENED = 50_000  # actions of the game opened while another table taps
OPENINGS = 9  # taps while a game opens (each opens a game of its own: opened, it is open)
OPENING_MS = 300  # from asking for the long game's page to the other table's tap


def saved_game(store: Store, actions: int = ACTIONS, name: str = "",
               elsewhere: bool = False) -> str:
    """A Dice Lab game of `actions` checks with real dice, written straight to the store;
    `elsewhere`: its tablet another device (no other page opens it as its latest)."""
    rng = random.Random(18)
    checks = [GAME.action_to_json(Check(2, 7, dice=(rng.randint(1, 6), rng.randint(1, 6))))
              for _ in range(actions)]
    record = SessionRecord(id=name or f"resume{actions}", game=GAME.name,
                           game_version=GAME.version, name="long game", options={}, seed=1,
                           cursor=actions, actions=tuple(checks),
                           holders={TABLET: Holder(0, "elsewhere")} if elsewhere else {})
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


def tap_while_opening(browser, tmp: Path) -> tuple[float, float]:
    """Another table's app roll, tap to its log line: the median of `OPENINGS` made while
    a page asks for a fresh `OPENED`-action game (`OPENING_MS` after asking), and of as
    many on a quiet server, each just before one of those."""
    from common import Finger, Server, new_page, shadow_text_js, timed_tap

    db = tmp / "opening.sqlite3"
    store = Store(db)
    try:
        games = [saved_game(store, OPENED, f"opening{i}", elsewhere=True)
                 for i in range(OPENINGS)]
    finally:
        store.close()
    server = Server(["apps/dice_lab.py"], db)
    try:
        page = new_page(browser, viewport={"width": 1024, "height": 768})
        page.goto(server.url + "/dice_lab")
        button = page.get_by_role("button", name="Roll: app rolls 2 dice")
        button.wait_for()
        page.wait_for_timeout(500)
        rolls = iter(range(1, 2 * OPENINGS + 1))

        def roll() -> float:
            logged = next(rolls)
            return timed_tap(page, Finger(page, button), shadow_text_js(
                f"/(^|\\s){logged}\\. 2 dice, at most 7/.test(text)"), paired=False)

        quiet, opening = [], []
        for game in games:  # a quiet tap and one while a game opens, in turn (a busy
            quiet.append(roll())  # machine slows both alike)
            asked = threading.Thread(target=lambda g=game: urllib.request.urlopen(
                f"{server.url}/dice_lab?session={g}", timeout=120).read())
            asked.start()
            time.sleep(OPENING_MS / 1000)
            opening.append(roll())
            asked.join()
            page.wait_for_timeout(10_000)  # the game opened (paced: 3 times its replay)
        return sorted(opening)[OPENINGS // 2], sorted(quiet)[OPENINGS // 2]
    finally:
        server.stop()


def measure(browser, tmp: Path) -> list[tuple[str, float]]:
    store = Store(tmp / "resume.sqlite3")
    try:
        elapsed, peak = resume_ms_and_mb(store, saved_game(store))
    finally:
        store.close()
    rows = [(f"Resume a {ACTIONS:,}-action Dice Lab game (time)", elapsed),
            (f"Resume a {ACTIONS:,}-action Dice Lab game (peak memory, MB not ms)", peak)]
    if browser is not None:
        opening, quiet = tap_while_opening(browser, tmp)
        rows += [("Dice Lab: app roll on a quiet server", quiet),
                 (f"Dice Lab: app roll while another page opens a {OPENED:,}-action game",
                  opening)]
    return rows


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        for name, value in measure(None, Path(folder)):
            print(f"{name}: {value:.1f}")
