"""The one page: a header with the title, the way home and light/dark; sections that reflow.

Built from a handful of plain Panel layouts, not a Panel template: every component costs
each open session about 30 KiB of server memory, and a template (FastListTemplate) cost
about 240 KiB and a third of a second of first render on every page of the shared table.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from html import escape
from typing import Any, ClassVar

import jinja2
import panel as pn
import param
from bokeh.document import Document
from bokeh.models import CustomJS
from bokeh.models.dom import HTML

from companion.ui.database_status import database_status
from companion.ui.panel_costs import skip_unused_work
from companion.ui.plain import SCREEN_READER_ONLY, plain_html
from companion.ui.serve_args import STATIC_ROUTE
from companion.ui.shown import MEASURE_SHOWN_PARTS_JS

ACCENT = "#8a1c1c"  # a dinner-jacket red, readable on light and dark

DISCONNECTED = ("Lost the connection to the table: trying again. Nothing you tap counts "
                "until it is back. If it does not come back, reload the page: the game is "
                "saved.")
# The page's own stylesheet (the document's, outside every component's shadow root). Font,
# size and accent reach inside each component through Bokeh's and the design's inherited
# custom properties.
PAGE_CSS = f"""
html, body {{ margin: 0; font-size: 17px; font-family: var(--bokeh-base-font);
  --bokeh-font-size: 17px;
  --bokeh-base-font: -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
  --companion-accent: {ACCENT}; --design-primary-color: {ACCENT}; --accent-fill-rest: {ACCENT};
  --design-primary-text-color: #ffffff; }}
"""
# Dark: the page, and the colours TapPad buttons read (inherited into each component).
DARK_CSS = ("html, body { background: #181818; color: #f0f0f0; --neutral-fill-rest: #33373c; "
            "--neutral-foreground-rest: #f0f0f0; --neutral-stroke-rest: #5c636a; }")
HEADER_CSS = """
.companion-header { display: flex; align-items: center; gap: 10px; min-height: 60px;
  padding: 4px 12px; box-sizing: border-box; background: var(--companion-accent);
  color: #ffffff; }
.companion-header h1 { flex: 1 1 0; min-width: 0; margin: 0; font-size: 1.5rem;
  font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.companion-header button { min-height: 44px; min-width: 52px; border-radius: 6px;
  border: 2px solid rgba(255,255,255,0.85); background: transparent; color: #ffffff;
  font-size: 1.2rem; cursor: pointer; }
/* A phone: a long title takes two lines rather than losing its end ("James Bond 00...") */
@media (max-width: 640px) { .companion-header h1 { font-size: 1.15rem; line-height: 1.25;
  white-space: normal; display: -webkit-box; -webkit-box-orient: vertical;
  -webkit-line-clamp: 2; } }
.companion-database { margin: 8px 12px 0; padding: 10px 14px; border-radius: 6px;
  background: #f8d7da; color: #842029; border: 2px solid #842029; font-size: 1.1rem;
  font-weight: 600; }
"""
# The page flows its sections side by side when there is room: a plain Column told to wrap
# (Panel's FlexBox is two models, a Column one).
# Panel's Column keeps a "scroll to the end" button after its children (unused here): in
# a row that wraps it took 36 px of the last row, whose sections ended short of the rest.
FLOW_CSS = (":host { flex-flow: row wrap; align-content: flex-start; row-gap: 12px; } "
            ":host > .scroll-button { display: none; }")
# Panel's page, told to lay out at the device's own width (without it a phone lays the page
# out 980 px wide and shows it at 40%: a 44 px button under a finger becomes 18 px), with
# the app inside the page's main landmark (a screen reader's "skip to main content").
# The web app manifest (`serve_args`) lets a tablet add the companion to its home screen
# and open it full screen, with its icon and colour.
DEVICE_WIDTH_PAGE = jinja2.Environment(autoescape=True).from_string(
    '{% extends base %}{% block postamble %}<meta name="viewport" '
    'content="width=device-width, initial-scale=1">'
    f'<link rel="manifest" href="/{STATIC_ROUTE}/manifest.webmanifest">'
    f'<meta name="theme-color" content="{ACCENT}">'
    f'<link rel="icon" type="image/png" href="/{STATIC_ROUTE}/icon-192.png">'
    "{% endblock %}"
    "{% block contents %}<main>{{ super() }}</main>{% endblock %}")
# A table companion that dims mid-game is a known complaint: while a game's page is shown,
# the screen stays awake (the Screen Wake Lock API, where the browser has it; asked again
# when the page is shown again, since the browser lets it go when the page is hidden).
WAKE_LOCK_JS = """
const keepAwake = async () => {
  if (!('wakeLock' in navigator)) { window.companionWakeLock = 'unsupported'; return; }
  try {
    await navigator.wakeLock.request('screen');
    window.companionWakeLock = 'held';
  } catch (error) {
    window.companionWakeLock = 'refused';  // a battery saver, or the page not in view
  }
};
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') { keepAwake(); }
});
keepAwake();
"""
# A section is a bordered block; a fold's header is a tap target of at least 44 px.
SECTION_STYLES = {"border": "1px solid var(--panel-border-color, #d0d0d0)",
                  "border-radius": "10px", "padding": "2px 4px 6px",
                  "background": "var(--panel-background-color, #ffffff)"}
FOLD_CSS = """
:host .bk-btn { min-height: 48px; justify-content: flex-start; text-align: left;
  font-size: 1.05rem; font-weight: 600; white-space: normal; border: none;
  background: transparent; color: inherit; }
"""
# Back to the index from every app: a thumb-sized link in the header, after the title.
HOME_LINK = (
    '<a class="home-link" href="./" style="display:inline-flex;align-items:center;'
    "min-height:44px;min-width:44px;padding:0 14px;box-sizing:border-box;border-radius:6px;"
    "border:2px solid rgba(255,255,255,0.85);color:#ffffff;text-decoration:none;"
    'font-size:1.05rem;white-space:nowrap;flex:0 0 auto">⌂ All games</a>'
)
# Light or dark: the same page again with ?theme=dark (Panel's own reading of it), the
# game's address kept.
THEME_SWITCH = (
    '<button type="button" class="theme-switch" aria-label="{label}" title="{label}" '
    "onclick=\"const u = new window.URL(window.location.href); "
    "u.searchParams.set('theme', '{other}'); "
    'window.location.assign(u.href)">{icon}</button>'
)


# While the connection is down, a veil over the page says so and takes every tap: a tap
# that cannot reach the server must not look as if it did. (Panel's own notice needs its
# notification area, which cost every page a quarter of a second to open.)
OFFLINE_JS = """
let veil = document.getElementById("companion-offline");
if (veil === null) {
  veil = document.createElement("div");
  veil.id = "companion-offline";
  veil.setAttribute("role", "alert");
  veil.style.cssText = "position:fixed;inset:0;z-index:9000;background:rgba(40,40,40,0.6);" +
    "display:flex;align-items:flex-start;justify-content:center;padding:96px 24px 0;" +
    "font-size:1.3rem;font-weight:600;color:#fff;text-align:center;line-height:1.4";
  veil.textContent = MESSAGE;
  document.body.appendChild(veil);
}
// Bokeh tries five times, within about 30 s, and then stops (the event's timeout is null):
// a server that takes longer to come back (restarted on a busy machine) would leave the
// page veiled for good. From then on it is tried again every few seconds. (The event is
// `cb_data`; `cb_obj` is the document.)
if (cb_data.timeout == null) {
  setTimeout(() => cb_data.reconnect(), RETRY_MS);
}
"""
# After Bokeh's own five tries, how long between the page's tries to reach the server again.
RETRY_MS = 5000

# Back: the page is opened again from its address (which names the game and the seat). A
# server that restarted has a fresh document for this page, which no longer knows the
# models this browser holds: its taps would go nowhere. The veil keeps taking taps until
# the page has reloaded.
ONLINE_JS = """
const veil = document.getElementById("companion-offline");
if (veil !== null) {
  veil.textContent = "Back at the table: opening the game again…";
  veil.style.background = "rgba(46,125,50,0.5)";
  veil.id = "companion-back";
}
setTimeout(() => window.location.reload(), 400);
"""


def extension() -> None:
    """Panel's extension as every app loads it: widths that stretch, the page's stylesheet,
    and a dropped connection retried (Panel's reconnect) and said on the page by `page`'s
    veil, so a device never takes taps that go nowhere in silence."""
    pn.extension(sizing_mode="stretch_width", reconnect=True, raw_css=[PAGE_CSS],
                 browser_info=False)  # nothing reads it; a model less on every page
    skip_unused_work()


def header_html(title: str, home: bool, dark: bool, unreachable: str = "") -> str:
    """The page's header; under it, while the saved games cannot be reached, the
    `unreachable` text (`companion.ui.database_status`)."""
    switch = THEME_SWITCH.format(label="Light page" if dark else "Dark page",
                                 other="default" if dark else "dark",
                                 icon="☀" if dark else "☾")
    alert = (f'<div class="companion-database" role="alert">{plain_html(unreachable)}</div>'
             if unreachable else "")
    return (f'<header class="companion-header"><h1 class="title">{escape(title)}</h1>'
            f'{HOME_LINK if home else ""}{switch}</header>{alert}')


def follow_database_status(header: pn.pane.HTML, title: str, home: bool, dark: bool) -> None:
    """A served page's header says whether the saved games can be reached, now and whenever
    that changes (told by the thread that follows the database, on the page's own turn:
    Panel schedules a change from another thread on the page's document), until the page
    closes. Part of the header's one pane: no component more on every page."""

    def show(*_events) -> None:
        html = header_html(title, home, dark, database_status.unreachable)
        if header.object != html:
            header.object = html

    watcher = database_status.param.watch(show, "unreachable")
    pn.state.on_session_destroyed(
        lambda _context: database_status.param.unwatch(watcher))
    pn.state.onload(show)  # a change while the page loaded never reached its browser


_set_up: weakref.WeakSet[Document] = weakref.WeakSet()  # the served pages `page` set up


def page(title: str, *sections: pn.viewable.Viewable, home: bool = True) -> pn.Column:
    """A page that fits 768x1024 and 1024x768: sections side by side when there is room.

    Everything it loads comes from the server (no web font); with `home`, the header has a
    big link back to the index of games.
    """
    dark = pn.config.theme == "dark"
    doc = pn.state.curdoc
    if doc is not None and doc.session_context is not None and doc not in _set_up:
        # served: a page in a browser, set up once (a long game's page is first "Opening")
        _set_up.add(doc)
        doc.template = DEVICE_WIDTH_PAGE
        doc.js_on_event("connection_lost", CustomJS(code=OFFLINE_JS, args={
            "MESSAGE": DISCONNECTED, "RETRY_MS": RETRY_MS}))
        doc.js_on_event("client_reconnected", CustomJS(code=ONLINE_JS))
        doc.js_on_event("document_ready", CustomJS(code=WAKE_LOCK_JS))
        doc.js_on_event("document_ready", CustomJS(code=MEASURE_SHOWN_PARTS_JS))
        if dark:
            pn.config.raw_css = [*pn.config.raw_css, DARK_CSS]  # this session's page only
    header = pn.pane.HTML(header_html(title, home, dark, database_status.unreachable),
                          sizing_mode="stretch_width", margin=0, stylesheets=[HEADER_CSS],
                          styles={"flex": "1 1 100%", "order": "-2"})  # above a section put first
    if doc is not None and doc.session_context is not None:
        follow_database_status(header, title, home, dark)
    return pn.Column(header, *sections, margin=0, sizing_mode="stretch_width",
                     stylesheets=[FLOW_CSS])


class PageRow(pn.Column):
    """Sections that flow as the page's do, in a row of the page of their own: a section
    that sticks (`position: sticky`, Goldfinger's table beside its action list) stays beside
    them, never over the sections after them (the saved games' buttons were behind it)."""

    def __init__(self, *sections: pn.viewable.Viewable, **params: Any) -> None:
        super().__init__(*sections, margin=0, sizing_mode="stretch_width",
                         stylesheets=[FLOW_CSS, ":host { flex: 1 1 100%; }"], **params)


def sections_of(shown: pn.Column) -> list[pn.viewable.Viewable]:
    """The sections of a page `page` made, in order, those of a `PageRow` among them (for
    tests and notebooks)."""
    return [section for part in shown.objects[1:]
            for section in (part.objects if isinstance(part, PageRow) else [part])]


def _box(width: int) -> dict:
    """A section's size: at least `width` px wide when the screen allows, full otherwise."""
    return {"sizing_mode": "stretch_width", "min_width": 300, "margin": (0, 8),
            "styles": {**SECTION_STYLES, "flex": f"1 1 {width}px"},
            "css_classes": ["companion-section"]}


SECTION_TITLE_CSS = (":host h2.section-title { display: block; margin: 6px 4px 2px; "
                     "font-size: 1.1rem; font-weight: 600; }")


class Section(pn.Column):
    """A titled, bordered block of the page: one plain Column, named to a screen reader as
    a region of the page (its own `role` and `aria-label`), its title a real heading. The
    heading is a Bokeh DOM element of the Column's own (`elements`, drawn before its
    children), not a Panel pane: a Panel Card was five models and a heading pane one
    more, and on the tile page heading panes cost every open device about 100 KiB of
    the server's memory."""

    title = param.String(default="")

    _rename: ClassVar[dict] = {**pn.Column._rename, "title": "html_attributes"}

    def _process_param_change(self, params: dict) -> dict:
        if "title" in params:  # renamed to html_attributes by Panel after this
            title = params["title"]
            params["title"] = {"role": "region", "aria-label": title} if title else {}
            params["elements"] = [HTML(html=self.heading_html(title))] if title else []
        return super()._process_param_change(params)

    def heading_html(self, title: str) -> str:
        """The section's heading (the kit's own words, never a player's, but escaped)."""
        return f'<h2 class="section-title">{escape(title)}</h2>'


class Fold(Section):
    """A section that opens and closes when its title is tapped. Closed, it holds only its
    title: the contents leave the page (and, with `build`, are not even made until the
    first opening), so a page that never opens it pays nothing for them."""

    collapsed = param.Boolean(default=True)

    _rename: ClassVar[dict] = {**Section._rename, "collapsed": None}

    def heading_html(self, title: str) -> str:
        """A heading a screen reader lists (its toggle button shows the title)."""
        return f'<h2 class="section-title" style="{SCREEN_READER_ONLY}">{escape(title)}</h2>'

    def __init__(self, *contents: pn.viewable.Viewable,
                 build: Callable[[], pn.viewable.Viewable] | None = None, **params):
        super().__init__(**params)
        # Made into Panel components once: a Viewer's __panel__ builds its layout afresh.
        self._contents, self._build = [pn.panel(c) for c in contents], build
        self._toggle = pn.widgets.Button(sizing_mode="stretch_width", margin=0,
                                         stylesheets=[FOLD_CSS])
        self._toggle.on_click(lambda _event: setattr(self, "collapsed", not self.collapsed))
        self.param.watch(self._show, "collapsed")
        self._show()

    def _show(self, *_events) -> None:
        self._toggle.name = f"{'▸' if self.collapsed else '▾'} {self.title}"
        if not self.collapsed and self._build is not None:
            self._contents, self._build = [pn.panel(self._build())], None
        self.objects = [self._toggle, *([] if self.collapsed else self._contents)]

    @property
    def contents(self) -> list[pn.viewable.Viewable]:
        """What the fold shows when open (built by now only if it has been opened)."""
        return list(self._contents)


def section(title: str, *objects: pn.viewable.Viewable, width: int = 440,
            collapsed: bool | None = None) -> Section:
    """A titled section, at least `width` px wide when the screen allows, full width
    otherwise. `collapsed` True or False makes it a `Fold` that starts closed or open."""
    if collapsed is not None:
        return Fold(*objects, title=title, collapsed=collapsed, **_box(width))
    return Section(*objects, title=title, stylesheets=[SECTION_TITLE_CSS], **_box(width))


def closed_section(title: str, build: Callable[[], pn.viewable.Viewable],
                   width: int = 440) -> Fold:
    """A closed fold whose contents `build` makes when it is first opened."""
    return Fold(title=title, build=build, collapsed=True, **_box(width))
