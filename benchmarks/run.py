"""Browser round trips (tap -> updated text), measured in one run and reported as ratios.

Run with `make bench`. Nothing here is asserted: the numbers are for the issue notes.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import CHROMIUM_ARGS, Server, chromium_path  # noqa: E402

ROUNDS = 30


def round_trips(page: Page, tap, changed) -> list[float]:
    """Milliseconds from each tap until `changed(i)` holds, over ROUNDS taps."""
    times = []
    for i in range(1, ROUNDS + 1):
        start = time.perf_counter()
        tap()
        page.wait_for_function(changed(i), timeout=20_000)
        times.append((time.perf_counter() - start) * 1000)
    return times


def shadow_text_js(condition: str) -> str:
    """A JS predicate over all text in the page, shadow roots included."""
    return (
        "() => { const walk = (n) => (n.shadowRoot ? walk(n.shadowRoot) : '') + "
        "[...n.childNodes].map(c => c.nodeType === 3 ? c.textContent : walk(c)).join(' ');"
        f" const text = walk(document.body); return {condition}; }}"
    )


def bare(page: Page, server: Server) -> list[float]:
    page.goto(server.url + "/bare_app")
    button = page.get_by_role("button", name="Click")
    button.wait_for()
    return round_trips(page, button.click,
                       lambda i: shadow_text_js(f"text.includes('clicks: {i}')"))


def dice_lab(page: Page, server: Server) -> list[float]:
    page.goto(server.url + "/dice_lab")
    button = page.get_by_role("button", name="Roll: app rolls 2 dice")
    button.wait_for()
    page.wait_for_timeout(500)
    done = page.locator(".log-line").count()  # a resumed session already has some
    return round_trips(page, button.click, lambda i: shadow_text_js(
        f"/(^|\\s){done + i}\\. 2 dice, at most 7/.test(text)"))


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        results = {}
        for name, app, measure in [("bare Panel app", "benchmarks/bare_app.py", bare),
                                   ("Dice Lab", "apps/dice_lab.py", dice_lab)]:
            server = Server([app], Path(tmp) / f"{name}.sqlite3")
            try:
                page = browser.new_page(viewport={"width": 1024, "height": 768})
                measure(page, server)  # warm-up
                page.close()
                page = browser.new_page(viewport={"width": 1024, "height": 768})
                results[name] = statistics.median(measure(page, server))
            finally:
                server.stop()
        browser.close()
    base = results["bare Panel app"]
    print(f"{'app':<16} {'median round trip':>18} {'ratio to bare':>14}")
    for name, ms in results.items():
        print(f"{name:<16} {ms:>15.1f} ms {ms / base:>13.2f}x")


if __name__ == "__main__":
    main()
