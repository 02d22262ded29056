"""Join this table: the game's short code, its link as a QR code, and (on the tablet) a
link per seat until a phone takes it.

Every device sees the code and the public table's link. Only the tablet sees a seat's
link, and only while no phone holds that seat: a seat's link opens that player's own view
on the first phone that opens it, and the public table anywhere else after that. A taken
seat has a button instead: hand it to a new phone (a flat battery), which gives the seat
a new link and sends the old phone back to the public table. The app's own seats have no
link: their phone would show the app's secrets. The tablet can also show a link that makes
another device the tablet.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from urllib.parse import urlencode

import panel as pn
import segno

from companion.core.seats import TABLET, seat_role
from companion.core.session import Session
from companion.ui.address import page_location
from companion.ui.tap_pad import TapPad, tap_button

DEFAULT_BASE = "http://localhost:5006"


@dataclass(frozen=True)
class SharedSeat:
    """A seat as the join section lists it."""

    seat: int
    name: str
    bot: bool  # the app plays it: no link
    taken: bool  # a phone holds it: no link, a handover button
    key: str  # its link's key in the current generation


def seat_link(session: Session, page_url: str, seat: SharedSeat) -> str:
    query = urlencode({"session": session.id, "seat": seat.seat, "key": seat.key})
    return f"{page_url}?{query}"


def join_links(session: Session, page_url: str, seats: Sequence[str]) -> list[tuple[str, str]]:
    """(who, link) for the public table and for each seat, in their current generation."""
    return [("The table (everyone)", table_link(session, page_url))] + [
        (f"{name}'s own phone", seat_link(session, page_url, SharedSeat(
            seat, name, False, False, session.link_key(seat_role(seat)))))
        for seat, name in enumerate(seats)]


def table_link(session: Session, page_url: str) -> str:
    return f"{page_url}?{urlencode({'session': session.id})}"


def tablet_link(session: Session, page_url: str) -> str:
    """Opened on another device, makes it the tablet (once)."""
    query = urlencode({"session": session.id, "tablet": session.link_key(TABLET)})
    return f"{page_url}?{query}"


def qr_svg(link: str) -> str:
    """The link as a QR code, drawn as an SVG (segno) as wide as the box it is in: every
    code on the tablet the same size, whatever its link's length (the table's, shorter,
    was drawn smaller than the seats' beside it)."""
    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="svg", scale=4, border=2, xmldecl=False,
                                     svgclass="qr", dark="#000", light="#fff", omitsize=True)
    return out.getvalue().decode().replace("<svg ", '<svg style="display:block;width:100%" ', 1)


def _card(who: str, link: str, css: str = "") -> str:
    return (f'<figure class="join-link {css}" style="margin:6px;text-align:center;width:180px">'
            f'{qr_svg(link)}<figcaption style="font-size:1rem"><b>{escape(who)}</b><br>'
            f'<a href="{escape(link)}" style="word-break:break-all;font-size:0.8rem">'
            f"{escape(link)}</a></figcaption></figure>")


def share_html(session: Session, page_url: str, seats: Sequence[SharedSeat],
               tablet: bool, tablet_link_shown: bool = False) -> str:
    """The join code and the table's QR code; on the tablet, each seat's state and link
    and the tablet's own handover."""
    cards = [_card("The table (everyone)", table_link(session, page_url))]
    lines = []
    for seat in seats if tablet else ():
        if seat.bot:
            lines.append(f"<li>{escape(seat.name)}: played by the app, no phone.</li>")
        elif seat.taken:
            button = tap_button(f"hand:{seat.seat}", f"Hand {seat.name}'s seat to a new phone")
            lines.append(f'<li class="seat-taken">{escape(seat.name)}: on their own phone. '
                         f"{button}</li>")
        else:
            cards.append(_card(f"{seat.name}'s own phone", seat_link(session, page_url, seat),
                               "seat-link"))
    seats_html = f'<ul style="font-size:1rem;padding-left:20px">{"".join(lines)}</ul>' \
        if lines else ""
    tablet_html = ""
    if tablet:
        tablet_html = (
            '<div style="font-size:0.95rem;margin-top:6px">A seat\'s code opens that '
            "player's own view on the first phone that opens it, and only there: give each "
            "player their own. Undo is the table's call: it is on this tablet alone, and "
            "every device's log shows it.</div>"
            + (_card("Make another device the tablet", tablet_link(session, page_url),
                     "tablet-link") if tablet_link_shown else
               tap_button("tablet", "Make another device the tablet…")))
    return (
        '<div class="share">'
        f'<div style="font-size:1.1rem">Join code: <b class="join-code" '
        f'style="font-size:1.6rem;letter-spacing:0.08em">{escape(session.join_code)}</b> '
        "(type it on the front page), or scan:</div>"
        f'<div style="display:flex;flex-wrap:wrap">{"".join(cards)}</div>'
        f"{seats_html}{tablet_html}</div>")


class ShareView(pn.viewable.Viewer):
    """The join section's content, drawn when it is opened (the page address is known by
    then) and whenever the game changes. `on_hand_over` None: not the tablet, so no seat
    links and no handovers."""

    def __init__(self, session: Callable[[], Session], seats: Callable[[], Sequence[SharedSeat]],
                 game: str, on_hand_over: Callable[[int], None] | None = None,
                 on_tablet_link: Callable[[], None] | None = None):
        super().__init__()
        self._session, self._seats, self._game = session, seats, game
        self._on_hand_over, self._on_tablet_link = on_hand_over, on_tablet_link
        self._tablet_link_shown = False
        self._pad = TapPad(self._tapped, sizing_mode="stretch_width")

    def refresh(self) -> None:
        self._pad.html = share_html(self._session(), self._page_url(), self._seats(),
                                    self._on_hand_over is not None, self._tablet_link_shown)

    @property
    def html(self) -> str:
        """What the section shows now (for tests and notebooks)."""
        return self._pad.html

    def forget_tablet_link(self) -> bool:
        """The section closed: the tablet link is no longer shown. Whether it was."""
        shown, self._tablet_link_shown = self._tablet_link_shown, False
        return shown

    def _tapped(self, tap: str) -> None:
        if self._on_hand_over is None:
            return
        if tap.startswith("hand:") and tap[5:].isdigit():
            self._on_hand_over(int(tap[5:]))
        elif tap == "tablet" and self._on_tablet_link is not None:
            self._on_tablet_link()  # a new key: an older tablet link shown before dies
            self._tablet_link_shown = True
        self.refresh()

    def _page_url(self) -> str:
        location = page_location()
        if location is None or not location.hostname:
            return f"{DEFAULT_BASE}/{self._game}"
        port = f":{location.port}" if location.port else ""
        return f"{location.protocol or 'http:'}//{location.hostname}{port}{location.pathname}"

    def __panel__(self) -> pn.viewable.Viewable:
        return self._pad
