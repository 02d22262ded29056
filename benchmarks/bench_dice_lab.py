"""Dice Lab: the browser round trip of an app roll (in a new game, and late in a long one)
and of a tap that sets up the check, and the odds recomputation behind them."""

from __future__ import annotations

import itertools
from pathlib import Path

from bench_resume import saved_game
from common import Finger, Server, median_ms, new_page, round_trips, shadow_text_js
from playwright.sync_api import Browser, Locator, Page

from companion.core.store import Store
from companion.dice_lab.engine import Check

LONG_LOG = 300  # lines: a long evening's game


def measure(browser: Browser, tmp: Path) -> list[tuple[str, float]]:
    roll = _app_rolls(browser, tmp / "dice_lab.sqlite3")
    long_store = tmp / "dice_lab_long.sqlite3"
    store = Store(long_store)
    try:
        long_game = saved_game(store, LONG_LOG)
    finally:
        store.close()
    late = _app_rolls(browser, long_store, f"?session={long_game}", LONG_LOG)
    odds = median_ms(lambda: Check(4, 14, "at least", (("guard", 4),)).chance, repeat=200)
    return [("Dice Lab: app roll, tap -> verdict in the log", roll),
            (f"Dice Lab: app roll with {LONG_LOG} lines in the log", late),
            ("Dice Lab: tap '3 dice' or '2 dice' -> the check's odds", _dice_counts(
                browser, tmp / "dice_lab_counts.sqlite3")),
            ("Dice Lab: exact odds of a 4-dice check", odds)]


def dice_lab_opened(page: Page, url: str, query: str = "") -> Locator:
    """Dice Lab's page (`query`: its address's), ready for taps; returns the app's roll
    button."""
    page.goto(url + "/dice_lab" + query)
    button = page.get_by_role("button", name="Roll: app rolls 2 dice")
    button.wait_for()
    page.wait_for_timeout(500)
    return button


def check_shown(count: str) -> str:
    """JS: the check's odds are those of `count` ('3 dice'), at most 7."""
    return shadow_text_js(f"text.includes('{count}, at most 7')")


def roll_logged(number: int) -> str:
    """JS: the log's line `number` is an app roll of the check (2 dice, at most 7)."""
    return shadow_text_js(f"/(^|\\s){number}\\. 2 dice, at most 7/.test(text)")


def _app_rolls(browser: Browser, store: Path, query: str = "", logged: int = 0) -> float:
    """App rolls, each until its line is in the log (`logged` lines there before)."""
    server = Server(["apps/dice_lab.py"], store)
    try:
        page = new_page(browser, viewport={"width": 1024, "height": 768})
        button = dice_lab_opened(page, server.url, query)
        return round_trips(page, Finger(page, button), lambda i: roll_logged(logged + i))
    finally:
        server.stop()


def _dice_counts(browser: Browser, store: Path) -> float:
    """The check set up by a tap on an option (Panel's RadioButtonGroup): three dice, then
    two, each until the check's odds say so."""
    server = Server(["apps/dice_lab.py"], store)
    try:
        page = new_page(browser, viewport={"width": 1024, "height": 768})
        dice_lab_opened(page, server.url)
        counts, aimed_at = itertools.cycle(("3 dice", "2 dice")), [""]

        def aim() -> Locator:  # (each round aims first, then asks what to wait for)
            aimed_at[0] = next(counts)
            return page.get_by_role("button", name=aimed_at[0])

        return round_trips(page, Finger(page, aim), lambda _round: check_shown(aimed_at[0]))
    finally:
        server.stop()
