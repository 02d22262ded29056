"""`make bench`: every measurement as a ratio to a bare Panel round trip, in one run.

The baseline is a bare Panel app (one button, one text) served the same way:
tap -> updated text, measured again right before each module (`BareApp`). Each
`benchmarks/bench_*.py` module adds rows through `measure(browser, tmp) ->
list[tuple[str, float]]` (name, milliseconds). A timed tap is paired with a bare tap
right before it (`common.pair_every_tap_with`) and its row reads against those bare taps
("paired"); a row without pairs (in-process work) reads against the baseline measured
before its module ("before").
Nothing here is asserted; the numbers go into the issue notes.
"""

from __future__ import annotations

import importlib
import sys
import tempfile
from pathlib import Path

from common import (
    CHROMIUM_ARGS,
    ROOT,
    ROUNDS,
    Finger,
    Server,
    Timing,
    chromium_path,
    median_ms,
    new_page,
    pair_every_tap_with,
    round_trips,
    shadow_text_js,
)
from playwright.sync_api import Browser, sync_playwright


class BareApp:
    """The bare Panel app, served for the whole run: its round trip is measured again right
    before each module, and that module's rows read against it. This machine's speed drifts
    within minutes (an unchanged pure-Python row doubled from one run to the next), so a
    baseline from the start of a 15-minute run misstated the later modules' ratios."""

    def __init__(self, browser: Browser, tmp: Path):
        self.server = Server(["benchmarks/bare_app.py"], tmp / "bare.sqlite3")
        self.page = new_page(browser)
        self.page.goto(self.server.url + "/bare_app")
        button = self.page.get_by_role("button", name="Click")
        button.wait_for()
        self.tap, self.clicks = Finger(self.page, button), 0
        self.round_trip(rounds=5)  # warm-up

    def round_trip(self, rounds: int = ROUNDS) -> Timing:
        offset, self.clicks = self.clicks, self.clicks + rounds
        return round_trips(self.page, self.tap, lambda i: shadow_text_js(
            f"text.includes('clicks: {offset + i}')"), rounds=rounds, paired=False)

    def one_round_trip(self) -> float:
        """One bare tap, timed: the one paired with an app's tap."""
        return float(self.round_trip(rounds=1))

    def stop(self) -> None:
        self.page.close()
        self.server.stop()


def python_speed_ms() -> float:
    """A fixed pure-Python workload (the kind a tap's server work is): the bare round trip
    hardly depends on how fast Python runs now, and the apps' taps do."""
    return median_ms(lambda: sorted(str(i * 7919 % 10007) for i in range(20_000)), repeat=15)


def main(only: list[str]) -> None:
    """Every module, or only the ones named (`python benchmarks/run.py bench_dice_lab`)."""
    modules = only or sorted(p.stem for p in (ROOT / "benchmarks").glob("bench_*.py"))
    rows: list[tuple[str, float, float]] = []  # (name, ms, the module's baseline ms)
    failed: list[str] = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        bare = BareApp(browser, Path(tmp))
        first, speed = bare.round_trip(), python_speed_ms()
        rows.append(("bare Panel round trip (baseline)", first, first))
        pair_every_tap_with(bare.one_round_trip)
        for name in modules:
            base, slower = bare.round_trip(), python_speed_ms() / speed
            rows.append((f"  baseline before {name} (Python {slower:.2f}x as slow)", base, first))
            try:
                rows += [(row, ms, base) for row, ms in
                         importlib.import_module(name).measure(browser, Path(tmp))]
            except Exception as error:  # one broken module must not hide the others' rows
                failed.append(f"{name}: {type(error).__name__}: {str(error)[:200]}")
        pair_every_tap_with(None)
        bare.stop()
        browser.close()
    width = max(len(name) for name, _, _ in rows)
    print(f"{'measurement':<{width}}  {'median':>10}  {'baseline (which)':>19}  {'ratio':>7}"
          f"  {'95th percentile / baseline':>26}")
    for name, ms, module_base in rows:
        paired = getattr(ms, "bare", None)
        base, which = (paired, "paired") if paired else (module_base, "before")
        p95 = f"{ms.p95 / base:>25.3f}x" if isinstance(ms, Timing) else ""
        print(f"{name:<{width}}  {ms:>7.2f} ms  {base:>7.2f} ms {which}  {ms / base:>6.3f}x"
              f"  {p95}")
    for failure in failed:
        print(f"FAILED {failure}")
    if failed:
        raise SystemExit(1)


if __name__ == "__main__":
    main(sys.argv[1:])
