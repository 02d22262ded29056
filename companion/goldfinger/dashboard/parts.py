"""Touch pieces the Goldfinger dashboard builds from: the action list (one kit ChoicePad
relabelled in place, whose rows are `Row`s of `Choice`s) and a note."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import panel as pn

from companion.goldfinger.dashboard.words import markdown_html
from companion.ui import TOUCH, ChoicePad, tap_button

WIDE = {"sizing_mode": "stretch_width"}


@dataclass(frozen=True)
class Choice:
    """One button of the action list: what it does (an action or a callable), its words."""

    do: Any
    text: str
    color: str = "default"


@dataclass(frozen=True)
class Row:
    """One row of the action list: a note, and one wide button or a row of short ones."""

    note: str = ""
    choices: tuple[Choice, ...] = ()
    grouped: bool = False


class ActionList(ChoicePad):
    """The action buttons as one kit ChoicePad: a turn relabels a dozen buttons in one change,
    and a tap on a list the screen has since replaced is dropped."""

    def __init__(self, on_press: Callable[[Any], None], **params):
        super().__init__(on_press, **params)
        self._notes: list[str] = []

    def show(self, rows: list[Row]) -> None:
        """Draw these rows; a tap on a button calls `on_press(choice.do)`."""
        self.new_drawing()
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
        style = f"flex:0 0 auto;min-width:{TOUCH + 12}px" if grouped else "flex:1 1 100%"
        return tap_button(self.tap_for(shown.do, shown.text), shown.text,
                          f"act act-{shown.color}", style=style)

    def texts(self) -> list[str]:
        """Every note (as Markdown) and button text shown."""
        return self._notes + self.labels()


def note(text: str) -> pn.pane.Markdown:
    return pn.pane.Markdown(text, sizing_mode="stretch_width", margin=(4, 8))
