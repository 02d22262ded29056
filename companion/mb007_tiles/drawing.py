"""The board as one SVG: windows and tiles, each seat's B O N D diamonds, the last reveal's
crossings, and (while a tile is placed) the heat map of capture chances. No Panel here.

While a tile is placed, `placing_layer` draws a button over each empty window, carrying
`data-tap="w:<name>"` for the kit's TapPad, under them the heat map: the layer over the
board (`TapPad.overlay`), so that placing the tile takes them away and redraws one window
of the board, not all 16.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from html import escape

from companion.core.dice import percent
from companion.mb007_tiles import rules
from companion.mb007_tiles.board import (
    WINDOWS,
    Window,
    crossings,
    line_windows,
    seat_names,
    window_name,
)
from companion.mb007_tiles.engine import TilesState

COLOURS = {"red": "#c62828", "black": "#212121"}
CELL = 100
MARGIN = 70  # room for the diamonds and the seat's name on every side
SIZE = 4 * CELL + 2 * MARGIN
GOLD = "#f9a825"

BOARD_CSS = """
.mb-board { display: block; width: 100%; max-width: 560px; margin: 0 auto;
  max-height: calc(100vh - 120px); }
@media (orientation: portrait) { .mb-board { max-height: 50vh; } }
.mb-board [data-tap] { cursor: pointer; pointer-events: auto; }
.mb-board [data-tap]:active { fill: rgba(0, 0, 0, 0.15); }
.mb-board [data-tap]:focus-visible { outline: none; stroke: #1565c0; stroke-width: 6; }
"""


def board_svg(state: TilesState, heat: Mapping[Window, Fraction] | None = None,
              best: Window | None = None) -> str:
    """The whole board; `heat` shades the windows offered with their capture chances."""
    # A group, not one image: a screen reader reads each window and letter.
    parts = [f'<svg class="mb-board" viewBox="{_view_box(state.players)}" role="group" '
             f'aria-label="The board: 16 windows, columns a to d from the west, rows 1 to 4 '
             f'from the south, and each seat\'s letters">',
             f'<rect x="{MARGIN - 8}" y="{MARGIN - 8}" width="{4 * CELL + 16}" '
             f'height="{4 * CELL + 16}" rx="10" fill="#5d4037"/>',
             _windows(state, WINDOWS, heat, best)]
    for seat in range(state.players):
        parts.append(_seat(state, seat))
    parts.append("</svg>")
    return "".join(parts)


def placing_layer(state: TilesState, heat: Mapping[Window, Fraction] | None = None,
                  best: Window | None = None) -> str:
    """A button over each empty window, the same size as `board_svg` and drawn over it;
    with `heat`, each offered window drawn again under its button as `board_svg` draws it
    with the heat map (hidden from a screen reader: the advice says it in words). A
    keyboard's Draw brings the focus to the first button (`data-focus`, `TapPad`)."""
    empty = [window for window in WINDOWS if state.tile_at(window) is None]
    parts = [f'<svg class="mb-board" viewBox="{_view_box(state.players)}" role="group" '
             f'aria-label="The windows the tile may be placed in">']
    if heat:
        offered = [window for window in empty if window in heat]
        parts.append(f'<g aria-hidden="true">{_windows(state, offered, heat, best)}</g>')
    for window in empty:
        x, y = _xy(window)
        mark = " data-focus" if window == empty[0] else ""
        parts.append(f'<rect data-tap="w:{window_name(window)}"{mark} role="button" '
                     f'tabindex="0" aria-label="window {window_name(window)}" x="{x + 4}" '
                     f'y="{y + 4}" width="{CELL - 8}" height="{CELL - 8}" rx="8" '
                     f'fill="transparent"/>')
    parts.append("</svg>")
    return "".join(parts)


def _windows(state: TilesState, windows: list[Window] | tuple[Window, ...],
             heat: Mapping[Window, Fraction] | None, best: Window | None) -> str:
    """`windows` as the board draws them (`heat` shading the windows offered)."""
    crossed = _last_crossings(state)
    taken = {name for name, _ in state.taken}
    return "".join(_window(state, window, heat, best, window in crossed,
                           window_name(window) in taken) for window in windows)


def _view_box(players: int) -> str:
    """The board and the sides where seats sit: a margin without a seat is left out, so
    the windows are drawn larger in the same room (two players use two sides)."""
    sides = {rules.SIDES[seat] for seat in range(players)}
    edge = MARGIN - 12  # the board's frame, and a little room round it
    left = 0 if "west" in sides else edge
    top = 0 if "north" in sides else edge
    right = SIZE if "east" in sides else SIZE - edge
    bottom = SIZE if "south" in sides else SIZE - edge
    return f"{left} {top} {right - left} {bottom - top}"


def _xy(window: Window) -> tuple[int, int]:
    """Top-left corner of a window; row 0 is drawn at the bottom (south)."""
    column, row = window
    return MARGIN + column * CELL, MARGIN + (3 - row) * CELL


def _window(state: TilesState, window: Window, heat: Mapping[Window, Fraction] | None,
            best: Window | None, crossed: bool, taken: bool) -> str:
    x, y = _xy(window)
    name = window_name(window)
    tile = state.tile_at(window)
    crossed = crossed and tile is None  # a refilled window is no longer the last crossing
    inner = [f'<rect x="{x + 4}" y="{y + 4}" width="{CELL - 8}" height="{CELL - 8}" rx="8" '
             f'fill="{_fill(tile)}" stroke="{GOLD if crossed else "#8d6e63"}" '
             f'stroke-width="{6 if crossed else 2}"/>']
    if tile is not None:
        inner.append(_tile_face(tile, x, y))
    else:
        inner.append(f'<text x="{x + 10}" y="{y + 24}" font-size="16" fill="#6d4c41">'
                     f"{name}</text>")
        if taken and not (heat and window in heat):  # a window offered is not "taken"
            inner.append(f'<text x="{x + CELL / 2}" y="{y + 88}" font-size="15" '
                         f'text-anchor="middle" fill="#6d4c41">taken</text>')
    if heat is not None and window in heat:
        inner.append(_heat(heat[window], x, y, window == best))
    group = "".join(inner)
    return f'<g role="img" aria-label="{escape(_window_label(name, tile))}">{group}</g>'


def _window_label(name: str, tile: str | None) -> str:
    return f"window {name}: a {rules.tile_name(tile)} tile" if tile else f"window {name}: empty"


def _letter_label(state: TilesState, seat: int, letter: str, face_down: bool,
                  shown: bool) -> str:
    how = " (face down)" if face_down else " (revealed)" if shown else ""
    return escape(f"{seat_names(state.players)[seat]}'s letter {letter}{how}")


def _fill(tile: str | None) -> str:
    return "#efebe9" if tile is None else COLOURS[rules.tile_colour(tile)]


def _tile_face(tile: str, x: int, y: int) -> str:
    value = tile[1:]
    centre = x + CELL / 2
    if value == rules.BOND:
        return (f'<text x="{centre}" y="{y + 62}" font-size="34" font-weight="700" '
                f'text-anchor="middle" fill="{GOLD}">007</text>')
    dots = int(value)
    spots = "".join(
        f'<circle cx="{centre + (i - (dots - 1) / 2) * 15}" cy="{y + 74}" r="5" fill="white"/>'
        for i in range(dots))
    return (f'<text x="{centre}" y="{y + 56}" font-size="36" font-weight="700" '
            f'text-anchor="middle" fill="white">{dots}</text>{spots}')


def _heat(chance: Fraction, x: int, y: int, best: bool) -> str:
    alpha = 0.12 + 0.6 * float(chance)
    outline = (f'<rect x="{x + 6}" y="{y + 6}" width="{CELL - 12}" height="{CELL - 12}" '
               f'rx="7" fill="none" stroke="#2e7d32" stroke-width="6"/>') if best else ""
    return (f'<rect x="{x + 4}" y="{y + 4}" width="{CELL - 8}" height="{CELL - 8}" rx="8" '
            f'fill="#c62828" fill-opacity="{alpha:.2f}"/>{outline}'
            f'<text x="{x + CELL / 2}" y="{y + 66}" font-size="24" font-weight="700" '
            f'text-anchor="middle" fill="#3e2723">{percent(chance)}</text>')


def _seat(state: TilesState, seat: int) -> str:
    """A seat's four diamonds along its side: the face-down letter grey, the last revealed
    letter filled in the seat's colour, and the seat's name."""
    colour = COLOURS[rules.SEAT_COLOURS[seat]]
    side = rules.SIDES[seat]
    parts = []
    for letter in rules.LETTERS:
        cx, cy = _diamond_centre(seat, letter)
        face_down = state.face_down[seat] == letter and state.phase != "reveal"
        shown = state.revealed and state.revealed[seat] == letter
        fill = "#9e9e9e" if face_down else colour if shown else "white"
        text_fill = "white" if face_down or shown else colour
        parts.append(
            f'<g role="img" aria-label="{_letter_label(state, seat, letter, face_down, shown)}">'
            f'<polygon points="{cx},{cy - 20} {cx + 20},{cy} {cx},{cy + 20} {cx - 20},{cy}" '
            f'fill="{fill}" stroke="{colour}" stroke-width="3"/>'
            f'<text x="{cx}" y="{cy + 7}" font-size="20" font-weight="700" text-anchor="middle" '
            f'fill="{text_fill}">{letter}</text></g>')
    parts.append(_seat_name(seat, side, colour, state))
    return "".join(parts)


def _diamond_centre(seat: int, letter: str) -> tuple[float, float]:
    first = line_windows(seat, letter)[0]
    x, y = _xy(first)
    side = rules.SIDES[seat]
    if side in ("south", "north"):
        return x + CELL / 2, (MARGIN + 4 * CELL + 32) if side == "south" else MARGIN - 32
    return (MARGIN - 32) if side == "west" else (MARGIN + 4 * CELL + 32), y + CELL / 2


def _seat_name(seat: int, side: str, colour: str, state: TilesState) -> str:
    name = seat_names(state.players)[seat]
    mid = MARGIN + 2 * CELL
    spots = {"south": (mid, SIZE - 6, 0), "north": (mid, 18, 0), "west": (14, mid, -90),
             "east": (SIZE - 14, mid, 90)}
    x, y, turn = spots[side]
    return (f'<text x="{x}" y="{y}" font-size="17" font-weight="700" text-anchor="middle" '
            f'fill="{colour}" transform="rotate({turn} {x} {y})">{escape(name)}</text>')


def _last_crossings(state: TilesState) -> set[Window]:
    """The windows crossed at the last reveal (shown until the next letters are chosen)."""
    if not state.revealed or state.phase == "reveal":
        return set()
    return set(crossings(dict(enumerate(state.revealed)), state.players))


def tile_chip(tile: str) -> str:
    """A small tile as inline HTML (for the prompt and the captured rows)."""
    colour = COLOURS[rules.tile_colour(tile)]
    text = tile[1:]
    return (f'<span class="tile" style="display:inline-block;min-width:2.2em;padding:2px 6px;'
            f'margin:1px;border-radius:5px;background:{colour};color:'
            f'{GOLD if text == rules.BOND else "white"};font-weight:700;text-align:center">'
            f"{text}</span>")


EDGE_WINDOWS = {"south": "a1 to d1", "west": "a1 to a4", "north": "a4 to d4", "east": "d1 to d4"}


def seating_html(players: int) -> str:
    """Where to sit round the real board, before the first tile (the captured window
    depends on it): each seat's edge, as the board on screen draws it, and who sits to whose
    left (play goes to the left)."""
    names = seat_names(players)
    order = ", then ".join(names)
    words = "; ".join(_where(seat, names) for seat in range(players))
    return (f'<div class="seating" style="font-size:1.02rem;line-height:1.4;margin:4px 0">'
            f"<b>Sit round the real board as the board here shows</b> (which window a letter "
            f"captures depends on it): {escape(words)}. Play goes to the left: "
            f"{escape(order)}.</div>")


def _where(seat: int, names: tuple[str, ...]) -> str:
    side = rules.SIDES[seat]
    return f"{names[seat]} at the {side} edge (windows {EDGE_WINDOWS[side]})"
