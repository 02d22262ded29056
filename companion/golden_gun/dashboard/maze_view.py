"""The maze as one tappable grid of big cells (a kit `TapPad`: its HTML is one property, and
a tap on a room sends back its name), with a legend of every look and what to tap now."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import panel as pn

from companion.golden_gun import engine, rules
from companion.golden_gun.board import SECTION_COLUMNS, SECTION_ROWS
from companion.golden_gun.dashboard.looks import (
    BLUE_CARD,
    BOND,
    CELL_LOOKS,
    DANGER,
    ENTERED_STRIPES,
    GREEN_CARD,
    ROOM,
    TARGET,
    WALL,
)
from companion.golden_gun.engine import GoldenGunState
from companion.ui import TapPad, tap_button
from companion.ui.theme import TOUCH

# What a screen reader says of a room, for the colour a sighted player sees.
LOOK_WORDS = {"bond": "Bond is here", "room": "not entered", "entered": "entered",
              "green": "a green card lies face down", "blue": "a blue card was left here",
              "scaramanga": "Scaramanga is here"}

# A cell is at most MAX_CELL px wide and never shorter than a fingertip (TOUCH); narrow
# screens shrink the columns (a 16-column maze keeps 44 px at 768 px wide).
MAX_CELL, CELL_GAP = 64, 2
MAZE_CSS = f"""
.sections {{ display: flex; flex-wrap: wrap; gap: 12px; }}
.section-title {{ font-weight: 700; margin: 2px 0 6px; font-size: 1.05rem; }}
.maze {{ display: grid; gap: {CELL_GAP}px; width: 100%;
  grid-template-columns: repeat(var(--columns), minmax(0, 1fr)); }}
/* A phone: a room to tap is never narrower than a fingertip, and a maze wider than the
   screen scrolls sideways (it drew a solo maze of three sections in 29 px rooms). */
@media (max-width: 600px) {{
  .maze-frame {{ overflow-x: auto; }}
  .maze {{ grid-template-columns: repeat(var(--columns), minmax({TOUCH}px, 1fr)); }}
}}
.cell {{ min-height: {TOUCH}px; aspect-ratio: 1; min-width: 0; border-radius: 3px;
  padding: 0; box-sizing: border-box; font-weight: 600; font-size: 0.95rem;
  border: 1px solid #90a4ae; overflow: hidden; }}
.dense .cell {{ font-size: 0.8rem; }}
.wall {{ background: {WALL}; border: none; }}
.gg-room {{ border: 1px solid #607d8b; }}
.gg-entered {{ background-image: {ENTERED_STRIPES}; }}
.gg-scaramanga {{ box-shadow: inset 0 0 0 4px {BOND}; }}
.blank {{ border: none; }}
.target {{ border: 4px solid {TARGET}; }}
""" + "".join(f".gg-{name} {{ background-color: {bg}; color: {fg}; }}\n"
              for name, (bg, fg) in CELL_LOOKS.items())

# The replay's maze (`still_maze_html`): the same looks, drawn as wide as the replay with
# nothing to tap, so its cells need not be a fingertip tall; the key in small print.
REPLAY_MAZE_CSS = MAZE_CSS + """
.replay-maze { margin: 6px 0; }
.replay-maze .maze-frame { overflow-x: visible; }
.replay-maze .maze { grid-template-columns: repeat(var(--columns), minmax(0, 1fr)); }
.replay-maze .cell { min-height: 0; font-size: 0.7rem; display: flex; align-items: center;
  justify-content: center; }
.replay-maze .dense .cell { font-size: 0.55rem; }
.replay-maze .maze-key { display: flex; flex-wrap: wrap; gap: 2px 10px; font-size: 0.8rem;
  margin-top: 4px; }
.replay-maze .maze-key span span { width: 12px !important; height: 12px !important; }
"""

class MazeView(pn.viewable.Viewer):
    """The maze as a grid of big cells: walls near black, rooms white, entered rooms striped,
    Bond gold, cards coloured; the rooms Bond may move into are outlined and tappable.

    `cells` is what is drawn: room -> (label, look, tappable); `columns` the widest row.
    """

    def __init__(self, on_move: Callable[[str], None]):
        super().__init__()
        self.cells: dict[str, tuple[str, str, bool]] = {}
        self.columns = SECTION_COLUMNS
        self.pad = TapPad(on_move, stylesheets=[MAZE_CSS], sizing_mode="stretch_width",
                          margin=(4, 10))

    def show(self, state: GoldenGunState) -> None:
        targets = {a.room for a in state.legal_actions() if isinstance(a, engine.Move)}
        grids = _maze_grids(state)
        self.columns = max((width for _, width, _ in grids), default=SECTION_COLUMNS)
        self.cells = _cells(state, grids, targets)
        self.pad.html = _grids_html(grids, self.cells) + self._legend(state, bool(targets))

    @property
    def min_width(self) -> int:
        """The width (px) the maze's card wants: every column near its largest size."""
        return self.columns * (MAX_CELL - 8 + CELL_GAP) + 40

    def _legend(self, state: GoldenGunState, moving: bool) -> str:
        keys = _keys(state)
        left = "; ".join(f"{escape(kind)} in {room}" for room, kind in sorted(state.blues.items()))
        extra = f"<div>Cards left in rooms: {left}</div>" if left else ""
        if state.scaramanga_room:
            extra += ("<div><b>House rule:</b> " + escape(rules.HOUSE_RULE_NOTES["scaramanga"])
                      + "</div>")
        if state.maze is None:
            extra += ("<div><b>Companion mode:</b> the app does not know your maze, so it "
                      "does not check that rooms connect or lie on the edge.</div>")
            if state.solex and not state.is_over:
                extra += ("<div><b>With the Solex Agitator:</b> in a room on the edge of your "
                          "maze Bond must look for the exit before he moves on (unless he "
                          "looked in this room last, or Scaramanga is here).</div>")
        return (f'<div class="maze-legend" style="font-size:0.95rem;line-height:1.6;'
                f'margin-top:6px"><div>{self._how(state, moving)}</div>'
                '<div class="maze-key" style="display:flex;flex-wrap:wrap;gap:4px 14px">'
                f"{''.join(f'<span>{key}</span>' for key in keys)}</div>{extra}</div>")

    def _how(self, state: GoldenGunState, moving: bool) -> str:
        if state.must_search:
            return ("<b>Bond must look for the exit here before he moves on</b> (Ending the "
                    "Game: he must look for an exit until he finds one).")
        if not moving:
            return ("The game is over." if state.is_over else
                    "Rooms become tappable at Step 1 (move).")
        if state.maze is None:
            return ("<b>Tap the room Bond enters on your maze</b> (A1 is the top left square "
                    "of a section).")
        if state.free_move:
            return "<b>The Slide: tap any room.</b>"
        if state.room is None:
            return "<b>Tap an outlined room: Bond's first room is along an edge.</b>"
        return "<b>Tap an outlined room to move Bond into it.</b>"

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pad


def still_maze_html(state: GoldenGunState) -> str:
    """The maze as `MazeView` draws it, with nothing to tap (the review's replay): the
    sections laid, Bond, the rooms entered and the cards lying in rooms, and the key to
    the colours; its look in its own <style> (`REPLAY_MAZE_CSS`). It reads what the table
    sees (`_look`): a face-down green card's room, never the card."""
    grids = _maze_grids(state)
    if not grids:
        return ""
    keys = "".join(f"<span>{key}</span>" for key in _keys(state))
    return (f'<div class="replay-maze"><style>{REPLAY_MAZE_CSS}</style>'
            f"{_grids_html(grids, _cells(state, grids, set()), still=True)}"
            f'<div class="maze-key">{keys}</div></div>')


def _cells(state: GoldenGunState, grids: list[tuple[str, int, list[list[str | None]]]],
           targets: set[str]) -> dict[str, tuple[str, str, bool]]:
    """Each room drawn: (label, look, tappable)."""
    return {room: _look(room, state, room in targets)
            for _, _, rows in grids for row in rows for room in row if room}


def _look(room: str, state: GoldenGunState, target: bool) -> tuple[str, str, bool]:
    look = "room"
    if room in state.blues:
        look = "scaramanga" if state.blues[room] == rules.SCARAMANGA else "blue"
    elif room in state.greens:
        look = "green"
    elif room in state.entered:
        look = "entered"
    if room == state.room:
        look = "bond"
    return ("007" if room == state.room else room, look, target)


def _grids_html(grids: list[tuple[str, int, list[list[str | None]]]],
                cells: dict[str, tuple[str, str, bool]], still: bool = False) -> str:
    """The sections' grids; `still`: pictures of rooms, not buttons (the replay's)."""
    if not grids:
        return "<p>The maze appears after Set up.</p>"
    parts = []
    for title, width, rows in grids:
        drawn = "".join(_cell_html(room, cells, still) for row in rows for room in row)
        dense = " dense" if width > 8 else ""
        heading_html = f'<div class="section-title">{escape(title)}</div>' if title else ""
        widest = width * (MAX_CELL + CELL_GAP)
        # Where the maze scrolls sideways (a phone), Bond's room is kept in its view.
        bond = next((room for row in rows for room in row
                     if room and cells[room][1] == "bond"), None)
        keep = f' data-keep-in-view="{escape(bond)}"' if bond and not still else ""
        parts.append(
            f'<div class="maze-frame"{keep} style="flex:1 1 {width * 48}px;min-width:0;'
            f'max-width:{widest}px">'
            f'{heading_html}<div class="maze{dense}" role="group" '
            f'aria-label="{escape(title or "The maze")}" data-columns="{width}" style="'
            f'--columns:{width}">{drawn}</div></div>')
    return f'<div class="sections">{"".join(parts)}</div>'


def _cell_html(room: str | None, cells: dict[str, tuple[str, str, bool]],
               still: bool = False) -> str:
    if room is None:
        return '<div class="cell wall"></div>'
    if room == "":
        return '<div class="cell blank"></div>'
    label, look, target = cells[room]
    classes = f"cell gg-{look}{' target' if target else ''}"
    name = f"{room}, {LOOK_WORDS[look]}{', Bond may move here' if target else ''}"
    if still:
        return (f'<div class="{classes}" role="img" aria-label="{escape(name)}">'
                f"{escape(label)}</div>")
    return tap_button(room, label, classes, enabled=target, name=name)


def _keys(state: GoldenGunState) -> list[str]:
    """The legend's key: a swatch of each look and what it means."""
    swatch = ('<span style="display:inline-block;width:18px;height:18px;'
              'vertical-align:middle;border-radius:3px;border:1px solid #607d8b;'
              'background:{}"></span> {}')
    keys = [swatch.format(BOND, "007: Bond")]
    if state.maze is not None:
        keys += [swatch.format(WALL, "wall"),
                 swatch.format(GREEN_CARD, "green card, face down")]
    return [*keys, swatch.format(ROOM, "room not entered"),
            swatch.format(ENTERED_STRIPES, "entered (striped)"),
            swatch.format(BLUE_CARD, "blue card left in the room"),
            swatch.format(f"{DANGER};box-shadow:inset 0 0 0 3px {BOND}",
                          "Scaramanga (gold ring)")]


def _maze_grids(state: GoldenGunState) -> list[tuple[str, int, list[list[str | None]]]]:
    """(title, columns, rows of cells) to draw: a room's name, None for a wall, "" for no
    section there. Companion: one 4 x 3 grid per section on the table, as the group names
    its squares; solo: the whole maze as laid."""
    if state.maze is None:
        return [(f"Section {s}", SECTION_COLUMNS,
                 [[f"{s}:{'ABCD'[c]}{r + 1}" for c in range(SECTION_COLUMNS)]
                  for r in range(SECTION_ROWS)]) for s in range(1, state.sections + 1)]
    cells: dict[tuple[int, int], str | None] = {
        cell: room for room, cell in state.maze.room_cells.items()}
    cells.update({cell: None for cell in state.maze.walls})
    if not cells:
        return []
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    rows = [[cells.get((x, y), "") for x in range(min(xs), max(xs) + 1)]
            for y in range(min(ys), max(ys) + 1)]
    return [("", len(rows[0]), rows)]

