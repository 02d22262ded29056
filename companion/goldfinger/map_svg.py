"""The Goldfinger map as two SVG layers of one size: what the dashboard shows and a tap
chooses from.

The dashboard's map is these drawings, replaced in place after every action (one property
change for the browser), not a plot rebuilt from HoloViews elements: that was most of a
tap's time. They draw what `dashboard.map_view.map_overlay` draws for the notebook.

- The mat (`mat_svg`), the same all game: buildings, Road lines (blue), Cut-Over lines
  (grey, dotted), Quick Turn arrows (yellow, dashed, with a head), a white dot on every
  Space, the gates' squares, the Spaces' names (x/y along the edges on a board named by
  coordinates), and over all of it each Space's tap disc: a transparent circle a whole cell
  wide carrying `data-tap="<id>"`.
- The marks (`marks_svg`), drawn over the mat, what a move changes: the Spaces Bond may
  reach shaded by his chance with the percentage written on each, red stars (filled while a
  card lies there), green rings around the Spaces a tap can choose now, the bot's trails,
  the pieces with the way they face, and the gates' names (over the dots).

Only the marks travel to the browser after a move (a `TapPad`'s `overlay`), and the
browser parses and styles again all they hold, so they hold as little as they can: every
static part is in the mat, and a tap goes through the marks to the mat's disc. Only a green
ring takes a tap itself: it is a button (`data-tap`, focusable, named by its Space), so a
keyboard reaches the Spaces a tap can choose. Shared looks are CSS classes (`MAP_CSS`).
Imports no Panel.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping
from fractions import Fraction
from html import escape

from companion.goldfinger.board import Board
from companion.goldfinger.engine import GoldfingerState
from companion.goldfinger.rules import BOND

ROAD, CUT_OVER, QUICK = "#1f5fbf", "#8c8c8c", "#e0a800"
BOND_COLOUR, CAR_COLOUR, STAR_COLOUR = "#111111", "#b71c1c", "#d32f2f"
TARGET_COLOUR, BUILDING = "#00a152", "#d9d2c3"
REACH_CMAP = ["#ffffff", "#c8e6c9", "#81c784", "#388e3c", "#1b5e20"]

U = 40  # SVG units per board unit
MARGIN = 0.7
GATE_ROOM = 0.5  # extra room below for gate names

TRAIL_COLOUR, TRAIL_SECONDS = "#e040fb", 8

# Both layers' looks, in one <style> in the mat, which is drawn once a game: a <style> sent
# with every change of the marks made the browser work out the looks of the whole map again.
# The marks let every tap through to the mat (`TapPad`) but on a green ring.
MAP_CSS = (
    ".gf-dot { fill: #ffffff; stroke: #555555; stroke-width: 1; }"
    + "".join(f" .gf-dot.c{i} {{ fill: {colour}; }}" for i, colour in enumerate(REACH_CMAP))
    + " .gf-hit { fill: transparent; cursor: pointer; }"
    " .gf-pc { font-size: 11px; font-weight: 700; text-anchor: middle; }"
    " .gf-pc.light { fill: white; }"
    f" .gf-ring {{ fill: transparent; stroke: {TARGET_COLOUR}; stroke-width: 4;"
    " pointer-events: auto; cursor: pointer; }"
    # The names have a white halo, so one crossed by a gate's square still reads.
    " .gf-n { font-weight: 700; fill: #555555; text-anchor: middle; stroke: white;"
    " stroke-width: 3px; paint-order: stroke; }"
    " .gf-n.w { text-anchor: start; }"
    " @keyframes gf-fade { 0%, 70% { opacity: 1 } 100% { opacity: 0 } }"
    f" .gf-trail {{ animation: gf-fade {TRAIL_SECONDS}s forwards; }}"
)


def mat_svg(board: Board) -> str:
    """What never changes in a game: buildings, lines, Quick Turns, the Spaces' white dots,
    gates and names, and over them the Spaces' tap discs."""
    parts = [_mat(board), _tap_discs(board)]
    return _frame(board, "gf-map", f'role="img" aria-label="{escape(board.name)}"', parts)


def _mat(board: Board) -> str:
    """The mat but its tap discs."""
    return "".join([f"<style>{MAP_CSS}</style>", _buildings(board), _lines(board, "road"),
                    _lines(board, "cut_over"), _quick_turns(board), _dots(board),
                    _gates(board), _names(board)])


def marks_svg(state: GoldfingerState, *, reach: Mapping[str, Fraction] | None = None,
              targets: Iterable[str] = (), chosen_stars: Iterable[str] = (),
              trails: Iterable[tuple[str, ...]] = ()) -> str:
    """What a move changes, drawn over the mat.

    `trails`: the Spaces each piece the bot moved went through in its last go, drawn for a
    moment (they fade), so the table can follow the bot's move on the real board."""
    return _frame(state.board, "gf-marks", "",
                  _marks(state, reach, targets, chosen_stars, trails))


def _marks(state: GoldfingerState, reach: Mapping[str, Fraction] | None = None,
           targets: Iterable[str] = (), chosen_stars: Iterable[str] = (),
           trails: Iterable[tuple[str, ...]] = ()) -> list[str]:
    board = state.board
    return [_reach(board, reach or {}),
            _stars(board, state, chosen_stars), _rings(board, set(targets), reach or {}),
            _trails(board, trails), pieces_svg(state), _gate_names(board)]


def still_svg(state: GoldfingerState) -> str:
    """The map as one picture with nothing to tap, for the review's replay: the mat and
    the pieces and stars over it, as the dashboard draws them (no reach, ring or trail).
    `state` must be what the table may see (`views.public_state`)."""
    board = state.board
    words = escape(f"{board.name}: {still_words(state)}")
    return _frame(board, "gf-map gf-still", f'role="img" aria-label="{words}"',
                  [_still_mat(board), *_marks(state)])


@functools.lru_cache(maxsize=8)  # a replay steps through one board (boards hash by identity)
def _still_mat(board: Board) -> str:
    return _mat(board)


def still_words(state: GoldfingerState) -> str:
    """Where each piece on the map is, in words (a still picture's name)."""
    shown = [p for p in state.pieces if p.space is not None and not p.crashed]
    return ", ".join(f"{'Bond' if p.name == BOND else 'car ' + p.name} on {p.space}"
                     for p in shown) or "no piece on the map yet"


def _frame(board: Board, css_class: str, extra: str, parts: list[str]) -> str:
    """An <svg> of the whole board scaled to its container's width."""
    xs = [s.x for s in board.spaces.values()]
    ys = [s.y for s in board.spaces.values()]
    x0, y0 = min(xs) - MARGIN, min(ys) - MARGIN
    width = (max(xs) - min(xs) + 2 * MARGIN) * U
    height = (max(ys) - min(ys) + 2 * MARGIN + GATE_ROOM) * U
    return (f'<svg class="{css_class}" viewBox="{x0 * U:g} {y0 * U:g} {width:g} {height:g}" '
            'xmlns="http://www.w3.org/2000/svg" style="width:100%;height:auto;display:block;'
            f'touch-action:manipulation;font-family:system-ui,sans-serif" {extra}>'
            f'{"".join(parts)}</svg>')


def _trails(board: Board, trails: Iterable[tuple[str, ...]]) -> str:
    lines = []
    for trail in trails:
        if len(trail) < 2:
            continue
        points = " ".join(f"{x:g},{y:g}" for x, y in (_xy(board, s) for s in trail))
        end_x, end_y = _xy(board, trail[-1])
        lines.append(f'<polyline points="{points}" fill="none" stroke="{TRAIL_COLOUR}" '
                     'stroke-width="6" stroke-linecap="round" stroke-linejoin="round" '
                     f'stroke-opacity="0.8"/><circle cx="{end_x:g}" cy="{end_y:g}" r="9" '
                     f'fill="{TRAIL_COLOUR}"/>')
    if not lines:
        return ""
    return f'<g class="gf-trail">{"".join(lines)}</g>'


def _names(board: Board) -> str:
    """Where the log's Space names can be read: a board named by coordinates ('x5y4') gets
    its x and y written along the top and left edges; any other board, each Space's name."""
    spaces = board.spaces.values()
    if not _named_by_xy(board):
        return "".join(f'<text class="gf-n" x="{s.x * U:g}" y="{(s.y + 0.48) * U:g}" '
                       f'font-size="9">{escape(s.id)}</text>' for s in spaces)
    x0, y0 = min(s.x for s in spaces), min(s.y for s in spaces)
    out = [f'<text class="gf-n" x="{x * U:g}" y="{(y0 - 0.48) * U:g}" font-size="11">x{x:g}'
           "</text>" for x in sorted({s.x for s in spaces})]
    out += [f'<text class="gf-n w" x="{(x0 - MARGIN + 0.04) * U:g}" y="{y * U + 4:g}" '
            f'font-size="9.5">y{y:g}</text>' for y in sorted({s.y for s in spaces})]
    return "".join(out)


def _named_by_xy(board: Board) -> bool:
    return all(s.id == f"x{s.x:g}y{s.y:g}" for s in board.spaces.values())


def _xy(board: Board, space: str) -> tuple[float, float]:
    s = board.spaces[space]
    return s.x * U, s.y * U


def _buildings(board: Board) -> str:
    return "".join(
        f'<rect x="{a * U:g}" y="{b * U:g}" width="{(c - a) * U:g}" height="{(d - b) * U:g}" '
        f'fill="{BUILDING}" stroke="#9e9686" stroke-width="1.5"/>'
        for a, b, c, d in board.buildings)


def _lines(board: Board, kind: str) -> str:
    style = {"road": f'stroke="{ROAD}" stroke-width="6"',
             "cut_over": f'stroke="{CUT_OVER}" stroke-width="4" stroke-dasharray="3 5"'}[kind]
    out = []
    for a, b, data in board.graph.edges(data=True):
        if data.get("kind") == kind:
            (ax, ay), (bx, by) = _xy(board, a), _xy(board, b)
            out.append(f'<line x1="{ax:g}" y1="{ay:g}" x2="{bx:g}" y2="{by:g}" {style} '
                       'stroke-linecap="round"/>')
    return "".join(out)


def _quick_turns(board: Board) -> str:
    out = []
    for arrow in board.quick_turns:
        (px, py), (qx, qy) = _xy(board, arrow.origin), _xy(board, arrow.to)
        out.append(f'<line x1="{px:g}" y1="{py:g}" x2="{qx:g}" y2="{qy:g}" stroke="{QUICK}" '
                   'stroke-width="4" stroke-dasharray="8 5"/>')
        out.append(_triangle(px + 0.7 * (qx - px), py + 0.7 * (qy - py), qx - px, qy - py, 9,
                             QUICK, 'stroke="#5d4300" stroke-width="1"'))
    return "".join(out)


def _triangle(x: float, y: float, dx: float, dy: float, size: float, colour: str,
              extra: str = "") -> str:
    """A small triangle at (x, y) pointing along (dx, dy)."""
    norm = math.hypot(dx, dy) or 1
    ux, uy = dx / norm, dy / norm
    tip = (x + ux * size, y + uy * size)
    left = (x - ux * size * 0.6 - uy * size * 0.8, y - uy * size * 0.6 + ux * size * 0.8)
    right = (x - ux * size * 0.6 + uy * size * 0.8, y - uy * size * 0.6 - ux * size * 0.8)
    points = " ".join(f"{px:.1f},{py:.1f}" for px, py in (tip, left, right))
    return f'<polygon points="{points}" fill="{colour}" {extra}/>'


def _reach_step(chance: float) -> int:
    """The step of the reach colour scale (white for 0 to dark green for 1), like the
    notebook's."""
    return min(len(REACH_CMAP) - 1, math.ceil(chance * (len(REACH_CMAP) - 1)))


def _dots(board: Board) -> str:
    """Every Space's dot, white: the marks shade those Bond may reach."""
    return "".join(f'<circle class="gf-dot" cx="{x:g}" cy="{y:g}" r="{0.3 * U:g}"/>'
                   for x, y in (_xy(board, s) for s in board.spaces))


def _tap_discs(board: Board) -> str:
    """Each Space's tap target: a transparent disc a whole cell wide."""
    return "".join(_circle(board, space, f'class="gf-hit" data-tap="{escape(space)}"', 0.5)
                   for space in board.spaces)


def _reach(board: Board, reach: Mapping[str, Fraction]) -> str:
    """The Spaces Bond may reach: the dot shaded by his chance, and the percentage on it."""
    out = []
    for space, chance in reach.items():
        chance = float(chance)
        if chance <= 0 or space not in board.spaces:
            continue
        x, y = _xy(board, space)
        light = " light" if chance > 0.6 else ""
        out.append(f'<circle class="gf-dot c{_reach_step(chance)}" cx="{x:g}" cy="{y:g}" '
                   f'r="{0.3 * U:g}"/><text class="gf-pc{light}" x="{x:g}" y="{y + 4:g}">'
                   f'{round(chance * 100)}</text>')
    return "".join(out)


def _stars(board: Board, state: GoldfingerState, chosen_stars: Iterable[str]) -> str:
    """Red stars, filled while a card lies there (or chosen in set-up)."""
    holding = {star for star, _ in state.cards} | set(chosen_stars)
    out = []
    for star in board.stars:
        x, y = _xy(board, star)
        out.append(_star(x + 0.3 * U, y - 0.3 * U, 9,
                         STAR_COLOUR if star in holding else "#ffffff"))
    return "".join(out)


def _gates(board: Board) -> str:
    """The gates: a purple square round the Space."""
    return "".join(
        f'<rect x="{x - 0.42 * U:g}" y="{y - 0.42 * U:g}" width="{0.84 * U:g}" '
        f'height="{0.84 * U:g}" fill="none" stroke="#4a148c" stroke-width="3"/>'
        for x, y in (_xy(board, gate) for gate in board.gates))


def _gate_names(board: Board) -> str:
    """Each gate's name below it, over the Spaces' dots (so in the marks)."""
    xs = [s.x for s in board.spaces.values()]
    out = []
    for gate, name in board.gates.items():
        x, y = _xy(board, gate)
        # Names of gates on the left or right edge run inwards, so none is cut off.
        anchor, shift = {min(xs): ("start", -0.5), max(xs): ("end", 0.5)}.get(
            board.spaces[gate].x, ("middle", 0))
        # A white halo keeps the name readable on the dark theme too.
        out.append(f'<text x="{x + shift * U:g}" y="{y + 0.8 * U:g}" text-anchor="{anchor}" '
                   f'font-size="12" font-weight="700" fill="#4a148c" stroke="white" '
                   f'stroke-width="3" paint-order="stroke">{escape(name)}</text>')
    return "".join(out)


def _star(x: float, y: float, r: float, fill: str) -> str:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append(f"{x + radius * math.cos(angle):.1f},{y + radius * math.sin(angle):.1f}")
    return (f'<polygon points="{" ".join(points)}" fill="{fill}" stroke="{STAR_COLOUR}" '
            'stroke-width="2"/>')


def _rings(board: Board, targets: set[str], reach: Mapping[str, Fraction]) -> str:
    """A green ring round each Space a tap can choose now: a button a keyboard reaches,
    named by its Space (and Bond's chance to reach it, where the map shows it)."""
    def name(space: str) -> str:
        chance = reach.get(space)
        return f"{space}, Bond reaches it: {round(chance * 100)}%" if chance else space

    return "".join(_circle(board, space, f'class="gf-ring" data-tap="{escape(space)}" '
                           f'role="button" tabindex="0" aria-label="{escape(name(space))}"',
                           0.45)
                   for space in sorted(targets))


def _circle(board: Board, space: str, attributes: str, radius: float) -> str:
    """A circle on `space`, `radius` board units wide."""
    x, y = _xy(board, space)
    return f'<circle {attributes} cx="{x:g}" cy="{y:g}" r="{radius * U:g}"/>'


def pieces_svg(state: GoldfingerState) -> str:
    board, out = state.board, []
    shown = [p for p in state.pieces if p.space is not None and not p.crashed]
    sharing = [p.space for p in shown]
    for piece in shown:
        x, y = _xy(board, piece.space)
        if sharing.count(piece.space) > 1:  # mid-Force or Trick: draw both, side by side
            x += (-0.22 if piece.name == BOND else 0.22) * U
        colour = BOND_COLOUR if piece.name == BOND else CAR_COLOUR
        if piece.heading:
            dx, dy = piece.heading
            norm = math.hypot(dx, dy) or 1
            out.append(_triangle(x + 0.4 * U * dx / norm, y + 0.4 * U * dy / norm, dx, dy, 8,
                                 colour, 'stroke="white" stroke-width="1.5"'))
        name = "007" if piece.name == BOND else piece.name
        out.append(f'<circle cx="{x:g}" cy="{y:g}" r="{0.36 * U:g}" fill="{colour}" '
                   'stroke="white" stroke-width="2"/>')
        out.append(f'<text x="{x:g}" y="{y + 4.5:g}" text-anchor="middle" font-size="12.5" '
                   f'font-weight="700" fill="white">{name}</text>')
    return "".join(out)
