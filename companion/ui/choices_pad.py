"""A form of choices drawn in one TapPad: each choice a row of big toggle buttons, with its
heading above and its note below.

A set-up form of separate widgets (a heading pane, a RadioButtonGroup and a note pane a
choice) cost the browser three Bokeh views a choice to build on the page's first render:
Golden Gun's and Goldfinger's set-ups were 27 and 28 views of pages of about 60, and their
first renders the slowest against the bare app (issue #39). Here the whole form is one view,
whose HTML is redrawn when a choice changes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from html import escape
from typing import Any

from panel.viewable import Viewer

from companion.core.errors import InputError, shown
from companion.ui.tap_pad import TapPad, tap_button

# As `theme.CHOICE_CSS` has a RadioButtonGroup: options share the row and wrap when long.
CHOICES_CSS = """
.choice-row { margin: 4px 4px 10px; }
.choice-row h3 { font-size: 1.1rem; margin: 0.6em 0 0.3em; }
.choice-label { font-size: 1rem; line-height: 1.4; margin: 0 0 4px; }
.choice-note { font-size: 0.95rem; line-height: 1.4; margin: 4px 0 0; }
.choice-row .bar .act { flex: 1 1 0; min-width: min(100%, 7em); overflow-wrap: anywhere; }
.choice-side { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 12px; }
.choice-side .choice-label { flex: 1 1 14em; margin: 0; }
.choice-side .bar { flex: 0 1 13em; }
.choice-side .bar .act { min-width: min(100%, 5em); }
"""


@dataclass(frozen=True)
class Choice:
    """One choice of the form: `options` maps each button's words to the value it picks.
    `heading` is drawn as a heading above, `label` as a line beside the buttons (`beside`)
    or above them, `note` below; all three are the kit's own HTML, never a player's text."""

    key: str
    options: Mapping[str, Any]
    heading: str = ""
    label: str = ""
    note: str = ""
    beside: bool = False


class ChoicesPad(Viewer):
    """The choices `choices`, showing `values` (key -> value); a tap on an option calls
    `on_choose(key, value)`, and the form shows the new value once `show` is told it (the
    caller decides whether the choice stands). A tap on the option already shown does
    nothing, as on a RadioButtonGroup (a set-up restarts its game on every choice)."""

    def __init__(self, choices: Iterable[Choice], values: Mapping[str, Any],
                 on_choose: Callable[[str, Any], None], **params: Any):
        super().__init__()
        self.choices = {choice.key: choice for choice in choices}
        self.values = dict(values)
        self._on_choose = on_choose
        self.pad = TapPad(self._tapped, stylesheets=[CHOICES_CSS], sizing_mode="stretch_width",
                          **params)
        self._draw()

    def show(self, **values: Any) -> None:
        """Show these values (without acting on them)."""
        self.values.update(values)
        self._draw()

    def choose(self, key: str, value: Any) -> None:
        """What a tap on that option does (for tests and notebooks)."""
        choice = self.choices.get(key)
        if choice is None or value not in choice.options.values():
            raise InputError(f"no choice {shown(key)} with the option {shown(value)}")
        if value != self.values.get(key):
            self._on_choose(key, value)

    def _tapped(self, tap: str) -> None:
        key, _, index = tap.rpartition(":")
        choice = self.choices.get(key)
        values = list(choice.options.values()) if choice is not None else []
        if not index.isdigit() or int(index) >= len(values):
            return  # not a tap this form drew
        self.choose(key, values[int(index)])

    def _draw(self) -> None:
        self.pad.html = "".join(self._row_html(choice) for choice in self.choices.values())

    def _row_html(self, choice: Choice) -> str:
        chosen = self.values.get(choice.key)
        buttons = "".join(
            tap_button(f"{choice.key}:{i}", label, pressed=value == chosen)
            for i, (label, value) in enumerate(choice.options.items()))
        # The group is named by its heading, else its label (ids are the pad's own).
        name = escape(f"choice-{choice.key}")
        named = f' aria-labelledby="{name}"' if choice.heading or choice.label else ""
        group = f'<div class="bar" role="group"{named}>{buttons}</div>'
        label_id = "" if choice.heading else f' id="{name}"'
        label = f'<div class="choice-label"{label_id}>{choice.label}</div>' \
            if choice.label else ""
        body = f'<div class="choice-side">{label}{group}</div>' if choice.beside else \
            label + group
        heading = f'<h3 id="{name}">{choice.heading}</h3>' if choice.heading else ""
        note = f'<div class="choice-note">{choice.note}</div>' if choice.note else ""
        return f'<div class="choice-row">{heading}{body}{note}</div>'

    def __panel__(self) -> TapPad:
        return self.pad

