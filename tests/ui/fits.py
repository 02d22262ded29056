"""What "fits the tablet" means, checked in a real browser page (issue 17).

`problems(page, outside)` lists, in words, every way the page does not fit now:
- a button (or link styled as one) whose text is wider or taller than the button,
- a button wider than the place its widget has on the page,
- anything that reaches past the screen's right or left edge, unless a parent that
  scrolls or clips holds it inside the screen,
- a fold (`<summary>`) whose line is less than a finger's 44 px tall,
- the page itself scrolling sideways,
- a request that left the server (`watch_requests` must be called before `goto`).
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

# Walks the page and every shadow root; returns what does not fit.
FIT_JS = r"""
() => {
  const W = document.documentElement.clientWidth;
  const found = [];
  const name = (el) => (el.textContent || el.getAttribute('aria-label') || el.tagName)
    .trim().replace(/\s+/g, ' ').slice(0, 70);
  const parentOf = (el) => el.parentElement || (el.parentNode && el.parentNode.host) || null;
  const shown = (el) => {
    // A part hidden by companion.ui.set_shown keeps its layout (content-visibility): not shown.
    if (el.checkVisibility && !el.checkVisibility()) return null;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return null;
    const style = getComputedStyle(el);
    return style.visibility === 'hidden' ? null : r;
  };
  const heldInside = (el) => {
    for (let p = parentOf(el); p; p = parentOf(p)) {
      const ox = getComputedStyle(p).overflowX;
      if (ox !== 'visible') {
        const r = p.getBoundingClientRect();
        return r.right <= W + 1 && r.left >= -1;
      }
    }
    return false;
  };
  const isButton = (el) => el.matches('button, .bk-btn, a.open-app, a.home-link, [data-tap]');
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) walk(el.shadowRoot);
      const r = shown(el);
      if (!r) continue;
      if (isButton(el) && el.tagName !== 'svg' && !(el instanceof SVGElement) &&
          (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)) {
        found.push(`text overflows its button "${name(el)}" (text ${el.scrollWidth}x` +
                   `${el.scrollHeight} px in ${el.clientWidth}x${el.clientHeight} px)`);
      }
      const host = root.host;
      if (el.matches('.bk-btn') && host) {
        const box = host.getBoundingClientRect();
        if (r.right > box.right + 1 || r.left < box.left - 1) {
          found.push(`button "${name(el)}" is ${Math.round(r.width)} px wide in its ` +
                     `${Math.round(box.width)} px place`);
        }
      }
      if (el.tagName === 'SUMMARY' && r.height < 43.5) {
        found.push(`the fold "${name(el).slice(0, 40)}" is tapped on a line ` +
                   `${Math.round(r.height)} px tall (a finger needs 44)`);
      }
      if ((r.right > W + 1 || r.left < -1) && !heldInside(el)) {
        found.push(`${el.tagName.toLowerCase()}.${String(el.className).slice(0, 40)} ` +
                   `"${name(el).slice(0, 40)}" reaches ${Math.round(r.left)}..` +
                   `${Math.round(r.right)} px on a ${W} px screen`);
      }
    }
  };
  walk(document);
  const scroller = document.scrollingElement;
  if (scroller.scrollWidth > W + 1) {
    found.push(`the page scrolls sideways to ${scroller.scrollWidth} px`);
  }
  return found;
}
"""

def watch_requests(page: Page, server_url: str) -> list[str]:
    """Every URL the page asks for that is not on the server (blob: URLs it made itself
    from the server's pages count as the server's)."""
    outside: list[str] = []
    mine = (server_url, f"blob:{server_url}", "data:")

    def seen(request) -> None:
        if not request.url.startswith(mine):
            outside.append(request.url)

    page.on("request", seen)
    return outside


def problems(page: Page, outside: list[str] | None = None) -> list[str]:
    found = list(page.evaluate(FIT_JS))
    found += [f"a request left the server: {url}" for url in outside or []]
    return found


CLOSED_FOLD = re.compile(r"^▸ ")  # a closed section's title button (companion.ui.Fold)
SECTION = ".companion-section"  # every section of a page (companion.ui.template)


def open_every_fold(page: Page, most: int = 30) -> int:
    """Taps each closed section's title until none is left (a section's contents are built
    when it first opens, and may hold more closed sections), as a player would."""
    opened = 0
    closed = page.get_by_role("button", name=CLOSED_FOLD)
    while opened < most and closed.count():
        title = closed.first.inner_text().strip()
        still_closed = page.get_by_role("button", name=title, exact=True).first
        is_open = page.get_by_role("button", name="▾ " + title[2:], exact=True).first
        # The page may still be growing from the fold opened before (a long section built
        # on its first opening), moving this title under the finger: tap it again then.
        for _ in range(3):
            if still_closed.count():
                still_closed.click()
            try:
                is_open.wait_for(timeout=5_000)
                break
            except PlaywrightTimeout:
                continue
        expect(is_open).to_be_visible(timeout=5_000)
        opened += 1
    return opened
