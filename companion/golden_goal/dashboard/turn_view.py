"""The Match card's words and controls: the score, the prompt, and the controls of the
phase (the toss, the player to place, the die with the odds before the roll, the ways to
score after it, the plan with the opponent's chance, Play it, the bot's button, a new
match), then what just happened. `layout` places them around the field."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Any

import panel as pn

from companion.core.words import counted
from companion.golden_goal import rules
from companion.golden_goal.actions import Pass
from companion.golden_goal.dashboard.moves import players_left
from companion.golden_goal.dashboard.parts import Hooks
from companion.golden_goal.dashboard.taps import Taps
from companion.golden_goal.dashboard.words import (
    event_html,
    no_scoring_words,
    scoreboard_html,
    scoring_header,
    setup_checklist,
    turn_odds_html,
)
from companion.golden_goal.engine import GoldenGoalState
from companion.golden_goal.odds import FACES, after_turn, faces_hint, scoring_faces
from companion.golden_goal.turns import Outcome, other
from companion.ui import (
    PANE_MARGIN,
    ChoicePad,
    DicePad,
    HtmlBox,
    PanelDeck,
    TapPad,
    button,
    heading,
    odds_html,
    set_shown,
    tap_button,
)

WIDE = {"sizing_mode": "stretch_width"}
TOSS_BUTTON = {"flex": "1 1 160px"}  # side by side, or one above the other when narrow
SHOWN_LINES = 6  # scoring lines listed as buttons after a roll
# A scoring line reads like a sentence, on a button as wide as the card.
LINES_CSS = ".line { display: block; width: 100%; text-align: left; margin-top: 6px; }"
CONFIRM_CSS = ".bar .act { flex: 1 1 0; }"
CHOICE_CSS = ".bar .act { flex: 1 1 auto; }"
TURN_CSS = ".part { margin-top: 10px; }"  # as far apart as panes with `PANE_MARGIN`


def confirm_html(planned: bool) -> str:
    """Play it (once a move or kick is planned: then the control a keyboard player needs
    next) and Cancel."""
    return ('<div class="bar">'
            + tap_button("play", "Play it", "act act-primary", enabled=planned, focus=planned)
            + tap_button("cancel", "Cancel") + "</div>")


@dataclass(frozen=True)
class TurnControls:
    """What the Match card's buttons do; a button's callback gets the click event."""

    toss: Callable[[str | None], None]  # who places first (None: the app chooses)
    roll: Callable[[tuple[int, ...] | None], None]  # the die (None: the app rolls)
    place_at_random: Callable[[Any], None]  # set-up: the player to place, anywhere legal
    confirm: Callable[[Any], None]  # play the planned move or kick
    cancel: Callable[[Any], None]  # forget the taps of this step
    pass_turn: Callable[[Any], None]  # no legal move: pass
    bot_move: Callable[[Any], None]  # the bot plays its turn
    start_new_match: Callable[[Any], None]
    plan_line: Callable[[Outcome], None]  # one of the ways to score, as the plan


class TurnView:
    """The Match card's parts, built once; `update(state)` after a change of the game,
    `update_taps(state)` after a tap that only changes the plan. `players_choice` is the
    settings' "Who plays", shown here before the toss too."""

    def __init__(self, hooks: Hooks, controls: TurnControls, taps: Taps,
                 players_choice: pn.widgets.RadioButtonGroup) -> None:
        self.hooks, self.controls, self.taps = hooks, controls, taps
        self.scoreboard = HtmlBox(margin=PANE_MARGIN, **WIDE)
        self.event_box = HtmlBox(margin=PANE_MARGIN, **WIDE)
        # What to do now, the odds of the roll, the plan with the opponent's chance, and
        # Play it with Cancel: one pad, since a tap changes several of them together (each
        # model a tap changes costs the page its own update, `docs/performance.md`). Once a
        # move is planned, Play it is where a keyboard player's focus goes (`data-focus`).
        self.turn_pad = TapPad(self._turn_tapped, stylesheets=[CONFIRM_CSS, TURN_CSS],
                               margin=PANE_MARGIN, **WIDE)
        self._odds = ""  # the odds of the roll, before it (by the last `update`)
        self._confirm_shown = False  # Play it and Cancel (by the last `update`)
        self._controls = True  # False on a watcher's page: no control that makes a move
        # Who places first beside the field; who plays (a setting of the match) under it.
        self.toss_row = pn.Column(
            heading("Who places first"),
            button("App chooses who places first", lambda _: controls.toss(None),
                   color="primary", **WIDE),
            pn.FlexBox(*(button(f"{team.capitalize()} places first",
                                lambda _, t=team: controls.toss(t), styles=TOSS_BUTTON)
                         for team in rules.TEAMS), gap="0px", **WIDE),
            margin=0, **WIDE)
        self.who_plays = pn.Column(heading("Who plays"), players_choice,
                                   margin=0, **WIDE)
        # The players still to place, the one a tap on the field places pressed: one pad
        # (a RadioButtonGroup given new options is drawn again, on every placement).
        self.setup_choice = TapPad(self._setup_tapped, stylesheets=[CHOICE_CSS],
                                   margin=PANE_MARGIN, **WIDE)
        self.setup_rules = HtmlBox(margin=PANE_MARGIN, **WIDE)
        self.setup_box = pn.Column(
            heading("Player to place"), self.setup_choice, self.setup_rules,
            button("Place this player at random", controls.place_at_random, **WIDE), **WIDE)
        # The die, drawn only while a roll is wanted (`DicePad.shown` empties the pad: a
        # roll changes it anyway, so hiding it there costs no other change).
        self.dice = DicePad(controls.roll, n_dice=1, shown=False)
        # The ways to score after a roll: one pad, redrawn whole (a roll changes them all);
        # a tap on a line from an earlier roll plans nothing.
        self.lines_box = ChoicePad(controls.plan_line, stylesheets=[LINES_CSS],
                                   margin=PANE_MARGIN, **WIDE)
        self.pass_button = button("No legal move: pass (house rule)", controls.pass_turn, **WIDE)
        self.bot_button = button("Let the bot play", controls.bot_move, color="primary", **WIDE)
        self.over_box = pn.Column(
            button("Start a new match", controls.start_new_match, color="primary", **WIDE),
            **WIDE)
        self._confirm = {"play": controls.confirm, "cancel": controls.cancel}
        self.decks: list[PanelDeck] = []  # the phases' parts, once `areas` has placed them
        self._shown: dict[pn.viewable.Viewable, bool] = {}  # by the last `update`

    def areas(self, message: pn.viewable.Viewable,
              watching_note: pn.viewable.Viewable | None) -> dict[str, pn.viewable.Viewable]:
        """The card's parts by `layout` area: the score; beside the field the `message`, the
        turn pad (what to do now, the odds of the roll, the plan with the opponent's chance,
        Play it), who places first, the player to place, the bot's button; what just
        happened (also in the log); the die, or after the roll the ways to score; then who
        plays. A watcher's page (`watching_note` given) has no control that makes a move.

        A phase's parts join the page when first shown, all of them once the page has
        rendered (`join_all`): a first render builds only the phase's own."""
        if watching_note is not None:  # the public match: no control that makes a move
            self._controls = False
            self.update_taps(self.hooks.state())
            side = pn.Column(message, self.turn_pad, watching_note, margin=0, **WIDE)
            dice = pn.Column(self.lines_box, margin=0, **WIDE)
            return {"score": self.scoreboard, "side": side, "event": self.event_box,
                    "dice": dice, "rest": pn.Column(margin=0, **WIDE)}
        self.decks = [
            PanelDeck([self.toss_row, self.setup_box, self.pass_button, self.bot_button,
                       self.over_box], margin=0, **WIDE),
            PanelDeck([self.who_plays], margin=0, **WIDE)]
        self._show_parts()
        side = pn.Column(message, self.turn_pad, self.decks[0], margin=0, **WIDE)
        dice = pn.Column(self.dice, self.lines_box, margin=0, **WIDE)
        return {"score": self.scoreboard, "side": side, "event": self.event_box,
                "dice": dice, "rest": pn.Column(self.decks[1], margin=0, **WIDE)}

    def join_all(self) -> None:
        """Every phase's part on the page, hidden unless its phase is now: once nobody waits
        for the page, so that no tap pays for building one."""
        for deck in self.decks:
            deck.join_all()

    # After a change of the game.

    def update(self, state: GoldenGoalState) -> None:
        """What a change of the game changes; the turn pad is drawn by `update_taps`, which
        follows."""
        hooks = self.hooks
        bot_turn = hooks.bot_to_move()
        self.scoreboard.html = scoreboard_html(state, hooks.bot_team(), bot_turn)
        self.event_box.html = event_html(state)
        phase, human = state.phase, not bot_turn and not state.is_over
        if phase == "setup" and human:
            self._update_setup(state)
        self.dice.param.update(n_dice=rules.ROLL_OFF_DICE if phase == "roll-off" else 1,
                               verb={"roll-off": "Kickoff roll",
                                     "restart roll": "Restart roll"}.get(phase, "Roll"),
                               shown=phase in ("roll-off", "roll", "restart roll") and human)
        self._odds = turn_odds_html(state) if phase in ("roll", "restart roll") and human \
            else ""
        self._update_lines(state, human and phase == "play")
        stuck = not hooks.moves.outcomes(state) if phase == "play" else \
            phase in ("kickoff", "restart kick") and state.legal_actions() == [Pass()]
        self.bot_button.label = f"Let the bot play {hooks.bot_team()}'s turn"
        self._confirm_shown = human and phase in ("play", "kickoff", "restart kick")
        self._shown = {
            self.toss_row: phase == "toss", self.who_plays: phase == "toss",
            self.setup_box: phase == "setup" and human,
            self.pass_button: human and stuck, self.bot_button: bot_turn,
            self.over_box: state.is_over}
        self._show_parts()

    def _show_parts(self) -> None:
        """Each phase's part shown or hidden as the last `update` found; a part in a deck
        joins the page when first shown."""
        for part, shown in self._shown.items():
            set_shown(part, shown)
        for deck in self.decks:  # (a deck shows only its own parts)
            deck.show(part for part, shown in self._shown.items() if shown)

    def _update_setup(self, state: GoldenGoalState) -> None:
        self.setup_rules.html = setup_checklist(state, state.to_move)

    def _update_setup_choice(self, state: GoldenGoalState) -> None:
        """The players left to place (after every change of the game, and every pick)."""
        placed_next = self.taps.setup_player()
        self.setup_choice.html = '<div class="bar">' + "".join(
            tap_button(player, player, pressed=player == placed_next)
            for player in players_left(state)) + "</div>"

    def _setup_tapped(self, player: str) -> None:
        """A player still to place: the next tap on the field places him (a forged or stale
        tap names nobody left to place, and does nothing)."""
        state = self.hooks.state()
        if state.phase == "setup" and player in players_left(state):
            self.hooks.pick(chosen=player)

    def _update_lines(self, state: GoldenGoalState, shown: bool) -> None:
        pad = self.lines_box
        pad.new_drawing()
        lines = self.hooks.moves.scoring_lines(state) if shown else []
        if not shown:
            pad.html = ""
        elif not lines:
            pad.html = f'<div class="scoring-lines note">{no_scoring_words(state.roll)}</div>'
        else:
            buttons = []
            for line in lines[:SHOWN_LINES]:
                label = f"Goal: {line.text}"
                buttons.append(tap_button(pad.tap_for(line.outcome, label), label,
                                          "act act-default line"))
            pad.html = (f'<div class="scoring-lines note">{scoring_header(state.roll, len(lines))}'
                        f" Tap one to plan it:</div>{''.join(buttons)}")

    # After a tap.

    def update_taps(self, state: GoldenGoalState) -> None:
        """The turn pad (what a tap on the field changes here), and the player to place."""
        plan = self.hooks.picks().plan
        if state.phase == "setup":
            self._update_setup_choice(state)
        confirm = confirm_html(planned=plan is not None) \
            if self._confirm_shown and self._controls else ""
        self.turn_pad.html = ('<div class="prompt" style="font-size:1.1rem">'
                              f"<b>{escape(self.instruction(state))}</b></div>"
                              + "".join(f'<div class="part">{part}</div>'
                                        for part in (self._odds, self._plan_html(state), confirm)
                                        if part))

    def _turn_tapped(self, tapped: str) -> None:
        """Play it or Cancel (with no plan, or on a watcher's page, Play it plays nothing)."""
        if tapped in self._confirm:
            self._confirm[tapped](None)

    def instruction(self, state: GoldenGoalState) -> str:
        """What to do now, in one sentence."""
        if state.is_over:
            return "The match is over. Start a new one below."
        if self.hooks.bot_to_move():
            return f"The bot plays {state.to_move}: tap the button below."
        return {
            "toss": "Who places first? Let the app choose, or pick a team.",
            "setup": f"{state.to_move}: tap a highlighted square to place "
                     f"{self.taps.setup_player()}.",
            "roll-off": "Both teams roll for the kickoff: die 1 is orange's, die 2 is blue's.",
            "kickoff": f"{state.to_move} kicks off {counted(state.roll, 'space')}: tap where "
                       "the ball should stop.",
            "roll": f"{state.to_move}: roll the die.",
            "restart": f"{state.to_move}: tap the square in front of your net for the keeper "
                       "and the ball.",
            "restart roll": f"{state.to_move}: roll for the restart kick (a 1 is rolled again).",
            "restart kick": f"{state.to_move} restarts with a {state.roll}: tap where the ball "
                            "should stop.",
            "play": self._play_step(state),
        }[state.phase]

    def _play_step(self, state: GoldenGoalState) -> str:
        picks = self.hooks.picks()
        if picks.plan is not None:
            return "Check the plan below, then tap “Play it”."
        if not picks.chosen:
            return f"{state.to_move} rolled {state.roll}: tap the player to move."
        if picks.ball_pick is not None:
            return f"Tap where to put {picks.chosen}, beside the net."
        if picks.kicking:
            return f"{picks.chosen} kicks: tap where the ball should stop (or a net to score)."
        return f"{picks.chosen}: tap where he ends, or the ball to kick it."

    def _plan_html(self, state: GoldenGoalState) -> str:
        """The planned move in words, and the opponent's chance to score after it."""
        plan = self.hooks.picks().plan
        if plan is None:
            return ""
        action = plan.play if isinstance(plan, Outcome) else plan
        after = state.apply(action)
        text = after.last_event.text if after.last_event else ""
        head = f'<div class="plan" style="font-size:1.05rem"><b>Plan:</b> {escape(text)}</div>'
        if after.is_over or after.phase in ("restart", "over") or after.ball is None:
            return head + '<div style="font-size:1.2rem;color:#2e7d32"><b>This scores!</b></div>'
        opponent = other(state.to_move)
        if after.phase != "roll":
            return head
        view = after_turn(state, plan) if isinstance(plan, Outcome) else after
        faces = scoring_faces(view)
        chance = Fraction(len(faces), len(FACES))
        return head + odds_html(f"then {opponent} scores next turn", chance,
                                f"{opponent}: {faces_hint(faces)}")
