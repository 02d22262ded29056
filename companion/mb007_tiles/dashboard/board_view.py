"""The board as one tappable picture (a kit `TapPad`: a tap on an empty window sends back
`w:<window>`), with the heat map while a tile is placed. The letters are drawn as the whole
table sees them (`drawing.board_svg`): no pick before the reveal. The windows' buttons and
the heat map are the layer over the board (`drawing.placing_layer`): placing the tile
takes them away and sends the one window it filled, not every window drawn again."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache

from companion.mb007_tiles.board import Window
from companion.mb007_tiles.dashboard.advice_view import placement
from companion.mb007_tiles.drawing import BOARD_CSS, board_svg, placing_layer
from companion.mb007_tiles.engine import TilesState
from companion.ui import TapPad


@lru_cache(maxsize=32)
def board_html(state: TilesState, heat_map: bool) -> str:
    """The board's picture, with the heat map (the best window outlined) when `heat_map`.
    Every device showing a game draws the same board from the same state: worked out
    once."""
    return board_svg(state, *_heat(state, heat_map))


@lru_cache(maxsize=32)
def placing_html(state: TilesState, heat_map: bool) -> str:
    """The layer over the board while a tile is placed: the windows' buttons, over the
    heat map when `heat_map`."""
    return placing_layer(state, *_heat(state, heat_map))


def _heat(state: TilesState, heat_map: bool) -> tuple[dict[Window, Fraction] | None,
                                                    Window | None]:
    """Each offered window's capture chance, and the best window, when `heat_map`."""
    advice = placement(state) if heat_map else []
    best = max(advice, key=lambda a: a.value).window if advice else None
    return {a.window: a.capture for a in advice} or None, best


class BoardView:
    """The board (`pad`, put on the page); `on_tap(tapped)` gets what was tapped
    (`w:<window>`)."""

    def __init__(self, on_tap: Callable[[str], None]):
        self.pad = TapPad(on_tap, stylesheets=[BOARD_CSS], sizing_mode="stretch_width")

    def show(self, state: TilesState, placing: bool, heat_map: bool) -> None:
        """The board; the windows' buttons while `placing`."""
        self.pad.param.update(html=board_html(state, False),
                              overlay=placing_html(state, heat_map) if placing else "")
