"""The maze: sections of rooms and walls, joined edge to edge, for solo play.

The rulebook's four maze sections are printed boards the app does not know, so solo mode
draws its own (a HOUSE RULE: each section a 4 x 3 grid with `rules.SECTION_ROOMS` rooms).
Sections sit on a grid of equal blocks, so "long edge to long edge, or short edge to
short edge" (New Maze Sections) is any free block beside a placed one.

Rooms are named "<section>:<column letter><row>", e.g. "2:C3" (section 2, column C, row 3).
Companion mode uses the same names for the group's real sections, unchecked.

>>> maze = Maze().add((0, 0), "RRWR/RWRR/RRRR")
>>> maze.neighbours("1:A1")
('1:B1', '1:A2')
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import cached_property

from companion.core.errors import InputError, shown
from companion.core.words import counted
from companion.golden_gun import rules

# HOUSE RULE: the size of a maze section (the rulebook shows no maze; Components: the
# sections are 7" x 5 1/4", so 4 squares by 3).
SECTION_COLUMNS = 4
SECTION_ROWS = 3
# HOUSE RULE: every edge of a generated section has at least 2 rooms, so two sections
# laid edge to edge always connect (a 4-cell edge with 2 rooms meets any 2 rooms
# through a side or a corner; a 3-cell edge with 2 rooms meets any room).
MIN_EDGE_ROOMS = 2
ROOM, WALL = "R", "W"
COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# Maze Sections: "Bond can go from one room into any other connecting room (even if they
# are only connected at a corner, diagonally)".
STEPS = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0))
SIDES = ((0, -1), (-1, 0), (1, 0), (0, 1))
ROOM_NAME = re.compile(r"^([1-9]):([A-Z])([1-9])$")

Cell = tuple[int, int]


def parse_room(name: object, sections: int) -> tuple[int, int, int]:
    """(section, column, row) of a room name in a maze of `sections`; InputError if bad."""
    match = ROOM_NAME.match(name) if isinstance(name, str) else None
    if match is None:
        raise InputError(f"a room is named like '1:B2' (section:column row), got {shown(name, 20)}")
    section = int(match[1])
    if section > sections:
        raise InputError(f"room {name}: only {counted(sections, 'maze section')} on the table")
    return section, COLUMNS.index(match[2]), int(match[3]) - 1


def room_name(section: int, column: int, row: int) -> str:
    return f"{section}:{COLUMNS[column]}{row + 1}"


def parse_layout(layout: object) -> tuple[str, ...]:
    """The rows of a section layout 'RRWR/RWRR/RRRR' (R room, W wall); InputError if bad."""
    rows = layout.split("/") if isinstance(layout, str) else []
    if len(rows) != SECTION_ROWS or any(len(r) != SECTION_COLUMNS or set(r) - {ROOM, WALL}
                                        for r in rows):
        raise InputError(f"a maze section is {SECTION_ROWS} rows of {SECTION_COLUMNS} R/W "
                         f"letters joined by '/', got {shown(layout, 40)}")
    if ROOM not in "".join(rows):
        raise InputError(f"maze section {layout} has no room")
    return tuple(rows)


def _local_rooms(rows: tuple[str, ...]) -> set[Cell]:
    return {(x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c == ROOM}


def _connected(cells: set[Cell]) -> bool:
    if not cells:
        return False
    seen, todo = set(), [next(iter(cells))]
    while todo:
        x, y = todo.pop()
        if (x, y) in seen:
            continue
        seen.add((x, y))
        todo.extend((x + dx, y + dy) for dx, dy in STEPS if (x + dx, y + dy) in cells)
    return seen == cells


def _edges_open(rows: tuple[str, ...]) -> bool:
    edges = [rows[0], rows[-1], "".join(r[0] for r in rows), "".join(r[-1] for r in rows)]
    return all(edge.count(ROOM) >= MIN_EDGE_ROOMS for edge in edges)


def generate_section(rng: random.Random, rooms_wanted: int = rules.SECTION_ROOMS) -> str:
    """A random section layout: `rooms_wanted` rooms, connected, every edge open."""
    if rooms_wanted not in rules.SECTION_ROOMS_RANGE:
        raise InputError(f"a generated section has {rules.SECTION_ROOMS_RANGE.start} to "
                         f"{rules.SECTION_ROOMS_RANGE.stop - 1} rooms, got {shown(rooms_wanted)}")
    cells = [(x, y) for y in range(SECTION_ROWS) for x in range(SECTION_COLUMNS)]
    while True:
        rooms = set(rng.sample(cells, rooms_wanted))
        rows = tuple("".join(ROOM if (x, y) in rooms else WALL for x in range(SECTION_COLUMNS))
                     for y in range(SECTION_ROWS))
        if _connected(rooms) and _edges_open(rows):
            return "/".join(rows)


def generate_sections(rng: random.Random, count: int = rules.MAZE_SECTIONS,
                      rooms_wanted: int = rules.SECTION_ROOMS) -> tuple[str, ...]:
    """The layouts of all the sections of a solo game, in the order they will be drawn."""
    return tuple(generate_section(rng, rooms_wanted) for _ in range(count))


@dataclass(frozen=True)
class Maze:
    """The sections on the table: (block position, layout) in the order they were placed."""

    placed: tuple[tuple[Cell, str], ...] = ()

    def add(self, at: Cell, layout: str) -> Maze:
        """The maze with one more section at block `at` (InputError if not beside one)."""
        parse_layout(layout)
        if self.placed and at not in self.free_positions():
            raise InputError(f"block {at} is not a free place beside the maze")
        return Maze((*self.placed, (at, layout)))

    @cached_property
    def _cells(self) -> dict[Cell, str]:
        cells = {}
        for index, ((bx, by), layout) in enumerate(self.placed, start=1):
            for x, y in _local_rooms(parse_layout(layout)):
                gx, gy = bx * SECTION_COLUMNS + x, by * SECTION_ROWS + y
                cells[(gx, gy)] = room_name(index, x, y)
        return cells

    @cached_property
    def _where(self) -> dict[str, Cell]:
        return {name: cell for cell, name in self._cells.items()}

    @property
    def rooms(self) -> tuple[str, ...]:
        return tuple(sorted(self._where))

    def cell(self, room: str) -> Cell:
        """The room's (x, y) on the table; InputError for a room the maze does not have."""
        if room not in self._where:
            raise InputError(f"there is no room {shown(room)} in the maze (walls are not rooms)")
        return self._where[room]

    def neighbours(self, room: str) -> tuple[str, ...]:
        """The rooms Bond can move into from `room` (through sides and corners)."""
        x, y = self.cell(room)
        return tuple(self._cells[(x + dx, y + dy)] for dx, dy in STEPS
                     if (x + dx, y + dy) in self._cells)

    def _blocks(self) -> set[Cell]:
        return {at for at, _ in self.placed}

    def _inside(self, x: int, y: int) -> bool:
        return (x // SECTION_COLUMNS, y // SECTION_ROWS) in self._blocks()

    def is_edge(self, room: str) -> bool:
        """Whether the room is on the outside edge of the maze (a side faces off the table)."""
        x, y = self.cell(room)
        return any(not self._inside(x + dx, y + dy) for dx, dy in SIDES)

    def edge_rooms(self) -> tuple[str, ...]:
        return tuple(r for r in self.rooms if self.is_edge(r))

    def free_positions(self) -> tuple[Cell, ...]:
        """The blocks where a new section can be laid along an edge of the placed ones."""
        blocks = self._blocks()
        free = {(bx + dx, by + dy) for bx, by in blocks for dx, dy in SIDES}
        return tuple(sorted(free - blocks))

    @property
    def room_cells(self) -> dict[str, Cell]:
        """Every room and its (x, y) on the table, for drawing the maze."""
        return dict(self._where)

    @property
    def walls(self) -> tuple[Cell, ...]:
        """The (x, y) of every wall square of the placed sections, for drawing the maze."""
        cells = {(bx * SECTION_COLUMNS + x, by * SECTION_ROWS + y) for bx, by in self._blocks()
                 for x in range(SECTION_COLUMNS) for y in range(SECTION_ROWS)}
        return tuple(sorted(cells - set(self._cells)))

    def section_rooms(self, section: int) -> tuple[str, ...]:
        return tuple(r for r in self.rooms if r.startswith(f"{section}:"))
