"""The map section (map mode): the board as one tappable SVG with Bond's reach chance on
every Space and green rings where a tap can go, the bot's last moves as fading trails, the
danger from each car, and the bot-against-bot whole-game estimate (in the kit's worker
process, so that no page waits for it).

The map is two SVG strings (`map_svg`): the mat, drawn once a game, and the marks over it
(reach, rings, pieces), replaced in place after every action; not a plot rebuilt.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

import panel as pn

from companion.core.errors import CompanionError
from companion.goldfinger import bot, odds, rules
from companion.goldfinger import engine as e
from companion.goldfinger.dashboard.parts import WIDE, Hooks
from companion.goldfinger.dashboard.words import (
    ESTIMATE_GAMES,
    LEGEND,
    danger_html,
    estimate_html,
    map_words,
)
from companion.goldfinger.map_svg import marks_svg, mat_svg
from companion.goldfinger.views import public_state
from companion.ui import HtmlBox, PanelDeck, TapPad, button, section
from companion.ui.worker import BrokenProcessPool, odds_worker, on_the_page

# In portrait the map comes first, above the action list (issue 17).
MAP_CARD_CSS = "@media (orientation: portrait) { :host { order: -1; } }"


class MapPart:
    """The map, the danger note and the estimate, re-filled after every change; a tap on a
    Space calls `on_tap(space)`."""

    def __init__(self, hooks: Hooks, on_tap: Callable[[str], None]):
        self.hooks = hooks
        self.view = TapPad(on_tap, **WIDE)
        self.danger = HtmlBox(**WIDE)
        self.estimate_pane = HtmlBox(**WIDE)
        self.trails: tuple[Any, tuple[tuple[str, ...], ...]] = (None, ())
        self.estimate_for = -1
        self.mat: tuple[Any, str] = (None, "")  # (board, its mat)

    def section(self, shown: Any, first_in_portrait: bool = True) -> pn.Column:
        """The Map card, `shown` while the game has a map (a value, or a parameter to
        follow); on a portrait tablet first, above the actions (a phone keeps its side's
        own view and choices first)."""
        contents = pn.Column(
            self.view, pn.pane.HTML(LEGEND, sizing_mode="stretch_width"), self.danger,
            self.estimate_pane, button("Estimate Bond's chance (bot games)",
                                       lambda _: self.start_estimate(),
                                       sizing_mode="stretch_width"), margin=0, **WIDE)
        # A tracker game's page never builds the map's parts (joined when first shown).
        deck = PanelDeck([contents], margin=0, **WIDE)
        card = section("Map", deck, width=460)
        card.visible = shown  # Panel follows a parameter given here
        deck.show([contents] if card.visible else [])
        card.param.watch(lambda event: deck.show([contents] if event.new else []), "visible")
        if first_in_portrait:
            card.stylesheets = [*card.stylesheets, MAP_CARD_CSS]
        return card

    # The picture.

    def render(self) -> None:
        targets = self.targets()
        mat, marks = self.picture(targets)
        self.view.param.update(html=mat, overlay=marks)  # the same mat all game: not re-sent
        self.danger.html = (map_words(self.hooks.state(), targets, self.placing_bond())
                            + self.hooks.once("danger", self.danger_html))

    def placing_bond(self) -> bool:
        """Bond is this page's to place and no Space is chosen: any free Space may be
        tapped (not ringed: nearly every Space of the map is free)."""
        hooks = self.hooks
        return (hooks.state().phase == "bond" and not hooks.picks().bond_space
                and hooks.my_turn() and not hooks.bot_to_move())

    def targets(self) -> list[str]:
        """The Spaces a tap can choose now (none while the bot or the other side moves)."""
        hooks, picks = self.hooks, self.hooks.picks()
        state = hooks.state()
        if hooks.bot_to_move() or not hooks.my_turn():
            return []
        if state.phase == "cards":
            return [s for s in state.board.stars if s not in dict(picks.placing)]
        if state.phase == "bond":
            return [picks.bond_space] if picks.bond_space else []
        return [a.to for a in hooks.legal() if isinstance(a, e.Move | e.QuickTurn) and a.to]

    def picture(self, targets: list[str] | None = None) -> tuple[str, str]:
        """The map's two SVGs for the moment: the mat, and over it the marks (reach numbers,
        green rings on `targets`, the Spaces a tap can go to: `targets()` if not given)."""
        targets = self.targets() if targets is None else targets
        picks, state = self.hooks.picks(), self.hooks.state()
        reach = self.hooks.once("reach", lambda: odds.bond_reach_chances(state)) \
            if self.show_reach() else None
        shown, trails = self.trails
        if self.mat[0] is not state.board:
            self.mat = (state.board, mat_svg(state.board))
        return self.mat[1], marks_svg(state, reach=reach, targets=targets,
                                      trails=trails if shown is state and picks.bot_report else (),
                                      chosen_stars=[s for s, _ in picks.placing])

    def show_reach(self) -> bool:
        state = self.hooks.state()
        return state.phase == "play" and not state.is_over and (
            state.mover == rules.BOND or (state.mover is None and rules.BOND not in state.done))

    def danger_html(self) -> str:
        return danger_html(self.hooks.state(), self.show_reach())

    # Bot-against-bot estimate, in the worker process: about a second of pure Python, which
    # in a thread of the server held up every tap of every page meanwhile.

    def start_estimate(self) -> Future | None:
        """Ask the worker for the estimate; the Future is done once the page has it."""
        hooks = self.hooks
        state, revision = hooks.state(), hooks.revision()
        if state.board is None:
            hooks.choose(estimate="The estimate needs map mode.")
            return None
        if state.phase == "cards":
            hooks.choose(estimate="Place the cards first.")
            return None
        hooks.choose(estimate="computing...")
        self.estimate_for = revision
        doc, shown = pn.state.curdoc, Future()
        job = odds_worker().submit(estimate_in_worker, state.to_json(), ESTIMATE_GAMES,
                                   revision)
        job.add_done_callback(lambda done: self._deliver(done, revision, doc, shown))
        return shown

    def _deliver(self, done: Future, revision: int, doc: Any, shown: Future) -> None:
        """On the worker's thread: hand the estimate to the page on its own event loop."""
        try:
            text = done.result()
        except BrokenProcessPool:
            text = "No estimate: the odds helper stopped. Tap again."
        except CompanionError as error:
            text = f"No estimate: {error}"
        except Exception as error:  # said on the page, not lost in the worker's thread
            text = f"No estimate: the odds helper failed ({type(error).__name__}). Tap again."

        def show() -> None:
            if self.estimate_for == revision:
                self.hooks.choose(estimate=text)
            shown.set_result(text)

        on_the_page(doc, show)

    def render_estimate(self, *_events) -> None:
        self.estimate_pane.html = self.estimate_html()

    def estimate_html(self) -> str:
        hooks = self.hooks
        return estimate_html(hooks.picks().estimate, self.estimate_for != hooks.revision())


def estimate_in_worker(game: dict, games: int, seed: int) -> str:
    """`bot.estimate_bond_win` in the worker process, for the game `to_json` gave, as the
    table knows it: where Tilly lies would change Bond's chance."""
    state = public_state(e.GoldfingerState.from_json(game))
    return str(bot.estimate_bond_win(state, games=games, seed=seed))


def follow(trails: dict[str, list[str]], before: e.GoldfingerState,
           after: e.GoldfingerState) -> None:
    """Add to each piece's trail the Space it moved to in one action (map mode)."""
    if after.board is None:
        return
    for piece in after.pieces:
        old, new = before.piece(piece.name).space, piece.space
        if new is not None and new != old:
            trail = trails.setdefault(piece.name, [old] if old else [])
            trail.append(new)
