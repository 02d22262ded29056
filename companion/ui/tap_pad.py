"""Tappable HTML in one component: the fast way to draw many buttons or a tappable picture.

Every Bokeh widget that changes costs a model update and a re-layout of the page in the
browser; a turn that relabels a dozen buttons, or recolours the cells of a map, is slow
that way. A TapPad is one property (`html`): a redraw replaces it whole, and a tap on any
element carrying `data-tap="value"` (a `<button>`, an SVG shape) calls `on_tap("value")`.
What changes more often than the rest of a big picture (a planned path over a field, the
pieces and the tap targets over a map) can go in `overlay`, drawn over `html`: a change
sends only the overlay. Taps go through the overlay to `html`, except on the overlay's
parts styled `pointer-events: auto`, which may carry their own `data-tap`.

A redraw changes only what differs (`REDRAW_JS`): the browser styles and lays out the
changed parts alone, the focused button keeps its focus and a scrolled log its place.
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

# `redraw(box, html)`: make `box` hold `html`, changing only the nodes that differ. Setting
# innerHTML made every node new: the browser styled and laid out all of them again (a
# Goldfinger roll, 4-8 ms before the page could show it), and the tapped button, removed
# while focused, made it style the page at once. Nodes are matched in order; a node equal
# to the next one on the other side is taken as one inserted or removed there (a log line).
REDRAW_JS = """
  const parsed = document.createElement('template');
  const sameKind = (a, b) => a.nodeType === b.nodeType && a.nodeName === b.nodeName;
  // A <details> the player opened or closed stays so: the server's `open` is only for a
  // new one.
  const copyAttributes = (node, from) => {
    const players = node.nodeName === 'DETAILS' ? 'open' : null;
    for (const { name } of [...node.attributes]) {
      if (name !== players && !from.hasAttribute(name)) { node.removeAttribute(name); }
    }
    for (const { name, value } of from.attributes) {
      if (name !== players && node.getAttribute(name) !== value) {
        node.setAttribute(name, value);
      }
    }
  };
  // Two elements alike enough to change one into the other: the same tag and classes.
  const alike = (a, b) => sameKind(a, b) &&
    (a.nodeType !== Node.ELEMENT_NODE || a.getAttribute('class') === b.getAttribute('class'));
  const morph = (parent, model) => {
    let old = parent.firstChild;
    let fresh = model.firstChild;
    while (fresh) {
      const next = fresh.nextSibling;
      const after = old && old.nextSibling;
      if (old && old.isEqualNode(fresh)) {
        old = after;
      } else if (old && next && (old.isEqualNode(next) ||
                                 (!alike(old, fresh) && alike(old, next)))) {
        parent.insertBefore(fresh, old);  // a new node before `old`
      } else if (after && (after.isEqualNode(fresh) ||
                           (!alike(old, fresh) && alike(after, fresh)))) {
        parent.removeChild(old);  // `old` is gone: compare `fresh` with the one after it
        old = after;
        continue;
      } else if (old && sameKind(old, fresh)) {
        if (old.nodeType === Node.ELEMENT_NODE) {
          copyAttributes(old, fresh);
          morph(old, fresh);
        } else {
          old.nodeValue = fresh.nodeValue;
        }
        old = after;
      } else {
        parent.insertBefore(fresh, old);
      }
      fresh = next;
    }
    while (old) {
      const gone = old;
      old = old.nextSibling;
      parent.removeChild(gone);
    }
  };
  const redraw = (box, html) => {
    parsed.innerHTML = html;
    morph(box, parsed.content);
    parsed.innerHTML = '';
  };
"""

# `unwatch(view)`: BokehJS measures every view of the page again when one of them changes
# size, and Panel counts its view of a JSComponent as changed every time: each pad whose
# height a tap changed (the log, the action list, a score) had the whole page measured
# again, 6-12 times in the frame after a Goldfinger roll or a License to Kill step. The
# layout around the pad watches it too, and measures the page once when it grows.
# A part marked data-bring-into-view (the result of the tap just made) is scrolled into the
# middle of the screen if it is not wholly in view once the tap's changes are drawn: after
# a roll low in a long action list, the list can shrink under the page and leave the
# player looking at the log. Only for this device's own tap (a tap in the last 3 seconds): another
# player's roll never moves a page someone is reading.
BRING_INTO_VIEW_JS = """
  if (!window.companionTapAt) {
    window.companionTapAt = -1e9;
    document.addEventListener('click', () => { window.companionTapAt = performance.now(); },
                              true);
  }
  const bringIntoView = (box) => {
    requestAnimationFrame(() => {
      const mark = box.querySelector('[data-bring-into-view]');
      if (mark === null || performance.now() - window.companionTapAt > 3000) { return; }
      const where = mark.getBoundingClientRect();
      if (where.top < 0 || where.bottom > window.innerHeight) {
        mark.scrollIntoView({ block: 'center' });
      }
    });
  };
"""

UNWATCH_JS = """
  const unwatch = (view) => {
    if (view && view._resize_observer) { view._resize_observer.unobserve(view.el); }
  };
"""

# What Panel's `_update_model` sets on the Bokeh model itself, not on its data.
_PANEL_PROPERTIES = frozenset([*Reactive.param, "esm", "importmap"])


class QuickJSComponent(JSComponent):
    """A JSComponent whose text and numbers are set straight on its model's data.

    Panel's `_update_model` freezes the document while it sets a change that holds a Bokeh
    model (finding out by looking each property up on the model, where ours are not) and
    walks the data model's references to tag it, on every change: 0.2 ms a change, 0.12
    ms this way. What the change holds here is never a model.
    """

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
    _esm = REDRAW_JS + UNWATCH_JS + """
    export function render({ model, el, view }) {
      unwatch(view);
      // The frame holds the HTML and the overlay over it, and hears the taps on both.
      const frame = document.createElement('div');
      frame.style.position = 'relative';
      const box = document.createElement('div');
      const send = (target) => {
        const tapped = target && target.closest('[data-tap]');
        if (tapped && !tapped.disabled) { model.send_msg(tapped.getAttribute('data-tap')); }
      };
      frame.addEventListener('click', (event) => send(event.target));
      // A finger or a mouse does not move the focus onto what it taps (the keyboard still
      // does): the browser styles the page again when the focus moves, before the tap is
      // sent, and again when the redraw removes the focused target (a ring on the map).
      frame.addEventListener('mousedown', (event) => {
        const tapped = event.target.closest && event.target.closest('[data-tap]');
        if (tapped) { event.preventDefault(); }
      });
      frame.addEventListener('keydown', (event) => {
        if ((event.key === 'Enter' || event.key === ' ') && event.target.tagName !== 'BUTTON') {
          event.preventDefault();
          send(event.target);
        }
      });
      // A scrolling part marked data-scroll-key keeps its place when the HTML is redrawn.
      // The places are noted as the player scrolls: reading scrollTop in a redraw would make
      // the browser lay the page out first, on every tap.
      // A redraw keeps the part itself when it is unchanged: only a new one is scrolled.
      const kept = {};  // key -> [the part scrolled, its place]
      frame.addEventListener('scroll', (event) => {
        const key = event.target.dataset && event.target.dataset.scrollKey;
        if (key !== undefined) { kept[key] = [event.target, event.target.scrollTop]; }
      }, true);
      // A key that pressed a button the redraw took away (Draw, then the windows to place
      // in) leaves the focus on what the press brought, not on the page ten Tabs back: the
      // element of any pad marked data-focus (the game's next step, perhaps in another
      // pad, drawn by the same message), else the first new button here, else the first
      // button of another pad.
      const pads = window.companionPads || (window.companionPads = new Set());
      pads.add(box);
      const focused = () => {
        const active = el.getRootNode().activeElement;
        return active !== null && box.contains(active);
      };
      // What the keyboard can reach: a square of a board that may not be tapped now still
      // says where it is (data-tap) but takes no focus; a hidden pad's buttons neither.
      // (A browser without checkVisibility, an iPad before iOS 17.4, counts all as shown.)
      const shown = (el) => el.checkVisibility === undefined || el.checkVisibility();
      const reachable = (root) => [...root.querySelectorAll('[data-tap]:not([disabled])')]
        .filter((t) => t.tabIndex >= 0 && shown(t));
      const taps = () => reachable(box);
      const refocus = (before) => {
        for (const pad of pads) {
          if (!pad.isConnected) { pads.delete(pad); continue; }
          const marked = pad.querySelector('[data-focus]');
          if (marked !== null && shown(marked)) {
            marked.focus({ preventScroll: true });
            return;
          }
        }
        const now = taps();
        let next = now.find((t) => !before.has(t.getAttribute('data-tap'))) || now[0];
        for (const pad of pads) {  // nothing left here: the first button of another pad
          next = next || reachable(pad)[0];
        }
        if (next !== undefined) { next.focus({ preventScroll: true }); }
      };
      // A keyboard player is also brought to the control marked data-focus (the one he
      // needs next) when a redraw newly marks one (Golden Goal's Play it, once a move is
      // planned), and when the focus is left nowhere because the change hid the button his
      // key pressed (Golden Goal's toss, Play it): once the browser has hidden that button.
      if (window.companionKeys === undefined) {
        const keys = window.companionKeys = { used: false };
        document.addEventListener('keydown', () => { keys.used = true; }, true);
        document.addEventListener('pointerdown', () => { keys.used = false; }, true);
      }
      const nowhere = () => {
        let active = document.activeElement;
        while (active && active.shadowRoot && active.shadowRoot.activeElement) {
          active = active.shadowRoot.activeElement;
        }
        return active === null || active === document.body || !shown(active);
      };
      const markedTap = () => {
        const marked = box.querySelector('[data-focus]');
        return marked === null ? null : marked.getAttribute('data-tap');
      };
      const afterKey = (fresh, before) => {
        const marked = box.querySelector('[data-focus]');
        if (fresh && marked !== null && shown(marked)) {
          marked.focus({ preventScroll: true });
        } else if (nowhere()) {
          refocus(before);
        }
      };
      const draw = () => {
        const hadFocus = focused();
        const keyed = window.companionKeys.used;
        // (Asking what is shown makes the browser style the page: only for a keyboard.)
        const before = hadFocus || keyed
          ? new Set(taps().map((t) => t.getAttribute('data-tap'))) : null;
        const wasMarked = keyed ? markedTap() : null;
        redraw(box, model.html);
        if (hadFocus && !focused()) {
          setTimeout(() => refocus(before), 0);
        } else if (keyed) {
          const marked = markedTap();
          const fresh = marked !== null && marked !== wasMarked;
          requestAnimationFrame(() => setTimeout(() => afterKey(fresh, before), 0));
        }
        for (const [key, [scrolled, top]] of Object.entries(kept)) {
          const part = top && box.querySelector(`[data-scroll-key="${CSS.escape(key)}"]`);
          if (part && part !== scrolled) {
            part.scrollTop = top;
            kept[key] = [part, top];
          }
        }
      };
      // A part that scrolls sideways marked data-keep-in-view="<tap>" (Golden Gun's maze on
      // a phone, marked with Bond's room) brings that button into its view when the mark is
      // new or moved (Bond entered another room): never by scrolling the page, and read
      // once the browser has laid the redraw out.
      let keptInView = null;
      const keepInView = () => {
        const frame = box.querySelector('[data-keep-in-view]');
        const where = frame === null ? null : frame.getAttribute('data-keep-in-view');
        if (where === keptInView) { return; }
        keptInView = where;
        const part = frame && frame.querySelector(`[data-tap="${CSS.escape(where)}"]`);
        if (!part) { return; }
        setTimeout(() => {
          const f = frame.getBoundingClientRect(), p = part.getBoundingClientRect();
          if (p.left < f.left || p.right > f.right) {
            frame.scrollLeft += (p.left + p.right) / 2 - (f.left + f.right) / 2;
          }
        }, 0);
      };
      model.on('html', () => { draw(); keepInView(); });
      draw();
      keepInView();
      frame.appendChild(box);
      const over = document.createElement('div');
      over.style.cssText = 'position:absolute;inset:0;pointer-events:none';
      const drawOver = () => { redraw(over, model.overlay); };
      model.on('overlay', drawOver);
      drawOver();
      frame.appendChild(over);
      el.appendChild(frame);
    }
    """

    def __init__(self, on_tap: Callable[[str], None], **params: Any):
        super().__init__(**params)
        self._on_tap = on_tap

    def tap(self, value: str) -> None:
        """What a tap on `data-tap="value"` does (for tests and notebooks)."""
        self._handle_msg(value)

    def _handle_msg(self, data: Any) -> None:
        with hold():  # every change the tap makes reaches the browser in one message
            self._on_tap(str(data))


class HtmlBox(QuickJSComponent):
    """HTML that changes often (a log, a score): one property, no Bokeh layout pass.

    A Panel HTML pane is laid out again by the browser with the whole page each time its
    text changes; this box only replaces its own contents. Give it `max_height` for a box
    that scrolls. A part marked `data-bring-into-view` is brought into view when a change
    this device's tap made leaves it off screen (`BRING_INTO_VIEW_JS`).
    """

    html = param.String(default="")
    max_height_px = param.Integer(default=0, doc="Scrolls beyond this height (0: grows).")

    _stylesheets: ClassVar[list[str]] = [":host { display: block; width: 100%; }"]
    _esm = REDRAW_JS + UNWATCH_JS + BRING_INTO_VIEW_JS + """
    export function render({ model, el, view }) {
      unwatch(view);
      const box = document.createElement('div');
      const size = () => {
        box.style.maxHeight = model.max_height_px ? `${model.max_height_px}px` : '';
        box.style.overflowY = model.max_height_px ? 'auto' : '';
      };
      const draw = () => { redraw(box, model.html); };
      model.on('html', () => {
        draw();
        if (model.html.includes('data-bring-into-view')) { bringIntoView(box); }
      });
      model.on('max_height_px', size);
      size();
      draw();
      el.appendChild(box);
    }
    """


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
    it a toggle (`aria-pressed`), filled in the accent colour while pressed. `name` is what
    a screen reader says for it where the label alone says too little (a maze cell's
    colour). `focus` marks it as the control a keyboard player needs next (`data-focus`):
    the focus goes there when a key's button was taken away."""
    if pressed is not None:
        classes = f"act act-{'primary' if pressed else 'default'}"
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
