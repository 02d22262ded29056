"""A number the table adjusts with big - and + buttons, within bounds.

One TapPad (one Bokeh model, where a row of two buttons and a text was four): a step
changes its HTML only, and hiding it (`shown`) empties it without laying out the page.
Counters side by side are a `CounterRow`, one TapPad for them all: every Bokeh view on a
page is measured again after any tap that changes a height (License to Kill's Intrigue
card form was 26 views for its 12 counters, boxed in a FlexBox).
"""

from __future__ import annotations

from html import escape
from typing import Any, ClassVar

import panel as pn
import param

from companion.ui.tap_pad import TAP_CSS, TapPad, tap_button
from companion.ui.theme import TOUCH

COUNTER_WIDTH = 252  # px, in a row: two buttons and the number between, with margins
# A row's boxes are as tall as the tallest; each counter is centred in its box, so that
# the buttons of a counter whose label takes two lines ("Attacker's Intrigue bonus") stay level
# with their neighbours' (a newcomer's play-test).
COUNTER_CSS = f"""
.counter {{ margin: 4px 8px; }}
.counter .bar {{ flex-wrap: nowrap; align-items: center; }}
.counter .act {{ width: {TOUCH}px; flex: 0 0 auto; font-size: 1.3rem; }}
.counter .count {{ width: 96px; text-align: center; line-height: 1.1; }}
.counter .count-label {{ font-size: 0.85rem; opacity: 0.75; }}
.counter .count-value {{ font-size: 1.6rem; font-weight: 600; }}
.counter-row {{ display: flex; flex-wrap: wrap; gap: 12px; }}
.counter-row .counter {{ width: {COUNTER_WIDTH - 16}px; margin: 0; padding: 4px 8px;
  border: 1px solid rgba(127, 127, 127, 0.45); border-radius: 8px;
  display: flex; flex-direction: column; justify-content: center; }}
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
        self._pad: CounterPad | None = None  # drawn alone (in a CounterRow, not)

    def step(self, delta: int) -> None:
        self.value = max(self.low, min(self.high, self.value + delta))

    def tap(self, value: str) -> None:
        """A tap on its "-1" or "+1" button; any other value does nothing."""
        if value in ("-1", "+1"):
            self.step(int(value))

    @property
    def can_go_down(self) -> bool:
        return self.value > self.low

    @property
    def can_go_up(self) -> bool:
        return self.value < self.high

    def html(self, tap_prefix: str = "") -> str:
        """The counter's buttons and number ("" when not `shown`); its taps are
        `tap_prefix` followed by "-1" or "+1"."""
        if not self.shown:
            return ""
        label = escape(self.label)
        hint = f'<div class="note">{escape(self.hint)}</div>' if self.hint else ""
        return (
            f'<div class="counter">{hint}<div class="bar">'
            f'{tap_button(tap_prefix + "-1", "-", enabled=self.can_go_down)}'
            f'<div class="count"><div class="count-label">{label}</div>'
            f'<div class="count-value" aria-label="{label}">{self.value}</div></div>'
            f'{tap_button(tap_prefix + "+1", "+", enabled=self.can_go_up)}</div></div>')

    def _render(self, *_events) -> None:
        self._pad.html = self.html()

    def __panel__(self) -> pn.viewable.Viewable:
        if self._pad is None:
            self._pad = CounterPad(self.tap, sizing_mode="stretch_width", margin=0)
            self.param.watch(self._render, list(WATCHED))
            self._render()
        return self._pad


WATCHED = ("value", "low", "high", "label", "hint", "shown")  # what a counter's HTML shows


class CounterRow(pn.viewable.Viewer):
    """Counters side by side as room allows, each boxed so that one's + is not taken for
    the next one's -, all in one TapPad."""

    def __init__(self, *counters: Counter, **params: Any):
        super().__init__(**params)
        self.counters = counters
        self._pad = CounterPad(self._tapped, sizing_mode="stretch_width", margin=0)
        for counter in counters:
            counter.param.watch(self._render, list(WATCHED))
        self._render()

    def _tapped(self, tap: str) -> None:
        """"2:+1": the third counter's + button."""
        index, _, value = tap.partition(":")
        if index.isdigit() and int(index) < len(self.counters):
            self.counters[int(index)].tap(value)

    def _render(self, *_events) -> None:
        self._pad.html = '<div class="counter-row">' + "".join(
            counter.html(f"{i}:") for i, counter in enumerate(self.counters)) + "</div>"

    def __panel__(self) -> pn.viewable.Viewable:
        return self._pad
