"""Golden Goal: taps on the field in the browser, and the searches behind the hint and the bot.

In-process: `p_score_this_turn` (the hint shown before every roll), the bot's full
move (`choose_turn`) and the listing of every turn after a roll (`legal_turns`), each
over real positions from seeded bot-vs-bot matches (median and slowest).
In the browser: tapping a player (his squares light up), tapping a square (the
plan appears with the opponent's chance after it) and an app roll (the turns it allows
listed, the ways to score with it drawn).
"""

from __future__ import annotations

import itertools
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from common import Finger, Server, Timing, new_page, round_trips, shadow_text_js, timed_tap
from playwright.sync_api import Browser, Locator, Page

from companion.core.session import Session
from companion.golden_goal import GAME
from companion.golden_goal.actions import Kick, Place, Roll, RollOff, Toss
from companion.golden_goal.bot import bot_player, choose_turn
from companion.golden_goal.engine import GoldenGoalState, new_state
from companion.golden_goal.odds import p_score_this_turn

SEEDS = range(6)
ROUNDS = 20
SETUP = [("orange 1", (3, 5)), ("blue 1", (4, 6)), ("orange 2", (1, 3)), ("blue 2", (6, 8)),
         ("orange 3", (2, 8)), ("blue 3", (5, 2)), ("orange 4", (6, 9)), ("blue 4", (1, 10)),
         ("orange keeper", (3, 0)), ("blue keeper", (4, 11))]


def positions(phase: str) -> list[GoldenGoalState]:
    """Every state in `phase` met in seeded bot-vs-bot matches."""
    found = []
    for seed in SEEDS:
        session, rng = Session(GAME, {}, seed), random.Random(seed)
        while not session.state.is_over:
            if session.state.phase == phase:
                found.append(session.state)
            session.act(bot_player(session.state, rng))
    return found


def timings(call: Callable[[GoldenGoalState], object],
            states: list[GoldenGoalState]) -> tuple[float, float]:
    """(median, slowest) milliseconds of `call` over the states."""
    times = []
    for state in states:
        start = time.perf_counter()
        call(state)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times)


def name(square: tuple[int, int]) -> str:
    return new_state({}).field.name(square)


def tap(page: Page, square: tuple[int, int]) -> None:
    page.get_by_role("button", name=name(square), exact=True).click()


def to_blues_turn(page: Page) -> GoldenGoalState:
    """Set up, kick off and roll a 2 for blue through the page; the same state in-process."""
    state = new_state({}).apply(Toss("orange"))
    page.get_by_role("button", name="Orange places first").click()
    for player, square in SETUP:
        tap(page, square)
        state = state.apply(Place(player, square))
        page.wait_for_function(shadow_text_js(f"text.includes('placed on {name(square)}')"))
    state = state.apply(RollOff((5, 2)))
    page.get_by_role("button", name="Kickoff roll: app rolls 2 dice").wait_for()
    page.get_by_role("button", name="Enter the real dice").click()
    page.get_by_role("button", name="5", exact=True).nth(0).click()
    page.get_by_role("button", name="2", exact=True).nth(1).click()
    page.get_by_role("button", name="Kickoff roll with 5 + 2").click()
    kick = next(k for k in state.legal_actions()
                if isinstance(k, Kick) and state.apply(k).ball == (3, 4))
    tap(page, (3, 4))
    page.get_by_role("button", name="Play it").click()
    state = state.apply(kick).apply(Roll((2,)))
    page.get_by_role("button", name="Enter the real dice").click()
    page.get_by_role("button", name="2", exact=True).nth(0).click()
    page.get_by_role("button", name="Roll with 2").click()
    page.wait_for_function(shadow_text_js("text.includes('blue rolled 2: tap the player')"))
    return state


def alternating(page: Page, squares: list[tuple[int, int]],
                shown: Callable[[tuple[int, int]], str]):
    """A tap on each square in turn, and the JS predicate for what the last tap shows."""
    turn, last = itertools.count(), [squares[0]]

    def next_square():
        last[0] = squares[next(turn) % len(squares)]
        return page.get_by_role("button", name=name(last[0]), exact=True)

    return Finger(page, next_square), lambda _round: shown(last[0])


def browser_taps(browser: Browser, tmp: Path) -> tuple[float, float]:
    # Served with the index page at "/", as `make serve` does, so that the server's
    # start-up check does not open (and save) a game before the browser does.
    server = Server(["apps/index.py", "apps/golden_goal.py"], tmp / "golden_goal.sqlite3",
                    index="index")
    try:
        page = new_page(browser, viewport={"width": 1024, "height": 768})
        page.goto(server.url + "/golden_goal")
        page.get_by_role("button", name="Orange places first").wait_for()
        page.wait_for_timeout(500)
        state = to_blues_turn(page)
        movers = {state.where[p]: p for p in ("blue 1", "blue 2")}
        select = round_trips(page, *alternating(page, list(movers), lambda sq: shadow_text_js(
            f"text.includes('{movers[sq]}: tap where he ends')")))
        tap(page, state.where["blue 1"])
        page.wait_for_function(shadow_text_js("text.includes('blue 1: tap where he ends')"))
        ends = sorted(o.square for o in state.legal_turns(2)
                      if o.play.player == "blue 1" and not o.play.kicks)[:2]
        plan = round_trips(page, *alternating(page, ends, lambda sq: shadow_text_js(
            f"/to {name(sq)}(\\s|$)/.test(text) && text.includes('scores next')")))
        roll = app_rolls(page)
    finally:
        server.stop()
    return select, plan, roll


ROLLED = shadow_text_js("/blue rolled \\d: tap the player/.test(text)")


def app_roll_armed(page: Page) -> tuple[Locator, Locator]:
    """From blue's rolled turn (`to_blues_turn`): the roll taken back and the app set to
    roll it; returns the roll button and Undo."""
    undo = page.get_by_role("button", name="↶ Undo")
    undo.click()
    page.get_by_role("button", name="App rolls", exact=True).click()
    return page.get_by_role("button", name="Roll: app rolls 1 die"), undo


def app_rolls(page: Page) -> Timing:
    """The roll taken back, then rolled by the app until the page asks for the player to
    move (the turns with the roll listed, the ways to score drawn); Undo between rounds."""
    roll, undo = app_roll_armed(page)
    times = []
    for _ in range(ROUNDS):
        roll.wait_for()
        times.append(timed_tap(page, Finger(page, roll), ROLLED))
        undo.click()
        page.wait_for_function(f"!({ROLLED})()")
    return Timing.of(times)


def measure(browser: Browser, tmp: Path) -> list[tuple[str, float]]:
    select, plan, roll = browser_taps(browser, tmp)
    rolls, plays = positions("roll"), positions("play")
    hint = timings(p_score_this_turn, rolls)
    bot = timings(lambda s: choose_turn(s, s.roll), plays)
    listing = timings(lambda s: s.legal_turns(s.roll), plays)
    n_rolls, n_plays = len(rolls), len(plays)
    return [
        ("Golden Goal: tap a player -> his squares lit", select),
        ("Golden Goal: tap a square -> plan + opponent's chance", plan),
        ("Golden Goal: app roll -> 'tap the player to move'", roll),
        (f"Golden Goal: p_score_this_turn, median of {n_rolls} positions", hint[0]),
        (f"Golden Goal: p_score_this_turn, slowest of {n_rolls}", hint[1]),
        (f"Golden Goal: bot move (choose_turn), median of {n_plays}", bot[0]),
        (f"Golden Goal: bot move (choose_turn), slowest of {n_plays}", bot[1]),
        (f"Golden Goal: legal_turns after a roll, median of {n_plays}", listing[0]),
        (f"Golden Goal: legal_turns after a roll, slowest of {n_plays}", listing[1]),
    ]
