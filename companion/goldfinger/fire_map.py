"""A Goldfinger board as the Enemy Fire search (`fire_odds`) reads it, worked out once per
board: each Space as one bit of an int, so that a set of Spaces is an int and "does any
piece stand in it", "what is the best shot from it" are a few `&`; and, per place and
moves left, where a car there can get to with no piece in its way (`FireMap`)."""

from __future__ import annotations

import weakref
from collections.abc import Callable

from companion.goldfinger.board import Board
from companion.goldfinger.places import Place


class ByMoves:
    """(place, moves) -> a value, worked out the first time it is asked for
    (`work(place, moves)`, which may ask for fewer moves from other places): each place's
    values are a list by moves, so the memo keeps no (place, moves) keys (a review makes
    hundreds of thousands, and the garbage collector would walk them all)."""

    def __init__(self, work: Callable[[Place, int], int]):
        self.work = work
        self._by_place: dict[Place, list[int]] = {}

    def get(self, place: Place, moves: int) -> int:
        known = self._by_place.get(place)
        if known is None:
            known = self._by_place[place] = []
        while len(known) <= moves:
            known.append(self.work(place, len(known)))
        return known[moves]


class FireMap:
    """One board's Spaces as bits (`bits`); `reach(place, moves)`, the Spaces a piece in
    `place` leads to in 1 to `moves` forward moves, pieces ignored; and `fire_spaces`."""

    def __init__(self, board: Board):
        self.bits = {space: 1 << number for number, space in enumerate(board.spaces)}
        self.reach = ByMoves(self._reach).get
        self._fire_spaces: dict[tuple[int, int], ByMoves] = {}

    def _reach(self, place: Place, moves: int) -> int:
        spaces = 0
        if moves:
            for ahead in place.ahead:
                spaces |= self.bits[ahead.space] | self.reach(ahead, moves - 1)
        return spaces

    def fire_spaces(self, trick_cost: int, quick_turn_cost: int) -> Callable[[Place, int], int]:
        """`(place, moves)` -> the Spaces (bits) a car in `place` with `moves` left and a
        manoeuvre to spare might fire from in `fire_odds`' search, pieces ignored (no plan
        of its does better than the best shot from them), with these moves a Trick and a
        Quick Turn cost."""
        costs = (trick_cost, quick_turn_cost)
        found = self._fire_spaces.get(costs)
        if found is None:
            found = self._fire_spaces[costs] = ByMoves(
                lambda place, moves: self._fire_spaces_of(place, moves, *costs))
        return found.get

    def _fire_spaces_of(self, place: Place, moves: int, trick_cost: int,
                        quick_turn_cost: int) -> int:
        bits, reach = self.bits, self.reach
        spaces = bits[place.space] | reach(place.turned, moves)  # Double Back
        if place.quick_turns and moves >= quick_turn_cost:
            spaces |= reach(place, moves)  # a failed Quick Turn goes on from here
            for landing in place.quick_turns:
                spaces |= bits[landing.space] | reach(landing, moves - quick_turn_cost)
        if moves:
            deeper = self.fire_spaces(trick_cost, quick_turn_cost)
            for ahead in place.ahead:  # moved on, or a Trick past a piece there
                spaces |= deeper(ahead, moves - 1)
                if moves - 1 >= trick_cost:
                    for landing in ahead.ahead:
                        spaces |= bits[landing.space] | reach(landing, moves - 1 - trick_cost)
        return spaces


_FIRE_MAPS: weakref.WeakKeyDictionary[Board, FireMap] = weakref.WeakKeyDictionary()


def fire_map(board: Board) -> FireMap:
    """The board's `FireMap`, made the first time it is asked for."""
    found = _FIRE_MAPS.get(board)
    if found is None:
        found = _FIRE_MAPS[board] = FireMap(board)
    return found
