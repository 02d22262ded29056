"""The Golden Gun dashboard: the room sequence, the maze, the odds from the deck, the log,
the set-up and the effect table, put together over one Session.

Everything is drawn from `self.session.state` after each change: the buttons are the
engine's legal actions, the chances come from `odds.py` and the advice from `bot.py`.
A tap changes a handful of properties, none of which re-lays out the page.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import panel as pn
import param

from companion.core.errors import CompanionError
from companion.core.session import Session
from companion.golden_gun import GAME, bot, engine, odds, rules
from companion.golden_gun.dashboard.actions_view import DICE_VERBS, draw_actions
from companion.golden_gun.dashboard.maze_view import MazeView, still_maze_html
from companion.golden_gun.dashboard.setup_view import (
    EFFECT_LABELS,
    chosen_options,
    read_table,
    setup_section,
)
from companion.golden_gun.dashboard.survival import SurvivalFigure, advice, replay_advice
from companion.golden_gun.dashboard.words import (
    TRACKER_CSS,
    deck_html,
    next_card_html,
    progress_html,
    squares_html,
    step_html,
    step_odds_html,
    table_html,
    verdict_html,
)
from companion.golden_gun.effects import VOCABULARY
from companion.golden_gun.engine import GoldenGunState
from companion.ui import (
    ChoicePad,
    Counter,
    DicePad,
    Fold,
    GameDashboard,
    HtmlBox,
    button,
    page,
    section,
)

WIDE = {"sizing_mode": "stretch_width"}


class GoldenGunDashboard(GameDashboard):
    game = GAME

    setup_mode = param.Selector(default="companion", objects=list(rules.MODES))
    setup_effects = param.Selector(default="house", objects=list(EFFECT_LABELS))
    setup_table = param.Dict(default=None, allow_None=True, doc="An uploaded table, validated.")
    setup_upper_half = param.Selector(default=rules.UPPER_HALF, objects=["smaller", "larger"])
    setup_unarmed = param.Selector(default=rules.UNARMED_STARTLE, objects=["hold", "nothing"])
    setup_reshuffle = param.Boolean(default=rules.RESHUFFLE_BLUE)
    setup_exit_after_moving = param.Boolean(default=rules.EXIT_AFTER_MOVING)
    setup_exit_repeat = param.Selector(default=rules.EXIT_REPEAT, objects=["searches", "visits"])
    setup_status = param.String(default="")
    survival = param.String(default="", doc="The whole-search figure, as HTML.")

    def __init__(self, **params):
        super().__init__(**params)
        self.maze = MazeView(self.move)
        self.dice = DicePad(self.roll)
        self.amount = Counter(label="Amount (0: the usual)", value=0, low=0,
                              high=rules.MAX_BULLETS, shown=False,
                              hint="The sheet's number for the next effect (bullets, wounds, "
                                   "Scaramanga's roll):")
        # Boxes of HTML, emptied rather than hidden: a Panel HTML pane's text or a layout's
        # visibility changed lays the whole page out again, on the server and in the browser.
        self._step_view, self._verdict, self._odds = HtmlBox(**WIDE), HtmlBox(**WIDE), \
            HtmlBox(**WIDE)
        self._actions = ChoicePad(self.do, self._stale_tap, sizing_mode="stretch_width",
                                  margin=(4, 0))
        self._tracker = HtmlBox(stylesheets=[TRACKER_CSS], **WIDE)
        self._progress, self._deck = HtmlBox(**WIDE), HtmlBox(**WIDE)
        self._chart, self._survival_box = HtmlBox(**WIDE), HtmlBox(**WIDE)
        self._chart_key: object = None
        self._maze_section: pn.Column | None = None
        self._survival = SurvivalFigure(self._show_survival)
        self._table_view = HtmlBox(**WIDE)
        self._setup_section: Fold | None = None
        # Well apart from the actions and the dice above it: it starts a new game (a
        # newcomer's play-test found it easy to tap by mistake right under the roll).
        self._switch = button("", self.switch_mode, wrap=True, sizing_mode="stretch_width",
                              margin=(32, 10, 10, 10))
        self._fresh = not self.session.can_undo
        self.param.watch(self._render, "revision")
        self._render()

    # Set-up choices.

    def new_options(self) -> dict[str, Any]:
        """The options chosen in the set-up section (defaults left out)."""
        return chosen_options(self)

    def load_table(self, filename: str, data: bytes) -> None:
        """Read a group's own effect table (JSON or YAML); the engine validates it."""
        read_table(self, filename, data)

    def switch_mode(self, _event=None) -> None:
        """Companion to solo or back, once a game has begun: a new game in the other mode
        with the set-up's other choices; the game left stays in Saved games."""
        self.setup_mode = "solo" if self.state.config.mode == "companion" else "companion"
        self.start_new_game()

    def start_new_game(self, _event=None) -> None:
        if self.setup_effects == "own" and not self.setup_table:
            self.setup_status = "Choose your table file first (JSON or YAML)."
            return
        old = self.session
        try:
            new = Session(GAME, self.new_options(), store=self.store)
        except CompanionError as error:
            self.setup_status = f"Not started: {error}"
            return
        if old.store is not None and not old.can_undo and not old.can_redo:
            old.store.delete(old.id)  # an untouched game is not worth keeping
        self.open(new)
        self.picker.refresh()
        self.setup_status = f"Started a new {self.setup_mode} game."

    def open(self, session: Session) -> None:
        super().open(session)
        self._fresh = not session.can_undo
        if self._setup_section is not None:
            self._setup_section.collapsed = session.can_undo

    # Playing.

    @property
    def state(self) -> GoldenGunState:
        return self.session.state  # type: ignore[return-value]

    def move(self, room: str) -> None:
        self.act(engine.Move(room))

    def roll(self, dice: tuple[int, ...] | None) -> None:
        action = self.dice_action()
        if action is None:
            self.message = "No roll is due now."
            return
        self.act(replace(action, dice=dice))

    def dice_action(self) -> Any:
        """The legal action that needs two dice now, if any."""
        return next((a for a in self.state.legal_actions() if isinstance(a, engine.ROLLED)),
                    None)

    def tap_actions(self) -> list[Any]:
        """The legal actions shown as buttons (moves go through the maze, rolls the pad)."""
        return [a for a in self.state.legal_actions()
                if not isinstance(a, (engine.Move, *engine.ROLLED))]

    def do(self, action: Any) -> None:
        if isinstance(action, engine.ApplyEffect) and VOCABULARY[action.effect].amount:
            action = replace(action, amount=self.amount.value)
        self.act(action)

    def action_labels(self) -> list[str]:
        """The labels of the action buttons shown now, in order."""
        return self._actions.labels()

    def advice(self, state: GoldenGunState) -> bot.Advice:
        """Step 5 advice: by the whole search once the worker has it, else by the card."""
        return advice(state)

    # Rendering.

    def _render(self, *_events) -> None:
        self._draw(self.state)

    def _draw(self, state: GoldenGunState) -> None:
        if self._fresh and self.session.can_undo and self._setup_section is not None:
            self._setup_section.collapsed = True  # the game has begun: set-up steps aside
        self._fresh = not self.session.can_undo
        self.maze.show(state)
        self._step_view.html = step_html(state)
        self._verdict.html = verdict_html(state)
        self._odds.html = self._odds_html(state)
        draw_actions(self._actions, self.tap_actions(), state)
        if self._maze_section is not None:
            self._maze_section.styles = {**self._maze_section.styles,
                                      "flex": f"1 1 {max(520, self.maze.min_width)}px"}
        self.amount.shown = state.phase == "sheet"
        rolling = self.dice_action()
        self.dice.param.update(shown=rolling is not None,
                               **({"verb": DICE_VERBS[type(rolling)]} if rolling else {}))
        self._tracker.html = squares_html(state.ammo, state.wounds)
        other = "solo (the tablet deals)" if state.config.mode == "companion" else \
            "companion (our own board)"
        self._switch.label = f"Switch to {other}: a new game (this one stays in Saved games)"
        self._progress.html = progress_html(state)
        self._deck.html = deck_html(state)
        self._refresh_chart(state)
        self._survival.refresh(state)
        self._table_view.html = table_html(state)

    def _odds_html(self, state: GoldenGunState) -> str:
        return step_odds_html(state, self.advice)

    def _stale_tap(self) -> None:
        self.message = "The page changed before that tap arrived: look, then tap again."

    def _refresh_chart(self, state: GoldenGunState) -> None:
        unseen, upper_left = state.deck_knowledge()
        key = (tuple(sorted(unseen.items())), upper_left)
        if key == self._chart_key:
            return
        self._chart_key = key
        self._chart.html = next_card_html(unseen, odds.next_card_odds(unseen, upper_left))

    def _show_survival(self, html: str, late: bool) -> None:
        self.survival = self._survival_box.html = html
        if late and self.state.phase == "decide":  # the advice now counts the whole search
            self._odds.html = self._odds_html(self.state)

    @property
    def _future(self):
        """The whole-search figure's job in the worker, if one was asked for."""
        return self._survival.future

    # The page.

    def replay_picture(self, state: GoldenGunState) -> str:
        """Bond's bullets, wounds and way through the maze as they stood, and the maze as
        laid then, drawn as the live maze is (Bond's room, the rooms entered, the cards
        lying in rooms, a green one face down), with nothing to tap."""
        return (f"<style>{TRACKER_CSS}</style>{squares_html(state.ammo, state.wounds)}"
                + progress_html(state)
                + still_maze_html(state))

    def replay_advice(self, state: GoldenGunState, coming: Any) -> str:
        """The odds of the step under way as the room sequence showed them (at Step 5 the
        advice, by the card alone unless a page has the whole-search figure)."""
        if state.is_over:
            return "<p>The game is over: no odds to show.</p>"
        return step_odds_html(state, replay_advice)

    def __panel__(self) -> pn.viewable.Viewable:
        controls = (self.watching_note(),) if self.watching else \
            (self._actions, self.amount, self.dice, self._switch)
        play = section("The room sequence", self._tracker, self._step_view, self.message_view(),
                       self._verdict, self._odds, *controls)
        maze = section("The maze", self.maze, width=max(520, self.maze.min_width))
        self._maze_section = maze
        deck = section("The search: odds from the deck", self._progress, self._deck,
                       self._chart, self._survival_box)
        log = section("Log", self.log)
        table = section("What each blue card does", self._table_view, collapsed=True)
        saved = self.saved_games_section()
        self._setup_section = setup_section(self, self.start_new_game, self.session.can_undo)
        return page("The Man with the Golden Gun", play, maze, deck, log, self._setup_section,
                    table, self.review_section(after=play), saved)
