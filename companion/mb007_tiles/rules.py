"""Milton Bradley's James Bond 007 tile game as data: seats, lines, tiles, points, chips.

Every constant cites the part of ``../shared/rules/milton_bradley_007_tiles_and_cards.txt``
(an OCR scan of the 1965 manual) it comes from, by the manual's own headings: To Set Up
the Game, Value of the Tiles, Value of Chips, Playing the Game, Capturing Tiles, The First
Round, the numbered rules 8-10 and For Two / For Three Players. `READING_NOTES.md` settles
the unclear parts. Where the manual is silent the choice is marked HOUSE RULE; each is an
option of `new_state` (see `DEFAULT_OPTIONS`) and is listed in `docs/assumptions.md`.
"""

from __future__ import annotations

from typing import Literal

GAME_TITLE = "James Bond 007 (tile game)"

SECTIONS = {
    "setup": "To Set Up the Game",
    "values": "Value of the Tiles",
    "chips": "Value of Chips",
    "play": "Playing the Game",
    "capture": "Capturing Tiles",
    "first round": "The First Round",
    "rounds": "The First Round, after the first round (rule 8)",
    "end": "Rule 9: the end of a game",
    "match": "Rule 10: after one or more games",
    "two": "For Two Players",
    "three": "For Three Players",
}

Colour = Literal["red", "black"]
COLOURS: tuple[Colour, Colour] = ("red", "black")
# Capturing Tiles: "Red tiles are captured by the Black team. Black tiles are captured by
# the Red team."
CAPTURED_BY: dict[str, Colour] = {"red": "black", "black": "red"}

# To Set Up the Game, 3: "Each player takes four LETTERED B O N D tiles of his color".
LETTERS: tuple[str, ...] = ("B", "O", "N", "D")
# Playing the Game: "placing them FACE UP in the 16 windows in the center of the board".
BOARD_SIZE = 4  # 4 x 4 windows
WINDOWS = BOARD_SIZE * BOARD_SIZE

PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4)  # the manual: directions for 2, 3 and 4 players
# To Set Up the Game, 2: players sit on the four sides; Red partners opposite each other,
# Black partners likewise. Seats are numbered around the table in the order of play ("the
# player to his left" plays next), so colours alternate. With 3 players "two players as a
# team sit opposite each other and use the B O N D of one color" (seats 0 and 2); with 2
# "each uses a B O N D of a different color playing from one side only".
SIDES: tuple[str, ...] = ("south", "west", "north", "east")
SEAT_COLOURS: tuple[Colour, ...] = ("red", "black", "red", "black")

# The First Round: a player's lettered tile goes "in its matching Diamond before him. This
# Diamond points to the row of the tile filled windows the player uses this round". The
# diamonds B, O, N, D point at the four lines in front of him in order from his left.
# Windows are (column, row): column 0 is the west edge, row 0 the south edge. A player on
# the south side faces north, so his left is west; on the west side he faces east, his left
# is north; and so on round the table.
LINES_FROM_LEFT: dict[str, tuple[tuple[str, int], ...]] = {
    "south": (("column", 0), ("column", 1), ("column", 2), ("column", 3)),
    "west": (("row", 3), ("row", 2), ("row", 1), ("row", 0)),
    "north": (("column", 3), ("column", 2), ("column", 1), ("column", 0)),
    "east": (("row", 0), ("row", 1), ("row", 2), ("row", 3)),
}

# Value of the Tiles: "Tiles with DOTS have point value equal to the number of dots 1 to 5
# points. The 007 tiles are worth 10 points each".
DOTS: tuple[int, ...] = (1, 2, 3, 4, 5)
BOND = "007"
BOND_POINTS = 10
TILE_VALUES: tuple[str, ...] = ("1", "2", "3", "4", "5", BOND)

# Value of Chips: "White Chips ONE Point, Red Chips FIVE Points, Blue Coins TEN Points".
CHIP_VALUES: dict[str, int] = {"blue": 10, "red": 5, "white": 1}

# Rule 9: "A game ends when one team or both captures SEVEN tiles."
TILES_TO_END = 7

# The tile composition is not printed (To Set Up 4 names only "the NUMBERED tiles those with
# DOTS or 007" of both colours and "The blank extra tile"). HOUSE RULE: per colour, three
# each of 1 to 5 dots and three 007 tiles, 36 numbered tiles (with the blank, a sheet of
# 37). Rule 9's example, "The scores are 45 to 27", then takes seven tiles (three 007s, two
# 5s, a 4 and a 1), as the end at seven tiles suggests; with two of each (READING_NOTES'
# default, the app's before December 2026) seven tiles make at most 41. In 100 bot games
# each of 2 and 4 players, all 200 ended by seven tiles; with two of each 28 stalled first.
DEFAULT_TILE_COUNTS: dict[str, int] = {"1": 3, "2": 3, "3": 3, "4": 3, "5": 3, BOND: 3}
TILE_COUNTS_BEFORE_DECEMBER_2026: dict[str, int] = {value: 2 for value in DEFAULT_TILE_COUNTS}
MAX_TILES_OF_A_KIND = 8

# HOUSE RULES: the manual is silent; each is an option of `new_state`.
DEFAULT_OPTIONS: dict[str, object] = {
    "players": 2,
    # "table": the real bag and board, the drawer taps the tile that came out; "tablet":
    # the app draws from a seeded bag.
    "mode": "table",
    "tile_counts": DEFAULT_TILE_COUNTS,
    # HOUSE RULE: the chips a team starts a match with (Set Up, 5 says "the chips are
    # equally divided" but not how many there are).
    "starting_chips": 100,
    # Seats the app plays (tablet mode only).
    "bots": [],
    # Equilibrium advice and the capture heat map shown (on the choosing player's covered
    # screen and to the drawer).
    "advice": True,
    # HOUSE RULE: with the bag empty, the game also ends after this many rounds in a row
    # that capture nothing. 0 turns it off. Rarely decides a game: a stalled position ends
    # by `stall_end` first (in 300 bot games, no barren run was longer than 9 rounds but
    # those of dead positions).
    "barren_rounds": 12,
    # READING of rule 9 for a game that can no longer reach seven tiles ("dead_position"):
    # with the bag empty it ends when no tile on the board can ever be captured, or when
    # every seat has two letters whose lines hold none of its team's tiles, so each team
    # can keep its tiles out of reach for ever and no capture can be forced.
    # "next_round" (the app's reading before December 2026, kept for games stored then):
    # it ends when no crossing can capture in the next round.
    "stall_end": "dead_position",
}
STALL_ENDS: tuple[str, ...] = ("dead_position", "next_round")
# HOUSE RULE: to find the first player, each player in turn from seat 0 draws a tile and
# puts it back; the first to draw a 007 goes first (Playing the Game: "The first player
# drawing an 007 tile goes first").
FIRST_PLAYER_TILES_RETURNED = True
# HOUSE RULE: a team that cannot pay the difference pays what it has.
PAY_WHAT_YOU_CAN = True
# HOUSE RULE: when both teams lost the same points in a round, the refill goes on from the
# player to the left of the last one who drew (The First Round: "A player from the team
# which lost the most points in a round draws first"); otherwise it starts with the first
# player of the losing team to the left of the last drawer.
REFILL_TIE_CONTINUES_ROTATION = True
# The end when the bag runs dry (READING_NOTES): "the game also ends, with the totals as
# they stand, when no tile is left to draw and no crossing can capture one"; read through
# the option "stall_end".


def tile_colour(tile: str) -> Colour:
    """'R3' -> 'red', 'B007' -> 'black'."""
    return "red" if tile[0] == "R" else "black"


def tile_points(tile: str) -> int:
    """Value of the Tiles: dots count their number, a 007 counts 10."""
    value = tile[1:]
    return BOND_POINTS if value == BOND else int(value)


def tile_code(colour: Colour, value: str) -> str:
    return ("R" if colour == "red" else "B") + value


def tile_name(tile: str) -> str:
    """'R3' -> 'red 3', 'B007' -> 'black 007'."""
    return f"{tile_colour(tile)} {tile[1:]}"


ALL_TILES: tuple[str, ...] = tuple(tile_code(c, v) for c in COLOURS for v in TILE_VALUES)


def chips_for(points: int) -> dict[str, int]:
    """The fewest chips worth `points`, as the manual pays 18: one blue, one red, three white.

    >>> chips_for(18)
    {'blue': 1, 'red': 1, 'white': 3}
    """
    left, chips = points, {}
    for colour, value in CHIP_VALUES.items():
        chips[colour], left = divmod(left, value)
    return chips
