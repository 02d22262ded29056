"""A seat's own down card: on a player's own phone always in view (`own_html`, from
`private_view(state, seat)`: no peek, no cover), on the shared tablet only while the seat
at the tablet holds the peek button (`peek_face`), never another seat's and never under
the cover."""

from __future__ import annotations

from collections.abc import Callable

from companion.mb007_cards.dashboard.parts import Onlooker
from companion.mb007_cards.dashboard.peek import FACE_CSS, PeekPad
from companion.mb007_cards.dashboard.table_html import CARD_CSS
from companion.mb007_cards.dashboard.words import peek_html
from companion.mb007_cards.engine import CardsState
from companion.mb007_cards.views import private_view
from companion.ui import PANE_MARGIN, HtmlBox, set_shown

WIDE = {"sizing_mode": "stretch_width"}


def own_html(state: CardsState, seat: int | None) -> str:
    """On a player's own phone (`seat`), tablet mode: his down card and what it makes;
    '' anywhere else (the shared tablet never holds it but during a peek)."""
    if seat is None or not state.tablet or seat >= len(state.seats):
        return ""
    view = private_view(state, seat)
    if view.down is None:
        return ""
    return (f"<style>{CARD_CSS}{FACE_CSS}</style>"
            f'<div class="own-down" data-seat="{seat}">{peek_html(view)}</div>')


def peek_face(state: CardsState, onlooker: Onlooker) -> str:
    """The peek's HTML: the private view of the seat at the tablet, never another's."""
    seat = onlooker.viewer
    if seat is None or onlooker.covered or not state.tablet or not onlooker.may_see(seat):
        return ""
    return peek_html(private_view(state, seat))


class OwnView:
    """The own card (`own`, on a player's phone) and the hold-to-peek (`peek`, on the
    tablet); `on_peek()` gives the peek's face while it is held."""

    def __init__(self, on_peek: Callable[[], str]):
        self.own = HtmlBox(margin=PANE_MARGIN, **WIDE)
        set_shown(self.own, False)
        self.peek = PeekPad(on_peek, **WIDE)

    def show_own(self, state: CardsState, seat: int | None) -> None:
        self.own.html = own_html(state, seat)
        set_shown(self.own, bool(self.own.html))

    def show_peek(self, state: CardsState, onlooker: Onlooker) -> None:
        """The peek's button for the seat at the tablet, when the page may show his card;
        its face emptied (a new drawing never keeps a card face up)."""
        seat = onlooker.viewer
        shown = state.tablet and seat is not None and not onlooker.covered and \
            state.seats[seat].has_cards and onlooker.seat is None and onlooker.may_see(seat)
        what = "down card and the card drawn" if state.phase == "choosing" else "down card"
        self.peek.param.update(face="", label=f"Hold here to see {state.seats[seat].name}'s "
                               f"{what}" if shown else "")
