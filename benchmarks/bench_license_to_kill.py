"""License to Kill: the browser round trips of a step tap and of an Intrigue card entered
during an assignment, and the work behind each change (legal actions of a full
six-player table, the duel odds, the dashboard's re-draw)."""

from __future__ import annotations

import random
import re
import time
from dataclasses import replace
from pathlib import Path

from common import Finger, Server, median_ms, new_page, round_trips, shadow_text_js
from playwright.sync_api import Browser

from companion.core.registry import games
from companion.core.session import Session
from companion.license_to_kill import GAME
from companion.license_to_kill.dashboard import LicenseToKillDashboard
from companion.license_to_kill.engine import NextStep, PlacePlot, Setup, new_state
from companion.license_to_kill.odds import attack_table, henchman_attack

NEXT = re.compile(r"^(Done: go to|End the turn)")
SETUPS = [("Avenge Felix Leiter", "Goldfinger", "The Navy Hero"),
          *((f"Sample Mission {i}", "Blofeld", "Sample Bond 2") for i in range(1, 6))]


def six_player_table() -> Session:
    """Six players set up, a few plots on the table, the next player at Develop Plot Zone."""
    session = Session(GAME, {"players": [f"Player {i}" for i in range(1, 7)]}, seed=1)
    for player, setup in enumerate(SETUPS):
        session.act(Setup(player, *setup))
    for title in ("Oddjob", "Sample Location 1"):
        session.act(NextStep(no_plot_card=True))
        while session.state.turn.step_name != "Develop Plot Zone":
            session.act(NextStep())
        session.act(PlacePlot(title, 0, None))
    session.act(NextStep())
    while session.state.turn.step_name != "Develop Plot Zone":
        session.act(NextStep())
    return session


def random_play(actions: int, first_seed: int = 1) -> tuple[list[float], int, int]:
    """Random legal play (three players) of the first game from `first_seed` on that lasts
    `actions` actions: the ms of each block of 250 actions, the most actions legal at one
    step, and the seed. Random play once built Agencies of dozens of Bonds; the tablet now
    holds each player's table to what his decks hold (issue 36), so a step's list, and the
    cost of an action, stop growing with the game."""
    for seed in range(first_seed, first_seed + 50):
        rng = random.Random(seed)
        state, widest, blocks = new_state({"players": ["Ann", "Bob", "Cy"]}), 0, []
        start = time.perf_counter()
        for played in range(actions):
            legal = state.legal_actions()
            if state.is_over or not legal:
                break
            widest = max(widest, len(legal))
            state = state.apply(state.fill_chance(rng.choice(legal), rng))
            if played % 250 == 249:
                blocks.append((time.perf_counter() - start) * 1000)
                start = time.perf_counter()
        else:
            return blocks, widest, seed
    raise RuntimeError(f"no random game lasted {actions} actions")


def measure(browser: Browser, tmp: Path) -> list[tuple[str, float]]:
    rows = step_round_trip(browser, tmp) if GAME.name in {g.name for g in games()} else []
    session = six_player_table()
    state = session.state
    board = LicenseToKillDashboard(store=None, session=session)
    blocks, widest, seed = random_play(2000)
    print(f"bench_license_to_kill: random game seed {seed}, 2,000 actions in blocks of 250: "
          f"{', '.join(f'{ms:.0f}' for ms in blocks)} ms; at most {widest} legal actions")
    return [
        ("License to Kill: random legal play, 3 players, actions 1-250", blocks[0]),
        ("License to Kill: random legal play, the same game, actions 1,751-2,000", blocks[-1]),
        *rows,
        ("License to Kill: legal actions, 6 players, Develop Plot Zone",  # uncached
         median_ms(lambda: replace(state).legal_actions(), repeat=20)),
        ("License to Kill: Attack/Charm options, 6 players",
         median_ms(state.attack_charm_options, repeat=20)),
        ("License to Kill: Henchman Attack odds + table 0..6",
         median_ms(lambda: (henchman_attack(9, 7), attack_table(6)), repeat=200)),
        ("License to Kill: dashboard re-draw after a change",
         median_ms(board._refresh, repeat=20)),
    ]


def step_round_trip(browser: Browser, tmp: Path) -> list[tuple[str, float]]:
    """Tap the step button, then (On Assignment) the Intrigue button, each until its line
    shows in the log (a served page resumes its game, so the game must be in
    companion/core/registry.py; until then these rows are left out)."""
    server = Server(["apps/license_to_kill.py"], tmp / "license_to_kill.sqlite3")
    try:
        page = new_page(browser, viewport={"width": 1024, "height": 768})
        page.goto(server.url + "/license_to_kill")
        for name in ("Player 1", "Player 2"):
            # The face-down Villain starts unchosen for every player (only its owner looks).
            page.get_by_label(re.compile("^Villain on it")).select_option(index=1)
            page.get_by_role("button", name=f"Set up {name}").click()
            page.wait_for_function(shadow_text_js(f"text.includes('{name} starts with')"))
        page.wait_for_timeout(500)
        step = round_trips(page, _step_tap(page), lambda i: shadow_text_js(
            f"/(^|\\s){i + 2}\\. (Player|Turn) /.test(text)"))
        intrigue = intrigue_round_trip(page)
    finally:
        server.stop()
    return [("License to Kill: step tap -> new step in the log", step),
            ("License to Kill: Intrigue card On Assignment -> in the log", intrigue)]


def _step_tap(page):
    status = page.locator(".status")
    no_plot = page.get_by_role("button", name="The Plot Draw Pile is empty: no Plot card "
                               "this turn")
    next_step = page.get_by_role("button", name=NEXT)

    def target():  # Develop Plot Zone ends with "no Plot card", the others with Done
        return no_plot if "Develop Plot Zone" in status.inner_text() else next_step

    return Finger(page, target)


def intrigue_round_trip(page) -> float:
    """From the next On Assignment step: go against the first Main Plot, then enter an
    Intrigue card with no effect again and again."""
    status, tap = page.locator(".status"), _step_tap(page)
    while "On Assignment" not in status.inner_text():
        before = status.inner_text()
        tap()
        while status.inner_text() == before:
            page.wait_for_timeout(20)
    page.get_by_role("button", name="Go On Assignment (no turning back)").click()
    page.wait_for_function(shadow_text_js("text.includes('goes On Assignment against')"))
    apply = page.get_by_role("button", name="Apply the Intrigue card")
    lines = int(page.locator(".log-line").first.inner_text().split(".")[0])
    return round_trips(page, Finger(page, apply), lambda i: shadow_text_js(
        f"/(^|\\s){lines + i}\\. An Intrigue card/.test(text)"))
