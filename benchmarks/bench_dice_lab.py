"""Dice Lab: the browser round trip of an app roll, and the odds recomputation behind it."""

from __future__ import annotations

from pathlib import Path

from common import Finger, Server, median_ms, new_page, round_trips, shadow_text_js
from playwright.sync_api import Browser

from companion.dice_lab.engine import Check


def measure(browser: Browser, tmp: Path) -> list[tuple[str, float]]:
    server = Server(["apps/dice_lab.py"], tmp / "dice_lab.sqlite3")
    try:
        page = new_page(browser, viewport={"width": 1024, "height": 768})
        page.goto(server.url + "/dice_lab")
        button = page.get_by_role("button", name="Roll: app rolls 2 dice")
        button.wait_for()
        page.wait_for_timeout(500)
        roll = round_trips(page, Finger(page, button), lambda i: shadow_text_js(
            f"/(^|\\s){i}\\. 2 dice, at most 7/.test(text)"))
    finally:
        server.stop()
    odds = median_ms(lambda: Check(4, 14, "at least", (("guard", 4),)).chance, repeat=200)
    return [("Dice Lab: app roll, tap -> verdict in the log", roll),
            ("Dice Lab: exact odds of a 4-dice check", odds)]
