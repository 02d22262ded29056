"""The Table card: the table as the whole table sees it (`table_html` of the public view:
up cards, chips, the pot, every down card hidden), and what happened since the last
person's choice."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from companion.core.game import Event
from companion.mb007_cards.dashboard.table_html import standings_html, table_html
from companion.mb007_cards.engine import CardsState
from companion.mb007_cards.views import public_view
from companion.ui import PANE_MARGIN, HtmlBox

SHOWN_EVENTS = 5  # what happened since the last person's choice: the newest 5 stay above the fold
VERDICT = "font-size:1.05rem;padding:6px 10px;border-left:6px solid {};line-height:1.4"
WIDE = {"sizing_mode": "stretch_width"}


def events_html(state: CardsState, applied: Sequence[Event], since: int, note: str) -> str:
    """What happened since the last person's choice (`applied[since:]`), with `note` (the
    odds of his choice) while its outcome is in view; after an Undo took that choice back,
    the last move still applied, said to be so (never 'a new game' mid-game)."""
    if not applied:
        return ('<div class="verdict">A new game: the ante is in the pot. '
                f"{escape(state.waiting_for.capitalize())}.</div>")
    events = applied[since:][-SHOWN_EVENTS:]
    taken_back = not events
    if taken_back:
        events = applied[-1:]
        shown = ('<div class="note"><b>Taken back: the table is again as after this '
                 f"(move {len(applied)}).</b></div>")
    elif note and len(applied) - since <= SHOWN_EVENTS:
        shown = f'<div class="note"><b>{escape(note)}</b></div>'
    else:  # the call's outcome is no longer in view: its odds would narrate the past
        shown = ""
    colour = "#2e7d32" if state.is_over else "#9e9e9e"
    lines = "".join(f'<div class="event">{escape(e.text)}.</div>' for e in events)
    over = standings_html(public_view(state)) if state.is_over else ""  # first in view
    return f'<div class="verdict" style="{VERDICT.format(colour)}">{over}{shown}{lines}</div>'


class TableView:
    """The table and what happened (`table_pane`, `events`, put on the page)."""

    def __init__(self) -> None:
        self.table_pane = HtmlBox(margin=PANE_MARGIN, **WIDE)
        self.events = HtmlBox(margin=PANE_MARGIN, **WIDE)

    def show(self, state: CardsState, applied: Sequence[Event], since: int, note: str) -> None:
        self.table_pane.html = table_html(public_view(state))
        self.events.html = events_html(state, applied, since, note)
