"""The game's log, newest first, with Undo and Redo."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import panel as pn
import param

from companion.ui.tap_pad import HtmlBox
from companion.ui.theme import button

UNDO_ON_THE_TABLET = "Undo and Redo are on the shared tablet."


class LogView(pn.viewable.Viewer):
    lines = param.List(default=[])
    can_undo = param.Boolean(default=False)
    can_redo = param.Boolean(default=False)

    def __init__(self, on_undo: Callable[[], None], on_redo: Callable[[], None],
                 steps: bool = True, **params):
        """`steps` False: the log only (a player's own phone; Undo is the table's, on the
        shared tablet)."""
        super().__init__(**params)
        self._undo = button("↶ Undo", lambda _: on_undo(), sizing_mode="stretch_width")
        self._redo = button("↷ Redo", lambda _: on_redo(), sizing_mode="stretch_width")
        self._lines = HtmlBox(max_height_px=320, sizing_mode="stretch_width")
        top = pn.Row(self._undo, self._redo, sizing_mode="stretch_width") if steps else \
            pn.pane.HTML(f'<p style="opacity:0.75">{UNDO_ON_THE_TABLET}</p>',
                         sizing_mode="stretch_width")
        self._layout = pn.Column(top, self._lines, sizing_mode="stretch_width")
        self.param.watch(self._render, ["lines", "can_undo", "can_redo"])
        self._render()

    def _render(self, *_events) -> None:
        self._undo.disabled = not self.can_undo
        self._redo.disabled = not self.can_redo
        if not self.lines:
            self._lines.html = '<p style="opacity:0.7">Nothing has happened yet.</p>'
            return
        items = "".join(f'<div class="log-line">{escape(line)}</div>'
                        for line in reversed(self.lines))
        self._lines.html = (
            f'<div class="game-log" style="font-size:1rem;line-height:1.5">{items}</div>'
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
