"""The Man with the Golden Gun: a tap on the maze in the browser, and the odds behind the screen."""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from common import Server, median_ms, shadow_text_js
from playwright.sync_api import Browser

from companion.core.session import Session
from companion.core.store import Store
from companion.golden_gun import GAME, bot, odds
from companion.golden_gun.dashboard import GoldenGunDashboard
from companion.golden_gun.engine import Move, ReadGreen, RollGreen, new_state

ROUNDS = 20
MOVED = shadow_text_js("text.includes('1. Bond moves into 1:A1')")
READY = shadow_text_js("text.includes('killed before he finds') && "
                       "!text.includes('Agitator: computing')")
UNDONE = shadow_text_js("text.includes('Nothing has happened yet.')")


def measure(browser: Browser, tmp: Path) -> list[tuple[str, float]]:
    return [("Golden Gun: tap a room on the maze -> the room's step shown", _tap_a_room(
        browser, tmp)), *_in_process(tmp)]


def _tap_a_room(browser: Browser, tmp: Path) -> float:
    """Companion mode: tap room 1:A1 (Move), wait for the log line; undo, again."""
    server = Server(["apps/golden_gun.py"], tmp / "golden_gun.sqlite3")
    try:
        page = browser.new_page(viewport={"width": 1024, "height": 768})
        page.goto(server.url + "/golden_gun")
        page.wait_for_function(READY, timeout=60_000)
        room = page.get_by_role("button", name="1:A1", exact=True)
        undo = page.get_by_role("button", name="↶ Undo")
        times = []
        for i in range(ROUNDS + 3):  # the first 3 warm up
            start = time.perf_counter()
            room.click()
            page.wait_for_function(MOVED, timeout=20_000)
            if i >= 3:
                times.append((time.perf_counter() - start) * 1000)
            undo.click()
            page.wait_for_function(UNDONE, timeout=20_000)
        return statistics.median(times)
    finally:
        server.stop()


def _in_process(tmp: Path) -> list[tuple[str, float]]:
    start = new_state({"mode": "companion"})
    calm = start.apply(Move("1:A1")).apply(ReadGreen(9)).apply(RollGreen((1, 1)))
    store = Store(tmp / "golden_gun_in_process.sqlite3")
    dash = GoldenGunDashboard(store=store, session=Session(GAME, {}, seed=1, store=store))
    dash.move("1:A1")

    def render() -> None:
        dash.undo()
        dash.redo()

    return [
        ("Golden Gun: phase odds + fire/hold advice at Step 5",
         median_ms(lambda: (odds.phase_odds(calm), bot.advise(calm)), repeat=200)),
        ("Golden Gun: dashboard re-render (undo + redo, no browser)",
         median_ms(render, repeat=30) / 2),
        ("Golden Gun: killed-before-the-Solex figure at the start (background)",
         median_ms(lambda: odds.p_die_before_solex(start), repeat=3)),
    ]
