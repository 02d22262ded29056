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


def random_play(actions: int, seed: int = 1) -> tuple[float, int]:
    """ms for `actions` actions of random legal play (three players), and how many actions
    were legal at the widest On Assignment step: random play builds Agencies
    of dozens of Bonds carrying Q cards, which no real game's hands reach, and each such
    step lists every Q card's move to every holder (issue 36)."""
    rng = random.Random(seed)
    state, widest = new_state({"players": ["Ann", "Bob", "Cy"]}), 0
    start = time.perf_counter()
    for _ in range(actions):
        legal = state.legal_actions()
        if state.is_over or not legal:
            break
        if state.turn is not None and state.turn.step_name == "On Assignment":
            widest = max(widest, len(legal))
        state = state.apply(state.fill_chance(rng.choice(legal), rng))
    return (time.perf_counter() - start) * 1000, widest


def measure(browser: Browser, tmp: Path) -> list[tuple[str, float]]:
    rows = step_round_trip(browser, tmp) if GAME.name in {g.name for g in games()} else []
    session = six_player_table()
    state = session.state
    board = LicenseToKillDashboard(store=None, session=session)
    played = {n: random_play(n) for n in (250, 1000)}
    for n, (ms, widest) in played.items():
        print(f"bench_license_to_kill: {n} random actions: {ms:.0f} ms, the widest On "
              f"Assignment listed {widest} legal actions")
    return [
        ("License to Kill: 250 actions of random legal play, 3 players", played[250][0]),
        ("License to Kill: 1,000 actions of random legal play, 3 players", played[1000][0]),
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
