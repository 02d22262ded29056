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
from panel.io.document import hold

from companion.mb007_cards.dashboard.table_html import CARD_CSS
from companion.ui import QuickJSComponent

# The peek has a place of fixed size: the button (a face-down card and the words) and, while
# held, the face laid over it (the card face up, what it makes, the odds knowing it). Nothing
# around it moves when it is held or let go, so a finger can hold it and reach a button.
PEEK_HEIGHT = 136  # px: a big card (98 px) and its padding, or six lines of figures
FACE_CSS = """
.pk-face { display:flex; gap:12px; align-items:center; height:100%; }
.pk-face .card { flex:none; }
.pk-text { font-size:0.95rem; line-height:1.3; min-width:0; }
.pk-made { font-size:1.02rem; }
"""
PEEK_CSS = f"""
:host {{ display: block; width: 100%; }}
.peek-box {{ position: relative; height: {PEEK_HEIGHT}px; }}
.peek {{ width: 100%; height: 100%; font-size: 1.1rem; font-family: inherit; display: flex;
  align-items: center; gap: 14px; text-align: left; box-sizing: border-box;
  border-radius: 6px; border: 2px dashed #8a1c1c; background: #fff8e1; color: #3e2723;
  touch-action: none; user-select: none; -webkit-user-select: none;
  -webkit-touch-callout: none; cursor: pointer; padding: 8px 12px; }}
.peek:active {{ background: #ffecb3; }}
.peek .card {{ flex: none; }}
.face {{ position: absolute; inset: 0; display: none; pointer-events: none;
  box-sizing: border-box; padding: 8px 12px; border-radius: 6px; overflow: hidden;
  border: 2px solid #8a1c1c; background: #fff8e1; color: #3e2723;
  user-select: none; -webkit-user-select: none; }}
.face.on {{ display: block; }}
{CARD_CSS}{FACE_CSS}
"""


class PeekPad(QuickJSComponent):
    """A hold-to-peek button; `on_peek()` returns the HTML to show while it is held."""

    label = param.String(default="", doc="The button's words; empty hides it.")
    face = param.String(default="", doc="The card's HTML, only while the button is held.")

    _stylesheets: ClassVar[list[str]] = [PEEK_CSS]
    _bundle = None  # its own browser side, not the pads' (one peek on a page)
    _esm = """
    export function render({ model, el }) {
      const box = document.createElement('div');
      box.className = 'peek-box';
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'peek';
      const back = document.createElement('span');
      back.className = 'card big back';
      back.setAttribute('aria-hidden', 'true');
      const words = document.createElement('span');
      button.append(back, words);
      const face = document.createElement('div');
      face.className = 'face';
      box.append(button, face);
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
        words.textContent = model.label;
        box.style.display = model.label ? '' : 'none';
        face.innerHTML = model.face;
        face.classList.toggle('on', Boolean(model.face));
      };
      model.on('label', draw);
      model.on('face', draw);
      draw();
      el.append(box);
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
