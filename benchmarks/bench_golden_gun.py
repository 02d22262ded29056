"""The Man with the Golden Gun: a tap on the maze in the browser, and the odds behind the screen."""

from __future__ import annotations

import re
from pathlib import Path

from common import Finger, Server, Timing, median_ms, new_page, shadow_text_js, timed_tap
from playwright.sync_api import Browser

from companion.core.session import Session
from companion.core.store import Store
from companion.golden_gun import GAME, bot, odds
from companion.golden_gun.dashboard import GoldenGunDashboard
from companion.golden_gun.engine import Move, ReadGreen, RollGreen, new_state

ROUNDS = 20
CALM_SEED = 1  # room 1:A1, green card 9, then the app's roll: calm, so Step 5 offers Hold fire
MOVED = shadow_text_js("text.includes('1. Bond moves into 1:A1')")
READY = shadow_text_js("text.includes('killed before he finds') && "
                       "!text.includes('Agitator: computing')")
UNDONE = shadow_text_js("!text.includes('1. Bond moves into 1:A1')")


# The log's lines, counted in the log's own part of the page (the shadow root that holds
# its "Undo is the table's call" note), found once and kept while it is on the page: the
# check runs after every change of the page and on every frame while a tap is awaited, and
# a walk of all 822 elements of the page took 0.46 ms a check at 4x CPU throttling (this
# one 0.014), the bench's own work charged to the app's tap.
LOG_LINES = """() => {
  let root = window.__logRoot;
  if (!root || !root.host.isConnected) {
    const find = (r) => {
      if (r.host && r.querySelector('.undo-note')) return r;
      for (const e of r.querySelectorAll('*')) {
        const found = e.shadowRoot && find(e.shadowRoot);
        if (found) return found;
      }
      return null;
    };
    window.__logRoot = root = find(document);
  }
  return root ? root.querySelectorAll('.log-line').length : 0;
}"""
GREW = f"(before) => ({LOG_LINES})() > before"


def measure(browser: Browser, tmp: Path) -> list[tuple[str, float]]:
    return [("Golden Gun: tap a room on the maze -> the room's step shown", _tap_a_room(
        browser, tmp)), *_room_taps(browser, tmp), *_in_process(tmp)]


def _room_taps(browser: Browser, tmp: Path) -> list[tuple[str, float]]:
    """Companion: every tap of a room (room, green 9, app roll, hold if calm, Mannequin),
    each until its log line shows; then undo back to the start, ROUNDS times (with fewer
    samples a tap, the 95th percentile is the slowest one).

    The game's seed is fixed: every round rolls the same dice (a roll's dice come from the
    seed and the position), and with seed 1 the roll is calm, so every run has its 'hold
    fire' row. With a new game's random seed, about one run in four had none."""
    db = tmp / "golden_gun_taps.sqlite3"
    store = Store(db)
    game = Session(GAME, {"mode": "companion"}, seed=CALM_SEED, store=store).id
    store.close()
    server = Server(["apps/golden_gun.py"], db)
    taps: dict[str, list[float]] = {}
    try:
        page = new_page(browser, viewport={"width": 1024, "height": 768})
        page.goto(f"{server.url}/golden_gun?session={game}")
        page.wait_for_function(READY, timeout=60_000)
        button = page.get_by_role
        for _ in range(ROUNDS):
            steps = [("room", button("button", name=re.compile(r"^1:A1,"))),
                     ("green card number", button("button", name="9", exact=True)),
                     ("app roll", button("button", name=re.compile("app rolls 2 dice$")))]
            for name, target in steps:
                taps.setdefault(name, []).append(_logged_tap(page, target))
            if page.locator(".step").inner_text().startswith("Step 5"):
                taps.setdefault("hold fire", []).append(
                    _logged_tap(page, button("button", name=re.compile("^Hold fire"))))
            taps.setdefault("blue card", []).append(
                _logged_tap(page, button("button", name=re.compile(r"^Mannequin \("))))
            while page.evaluate(LOG_LINES):
                _undo(page)
    finally:
        server.stop()
    return [(f"Golden Gun: tap '{name}' -> its log line shown", Timing.of(times))
            for name, times in taps.items()]


def _logged_tap(page, target) -> float:
    target.wait_for()
    page.wait_for_timeout(200)  # the page settles: the tap is timed, not the wait
    before = page.evaluate(LOG_LINES)
    return timed_tap(page, Finger(page, target), GREW, arg=before)


def _undo(page) -> None:
    before = page.evaluate(LOG_LINES)
    page.get_by_role("button", name="↶ Undo").click()
    page.wait_for_function(f"(before) => ({LOG_LINES})() < before", arg=before,
                           timeout=20_000)


def _tap_a_room(browser: Browser, tmp: Path) -> float:
    """Companion mode: tap room 1:A1 (Move), wait for the log line; undo, again."""
    server = Server(["apps/golden_gun.py"], tmp / "golden_gun.sqlite3")
    try:
        page = new_page(browser, viewport={"width": 1024, "height": 768})
        page.goto(server.url + "/golden_gun")
        page.wait_for_function(READY, timeout=60_000)
        room = Finger(page, page.get_by_role("button", name=re.compile(r"^1:A1,")))
        undo = page.get_by_role("button", name="↶ Undo")
        times = []
        for i in range(ROUNDS + 3):  # the first 3 warm up
            tapped = timed_tap(page, room, MOVED, paired=i >= 3)
            if i >= 3:
                times.append(tapped)
            undo.click()
            page.wait_for_function(UNDONE, timeout=20_000)
        return Timing.of(times)
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
