"""A number the table adjusts with big - and + buttons, within bounds."""

from __future__ import annotations

import panel as pn
import param

from companion.ui.theme import TOUCH, button


class Counter(pn.viewable.Viewer):
    value = param.Integer(default=0)
    low = param.Integer(default=0)
    high = param.Integer(default=10)
    label = param.String(default="")

    def __init__(self, **params):
        super().__init__(**params)
        self._minus = button("-", lambda _: self._step(-1), width=TOUCH,
                             description=f"{self.label} down")
        self._plus = button("+", lambda _: self._step(+1), width=TOUCH,
                            description=f"{self.label} up")
        self._shown = pn.pane.HTML(height=TOUCH, width=96, margin=(0, 4))
        self._layout = pn.Row(self._minus, self._shown, self._plus, margin=(4, 8))
        self.param.watch(self._render, ["value", "low", "high", "label"])
        self._render()

    def _step(self, delta: int) -> None:
        self.value = max(self.low, min(self.high, self.value + delta))

    def _render(self, *_events) -> None:
        self._minus.disabled = self.value <= self.low
        self._plus.disabled = self.value >= self.high
        self._shown.object = (
            f'<div style="text-align:center;line-height:1.1">'
            f'<div style="font-size:0.85rem;opacity:0.75">{self.label}</div>'
            f'<div style="font-size:1.6rem;font-weight:600" aria-label="{self.label}">'
            f"{self.value}</div></div>"
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
