"""The actions of the tile game, in the order a game uses them.

Windows are named "a1" to "d4" (see `board`), tiles "R1".."R5", "R007", "B1".."B007"
(see `rules.ALL_TILES`), seats are numbers round the table from 0.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ChooseFirst:
    """Playing the Game: "The first player drawing an 007 tile goes first".

    At the table the group taps who it was; `seat=None` lets the app draw for each seat
    in turn (tiles go back into the bag) and records the tiles in `draws`.
    """

    seat: int | None = None
    draws: tuple[str, ...] = ()


@dataclass(frozen=True)
class Draw:
    """The drawer takes one numbered tile from the bag: at the table he taps which tile came
    out; in tablet mode `tile=None` lets the app draw it."""

    tile: str | None = None


@dataclass(frozen=True)
class Place:
    """Playing the Game: "A tile MUST be placed by the player who drew it", in an empty
    window of his choice."""

    window: str


@dataclass(frozen=True)
class Pick:
    """The First Round: a player secretly chooses one of his lettered tiles. Nobody else
    sees it until the reveal; the log says only that he has chosen."""

    seat: int
    letter: str


@dataclass(frozen=True)
class Reveal:
    """The First Round: "When all have made their selection the tiles are turned over"."""


@dataclass(frozen=True)
class NextGame:
    """Rule 10: another game of the match; chips carry over."""


ACTION_TYPES: tuple[type, ...] = (ChooseFirst, Draw, Place, Pick, Reveal, NextGame)
