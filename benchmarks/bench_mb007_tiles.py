"""The tile game: a tap on the board and a secret letter pick in the browser, and the exact
equilibrium behind the advice and the bot.

In the browser: tapping an empty window to place the drawn tile (until the log line), and
tapping a letter on the uncovered screen (until the log says the player has chosen); each
undone, untimed, before the next. In-process: the equilibrium of a full board with four
players (first round, 16 x 16) and the heat map of a refill, each with the cache emptied.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

from common import Finger, Server, Timing, median_ms, new_page, shadow_text_js, timed_tap
from playwright.sync_api import Browser, Page

from companion.core.session import Session
from companion.core.store import Store
from companion.mb007_tiles import GAME
from companion.mb007_tiles.actions import ChooseFirst, Draw, Pick, Reveal
from companion.mb007_tiles.bot import autoplay_action
from companion.mb007_tiles.odds import board_equilibrium, placement_advice, round_equilibrium

WINDOWS = ["a1", "b2", "c3", "d4"]


def four_player_states():
    """A full first-round board and a refill placement, from a seeded bot game."""
    session, rng = Session(GAME, {"players": 4, "mode": "tablet"}, seed=4), random.Random(4)
    session.act(ChooseFirst(0))
    while session.state.phase != "choose":
        session.act(autoplay_action(session.state, rng))
    full = session.state
    for seat in range(4):
        session.act(Pick(seat, "BOND"[seat]))
    session.act(Reveal())
    while session.state.phase != "place":
        session.act(autoplay_action(session.state, rng))
    return full, session.state


def red_to_place(store: Store, seed: int, **session_args) -> Session:
    """A two-player tile game in `store`: Red first, the red 3 drawn, Red to place it."""
    session = Session(GAME, {"players": 2}, seed=seed, store=store, **session_args)
    session.act(ChooseFirst(0))
    session.act(Draw("R3"))
    return session


def logged(line: str) -> str:
    """A JS test that the log holds an action's line: numbered, so the table's note of an
    undo ("— Undone by the table: ...") never passes for it."""
    return f"/\\d+\\. {line}/.test(text)"


def undo(page: Page, gone: str) -> None:
    page.get_by_role("button", name="↶ Undo").click()
    page.wait_for_function(shadow_text_js(f"!{logged(gone)}"))


def place_taps(page: Page) -> float:
    windows = itertools.cycle(WINDOWS)
    last = [""]

    def target():
        last[0] = next(windows)
        return page.get_by_role("button", name=f"window {last[0]}")

    tap = Finger(page, target)

    times = []
    for _ in range(30):
        times.append(timed_tap(page, tap, lambda: shadow_text_js(
            logged(f"Red placed red 3 in {last[0]}"))))
        undo(page, f"Red placed red 3 in {last[0]}")
    return Timing.of(times)


def pick_taps(page: Page) -> float:
    letters = itertools.cycle("BOND")
    times = []
    for _ in range(30):
        page.get_by_role("button", name="I am Red: show my letters").click()
        letter = next(letters)
        button = page.locator("button", has_text=f"{letter} ·").first
        button.wait_for()
        times.append(timed_tap(page, Finger(page, button), shadow_text_js(
            logged("Red has chosen a letter in secret"))))
        undo(page, "Red has chosen a letter in secret")
    return Timing.of(times)


def browser_taps(browser: Browser, tmp: Path) -> tuple[float, float]:
    db = tmp / "mb007_tiles.sqlite3"
    store = Store(db)
    placing = red_to_place(store, seed=1)
    choosing = Session(GAME, {"players": 2, "mode": "tablet"}, seed=2, store=store)
    rng = random.Random(2)
    choosing.act(ChooseFirst(0))
    while choosing.state.phase != "choose":
        choosing.act(autoplay_action(choosing.state, rng))
    store.close()
    server = Server(["apps/index.py", "apps/mb007_tiles.py"], db, index="index")
    try:
        page = new_page(browser, viewport={"width": 1024, "height": 768})
        page.goto(f"{server.url}/mb007_tiles?session={placing.id}")
        page.get_by_role("button", name="window a1").wait_for()
        place = place_taps(page)
        page.goto(f"{server.url}/mb007_tiles?session={choosing.id}")
        page.get_by_role("button", name="I am Red: show my letters").wait_for()
        pick = pick_taps(page)
    finally:
        server.stop()
    return place, pick


def measure(browser: Browser, tmp: Path) -> list[tuple[str, float]]:
    place, pick = browser_taps(browser, tmp)
    full, refill = four_player_states()

    def equilibrium() -> None:
        board_equilibrium.cache_clear()
        round_equilibrium(full)

    def heat_map() -> None:
        board_equilibrium.cache_clear()
        placement_advice(refill)

    return [
        ("MB007 tiles: tap a window -> tile placed in the log", place),
        ("MB007 tiles: tap a secret letter -> 'has chosen' in the log", pick),
        ("MB007 tiles: equilibrium of a full 4-player board (16x16)", median_ms(equilibrium)),
        (f"MB007 tiles: heat map of a refill ({len(refill.empty_windows)} windows)",
         median_ms(heat_map)),
    ]
