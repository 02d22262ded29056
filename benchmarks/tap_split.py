"""Where a tap's time goes in the page: `python tap_split.py goldfinger` (or license_to_kill,
golden_gun, golden_goal, dice_lab, mb007_tiles, mb007_cards, bare_app) taps the slow taps of
`make bench` a few times each, unpaired, under a Chromium performance trace, and prints per tap
the median of each part of the main thread's time from the input event to the end of the
frame after the change:

- wait: the main thread idle (the server's work and the network);
- parse: `JSON.parse` of the message;
- patch JS: Bokeh applying the patch (models, then the views' JS), with the style and
  layout it forces counted apart ("forced style/layout");
- resize JS: the ResizeObserver callbacks (Bokeh measuring its views again, `after_resize`),
  their forced style and layout apart;
- frame style / frame layout / paint: the browser's own frame work;
- bench: the clock's own look at the page text; other: whatever is left.

Also "to DOM" (the in-page clock of `make bench`), split at the patch's arrival
("input->patch": the browser's send, the network and the server; "patch->DOM"), and the
patch: how many events, of which model types and properties, and each one's size. The
server's side: run with `benchmarks/tap_server_hook` first on PYTHONPATH and TAP_SERVER_LOG
set (see its sitecustomize); TAP_NO_TRACE=1 times the taps without the trace, whose own
cost slows the page; TAP_THROTTLE=4 slows the page's CPU as `run.py --throttle 4`;
TAP_EACH_EVENT=1 applies each tap's patch one event at a time and times each (what each
model's change costs; the page ends up the same). Traced, it also names the script that
forced style or layout before the frame, and with TAP_INVALIDATIONS=1 what the tap made the
browser lay out or style again (nodes added, text changed...). Not part of `make bench`; a
tool for deciding what to change.
"""

from __future__ import annotations

import json
import os
import re
import statistics
import sys
import tempfile
from collections import Counter
from pathlib import Path

from bench_goldfinger import map_game_rolled, tracker_roll
from common import Finger, Server, new_page, shadow_text_js, throttle_cpu, timed_tap
from playwright.sync_api import Browser, Page, sync_playwright

from tests.conftest import CHROMIUM_ARGS, chromium_path

TAPS = 8

# Marks for the trace: the patch applied, each ResizeObserver callback, each long
# JSON.parse and the bench's own text walks, timed in the page.
MARKS_SCRIPT = """
(() => {
  const spans = window.__spans = [];
  const timed = (name, f) => function (...args) {
    const t0 = performance.now();
    try { return f.apply(this, args); } finally { spans.push([name, t0, performance.now()]); }
  };
  const parse = JSON.parse;
  JSON.parse = function (text, reviver) {
    if (typeof text !== 'string' || text.length < 300) return parse(text, reviver);
    const t0 = performance.now();
    try { return parse(text, reviver); } finally {
      spans.push(['parse', t0, performance.now(), text.length]);
    }
  };
  const Observer = window.ResizeObserver;
  window.ResizeObserver = class extends Observer {
    constructor(callback) { super(timed('resize', callback)); }
  };
  const wrapText = () => {
    if (window.__pageText && !window.__pageText.__timed) {
      window.__pageText = timed('bench', window.__pageText);
      window.__pageText.__timed = true;
    }
  };
  window.__wrapDocument = () => {
    wrapText();
    const doc = window.Bokeh.documents[0];
    if (doc.__wrapped) return;
    doc.__wrapped = true;
    const apply = doc.apply_json_patch.bind(doc);
    window.__patches = [];
    doc.apply_json_patch = (patch, buffers) => {
      const t0 = performance.now();
      if (window.__eachEvent && patch.events && patch.events.length > 1) {
        // One event at a time, each timed (what each costs; the page ends up the same).
        window.__eventTimes = window.__eventTimes || [];
        for (const ev of patch.events) {
          const id = ev.model && ev.model.id;
          const model = id ? doc.get_model_by_id(id) : null;
          const e0 = performance.now();
          apply({...patch, events: [ev]}, buffers);
          const size = ev.new === undefined ? 0 : JSON.stringify(ev.new).length;
          window.__eventTimes.push([(model ? model.type : '?') + '.' + (ev.attr || '') +
                                    ` (${Math.round(size / 500) / 2} KB)`,
                                    performance.now() - e0]);
        }
        spans.push(['patch', t0, performance.now()]);
        window.__patches.push(window.__eventTimes.slice(-patch.events.length)
          .map(([what]) => ['ModelChanged', what, '']));
        return;
      }
      try { return apply(patch, buffers); } finally {
        spans.push(['patch', t0, performance.now()]);
        window.__patches.push((patch.events || []).map((ev) => {
          const id = ev.model && ev.model.id;
          const model = id ? doc.get_model_by_id(id) : null;
          const size = ev.new === undefined ? 0 : JSON.stringify(ev.new).length;
          return [ev.kind, model ? model.type : '?', (ev.attr || '') + ':' + size];
        }));
      }
    };
  };
  window.__counts = () => {
    const doc = window.Bokeh.documents[0];
    let views = 0;
    const walk = (view) => {
      views += 1;
      for (const child of (view.child_views || [])) walk(child);
    };
    for (const root of Object.values(window.Bokeh.index)) walk(root);
    return {models: doc.all_models.size, views};
  };
})();
"""

STYLE = {"UpdateLayoutTree", "RecalculateStyles", "ScheduleStyleRecalculation"}
LAYOUT = {"Layout"}
PAINT = {"Paint", "PrePaint", "Layerize", "UpdateLayerTree", "UpdateLayer", "CompositeLayers",
         "Commit", "PaintImage", "Decode Image", "IntersectionObserverController::"
         "computeIntersections", "HitTest"}


def _main_thread_events(trace: dict, pid: int, tid: int) -> list[dict]:
    return [ev for ev in trace["traceEvents"] if ev.get("pid") == pid and ev.get("tid") == tid
            and ev.get("ph") == "X" and "dur" in ev]


def _self_times(events: list[dict], start: float, end: float) -> dict[str, list[tuple]]:
    """Each style, layout and paint event inside [start, end] (µs), and the busy top-level
    tasks, as (ts, dur) spans."""
    inside = [ev for ev in events if ev["ts"] >= start and ev["ts"] + ev["dur"] <= end]
    spans: dict[str, list[tuple]] = {"style": [], "layout": [], "paint": [], "task": []}
    for ev in inside:
        name = ev["name"]
        if name in STYLE - {"ScheduleStyleRecalculation"}:
            spans["style"].append((ev["ts"], ev["dur"]))
        elif name in LAYOUT:
            spans["layout"].append((ev["ts"], ev["dur"]))
        elif name in PAINT:
            spans["paint"].append((ev["ts"], ev["dur"]))
        elif name in ("RunTask", "ThreadControllerImpl::RunTask"):
            spans["task"].append((ev["ts"], ev["dur"]))
    return spans


def _within(spans: list[tuple], start: float, end: float) -> float:
    return sum(dur for ts, dur in spans if ts >= start and ts + dur <= end)


def _union(spans: list[tuple]) -> float:
    total, reach = 0.0, None
    for ts, dur in sorted(spans):
        end = ts + dur
        if reach is None or ts >= reach:
            total += dur
            reach = end
        elif end > reach:
            total += end - reach
            reach = end
    return total


class Profiler:
    """Taps under a trace; `split()` reads the trace back per tap."""

    def __init__(self, browser: Browser, page: Page):
        self.browser, self.page, self.taps = browser, page, []
        self.server_log = Path(os.environ["TAP_SERVER_LOG"]) if "TAP_SERVER_LOG" in \
            os.environ else None
        self.server: dict[str, list[float]] = {}
        self.fns: dict[str, dict[str, list[float]]] = {}
        self.event_ms: dict[str, list[float]] = {}  # TAP_EACH_EVENT: model.property -> ms

    def tap(self, name: str, finger: Finger, done: str, arg: object = None) -> None:
        page = self.page
        page.evaluate("() => window.__wrapDocument()")
        page.evaluate("(each) => { window.__spans.length = 0; window.__patches.length = 0; "
                      "window.__eachEvent = each; window.__eventTimes = []; }",
                      "TAP_EACH_EVENT" in os.environ)
        tracing = "TAP_NO_TRACE" not in os.environ
        if tracing:
            self.browser.start_tracing(page=page, categories=[
            "devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing",
            "toplevel", "v8.execute",
            *(["disabled-by-default-devtools.timeline.invalidationTracking"]
              if "TAP_INVALIDATIONS" in os.environ else [])])
        page.evaluate("() => performance.mark('origin')")
        seen = self.server_log.stat().st_size if self.server_log else 0
        if self.server_log and os.environ.get("TAP_PROFILE_ONLY", name) == name:
            Path(str(self.server_log) + ".on").touch()
        sample = timed_tap(page, finger, done, arg=arg, paired=False)
        if self.server_log:
            Path(str(self.server_log) + ".on").unlink(missing_ok=True)
            with self.server_log.open() as log:
                log.seek(seen)
                lines = [line.split() for line in log]
            ins = [float(w[1]) for w in lines if w[0] == "in"]
            outs = [float(w[3]) for w in lines if w[0] == "out" and w[1] == "PATCH-DOC"]
            if ins and outs:
                self.server.setdefault(name, []).append((max(outs) - min(ins)) * 1000)
                for w in lines:
                    if w[0] == "fn":
                        self.fns.setdefault(name, {}).setdefault(w[1], []).append(
                            (float(w[3]) - float(w[2])) * 1000)
        page.wait_for_timeout(300)
        trace = json.loads(self.browser.stop_tracing()) if tracing else {"traceEvents": []}
        spans = page.evaluate("() => window.__spans")
        patches = page.evaluate("() => window.__patches")
        counts = page.evaluate("() => window.__counts()")
        for what, ms in page.evaluate("() => window.__eventTimes"):
            self.event_ms.setdefault(what, []).append(ms)
        self.taps.append((name, sample, trace, spans, patches, counts))

    def split(self) -> None:
        if self.event_ms:
            print("\nEach event of the taps' patches applied alone (median ms, count, total):")
            for what, times in sorted(self.event_ms.items(), key=lambda kv: -sum(kv[1])):
                print(f"  {what:45s} {statistics.median(times):6.2f} {len(times):4d} "
                      f"{sum(times):7.1f}")
        by_tap: dict[str, list[dict]] = {}
        events_of: dict[str, list] = {}
        for name, sample, trace, spans, patches, counts in self.taps:
            parts = _split_one(sample, trace, spans)
            by_tap.setdefault(name, [])
            if parts is None and sample.dom is not None:  # no trace: the clock alone
                parts = {"to DOM": sample.dom}
            if parts is not None:
                by_tap[name].append(parts)
            events_of[name] = (patches, counts)
        for name in self.server:
            by_tap.setdefault(name, [])
        for name, all_parts in by_tap.items():
            print(f"\n== {name} ({len(all_parts)} taps, medians in ms)")
            if all_parts:
                print("  " + "  ".join(f"{k} {statistics.median(p[k] for p in all_parts):.1f}"
                                       for k in all_parts[0]))
            if name in self.server:
                taps = len(self.server[name])
                print(f"  server: message in -> patch sent "
                      f"{statistics.median(self.server[name]):.1f} ms" + "".join(
                          f"; {fn} {sum(t) / taps:.1f}"
                          for fn, t in self.fns.get(name, {}).items()))
            patches, counts = events_of[name]
            print(f"  page: {counts['models']} models, {counts['views']} views; "
                  f"{len(patches)} patch message(s)")
            for patch in patches:
                kinds = Counter(f"{t}.{a}" if k == "ModelChanged" else k for k, t, a in patch)
                print(f"   {len(patch)} events: " + ", ".join(
                    f"{what} x{n}" if n > 1 else what for what, n in kinds.most_common()))
            sizes = [s[3] for t in self.taps if t[0] == name
                     for s in t[3] if s[0] == "parse"][:3]
            print(f"  JSON parsed: {sizes} chars")
            selfs = sum((self_time_by_name(t[2], t[1]) for t in self.taps if t[0] == name),
                        Counter())
            n = len(all_parts)
            print("  self ms/tap: " + ", ".join(f"{k} {v / n / 1000:.2f}"
                                             for k, v in selfs.most_common(14)))
            forced = sum((forced_by_script(t[2], t[1]) for t in self.taps if t[0] == name),
                         Counter())
            if n and forced:
                print("  style and layout forced by script, ms/tap: " + ", ".join(
                    f"{k} {v / n / 1000:.2f}" for k, v in forced.most_common(8)))
            changed = sum((invalidations(t[2], t[1]) for t in self.taps if t[0] == name),
                          Counter())
            if n and changed:
                print("  laid out or styled again, per tap: " + "; ".join(
                    f"{reason}: {node} x{count / n:.1f}"
                    for (reason, node), count in changed.most_common(12)))


def _split_one(sample, trace: dict, spans: list) -> dict | None:
    events = trace["traceEvents"]
    origin = next((ev for ev in events if ev.get("name") == "origin"
                   and ev.get("cat", "").startswith("blink.user_timing")), None)
    click = [ev for ev in events if ev.get("name") == "EventDispatch"
             and ev.get("args", {}).get("data", {}).get("type") == "click"]
    if origin is None or not click or sample.frame is None:
        return None
    pid, tid = click[0]["pid"], click[0]["tid"]
    mark_now = origin.get("args", {}).get("data", {}).get("startTime")
    # performance.now() of the 'origin' mark in trace µs: its ts
    origin_ts = origin["ts"]
    if mark_now is None:
        return None
    start = click[0]["ts"]
    end = start + sample.frame * 1000
    main = _main_thread_events(trace, pid, tid)
    found = _self_times(main, start, end)

    def to_ts(now_ms: float) -> float:
        return origin_ts + (now_ms - mark_now) * 1000

    def js_in(kind: str) -> tuple[float, float]:
        """µs of the spans of this kind in the window, and their forced style+layout."""
        total = forced = 0.0
        for span in spans:
            if span[0] != kind:
                continue
            a, b = to_ts(span[1]), to_ts(span[2])
            if a < start or a > end:
                continue
            total += b - a
            forced += _within(found["style"], a, b) + _within(found["layout"], a, b)
        return total, forced

    patch, patch_forced = js_in("patch")
    resize, resize_forced = js_in("resize")
    parse, _ = js_in("parse")
    bench, bench_forced = js_in("bench")
    style = sum(d for _, d in found["style"])
    layout = sum(d for _, d in found["layout"])
    forced = patch_forced + resize_forced + bench_forced
    busy = _union(found["task"]) or (style + layout)
    paint = sum(d for _, d in found["paint"])
    window = end - start
    other = busy - (parse + patch + resize + bench + (style + layout - forced) + paint)
    ms = 1000.0
    patch_starts = [to_ts(sp[1]) for sp in spans if sp[0] == "patch"]
    first_patch = min((ts for ts in patch_starts if start <= ts <= end), default=end)
    return {"to DOM": sample.dom, "click handler": click[0]["dur"] / ms,
            "input->patch": (first_patch - start) / ms,
            "patch->DOM": sample.dom - (first_patch - start) / ms, "total": window / ms,
            "wait": (window - busy) / ms, "parse": parse / ms,
            "patch JS": (patch - patch_forced) / ms, "resize JS": (resize - resize_forced) / ms,
            "forced style/layout": forced / ms, "frame style": _frame(found["style"], spans,
                                                                        to_ts) / ms,
            "frame layout": _frame(found["layout"], spans, to_ts) / ms, "paint": paint / ms,
            "bench": (bench - bench_forced) / ms, "other": other / ms}


def _frame(kind_spans: list[tuple], spans: list, to_ts) -> float:
    """The style or layout time outside every timed JS span (the frame's own)."""
    inside = [(to_ts(s[1]), to_ts(s[2])) for s in spans]
    return sum(d for ts, d in kind_spans
               if not any(a <= ts and ts + d <= b for a, b in inside))


# The taps, as `make bench` makes them.

def goldfinger(profiler: Profiler, page: Page, url: str) -> None:
    roll = tracker_roll(page, url)
    _undo_taps(profiler, page, "app roll", Finger(page, roll), "Turn 1: Bond rolls", 2)
    roll.click()
    move = page.get_by_role("button", name="Move 1", exact=True)
    move.wait_for()
    _undo_taps(profiler, page, "Move 1 (tracker)", Finger(page, move), "Bond moves 1 space", 3)
    ring = map_game_rolled(page)
    _undo_taps(profiler, page, "map move", Finger(page, ring), "Bond moves to x6y4", 3)


def _undo_taps(profiler, page, name, finger, line, before) -> None:
    shown = shadow_text_js(f"/(^|\\s){before + 1}\\. {line}/.test(text)")
    gone = shadow_text_js(f"!/(^|\\s){before + 1}\\. /.test(text)")
    for _ in range(TAPS):
        profiler.tap(name, finger, shown)
        page.get_by_role("button", name="↶ Undo").click()
        page.wait_for_function(gone, timeout=20_000)
        page.wait_for_timeout(300)


def license_to_kill(profiler: Profiler, page: Page, url: str) -> None:
    page.goto(url + "/license_to_kill")
    for name in ("Player 1", "Player 2"):
        page.get_by_label(re.compile("^Villain on it")).select_option(index=1)
        page.get_by_role("button", name=f"Set up {name}").click()
        page.wait_for_function(shadow_text_js(f"text.includes('{name} starts with')"))
    page.wait_for_timeout(500)
    status = page.locator(".status")
    no_plot = page.get_by_role("button", name="The Plot Draw Pile is empty: no Plot card "
                               "this turn")
    next_step = page.get_by_role("button", name=re.compile(r"^(Done: go to|End the turn)"))
    finger = Finger(page, lambda: no_plot if "Develop Plot Zone" in status.inner_text()
                    else next_step)
    for i in range(1, 3 * TAPS + 1):
        profiler.tap("step", finger, shadow_text_js(
            f"/(^|\\s){i + 2}\\. (Player|Turn) /.test(text)"))
        page.wait_for_timeout(300)


LOG_LINES = ("() => { let n = 0; const walk = (r) => { n += r.querySelectorAll('.log-line')"
             ".length; r.querySelectorAll('*').forEach(e => { if (e.shadowRoot) "
             "walk(e.shadowRoot); }); }; walk(document); return n; }")


def golden_gun(profiler: Profiler, page: Page, url: str, db: Path) -> None:
    from companion.core.session import Session
    from companion.core.store import Store
    from companion.golden_gun import GAME
    store = Store(db)
    game = Session(GAME, {"mode": "companion"}, seed=1, store=store).id
    store.close()
    page.goto(f"{url}/golden_gun?session={game}")
    page.wait_for_function(shadow_text_js("text.includes('killed before he finds') && "
                                          "!text.includes('Agitator: computing')"),
                           timeout=60_000)
    button = page.get_by_role
    for _ in range(TAPS):
        for name, target in [("room", button("button", name=re.compile(r"^1:A1,"))),
                             ("green card", button("button", name="9", exact=True)),
                             ("app roll", button("button",
                                                 name=re.compile("app rolls 2 dice$")))]:
            target.wait_for()
            page.wait_for_timeout(300)
            before = page.evaluate(LOG_LINES)
            profiler.tap(name, Finger(page, target), f"(before) => ({LOG_LINES})() > before",
                         arg=before)
        while page.evaluate(LOG_LINES):
            before = page.evaluate(LOG_LINES)
            page.get_by_role("button", name="↶ Undo").click()
            page.wait_for_function(f"(before) => ({LOG_LINES})() < before", arg=before)


def golden_goal(profiler: Profiler, page: Page, url: str) -> None:
    from bench_golden_goal import ROLLED, app_roll_armed, to_blues_turn
    page.goto(url + "/golden_goal")
    page.get_by_role("button", name="Orange places first").wait_for()
    page.wait_for_timeout(500)
    to_blues_turn(page)
    roll, undo = app_roll_armed(page)
    for _ in range(2 * TAPS):
        roll.wait_for()
        page.wait_for_timeout(300)
        profiler.tap("app roll", Finger(page, roll), ROLLED)
        undo.click()
        page.wait_for_function(f"!({ROLLED})()")


def dice_lab(profiler: Profiler, page: Page, url: str) -> None:
    from bench_dice_lab import check_shown, dice_lab_opened, roll_logged
    roll = dice_lab_opened(page, url)
    for count in ("3 dice", "2 dice") * TAPS:
        profiler.tap("'3 dice' or '2 dice'", Finger(page, page.get_by_role(
            "button", name=count)), check_shown(count))
        page.wait_for_timeout(300)
    for logged in range(1, TAPS + 1):  # the check is back at 2 dice, at most 7
        profiler.tap("app roll", Finger(page, roll), roll_logged(logged))
        page.wait_for_timeout(300)


def mb007_tiles(profiler: Profiler, page: Page, url: str, db: Path) -> None:
    """A light page: the tile game's window tap (as `bench_mb007_tiles`), undone between."""
    from bench_mb007_tiles import WINDOWS, logged, red_to_place, undo

    from companion.core.store import Store
    store = Store(db)
    session = red_to_place(store, seed=1)
    store.close()
    page.goto(f"{url}/mb007_tiles?session={session.id}")
    page.get_by_role("button", name="window a1").wait_for()
    page.wait_for_timeout(500)
    for window in WINDOWS * (TAPS // len(WINDOWS) + 1):
        line = f"Red placed red 3 in {window}"
        profiler.tap("window", Finger(page, page.get_by_role("button", name=f"window {window}")),
                     shadow_text_js(logged(line)))
        undo(page, line)
        page.wait_for_timeout(300)


def mb007_cards(profiler: Profiler, page: Page, url: str) -> None:
    """A light page: the card game's key tap and its take-back (as `bench_mb007_cards`)."""
    from bench_mb007_cards import card_keys
    target, shown = card_keys(page, url)
    finger = Finger(page, target)
    for i in range(1, 2 * TAPS + 1):
        profiler.tap("card key" if i % 2 else "take back", finger, shown(i))


def bare_app(profiler: Profiler, page: Page, url: str) -> None:
    page.goto(url + "/bare_app")
    button = page.get_by_role("button", name="Click")
    button.wait_for()
    for i in range(1, 3 * TAPS + 1):
        profiler.tap("bare tap", Finger(page, button), shadow_text_js(
            f"text.includes('clicks: {i}')"))
        page.wait_for_timeout(300)


def main(app: str) -> None:
    throttle_cpu(float(os.environ.get("TAP_THROTTLE", 1)))  # as `run.py --throttle`
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        db = Path(tmp) / f"{app}.sqlite3"
        server = Server([f"{'benchmarks' if app == 'bare_app' else 'apps'}/{app}.py"], db)
        try:
            page = new_page(browser, viewport={"width": 1024, "height": 768})
            page.add_init_script(MARKS_SCRIPT)
            profiler = Profiler(browser, page)
            if app in ("golden_gun", "mb007_tiles"):
                globals()[app](profiler, page, server.url, db)
            else:
                globals()[app](profiler, page, server.url)
            profiler.split()
        finally:
            server.stop()
            browser.close()



def _tap_window(trace: dict, sample) -> tuple[int, int, float, float] | None:
    """The tapped page's main thread (pid, tid) and the tap's window in trace µs."""
    click = [ev for ev in trace["traceEvents"] if ev.get("name") == "EventDispatch"
             and ev.get("args", {}).get("data", {}).get("type") == "click"]
    if not click or sample.frame is None:
        return None
    start = click[0]["ts"]
    return click[0]["pid"], click[0]["tid"], start, start + sample.frame * 1000


def _tap_events(trace: dict, sample, main_thread: bool = True) -> list[dict]:
    """The trace's events in the tap's window (on the tapped page's main thread only)."""
    window = _tap_window(trace, sample)
    if window is None:
        return []
    pid, tid, start, end = window
    return [ev for ev in trace["traceEvents"] if start <= ev.get("ts", -1) <= end
            and (not main_thread or (ev.get("pid"), ev.get("tid")) == (pid, tid))]


def forced_by_script(trace: dict, sample) -> Counter:
    """µs of style and layout that script forced in the tap's window (reading a size or a
    style before the frame), by the function that asked: the frame would have done that work
    once, and script that asks makes it do it again after any later change (a pad's
    `bringIntoView` read its box in an animation frame: 25 ms of a Goldfinger roll at 4x)."""
    found: Counter = Counter()
    for ev in _tap_events(trace, sample):
        if ev.get("name") not in ("Layout", "UpdateLayoutTree") or ev.get("ph") != "X":
            continue
        args = ev.get("args", {})
        stack = args.get("beginData", {}).get("stackTrace") or \
            args.get("data", {}).get("stackTrace") or []
        if stack:
            top = stack[0]
            where = top.get("url", "").rsplit("/", 1)[-1].split("?")[0][:24]
            found[f"{ev['name']} by {top.get('functionName') or '(anonymous)'}@{where}"] += \
                ev.get("dur", 0)
    return found


def invalidations(trace: dict, sample) -> Counter:
    """TAP_INVALIDATIONS: what the tap made the browser style or lay out again, as (reason,
    node) counts (Chromium's invalidation tracking)."""
    found: Counter = Counter()
    for ev in _tap_events(trace, sample, main_thread=False):
        if ev.get("name") in ("LayoutInvalidationTracking", "StyleRecalcInvalidationTracking"):
            data = ev.get("args", {}).get("data", {})
            found[(data.get("reason", "?"), (data.get("nodeName") or "?")[:48])] += 1
    return found


def self_time_by_name(trace: dict, sample) -> Counter:
    """µs of self time per trace event name on the tapped page's main thread in the tap's
    window (for reading what 'other' is)."""
    window = _tap_window(trace, sample)
    if window is None:
        return Counter()
    pid, tid, start, end = window
    if os.environ.get("TAP_WINDOW") == "patch":  # from the message's arrival to the DOM change
        end = start + sample.dom * 1000
        start = end - 6000
    main = sorted((ev for ev in _main_thread_events(trace, pid, tid)
                   if ev["ts"] >= start and ev["ts"] + ev["dur"] <= end),
                  key=lambda ev: (ev["ts"], -ev["dur"]))
    selfs: Counter = Counter()
    stack: list[dict] = []
    for ev in main:
        while stack and ev["ts"] >= stack[-1]["ts"] + stack[-1]["dur"]:
            stack.pop()
        selfs[ev["name"]] += ev["dur"]
        if stack:
            selfs[stack[-1]["name"]] -= ev["dur"]
        stack.append(ev)
    return selfs


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "goldfinger")
