"""The Golden Goal dashboard: one match over one Session, its field, its turn, its bot.

After every change of the game the taps are forgotten and every view is re-filled from
`self.session.state`; a tap that only chooses (a player, where he ends, where the ball
stops) redraws the field's marks, the prompt and the plan (`_render_taps`).
"""

from __future__ import annotations

import random
from typing import Any

import panel as pn
import param

from companion.core.session import Session
from companion.golden_goal import GAME, rules
from companion.golden_goal.actions import Kick, Pass, Play, Roll, RollOff, Toss
from companion.golden_goal.bot import bot_player
from companion.golden_goal.dashboard.field_view import FieldArea
from companion.golden_goal.dashboard.layout import aspect, grid, match_section
from companion.golden_goal.dashboard.moves import Moves
from companion.golden_goal.dashboard.parts import Hooks, Picks
from companion.golden_goal.dashboard.settings_view import SettingsView
from companion.golden_goal.dashboard.taps import Taps
from companion.golden_goal.dashboard.turn_view import SHOWN_LINES, TurnControls, TurnView
from companion.golden_goal.dashboard.words import (
    BOT_TEAMS,
    TWO,
    replay_odds_html,
    scoreboard_html,
)
from companion.golden_goal.drawing import Target, field_svg
from companion.golden_goal.engine import GoldenGoalState
from companion.golden_goal.odds import scoring_lines
from companion.golden_goal.turns import Outcome
from companion.ui import BotMove, GameDashboard, page, section


def bot_to_move(state: GoldenGoalState) -> bool:
    """Whether the app's team plays now."""
    return state.options.bot is not None and not state.is_over and \
        state.to_move == state.options.bot


def bot_next_move(state: GoldenGoalState, rng: random.Random) -> Any | None:
    """The bot's next action, None when it is not on turn."""
    return bot_player(state, rng) if bot_to_move(state) else None


class GoldenGoalDashboard(GameDashboard):
    """The field to tap, the match's controls and odds, the log, a new match's settings."""

    game = GAME

    players = param.Selector(default=TWO, objects=list(BOT_TEAMS))
    match = param.Selector(default="golden goal", objects=list(rules.MATCH_MODES))
    house = param.Dict(default={}, doc="House-rule options for the next new match.")
    # What the player has tapped so far this step (cleared after every change of the game).
    chosen = param.String(default="", doc="The player being placed or moved.")
    kicking = param.Boolean(default=False, doc="The mover goes to the ball and kicks.")
    ball_pick = param.Parameter(default=None, doc="Where the ball stops, placement to come.")
    plan = param.Parameter(default=None, doc="An Outcome or Kick waiting for 'Play it'.")

    def __init__(self, **params):
        super().__init__(**params)
        self.moves = Moves()
        # The bot's last (before, action, after), drawn on the field for a moment.
        self.bot_last: tuple[GoldenGoalState, Any, GoldenGoalState] | None = None
        # What the views read of the match and may do to it: never the dashboard itself.
        self.hooks = Hooks(
            state=lambda: self.session.state, picks=self.picks, pick=self.param.update,
            say=lambda text: setattr(self, "message", text), human=self.human,
            bot_to_move=self.bot_to_move, bot_team=lambda: self.bot_team,
            waiting=self.waiting, moves=self.moves)
        self.taps = Taps(self.hooks)
        self.settings = SettingsView(self.players, lambda: self.match, lambda: self.house,
                                     self.param.update, self.start_new_game)
        self.field = FieldArea(self.hooks, self.taps, lambda: self.bot_last)
        self.turn = TurnView(self.hooks, TurnControls(
            toss=self.toss, roll=self.roll, place_at_random=self.place_at_random,
            confirm=self.confirm, cancel=self.cancel, pass_turn=self.pass_turn,
            bot_move=self.bot_move, start_new_match=self.start_new_game,
            plan_line=self.plan_line), self.taps, self.settings.players_choice)
        self.play_area = None  # the Match card's grid, once the page is drawn
        self._read_players()
        self.param.watch(self._changed, "revision")
        self.param.watch(self._render_taps, ["chosen", "kicking", "ball_pick", "plan"])
        self.param.watch(self._players_changed, "players")
        self._changed()

    # Options for a new match.

    def new_options(self) -> dict[str, Any]:
        bot = BOT_TEAMS[self.players]
        return {"match": self.match, **self.house, **({"bot": bot} if bot else {})}

    def open(self, session: Session) -> None:
        super().open(session)
        if self.play_area is not None:  # another mat may have another shape
            self.play_area.styles = {"--gg-aspect": aspect(session.state.field)}
        self._read_players()
        self.picker.refresh()

    def picks(self) -> Picks:
        """What the player has tapped so far this step."""
        return Picks(self.chosen, self.kicking, self.ball_pick, self.plan)

    @property
    def bot_team(self) -> str | None:
        """The team the app plays in this match: saved in its options, so resuming the match
        (from the index, another device, Saved games) keeps its bot."""
        return self.session.state.options.bot

    def _read_players(self) -> None:
        """Show who plays as the current match was started."""
        players = next(k for k, v in BOT_TEAMS.items() if v == self.bot_team)
        with param.parameterized.discard_events(self):
            self.players = players
        self.settings.show_players(players)

    def _players_changed(self, *_events) -> None:
        """Who plays is part of the match: before the toss the match starts again with the
        choice; later it waits for the next new match."""
        if BOT_TEAMS[self.players] == self.bot_team:
            return
        if self.session.actions:
            self.message = (f"“{self.players}” applies to the next match: tap “Start a new "
                            "match with these settings”.")
            return
        old = self.session
        self.open(Session(self.game, self.new_options(), seed=old.seed, store=self.store))
        self.store.delete(old.id)

    # The table's actions.

    def tap(self, target: Target) -> None:
        """A tap on the field (`Taps.tap`)."""
        self.taps.tap(target)

    def roll(self, dice: tuple[int, ...] | None) -> None:
        action = RollOff(dice) if self.session.state.phase == "roll-off" else Roll(dice)
        self.human(action)

    def toss(self, first: str | None) -> None:
        self.human(Toss(first))

    def confirm(self, _event=None) -> None:
        """Play the planned move or kick."""
        if self.plan is not None:
            self.human(self.plan.play if isinstance(self.plan, Outcome) else self.plan)

    def cancel(self, _event=None) -> None:
        self.param.update(chosen="", kicking=False, ball_pick=None, plan=None)

    def pass_turn(self, _event=None) -> None:
        self.human(Pass())

    def place_at_random(self, _event=None) -> None:
        """Set-up: put the chosen player on a random legal square."""
        state = self.session.state
        player = self.taps.setup_player()
        squares = [a for a in state.legal_actions() if a.player == player]
        if squares:
            self.human(self._rng().choice(squares))

    def plan_line(self, outcome: Outcome) -> None:
        """Choose one of the listed scoring lines as the plan."""
        self.param.update(chosen=outcome.play.player, kicking=True, plan=outcome)

    def bot_move(self, _event=None) -> None:
        self._run_bot()

    def human(self, action: Any) -> None:
        """A player's action; the bot answers at once when it is then on turn."""
        if self.act(action) is not None:
            self._run_bot()

    # The bot.

    def bot_to_move(self) -> bool:
        return bot_to_move(self.session.state)

    def waiting(self) -> str:
        """Whom the match waits for, in words."""
        if self.bot_to_move():
            return f"the bot plays {self.session.state.to_move}"
        return self.session.state.waiting_for

    def _rng(self) -> random.Random:
        """The table's randomness for a player's "at random" (the bot's is `bot_rng`)."""
        return random.Random(f"{self.session.seed}:table:{len(self.session.actions)}")

    def _run_bot(self) -> None:
        """The bot's whole turn; the other devices redraw once, after it. Its last move (or
        kick) is kept to be drawn on the field for a moment."""
        self.play_bots(bot_next_move, then=self._keep_bot_last)

    def _keep_bot_last(self, moves: list[BotMove]) -> None:
        shown = [m for m in moves if isinstance(m.action, Play | Kick)]
        if shown:
            self.bot_last = (shown[-1].before, shown[-1].action, shown[-1].after)

    # Drawing.

    def _changed(self, *_events) -> None:
        """After every change of the game: forget the taps, then draw the new state."""
        with param.parameterized.discard_events(self):
            self.param.update(chosen="", kicking=False, ball_pick=None, plan=None)
        state = self.session.state
        self.turn.update(state)
        self.field.update(state)
        self._render_taps()

    def _render_taps(self, *_events) -> None:
        """What a tap on the field changes: highlights, paths, the prompt and the plan."""
        state = self.session.state
        self.field.update_taps(state)
        self.turn.update_taps(state)

    def replay_picture(self, state: GoldenGoalState) -> str:
        """The score and the match clock as they stood, and the field: the players and the
        ball where they were (the live page's drawing, with nothing to tap)."""
        return (scoreboard_html(state, self.bot_team, False)
                + f'<div class="replay-board">{field_svg(state, tappable=False)}</div>')

    def replay_advice(self, state: GoldenGoalState, coming: Any) -> str:
        """The chance to score before the roll, the ways to score after it (none shown
        while the bot played)."""
        if state.is_over:
            return "<p>The match is over: no odds to show.</p>"
        if bot_to_move(state):
            return "<p>The bot's turn: the tablet showed no odds.</p>"
        return replay_odds_html(state, scoring_lines(state, state.roll)
                                if state.phase == "play" else [], SHOWN_LINES)

    def __panel__(self):
        areas = self.turn.areas(self.message_view(),
                                self.watching_note() if self.watching else None)
        areas["rest"].append(self.field.notes)
        if self._doc is not None and self._doc.session_context is not None:
            pn.state.onload(self.turn.join_all)  # the other phases' parts, once rendered
        self.play_area = grid(self.session.state.field, field=self.field.pad, **areas)
        log = section("Log", self.log, width=360)
        new = section("New match: players, mode and house rules", self.settings.panel(),
                      width=360, collapsed=True)
        saved = self.saved_games_section()
        match = match_section(self.play_area)
        return page("Golden Goal", match, log, self.review_section(after=match), new, saved)
