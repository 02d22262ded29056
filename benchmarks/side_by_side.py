"""Old code against new, served at once: `python side_by_side.py REV golden_goal` (or
goldfinger, or dice_lab) serves the app from a checkout of REV and from this tree, opens a
page of each in one browser, and taps the app's roll (Dice Lab: '3 dice' and '2 dice' in
turn) on each in turn, in blocks of 4 (the side that goes first alternates), then prints
each side's median and 95th percentile to the DOM change and to the frame after it, by the
page's own clock.

This machine's speed drifts by 20-30% within minutes, so rows of two runs (or two whole
`make bench` runs) do not compare; taps alternated in one run do. TAP_THROTTLE=4 slows the
pages as `run.py --throttle 4`; BLOCKS sets the number of blocks (10: 40 taps a side). Not
part of `make bench`; a tool for deciding whether a change helped.
"""

from __future__ import annotations

import itertools
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from bench_dice_lab import check_shown, dice_lab_opened
from bench_golden_goal import ROLLED, app_roll_armed, to_blues_turn
from bench_goldfinger import tracker_roll
from common import ROOT, Finger, new_page, shadow_text_js, throttle_cpu, timed_tap
from playwright.sync_api import Page, sync_playwright

import tests.conftest as served
from tests.conftest import CHROMIUM_ARGS, chromium_path

TAPS_A_BLOCK = 4


def golden_goal_roll(page: Page, url: str) -> Callable:
    """Blue's roll, by the app, taken back between taps (as `bench_golden_goal`)."""
    page.goto(url + "/golden_goal")
    page.get_by_role("button", name="Orange places first").wait_for()
    page.wait_for_timeout(500)
    to_blues_turn(page)
    roll, undo = app_roll_armed(page)

    def tap():
        roll.wait_for()
        page.wait_for_timeout(200)
        sample = timed_tap(page, Finger(page, roll), ROLLED, paired=False)
        undo.click()
        page.wait_for_function(f"!({ROLLED})()")
        return sample
    return tap


def goldfinger_roll(page: Page, url: str) -> Callable:
    """Bond's movement roll in a tracker game, taken back between taps."""
    roll = tracker_roll(page, url)
    undo = page.get_by_role("button", name="↶ Undo")
    rolled = shadow_text_js("/(^|\\s)3\\. Turn 1: Bond rolls/.test(text)")
    gone = shadow_text_js("!/(^|\\s)3\\. /.test(text)")

    def tap():
        roll.wait_for()
        page.wait_for_timeout(200)
        sample = timed_tap(page, Finger(page, roll), rolled, paired=False)
        undo.click()
        page.wait_for_function(gone)
        return sample
    return tap


def dice_lab_counts(page: Page, url: str) -> Callable:
    """'3 dice', then '2 dice', each until the check's odds say so (as `bench_dice_lab`)."""
    dice_lab_opened(page, url)
    counts = itertools.cycle(("3 dice", "2 dice"))

    def tap():
        count = next(counts)
        page.wait_for_timeout(200)
        return timed_tap(page, Finger(page, page.get_by_role("button", name=count)),
                         check_shown(count), paired=False)
    return tap


TAPS = {"golden_goal": golden_goal_roll, "goldfinger": goldfinger_roll,
        "dice_lab": dice_lab_counts}


def serve(root: Path, app: str, db: Path) -> served.Server:
    """`panel serve` of `app` from the checkout at `root` (its own code, not this tree's)."""
    served.ROOT = root
    os.environ["PYTHONPATH"] = str(root)
    try:
        return served.Server(["apps/index.py", f"apps/{app}.py"], db, index="index")
    finally:
        served.ROOT = ROOT
        del os.environ["PYTHONPATH"]


def p95(values: list[float]) -> float:
    return sorted(values)[int(0.95 * (len(values) - 1))]


def main(rev: str, app: str) -> None:
    throttle_cpu(float(os.environ.get("TAP_THROTTLE", 1)))
    with tempfile.TemporaryDirectory() as tmp:
        old_root = Path(tmp) / "old"
        subprocess.run(["git", "worktree", "add", "--detach", "-q", str(old_root), rev],
                       cwd=ROOT, check=True)
        servers = {}
        try:
            servers = {"old": serve(old_root, app, Path(tmp) / "old.sqlite3"),
                       "new": serve(ROOT, app, Path(tmp) / "new.sqlite3")}
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=chromium_path(),
                                             args=CHROMIUM_ARGS)
                taps = {side: TAPS[app](new_page(browser, viewport={"width": 1024,
                                                                    "height": 768}),
                                        server.url) for side, server in servers.items()}
                samples: dict[str, list] = {"old": [], "new": []}
                for block in range(int(os.environ.get("BLOCKS", 10))):
                    for side in ("old", "new") if block % 2 == 0 else ("new", "old"):
                        samples[side] += [taps[side]() for _ in range(TAPS_A_BLOCK)]
                browser.close()
        finally:
            for server in servers.values():
                server.stop()
            subprocess.run(["git", "worktree", "remove", "--force", str(old_root)], cwd=ROOT,
                           check=False)
    for side in ("old", "new"):
        dom = [s.dom for s in samples[side]]
        frame = [s.frame for s in samples[side]]
        print(f"{app} {side} ({rev if side == 'old' else 'this tree'}): "
              f"to DOM {statistics.median(dom):.1f} ms (p95 {p95(dom):.1f}), "
              f"to frame {statistics.median(frame):.1f} ms (p95 {p95(frame):.1f}), "
              f"{len(dom)} taps")


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[2] not in TAPS:
        sys.exit(f"usage: python side_by_side.py REV {{{','.join(TAPS)}}}")
    main(sys.argv[1], sys.argv[2])
