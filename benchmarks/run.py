"""`make bench`: every measurement as a ratio to a bare Panel round trip, in one run.

The baseline is a bare Panel app (one button, one text) served the same way:
tap -> updated text. Each `benchmarks/bench_*.py` module adds rows through
`measure(browser, tmp) -> list[tuple[str, float]]` (name, milliseconds).
Nothing here is asserted; the numbers go into the issue notes.
"""

from __future__ import annotations

import importlib
import tempfile
from pathlib import Path

from common import (
    CHROMIUM_ARGS,
    ROOT,
    Finger,
    Server,
    Timing,
    chromium_path,
    new_page,
    round_trips,
    shadow_text_js,
)
from playwright.sync_api import Browser, sync_playwright


def bare_round_trip(browser: Browser, tmp: Path) -> float:
    server = Server(["benchmarks/bare_app.py"], tmp / "bare.sqlite3")
    try:
        page = new_page(browser)
        page.goto(server.url + "/bare_app")
        button = page.get_by_role("button", name="Click")
        button.wait_for()
        tap = Finger(page, button)
        round_trips(page, tap, lambda i: shadow_text_js(f"text.includes('clicks: {i}')"),
                    rounds=5)  # warm-up
        offset = 5
        return round_trips(page, tap, lambda i: shadow_text_js(
            f"text.includes('clicks: {offset + i}')"))
    finally:
        server.stop()


def main() -> None:
    modules = sorted(p.stem for p in (ROOT / "benchmarks").glob("bench_*.py"))
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        base = bare_round_trip(browser, Path(tmp))
        rows = [("bare Panel round trip (baseline)", base)]
        failed: list[str] = []
        for name in modules:
            try:
                rows += importlib.import_module(name).measure(browser, Path(tmp))
            except Exception as error:  # one broken module must not hide the others' rows
                failed.append(f"{name}: {type(error).__name__}: {str(error)[:200]}")
        browser.close()
    width = max(len(name) for name, _ in rows)
    print(f"{'measurement':<{width}}  {'median':>10}  {'ratio to baseline':>17}"
          f"  {'95th percentile / baseline':>26}")
    for name, ms in rows:
        p95 = f"{ms.p95 / base:>25.3f}x" if isinstance(ms, Timing) else ""
        print(f"{name:<{width}}  {ms:>7.2f} ms  {ms / base:>16.3f}x  {p95}")
    for failure in failed:
        print(f"FAILED {failure}")
    if failed:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
