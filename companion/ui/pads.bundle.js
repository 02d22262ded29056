// The browser side of `companion.ui.tap_pad`'s components (TapPad and its subclasses,
// HtmlBox), as one ES module that Panel serves as a file (`QuickJSComponent._bundle`):
// the browser imports it once for every pad of the page. As inline `_esm` text, Panel
// compiled the source again (sucrase) for each pad it built (a License to Kill page
// builds 8 for its first render, 20 once every step is built), and its first render on a
// 4x-throttled CPU took 2,042 ms against 1,815 ms now (docs/performance.md).
// `export default` names the render of each Python class (Panel looks a bundle's
// component up by its class name); tests/ui/test_pads_bundle.py checks every class is here.

// `redraw(box, html)`: make `box` hold `html`, changing only the nodes that differ. Setting
// innerHTML made every node new: the browser styled and laid out all of them again (a
// Goldfinger roll, 4-8 ms before the page could show it), and the tapped button, removed
// while focused, made it style the page at once. Nodes are matched in order; a node equal
// to the next one on the other side is taken as one inserted or removed there (a log line).
// An element whose `data-key` differs from the old one's is drawn anew, not changed node by
// node: a chart of another shape (Dice Lab's totals of 3 dice after 2) has every bar's
// every attribute changed, which took 12.6 ms to morph at 4x CPU throttling, style and
// layout included, against 9.8 ms drawn anew; the same chart recoloured morphs in 4.0.
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
      if (old.nodeType !== Node.ELEMENT_NODE) {
        old.nodeValue = fresh.nodeValue;
      } else if (old.getAttribute('data-key') !== fresh.getAttribute('data-key')) {
        parent.replaceChild(fresh, old);
      } else {
        copyAttributes(old, fresh);
        morph(old, fresh);
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

// `unwatch(view)`: BokehJS measures every view of the page again when one of them changes
// size, and Panel counts its view of a JSComponent as changed every time: each pad whose
// height a tap changed (the log, the action list, a score) had the whole page measured
// again, 6-12 times in the frame after a Goldfinger roll or a License to Kill step. The
// layout around the pad watches it too, and measures the page once when it grows.
const unwatch = (view) => {
  if (view && view._resize_observer) { view._resize_observer.unobserve(view.el); }
};

// A part marked data-bring-into-view (the result of the tap just made) is scrolled into the
// middle of the screen if it is not wholly in view once the tap's changes are drawn: after
// a roll low in a long action list, the list can shrink under the page and leave the
// player looking at the log. Only for this device's own tap (a tap in the last 3 seconds):
// another player's roll never moves a page someone is reading. Its place is read by an
// IntersectionObserver, which the browser answers after the frame's own layout: read in an
// animation frame (getBoundingClientRect), it made the browser lay the page out there and
// then, before the frame (about 25 ms of a Goldfinger roll at 4x CPU throttling).
if (!window.companionTapAt) {
  window.companionTapAt = -1e9;
  document.addEventListener('click', () => { window.companionTapAt = performance.now(); },
                            true);
}
const bringIntoView = (box) => {
  const mark = box.querySelector('[data-bring-into-view]');
  if (mark === null || performance.now() - window.companionTapAt > 3000) { return; }
  const watch = new IntersectionObserver(([entry]) => {
    watch.disconnect();
    const where = entry.boundingClientRect;
    if (where.top < 0 || where.bottom > window.innerHeight) {
      mark.scrollIntoView({ block: 'center' });
    }
  });
  watch.observe(mark);
};

// TapPad: HTML whose `[data-tap]` elements send their value when tapped (or Enter/Space),
// and an overlay drawn over it.
function renderTapPad({ model, el, view }) {
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
  pads.add(frame);
  const focused = () => {
    const active = el.getRootNode().activeElement;
    return active !== null && frame.contains(active);
  };
  // What the keyboard can reach: a square of a board that may not be tapped now still
  // says where it is (data-tap) but takes no focus; a hidden pad's buttons neither.
  // (A browser without checkVisibility, an iPad before iOS 17.4, counts all as shown.)
  const shown = (el) => el.checkVisibility === undefined || el.checkVisibility();
  const reachable = (root) => [...root.querySelectorAll('[data-tap]:not([disabled])')]
    .filter((t) => t.tabIndex >= 0 && shown(t));
  const taps = () => reachable(frame);  // the HTML's and the overlay's
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
    const marked = frame.querySelector('[data-focus]');
    return marked === null ? null : marked.getAttribute('data-tap');
  };
  const afterKey = (fresh, before) => {
    const marked = frame.querySelector('[data-focus]');
    if (fresh && marked !== null && shown(marked)) {
      marked.focus({ preventScroll: true });
    } else if (nowhere()) {
      refocus(before);
    }
  };
  // `part` (the HTML's box or the overlay) redrawn with `html`, the focus kept as above.
  const draw = (part, html) => {
    const hadFocus = focused();
    const keyed = window.companionKeys.used;
    // (Asking what is shown makes the browser style the page: only for a keyboard.)
    const before = hadFocus || keyed
      ? new Set(taps().map((t) => t.getAttribute('data-tap'))) : null;
    const wasMarked = keyed ? markedTap() : null;
    redraw(part, html);
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
  // once the browser has laid the redraw out (an IntersectionObserver, as `bringIntoView`:
  // read in a timer, the page was laid out once more on every move into another room).
  let keptInView = null;
  const keepInView = () => {
    const strip = box.querySelector('[data-keep-in-view]');
    const where = strip === null ? null : strip.getAttribute('data-keep-in-view');
    if (where === keptInView) { return; }
    keptInView = where;
    const part = strip && strip.querySelector(`[data-tap="${CSS.escape(where)}"]`);
    if (!part) { return; }
    const watch = new IntersectionObserver(([entry]) => {
      watch.disconnect();
      const f = entry.rootBounds, p = entry.boundingClientRect;
      if (f !== null && (p.left < f.left || p.right > f.right)) {
        strip.scrollLeft += (p.left + p.right) / 2 - (f.left + f.right) / 2;
      }
    }, { root: strip });
    watch.observe(part);
  };
  frame.appendChild(box);
  const over = document.createElement('div');
  over.style.cssText = 'position:absolute;inset:0;pointer-events:none';
  frame.appendChild(over);
  model.on('html', () => { draw(box, model.html); keepInView(); });
  model.on('overlay', () => { draw(over, model.overlay); });
  draw(box, model.html);
  keepInView();
  draw(over, model.overlay);
  el.appendChild(frame);
}

// HtmlBox: HTML that changes often, redrawn in place; scrolls beyond `max_height_px`.
function renderHtmlBox({ model, el, view }) {
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

// AddressQuery: `?key=value` in the page's address, rewritten in place once the page is
// idle (after the frame of the tap that changed it), with no entry in the history.
const whenIdle = window.requestIdleCallback
  ? (task) => window.requestIdleCallback(task, { timeout: 500 })
  : (task) => window.setTimeout(task, 100);  // Safari has no requestIdleCallback
function renderAddressQuery({ model }) {
  let waiting = false;
  const write = () => {
    waiting = false;
    const url = new URL(window.location.href);
    url.searchParams.set(model.key, model.value);
    window.history.replaceState(window.history.state, '', url.href);
  };
  model.on('value', () => {
    if (!waiting) {
      waiting = true;
      whenIdle(write);
    }
  });
}

const tapPad = { render: renderTapPad };
export default {
  TapPad: tapPad,
  ChoicePad: tapPad,
  CounterPad: tapPad,
  DiceTapPad: tapPad,
  ActionList: tapPad,
  FieldView: tapPad,
  HtmlBox: { render: renderHtmlBox },
  AddressQuery: { render: renderAddressQuery },
};
