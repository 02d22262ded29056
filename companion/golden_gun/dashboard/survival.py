"""The whole-search figure (`odds.p_die_before_solex`, about 2 s at the start of a game),
worked out in a worker process (so it never holds the server's GIL), only when the deck,
the bullets or the wounds change, and kept for every page (same key, same answer). At
Step 5 the same figure for each choice makes the advice count the whole search."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from concurrent.futures import Future
from fractions import Fraction
from html import escape

import panel as pn

from companion.core.dice import percent
from companion.core.errors import CompanionError
from companion.golden_gun import bot, odds
from companion.golden_gun.dashboard.words import survival_html
from companion.golden_gun.engine import GoldenGunState
from companion.ui.worker import BrokenProcessPool, odds_worker, on_the_page

# The whole-search figure takes seconds of pure Python: in a thread it would hold the GIL
# and slow every tap meanwhile, so it runs in the worker process, given the game as JSON.
ODDS_WORKER = odds_worker()  # a killed worker process is replaced, not fatal
# Shared by every session (same key, same answer): (death before the Solex, per choice).
_SURVIVAL: dict[tuple, tuple[Fraction, dict | None]] = {}
_SURVIVAL_LOCK = threading.Lock()


def forget_figures() -> None:
    """Drop every figure worked out so far (the next page works its figure out again)."""
    with _SURVIVAL_LOCK:
        _SURVIVAL.clear()


def survival_in_worker(game: dict, p_startle: Fraction) -> tuple[Fraction, dict | None]:
    """odds.p_die_before_solex for the game `to_json` gave, and at Step 5 the same figure
    for each choice (odds.search_alive_by_choice), run in the worker process."""
    state = GoldenGunState.from_json(game)
    by_choice = odds.search_alive_by_choice(state, p_startle) if state.phase == "decide" \
        else None
    return odds.p_die_before_solex(state, p_startle=p_startle), by_choice


def survival_key(state: GoldenGunState) -> tuple:
    """What the whole-search figure depends on: recomputed only when this changes."""
    unseen, upper_left = state.deck_knowledge()
    table = json.dumps(state.config.options.get("effects", "house"), sort_keys=True)
    card = (state.source, state.blues.get(state.room or "")) if state.phase == "decide" else None
    return (table, state.config.unarmed_startle, tuple(sorted(unseen.items())), upper_left,
            state.ammo, state.wounds, state.solex, state.ended, card)


def advice(state: GoldenGunState, unknown: dict = bot.UNKNOWN) -> bot.Advice:
    """Step 5 advice: by the whole search once the worker has it, else by the card (and
    `unknown`, given to `bot.advise`, says why)."""
    full = (survival_key(state), odds.p_startle_next(state.greens_unseen))
    with _SURVIVAL_LOCK:
        known = _SURVIVAL.get(full)
    if state.solex:
        return bot.advise(state, None)
    return bot.advise(state, known[1] if known else unknown)


def replay_advice(state: GoldenGunState) -> bot.Advice:
    """Step 5 advice for the replay, at once: by the whole search if a page has it, else by
    the card alone, saying so (the whole search takes seconds)."""
    return advice(state, bot.UNCOUNTED)


class SurvivalFigure:
    """One page's whole-search figure, as HTML given to `show(html, late)`: at once when it
    is known (or cannot be had), and `late` when the worker sends it back, on the page's
    own event loop. `future` is the worker's job under way, if any."""

    def __init__(self, show: Callable[[str, bool], None]) -> None:
        self._doc = pn.state.curdoc
        self._show = show
        self.key: object = None
        self.future: Future | None = None

    def refresh(self, state: GoldenGunState) -> None:
        """Show the figure for `state`, asking the worker only if its key changed."""
        key = survival_key(state)
        if key == self.key:
            return
        self.key = key
        if state.is_over or state.solex:
            self._show("<div class='survival'>Bond has the Solex Agitator: only the exit is "
                       f"left ({percent(odds.p_find_exit())} per search).</div>"
                       if state.solex and not state.is_over else "", False)
            return
        if state.config.table is None:
            self._show("<div class='survival'>Your group follows its printed sheet, so the app "
                       "does not know the cards' effects: no survival odds.</div>", False)
            return
        startle = odds.p_startle_next(state.greens_unseen)
        full = (key, startle)
        with _SURVIVAL_LOCK:
            known = _SURVIVAL.get(full)
        if known is not None:
            self._show(survival_html(known[0]), False)
            return
        self._show("<div class='survival'>Chance Bond is killed before he finds the Solex "
                   "Agitator: computing…</div>", False)
        if self.future is not None:
            self.future.cancel()  # the game has moved on before that figure's turn came
        game = state.to_json()
        self.future = ODDS_WORKER.submit(survival_in_worker, game, startle)
        self.future.add_done_callback(lambda done: self._done(done, full, game))

    def _done(self, done: Future, full: tuple, game: dict | None = None) -> None:
        if done.cancelled():
            return
        try:
            chance = done.result()
        except BrokenProcessPool:  # the worker process died: once more, on a fresh one
            if game is None:
                self._deliver(full[0], "<div class='survival'>The odds helper stopped twice: "
                              "no whole-search figure this time.</div>")
                return
            self.future = ODDS_WORKER.submit(survival_in_worker, game, full[1])
            self.future.add_done_callback(lambda again: self._done(again, full))
            return
        except CompanionError as error:
            self._deliver(full[0], f"<div class='survival'>{escape(str(error))}</div>")
            return
        with _SURVIVAL_LOCK:
            _SURVIVAL[full] = chance
        self._deliver(full[0], survival_html(chance[0]))

    def _deliver(self, key: tuple, html: str) -> None:
        def show() -> None:
            if self.key == key:
                self._show(html, True)
        on_the_page(self._doc, show)
