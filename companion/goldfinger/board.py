"""The Goldfinger mapboard as a networkx graph, read from a JSON file a group can write.

The rulebook does not print the map, so a board is data. File format (a JSON object,
or the same in YAML in a file named .yaml or .yml):

```
{
  "name": "Sample board",                      text shown to players
  "spaces": [                                  every Space, at least 20
    {"id": "s1", "x": 0, "y": 0},              id: 1-12 letters/digits; x, y: whole numbers
    {"id": "s2", "x": 1, "y": 0, "star": true},           a red star Space
    {"id": "s3", "x": 2, "y": 0, "gate": "North Gate"},   a gate at the edge (exactly 3)
    {"id": "s4", "x": 3, "y": 0, "start": "A"}            start Spaces A, B, C and D
  ],
  "roads": [["s1", "s2", "s3"]],               normal Road lines, each a chain of Spaces
  "cut_overs": [["s2", "t3"]],                 Cut-Over lines (lane changes), pairs
  "quick_turns": [["s3", "s4", "u5"]],         Quick Turn arrows: from, skipped Space, to
  "buildings": [[0.5, 0.5, 2.5, 2.5]]          rectangles x0, y0, x1, y1 that block sight
}
```

Directions come from the coordinates: a piece faces along a heading (dx, dy) and
may move to a linked Space only if that does not turn it more than a right angle
(so it moves forward, and turns only where the road forks). A Quick Turn arrow
from S over K to T may be taken from S when K is ahead; the piece lands on T
facing from K to T. Sight is blocked when the straight segment between two
Spaces crosses a building rectangle.

Loading checks everything and raises InputError naming the file and the entry.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

import networkx as nx

from companion.core.datafile import check_line, check_plain, load_text, short
from companion.core.errors import InputError, shown
from companion.goldfinger.rules import ENEMY_CARS

Heading = tuple[int, int]
DATA = Path(__file__).parent / "data"
SAMPLE_MAP = DATA / "sample_board.json"
# Movement: the rulebook's map has "three gates at the edge"; Set Up: five cards, one per star.
GATES_ON_A_BOARD = 3
MIN_STARS = 5
MIN_SPACES = 20
MAX_SPACES = 2000
MAX_FILE_BYTES = 2_000_000
MAX_OPTION_BYTES = 200_000  # a board stored in a game's options (each saved game keeps one)
_SPACE_KEYS = {"id", "x", "y", "star", "gate", "start"}
_TOP_KEYS = {"name", "spaces", "roads", "cut_overs", "quick_turns", "buildings"}


@dataclass(frozen=True)
class Space:
    id: str
    x: int
    y: int
    star: bool = False
    gate: str | None = None
    start: str | None = None


@dataclass(frozen=True)
class QuickTurn:
    """A Quick Turn arrow: from `origin`, skipping `skip`, to `to`."""

    origin: str
    skip: str
    to: str


@dataclass(frozen=True, eq=False)
class Board:
    """A loaded, validated board. `graph` holds Road and Cut-Over lines (edge attr `kind`)."""

    name: str
    spaces: Mapping[str, Space]
    graph: nx.Graph
    quick_turns: tuple[QuickTurn, ...]
    buildings: tuple[tuple[float, float, float, float], ...]
    source: Any = field(default=None, repr=False)  # the JSON it came from, for saving
    sight_cache: dict[tuple[str, str], bool] = field(default_factory=dict, repr=False)
    distance_cache: dict[str, dict[str, int]] = field(default_factory=dict, repr=False)
    forward_cache: dict[tuple[str, Heading], tuple[str, ...]] = field(default_factory=dict,
                                                                       repr=False)
    fire_cache: dict[tuple, int | None] = field(default_factory=dict, repr=False)
    fire_lines_cache: dict[str, dict[str, int]] = field(default_factory=dict, repr=False)

    # What is where.

    @property
    def stars(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.spaces.values() if s.star)

    @property
    def gates(self) -> dict[str, str]:
        """Gate Space id -> gate name."""
        return {s.id: s.gate for s in self.spaces.values() if s.gate}

    @property
    def starts(self) -> dict[str, str]:
        """Enemy car letter -> its start Space."""
        return {s.start: s.id for s in self.spaces.values() if s.start}

    def check_space(self, space: object) -> str:
        if not isinstance(space, str) or space not in self.spaces:
            raise InputError(f"{self.name} has no space {shown(space, 40)}")
        return space

    def heading(self, origin: str, to: str) -> Heading:
        a, b = self.spaces[origin], self.spaces[to]
        return (b.x - a.x, b.y - a.y)

    # Movement.

    def forward(self, space: str, heading: Heading) -> list[str]:
        """Spaces linked to `space` by Road or Cut-Over lines that a piece facing
        `heading` may move to: no turn sharper than a right angle, and where the road
        does not fork (two lines) only the way the piece faces."""
        key = (space, heading)
        if key not in self.forward_cache:
            links = sorted(self.graph[space])
            dots = {n: _dot(heading, self.heading(space, n)) for n in links}
            ahead = [n for n in links if dots[n] >= 0]
            if len(links) == 2 and len(ahead) == 2 and dots[links[0]] != dots[links[1]]:
                ahead = [max(ahead, key=dots.__getitem__)]
            self.forward_cache[key] = tuple(ahead)
        return list(self.forward_cache[key])

    def quick_turns_from(self, space: str, heading: Heading) -> list[QuickTurn]:
        """Quick Turn arrows a piece in `space` facing `heading` can take."""
        return [q for q in self.quick_turns
                if q.origin == space and _dot(heading, self.heading(space, q.skip)) > 0]

    def aside(self, space: str, occupied: Iterable[str]) -> list[str]:
        """Free Spaces next to `space` a forced piece can be moved off to."""
        taken = set(occupied)
        return [n for n in sorted(self.graph[space]) if n not in taken]

    def forward_distances(self, space: str, heading: Heading, limit: int) -> dict[str, int]:
        """Fewest forward moves to each Space within `limit` moves (Quick Turns not used)."""
        best: dict[str, int] = {}
        queue = deque([(space, heading, 0)])
        seen = {(space, heading)}
        while queue:
            here, facing, moves = queue.popleft()
            if moves == limit:
                continue
            for nxt in self.forward(here, facing):
                state = (nxt, self.heading(here, nxt))
                if state not in seen:
                    seen.add(state)
                    best.setdefault(nxt, moves + 1)
                    queue.append((*state, moves + 1))
        best.pop(space, None)
        return best

    # Firing.

    def sees(self, a: str, b: str) -> bool:
        """No building stands between the two Spaces (Firing Weapons: Seeing the Target)."""
        return _sees(self, a, b)

    def spaces_between(self, a: str, b: str) -> int | None:
        """Spaces between two Spaces along Road and Cut-Over lines (any direction), or None."""
        if a not in self.distance_cache:
            self.distance_cache[a] = nx.single_source_shortest_path_length(self.graph, a)
        moves = self.distance_cache[a].get(b)
        return None if moves is None else max(moves - 1, 0)

    def line_of_fire(self, shooter: str, target: str, heading: Heading | None = None
                     ) -> int | None:
        """Spaces between along Road and Cut-Over lines through Spaces the shooter can see,
        or None. With a `heading`, only out of the front: forward moves, target ahead."""
        key = (shooter, target, heading)
        if key not in self.fire_cache:
            self.fire_cache[key] = self._line_of_fire(shooter, target, heading)
        return self.fire_cache[key]

    def _line_of_fire(self, shooter: str, target: str, heading: Heading | None) -> int | None:
        if not self.sees(shooter, target):
            return None
        if heading is not None and _dot(heading, self.heading(shooter, target)) <= 0:
            return None
        queue, seen = deque([(shooter, heading, 0)]), {(shooter, heading)}
        while queue:
            here, facing, moves = queue.popleft()
            links = self.forward(here, facing) if facing is not None else sorted(self.graph[here])
            for nxt in links:
                if nxt == target:
                    return moves
                state = (nxt, self.heading(here, nxt) if facing is not None else None)
                if state not in seen and self.sees(shooter, nxt):
                    seen.add(state)
                    queue.append((*state, moves + 1))
        return None

    def lines_of_fire(self, shooter: str) -> dict[str, int]:
        """`line_of_fire(shooter, target)` of every other target it has one to, from one
        search: Space -> the Spaces between."""
        if shooter not in self.fire_lines_cache:
            self.fire_lines_cache[shooter] = self._lines_of_fire(shooter)
        return self.fire_lines_cache[shooter]

    def _lines_of_fire(self, shooter: str) -> dict[str, int]:
        # `_line_of_fire`'s search, not stopped at a target: the first time it meets a
        # Space it sees is along the fewest moves, as there.
        found: dict[str, int] = {}
        queue, seen = deque([(shooter, 0)]), {shooter}
        while queue:
            here, moves = queue.popleft()
            for nxt in sorted(self.graph[here]):
                if nxt not in seen and self.sees(shooter, nxt):
                    seen.add(nxt)
                    found[nxt] = moves
                    queue.append((nxt, moves + 1))
        return found

    def behind(self, space: str, heading: Heading, limit: int) -> dict[str, int]:
        """How many Spaces behind a piece facing `heading` each nearby Space is."""
        return self.forward_distances(space, (-heading[0], -heading[1]), limit)

    def is_rear(self, space: str, heading: Heading, other: str) -> bool:
        """`other` lies behind a piece in `space` facing `heading`."""
        return _dot(heading, self.heading(space, other)) < 0

    def to_json(self) -> dict[str, Any]:
        return self.source


def _dot(a: Heading, b: Heading) -> int:
    return a[0] * b[0] + a[1] * b[1]


def _sees(board: Board, a: str, b: str) -> bool:
    key = (a, b) if a < b else (b, a)
    if key not in board.sight_cache:
        p, q = board.spaces[a], board.spaces[b]
        board.sight_cache[key] = not any(_crosses((p.x, p.y), (q.x, q.y), box)
                                         for box in board.buildings)
    return board.sight_cache[key]


def _crosses(p: tuple[float, float], q: tuple[float, float],
             box: tuple[float, float, float, float]) -> bool:
    """Liang-Barsky: does the segment p-q pass through the inside of the rectangle?"""
    x0, y0, x1, y1 = box
    if max(p[0], q[0]) <= x0 or min(p[0], q[0]) >= x1 or max(p[1], q[1]) <= y0 \
            or min(p[1], q[1]) >= y1:
        return False  # wholly beside it: what the clipping below finds too, only quicker
    dx, dy = q[0] - p[0], q[1] - p[1]
    low, high = 0.0, 1.0
    for step, gap in ((-dx, p[0] - x0), (dx, x1 - p[0]), (-dy, p[1] - y0), (dy, y1 - p[1])):
        if step == 0:
            if gap <= 0:
                return False
            continue
        t = gap / step
        if step < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low >= high:
            return False
    return True


# Loading and validation.


def load_board_file(path: str | Path) -> Board:
    """Read and validate a board file; InputError names the file and the bad entry."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise InputError(f"{path.name}: cannot read the board file ({error.strerror})") from None
    return load_board(parse_board_file(raw, path.name), path.name)


def parse_board_file(raw: bytes, name: str, limit: int = MAX_FILE_BYTES) -> Any:
    """The data in a board file's bytes: JSON, or YAML when the name ends .yaml/.yml, read as
    plain data only (no anchors or aliases, finite numbers, text keys, bounded nesting: see
    `companion.core.datafile`). The size is checked before parsing. InputError names the
    file and what is wrong."""
    return load_text(raw, name, limit)


def board_from_option(data: Any, source: str = "map option") -> Board:
    """A board kept in a game's options (an uploaded file's JSON): size-limited, validated."""
    check_plain(data, source)  # bounded nesting first: json.dumps recurses
    try:
        size = len(json.dumps(data, separators=(",", ":")))
    except (TypeError, ValueError):
        raise InputError(f"{source}: a board holds only JSON data (text, numbers, lists)") \
            from None
    if size > MAX_OPTION_BYTES:
        raise InputError(f"{source}: the board is {size // 1000} kB; a board saved with a game "
                         f"may be at most {MAX_OPTION_BYTES // 1000} kB")
    return load_board(data, source)


@cache
def sample_board() -> Board:
    """The shipped sample board (data/sample_board.json)."""
    return load_board_file(SAMPLE_MAP)


def load_board(data: Any, source: str = "board") -> Board:
    """Build a Board from parsed JSON, checking every entry."""
    where = _Where(source)
    if not isinstance(data, dict):
        raise where.error("", "a board is a JSON object")
    unknown = set(data) - _TOP_KEYS
    if unknown:
        raise where.error("", f"unknown keys {sorted(unknown)}")
    name = data.get("name", source)
    if not isinstance(name, str) or not 0 < len(name) <= 80:
        raise where.error("name", "must be text of 1 to 80 characters")
    try:  # no control characters or direction marks
        name = check_line(name, "the name", 80)
    except InputError as error:
        raise where.error("name", str(error)) from None
    spaces = _spaces(data.get("spaces"), where)
    graph = nx.Graph()
    graph.add_nodes_from(spaces)
    for i, chain in enumerate(_list(data, "roads", where)):
        ids = _ids(chain, spaces, where, f"roads[{i}]", length=None)
        graph.add_edges_from(pairwise(ids), kind="road")
    for i, pair in enumerate(_list(data, "cut_overs", where)):
        a, b = _ids(pair, spaces, where, f"cut_overs[{i}]", length=2)
        graph.add_edge(a, b, kind="cut_over")
    quick = tuple(_quick_turn(q, spaces, graph, where, f"quick_turns[{i}]")
                  for i, q in enumerate(_list(data, "quick_turns", where)))
    buildings = tuple(_building(b, where, f"buildings[{i}]")
                      for i, b in enumerate(_list(data, "buildings", where)))
    board = Board(name, spaces, graph, quick, buildings, data)
    _check_whole(board, where)
    return board


class _Where:
    def __init__(self, source: str):
        self.source = source

    def error(self, entry: str, message: str) -> InputError:
        return InputError(f"{self.source}: {entry + ': ' if entry else ''}{message}")


def _list(data: dict, key: str, where: _Where) -> list:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise where.error(key, "must be a list")
    return value


def _spaces(raw: Any, where: _Where) -> dict[str, Space]:
    if not isinstance(raw, list) or not MIN_SPACES <= len(raw) <= MAX_SPACES:
        raise where.error("spaces", f"must be a list of {MIN_SPACES} to {MAX_SPACES} spaces")
    spaces: dict[str, Space] = {}
    for i, entry in enumerate(raw):
        space = _space(entry, where, f"spaces[{i}]")
        if space.id in spaces:
            raise where.error(f"spaces[{i}]", f"space {shown(space.id)} is listed twice")
        spaces[space.id] = space
    return spaces


def _space(entry: Any, where: _Where, at: str) -> Space:
    if not isinstance(entry, dict) or set(entry) - _SPACE_KEYS:
        raise where.error(at, f"a space is an object with keys from {sorted(_SPACE_KEYS)}")
    sid = entry.get("id")
    if not isinstance(sid, str) or not sid.isalnum() or not 0 < len(sid) <= 12:
        raise where.error(at, f"id must be 1-12 letters or digits, got {short(sid)}")
    for axis in ("x", "y"):
        value = entry.get(axis)
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 10_000:
            raise where.error(at, f"{axis} must be a whole number, got {short(value)}")
    star = entry.get("star", False)
    if not isinstance(star, bool):
        raise where.error(at, "star must be true or false")
    gate = entry.get("gate")
    if gate is not None and (not isinstance(gate, str) or not 0 < len(gate) <= 30):
        raise where.error(at, "gate must be a name of 1 to 30 characters")
    start = entry.get("start")
    if start is not None and start not in ENEMY_CARS:
        raise where.error(at, f"start must be one of {list(ENEMY_CARS)}, got {short(start)}")
    return Space(sid, entry["x"], entry["y"], star, gate, start)


def _ids(raw: Any, spaces: Mapping[str, Space], where: _Where, at: str,
         length: int | None) -> list[str]:
    if not isinstance(raw, list) or len(raw) < 2 or (length and len(raw) != length):
        size = f"{length}" if length else "at least 2"
        raise where.error(at, f"must be a list of {size} space ids")
    for sid in raw:
        if not isinstance(sid, str) or sid not in spaces:
            raise where.error(at, f"unknown space {short(sid)}")
    for a, b in pairwise(raw):
        if a == b:
            raise where.error(at, f"links space {shown(a)} to itself")
    return raw


def _quick_turn(raw: Any, spaces: Mapping[str, Space], graph: nx.Graph, where: _Where,
                at: str) -> QuickTurn:
    origin, skip, to = _ids(raw, spaces, where, at, length=3)
    if not (graph.has_edge(origin, skip) and graph.has_edge(skip, to)):
        raise where.error(at, f"{origin}-{skip}-{to} must follow lines through the skipped space")
    if origin == to:
        raise where.error(at, "a Quick Turn must end in another space")
    return QuickTurn(origin, skip, to)


def _building(raw: Any, where: _Where, at: str) -> tuple[float, float, float, float]:
    numbers = isinstance(raw, list) and len(raw) == 4 and all(
        isinstance(v, int | float) and not isinstance(v, bool) for v in raw)
    if not numbers or not (raw[0] < raw[2] and raw[1] < raw[3]):
        raise where.error(at, "a building is [x0, y0, x1, y1] with x0 < x1 and y0 < y1")
    return (float(raw[0]), float(raw[1]), float(raw[2]), float(raw[3]))


def _check_whole(board: Board, where: _Where) -> None:
    starts = [s.start for s in board.spaces.values() if s.start]
    if sorted(starts) != sorted(ENEMY_CARS):
        raise where.error("spaces", f"start spaces A, B, C and D must each appear once, "
                          f"got {sorted(starts)}")
    if len(board.stars) < MIN_STARS:
        raise where.error("spaces", f"needs at least {MIN_STARS} red star spaces, "
                          f"got {len(board.stars)}")
    if len(board.gates) != GATES_ON_A_BOARD:
        raise where.error("spaces", f"needs exactly {GATES_ON_A_BOARD} gates, "
                          f"got {len(board.gates)}")
    for sid in board.spaces:
        if board.graph.degree(sid) == 0:
            raise where.error("spaces", f"space {shown(sid)} is on no line")
        space = board.spaces[sid]
        for i, box in enumerate(board.buildings):
            if box[0] < space.x < box[2] and box[1] < space.y < box[3]:
                raise where.error(f"buildings[{i}]", f"covers space {shown(sid)}")
    if not nx.is_connected(board.graph):
        raise where.error("roads", "some spaces cannot be reached from the others")
