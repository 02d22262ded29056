"""The field mat as one geometry object: squares, out of bounds, halves, zones, nets, posts.

A square is ``(column, row)``; square ``(c, r)`` covers the unit box from corner
``(c, r)`` to ``(c + 1, r + 1)``. Columns run 0..columns-1 left to right and rows
0..rows-1 from orange's end line (south, row 0) to blue's (north). The out-of-bounds
ring adds `ring` squares on every side (negative or too large coordinates). Orange
defends the south net and attacks north; blue the reverse.

The default mat is READING_NOTES' reading (the rulebook gives no size): 8 x 12
squares of play, one ring out of bounds, the ball at the centre corner, the centre
circle the 4 squares around it, the 2 middle squares of each end row in front of
the net, the penalty box the middle 4 columns of the 3 rows by each end line.

>>> FIELD = Field.from_mapping(DEFAULT_FIELD)
>>> FIELD.name((3, 0)), FIELD.in_front_of_net((3, 0)), FIELD.in_box((2, 2), "orange")
('d1', 'orange', True)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import yaml

from companion.core.errors import InputError, shown
from companion.golden_goal.rules import TEAMS

Square = tuple[int, int]

# Kicking the Ball: "any orthogonal or diagonal direction", listed clockwise so that a
# 45-degree bend is one step either way in this tuple.
DIRECTIONS: dict[str, Square] = {
    "N": (0, 1), "NE": (1, 1), "E": (1, 0), "SE": (1, -1),
    "S": (0, -1), "SW": (-1, -1), "W": (-1, 0), "NW": (-1, 1),
}
COMPASS: tuple[str, ...] = tuple(DIRECTIONS)
# Player Movement: "Players can only move orthogonally."
STEPS: dict[str, Square] = {name: DIRECTIONS[name] for name in ("N", "E", "S", "W")}
NEIGHBOURS_8: tuple[Square, ...] = tuple(DIRECTIONS.values())
NEIGHBOURS_4: tuple[Square, ...] = tuple(STEPS.values())

# READING_NOTES, Golden Goal: the default mat.
DEFAULT_FIELD: dict[str, Any] = {
    "columns": 8,
    "rows": 12,
    "ring": 1,
    "net_columns": [3, 4],
    "box_columns": [2, 5],
    "box_depth": 3,
}
_FIELD_KEYS = {"columns": (2, 40), "rows": (4, 60), "ring": (1, 5), "box_depth": (1, 30)}


def bend(direction: str, eighths: int) -> str:
    """The direction turned clockwise by `eighths` of a turn (negative: anticlockwise)."""
    return COMPASS[(COMPASS.index(direction) + eighths) % len(COMPASS)]


@dataclass(frozen=True)
class Field:
    """One mat's geometry; `Field.from_mapping` validates a description of it."""

    columns: int = 8
    rows: int = 12
    ring: int = 1
    net_columns: tuple[int, ...] = (3, 4)
    box_columns: tuple[int, int] = (2, 5)
    box_depth: int = 3

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str = "field") -> Field:
        """Build a field from a plain description like `DEFAULT_FIELD`; InputError if bad."""
        if not isinstance(data, Mapping):
            raise InputError(f"{source}: a field is a mapping like {DEFAULT_FIELD}")
        unknown = sorted(set(data) - set(DEFAULT_FIELD))
        if unknown:
            raise InputError(f"{source}: unknown field entries {unknown}")
        merged = {**DEFAULT_FIELD, **data}
        for key, (low, high) in _FIELD_KEYS.items():
            value = merged[key]
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise InputError(f"{source}: {key} must be a whole number {low}..{high}, "
                                 f"got {shown(value)}")
        nets = _columns(merged, "net_columns", source)
        box = _columns(merged, "box_columns", source)
        field = cls(merged["columns"], merged["rows"], merged["ring"], tuple(nets),
                    (box[0], box[-1]), merged["box_depth"])
        field.check(source)
        return field

    def check(self, source: str) -> None:
        if self.rows % 2:
            raise InputError(f"{source}: rows must be even so the centre line splits them")
        if self.columns % 2:
            raise InputError(f"{source}: columns must be even so the ball starts on a corner")
        for column in (*self.net_columns, *self.box_columns):
            if not 0 <= column < self.columns:
                raise InputError(f"{source}: column {column} is off the field")
        nets = sorted(self.net_columns)
        if nets != list(range(nets[0], nets[0] + len(nets))):
            raise InputError(f"{source}: net_columns must be side by side, got {nets}")
        if not (self.box_columns[0] <= nets[0] and nets[-1] <= self.box_columns[1]):
            raise InputError(f"{source}: the penalty box must contain the front of the net")
        if self.box_depth > self.rows // 2:
            raise InputError(f"{source}: box_depth {self.box_depth} reaches past the centre")

    def to_mapping(self) -> dict[str, Any]:
        return {"columns": self.columns, "rows": self.rows, "ring": self.ring,
                "net_columns": list(self.net_columns), "box_columns": list(self.box_columns),
                "box_depth": self.box_depth}

    # Squares and boundaries.

    def on_field(self, square: Square) -> bool:
        """In bounds: a square of play (the ball must stay on these)."""
        return 0 <= square[0] < self.columns and 0 <= square[1] < self.rows

    def on_mat(self, square: Square) -> bool:
        """On the mat at all: the field or the out-of-bounds ring around it."""
        c, r = square
        ring = self.ring
        return -ring <= c < self.columns + ring and -ring <= r < self.rows + ring

    @cached_property
    def squares(self) -> tuple[Square, ...]:
        """Every square of play, row by row from the south."""
        return tuple((c, r) for r in range(self.rows) for c in range(self.columns))

    @cached_property
    def square_set(self) -> frozenset[Square]:
        """The squares of play, for fast membership tests."""
        return frozenset(self.squares)

    @cached_property
    def mat_squares(self) -> tuple[Square, ...]:
        """Every square of the mat, out of bounds included."""
        span_c = range(-self.ring, self.columns + self.ring)
        span_r = range(-self.ring, self.rows + self.ring)
        return tuple((c, r) for r in span_r for c in span_c)

    @cached_property
    def steps_from(self) -> dict[Square, tuple[tuple[str, Square], ...]]:
        """For each mat square, the orthogonal steps (name, target) that stay on the mat."""
        return {sq: tuple((name, (sq[0] + dc, sq[1] + dr)) for name, (dc, dr) in STEPS.items()
                          if self.on_mat((sq[0] + dc, sq[1] + dr)))
                for sq in self.mat_squares}

    @cached_property
    def field_neighbours(self) -> dict[Square, tuple[Square, ...]]:
        """For each square of play, its orthogonal neighbours that are squares of play."""
        return {sq: tuple(target for _, target in self.steps_from[sq]
                          if self.on_field(target))
                for sq in self.squares}

    # Halves, centre, zones.

    def half(self, square: Square) -> str | None:
        """The team whose half holds `square` (None out of bounds)."""
        if not self.on_field(square):
            return None
        return TEAMS[0] if square[1] < self.rows // 2 else TEAMS[1]

    @property
    def centre_line(self) -> int:
        """The y coordinate of the centre line (between rows centre_line-1 and centre_line)."""
        return self.rows // 2

    @cached_property
    def centre(self) -> tuple[int, int]:
        """The corner point at the exact centre, where the ball starts."""
        return self.columns // 2, self.rows // 2

    @cached_property
    def centre_circle(self) -> frozenset[Square]:
        """The 4 squares around the centre point, 2 on each half (READING_NOTES)."""
        x, y = self.centre
        return frozenset({(x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)})

    def end_row(self, team: str) -> int:
        """The row along the end line `team` defends."""
        return 0 if team == TEAMS[0] else self.rows - 1

    @cached_property
    def nets(self) -> dict[Square, str]:
        """The squares in front of each net, and the team whose net it is."""
        return {(c, self.end_row(t)): t for t in TEAMS for c in self.net_columns}

    def in_front_of_net(self, square: Square) -> str | None:
        """The team whose net `square` is in front of, or None."""
        return self.nets.get(square)

    def in_box(self, square: Square, team: str) -> bool:
        """Is `square` inside the penalty box `team` defends?"""
        c, r = square
        depth = r if team == TEAMS[0] else self.rows - 1 - r
        return self.box_columns[0] <= c <= self.box_columns[1] and 0 <= depth < self.box_depth

    def posts(self, team: str) -> tuple[tuple[int, int], tuple[int, int]]:
        """The two corner points where the posts of `team`'s net stand."""
        y = 0 if team == TEAMS[0] else self.rows
        return (min(self.net_columns), y), (max(self.net_columns) + 1, y)

    def end_crossed(self, target: Square) -> str | None:
        """The team whose end line a step into `target` crosses (None: not an end line)."""
        if 0 <= target[0] < self.columns:
            if target[1] < 0:
                return TEAMS[0]
            if target[1] >= self.rows:
                return TEAMS[1]
        return None

    def goal_into(self, square: Square, step: Square) -> str | None:
        """The team whose net a ball moving `step` from `square` goes into, or None.

        Goal!!!: "the ball must move from 1 of the 2 spaces in front of the net across
        the end line. If the ball hits a post from inside the penalty box, it bounces
        into the net." READING_NOTES: the post counts for a diagonal kick that leaves the
        field exactly at a post from a square inside the penalty box.
        """
        target = (square[0] + step[0], square[1] + step[1])
        end = self.end_crossed(target)
        if end is None:
            return None
        if self.nets.get(square) == end:
            return end
        diagonal = step[0] != 0 and step[1] != 0
        corner = (square[0] + (step[0] > 0), square[1] + (step[1] > 0))
        if diagonal and self.in_box(square, end) and corner in self.posts(end):
            return end
        return None

    def name(self, square: Square) -> str:
        """'d1' for squares of play (columns from the west, rows from the south); a square
        out of bounds by the square of play nearest to it: 'out of bounds south of h1',
        '2 west of a5' (each square its own name)."""
        c, r = square
        if self.columns > 26:
            return f"({c}, {r})"
        if self.on_field(square):
            return f"{chr(ord('a') + c)}{r + 1}"
        near = (min(max(c, 0), self.columns - 1), min(max(r, 0), self.rows - 1))
        across = "south" if r < 0 else "north" if r >= self.rows else ""
        along = "west" if c < 0 else "east" if c >= self.columns else ""
        away = max(abs(c - near[0]), abs(r - near[1]))
        return (f"out of bounds {f'{away} ' if away > 1 else ''}"
                f"{'-'.join(filter(None, (across, along)))} of {self.name(near)}")


def _columns(data: Mapping[str, Any], key: str, source: str) -> list[int]:
    value = data[key]
    if not isinstance(value, list | tuple) or not value or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        raise InputError(f"{source}: {key} must be a list of column numbers, got {shown(value)}")
    if key == "box_columns" and (len(value) != 2 or value[0] > value[1]):
        raise InputError(f"{source}: box_columns is [first, last], got {shown(value)}")
    return list(value)


def load_field(path: str | Path) -> Field:
    """Read a mat description from a YAML or JSON file (same keys as `DEFAULT_FIELD`)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
        data = json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)
    except (OSError, ValueError, yaml.YAMLError) as error:
        raise InputError(f"{path.name}: cannot read the field: {str(error)[:120]}") from None
    return Field.from_mapping(data, source=path.name)


STANDARD_FIELD = Field.from_mapping(DEFAULT_FIELD, source="DEFAULT_FIELD")
