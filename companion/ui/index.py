"""The index page served at `/`: join a table by its code, and a card per registered game."""

from __future__ import annotations

from html import escape
from urllib.parse import quote

import panel as pn

from companion.core.registry import games
from companion.core.store import Store, shared_store
from companion.ui.table_password import Guesses
from companion.ui.template import page, section
from companion.ui.theme import INPUT_CSS, TOUCH, button

LINK_CSS = (
    "display:block;text-align:center;padding:12px;border-radius:6px;font-size:1.15rem;"
    f"min-height:{TOUCH}px;box-sizing:border-box;background:#8a1c1c;color:white;"
    "text-decoration:none"
)


def join_section(store: Store) -> pn.Column:
    """Type the code the tablet shows; get the link to that table's game."""
    code = pn.widgets.TextInput(label="Join code (on the tablet: “Join this table”)",
                                placeholder="ab12-cd34", height=TOUCH + 20, max_length=40,
                                sizing_mode="stretch_width", stylesheets=[INPUT_CSS])
    found = pn.pane.HTML(sizing_mode="stretch_width")
    # Wrong codes per address, slowed as the table password's guesses are. A code opens
    # only the public table, but a table on a café's Wi-Fi is nobody else's business.
    guesses = Guesses("join code", store)

    def join(_event=None) -> None:
        address = _address()
        wait = guesses.take(address)  # every code counts, a right one too: no reset by one
        if wait > 0:
            found.object = ('<p class="join-result">Too many wrong codes from this device: try '
                            f"again in {int(wait) + 1} s.</p>")
            return
        record = store.find_by_code(code.value or "")
        if record is None:
            found.object = ('<p class="join-result">No game has that code: check it on the '
                            "tablet (eight letters and digits).</p>")
            return
        link = f"./{quote(record.game)}?session={quote(record.id)}"
        found.object = (f'<a class="open-app join-result" href="{escape(link)}" '
                        f'style="{LINK_CSS}">Open “{escape(record.name)}”</a>')

    code.param.watch(join, "enter_pressed")
    return section("Join a table", code,
                   button("Find the game", join, color="primary", sizing_mode="stretch_width"),
                   found, width=340)


def _address() -> str:
    """The address the page came from (one count of wrong codes per address)."""
    doc = pn.state.curdoc
    request = doc.session_context.request if doc is not None and doc.session_context else None
    return str(getattr(request, "remote_ip", None) or "this process")


def index_page(store: Store | None = None) -> pn.Column:
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
    return page("companion: the tablet beside the board",
                join_section(store if store is not None else shared_store()), *cards,
                home=False)
