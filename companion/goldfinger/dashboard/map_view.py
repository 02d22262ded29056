"""The Goldfinger map drawn with HoloViews from the networkx board: what the table sees.

`map_overlay(state, ...)` returns one overlay: buildings, Road lines (blue),
Cut-Over lines (grey, dashed), Quick Turn arrows (yellow, with a head), the
Spaces coloured by Bond's reach chance with the percentage written on each,
red stars, gates, the pieces with the way they face, and rings around the
Spaces a tap can choose now. Nothing here is hover-only. Used by the dashboard
and by the teaching notebook; imports no Panel.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from fractions import Fraction

import holoviews as hv
import holoviews.plotting.bokeh  # the styling options below are Bokeh's

from companion.goldfinger.board import Board
from companion.goldfinger.engine import GoldfingerState
from companion.goldfinger.map_svg import (
    BOND_COLOUR,
    BUILDING,
    CAR_COLOUR,
    CUT_OVER,
    QUICK,
    REACH_CMAP,
    ROAD,
    STAR_COLOUR,
    TARGET_COLOUR,
)
from companion.goldfinger.rules import BOND


def _lines(board: Board, kind: str) -> hv.Segments:
    rows = []
    for a, b, data in board.graph.edges(data=True):
        if data.get("kind") == kind:
            p, q = board.spaces[a], board.spaces[b]
            rows.append((p.x, p.y, q.x, q.y))
    return hv.Segments(rows, kdims=["x0", "y0", "x1", "y1"])


def _quick_turns(board: Board) -> hv.Overlay:
    """Quick Turn arrows: a dashed yellow line from the origin to where it lands, and a head."""
    lines, heads = [], []
    for arrow in board.quick_turns:
        p, q = board.spaces[arrow.origin], board.spaces[arrow.to]
        lines.append((p.x, p.y, q.x, q.y))
        angle = math.atan2(-(q.y - p.y), q.x - p.x) - math.pi / 2  # y grows down the map
        heads.append((p.x + 0.7 * (q.x - p.x), p.y + 0.7 * (q.y - p.y), angle))
    segments = hv.Segments(lines, kdims=["x0", "y0", "x1", "y1"]).opts(
        color=QUICK, line_width=3, line_dash="dashed")
    tips = hv.Points(heads, vdims=["angle"]).opts(
        marker="triangle", angle=hv.dim("angle"), size=13, color=QUICK, line_color="#5d4300")
    return segments * tips


def _spaces(board: Board, reach: Mapping[str, Fraction] | None) -> hv.Overlay:
    rows = []
    for space in board.spaces.values():
        chance = float(reach.get(space.id, 0)) if reach is not None else 0.0
        rows.append((space.x, space.y, space.id, chance))
    points = hv.Points(rows, vdims=["space", "reach"]).opts(
        color="reach", cmap=REACH_CMAP, clim=(0, 1), size=24, line_color="#555555",
        line_width=1)
    if reach is None:
        return points * hv.Labels([], vdims=["text"])
    labels = [(x, y, f"{round(c * 100)}") for x, y, _, c in rows if c > 0]
    return points * hv.Labels(labels, vdims=["text"]).opts(
        text_font_size="8pt", text_color="black", text_font_style="bold")


def _features(board: Board, state: GoldfingerState, chosen_stars: Iterable[str]) -> hv.Overlay:
    """Red stars (filled while a card lies there, or chosen in set-up) and the three gates."""
    holding = {star for star, _ in state.cards} | set(chosen_stars)
    stars = [(board.spaces[s].x + 0.28, board.spaces[s].y - 0.28,
              "card" if s in holding else "empty") for s in board.stars]
    star_points = hv.Points(stars, vdims=["card"]).opts(
        marker="star", size=17, color=hv.dim("card").categorize(
            {"card": STAR_COLOUR, "empty": "#ffffff"}), line_color=STAR_COLOUR, line_width=2)
    gates = [(board.spaces[g].x, board.spaces[g].y + 0.42, name)
             for g, name in board.gates.items()]
    gate_labels = hv.Labels(gates, vdims=["name"]).opts(
        text_font_size="9pt", text_color="#4a148c", text_font_style="bold")
    gate_marks = hv.Points([(x, y - 0.42) for x, y, _ in gates]).opts(
        marker="square", size=30, fill_alpha=0, line_color="#4a148c", line_width=3)
    return star_points * gate_marks * gate_labels


def _pieces(state: GoldfingerState) -> hv.Overlay:
    board = state.board
    rows, noses = [], []
    for piece in state.pieces:
        if piece.space is None or piece.crashed:
            continue
        space = board.spaces[piece.space]
        name = "007" if piece.name == BOND else piece.name
        colour = BOND_COLOUR if piece.name == BOND else CAR_COLOUR
        rows.append((space.x, space.y, name, colour))
        if piece.heading:
            dx, dy = piece.heading
            norm = math.hypot(dx, dy) or 1
            angle = math.atan2(-dy, dx) - math.pi / 2
            noses.append((space.x + 0.36 * dx / norm, space.y + 0.36 * dy / norm, angle, colour))
    body = hv.Points(rows, vdims=["name", "colour"]).opts(
        color="colour", size=30, line_color="white", line_width=2)
    nose = hv.Points(noses, vdims=["angle", "colour"]).opts(
        marker="triangle", angle=hv.dim("angle"), color="colour", size=12, line_color="white")
    names = hv.Labels(rows, vdims=["name", "colour"]).opts(
        text_color="white", text_font_size="9pt", text_font_style="bold")
    return nose * body * names


def _targets(board: Board, targets: Iterable[str]) -> hv.Points:
    rows = [(board.spaces[s].x, board.spaces[s].y) for s in targets]
    return hv.Points(rows).opts(size=36, fill_alpha=0, line_color=TARGET_COLOUR, line_width=4)


def frame_opts(board: Board, height: int = 560) -> dict:
    """The plot's frame: the board's extent, y growing down the page, no axes or tools."""
    xs = [s.x for s in board.spaces.values()]
    ys = [s.y for s in board.spaces.values()]
    return dict(
        xlim=(min(xs) - 0.7, max(xs) + 0.7), ylim=(min(ys) - 0.7, max(ys) + 0.9),
        invert_yaxis=True, xaxis=None, yaxis=None, responsive=True, height=height,
        toolbar=None, default_tools=[], show_legend=False, title="", border=0)


def map_overlay(state: GoldfingerState, *, reach: Mapping[str, Fraction] | None = None,
                targets: Iterable[str] = (), chosen_stars: Iterable[str] = (),
                height: int = 560) -> hv.Overlay:
    """The whole map for `state` (map mode). `targets` get a green ring (tappable now)."""
    board = state.board
    buildings = hv.Rectangles([b for b in board.buildings]).opts(
        color=BUILDING, line_color="#9e9686")
    overlay = (
        buildings
        * _lines(board, "road").opts(color=ROAD, line_width=5)
        * _lines(board, "cut_over").opts(color=CUT_OVER, line_width=3, line_dash="dotted")
        * _quick_turns(board)
        * _spaces(board, reach)
        * _features(board, state, chosen_stars)
        * _targets(board, targets)
        * _pieces(state)
    )
    return overlay.opts(**frame_opts(board, height))
