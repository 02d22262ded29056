"""Golden Goal on a tablet: the field to scale, tap a player then a square, odds, a bot.

Every choice on screen comes from the engine: set-up squares from
`legal_actions()`, moves and kicks from `legal_turns(roll)` (tap the player, then
where he ends or the ball; then where the ball should stop), kickoff kicks from
`legal_actions()`. The chance to score comes from `odds` before the roll, the
scoring lines after it, and the opponent's chance after a planned move before it
is played. One team can be left to the bot (`bot.bot_player`).
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from html import escape
from typing import Any

import panel as pn
import param

from companion.core.session import Session
from companion.golden_goal import GAME, rules
from companion.golden_goal.actions import (
    Kick,
    Pass,
    Place,
    PlaceKeeper,
    Play,
    Roll,
    RollOff,
    Toss,
)
from companion.golden_goal.bot import bot_player
from companion.golden_goal.drawing import Marks, Target, field_svg, net_key
from companion.golden_goal.engine import PLAYERS, GoldenGoalState
from companion.golden_goal.kicks import team_of
from companion.golden_goal.odds import (
    FACES,
    ScoringLine,
    after_turn,
    score_hint,
    scoring_faces,
    scoring_lines,
    turn_line,
)
from companion.golden_goal.turns import Outcome, moves_for, other
from companion.golden_goal.words import (
    BOT_TEAMS,
    HOUSE_DEFAULTS,
    HOUSE_RULES,
    MATCH_TEXT,
    TWO,
    ball_key,
    event_html,
    field_notes_html,
    scoreboard_html,
    setup_checklist,
    turn_odds_html,
)
from companion.ui import (
    TOUCH,
    DicePad,
    GameDashboard,
    TapPad,
    button,
    choice,
    heading,
    odds_html,
    page,
    section,
)
from companion.ui.theme import BUTTON_CSS

MAX_BOT_ACTIONS = 40  # a safety net: the bot never needs more in one go (set-up is 5)
SHOWN_LINES = 6  # scoring lines listed as buttons after a roll
# The whole field fits the screen's height beside the controls in landscape. In portrait
# the field comes first (FIELD_CARD_CSS) and keeps 400 px of the screen below it for the
# score, the die and the odds; a square stays over 44 px on a 768 x 1024 tablet.
FIELD_CSS = """
.gg-field { max-height: calc(100vh - 140px); margin: 0 auto; }
@media (orientation: portrait) { .gg-field { max-height: calc(100vh - 400px); } }
"""
FIELD_CARD_CSS = "@media (orientation: portrait) { :host { order: -1; } }"
LEFT_CSS = ":host .bk-btn { text-align: left; }"  # a scoring line reads like a sentence


class FieldView(TapPad):
    """The SVG field; a tap on a square calls `on_tap((c, r))`, on a net `on_tap('net:blue')`."""

    def __init__(self, on_tap, **params):
        super().__init__(lambda tapped: on_tap(parse_target(tapped)),
                         stylesheets=[FIELD_CSS], **params)


def parse_target(text: str) -> Target:
    """'3,7' -> (3, 7); 'net:blue' stays as it is."""
    if text.startswith("net:"):
        return text
    column, row = text.split(",")
    return int(column), int(row)


class GoldenGoalDashboard(GameDashboard):
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
        # legal_turns and scoring_lines are the slow part: kept for the state they were for.
        self._cached: tuple[GoldenGoalState | None, list[Outcome]] = (None, [])
        self._lines: tuple[GoldenGoalState | None, list[ScoringLine]] = (None, [])
        self._bot_last: tuple[GoldenGoalState, Any, GoldenGoalState] | None = None
        self.field = FieldView(self.tap, sizing_mode="stretch_width")
        self.dice = DicePad(self.roll, n_dice=1)
        self._build_widgets()
        self._read_players()
        self.param.watch(self._changed, "revision")
        self.param.watch(self._render_taps, ["chosen", "kicking", "ball_pick", "plan"])
        self.param.watch(self._players_changed, "players")
        self._changed()

    # Options for a new match.

    def new_options(self) -> dict[str, Any]:
        bot = BOT_TEAMS[self.players]
        return {"match": self.match, **self.house, **({"bot": bot} if bot else {})}

    def start_new_match(self, _event=None) -> None:
        self.open(Session(self.game, self.new_options(), store=self.store))

    def open(self, session: Session) -> None:
        super().open(session)
        self._read_players()
        self.picker.refresh()

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
        self.players_choice.value = players

    # The table's actions.

    def tap(self, target: Target) -> None:
        """A tap on the field: what it means depends on the phase and what was tapped."""
        state = self.session.state
        handler = {"setup": self._tap_setup, "restart": self._tap_restart,
                   "kickoff": self._tap_kick, "restart kick": self._tap_kick,
                   "play": self._tap_play}.get(state.phase)
        if handler is None or self._bot_to_move():
            self.message = f"Nothing to tap on the field now: {self._waiting()}."
            return
        handler(state, target)

    def roll(self, dice: tuple[int, ...] | None) -> None:
        action = RollOff(dice) if self.session.state.phase == "roll-off" else Roll(dice)
        self._human(action)

    def toss(self, first: str | None) -> None:
        self._human(Toss(first))

    def confirm(self, _event=None) -> None:
        """Play the planned move or kick."""
        if self.plan is not None:
            self._human(self.plan.play if isinstance(self.plan, Outcome) else self.plan)

    def cancel(self, _event=None) -> None:
        self.param.update(chosen="", kicking=False, ball_pick=None, plan=None)

    def pass_turn(self, _event=None) -> None:
        self._human(Pass())

    def place_at_random(self, _event=None) -> None:
        """Set-up: put the chosen player on a random legal square."""
        state = self.session.state
        squares = [a for a in state.legal_actions() if a.player == self._setup_player()]
        if squares:
            self._human(self._rng().choice(squares))

    def plan_line(self, outcome: Outcome) -> None:
        """Choose one of the listed scoring lines as the plan."""
        self.param.update(chosen=outcome.play.player, kicking=True, plan=outcome)

    def bot_move(self, _event=None) -> None:
        self._run_bot()

    def _human(self, action: Any) -> None:
        if self.act(action) is not None:
            self._run_bot()

    def _rng(self) -> random.Random:
        return random.Random(f"{self.session.seed}:table:{len(self.session.actions)}")

    def _run_bot(self) -> None:
        """The bot's whole turn; the other devices redraw once, after it. Its move (or kick)
        is kept to be drawn on the field for a moment."""
        with self.bot_turn():  # devices redraw once; one Undo takes it back with the move before
            for _ in range(MAX_BOT_ACTIONS):
                if not self._bot_to_move():
                    return
                before = self.session.state
                action = bot_player(before, self._rng())
                if self.act(action) is None:
                    return
                if isinstance(action, Play | Kick):
                    self._bot_last = (before, action, self.session.state)

    def _bot_to_move(self) -> bool:
        state = self.session.state
        return self.bot_team is not None and not state.is_over and \
            state.to_move == self.bot_team

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

    # Taps, phase by phase.

    def _tap_setup(self, state: GoldenGoalState, target: Target) -> None:
        if isinstance(target, str):
            self.message = "Players are placed on the field, not in a net."
            return
        self._human(Place(self._setup_player(), target))

    def _tap_restart(self, state: GoldenGoalState, target: Target) -> None:
        if isinstance(target, str):
            self.message = f"Tap a square in front of {state.to_move}'s net."
            return
        self._human(PlaceKeeper(target))

    def _tap_kick(self, state: GoldenGoalState, target: Target) -> None:
        ends = self._kick_ends(state)
        if target not in ends:
            self.message = "The ball cannot stop there: tap a highlighted square."
            return
        self.message = ""
        self.plan = ends[target]

    def _tap_play(self, state: GoldenGoalState, target: Target) -> None:
        self.message = ""
        outcomes = self._outcomes(state)
        player = state.occupant.get(target) if not isinstance(target, str) else None
        if player is not None and team_of(player) == state.to_move and player != self.chosen:
            if not moves_for(outcomes, player):
                self.message = f"{player} has no legal move with this roll."
                return
            self.param.update(chosen=player, kicking=False, ball_pick=None, plan=None)
            return
        if not self.chosen:
            self.message = f"First tap one of {state.to_move}'s players (highlighted)."
            return
        if self.ball_pick is not None:
            self._pick_placement(outcomes, target)
        elif self.kicking:
            self._pick_ball_end(outcomes, target)
        else:
            self._pick_move(state, outcomes, target)

    def _pick_move(self, state: GoldenGoalState, outcomes: list[Outcome],
                   target: Target) -> None:
        if target == state.ball and self._kicks(outcomes):
            self.param.update(kicking=True, plan=None)
            return
        ends = {o.square: o for o in outcomes if o.play.player == self.chosen and not o.play.kicks}
        if target not in ends:
            self.message = f"{self.chosen} cannot end there with a {state.roll}: tap a " \
                "highlighted square."
            return
        self.plan = ends[target]

    def _pick_ball_end(self, outcomes: list[Outcome], target: Target) -> None:
        matching = [o for o in self._kicks(outcomes) if ball_key(o) == target]
        if not matching:
            self.message = "The ball cannot end there: tap a highlighted square or net."
        elif len({o.square for o in matching}) == 1:
            self.plan = matching[0]
        else:
            self.param.update(ball_pick=target, plan=None)

    def _pick_placement(self, outcomes: list[Outcome], target: Target) -> None:
        matching = [o for o in self._kicks(outcomes)
                    if ball_key(o) == self.ball_pick and o.square == target]
        if not matching:
            self.message = f"Put {self.chosen} on a highlighted square beside the net."
            return
        self.plan = matching[0]

    # What the engine allows now.

    def _outcomes(self, state: GoldenGoalState) -> list[Outcome]:
        if self._cached[0] is not state:
            self._cached = (state, state.legal_turns(state.roll) if state.phase == "play"
                            else [])
        return self._cached[1]

    def _kicks(self, outcomes: list[Outcome]) -> list[Outcome]:
        return [o for o in outcomes if o.play.player == self.chosen and o.play.kicks]

    def _kick_ends(self, state: GoldenGoalState) -> dict[Target, Kick]:
        ends = {}
        for action in state.legal_actions():
            if isinstance(action, Kick):
                after = state.apply(action)
                ends[after.ball if after.ball is not None else net_key(other(state.to_move))] = \
                    action
        return ends

    def _setup_player(self) -> str:
        state = self.session.state
        left = [p for p in PLAYERS if team_of(p) == state.to_move and p not in state.where]
        return self.chosen if self.chosen in left else (left[0] if left else "")

    def _targets(self, state: GoldenGoalState) -> frozenset[Target]:
        if self._bot_to_move():
            return frozenset()
        if state.phase == "setup":
            player = self._setup_player()
            return frozenset(a.square for a in state.legal_actions() if a.player == player)
        if state.phase == "restart":
            return frozenset(a.square for a in state.legal_actions())
        if state.phase in ("kickoff", "restart kick"):
            return frozenset(self._kick_ends(state))
        if state.phase != "play":
            return frozenset()
        return self._play_targets(state, self._outcomes(state))

    def _play_targets(self, state: GoldenGoalState, outcomes: list[Outcome]) -> frozenset:
        movers = {state.where[o.play.player] for o in outcomes}
        if not self.chosen:
            return frozenset(movers)
        if self.ball_pick is not None:
            return frozenset(o.square for o in self._kicks(outcomes)
                             if ball_key(o) == self.ball_pick)
        if self.kicking:
            return frozenset(ball_key(o) for o in self._kicks(outcomes))
        ends = {o.square for o in outcomes if o.play.player == self.chosen and not o.play.kicks}
        if self._kicks(outcomes):
            ends.add(state.ball)
        return frozenset(ends | (movers - {state.where[self.chosen]}))

    # Drawing.

    def _changed(self, *_events) -> None:
        """After every change of the game: forget the taps, then draw the new state."""
        with param.parameterized.discard_events(self):
            self.param.update(chosen="", kicking=False, ball_pick=None, plan=None)
        self._render()

    def _marks(self, state: GoldenGoalState) -> Marks:
        selected = state.where.get(self.chosen) if state.phase == "play" else None
        marks = Marks(self._targets(state), selected)
        if isinstance(self.plan, Outcome):
            line = turn_line(state, state.roll, self.plan)
            start = state.where[self.plan.play.player]
            ball = line.ball_path + ((net_key(self.plan.net),) if self.plan.net else ())
            return replace(marks, mover_path=(start, *line.mover_path),
                           ball_path=(state.ball, *ball) if ball else ())
        if isinstance(self.plan, Kick):
            after = state.apply(self.plan)
            end = after.ball if after.ball is not None else net_key(other(state.to_move))
            return replace(marks, ball_path=(state.ball, end))
        marks = replace(marks, **self._bot_marks(state))
        if state.phase == "play" and not self.chosen:
            lines = tuple((state.ball, *line.ball_path, net_key(line.outcome.net))
                          for line in self._scoring_lines(state))
            return replace(marks, lines=lines)
        return marks

    def _bot_marks(self, state: GoldenGoalState) -> dict[str, tuple]:
        """The bot's last move, while the field still shows the position it left and the
        player has not started his own move."""
        if self._bot_last is None or self._bot_last[2] is not state or self.chosen:
            return {}
        before, action, after = self._bot_last
        net = () if after.ball is not None else (net_key(other(before.to_move)),)
        if isinstance(action, Kick):
            return {"bot_ball": (before.ball, after.ball) if after.ball is not None
                    else (before.ball, *net)}
        line = turn_line(before, before.roll, Outcome(action, before.where[action.player],
                                                      after.ball, None))
        ball = (before.ball, *line.ball_path, *net) if action.kicks else ()
        return {"bot_mover": (before.where[action.player], *line.mover_path),
                "bot_ball": ball}

    def _scoring_lines(self, state: GoldenGoalState) -> list[ScoringLine]:
        if self._lines[0] is not state:
            self._lines = (state, scoring_lines(state, state.roll) if state.phase == "play"
                           else [])
        return self._lines[1]

    def _render(self, *_events) -> None:
        """Everything, after a change of the game."""
        state = self.session.state
        self.scoreboard.object = scoreboard_html(state, self.bot_team, self._bot_to_move())
        self.field_notes.object = field_notes_html(state)
        self.event_box.object = event_html(state)
        self._render_controls(state)
        self._render_taps()

    def _render_taps(self, *_events) -> None:
        """What a tap on the field changes: highlights, paths, the prompt and the plan."""
        state = self.session.state
        self.field.html = field_svg(state, self._marks(state))
        self.prompt.object = self._prompt_html(state)
        self.plan_box.object = self._plan_html(state)
        self.plan_box.visible = self.plan is not None
        self.play_button.disabled = self.plan is None

    def _render_controls(self, state: GoldenGoalState) -> None:
        phase, bot_turn = state.phase, self._bot_to_move()
        human = not bot_turn and not state.is_over
        self.toss_row.visible = phase == "toss"
        self.setup_box.visible = phase == "setup" and human
        if self.setup_box.visible:
            self._render_setup(state)
        rolling = phase in ("roll-off", "roll", "restart roll") and human
        self.dice.param.update(n_dice=rules.ROLL_OFF_DICE if phase == "roll-off" else 1,
                               verb={"roll-off": "Kickoff roll",
                                     "restart roll": "Restart roll"}.get(phase, "Roll"))
        self.dice_box.visible = rolling
        self.odds.visible = phase in ("roll", "restart roll") and human
        if self.odds.visible:
            self.odds.object = turn_odds_html(state)
        self._render_lines(state, human and phase == "play")
        self.confirm_row.visible = human and phase in ("play", "kickoff", "restart kick")
        stuck = not self._outcomes(state) if phase == "play" else \
            phase in ("kickoff", "restart kick") and state.legal_actions() == [Pass()]
        self.pass_button.visible = human and stuck
        self.bot_button.visible = bot_turn
        self.bot_button.label = f"Let the bot play {self.bot_team}'s turn"
        self.over_box.visible = state.is_over

    def _render_setup(self, state: GoldenGoalState) -> None:
        left = [p for p in PLAYERS if team_of(p) == state.to_move and p not in state.where]
        self.setup_choice.param.update(options=left, value=self._setup_player())
        self.setup_rules.object = setup_checklist(state, state.to_move)

    def _render_lines(self, state: GoldenGoalState, shown: bool) -> None:
        if not shown:
            self.lines_box.objects = []
            return
        lines = self._scoring_lines(state)
        if not lines:
            self.lines_box.objects = [pn.pane.HTML(
                f'<div class="scoring-lines">No way to score with this {state.roll}: look at '
                "the opponent's chance after your move before you play it.</div>",
                sizing_mode="stretch_width")]
            return
        header = pn.pane.HTML(
            f'<div class="scoring-lines"><b>You can score with this {state.roll}</b> '
            f"({len(lines)} way{'s' if len(lines) > 1 else ''}, gold on the field). "
            "Tap one to plan it:</div>", sizing_mode="stretch_width")
        buttons = [button(f"Goal: {line.text}", lambda _, o=line.outcome: self.plan_line(o),
                          wrap=True, sizing_mode="stretch_width", stylesheets=[LEFT_CSS])
                   for line in lines[:SHOWN_LINES]]
        self.lines_box.objects = [header, *buttons]

    # Words.

    def _waiting(self) -> str:
        state = self.session.state
        if self._bot_to_move():
            return f"the bot plays {state.to_move}"
        return state.waiting_for

    def _prompt_html(self, state: GoldenGoalState) -> str:
        text = escape(self._instruction())
        return f'<div class="prompt" style="font-size:1.1rem"><b>{text}</b></div>'

    def _instruction(self) -> str:
        state = self.session.state
        if state.is_over:
            return "The match is over. Start a new one below."
        if self._bot_to_move():
            return f"The bot plays {state.to_move}: tap the button below."
        return {
            "toss": "Who places first? Let the app choose, or pick a team.",
            "setup": f"{state.to_move}: tap a highlighted square to place "
                     f"{self._setup_player()}.",
            "roll-off": "Both teams roll for the kickoff: die 1 is orange's, die 2 is blue's.",
            "kickoff": f"{state.to_move} kicks off {state.roll} space(s): tap where the ball "
                       "should stop.",
            "roll": f"{state.to_move}: roll the die.",
            "restart": f"{state.to_move}: tap the square in front of your net for the keeper "
                       "and the ball.",
            "restart roll": f"{state.to_move}: roll for the restart kick (a 1 is rolled again).",
            "restart kick": f"{state.to_move} restarts with a {state.roll}: tap where the ball "
                            "should stop.",
            "play": self._play_step(state),
        }[state.phase]

    def _play_step(self, state: GoldenGoalState) -> str:
        if self.plan is not None:
            return "Check the plan below, then tap “Play it”."
        if not self.chosen:
            return f"{state.to_move} rolled {state.roll}: tap the player to move."
        if self.ball_pick is not None:
            return f"Tap where to put {self.chosen}, beside the net."
        if self.kicking:
            return f"{self.chosen} kicks: tap where the ball should stop (or a net to score)."
        return f"{self.chosen}: tap where he ends, or the ball to kick it."

    def _plan_html(self, state: GoldenGoalState) -> str:
        if self.plan is None:
            return ""
        action = self.plan.play if isinstance(self.plan, Outcome) else self.plan
        after = state.apply(action)
        text = after.last_event.text if after.last_event else ""
        head = f'<div class="plan" style="font-size:1.05rem"><b>Plan:</b> {escape(text)}</div>'
        if after.is_over or after.phase in ("restart", "over") or after.ball is None:
            return head + '<div style="font-size:1.2rem;color:#2e7d32"><b>This scores!</b></div>'
        opponent = other(state.to_move)
        if after.phase != "roll":
            return head
        view = after_turn(state, self.plan) if isinstance(self.plan, Outcome) else after
        chance = Fraction(len(scoring_faces(view)), len(FACES))
        return head + odds_html(f"then {opponent} scores next turn", chance,
                                f"{opponent}: {score_hint(view)}")

    # Layout.

    def _build_widgets(self) -> None:
        wide = {"sizing_mode": "stretch_width"}
        self.scoreboard = pn.pane.HTML(**wide)
        self.field_notes = pn.pane.HTML(**wide)
        self.event_box = pn.pane.HTML(**wide)
        self.prompt = pn.pane.HTML(**wide)
        self.players_choice = pn.widgets.RadioButtonGroup(
            options=list(BOT_TEAMS), value=self.players, orientation="vertical",
            height=len(BOT_TEAMS) * TOUCH, color="primary", variant="outline",
            stylesheets=[BUTTON_CSS], **wide)
        self.players_choice.link(self, value="players")
        self.toss_row = pn.Column(
            heading("Who plays"), self.players_choice, heading("Who places first"),
            button("App chooses who places first", lambda _: self.toss(None), color="primary",
                   **wide),
            pn.Row(button("Orange places first", lambda _: self.toss("orange"), **wide),
                   button("Blue places first", lambda _: self.toss("blue"), **wide), **wide),
            **wide)
        self.setup_choice = choice([""], "", **wide)
        self.setup_choice.param.watch(lambda e: setattr(self, "chosen", e.new or ""), "value")
        self.setup_rules = pn.pane.HTML(**wide)
        self.setup_box = pn.Column(
            heading("Player to place"), self.setup_choice, self.setup_rules,
            button("Place this player at random", self.place_at_random, **wide), **wide)
        self.dice_box = pn.Column(self.dice, **wide)
        self.odds = pn.pane.HTML(**wide)
        self.lines_box = pn.Column(**wide)
        self.plan_box = pn.pane.HTML(**wide)
        self.play_button = button("Play it", self.confirm, color="primary", **wide)
        self.confirm_row = pn.Row(self.play_button, button("Cancel", self.cancel, **wide), **wide)
        self.pass_button = button("No legal move: pass (house rule)", self.pass_turn, **wide)
        self.bot_button = button("Let the bot play", self.bot_move, color="primary", **wide)
        self.over_box = pn.Column(
            button("Start a new match", self.start_new_match, color="primary", **wide), **wide)

    def _settings(self) -> pn.Column:
        wide = {"sizing_mode": "stretch_width"}
        match = choice({text.split(":")[0]: mode for mode, text in MATCH_TEXT.items()},
                       self.match, **wide)
        match.link(self, value="match")
        rows = [heading("Who plays"), self.players_choice, heading("Match"), match]
        for key, (label, values) in HOUSE_RULES.items():
            widget = choice(values, HOUSE_DEFAULTS[key], **wide)
            widget.param.watch(lambda e, k=key: self._set_house(k, e.new), "value")
            rows += [pn.pane.HTML(f"<b>{escape(label)}</b> <i>(house rule)</i>", **wide),
                     widget]
        rows.append(button("Start a new match with these settings", self.start_new_match,
                           color="primary", **wide))
        return pn.Column(*rows, **wide)

    def _set_house(self, key: str, value: Any) -> None:
        house = dict(self.house)
        if value == HOUSE_DEFAULTS[key]:
            house.pop(key, None)
        else:
            house[key] = value
        self.house = house

    def __panel__(self) -> pn.viewable.Viewable:
        # The prompt, the die and the odds come right after the score: in portrait they are
        # the first thing below the field. What just happened follows (also in the log).
        turn = section(
            "Match", self.scoreboard, self.message_view(), self.prompt, self.toss_row,
            self.setup_box, self.dice_box, self.odds, self.lines_box, self.plan_box,
            self.confirm_row, self.pass_button, self.bot_button, self.over_box, self.event_box,
            width=440)
        field = section("Field", self.field, self.field_notes, width=440)
        field.stylesheets = [*field.stylesheets, FIELD_CARD_CSS]
        log = section("Log", self.log, width=360)
        new = section("New match: players, mode and house rules", self._settings(),
                      width=360, collapsed=True)
        saved = section("Saved games", self.picker, width=360, collapsed=True)
        return page("Golden Goal", turn, field, log, new, saved)


