"""The game's log, newest first, with Undo and Redo."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import panel as pn
import param

from companion.ui.tap_pad import TapPad, tap_button

UNDO_ON_THE_TABLET = "Undo and Redo are on the shared tablet."
NOTHING_YET = '<p style="opacity:0.7;margin:4px">Nothing has happened yet.</p>'


class LogView(pn.viewable.Viewer):
    """Undo, Redo and the lines, drawn as one TapPad: a page on the shared table keeps a
    component per open device in the server's memory, so this view is one, not five."""

    lines = param.List(default=[])
    can_undo = param.Boolean(default=False)
    can_redo = param.Boolean(default=False)

    def __init__(self, on_undo: Callable[[], None], on_redo: Callable[[], None],
                 steps: bool = True, **params):
        """`steps` False: the log only (a player's own phone; Undo is the table's, on the
        shared tablet)."""
        super().__init__(**params)
        self._steps = {"undo": on_undo, "redo": on_redo} if steps else {}
        self._pad = TapPad(self._tapped, sizing_mode="stretch_width")
        self.param.watch(self._render, ["lines", "can_undo", "can_redo"])
        self._render()

    def _tapped(self, tap: str) -> None:
        allowed = {"undo": self.can_undo, "redo": self.can_redo}
        if tap in self._steps and allowed[tap]:
            self._steps[tap]()

    @property
    def html(self) -> str:
        """What the view shows now (for tests and notebooks)."""
        return self._pad.html

    def _render(self, *_events) -> None:
        if self._steps:
            top = ('<div class="bar log-steps" style="flex-wrap:nowrap">'
                   + tap_button("undo", "↶ Undo", enabled=self.can_undo,
                                style="flex:1 1 0")
                   + tap_button("redo", "↷ Redo", enabled=self.can_redo,
                                style="flex:1 1 0") + "</div>")
        else:
            top = f'<p style="opacity:0.75;margin:4px">{UNDO_ON_THE_TABLET}</p>'
        items = "".join(f'<div class="log-line">{escape(line)}</div>'
                        for line in reversed(self.lines))
        lines = (f'<div class="game-log" data-scroll-key="log" style="font-size:1rem;'
                 f'line-height:1.5;max-height:320px;overflow-y:auto;margin-top:8px">'
                 f"{items}</div>"
                 if self.lines else NOTHING_YET)
        self._pad.html = top + lines

    def __panel__(self) -> pn.viewable.Viewable:
        return self._pad
