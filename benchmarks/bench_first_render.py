"""First render: from the request for an app's page to its first usable button, for every
app, beside the bare Panel app's (one button) measured the same way.

Each app is served alone (with the index, as `make serve` does) on a fresh store, so the
first visit opens a new game; a page is opened, timed until its Undo button (every game
has one) can be clicked, and closed. Each app visit is paired with a visit to the bare app
right before it, and an app's row reads against the median of its own paired bare visits
(this machine's speed drifts within a module's minute).

Two clocks: the harness's (from `goto` until Playwright sees the button visible) and the
page's own (`FIRST_USABLE_BUTTON_SCRIPT`: from navigation start to the first moment the
button is enabled and has a box, and to the end of the first frame rendered after it).
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from common import WATCH_EVERY_ROOT_JS, Sample, Server, blank_page
from playwright.sync_api import Browser
from playwright.sync_api import Error as PlaywrightError

from companion.core.registry import games

VISITS = 7

# Every <button> the page adds, in the document or any shadow root (one observer for all),
# looked at after each batch of DOM changes and on every animation frame until the button
# named NAME is laid out with a box (what Playwright calls visible) and some enabled button
# is too: a game's Undo, the button every game has, is disabled in a new game. Times are
# the page's `performance.now()`: milliseconds since navigation start.
FIRST_USABLE_BUTTON_SCRIPT = """
(() => {
  const name = NAME.toLowerCase();
  const buttons = [];
  const first = window.__firstUsableButton = {domAt: null, frameAt: null};
  let checkQueued = false;
  const named = (b) => (b.getAttribute('aria-label') || b.textContent)
    .replace(/\\s+/g, ' ').trim().toLowerCase().includes(name);
  const laidOut = (b) => {
    const box = b.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(b).visibility !== 'hidden';
  };
  // The cheap tests first: a box needs the page's layout.
  const usable = () => buttons.some((b) => b.isConnected && named(b) && laidOut(b))
    && buttons.some((b) => b.isConnected && !b.disabled && laidOut(b));
  const afterThisFrame = () => {  // see TAP_CLOCK_SCRIPT in common.py
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { first.frameAt = performance.now(); };
    channel.port2.postMessage(null);
  };
  const check = (inFrame) => {
    if (first.domAt !== null || !usable()) return;
    first.domAt = performance.now();
    if (inFrame) afterThisFrame(); else requestAnimationFrame(afterThisFrame);
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) continue;
        if (node.nodeName === 'BUTTON') buttons.push(node);
        buttons.push(...node.querySelectorAll('button'));
      }
    }
    if (first.domAt === null && !checkQueued) {
      checkQueued = true;
      queueMicrotask(() => { checkQueued = false; check(false); });
    }
  });
  const watch = (root) => observer.observe(root, {childList: true, subtree: true});
""" + WATCH_EVERY_ROOT_JS + """  const everyFrame = () => {
    check(true);
    if (first.domAt === null) requestAnimationFrame(everyFrame);
  };
  requestAnimationFrame(everyFrame);
})();
"""


def first_render(browser: Browser, url: str, ready: str) -> Sample:
    """Milliseconds from `goto` to the button named `ready` being visible (the harness
    clock), with the page's own clock from navigation start (`dom`, `frame`: see
    `FIRST_USABLE_BUTTON_SCRIPT`)."""
    page = blank_page(browser, viewport={"width": 1024, "height": 768})
    page.add_init_script(FIRST_USABLE_BUTTON_SCRIPT.replace("NAME", json.dumps(ready)))
    start = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.get_by_role("button", name=ready).first.wait_for(state="visible", timeout=60_000)
    elapsed = (time.perf_counter() - start) * 1000
    try:
        page.wait_for_function("() => window.__firstUsableButton.frameAt !== null",
                               timeout=10_000)
        seen = page.evaluate("() => window.__firstUsableButton")
    except PlaywrightError:  # the page never saw its button itself: no reading
        seen = {"domAt": None, "frameAt": None}
    page.close()
    return Sample.paired(elapsed, None, seen["domAt"], seen["frameAt"])


def measure(browser: Browser, tmp: Path) -> list[tuple[str, float]]:
    bare = Server(["benchmarks/bare_app.py"], tmp / "first-bare.sqlite3")
    bare_url = bare.url + "/bare_app"
    rows, all_bare = [], []
    try:
        first_render(browser, bare_url, "Click")  # warm-up
        for game in games():
            server = Server(["apps/index.py", f"apps/{game.name}.py"],
                            tmp / f"first-{game.name}.sqlite3", index="index")
            try:
                bare_times, app_times = [], []
                for _ in range(VISITS):
                    bare_times.append(first_render(browser, bare_url, "Click"))
                    app_times.append(first_render(browser, f"{server.url}/{game.name}",
                                                  "↶ Undo"))
            finally:
                server.stop()
            all_bare += bare_times
            for app, paired_bare in zip(app_times, bare_times, strict=True):
                app.bare = paired_bare
            rows.append((f"First render: {game.title}", Sample.median(app_times)))
    finally:
        bare.stop()
    return [("First render: bare Panel app (every paired visit)", Sample.median(all_bare)),
            *rows]
