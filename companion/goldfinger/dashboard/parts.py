"""Touch pieces the Goldfinger dashboard builds from: the action list (one kit ChoicePad
relabelled in place, whose rows are `Row`s of `Choice`s) and a note; and what the views are
given instead of the dashboard: `Hooks` (the game on this page and what a view may do to it)
and `Picks` (this page's choices so far). No view imports `main`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

import panel as pn

from companion.goldfinger.dashboard.words import markdown_html
from companion.goldfinger.engine import GoldfingerState
from companion.ui import TOUCH, ChoicePad, tap_button

WIDE = {"sizing_mode": "stretch_width"}


@dataclass(frozen=True)
class Choice:
    """One button of the action list: what it does (an action or a callable), its words.
    `pressed` makes it one option of a toggle row (the option chosen is pressed); a button
    not `enabled` is drawn greyed and does nothing."""

    do: Any
    text: str
    color: str = "default"
    pressed: bool | None = None
    enabled: bool = True


@dataclass(frozen=True)
class Row:
    """One row of the action list: a note, and one wide button or a row of short ones."""

    note: str = ""
    choices: tuple[Choice, ...] = ()
    grouped: bool = False


# A button's width in the list as a class, not an inline style: the browser parses an inline
# style again for every button of every redraw (a roll redraws some 30).
ACTION_LIST_CSS = f"""
.act.grouped {{ flex: 0 0 auto; min-width: {TOUCH + 12}px; }}
.act.wide {{ flex: 1 1 100%; }}
"""


class ActionList(ChoicePad):
    """The action buttons as one kit ChoicePad: a turn relabels a dozen buttons in one change,
    and a tap on a list the screen has since replaced is dropped."""

    _stylesheets: ClassVar[list[str]] = [*ChoicePad._stylesheets, ACTION_LIST_CSS]

    def __init__(self, on_press: Callable[[Any], None], **params):
        super().__init__(on_press, **params)
        self._notes: list[str] = []
        self._greyed: list[str] = []

    def show(self, rows: list[Row]) -> None:
        """Draw these rows; a tap on a button calls `on_press(choice.do)`."""
        self.new_drawing()
        self._greyed = []
        parts = []
        for row in rows:
            if row.note:
                parts.append(f'<div class="note">{markdown_html(row.note)}</div>')
            buttons = [self._button(shown, row.grouped) for shown in row.choices]
            if buttons:
                parts.append(f'<div class="bar">{"".join(buttons)}</div>')
        self._notes = [row.note for row in rows if row.note]
        self.html = "".join(parts)

    def _button(self, shown: Choice, grouped: bool) -> str:
        classes = f"act act-{shown.color} {'grouped' if grouped else 'wide'}"
        if not shown.enabled:  # no tap of this drawing stands for it
            self._greyed.append(shown.text)
            return tap_button("", shown.text, classes, enabled=False, pressed=shown.pressed)
        return tap_button(self.tap_for(shown.do, shown.text), shown.text, classes,
                          pressed=shown.pressed)

    def texts(self) -> list[str]:
        """Every note (as Markdown) and button text shown, greyed buttons' too."""
        return self._notes + self.labels() + self._greyed


def note(text: str) -> pn.pane.Markdown:
    return pn.pane.Markdown(text, sizing_mode="stretch_width", margin=(4, 8))


@dataclass(frozen=True)
class Picks:
    """This page's choices as they stand (the dashboard's parameters of the same names): a
    new game's set-up (`mode`, `players`, `house`, `board_data`), the rolled action chosen
    (`armed`), the cars behind Bond (`behind`), the Enemy's cards by the stars so far
    (`card_mode`, `next_card`, `placing`), Bond's Space (`bond_space`), the bot's last go
    (`bot_report`) and the bot-games estimate (`estimate`)."""

    mode: str
    players: str
    house: dict
    board_data: Any
    armed: Any
    behind: list
    card_mode: str
    next_card: str
    placing: list
    bond_space: str
    bot_report: list
    estimate: str


@dataclass(frozen=True)
class Hooks:
    """What the views read of the game on this page and may do to it; the dashboard builds
    one and hands it to the action list, the set-up rows, the map and the set-up form."""

    state: Callable[[], GoldfingerState]  # the game as it stands
    revision: Callable[[], int]  # bumped after every change of the game on this page
    picks: Callable[[], Picks]  # this page's choices so far
    armed: Callable[[], Any]  # the rolled action chosen (read on every button)
    choose: Callable[..., None]  # change some choices at once: choose(placing=[], ...)
    say: Callable[[str], None]  # why nothing happened, shown to the player
    do: Callable[[Any], None]  # apply an action for the player, then let a bot answer
    legal: Callable[[], list[Any]]  # the legal actions now (kept per state)
    resolve: Callable[[Any], Any]  # an action with what tracker mode leaves open filled in
    chance: Callable[[Any], tuple[Fraction, tuple] | None]  # an action's odds and modifiers
    once: Callable[[str, Callable[[], Any]], Any]  # work kept for this state, by name
    seat: Callable[[], int | None]  # the side whose phone this page is, if any
    is_tablet: Callable[[], bool]
    my_turn: Callable[[], bool]  # whether this page shows the steps now
    bot_side: Callable[[], str | None]  # the side the app plays, if any
    bot_to_move: Callable[[], bool]
    enemy_phone_here: Callable[[], bool]  # the Enemy plays on his own phone
