"""The one page template: a header with the title and light/dark, content that reflows."""

from __future__ import annotations

import panel as pn

ACCENT = "#8a1c1c"  # a dinner-jacket red, readable on light and dark

DISCONNECTED = ("Lost the connection to the table: trying again. If it does not come back, "
                "reload the page: the game is saved.")
PAGE_CSS = """
.bk-panel-models-layout-Card { border-radius: 10px; }
body { font-size: 17px; }
"""


def extension() -> None:
    """Panel's extension as every app loads it: widths that stretch, and a dropped
    connection said on the page and retried (Panel's reconnect), so a device never takes
    taps that go nowhere in silence."""
    pn.extension(sizing_mode="stretch_width", notifications=True, reconnect=True,
                 disconnect_notification=DISCONNECTED)


def page(title: str, *sections: pn.viewable.Viewable) -> pn.template.FastListTemplate:
    """A page that fits 768x1024 and 1024x768: sections side by side when there is room."""
    template = pn.template.FastListTemplate(
        title=title, header_background=ACCENT, accent_base_color=ACCENT, theme_toggle=True,
        font="system-ui, sans-serif", font_url="", main_layout=None, raw_css=[PAGE_CSS],
    )
    template.main.append(
        pn.FlexBox(*sections, flex_wrap="wrap", gap="12px", sizing_mode="stretch_width")
    )
    return template


def section(title: str, *objects: pn.viewable.Viewable, width: int = 440,
            collapsed: bool = False) -> pn.Card:
    """A titled card, at least `width` px wide when the screen allows, full width otherwise."""
    return pn.Card(
        *objects, title=title, collapsed=collapsed, sizing_mode="stretch_width",
        min_width=320, styles={"flex": f"1 1 {width}px"}, margin=4,
    )
