"""The field mat drawn to scale as SVG: zones, players, ball, and what may be tapped now.

Pure text, no Panel: the dashboard puts it in a tappable view, a notebook shows it as
HTML. One square is `U` units; north (blue's end) is at the top. Every mat square
carries ``data-tap="c,r"``; the squares that may be tapped now (`Marks.targets`) are lit
by a button over them with the square's name (``e7``), and a net that may be scored in by
a button named "blue's net" (``data-tap="net:blue"``). The lit buttons are drawn with the
pieces (`field_pieces`), not on the mat: the mat, about 19 KB, is the same all match long,
and a tap that changes what may be tapped (a player chosen) sends only the pieces.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from companion.golden_goal.board import Square
from companion.golden_goal.engine import GoldenGoalState
from companion.golden_goal.rules import KEEPER, TEAMS

U = 10  # SVG units per square
TEAM_COLOURS = {"orange": "#e65100", "blue": "#1565c0"}
PITCH, BOX, NET_FRONT, OUT = "#2e7d32", "#388e3c", "#66bb6a", "#55695a"
TARGET, SELECTED, GOLD = "#ffeb3b", "#ffffff", "#ffd600"
NET_DEPTH = 0.45  # how far a net is drawn behind the goal line, in squares
Target = Square | str  # a square, or "net:<team>"


@dataclass(frozen=True)
class Marks:
    """What to draw over the position: tappable targets, a selection, planned paths."""

    targets: frozenset[Target] = frozenset()
    selected: Square | None = None
    mover_path: tuple[Square, ...] = ()  # from the mover's square, step by step
    ball_path: tuple[Square, ...] = ()  # from the ball's square; a goal ends in "net:<team>"
    lines: tuple[tuple[Target, ...], ...] = ()  # scoring lines, drawn faint
    # The bot's last move (mover's squares, ball's squares), shown for a moment.
    bot_mover: tuple[Square, ...] = ()
    bot_ball: tuple[Target, ...] = ()


def net_key(team: str) -> str:
    return f"net:{team}"


class Canvas:
    """Coordinates of one state's mat in SVG units."""

    def __init__(self, state: GoldenGoalState):
        self.state, self.field = state, state.field
        self.ring = self.field.ring
        self.width = (self.field.columns + 2 * self.ring) * U
        self.height = (self.field.rows + 2 * self.ring) * U

    def corner(self, x: float, y: float) -> tuple[float, float]:
        """The SVG point of field corner coordinates (x, y)."""
        return (x + self.ring) * U, (self.field.rows + self.ring - y) * U

    def centre_of(self, target: Target) -> tuple[float, float]:
        if isinstance(target, str):
            team = target.split(":", 1)[1]
            nets = self.field.net_columns
            x = (min(nets) + max(nets) + 1) / 2
            y = -0.5 if team == TEAMS[0] else self.field.rows + 0.5
            return self.corner(x, y)
        return self.corner(target[0] + 0.5, target[1] + 0.5)


def field_svg(state: GoldenGoalState, marks: Marks = Marks(), tappable: bool = True) -> str:
    """The whole mat as one <svg> element, scaled to its container's width. Not
    `tappable` (the review's replay): no square or net carries a tap, and the picture is
    one image to a screen reader."""
    canvas = Canvas(state)
    targets = _target_parts(canvas, marks) if tappable else []
    parts = _mat_parts(canvas, tappable) + targets + _piece_parts(canvas, marks)
    if tappable:
        return _svg(canvas, parts)
    return _svg(canvas, parts, "gg-field gg-still",
                f'role="img" aria-label="{escape(still_words(state))}"')


def field_layers(state: GoldenGoalState, marks: Marks = Marks()) -> tuple[str, str]:
    """The mat as two <svg> elements of the same size, the second drawn over the first:
    the squares and nets (about 19 KB, the same all match long), then what may be tapped,
    the paths, the players and the ball (a few KB), which are all that a tap changes."""
    return field_mat(state), field_pieces(state, marks)


def field_mat(state: GoldenGoalState) -> str:
    """The first layer of `field_layers`; it reads only the field."""
    canvas = Canvas(state)
    return _svg(canvas, _mat_parts(canvas))


def field_pieces(state: GoldenGoalState, marks: Marks = Marks()) -> str:
    """The second layer of `field_layers`, drawn over the mat: its lit targets take taps."""
    canvas = Canvas(state)
    return _svg(canvas, _target_parts(canvas, marks) + _piece_parts(canvas, marks),
                "gg-pieces")


def _svg(canvas: Canvas, parts: list[str], kind: str = "gg-field", extra: str = "") -> str:
    return (f'<svg class="{kind}" viewBox="0 0 {canvas.width} {canvas.height}" '
            f'xmlns="http://www.w3.org/2000/svg" style="width:100%;height:auto;display:block;'
            f'touch-action:manipulation;font-family:system-ui,sans-serif"'
            f'{" " + extra if extra else ""}>{"".join(parts)}</svg>')


def still_words(state: GoldenGoalState) -> str:
    """What a screen reader hears of a still picture of the field: the ball and every
    player placed, by the squares' names ('e7')."""
    field = state.field
    ball = f"the ball on {field.name(state.ball)}" if state.ball is not None else \
        "the ball off the mat"
    players = ", ".join(f"{player} on {field.name(square)}" for player, square in state.positions)
    return f"The field: {ball}" + (f"; {players}" if players else "")


def _mat_parts(canvas: Canvas, tappable: bool = True) -> list[str]:
    """The squares (each one a tap target unless not `tappable`), the nets, the lines and
    the labels."""
    parts = [f"<style>{SQUARE_CSS}</style>"]
    parts += [_square(canvas, sq, tappable) for sq in canvas.field.mat_squares]
    return [*parts, _nets(canvas, tappable), _lines(canvas), _labels(canvas)]


def _target_parts(canvas: Canvas, marks: Marks) -> list[str]:
    """What may be tapped now, lit: a button over each square (named as the log names it)
    and over each net. A keyboard player's focus goes to the first square (`TapPad`), when
    the key he pressed (the toss, a roll) took its own button away."""
    field = canvas.field
    squares = [sq for sq in field.mat_squares if sq in marks.targets]
    parts = []
    for square in squares:
        x, y = canvas.corner(square[0], square[1] + 1)
        focus = " data-focus" if square == squares[0] else ""
        parts.append(f'<rect class="gg-target" data-tap="{square[0]},{square[1]}" '
                     f'role="button" tabindex="0" aria-label="{escape(field.name(square))}"'
                     f'{focus} x="{x + 0.6}" y="{y + 0.6}" width="{U - 1.2}" '
                     f'height="{U - 1.2}" rx="1.5"/>')
    for team in TEAMS:
        if net_key(team) in marks.targets:
            parts.append(_net_target(canvas, team))
    return parts


def _piece_parts(canvas: Canvas, marks: Marks) -> list[str]:
    """The scoring lines, the planned paths, the bot's last move, the players and the
    ball, none of them tapped."""
    parts = [_path(canvas, line, GOLD, 1.2, "4 3") for line in marks.lines]
    parts.append(_path(canvas, marks.mover_path, "#fff59d", 1.6, "2 2"))
    parts.append(_path(canvas, marks.ball_path, "#ffffff", 2.2, ""))
    parts.append(_bot_move(canvas, marks))
    parts += [_player(canvas, p, sq, sq == marks.selected)
              for p, sq in canvas.state.positions]
    return [*parts, _ball(canvas)]


BOT_MOVE_SECONDS = 8  # how long the bot's last move stays drawn before it fades
BOT_COLOUR = "#e040fb"


def _bot_move(canvas: Canvas, marks: Marks) -> str:
    """The bot's last move in its own colour, fading away after a few seconds."""
    if not marks.bot_mover and not marks.bot_ball:
        return ""
    style = (f"<style>@keyframes gg-fade {{ 0%, 70% {{ opacity: 1 }} 100% {{ opacity: 0 }} }}"
             f" .gg-last {{ animation: gg-fade {BOT_MOVE_SECONDS}s forwards; }}</style>")
    mover = _path(canvas, marks.bot_mover, BOT_COLOUR, 1.6, "2 2")
    ball = _path(canvas, marks.bot_ball, BOT_COLOUR, 2.2, "")
    return f'{style}<g class="gg-last" pointer-events="none">{mover}{ball}</g>'


# A column letter's centre, in squares from the mat's outer edge, clear of the nets.
LABEL_INSET = 0.28


def _labels(canvas: Canvas) -> str:
    """Column letters and row numbers in the out-of-bounds ring, as the log names squares
    ('e7'), so a group can copy a move onto the real mat."""
    field, ring = canvas.field, canvas.ring
    if field.columns > 26:
        return ""
    style = ('font-size="3.4" font-weight="700" fill="white" fill-opacity="0.8" '
             'text-anchor="middle" pointer-events="none"')
    out = []
    for c in range(field.columns):
        for y in (-ring + LABEL_INSET, field.rows + ring - LABEL_INSET):
            x, sy = canvas.corner(c + 0.5, y)
            out.append(f'<text x="{x}" y="{sy + 1.2}" {style}>{chr(ord("a") + c)}</text>')
    for r in range(field.rows):
        for x in (-ring + 0.5, field.columns + ring - 0.5):
            sx, y = canvas.corner(x, r + 0.5)
            out.append(f'<text x="{sx}" y="{y + 1.2}" {style}>{r + 1}</text>')
    return f'<g class="gg-labels">{"".join(out)}</g>'


# The squares' look, once for the mat: a square is drawn by its zone's class (its markup
# is sent again whenever the targets change, so it is kept short).
ZONES = {"gg-out": OUT, "gg-pitch": PITCH, "gg-box": BOX, "gg-front": NET_FRONT}
SQUARE_CSS = "".join(f".{zone}{{fill:{fill}}}" for zone, fill in ZONES.items()) + (
    f".gg-sq{{stroke:rgba(255,255,255,0.25);stroke-width:0.3;cursor:pointer}}"
    ".gg-still .gg-sq{cursor:default}"
    f".gg-target{{fill:{TARGET};fill-opacity:0.45;stroke:{TARGET};stroke-width:0.8;"
    "pointer-events:auto;cursor:pointer}")


def _zone(field, square: Square) -> str:
    if not field.on_field(square):
        return "gg-out"
    if field.in_front_of_net(square):
        return "gg-front"
    return "gg-box" if any(field.in_box(square, team) for team in TEAMS) else "gg-pitch"


def _square(canvas: Canvas, square: Square, tappable: bool = True) -> str:
    """The square, which is its own tap target (if `tappable`): a tap on a square that may
    not be tapped now is answered with why."""
    x, y = canvas.corner(square[0], square[1] + 1)
    attrs = f'data-tap="{square[0]},{square[1]}" ' if tappable else ""
    return (f'<rect class="gg-sq {_zone(canvas.field, square)}" {attrs}'
            f'x="{x}" y="{y}" width="{U}" height="{U}"/>')


def _net_span(canvas: Canvas, team: str) -> tuple[int, int, int]:
    """The net's first column, the column after its last, and its goal line's y."""
    nets = canvas.field.net_columns
    return min(nets), max(nets) + 1, 0 if team == TEAMS[0] else canvas.field.rows


def _net_box(canvas: Canvas, team: str) -> tuple[float, float, float, float]:
    """The net as drawn: x, y, width and height."""
    low, high, y_line = _net_span(canvas, team)
    depth = -NET_DEPTH if team == TEAMS[0] else NET_DEPTH
    (x0, y0), (x1, y1) = canvas.corner(low, y_line), canvas.corner(high, y_line + depth)
    return x0, min(y0, y1), x1 - x0, abs(y1 - y0)


def _net_tap_box(canvas: Canvas, team: str) -> tuple[float, float, float, float]:
    """Where a tap reaches the net: a full square's height, though the net is drawn thin."""
    low, high, y_line = _net_span(canvas, team)
    tx, ty = canvas.corner(low, y_line + (0 if team == TEAMS[0] else 1))
    return tx, ty, (high - low) * U, U


def _nets(canvas: Canvas, tappable: bool = True) -> str:
    out = []
    for team in TEAMS:
        x, y, width, height = _net_box(canvas, team)
        out.append(f'<rect x="{x}" y="{y}" width="{width}" height="{height}" fill="#eeeeee" '
                   f'fill-opacity="0.85" stroke="{TEAM_COLOURS[team]}" stroke-width="0.8" '
                   'pointer-events="none"/>')
        if tappable:
            tx, ty, tap_width, tap_height = _net_tap_box(canvas, team)
            out.append(f'<rect data-tap="{net_key(team)}" x="{tx}" y="{ty}" '
                       f'style="cursor:pointer" width="{tap_width}" height="{tap_height}" '
                       'fill="transparent"/>')
        out.append(_posts(canvas, team))
    return "".join(out)


def _net_target(canvas: Canvas, team: str) -> str:
    """A net that may be scored in: lit, its posts over it, and a button to tap."""
    x, y, width, height = _net_box(canvas, team)
    tx, ty, tap_width, tap_height = _net_tap_box(canvas, team)
    return (f'<rect x="{x}" y="{y}" width="{width}" height="{height}" fill="{TARGET}" '
            f'fill-opacity="0.85" stroke="{TEAM_COLOURS[team]}" stroke-width="0.8" '
            f'pointer-events="none"/>{_posts(canvas, team)}'
            f'<rect data-tap="{net_key(team)}" role="button" tabindex="0" '
            f'aria-label="{team}\'s net" x="{tx}" y="{ty}" width="{tap_width}" '
            f'height="{tap_height}" fill="transparent" style="pointer-events:auto;'
            'cursor:pointer"/>')


def _posts(canvas: Canvas, team: str) -> str:
    return "".join(f'<circle cx="{px}" cy="{py}" r="0.9" fill="white" pointer-events="none"/>'
                   for px, py in (canvas.corner(*post) for post in canvas.field.posts(team)))


def _lines(canvas: Canvas) -> str:
    field = canvas.field
    x0, y0 = canvas.corner(0, field.rows)
    x1, y1 = canvas.corner(field.columns, 0)
    cx, cy = canvas.corner(*field.centre)
    _, mid = canvas.corner(0, field.centre_line)
    style = 'fill="none" stroke="white" stroke-width="0.6" pointer-events="none"'
    return (f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" {style}/>'
            f'<line x1="{x0}" y1="{mid}" x2="{x1}" y2="{mid}" {style}/>'
            f'<circle cx="{cx}" cy="{cy}" r="{U}" {style}/>')


def _path(canvas: Canvas, squares: tuple[Target, ...], colour: str, width: float,
          dash: str) -> str:
    if len(squares) < 2:
        return ""
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in map(canvas.centre_of, squares))
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    end_x, end_y = canvas.centre_of(squares[-1])
    return (f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="{width}" '
            f'stroke-linecap="round" stroke-linejoin="round"{dashes} pointer-events="none"/>'
            f'<circle cx="{end_x}" cy="{end_y}" r="{width * 1.2}" fill="{colour}" '
            f'pointer-events="none"/>')


def _player(canvas: Canvas, player: str, square: Square, selected: bool) -> str:
    team, number = player.split(" ")
    cx, cy = canvas.centre_of(square)
    ring = (f'<circle cx="{cx}" cy="{cy}" r="4.6" fill="none" stroke="{SELECTED}" '
            f'stroke-width="1.2"/>') if selected else ""
    text = "K" if number == KEEPER else number
    return (f'<g pointer-events="none">{ring}<circle cx="{cx}" cy="{cy}" r="3.6" '
            f'fill="{TEAM_COLOURS[team]}" stroke="white" stroke-width="0.6"/>'
            f'<text x="{cx}" y="{cy + 1.6}" font-size="4.6" font-weight="700" fill="white" '
            f'text-anchor="middle">{text}</text></g>')


def _ball(canvas: Canvas) -> str:
    state = canvas.state
    if state.ball is not None:
        cx, cy = canvas.centre_of(state.ball)
        if state.ball in state.occupant:  # a kicker stands on it: draw it at his feet
            cx, cy = cx + 3.2, cy + 3.2
    elif state.phase in ("toss", "setup", "roll-off"):
        cx, cy = canvas.corner(*canvas.field.centre)  # the exact centre of the field
    elif state.phase == "restart":  # the conceding team is on turn; the ball is in its net
        cx, cy = canvas.centre_of(net_key(state.to_move))
    elif state.phase == "over" and state.winner in TEAMS:  # the winning goal
        cx, cy = canvas.centre_of(net_key(TEAMS[1 - TEAMS.index(state.winner)]))
    else:
        return ""
    return (f'<circle cx="{cx}" cy="{cy}" r="2.2" fill="white" stroke="black" '
            f'stroke-width="0.6" pointer-events="none"/>')
