"""A number the table adjusts with big - and + buttons, within bounds.

One TapPad (one Bokeh model, where a row of two buttons and a text was four): a step
changes its HTML only, and hiding it (`shown`) empties it without laying out the page.
"""

from __future__ import annotations

from html import escape
from typing import Any, ClassVar

import panel as pn
import param

from companion.ui.tap_pad import TAP_CSS, TapPad, tap_button
from companion.ui.theme import TOUCH

COUNTER_CSS = f"""
.counter {{ margin: 4px 8px; }}
.counter .bar {{ flex-wrap: nowrap; align-items: center; }}
.counter .act {{ width: {TOUCH}px; flex: 0 0 auto; font-size: 1.3rem; }}
.counter .count {{ width: 96px; text-align: center; line-height: 1.1; }}
.counter .count-label {{ font-size: 0.85rem; opacity: 0.75; }}
.counter .count-value {{ font-size: 1.6rem; font-weight: 600; }}
"""


class CounterPad(TapPad):
    _stylesheets: ClassVar[list[str]] = [TAP_CSS, COUNTER_CSS]


class Counter(pn.viewable.Viewer):
    value = param.Integer(default=0)
    low = param.Integer(default=0)
    high = param.Integer(default=10)
    label = param.String(default="")
    hint = param.String(default="", doc="A line above the buttons (plain text).")
    shown = param.Boolean(default=True, doc="Drawn at all: hiding empties the pad.")

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._pad = CounterPad(self._tapped, sizing_mode="stretch_width", margin=0)
        self.param.watch(self._render, ["value", "low", "high", "label", "hint", "shown"])
        self._render()

    def step(self, delta: int) -> None:
        self.value = max(self.low, min(self.high, self.value + delta))

    @property
    def can_go_down(self) -> bool:
        return self.value > self.low

    @property
    def can_go_up(self) -> bool:
        return self.value < self.high

    def _tapped(self, value: str) -> None:
        if value in ("-1", "+1"):
            self.step(int(value))

    def _render(self, *_events) -> None:
        if not self.shown:
            self._pad.html = ""
            return
        label = escape(self.label)
        hint = f'<div class="note">{escape(self.hint)}</div>' if self.hint else ""
        self._pad.html = (
            f'<div class="counter">{hint}<div class="bar">'
            f'{tap_button("-1", "-", enabled=self.can_go_down)}'
            f'<div class="count"><div class="count-label">{label}</div>'
            f'<div class="count-value" aria-label="{label}">{self.value}</div></div>'
            f'{tap_button("+1", "+", enabled=self.can_go_up)}</div></div>')

    def __panel__(self) -> pn.viewable.Viewable:
        return self._pad
