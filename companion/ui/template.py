"""The one page template: a header with the title and light/dark, content that reflows."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

import panel as pn
from bokeh.models import CustomJS
from panel.theme import Fast as _PanelFast

ACCENT = "#8a1c1c"  # a dinner-jacket red, readable on light and dark

DISCONNECTED = ("Lost the connection to the table: trying again. Nothing you tap counts "
                "until it is back. If it does not come back, reload the page: the game is "
                "saved.")
PAGE_CSS = """
.bk-panel-models-layout-Card { border-radius: 10px; }
body { font-size: 17px; }
/* A long title is cut with an ellipsis instead of pushing the home link and the theme
   switch off a phone's screen. */
#header .app-header { min-width: 0; flex: 1 1 0; overflow: hidden; }
#header .title { display: block; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
#header-items, #header .pn-toggle-theme { flex: 0 0 auto !important; width: auto !important; }
@media (max-width: 640px) {
  #header .title { font-size: 1.15rem; }
}
"""
# A card's header is a tap target (it opens and closes the card): at least 44 px high.
CARD_CSS = """
:host .card-header { min-height: 44px; align-items: center; }
:host .card-button { min-height: 44px; min-width: 44px; }
"""
# Back to the index from every app: the header's first thing, a thumb-sized link.
HOME_LINK = (
    '<a class="home-link" href="./" style="display:inline-flex;align-items:center;'
    "min-height:44px;min-width:44px;padding:0 14px;box-sizing:border-box;border-radius:6px;"
    "border:2px solid rgba(255,255,255,0.85);color:#ffffff;text-decoration:none;"
    'font-size:1.05rem;white-space:nowrap">⌂ All games</a>'
)


class Fast(_PanelFast):
    """Panel's Fast design without the Open Sans font it asks Google for on every load:
    a tablet served from a laptop at a cabin table has no internet. The page uses the
    system font. (Named Fast: Panel finds the design's own files by its class name.)"""

    _resources: ClassVar[dict] = {**_PanelFast._resources, "font": {}}


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
"""
ONLINE_JS = """
const veil = document.getElementById("companion-offline");
if (veil !== null) {  // says so for a moment, already letting taps through
  veil.textContent = "Back at the table: the page shows the game as it is now.";
  veil.style.background = "rgba(46,125,50,0.35)";
  veil.style.pointerEvents = "none";
  veil.id = "companion-back";
  setTimeout(() => veil.remove(), 2500);
}
"""


def extension() -> None:
    """Panel's extension as every app loads it: widths that stretch, and a dropped
    connection retried (Panel's reconnect) and said on the page by `page`'s veil, so a
    device never takes taps that go nowhere in silence."""
    pn.extension(sizing_mode="stretch_width", reconnect=True)


def page(title: str, *sections: pn.viewable.Viewable,
         home: bool = True) -> pn.template.FastListTemplate:
    """A page that fits 768x1024 and 1024x768: sections side by side when there is room.

    Everything it loads comes from the server (no web font); with `home`, the header has a
    big link back to the index of games.
    """
    template = pn.template.FastListTemplate(
        title=title, header_background=ACCENT, accent_base_color=ACCENT, theme_toggle=True,
        font="system-ui, sans-serif", font_url="", main_layout=None, raw_css=[PAGE_CSS],
        design=Fast,
    )
    doc = pn.state.curdoc
    if doc is not None and doc.session_context is not None:  # served: a page in a browser
        doc.js_on_event("connection_lost", CustomJS(code=OFFLINE_JS,
                                                    args={"MESSAGE": DISCONNECTED}))
        doc.js_on_event("client_reconnected", CustomJS(code=ONLINE_JS))
    if home:
        template.header.append(pn.pane.HTML(HOME_LINK, margin=(0, 8), align="center",
                                            sizing_mode="fixed", width=150, height=48))
    template.main.append(
        pn.FlexBox(*sections, flex_wrap="wrap", gap="12px", sizing_mode="stretch_width")
    )
    return template


def section(title: str, *objects: pn.viewable.Viewable, width: int = 440,
            collapsed: bool = False) -> pn.Card:
    """A titled card, at least `width` px wide when the screen allows, full width otherwise."""
    return pn.Card(
        *objects, title=title, collapsed=collapsed, sizing_mode="stretch_width",
        min_width=320, styles={"flex": f"1 1 {width}px"}, margin=4, stylesheets=[CARD_CSS],
    )


def closed_section(title: str, build: Callable[[], pn.viewable.Viewable],
                   width: int = 440) -> pn.Card:
    """A closed card whose contents are built when it is first opened: a page that never
    opens it (most pages, most of the time) pays nothing for it, in the server's memory or
    in the browser."""
    card = section(title, width=width, collapsed=True)

    def opened(event) -> None:
        if not event.new and not card.objects:
            card.objects = [build()]

    card.param.watch(opened, "collapsed")
    return card
