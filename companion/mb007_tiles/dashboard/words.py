"""The tile game's turn in words and HTML (no Panel): what happened, the last round, this
phone's seat, a row of buttons."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from companion.core.game import Event
from companion.mb007_tiles import rules
from companion.mb007_tiles.engine import TilesState

SHOWN_EVENTS = 6  # what happened since the person's last move, at most this many lines
VERDICT_CSS = "font-size:1.1rem;padding:8px 12px;border-left:6px solid {};line-height:1.4"


def sentence(text: str) -> str:
    """`text` ending in one full stop (a reveal's event, and a game's last, already end in
    one)."""
    return text if text.endswith(".") else f"{text}."


def event_html(state: TilesState, since: Sequence[Event | None]) -> str:
    """What happened since the person's last move (`since`: the session's events from it):
    the app's seats' moves are told here, not only in the log (a refill would otherwise hide
    what the reveal captured); at the end of a game, its result and the payment."""
    event = state.last_event
    if state.is_over:
        paid = rules.chips_for(state.paid)  # what moved: a team pays what it has
        pay = ", ".join(f"{n} {c}" for c, n in paid.items() if n) or "nothing"
        games = len(state.games)
        return (f'<div class="verdict game-over" style="{VERDICT_CSS.format("#2e7d32")};'
                f'font-size:1.35rem"><b>Game over: {escape(state.result)}.</b>'
                f'<div style="font-size:1.05rem">{escape(sentence(event.text))}</div>'
                f'<div style="font-size:1.05rem">In chips: {escape(pay)}. Match: Red '
                f"{state.chips[0]}, Black {state.chips[1]} chips after {games} "
                f"game{'' if games == 1 else 's'}.</div></div>")
    if event is None:
        return ('<div class="verdict">A new game: find who goes first, then fill the 16 '
                "windows one tile at a time.</div>")
    events = [e for e in since if e is not None] or [event]
    colour = "#2e7d32" if any(e.outcome == "success" for e in events) else "#9e9e9e"
    lines = "".join(f"<div>{escape(sentence(e.text))}</div>" for e in events[-SHOWN_EVENTS:])
    return f'<div class="verdict" style="{VERDICT_CSS.format(colour)}">{lines}</div>'


def seat_html(state: TilesState, seat: int | None) -> str:
    """On a player's own phone, whose it is ('' elsewhere)."""
    if seat is None:
        return ""
    return (f'<div class="own-seat" style="font-size:1.15rem;margin:2px 4px 6px">'
            f"<b>Your seat: {escape(state.seat_name(seat))}</b> "
            "(this phone shows your secret letter and no one else's)</div>")


def last_round_html(state: TilesState) -> str:
    """What the last reveal did, kept in view until the next letters are turned over."""
    if not state.revealed or state.phase in ("reveal", "first") or state.is_over:
        return ""
    shown = ", ".join(f"{state.seat_name(s)} {letter}" for s, letter in enumerate(state.revealed))
    taken = "; ".join(f"{window}: {rules.tile_name(tile)} to "
                      f"{rules.CAPTURED_BY[rules.tile_colour(tile)].capitalize()} "
                      f"(+{rules.tile_points(tile)})" for window, tile in state.taken) \
        or "nothing captured"
    return (f'<div class="last-round" style="font-size:1rem;margin:4px">Round {state.round}: '
            f"{escape(shown)}. {escape(taken)}.</div>")


def row(label: str, buttons: list[str]) -> str:
    """A labelled line of buttons inside the step's button bar."""
    return (f'<div style="flex-basis:100%;display:flex;flex-wrap:wrap;gap:6px;'
            f'align-items:center"><b style="min-width:5.5em">{escape(label)}</b>'
            f'{"".join(buttons)}</div>')
