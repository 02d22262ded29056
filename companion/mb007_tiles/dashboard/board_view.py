"""The board as one tappable picture (a kit `TapPad`: a tap on an empty window sends back
`w:<window>`), with the heat map while a tile is placed. The letters are drawn as the whole
table sees them (`drawing.board_svg`): no pick before the reveal."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from companion.mb007_tiles.dashboard.advice_view import placement
from companion.mb007_tiles.drawing import BOARD_CSS, board_svg
from companion.mb007_tiles.engine import TilesState
from companion.ui import TapPad


@lru_cache(maxsize=32)
def board_html(state: TilesState, placing: bool, heat_map: bool) -> str:
    """The board's picture: windows tappable while `placing`, with the heat map (the best
    window outlined) when `heat_map`. Every device showing a game draws the same board from
    the same state: worked out once."""
    advice = placement(state) if heat_map else []
    heat = {a.window: a.capture for a in advice}
    best = max(advice, key=lambda a: a.value).window if advice else None
    return board_svg(state, tappable=placing, heat=heat or None, best=best)


class BoardView:
    """The board (`pad`, put on the page); `on_tap(tapped)` gets what was tapped
    (`w:<window>`)."""

    def __init__(self, on_tap: Callable[[str], None]):
        self.pad = TapPad(on_tap, stylesheets=[BOARD_CSS], sizing_mode="stretch_width")

    def show(self, state: TilesState, placing: bool, heat_map: bool) -> None:
        self.pad.html = board_html(state, placing, heat_map)
