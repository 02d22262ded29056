"""The game's log, newest first, with Undo and Redo.

It shows the newest `NEWEST_SHOWN` lines, and the whole log on a tap: every tap sends the
log's HTML again and the browser compares it line by line, so a log drawn whole made each
tap of a long game slower (Dice Lab, served: 23 ms a roll with no log, 29 ms with 300
lines and a 31 KB message).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import panel as pn
import param

from companion.core.seats import NOTE_MARK
from companion.ui.tap_pad import TapPad, tap_button

UNDO_ON_THE_TABLET = "Undo and Redo are on the shared tablet."
UNDO_IS_SHOWN = "Undo is the table's call: every device's log shows it."
NOTHING_YET = '<p style="opacity:0.7;margin:4px">Nothing has happened yet.</p>'
NEWEST_SHOWN = 50  # the log box shows about 13 lines before it scrolls
# Classes, not inline styles: every tap redraws the log, and the browser parses an inline
# style again for every element it draws.
LOG_CSS = """
.log-steps { flex-wrap: nowrap; }
.act.undo-redo { flex: 1 1 0; }
.undo-note { opacity: 0.75; margin: 4px; }
.game-log { font-size: 1rem; line-height: 1.5; max-height: 320px; overflow-y: auto;
  margin-top: 8px; }
.log-note { font-style: italic; }
.more { width: 100%; margin-top: 4px; }
"""


class LogView(pn.viewable.Viewer):
    """Undo, Redo and the lines, drawn as one TapPad: a page on the shared table keeps a
    component per open device in the server's memory, so this view is one, not five."""

    lines = param.List(default=[])
    can_undo = param.Boolean(default=False)
    can_redo = param.Boolean(default=False)
    whole = param.Boolean(default=False, doc="Every line shown, not only the newest.")

    def __init__(self, on_undo: Callable[[], None], on_redo: Callable[[], None],
                 steps: bool = True, **params):
        """`steps` False: the log only (a player's own phone; Undo is the table's, on the
        shared tablet)."""
        super().__init__(**params)
        self._steps = {"undo": on_undo, "redo": on_redo} if steps else {}
        self._pad = TapPad(self._tapped, stylesheets=[LOG_CSS], sizing_mode="stretch_width")
        self.param.watch(self._render, ["lines", "can_undo", "can_redo", "whole"])
        self._render()

    def _tapped(self, tap: str) -> None:
        if tap in ("whole", "newest"):
            self.whole = tap == "whole"
            return
        allowed = {"undo": self.can_undo, "redo": self.can_redo}
        if tap in self._steps and allowed[tap]:
            self._steps[tap]()

    @property
    def html(self) -> str:
        """What the view shows now (for tests and notebooks)."""
        return self._pad.html

    def _render(self, *_events) -> None:
        if self._steps:
            step = "act act-default undo-redo"
            top = ('<div class="bar log-steps">'
                   + tap_button("undo", "↶ Undo", step, enabled=self.can_undo)
                   + tap_button("redo", "↷ Redo", step, enabled=self.can_redo)
                   + f'</div><p class="undo-note">{UNDO_IS_SHOWN}</p>')
        else:
            top = f'<p class="undo-note">{UNDO_ON_THE_TABLET}</p>'
        shown = self.lines if self.whole else self.lines[-NEWEST_SHOWN:]
        items = "".join(_line_html(line) for line in reversed(shown))
        # It scrolls: a keyboard reaches it (tabindex) and a screen reader names it.
        lines = (f'<div class="game-log" data-scroll-key="log" tabindex="0" role="region" '
                 f'aria-label="The game\'s log, newest first">{items}{self._more_button()}</div>'
                 if self.lines else NOTHING_YET)
        self._pad.html = top + lines

    def _more_button(self) -> str:
        """At the end of a long log: show every line, or the newest again."""
        if len(self.lines) <= NEWEST_SHOWN:
            return ""
        if self.whole:
            return tap_button("newest", f"Show only the newest {NEWEST_SHOWN} lines",
                              "act act-default more")
        return tap_button("whole", f"Show all {len(self.lines)} lines", "act act-default more")

    def __panel__(self) -> pn.viewable.Viewable:
        return self._pad


def _line_html(line: str) -> str:
    """An action's line, or a note's (an undo, a handover), which is set apart."""
    if line.startswith(NOTE_MARK):
        return f'<div class="log-note">{escape(line)}</div>'
    return f'<div class="log-line">{escape(line)}</div>'
