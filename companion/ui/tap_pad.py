"""Tappable HTML in one component: the fast way to draw many buttons or a tappable picture.

Every Bokeh widget that changes costs a model update and a re-layout of the page in the
browser; a turn that relabels a dozen buttons, or recolours the cells of a map, is slow
that way. A TapPad is one property (`html`): a redraw replaces it whole, and a tap on any
element carrying `data-tap="value"` (a `<button>`, an SVG shape) calls `on_tap("value")`.
What changes more often than the rest of a big picture (a planned path over a field, the
pieces and the tap targets over a map) can go in `overlay`, drawn over `html`: a change
sends only the overlay. Taps go through the overlay to `html`, except on the overlay's
parts styled `pointer-events: auto`, which may carry their own `data-tap`.

A redraw changes only what differs (`redraw` in `pads.bundle.js`, the browser side of
every pad): the browser styles and lays out the changed parts alone, the focused button
keeps its focus and a scrolled log its place.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any, ClassVar

import param
from panel.custom import JSComponent
from panel.io.document import hold
from panel.reactive import Reactive
from panel.viewable import Viewer

from companion.core.errors import shown
from companion.ui.theme import TOUCH

# Buttons drawn by `tap_button`: the kit's sizes, and the colours the page sets as inherited
# custom properties (`template.PAGE_CSS`, and `DARK_CSS` for the dark page).
TAP_CSS = f"""
:host {{ display: block; width: 100%; }}
button {{ font-family: inherit; cursor: pointer; margin: 0; touch-action: manipulation; }}
button:disabled {{ cursor: default; }}
.act:disabled {{ opacity: 0.55; }}
.bar {{ display: flex; flex-wrap: wrap; gap: 6px; }}
.note {{ font-size: 1rem; line-height: 1.4; margin: 4px 4px 0; }}
.act {{ min-height: {TOUCH}px; font-size: 1.1rem; line-height: 1.2; padding: 6px 10px;
  white-space: normal; border-radius: 4px; border: 1px solid transparent; }}
.act:active {{ filter: brightness(0.9); }}
.act-primary {{ background: var(--accent-fill-rest, #8a1c1c);
  color: var(--foreground-on-accent-rest, white); }}
.act-danger {{ background: #c62828; color: white; }}
.act-warning {{ background: #ffc107; color: #212121; border-color: #e0a800; }}
.act-default {{ background: var(--neutral-fill-rest, #eceff1);
  color: var(--neutral-foreground-rest, #1b1b1b);
  border-color: var(--neutral-stroke-rest, #b0bec5); }}
"""

# What Panel's `_update_model` sets on the Bokeh model itself, not on its data.
_PANEL_PROPERTIES = frozenset([*Reactive.param, "esm", "importmap"])


class QuickJSComponent(JSComponent):
    """A JSComponent whose text and numbers are set straight on its model's data.

    Panel's `_update_model` freezes the document while it sets a change that holds a Bokeh
    model (finding out by looking each property up on the model, where ours are not) and
    walks the data model's references to tag it, on every change: 0.2 ms a change, 0.12
    ms this way. What the change holds here is never a model.

    The browser side is `pads.bundle.js`, one ES module for every such class (its default
    export names each class's render): Panel serves it as a file the page imports once.
    Inline `_esm` text was compiled again for every pad the page built.
    """

    _bundle = "pads.bundle.js"

    def _update_model(self, events: dict, msg: dict, root: Any, model: Any, doc: Any,
                      comm: Any) -> None:
        if not self._plain_data(msg, doc):
            super()._update_model(events, msg, root, model, doc, comm)
            return
        data = model.data
        changed = {name: value for name, value in msg.items() if getattr(data, name) != value}
        if not changed:
            return
        ref = root.ref["id"]
        before = self._changing.get(ref)  # what the browser must not be told back
        self._changing[ref] = list(changed)
        try:
            with hold(doc):
                data.update(**changed)
        finally:
            if before:
                self._changing[ref] = before
            else:
                self._changing.pop(ref, None)

    def _plain_data(self, msg: dict, doc: Any) -> bool:
        if self._in_process__events.get(doc):  # a change from the browser: Panel's way
            return False
        return all(isinstance(value, str | int | float | bool) and name in self.param
                   and name not in _PANEL_PROPERTIES
                   and not isinstance(self.param[name], param.Event)
                   for name, value in msg.items())


class TapPad(QuickJSComponent):
    """HTML whose `[data-tap]` elements call `on_tap(value)` when tapped (or Enter/Space)."""

    html = param.String(default="")
    overlay = param.String(default="", doc="Drawn over `html`, the same size; taps go through "
                           "but for parts styled pointer-events: auto.")

    _stylesheets: ClassVar[list[str]] = [TAP_CSS]
    def __init__(self, on_tap: Callable[[str], None], **params: Any):
        super().__init__(**params)
        self._on_tap = on_tap

    def tap(self, value: str) -> None:
        """What a tap on `data-tap="value"` does (for tests and notebooks)."""
        self._handle_msg(value)

    def _handle_msg(self, data: Any) -> None:
        with hold():  # every change the tap makes reaches the browser in one message
            self._on_tap(str(data))


PANE_MARGIN = (5, 10)  # a Panel HTML pane's: a box lines up with the panes around it


class HtmlBox(QuickJSComponent):
    """HTML that changes often (a log, a score): one property, no Bokeh layout pass.

    A Panel HTML pane is laid out again by the browser with the whole page each time its
    text changes; this box only replaces its own contents. Give it `max_height` for a box
    that scrolls. A part marked `data-bring-into-view` is brought into view when a change
    this device's tap made leaves it off screen (`pads.bundle.js`).
    """

    html = param.String(default="")
    max_height_px = param.Integer(default=0, doc="Scrolls beyond this height (0: grows).")

    _stylesheets: ClassVar[list[str]] = [":host { display: block; width: 100%; }"]


class ChoicePad(TapPad):
    """A TapPad whose buttons each stand for a choice (any object): a tap calls
    `on_choose(choice)`.

    Each drawing numbers its buttons afresh and a tap names its drawing, so a tap on a
    drawing the screen has since replaced (a quick double tap) never presses whatever button
    now has the same place: it calls `on_stale()` instead, when given, else nothing.
    Draw with `new_drawing()`, then `tap_for(choice, label)` for each button, then `html`.
    """

    def __init__(self, on_choose: Callable[[Any], None],
                 on_stale: Callable[[], None] | None = None, **params: Any):
        super().__init__(self._chosen, **params)
        self._on_choose, self._on_stale = on_choose, on_stale
        self._choices: list[Any] = []
        self._taps: dict[str, str] = {}  # label -> data-tap, this drawing
        self._drawing = 0

    def new_drawing(self) -> None:
        self._drawing += 1
        self._choices, self._taps = [], {}

    def tap_for(self, choice: Any, label: str) -> str:
        """The data-tap of a new button for `choice`, labelled `label`, in this drawing."""
        tap = f"{self._drawing}:{len(self._choices)}"
        self._choices.append(choice)
        self._taps[label] = tap
        return tap

    def labels(self) -> list[str]:
        return list(self._taps)

    def tap_of(self, label: str) -> str:
        if label not in self._taps:
            raise KeyError(f"no button {shown(label)} now")
        return self._taps[label]

    def press(self, label: str) -> None:
        """Press the button with these words (what a tap does; for tests and notebooks)."""
        self.tap(self.tap_of(label))

    def _chosen(self, tap: str) -> None:
        drawing, _, index = tap.partition(":")
        if drawing == str(self._drawing) and index.isdigit() and int(index) < len(self._choices):
            self._on_choose(self._choices[int(index)])
        elif self._on_stale is not None:
            self._on_stale()


def tap_button(tap: str, label: str, classes: str = "act act-default", enabled: bool = True,
               style: str = "", pressed: bool | None = None, name: str = "",
               focus: bool = False) -> str:
    """One button of a TapPad. The classes `act act-primary` (or -danger, -warning,
    -default) give the kit's big themed button; a game may pass its own. `pressed` makes
    it a toggle (`aria-pressed`), filled in the accent colour while pressed (`act-primary`
    for `act-default`, the other classes kept). `name` is what
    a screen reader says for it where the label alone says too little (a maze cell's
    colour). `focus` marks it as the control a keyboard player needs next (`data-focus`):
    the focus goes there when a key's button was taken away."""
    if pressed:
        classes = classes.replace("act-default", "act-primary")
    toggle = "" if pressed is None else f'aria-pressed="{str(pressed).lower()}" '
    styled = f' style="{escape(style)}"' if style else ""
    named = f' aria-label="{escape(name)}"' if name else ""
    marked = " data-focus" if focus else ""
    return (f'<button {toggle}type="button" class="{classes}"{styled}{named}{marked} '
            f'data-tap="{escape(tap)}"{"" if enabled else " disabled"}>{escape(label)}</button>')


class PadButton(Viewer):
    """One wide button drawn in a TapPad, pressed with `on_press()`, for a button that is
    enabled and disabled from tap to tap: a Bokeh button whose `disabled` changes is drawn
    again and lays out the whole page in the browser (18 ms at 4x CPU throttling, in 1 of
    24 License to Kill step taps); a pad's HTML is one property. A tap while it is disabled
    does nothing. `color` is the kit's button colour; `params` go to the TapPad."""

    def __init__(self, label: str, on_press: Callable[[], None], color: str = "default",
                 **params: Any):
        super().__init__()
        self.label, self._color, self._on_press = label, color, on_press
        self._disabled = False
        self.pad = TapPad(self._tapped, sizing_mode="stretch_width", **params)
        self._draw()

    @property
    def disabled(self) -> bool:
        return self._disabled

    @disabled.setter
    def disabled(self, disabled: bool) -> None:
        self._disabled = disabled
        self._draw()

    def _draw(self) -> None:
        self.pad.html = tap_button("press", self.label, f"act act-{self._color}",
                                   enabled=not self._disabled, style="width:100%")

    def _tapped(self, _tap: str) -> None:
        if not self._disabled:
            self._on_press()

    def __panel__(self) -> TapPad:
        return self.pad
