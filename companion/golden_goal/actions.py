"""The actions of Golden Goal, in the order a match uses them.

Squares are ``(column, row)`` (see `board`). A kick is ``(direction, bend_after,
bend_to)``: the ball sets off in `direction` (N, NE, E, SE, S, SW, W, NW) and, when
`bend_after` > 0, turns 45 degrees to `bend_to` after that many spaces; a straight
kick is ``("N", 0, "")``. A turn's `kicks` lists the first kick and then one kick
per pass received, in order.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.golden_goal.board import Square

KickSpec = tuple[str, int, str]
STRAIGHT = 0  # bend_after for a kick without a bend


@dataclass(frozen=True)
class Toss:
    """Setup: "Choose a random team to place first." `first=None` lets the app choose."""

    first: str | None = None


@dataclass(frozen=True)
class Place:
    """Setup: place one of your players on a square of the field."""

    player: str
    square: Square


@dataclass(frozen=True)
class RollOff:
    """The Kickoff: each team rolls the die, orange's die first; a tie rolls again."""

    dice: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Kick:
    """The kickoff kick (or the restart kick after a goal): no free first space."""

    kicks: tuple[KickSpec, ...]


@dataclass(frozen=True)
class Roll:
    """Game Turns: "Start your turn by rolling the die." Also the restart roll."""

    dice: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Play:
    """Game Turns: one player moves `path` (N/E/S/W steps); on reaching the ball, `kicks`.

    `placed`: where an outfielder who kicked from in front of a net is put afterwards.
    """

    player: str
    path: tuple[str, ...]
    kicks: tuple[KickSpec, ...] = ()
    placed: Square | None = None


@dataclass(frozen=True)
class PlaceKeeper:
    """Longer Matches: after conceding, put your keeper and the ball in front of your net."""

    square: Square


@dataclass(frozen=True)
class Pass:
    """HOUSE RULE (rules.PASS_WHEN_STUCK): no legal way to use the roll or kick, so skip it."""


ACTION_TYPES: tuple[type, ...] = (Toss, Place, RollOff, Kick, Roll, Play, PlaceKeeper, Pass)
