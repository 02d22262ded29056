"""The tile game's dashboard: one match over one Session, its board, its turn, the app's
seats; the views are filled again from `self.session.state` after every change.

What this page is (a seat's phone, the tablet, a watcher) and whether the tablet's screen is
uncovered for a seat (`looking`) reach the views as an `Onlooker`, built for each drawing.
"""

from __future__ import annotations

import random
from typing import Any

import panel as pn
import param

from companion.core.session import Session
from companion.mb007_tiles import GAME, rules
from companion.mb007_tiles.actions import Pick, Place, Reveal
from companion.mb007_tiles.board import seat_names
from companion.mb007_tiles.bot import bot_action
from companion.mb007_tiles.dashboard.advice_view import advice_html, placement
from companion.mb007_tiles.dashboard.board_view import BoardView, board_html
from companion.mb007_tiles.dashboard.choice_view import is_bot
from companion.mb007_tiles.dashboard.parts import NOBODY, Onlooker
from companion.mb007_tiles.dashboard.score_view import scoreboard_html
from companion.mb007_tiles.dashboard.settings_view import SettingsView
from companion.mb007_tiles.dashboard.turn_view import TurnView
from companion.mb007_tiles.engine import TilesState
from companion.ui import GameDashboard, page, section, tap_button
from companion.ui.replay_view import WORK_OUT
from companion.ui.template import closed_section

TITLE = "James Bond 007: the tile game"


def bots_next_move(state: TilesState, rng: random.Random) -> Any | None:
    """The next action of the app's seats, None when none of them is to move."""
    for seat in state.options.bots:
        action = bot_action(state, seat, rng, state.options.bots)
        if action is not None:
            return action
    return None


# The heat map of one placement takes 50 to 250 ms to work out afresh (measured over a
# four-seat game, benchmarks/bench_replay_advice.py): too long for every replay step, so it
# is worked out when asked for.
HEAT_MAP_OFFERED = "Here the tablet showed the heat map (where the tile drawn is safe)."
HEAT_MAP_BUTTON = "Show the heat map then"


class TilesDashboard(GameDashboard):
    game = GAME

    looking = param.Integer(default=NOBODY, doc="The seat looking at the uncovered screen.")
    advice = param.Boolean(default=True, doc="Show the equilibrium advice and heat map.")
    # Settings for the next new game.
    players = param.Selector(default=2, objects=list(rules.PLAYER_COUNTS))
    mode = param.Selector(default="table", objects=["table", "tablet"])
    bots = param.List(default=[], doc="Seats the app plays in the next new game.")
    starting_chips = param.Integer(default=100, bounds=(0, 10_000))

    def __init__(self, **params):
        super().__init__(**params)
        self._since = max(0, len(self.session.actions) - 1)  # the person's last move
        self.board_view = BoardView(self._tap_board)
        self.turn_view = TurnView(self._choose, self._stale)
        self.board, self.steps = self.board_view.pad, self.turn_view.pad
        self.settings = SettingsView(
            lambda: {"players": self.players, "mode": self.mode,
                     "starting_chips": self.starting_chips},
            self.param.update, self.start_new_game)
        self.advice = self.session.state.options.advice
        self.param.watch(self._changed, "revision")
        self.param.watch(self._render, ["looking", "advice", "message"])
        self.param.watch(lambda *_: self.settings.show_seats(self.players, self.mode),
                         ["players", "mode"])
        self._render()

    def seat_names(self) -> list[str]:
        return list(seat_names(self.session.state.players))

    def seat_is_bot(self, seat: int) -> bool:
        return is_bot(self.session.state, seat)

    # Options for a new game.

    def new_options(self) -> dict[str, Any]:
        bots = [b for b in self.bots if b < self.players] if self.mode == "tablet" else []
        return {"players": self.players, "mode": self.mode, "bots": bots,
                "advice": self.advice, "starting_chips": self.starting_chips}

    def open(self, session: Session) -> None:
        self._since = max(0, len(session.actions) - 1)
        super().open(session)
        self.advice = session.state.options.advice

    # Taps.

    def _tap_board(self, tapped: str) -> None:
        state = self.session.state
        if not tapped.startswith("w:") or state.phase != "place" or \
                is_bot(state, state.to_move):
            self.message = f"Nothing to tap on the board now: {state.waiting_for}."
            return
        self._human(Place(tapped[2:]))

    def _choose(self, chosen: tuple) -> None:
        kind, *rest = chosen
        if kind == "act":
            self._human(rest[0])
        elif kind == "look":
            if not self.may_see(rest[0]):  # the seat is on its own phone, or not the tablet
                name = self.session.state.seat_name(rest[0])
                self.message = f"{name} chooses on their own phone."
                return
            self.message = ""
            self.looking = rest[0]
        elif kind == "cover":
            self.looking = NOBODY
        elif kind == "advice":
            self.advice = rest[0]
        elif kind == "bots":
            self._run_bots()

    def _stale(self) -> None:
        self.message = "The screen had changed under your finger: look, then tap again."

    def _human(self, action: Any) -> None:
        if self.seat is not None and not (isinstance(action, Pick) and action.seat == self.seat):
            self.message = "This phone chooses your own letter; the rest is done on the tablet."
            return
        since = len(self.session.actions)
        if self.act(action) is None:
            return
        self._since = since
        state = self.session.state
        if state.phase == "reveal" and state.options.mode == "table":
            with self.bot_turn():  # the letters are already face up on the real board
                self.act(Reveal())
        self._run_bots()

    def _run_bots(self) -> None:
        """The app's seats play; one Undo takes their moves back with the player's move
        before them (a round's letters go back together: `TilesState.joins_previous`)."""
        self.play_bots(bots_next_move)

    # Drawing.

    def onlooker(self) -> Onlooker:
        """Who looks at this page now, for the views."""
        return Onlooker(self.seat, self.is_tablet, self.looking, self.advice, self.may_see,
                        self.on_own_phone)

    def _changed(self, *_events) -> None:
        with param.parameterized.discard_events(self):
            self.looking = NOBODY
        self._render()

    def _render(self, *_events) -> None:
        state = self.session.state
        placing = state.phase == "place" and not is_bot(state, state.to_move)
        advice = placement(state) if placing and self.advice else []
        self.board_view.show(state, placing, bool(advice))
        actions = self.session.actions
        self.turn_view.show(
            state, self.onlooker(), message=self.message,
            since=self.session.events[self._since:],
            just_revealed=bool(actions) and isinstance(actions[-1], Reveal),
            bots_to_move=self.is_tablet and
            bots_next_move(state, self.session.bot_rng()) is not None,
            advice=advice)

    # The page.

    def replay_picture(self, state: TilesState) -> str:
        """The board and the captured tiles as they stood (letters as the table saw them)."""
        return board_html(state, False) + scoreboard_html(state)

    def replay_advice(self, state: TilesState, coming: Any) -> str:
        """Where the heat map was shown, a button to work it out again (too slow for every
        step: `replay_advice_worked_out`); the letters' advice was each chooser's own,
        behind the covered screen."""
        if state.is_over:
            return "<p>The match is over: no advice to show.</p>"
        if state.phase == "choose":
            return ("<p>The letters are chosen in secret: each chooser's advice was their "
                    "own and is not shown in the replay.</p>")
        if state.phase != "place":
            return ""
        if not state.options.advice:
            return "<p>This match was set up without the advice.</p>"
        if is_bot(state, state.to_move):
            return "<p>The app placed this tile: the tablet showed no advice.</p>"
        return f"<p>{HEAT_MAP_OFFERED}</p>" + tap_button(WORK_OUT, HEAT_MAP_BUTTON)

    def replay_advice_worked_out(self, state: TilesState) -> str:
        """The heat map as the tablet showed it, on the board as it stood (drawn in the
        replay's picture's place), and its words; only where `replay_advice` offered it."""
        if not heat_map_was_shown(state):
            return ""
        return board_html(state, True) + advice_html(state, placement(state))

    def __panel__(self) -> pn.viewable.Viewable:
        board = section("Board", self.board, width=460)
        turn = section("Turn", self.steps, width=360)
        log = section("Log", self.log, width=360)
        if self.seat is not None:  # a player's phone: his letter and his choices first
            return page(TITLE, turn, board, log, self.review_section(after=turn))
        if not self.is_tablet:  # a watcher: this game, no table admin
            return page(TITLE, board, turn, log, self.review_section(after=turn))
        new = closed_section("New match: players, mode, the app's seats",
                             self.settings.panel, width=360)
        saved = self.saved_games_section()
        return page(TITLE, board, turn, log, self.share_section(),
                    self.review_section(after=turn), new, saved)


def heat_map_was_shown(state: TilesState) -> bool:
    """Whether the tablet showed the placement heat map at `state`: a person's placement in
    a match set up with the advice."""
    return (not state.is_over and state.phase == "place" and state.options.advice
            and not is_bot(state, state.to_move))
