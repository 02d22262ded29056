"""Join this table: the game's short code, its link as a QR code, and a link per seat.

The tablet in the middle shows this; a phone that scans the table's code sees the public
table, one that scans a seat's code is that player's own device (`?seat=N&key=...`).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from html import escape
from urllib.parse import urlencode

import panel as pn
import segno

from companion.core.session import Session
from companion.ui.live_table import seat_key
from companion.ui.theme import TOUCH

DEFAULT_BASE = "http://localhost:5006"


def join_links(session: Session, page_url: str, seats: Sequence[str]) -> list[tuple[str, str]]:
    """(who, link) for the public table and for each seat."""
    links = [("The table (everyone)", f"{page_url}?{urlencode({'session': session.id})}")]
    for seat, name in enumerate(seats):
        query = urlencode({"session": session.id, "seat": seat, "key": seat_key(session, seat)})
        links.append((f"{name}'s own phone", f"{page_url}?{query}"))
    return links


def qr_svg(link: str) -> str:
    """The link as a QR code, drawn as an SVG (segno)."""
    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="svg", scale=4, border=2, xmldecl=False,
                                     svgclass="qr", dark="#000", light="#fff")
    return out.getvalue().decode()


def share_html(session: Session, page_url: str, seats: Sequence[str]) -> str:
    """The join code, then a QR code and the link for the table and each seat."""
    cards = "".join(
        f'<figure style="margin:6px;text-align:center;width:180px">{qr_svg(link)}'
        f'<figcaption style="font-size:1rem"><b>{escape(who)}</b><br>'
        f'<a href="{escape(link)}" style="word-break:break-all;font-size:0.8rem">'
        f"{escape(link)}</a></figcaption></figure>"
        for who, link in join_links(session, page_url, seats))
    return (
        '<div class="share">'
        f'<div style="font-size:1.1rem">Join code: <b class="join-code" '
        f'style="font-size:1.6rem;letter-spacing:0.08em">{escape(session.join_code)}</b> '
        "(type it on the front page), or scan:</div>"
        f'<div style="display:flex;flex-wrap:wrap">{cards}</div>'
        '<div style="font-size:0.95rem">A seat\'s code opens that player\'s own view: only '
        "his phone shows his secrets. Give each player his own code.</div></div>")


class ShareView(pn.viewable.Viewer):
    """The join section's content, drawn when it is opened (the page address is known by
    then) and whenever the game changes."""

    def __init__(self, session: Callable[[], Session], seats: Callable[[], Sequence[str]],
                 game: str):
        super().__init__()
        self._session, self._seats, self._game = session, seats, game
        self._pane = pn.pane.HTML(sizing_mode="stretch_width", min_height=TOUCH)

    def refresh(self) -> None:
        self._pane.object = share_html(self._session(), self._page_url(), self._seats())

    def _page_url(self) -> str:
        location = pn.state.location
        if location is None or not location.hostname:
            return f"{DEFAULT_BASE}/{self._game}"
        port = f":{location.port}" if location.port else ""
        return f"{location.protocol or 'http:'}//{location.hostname}{port}{location.pathname}"

    def __panel__(self) -> pn.viewable.Viewable:
        return self._pane
