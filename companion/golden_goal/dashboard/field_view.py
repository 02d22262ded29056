"""The field: the mat drawn to scale (`drawing.field_layers`) in a tappable view, with what
may be tapped now, the planned move, the scoring lines and the bot's last move drawn over
it; and the field's readings, shown with the rest of the Match card (`layout`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.golden_goal.actions import Kick
from companion.golden_goal.dashboard.parts import Hooks
from companion.golden_goal.dashboard.taps import Taps
from companion.golden_goal.dashboard.words import field_notes_html, field_words
from companion.golden_goal.drawing import Marks, Target, field_mat, field_pieces, net_key
from companion.golden_goal.engine import GoldenGoalState
from companion.golden_goal.odds import turn_line
from companion.golden_goal.turns import Outcome, other
from companion.ui import PANE_MARGIN, HtmlBox, TapPad

# The field's column (`layout`) sets its size; it never grows taller than the screen.
FIELD_CSS = ".gg-field, .gg-pieces { max-height: calc(100vh - 140px); margin: 0 auto; }"


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


class FieldArea:
    """The field and its notes; `update_taps(state)` redraws it after a tap or a change.
    `bot_last()` is the bot's last (before, action, after), drawn for a moment."""

    def __init__(self, hooks: Hooks, taps: Taps,
                 bot_last: Callable[[], tuple[GoldenGoalState, Any, GoldenGoalState] | None]
                 ) -> None:
        self.hooks, self.taps, self.bot_last = hooks, taps, bot_last
        self.pad = FieldView(taps.tap, sizing_mode="stretch_width")
        self.notes = HtmlBox(margin=PANE_MARGIN, sizing_mode="stretch_width")
        self._mat_for: object = None  # the field whose mat the pad holds

    def update(self, state: GoldenGoalState) -> None:
        """After a change of the game (the taps' marks follow in `update_taps`)."""
        self.notes.html = field_words(state) + field_notes_html(state)

    def update_taps(self, state: GoldenGoalState) -> None:
        """The mat and what is over it: a tap changes only the layer over the mat (what
        may be tapped, the plan, the pieces), and only that is sent."""
        if self._mat_for is not state.field:
            self._mat_for = state.field
            self.pad.html = field_mat(state)
        self.pad.overlay = field_pieces(state, self.marks(state))

    def svg(self) -> str:
        """The field as drawn now, both layers (for tests and notebooks)."""
        return self.pad.html + self.pad.overlay

    def marks(self, state: GoldenGoalState) -> Marks:
        """What to draw over the position: targets, the selection, the plan's paths; else
        the bot's last move and, before a player is tapped, the ways to score."""
        picks = self.hooks.picks()
        selected = state.where.get(picks.chosen) if state.phase == "play" else None
        marks = Marks(self.taps.targets(state), selected)
        plan = picks.plan
        if isinstance(plan, Outcome):
            line = turn_line(state, state.roll, plan)
            start = state.where[plan.play.player]
            ball = line.ball_path + ((net_key(plan.net),) if plan.net else ())
            return replace(marks, mover_path=(start, *line.mover_path),
                           ball_path=(state.ball, *ball) if ball else ())
        if isinstance(plan, Kick):
            return replace(marks, ball_path=kick_path(state, plan))
        marks = replace(marks, **self.bot_marks(state))
        if state.phase == "play" and not picks.chosen:
            lines = tuple((state.ball, *line.ball_path, net_key(line.outcome.net))
                          for line in self.hooks.moves.scoring_lines(state))
            return replace(marks, lines=lines)
        return marks

    def bot_marks(self, state: GoldenGoalState) -> dict[str, tuple]:
        """The bot's last move, while the field still shows the position it left and the
        player has not started his own move."""
        last = self.bot_last()
        if last is None or last[2] is not state or self.hooks.picks().chosen:
            return {}
        before, action, after = last
        if isinstance(action, Kick):
            return {"bot_ball": kick_path(before, action)}
        net = () if after.ball is not None else (net_key(other(before.to_move)),)
        line = turn_line(before, before.roll, Outcome(action, before.where[action.player],
                                                      after.ball, None))
        ball = (before.ball, *line.ball_path, *net) if action.kicks else ()
        return {"bot_mover": (before.where[action.player], *line.mover_path),
                "bot_ball": ball}


def kick_path(state: GoldenGoalState, kick: Kick) -> tuple:
    """A kickoff or restart kick as drawn: from the ball through every square it crosses,
    a pass and its bend too, into the net if it scores."""
    chain = state.kick_chain(kick)
    return (state.ball, *chain.path, *((net_key(chain.last.net),) if chain.last.net else ()))
