"""Touch-sized pieces the UI kit lacks (candidates for the kit), shared by the views.

- `select`: a labelled Select sized for fingers; `offer` changes its options only when
  they change (every re-sent option list costs a round trip).
- `Parts`: buttons, notes and headings made once per key and re-labelled, so a tap
  re-sends a label, not a new widget.
- `DuelDicePad`: the kit's dice pad with each die named.
- `Hooks`: what a view reads of the game and may do to it, given by the dashboard (a view
  never holds the dashboard itself).
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import panel as pn

from companion.core.errors import CompanionError
from companion.core.game import Event
from companion.license_to_kill.engine import LtkState
from companion.ui import PANE_MARGIN, TOUCH, DicePad, HtmlBox, button, heading
from companion.ui.template import Fold, closed_section
from companion.ui.theme import INPUT_CSS

WIDE = {"sizing_mode": "stretch_width"}
NONE_CHOSEN, NOBODY = "", -1  # a Select shows a None value as a blank box


def select(label: str, **params: Any) -> pn.widgets.Select:
    """A Select big enough for a finger, its label above it."""
    return pn.widgets.Select(label=label, min_height=TOUCH + 24, stylesheets=[INPUT_CSS],
                             **WIDE, **params)


def text_input(label: str, **params: Any) -> pn.widgets.TextInput:
    return pn.widgets.TextInput(label=label, min_height=TOUCH + 24, stylesheets=[INPUT_CSS],
                                **WIDE, **params)


def offer(widget: pn.widgets.Select, options: dict) -> None:
    """New options for a Select; the choice stays if it is still offered, else the first."""
    values = list(options.values())
    if widget.options != options:
        widget.options = options
    if widget.value not in values:
        widget.value = values[0] if values else None


def forget(widget: pn.widgets.Select) -> None:
    """Clear a Select's choice, if it holds one: a widget sends its value to the browser even
    when it is set to the value it already has."""
    if widget.value:
        widget.value = NONE_CHOSEN


class CardSearch:
    """A search box over a card Select: a few letters of a title, a type ('henchman') or a
    value ('pv 9') narrow its options; the Select keeps its label and its value."""

    def __init__(self, widget: pn.widgets.Select, keep: dict | None = None) -> None:
        self.widget, self.keep = widget, keep or {}
        self.box = pn.widgets.TextInput(placeholder=f"Search: {widget.label.lower()}",
                                        height=TOUCH, stylesheets=[INPUT_CSS], **WIDE)
        self._all: dict = {}
        self.box.param.watch(lambda _: self._filter(), "value_input")

    def offer(self, options: dict) -> None:
        """The options the engine allows now (label -> value); the search narrows them."""
        self._all = options
        self._filter()

    def _filter(self) -> None:
        words = (self.box.value_input or "").lower().split()
        found = {label: value for label, value in self._all.items()
                 if all(word in label.lower() for word in words)}
        offer(self.widget, {**self.keep, **found})


def refusal(state: Any, action: Any) -> str | None:
    """Why the engine would refuse `action` now, in its own words; None if it would not."""
    try:
        state.apply(action)
    except CompanionError as error:
        return str(error)
    return None


def html(**params: Any) -> pn.pane.HTML:
    return pn.pane.HTML(**WIDE, **params)


def box(**params: Any) -> HtmlBox:
    """HTML that changes with the game: a Panel HTML pane's new text lays the whole page
    out again in the browser (and costs the server twice as much); a box's does not."""
    return HtmlBox(margin=PANE_MARGIN, **WIDE, **params)


class Parts:
    """Buttons, notes and headings made once per key for the page's life: a button re-made
    on every change could be tapped just as it is replaced."""

    def __init__(self) -> None:
        self._buttons: dict[str, pn.widgets.Button] = {}
        self._panes: dict[tuple[str, str], pn.viewable.Viewable] = {}

    def button(self, key: str, label: str, on_click: Callable[[Any], None],
               color: str = "default") -> pn.widgets.Button:
        if key not in self._buttons:
            self._buttons[key] = button(label, on_click, color=color, **WIDE)
        if self._buttons[key].label != label:
            self._buttons[key].label = label
        return self._buttons[key]

    def note(self, text: str) -> pn.pane.HTML:
        """A paragraph, made once per text."""
        if ("note", text) not in self._panes:
            self._panes["note", text] = pn.pane.HTML(f'<p style="font-size:1.05rem">{text}</p>',
                                                     **WIDE)
        return self._panes["note", text]

    def heading(self, text: str) -> pn.pane.Markdown:
        if ("heading", text) not in self._panes:
            self._panes["heading", text] = heading(text)
        return self._panes["heading", text]


@dataclass(frozen=True)
class Hooks:
    """What the step views, the duels and the attachments read of the game on this page and
    may do to it; the dashboard builds one and hands it to each of them."""

    state: Callable[[], LtkState]  # the game as it stands
    seat: Callable[[], int | None]  # a player's own phone's seat (None: tablet, watcher)
    revision: Callable[[], int]  # bumped after every change of the game on this page
    piece_names: Callable[[], dict[int, str]]  # every face-up piece, named in full
    short_names: Callable[[], dict[int, str]]  # the same, shorter
    act: Callable[[Any], Event | None]  # apply an action; None when it was refused
    say: Callable[[str], None]  # why nothing happened, shown to the player
    next_step: Callable[..., None]  # done with this step (no_plot_card=True: none drawn)
    note_chance: Callable[[str], None]  # the chance of the roll about to be made, for its line
    parts: Parts  # buttons, notes and headings made once for the page


class DuelDicePad(DicePad):
    """The kit's dice pad with each die named: (attacker's die, target's die)."""

    def __init__(self, on_roll, **params):
        super().__init__(on_roll, die_names=["Attacker's die", "Target's die"], **params)


def lazy_section(title: str, build: Callable[[], list[pn.viewable.Viewable]]) -> Fold:
    """A closed section whose content is built the first time it is opened: what nobody
    opens is never sent, and every tap's re-layout in the browser has less to measure."""
    return closed_section(title, lambda: pn.Column(*build(), **WIDE))


def text_file(text: str) -> io.StringIO:
    return io.StringIO(text)
