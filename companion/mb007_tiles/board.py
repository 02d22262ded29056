"""The board: 16 windows, the seats round it, and where their lines cross.

A window is ``(column, row)``, column 0 on the west edge and row 0 on the south edge,
named like a chess square: "a1" is the south-west corner, "d4" the north-east one.
Seats are numbered round the table in the order of play (see `rules.SIDES`): Red seats
(south and north) choose columns, Black seats (west and east) choose rows, so a Red line
and a Black line cross in exactly one window.

>>> sorted(window_name(w) for w in crossings({0: "N", 1: "O"}, 2))
['c3']
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.core.errors import InputError, shown
from companion.mb007_tiles import rules

Window = tuple[int, int]
WINDOWS: tuple[Window, ...] = tuple(
    (column, row) for row in range(rules.BOARD_SIZE) for column in range(rules.BOARD_SIZE)
)
COLUMN_NAMES = "abcd"


def window_index(window: Window) -> int:
    column, row = window
    return row * rules.BOARD_SIZE + column


def window_name(window: Window) -> str:
    column, row = window
    return f"{COLUMN_NAMES[column]}{row + 1}"


def parse_window(name: object) -> Window:
    """'c3' -> (2, 2); InputError for anything that is not one of the 16 windows."""
    if (not isinstance(name, str) or len(name) != 2 or name[0] not in COLUMN_NAMES
            or name[1] not in "1234"):
        raise InputError(f"{shown(name, 20)} is not a window (a1 to d4)")
    return COLUMN_NAMES.index(name[0]), int(name[1]) - 1


def seat_colour(seat: int) -> rules.Colour:
    return rules.SEAT_COLOURS[seat]


def seat_names(players: int) -> tuple[str, ...]:
    """'Red 1', 'Black 1', ... numbered where a colour has two seats."""
    colours = [seat_colour(s) for s in range(players)]
    names = []
    for seat, colour in enumerate(colours):
        label = colour.capitalize()
        if colours.count(colour) > 1:
            label += f" {colours[:seat + 1].count(colour)}"
        names.append(label)
    return tuple(names)


def seats_of(colour: str, players: int) -> tuple[int, ...]:
    return tuple(s for s in range(players) if seat_colour(s) == colour)


def line(seat: int, letter: str) -> tuple[str, int]:
    """The line a seat's lettered diamond points at: ('column', 2) or ('row', 0)."""
    return rules.LINES_FROM_LEFT[rules.SIDES[seat]][rules.LETTERS.index(letter)]


def line_windows(seat: int, letter: str) -> tuple[Window, ...]:
    kind, index = line(seat, letter)
    span = range(rules.BOARD_SIZE)
    return tuple((index, i) for i in span) if kind == "column" else tuple((i, index) for i in span)


def crossing(red_seat: int, red_letter: str, black_seat: int, black_letter: str) -> Window:
    """Capturing Tiles: the window where a Red player's line crosses a Black player's."""
    kind_red, column = line(red_seat, red_letter)
    kind_black, row = line(black_seat, black_letter)
    assert kind_red == "column" and kind_black == "row"
    return column, row


def crossings(letters_by_seat: Mapping[int, str], players: int) -> frozenset[Window]:
    """Every window where a Red line crosses a Black line: the windows captured.

    `letters_by_seat` maps each seat (0 to players-1 round the table) to "B", "O", "N" or
    "D". Partners' lines never capture (they are parallel); two crossings in one window
    capture its tile once.
    """
    check_players(players)
    if set(letters_by_seat) != set(range(players)):
        raise InputError(f"letters are needed for seats 0 to {players - 1}, "
                         f"got {sorted(letters_by_seat)}")
    for seat, letter in letters_by_seat.items():
        if letter not in rules.LETTERS:
            raise InputError(f"seat {seat}: {shown(letter, 10)} is not one of B, O, N, D")
    return frozenset(
        crossing(red, letters_by_seat[red], black, letters_by_seat[black])
        for red in seats_of("red", players) for black in seats_of("black", players)
    )


def check_players(players: object) -> int:
    if type(players) is not int or players not in rules.PLAYER_COUNTS:  # not 2.0, not True
        raise InputError(f"the tile game is for 2, 3 or 4 players, got {shown(players, 10)}")
    return players
