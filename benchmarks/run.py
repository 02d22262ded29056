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

import argparse
import importlib
import tempfile
from pathlib import Path

from common import (
    CHROMIUM_ARGS,
    ROOT,
    ROUNDS,
    Finger,
    Sample,
    Server,
    Timing,
    chromium_path,
    median_ms,
    new_page,
    pair_every_tap_with,
    round_trips,
    shadow_text_js,
    throttle_cpu,
    timed_tap,
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

    def one_round_trip(self) -> Sample:
        """One bare tap, timed: the one paired with an app's tap."""
        self.clicks += 1
        return timed_tap(self.page, self.tap, shadow_text_js(
            f"text.includes('clicks: {self.clicks}')"), paired=False)

    def stop(self) -> None:
        self.page.close()
        self.server.stop()


def python_speed_ms() -> float:
    """A fixed pure-Python workload (the kind a tap's server work is): the bare round trip
    hardly depends on how fast Python runs now, and the apps' taps do."""
    return median_ms(lambda: sorted(str(i * 7919 % 10007) for i in range(20_000)), repeat=15)


def main(only: list[str], throttle: float = 1) -> None:
    """Every module, or only the ones named (`python benchmarks/run.py bench_dice_lab`), with
    every page's CPU `throttle` times as slow (`--throttle 4`)."""
    modules = only or sorted(p.stem for p in (ROOT / "benchmarks").glob("bench_*.py"))
    rows: list[tuple[str, float, float]] = []  # (name, ms, the module's baseline ms)
    failed: list[str] = []
    throttle_cpu(throttle)
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
    print(f"CPU throttling: {throttle:g}x" + (" (each timed page while timed, the bare app's too)"
                                               if throttle != 1 else " (none)"))
    print_table(rows)
    for failure in failed:
        print(f"FAILED {failure}")
    if failed:
        raise SystemExit(1)


def in_page_column(ms: float, clock: str) -> str:
    """A row's figure by one in-page clock: app ms / paired bare ms, the ratio of the
    medians, and the app's 95th percentile over the bare median."""
    figure, bare = getattr(ms, clock, None), getattr(getattr(ms, "bare", None), clock, None)
    if figure is None or not bare:
        return ""
    p95 = getattr(ms, f"{clock}_p95", None)
    p95_ratio = f"{p95 / bare:>6.2f}x" if p95 is not None else ""
    return f"{figure:6.1f}/{bare:5.1f} ms {figure / bare:5.2f}x {p95_ratio:>7}"


def print_table(rows: list[tuple[str, float, float]]) -> None:
    """The harness clock's columns (kept one release, to compare with older tables), then
    the page's own clock's: to the DOM change, and to the end of the frame after it."""
    width = max(len(name) for name, _, _ in rows)
    in_page = "app/bare, median ratio, p95 ratio"
    print(f"{'':<{width}}  {'harness clock (Playwright click -> polling)':^72}"
          f"  {'in-page clock: input -> DOM change':^34}  {'in-page: input -> frame after':^34}")
    print(f"{'measurement':<{width}}  {'median':>10}  {'baseline (which)':>19}  {'ratio':>7}"
          f"  {'95th percentile / baseline':>26}  {in_page:^34}  {in_page:^34}")
    for name, ms, module_base in rows:
        paired = getattr(ms, "bare", None)
        base, which = (paired, "paired") if paired else (module_base, "before")
        p95 = f"{ms.p95 / base:>25.3f}x" if isinstance(ms, Timing) else ""
        print(f"{name:<{width}}  {ms:>7.2f} ms  {base:>7.2f} ms {which}  {ms / base:>6.3f}x"
              f"  {p95:>26}  {in_page_column(ms, 'dom'):^34}  {in_page_column(ms, 'frame'):^34}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help="bench_* modules to run (default: all)")
    parser.add_argument("--throttle", type=float, default=1, metavar="RATE",
                        help="run every page's CPU RATE times as slow (4: a mid-range tablet)")
    arguments = parser.parse_args()
    main(arguments.modules, arguments.throttle)
