"""The Turn card: the whole turn in one HTML property of a kit `ChoicePad` (one update a
tap): why a tap was refused, this phone's seat, what happened, what to do now and its
buttons (`choice_view`), the advice, the score and the match."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

from companion.core.game import Event
from companion.mb007_tiles.dashboard.advice_view import advice_html
from companion.mb007_tiles.dashboard.choice_view import current_step
from companion.mb007_tiles.dashboard.parts import Onlooker
from companion.mb007_tiles.dashboard.score_view import scoreboard_html
from companion.mb007_tiles.dashboard.words import event_html, last_round_html, seat_html
from companion.mb007_tiles.drawing import seating_html
from companion.mb007_tiles.engine import TilesState
from companion.mb007_tiles.odds import WindowAdvice
from companion.ui import ChoicePad, tap_button
from companion.ui.plain import notice_html

BOTS_LABEL = "Let the app play its seats"


class TurnView:
    """The turn's pad (`pad`, put on the page); a tap hands the button's choice to
    `on_choice` (("act", action), ("look", seat), ("cover",), ("advice", shown), ("bots",)),
    and a tap on a drawing since replaced calls `on_stale`."""

    def __init__(self, on_choice: Callable[[tuple], None], on_stale: Callable[[], None]):
        self.pad = ChoicePad(on_choice, on_stale, sizing_mode="stretch_width", margin=(4, 10))

    def button(self, choice: tuple, label: str, primary: bool = False,
               enabled: bool = True) -> str:
        classes = "act act-primary" if primary else "act act-default"
        return tap_button(self.pad.tap_for(choice, label), label, classes, enabled)

    def show(self, state: TilesState, onlooker: Onlooker, *, message: str,
             since: Sequence[Event | None], just_revealed: bool, bots_to_move: bool,
             advice: list[WindowAdvice]) -> None:
        """Draw the turn: `since` the events since the person's last move, `just_revealed`
        whether the last action turned the letters over (its line already tells the round),
        `bots_to_move` whether the app's seats have a move (a button on the tablet),
        `advice` the heat map of the tile being placed."""
        pad = self.pad
        pad.new_drawing()
        prompt, buttons = current_step(state, onlooker, self.button)
        if not onlooker.is_tablet and not (onlooker.seat is not None
                                           and state.phase == "choose"):
            buttons = []  # a phone makes only its own choice; a watcher none
        if bots_to_move:
            buttons.append(tap_button(pad.tap_for(("bots",), BOTS_LABEL), BOTS_LABEL,
                                      "act act-primary"))
        # The advice's switch is a setting, on a row of its own after the advice: among the
        # moves, on a phone, it sat between the letters (a newcomer's play-test).
        setting = ""
        if not state.is_over:
            toggle = "Hide the advice" if onlooker.advice else "Show the advice"
            setting = ('<div class="bar advice-setting" style="margin:12px 0 6px">'
                       f'{tap_button(pad.tap_for(("advice", not onlooker.advice), toggle), toggle)}'
                       "</div>")
        seating = seating_html(state.players) if state.phase == "first" and \
            state.options.mode == "table" else ""
        pad.html = (f"{notice_html(message)}"
                    f"{seat_html(state, onlooker.seat)}{event_html(state, since)}{seating}"
                    f"{'' if just_revealed else last_round_html(state)}"
                    f'<div class="note prompt"><b>{escape(prompt)}</b></div>'
                    f'<div class="bar" style="margin:6px 0">{"".join(buttons)}</div>'
                    f"{advice_html(state, advice)}{setting}{scoreboard_html(state)}")
