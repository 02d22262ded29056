"""The table as the players see it: each Agency and Plot Zone (face-down cards hidden),
the Plot Points with the history behind them, and the race to 60 as a chart.

The chart is an inline SVG in an HTML pane, redrawn only when the ledger changes: a
canvas plot would be laid out again by the browser after every tap (its axes measured,
its canvas painted), which cost more than the rest of a tap together.
"""

from __future__ import annotations

from html import escape

from companion.core.words import counted
from companion.license_to_kill import rules
from companion.license_to_kill.dashboard.parts import box, html
from companion.license_to_kill.dashboard.words import player_colours, points_html, table_html
from companion.license_to_kill.engine import LtkState

WIDTH, HEIGHT = 480, 230  # the SVG's own units; it scales to the card's width
LEFT, RIGHT, TOP, BOTTOM = 40, 12, 10, 34  # room for the axes' labels
HEADROOM = 5  # Plot Points above the highest line, so the line at 60 stays in sight
Y_TICK = 20


class TableView:
    """Agencies and Plot Zones, and the points ledger."""

    def __init__(self) -> None:
        self.table = box()
        self.points = box()

    def update(self, state: LtkState) -> None:
        self.table.html = table_html(state)
        self.points.html = points_html(state)


class RaceChart:
    """Each player's running Plot Points after every ledger change, and the line at 60."""

    def __init__(self) -> None:
        self.pane = html(min_height=200)
        self._drawn: tuple | None = None

    def update(self, state: LtkState) -> None:
        key = (state.config.names, state.ledger)
        if key != self._drawn:  # most taps leave the ledger alone
            self._drawn = key
            self.pane.object = race_html(state.config.names, state.race())


def race_html(names: tuple[str, ...], race: list[list[int]]) -> str:
    """The race as an SVG step chart with a legend in words (no hover needed)."""
    colours = player_colours(names)
    legend = "".join(
        f'<span style="display:inline-block;margin:2px 10px 2px 0;font-size:1rem">'
        f'<span style="display:inline-block;width:22px;height:5px;vertical-align:middle;'
        f'background:{colour}"></span> {escape(name)}: {line[-1]}</span>'
        for name, line, colour in zip(names, race, colours, strict=True))
    return (f'<div class="race"><svg viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" '
            f'role="img" aria-label="Plot Points after each ledger change">'
            f"{_axes_svg(race)}{_lines_svg(race, colours)}</svg><div>{legend}</div></div>")


def _scale(race: list[list[int]]):
    """Ledger change and Plot Points to SVG coordinates. The axis runs one change past the
    last, so the last total is a step of its own (drawn at the right edge, a rise to it was
    a one-pixel tick: a newcomer's play-test)."""
    changes = len(race[0])
    low = min(0, *(min(line) for line in race))
    high = max(rules.WINNING_POINTS, *(max(line) for line in race)) + HEADROOM

    def to_x(change: float) -> float:
        return LEFT + (WIDTH - LEFT - RIGHT) * change / changes

    def to_y(points: float) -> float:
        return TOP + (HEIGHT - TOP - BOTTOM) * (high - points) / (high - low)

    return to_x, to_y, changes, low, high


def _axes_svg(race: list[list[int]]) -> str:
    to_x, to_y, changes, low, high = _scale(race)
    parts = [f'<line x1="{LEFT}" y1="{to_y(low)}" x2="{LEFT}" y2="{to_y(high)}" '
             'stroke="grey"/>',
             f'<line x1="{LEFT}" y1="{to_y(low)}" x2="{to_x(changes)}" y2="{to_y(low)}" '
             'stroke="grey"/>']
    for tick in range(low - low % Y_TICK, high + 1, Y_TICK):
        if tick >= low:
            parts.append(f'<text x="{LEFT - 6}" y="{to_y(tick) + 5}" text-anchor="end" '
                         f'font-size="14" fill="currentColor">{tick}</text>')
    wins = to_y(rules.WINNING_POINTS)
    parts.append(f'<line x1="{LEFT}" y1="{wins}" x2="{to_x(changes)}" y2="{wins}" '
                 'stroke="grey" stroke-dasharray="6 4"/>')
    parts.append(f'<text x="{to_x(changes) - 4}" y="{wins - 5}" text-anchor="end" '
                 f'font-size="14" fill="currentColor">{rules.WINNING_POINTS} wins</text>')
    parts.append(f'<text x="{to_x(changes)}" y="{HEIGHT - 8}" text-anchor="end" '
                 f'font-size="14" fill="currentColor">'
                 f"{counted(changes - 1, 'change')} to the Plot Points</text>")
    return "".join(parts)


def _lines_svg(race: list[list[int]], colours: list[str]) -> str:
    to_x, to_y, *_ = _scale(race)
    paths = []
    for p, line in enumerate(race):
        points = [f"{to_x(0):.1f},{to_y(line[0]):.1f}"]
        for change in range(1, len(line)):  # a step: along at the old total, then up or down
            points.append(f"{to_x(change):.1f},{to_y(line[change - 1]):.1f}")
            points.append(f"{to_x(change):.1f},{to_y(line[change]):.1f}")
        points.append(f"{to_x(len(line)):.1f},{to_y(line[-1]):.1f}")
        paths.append(f'<polyline class="race-line" points="{" ".join(points)}" fill="none" '
                     f'stroke="{colours[p]}" stroke-width="3"/>')
    return "".join(paths)
