"""Goldfinger: odds recomputed after each action and a bot move, against browser round trips.

In process: what the dashboard recomputes after every action (the legal actions
with each one's exact odds; in map mode also Bond's reach per Space and each
car's chance to hit him), one bot decision, and a whole Enemy phase played by
the bot. In the browser: a typical tap (app roll; Move 1 in tracker mode; a
move tapped on the SVG map) until its line shows in the log, undone between rounds.
The map odds are the exact best-plan searches of `odds.py` (reach for every Space,
each car's chance to hit Bond).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from common import Finger, Server, Timing, median_ms, new_page, shadow_text_js, timed_tap
from playwright.sync_api import Browser, Locator, Page

from companion.goldfinger import bot, fire_odds, odds
from companion.goldfinger import engine as e

ROUNDS = 20


def _map_state() -> e.GoldfingerState:
    state = e.new_state({"map": "sample"})
    hide = state.fill_chance(bot.enemy_bot(state), random.Random(1))  # the app hides them
    state = state.apply(hide).apply(e.PlaceBond("x5y4", "x6y4"))
    return state.apply(e.StartTurn("bond", (3, 4)))


def _tracker_state() -> e.GoldfingerState:
    state = e.new_state({}).apply(e.PlaceCards(("1", "2", "3", "4", "5"))).apply(e.PlaceBond())
    return state.apply(e.StartTurn("bond", (3, 4)))


def recompute(state: e.GoldfingerState) -> None:
    """The dashboard's odds work after one action."""
    for action in state.legal_actions() or []:
        odds.action_odds(state, action)
    if state.board is not None:
        odds.bond_reach_chances(state)
        fire_odds.enemy_fire_chances(state)


def enemy_phase(state: e.GoldfingerState) -> e.GoldfingerState:
    """Bond ends his move; the Enemy bot plays every car (the same dice every time)."""
    rng = random.Random(0)
    state = state.apply(e.EndMove())
    while not state.is_over and state.side_to_act == "enemy":
        state = state.apply(state.fill_chance(bot.bot_action(state), rng))
    return state


def tracker_roll(page: Page, url: str) -> Locator:
    """A tracker game's page at Bond's first movement roll (the cards placed, Bond placed),
    ready for taps; returns the app's roll button."""
    page.goto(url + "/goldfinger")
    page.get_by_role("button", name="The five cards are placed").click()
    page.get_by_role("button", name="Bond is placed: start turn 1").click()
    roll = page.get_by_role("button", name="Roll movement for Bond: app rolls 2 dice")
    roll.wait_for()
    page.wait_for_timeout(500)
    return roll


def map_game_rolled(page: Page) -> Locator:
    """A new map game on the page: the Enemy cars placed by the bot, Bond in x5y4 facing
    x6y4 and his movement rolled; returns the green ring of x6y4, where he may move."""
    page.get_by_role("button", name="Saved games").click()
    page.get_by_role("button", name="New game").click()
    page.get_by_text("Started a new game.").wait_for()
    page.get_by_role("button", name="Map: the app knows the board").click()
    page.get_by_role("button", name="Let the Enemy bot place them").click()
    page.get_by_text("places the Aston Martin").wait_for()
    page.locator('[data-tap="x5y4"]').click()
    page.get_by_role("button", name="Place Bond in x5y4 facing x6y4").click()
    page.get_by_role("button", name="Roll movement for Bond: app rolls 2 dice").click()
    page.wait_for_function(shadow_text_js("/3\\. Turn 1: Bond rolls/.test(text)"))
    return page.get_by_role("button", name=re.compile(r"^x6y4\b"))


def _undo_round_trips(page: Page, tap: Finger, line: str, before: int) -> float:
    """Median ms from `tap()` until log line `before+1` reads `line`; Undo between rounds."""
    shown = shadow_text_js(f"/(^|\\s){before + 1}\\. {line}/.test(text)")
    gone = shadow_text_js(f"!/(^|\\s){before + 1}\\. /.test(text)")
    times = []
    for _ in range(ROUNDS):
        times.append(timed_tap(page, tap, shown))
        page.get_by_role("button", name="↶ Undo").click()
        page.wait_for_function(gone, timeout=20_000)
    return Timing.of(times)



def _browser(browser: Browser, tmp: Path) -> list[tuple[str, float]]:
    server = Server(["apps/goldfinger.py"], tmp / "goldfinger.sqlite3")
    try:
        page = new_page(browser, viewport={"width": 1024, "height": 768})
        roll = tracker_roll(page, server.url)
        app_roll = _undo_round_trips(page, Finger(page, roll), "Turn 1: Bond rolls", 2)
        roll.click()
        move = page.get_by_role("button", name="Move 1", exact=True)
        move.wait_for()
        move_one = _undo_round_trips(page, Finger(page, move), "Bond moves 1 space", 3)

        ring = map_game_rolled(page)
        map_tap = _undo_round_trips(page, Finger(page, ring), "Bond moves to x6y4", 3)
        star_tap = _star_round_trips(page)
    finally:
        server.stop()
    return [("Goldfinger: app roll, tap -> line in the log", app_roll),
            ("Goldfinger: Move 1 (tracker), tap -> line in the log", move_one),
            ("Goldfinger: move tapped on the map -> line in the log", map_tap),
            ("Goldfinger: set-up, a red star tapped on the map -> its card in the row", star_tap)]


def _star_round_trips(page: Page) -> Timing:
    """Set Up on the map (the saved games open, as `map_game_rolled` leaves them): a red star
    tapped (its green ring) until its row says it holds a card; the card taken back by its
    row, untimed. The Enemy player makes five such taps a game, each redrawing the set-up
    rows."""
    page.get_by_role("button", name="New game").click()
    page.get_by_text("Started a new game.").wait_for()
    star = e.new_state({"map": "sample"}).board.stars[0]
    placed = shadow_text_js(f"text.includes('Star {star}: ') && "
                            "text.includes('(tap to take back)')")
    back = shadow_text_js("!text.includes('(tap to take back)')")
    ring = page.get_by_role("button", name=star, exact=True)
    take_back = page.get_by_role("button", name=re.compile(f"^Star {star}: .*take back"))
    times = []
    for _ in range(ROUNDS):
        times.append(timed_tap(page, Finger(page, ring), placed))
        take_back.click()
        page.wait_for_function(back)
    return Timing.of(times)


def measure(browser: Browser, tmp: Path) -> list[tuple[str, float]]:
    rows = _browser(browser, tmp)
    tracker, board = _tracker_state(), _map_state()
    rows += [
        ("Goldfinger: odds after an action, tracker mode", median_ms(lambda: recompute(tracker))),
        ("Goldfinger: odds after an action, map mode (+ reach, danger)",
         median_ms(lambda: recompute(board))),
        ("Goldfinger: one bot decision (Bond, map mode)", median_ms(lambda: bot.bot_action(board))),
        ("Goldfinger: the Enemy bot plays a whole phase", median_ms(lambda: enemy_phase(board),
                                                                    repeat=10)),
    ]
    return rows
