"""The index page served at `/`: a card per registered game."""

from __future__ import annotations

from html import escape

import panel as pn

from companion.registry import games
from companion.ui.template import page, section
from companion.ui.theme import TOUCH

LINK_CSS = (
    "display:block;text-align:center;padding:12px;border-radius:6px;font-size:1.15rem;"
    f"min-height:{TOUCH}px;box-sizing:border-box;background:#8a1c1c;color:white;"
    "text-decoration:none"
)


def index_page() -> pn.template.FastListTemplate:
    cards = [
        section(
            game.title,
            pn.pane.HTML(
                f'<p style="font-size:1.05rem">{escape(game.summary)}</p>'
                f'<a class="open-app" href="./{game.name}" style="{LINK_CSS}">'
                f"Open {escape(game.title)}</a>",
                sizing_mode="stretch_width",
            ),
            width=340,
        )
        for game in games()
    ]
    return page("companion: the tablet beside the board", *cards)
