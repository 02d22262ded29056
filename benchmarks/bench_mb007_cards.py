"""The 007 card game: the turn's odds with 6 players, and a tap in the browser.

In-process: `odds.turn_odds` (each draw's chance and the expected chips of announcing,
shown to the player on turn) over every turn of seeded 6-player bot games (median and
slowest). In the browser: in table mode, tapping a card key and taking it back, each tap a
round trip that redraws the prompt and the keys.
"""

from __future__ import annotations

import itertools
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from common import Finger, Server, new_page, round_trips, shadow_text_js
from playwright.sync_api import Browser, Locator, Page

from companion.core.session import Session
from companion.mb007_cards import GAME
from companion.mb007_cards.bot import bot_action
from companion.mb007_cards.engine import CardsState
from companion.mb007_cards.odds import turn_odds
from companion.mb007_cards.views import private_view

SEEDS = range(4)


def turn_positions() -> list[CardsState]:
    """Every state with a player on turn met in seeded 6-player bot games."""
    found = []
    for seed in SEEDS:
        session, rng = Session(GAME, {"players": 6}, seed), random.Random(seed)
        while not session.state.is_over:
            state = session.state
            if state.phase in ("turn", "drawn"):
                found.append(state)
            session.act(bot_action(private_view(state, state.to_act or 0), rng))
    return found


def odds_timings(states: list[CardsState]) -> tuple[float, float]:
    times = []
    for state in states:
        view = private_view(state, state.turn)
        start = time.perf_counter()
        turn_odds(view)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times)


def card_keys(page: Page, url: str) -> tuple[Callable[[], Locator], Callable[[int], str]]:
    """A new real-cards game on `page` at Seat 1's left up card: the target of each tap in
    turn (a card key, then 'Take back'), and the JS test that tap `i` (from 1) shows."""
    page.goto(url + "/mb007_cards")
    page.get_by_role("button", name="New game: cards, players, bots").click()
    page.get_by_role("button", name="Real cards").click()
    page.get_by_role("button", name="Start a new game with these settings").click()
    page.wait_for_function(shadow_text_js("text.includes(\"Seat 1's left up card\")"))
    page.wait_for_timeout(500)
    turn = itertools.count()

    def target() -> Locator:
        if next(turn) % 2 == 0:
            return page.get_by_role("button", name="5", exact=True).first  # a card key
        return page.get_by_role("button", name="Take back the last card (so far: 5)")

    def shown(i: int) -> str:
        side = "right" if i % 2 == 1 else "left"
        return shadow_text_js(f"text.includes(\"Seat 1's {side} up card\")")
    return target, shown


def browser_tap(browser: Browser, tmp: Path) -> float:
    server = Server(["apps/index.py", "apps/mb007_cards.py"], tmp / "mb007_cards.sqlite3",
                    index="index")
    try:
        page = new_page(browser, viewport={"width": 1024, "height": 768})
        target, shown = card_keys(page, server.url)
        return round_trips(page, Finger(page, target), shown)
    finally:
        server.stop()


def measure(browser: Browser, tmp: Path) -> list[tuple[str, float]]:
    tap = browser_tap(browser, tmp)
    states = turn_positions()
    median, slowest = odds_timings(states)
    return [
        ("007 cards: tap a card key -> prompt and keys redrawn", tap),
        (f"007 cards: turn odds, 6 players, median of {len(states)} turns", median),
        (f"007 cards: turn odds, 6 players, slowest of {len(states)}", slowest),
    ]
