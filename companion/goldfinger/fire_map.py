"""A Goldfinger board as the Enemy Fire search (`fire_odds`) reads it, worked out once per
board: each Space as one bit of an int, so that a set of Spaces is an int and "does any
piece stand in it", "what is the best shot from it" are a `&` or a dict look-up; and, per
place and moves left, where a car there can get to with no piece in its way (`FireMap`).
The search reads these tables many thousand times a review: each is a dict by place of a
tuple by moves, so that a look-up is two subscripts, no call."""

from __future__ import annotations

import weakref
from collections.abc import Callable

from companion.goldfinger.board import Board
from companion.goldfinger.places import Place


class ByMoves(dict):
    """Place -> its values by moves left, 0 to `most` (a tuple), each `work(place, moves)`,
    worked out the first time the place is asked for. `work` asks for fewer moves from
    other places through `value`, so that working out one place does not walk the whole
    board at once (a board may have 2000 Spaces)."""

    def __init__(self, work: Callable[[Place, int], int], most: int):
        super().__init__()
        self.work, self.most = work, most
        self._started: dict[Place, list[int]] = {}  # the first values of a place

    def __missing__(self, place: Place) -> tuple[int, ...]:
        found = self[place] = tuple(self.value(place, moves) for moves in range(self.most + 1))
        self._started.pop(place, None)
        return found

    def value(self, place: Place, moves: int) -> int:
        known = self.get(place)
        if known is not None:
            return known[moves]
        started = self._started.setdefault(place, [])
        while len(started) <= moves:
            started.append(self.work(place, len(started)))
        return started[moves]


class FireMap:
    """One board's Spaces as bits (`bits`); `reach[place][moves]`, the Spaces a piece in
    `place` can stand in within `moves` forward moves (its own and those it leads to),
    pieces ignored; and `fire_spaces`. For up to `most_moves` moves."""

    def __init__(self, board: Board, most_moves: int):
        self.most_moves = most_moves
        self.bits = {space: 1 << number for number, space in enumerate(board.spaces)}
        self.reach = ByMoves(self._reach, most_moves)
        self._fire_spaces: dict[tuple[int, int], ByMoves] = {}

    def _reach(self, place: Place, moves: int) -> int:
        spaces = self.bits[place.space]
        if moves:
            for ahead in place.ahead:
                spaces |= self.reach.value(ahead, moves - 1)
        return spaces

    def fire_spaces(self, trick_cost: int, quick_turn_cost: int) -> ByMoves:
        """`[place][moves]`: the Spaces (bits) a car in `place` with `moves` left and a
        manoeuvre to spare might fire from in `fire_odds`' search, pieces ignored (no plan
        of its does better than the best shot from them), with these moves a Trick and a
        Quick Turn cost."""
        costs = (trick_cost, quick_turn_cost)
        found = self._fire_spaces.get(costs)
        if found is None:
            found = self._fire_spaces[costs] = ByMoves(
                lambda place, moves: self._fire_spaces_of(place, moves, *costs), self.most_moves)
        return found

    def _fire_spaces_of(self, place: Place, moves: int, trick_cost: int,
                        quick_turn_cost: int) -> int:
        reach = self.reach.value
        spaces = reach(place.turned, moves)  # here, or a Double Back
        if place.quick_turns and moves >= quick_turn_cost:
            spaces |= reach(place, moves)  # a failed Quick Turn goes on from here
            for landing in place.quick_turns:
                spaces |= reach(landing, moves - quick_turn_cost)
        if moves:
            deeper = self.fire_spaces(trick_cost, quick_turn_cost).value
            for ahead in place.ahead:  # moved on, or a Trick past a piece there
                spaces |= deeper(ahead, moves - 1)
                if moves - 1 >= trick_cost:
                    for landing in ahead.ahead:
                        spaces |= reach(landing, moves - 1 - trick_cost)
        return spaces


_FIRE_MAPS: weakref.WeakKeyDictionary[Board, FireMap] = weakref.WeakKeyDictionary()


def fire_map(board: Board, most_moves: int) -> FireMap:
    """The board's `FireMap` for up to `most_moves` moves, made the first time it is asked
    for."""
    found = _FIRE_MAPS.get(board)
    if found is None or found.most_moves < most_moves:
        found = _FIRE_MAPS[board] = FireMap(board, most_moves)
    return found
