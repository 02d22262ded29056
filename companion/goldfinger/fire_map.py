"""A Goldfinger board as the Enemy Fire search (`fire_odds`) reads it, worked out once per
board: each Space as one bit of an int, so that a set of Spaces is an int and "does any
piece stand in it", "what is the best shot from it" are a few `&`; and, per place and
moves left, where a car there can get to with no piece in its way."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

from companion.goldfinger.board import Board
from companion.goldfinger.places import Place


class Table(dict):
    """Key -> value, each worked out the first time it is asked for (`work(*key)`): a memo
    read as `table[place, moves]`, as quick as a dict when the value is known."""

    def __init__(self, work: Callable[..., Any]):
        super().__init__()
        self.work = work

    def __missing__(self, key: tuple) -> Any:
        found = self[key] = self.work(*key)
        return found


class FireMap:
    """One board's Spaces as bits (`bits`); `reach[place, moves]`, the Spaces a piece in
    `place` leads to in 1 to `moves` forward moves, pieces ignored; and `fire_spaces`."""

    def __init__(self, board: Board):
        self.bits = {space: 1 << number for number, space in enumerate(board.spaces)}
        self.reach = Table(self._reach)
        self._fire_spaces: dict[tuple[int, int], Table] = {}

    def _reach(self, place: Place, moves: int) -> int:
        spaces = 0
        if moves:
            for ahead in place.ahead:
                spaces |= self.bits[ahead.space] | self.reach[ahead, moves - 1]
        return spaces

    def fire_spaces(self, trick_cost: int, quick_turn_cost: int) -> Table:
        """`[place, moves]`: the Spaces (bits) a car in `place` with `moves` left and a
        manoeuvre to spare might fire from in `fire_odds`' search, pieces ignored (no plan
        of its does better than the best shot from them), with these moves a Trick and a
        Quick Turn cost."""
        costs = (trick_cost, quick_turn_cost)
        found = self._fire_spaces.get(costs)
        if found is None:
            found = self._fire_spaces[costs] = Table(
                lambda place, moves: self._fire_spaces_of(place, moves, *costs))
        return found

    def _fire_spaces_of(self, place: Place, moves: int, trick_cost: int,
                        quick_turn_cost: int) -> int:
        bits, reach = self.bits, self.reach
        spaces = bits[place.space] | reach[place.turned, moves]  # Double Back
        if place.quick_turns and moves >= quick_turn_cost:
            spaces |= reach[place, moves]  # a failed Quick Turn goes on from here
            for landing in place.quick_turns:
                spaces |= bits[landing.space] | reach[landing, moves - quick_turn_cost]
        if moves:
            deeper = self.fire_spaces(trick_cost, quick_turn_cost)
            for ahead in place.ahead:  # moved on, or a Trick past a piece there
                spaces |= deeper[ahead, moves - 1]
                if moves - 1 >= trick_cost:
                    for landing in ahead.ahead:
                        spaces |= bits[landing.space] | reach[landing, moves - 1 - trick_cost]
        return spaces


_FIRE_MAPS: weakref.WeakKeyDictionary[Board, FireMap] = weakref.WeakKeyDictionary()


def fire_map(board: Board) -> FireMap:
    """The board's `FireMap`, made the first time it is asked for."""
    found = _FIRE_MAPS.get(board)
    if found is None:
        found = _FIRE_MAPS[board] = FireMap(board)
    return found
