"""Tap-and-hold to see one's own down card: the card is in the page only while held.

The button sends "peek" on pointerdown (or Space/Enter down) and "unpeek" when the finger
lifts, leaves or is cancelled (or the key comes up). The server answers a peek by filling
`face` from the seat's private view, and an unpeek by emptying it: otherwise nothing of the
card is in the page's HTML or its Bokeh models.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import param
from panel.custom import JSComponent
from panel.io.document import hold

from companion.ui.theme import TOUCH

PEEK_CSS = f"""
:host {{ display: block; width: 100%; }}
.peek {{ width: 100%; min-height: {TOUCH + 8}px; font-size: 1.1rem; font-family: inherit;
  border-radius: 6px; border: 2px dashed #8a1c1c; background: #fff8e1; color: #3e2723;
  touch-action: none; user-select: none; -webkit-user-select: none;
  -webkit-touch-callout: none; cursor: pointer; padding: 6px 10px; }}
.peek:active {{ background: #ffecb3; }}
.face {{ margin-top: 6px; }}
"""


class PeekPad(JSComponent):
    """A hold-to-peek button; `on_peek()` returns the HTML to show while it is held."""

    label = param.String(default="", doc="The button's words; empty hides it.")
    face = param.String(default="", doc="The card's HTML, only while the button is held.")

    _stylesheets: ClassVar[list[str]] = [PEEK_CSS]
    _esm = """
    export function render({ model, el }) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'peek';
      const face = document.createElement('div');
      face.className = 'face';
      let held = false;
      const down = (event) => {
        if (held) { return; }
        held = true;
        if (event.pointerId !== undefined && button.setPointerCapture) {
          try { button.setPointerCapture(event.pointerId); } catch (e) {}
        }
        model.send_msg('peek');
      };
      const up = () => { if (held) { held = false; model.send_msg('unpeek'); } };
      button.addEventListener('pointerdown', down);
      for (const name of ['pointerup', 'pointercancel', 'lostpointercapture', 'blur']) {
        button.addEventListener(name, up);
      }
      button.addEventListener('contextmenu', (event) => event.preventDefault());
      button.addEventListener('keydown', (event) => {
        if (event.key === ' ' || event.key === 'Enter') { event.preventDefault(); down(event); }
      });
      button.addEventListener('keyup', up);
      const draw = () => {
        button.textContent = model.label;
        button.style.display = model.label ? '' : 'none';
        face.innerHTML = model.face;
      };
      model.on('label', draw);
      model.on('face', draw);
      draw();
      el.append(button, face);
    }
    """

    def __init__(self, on_peek: Callable[[], str], **params: Any):
        super().__init__(**params)
        self._on_peek = on_peek

    def peek(self) -> None:
        self._handle_msg("peek")

    def unpeek(self) -> None:
        self._handle_msg("unpeek")

    def _handle_msg(self, data: Any) -> None:
        with hold():
            self.face = self._on_peek() if data == "peek" and self.label else ""
