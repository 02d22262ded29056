"""The bench's in-page clock (`benchmarks/common.py`, issue #39) measures what it claims:
a tap whose server handler sleeps 50 ms reads about 50 ms more than the bare tap, to the
DOM change and to the frame after it. Bounds are wide (the point is that the clock sees
the server's time, and little else): this is not a timed test of the apps."""

import importlib.util
import statistics

import pytest

from tests.conftest import ROOT, Server


def bench_common():
    spec = importlib.util.spec_from_file_location("bench_common",
                                                  ROOT / "benchmarks" / "common.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Counter:
    """One served counter app's page, tapped and timed by the page's own clock."""

    def __init__(self, common, browser, url: str):
        self.common = common
        self.page = common.new_page(browser)
        self.page.goto(url)
        button = self.page.get_by_role("button", name="Click")
        button.wait_for()
        self.finger, self.clicks = common.Finger(self.page, button), 0

    def tap(self):
        self.clicks += 1
        return self.common.timed_tap(self.page, self.finger, self.common.shadow_text_js(
            f"text.includes('clicks: {self.clicks}')"), paired=False)


@pytest.mark.browser
def test_the_in_page_clock_reads_a_50_ms_server_sleep_as_about_50_ms_more(browser, tmp_path):
    common = bench_common()
    server = Server(["benchmarks/bare_app.py", "benchmarks/sleepy_app.py"],
                    tmp_path / "clock.sqlite3")
    try:
        bare = Counter(common, browser, server.url + "/bare_app")
        sleepy = Counter(common, browser, server.url + "/sleepy_app")
        for counter in (bare, sleepy):  # warm-up
            counter.tap()
        pairs = [(bare.tap(), sleepy.tap()) for _ in range(15)]
    finally:
        server.stop()
    # The frame after a change ends on the screen's frame (every 1000/60 ms here): that
    # clock reads 50 ms as two or three frames more (one run under load: 38 ms at the
    # median of the pairs, the DOM clock 50), so it may read up to a frame less.
    frame_ms = 1000 / 60
    for clock, fewest in (("dom", 40), ("frame", 50 - frame_ms - 4)):
        # Each sleepy tap against the bare tap right before it: a busy machine slows both
        # of a pair alike (the medians of each side apart read 37.7 ms once under CI's load,
        # the bare side's pushed up).
        more = statistics.median(getattr(s, clock) - getattr(b, clock) for b, s in pairs)
        bare_ms = statistics.median(getattr(b, clock) for b, _ in pairs)
        sleepy_ms = statistics.median(getattr(s, clock) for _, s in pairs)
        assert 0 < bare_ms < sleepy_ms
        assert fewest <= more <= 110, (clock, [(getattr(b, clock), getattr(s, clock))
                                               for b, s in pairs])
