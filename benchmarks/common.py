"""Shared measuring tools for `make bench`: browser round trips and in-process timings."""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, CDPSession, Locator, Page

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.conftest import CHROMIUM_ARGS, Server, chromium_path  # noqa: E402

__all__ = [
    "CHROMIUM_ARGS",
    "ROOT",
    "TAP_CLOCK_SCRIPT",
    "WATCH_EVERY_ROOT_JS",
    "Finger",
    "Sample",
    "Server",
    "Timing",
    "blank_page",
    "chromium_path",
    "median_ms",
    "new_page",
    "pair_every_tap_with",
    "round_trips",
    "shadow_text_js",
    "throttle_cpu",
    "timed_tap",
]
ROUNDS = 30
SETTLE_MS = 250  # between taps, untimed
FRAME_MS = 1000 / 60
# Where in the screen's frame a tap lands, a different place each tap (seeded: the same
# places every run).
_PHASE = random.Random(19)


class Sample(float):
    """Milliseconds by the harness clock (Playwright's click until its polling sees the
    change), with the same tap by the page's own clock: `dom`, from the input event to the
    first moment the change is in the DOM, and `frame`, to the end of the first frame
    rendered after it (None where the page gave no reading). `bare` is the bare app's tap
    measured right beside it, a Sample too (None when nothing was paired): the table reads
    the one against the other, clock by clock."""

    bare: Sample | None = None
    dom: float | None = None
    frame: float | None = None

    @classmethod
    def paired(cls, ms: float, bare: Sample | None, dom: float | None = None,
               frame: float | None = None) -> Sample:
        sample = cls(ms)
        sample.bare, sample.dom, sample.frame = bare, dom, frame
        return sample

    @classmethod
    def median(cls, samples: list[Sample]) -> Sample:
        """The median of each clock's figures (and of the paired bare taps', alike)."""
        bares = [getattr(s, "bare", None) for s in samples]
        return cls.paired(statistics.median(samples),
                          Sample.median(bares) if None not in bares else None,
                          _median(_readings(samples, "dom")),
                          _median(_readings(samples, "frame")))


def _readings(samples: list[float], clock: str) -> list[float] | None:
    """Every sample's figure by the in-page `clock`, or None if one sample has none."""
    figures = [getattr(s, clock, None) for s in samples]
    return None if None in figures else figures


def _median(figures: list[float] | None) -> float | None:
    return statistics.median(figures) if figures else None


def _p95(figures: list[float] | None) -> float | None:
    if not figures:
        return None
    ordered = sorted(figures)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


class Timing(Sample):
    """A median in milliseconds that also carries the 95th percentile of its samples (the
    table prints it in its own column), by each clock, and the medians of the bare taps
    paired with them (`bare`)."""

    p95: float
    dom_p95: float | None = None
    frame_p95: float | None = None

    @classmethod
    def of(cls, times: list[float]) -> Timing:
        timing = cls.median(times)
        timing.p95 = _p95(times)
        timing.dom_p95 = _p95(_readings(times, "dom"))
        timing.frame_p95 = _p95(_readings(times, "frame"))
        return timing


# One round trip of the bare app, in ms, taken right before every timed app tap (set by
# `run.py`; None: taps are timed alone).
_paired_tap: Callable[[], Sample] | None = None


def pair_every_tap_with(bare_round_trip: Callable[[], Sample] | None) -> None:
    """From now on every `timed_tap` first times one bare round trip: each row's ratio is
    then to the bare taps made in the same minute, alternated with its own.

    This machine's speed drifts within a module's minute: Dice Lab's roll, which does
    almost no server work, read 0.94x of a baseline taken just before its module in two
    runs and 1.25x in a third. Tapping both in turn is how two versions of the code were
    compared without that drift; the table now does the same for the app against the bare
    app."""
    global _paired_tap
    _paired_tap = bare_round_trip


def median_ms(call: Callable[[], object], repeat: int = 30) -> float:
    """The median wall time of `call()` in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


class Finger:
    """A tap as a finger makes it: the target is found first, untimed (`aim`), then the
    timed tap is a touch at its centre. Playwright's `locator.click()` searches the page's
    accessibility tree on every call, which costs more the bigger the page: that search is
    the benchmark's, not the app's.

    `target` is a Locator, or a function that returns the next one (called once per aim).
    Aiming also lets the page settle for `SETTLE_MS`: a person taps again a moment after he
    has seen the last change, not while the browser is still painting it. Then a random
    part of a frame more, after the target is found: a person's taps do not keep time with
    the screen. With the settle time alone (15 frames) every tap of a run landed at about
    the same moment of the frame, so all of a run's rounds waited alike for the frame that
    shows the change: the same code measured 26 ms in one run and 36 ms in the next.

    The random part comes last because finding the target keeps time with the page's
    frames (Playwright waits for an animation frame to see it stand still), and the
    browser hands the page the server's answer only after the first frame that follows a
    tap. Drawn before the look-up, the random part was undone: 12 of 14 card game key taps
    landed 3.4-6.7 ms after a frame, and the next frame came 12.1 ms (median) after a key
    tap against 4.3 after a bare tap, so the bench read the card game's tap 1.73x the bare
    one where, tapped at random moments, they are alike.
    """

    def __init__(self, page: Page, target: Locator | Callable[[], Locator]):
        self.page, self.target = page, target
        self.point: tuple[float, float] | None = None

    def aim(self) -> None:
        self.page.wait_for_timeout(SETTLE_MS)
        locator = self.target if isinstance(self.target, Locator) else self.target()
        locator.scroll_into_view_if_needed()
        box = locator.bounding_box()
        self.point = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        time.sleep(_PHASE.uniform(0, FRAME_MS) / 1000)

    def __call__(self) -> None:
        if self.point is None:
            self.aim()
        self.page.mouse.click(*self.point)
        self.point = None


def timed_tap(page: Page, tap: Callable[[], None], done: str | Callable[[], str],
              arg: object = None, paired: bool = True) -> Sample:
    """Milliseconds from `tap()` until the JS predicate `done` (given `arg`) holds on `page`,
    by the harness clock and by the page's own (`TAP_CLOCK_SCRIPT`), with a bare round trip
    timed just before (see `pair_every_tap_with`). A `Finger` is aimed before its timer
    starts, after the bare tap, so the bare page has settled. `done` may be a function that
    gives the predicate once the tap is aimed (a `Finger` whose aim picks the next target).
    A `Finger` may tap another page than the one awaited (`page`): the page clocks are then
    read against each other by their time origins."""
    bare = _paired_tap() if paired and _paired_tap else None
    tapped = tap.page if isinstance(tap, Finger) else page
    pages = {tapped, page}
    for each in pages:
        _set_throttle(each, _cpu_throttle)
    try:
        return _timed(page, tapped, tap, done, arg, bare)
    finally:
        for each in pages:
            _set_throttle(each, 1)


def _timed(page: Page, tapped: Page, tap: Callable[[], None], done: str | Callable[[], str],
           arg: object, bare: Sample | None) -> Sample:
    if isinstance(tap, Finger):
        tap.aim()
    predicate = done() if callable(done) else done
    tapped.evaluate("() => window.__tapClock.awaitInput()")
    page.evaluate("([predicate, arg]) => window.__tapClock.awaitChange(predicate, arg)",
                  [predicate, arg])
    start = time.perf_counter()
    tap()
    page.wait_for_function(predicate, arg=arg, timeout=20_000)
    harness_ms = (time.perf_counter() - start) * 1000
    input_at = tapped.evaluate("() => window.__tapClock.inputAt()")
    shown = page.evaluate("() => window.__tapClock.shown()")
    if input_at is None or shown is None:
        return Sample.paired(harness_ms, bare)
    return Sample.paired(harness_ms, bare, shown["dom"] - input_at, shown["frame"] - input_at)


def round_trips(page: Page, tap: Callable[[], None], changed: Callable[[int], str],
                rounds: int = ROUNDS, paired: bool = True) -> Timing:
    """Milliseconds from a tap until the JS predicate `changed(i)` holds: the median, with
    the 95th percentile, by each clock (see `timed_tap`)."""
    return Timing.of([timed_tap(page, tap, lambda i=i: changed(i), paired=paired)
                      for i in range(1, rounds + 1)])


# Inside an init script that defines `watch(root)`: calls it for the document and for
# every shadow root the page attaches (the script runs before the page's own, so none is
# missed).
WATCH_EVERY_ROOT_JS = """
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, init);
    watch(root);
    return root;
  };
  watch(document);
"""

# The page's text (skipping style and script elements), kept per shadow root and
# walked again only where the DOM changed. Installed before the page's own scripts, so
# every shadow root Bokeh attaches is watched from its start.
PAGE_TEXT_SCRIPT = """
(() => {
  const kept = new WeakMap();  // a shadow root (or the document) -> its text
  const forget = (root) => {  // a change in a root changes the text of the roots around it
    for (let r = root; r; r = r.host ? r.host.getRootNode() : null) kept.delete(r);
  };
  const watch = (root) => new MutationObserver(() => {
    forget(root);
    if (window.__tapClock) window.__tapClock.domChanged();
  }).observe(root, {childList: true, subtree: true, characterData: true});
""" + WATCH_EVERY_ROOT_JS + """
  // One flat list of text pieces per root, no array or string a level: the page's text is
  // the same, and a whole walk of License to Kill took 0.4 ms instead of 2.3 ms.
  const collect = (n, out) => {
    for (let c = n.firstChild; c !== null; c = c.nextSibling) {
      const type = c.nodeType;
      if (type === 3) {
        out.push(c.data);
      } else if (type === 1 && c.nodeName !== 'STYLE' && c.nodeName !== 'SCRIPT') {
        if (c.shadowRoot) { out.push(rootText(c.shadowRoot, c.shadowRoot)); }
        collect(c, out);
      }
    }
  };
  const rootText = (root, top) => {
    let text = kept.get(root);
    if (text === undefined) {
      const out = [];
      collect(top, out);
      text = out.join(' ');
      kept.set(root, text);
    }
    return text;
  };
  window.__pageText = () => document.body ? rootText(document, document.body) : '';
})();
"""


# The page's own clock for a tap (see `timed_tap`): the input event, the first moment the
# awaited predicate holds (looked at after every DOM change `PAGE_TEXT_SCRIPT` observes, and
# on every animation frame for changes no observer reports, such as attributes), and the
# end of the first frame rendered after it. Times are absolute (time origin + now), so a
# tap on one page can be read against a change on another.
TAP_CLOCK_SCRIPT = """
(() => {
  const now = () => performance.timeOrigin + performance.now();
  let predicate = null, listening = false, checkQueued = false, reported = null;
  const clock = window.__tapClock = {pressAt: null, clickAt: null, domAt: null, frameAt: null};
  // Each event's own time stamp: a main thread busy when the finger lands counts.
  const stamp = (event) => performance.timeOrigin + event.timeStamp;
  const onPress = (event) => {
    if (listening && clock.pressAt === null) clock.pressAt = stamp(event);
  };
  const onClick = (event) => {
    if (listening && clock.clickAt === null) clock.clickAt = stamp(event);
  };
  for (const type of ['pointerdown', 'mousedown', 'touchstart', 'keydown']) {
    window.addEventListener(type, onPress, {capture: true, passive: true});
  }
  window.addEventListener('click', onClick, {capture: true, passive: true});
  // Every tap of these apps acts on the click, the finger's release; the time from press
  // to release is the finger's (two of Playwright's commands apart here: the harness's).
  clock.inputAt = () => clock.clickAt ?? clock.pressAt;
  // A frame's style, layout and paint run after its animation frame callbacks, in the same
  // task: a message posted from one arrives once that frame is rendered.
  const afterThisFrame = () => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { clock.frameAt = now(); reported(); };
    channel.port2.postMessage(null);
  };
  const check = (inFrame) => {
    if (predicate === null || clock.domAt !== null) return;
    // The change was on the page when the look began: the look itself (a walk of the
    // page's text, 0.6-0.8 ms on License to Kill at 4x CPU throttling, 0.1 on the bare
    // app) is the bench's work, not the app's.
    const lookedAt = now();
    let holds = false;
    try { holds = predicate(); } catch (error) { holds = false; }
    if (!holds) return;
    clock.domAt = lookedAt;
    predicate = null;
    if (inFrame) afterThisFrame(); else requestAnimationFrame(afterThisFrame);
  };
  const everyFrame = () => {
    if (predicate === null) return;
    check(true);
    requestAnimationFrame(everyFrame);
  };
  clock.domChanged = () => {
    if (predicate === null || checkQueued) return;
    checkQueued = true;  // once for all the roots one batch of DOM changes touched
    queueMicrotask(() => { checkQueued = false; check(false); });
  };
  clock.awaitInput = () => { clock.pressAt = clock.clickAt = null; listening = true; };
  clock.awaitChange = (source, arg) => {
    const compiled = (0, eval)('(' + source + ')');
    predicate = typeof compiled === 'function' ? () => compiled(arg) : () => (0, eval)(source);
    clock.domAt = clock.frameAt = null;
    const frame = new Promise((resolve) => { reported = resolve; });
    // No reading (null) rather than a hang if the page never saw the change itself.
    clock.shown = () => Promise.race([
      frame.then(() => ({dom: clock.domAt, frame: clock.frameAt})),
      new Promise((resolve) => setTimeout(() => resolve(null), 10000))]);
    requestAnimationFrame(everyFrame);
  };
})();
"""

# CPU throttling of the pages the bench times (1: none), set by `run.py --throttle`.
_cpu_throttle = 1.0
# Each page's DevTools session (a session's emulation ends when it detaches).
_throttle_sessions: dict[Page, CDPSession] = {}


def throttle_cpu(rate: float) -> None:
    """From now on every page the bench times runs its main thread `rate` times as slow
    (Chromium's `Emulation.setCPUThrottlingRate`), the bare page and the apps' alike: a
    page `blank_page` opens from its start (a first render), a page `new_page` opens only
    while `timed_tap` times a tap on it. Pages of one renderer process share its main
    thread, and the rates of several throttled pages in one process multiply: with every
    open page throttled, a run's bare tap grew from 36 to 89 ms over three modules, and a
    busy loop in a page ran 5x as slow again with six more throttled pages open."""
    global _cpu_throttle
    _cpu_throttle = rate


def _set_throttle(page: Page, rate: float) -> None:
    session = _throttle_sessions.get(page)
    if session is not None:
        session.send("Emulation.setCPUThrottlingRate", {"rate": rate})


def blank_page(browser: Browser, **options) -> Page:
    """A page in its own context, throttled from its start as `throttle_cpu` says, with no
    script of ours."""
    page = browser.new_page(**options)
    if _cpu_throttle != 1:
        _throttle_sessions[page] = page.context.new_cdp_session(page)
        _set_throttle(page, _cpu_throttle)
        page.on("close", lambda closed: _throttle_sessions.pop(closed, None))
    return page


def new_page(browser: Browser, **options) -> Page:
    """A page (in its own context) whose text `shadow_text_js` reads from what is kept, and
    whose taps `timed_tap` times by the page's own clock too (throttled while timed)."""
    page = blank_page(browser, **options)
    _set_throttle(page, 1)
    page.add_init_script(PAGE_TEXT_SCRIPT)
    page.add_init_script(TAP_CLOCK_SCRIPT)
    return page


def shadow_text_js(condition: str) -> str:
    """A JS predicate over all text in a `new_page` page (shadow roots included), named
    `text`.

    Style and script elements are skipped: their text is not the page's, and walking the
    stylesheets of every shadow root took up to 40 ms a look on the biggest page. Only the
    shadow roots that changed since the last look are walked again: a whole walk took about
    4 ms of the browser's main thread a look on License to Kill (against 0.1 ms on the bare
    page), and the polling looks every frame while a round trip waits.
    """
    return f"() => {{ const text = window.__pageText(); return {condition}; }}"
