"""Goldfinger's Enemy Fire odds (map mode): each Enemy car's exact best chance to hit Bond
with Fire in its coming turn, and the hits Bond can expect from them all. The search is
`odds`'s, in whole numbers out of 36 per roll."""

from __future__ import annotations

import weakref
from fractions import Fraction
from functools import cache

from companion.core.memo import Memo
from companion.goldfinger import rules
from companion.goldfinger.board import Board
from companion.goldfinger.odds import (
    DICE,
    GoldfingerState,
    board_of,
    manoeuvre_counts,
    movement_weights,
    success_chance,
)
from companion.goldfinger.places import Place, place_of


def enemy_fire_chances(state: GoldfingerState) -> dict[str, Fraction]:
    """For each Enemy car still running, the chance it hits Bond with Fire in its coming
    turn (map mode).

    Exact, for the car's best plan, when Bond stays where he is and the other pieces stay
    where they are: the car rolls its movement (each allowance 1/6; none on a lost turn),
    moves forward, may try one manoeuvre (a Quick Turn, a Double Back, or a Trick past a
    piece in its way; it has 2 actions and keeps one to Fire) and fires once, from any
    Space it passes or stops in, in sight and along lines, not at Bond's rear behind a
    raised Screen. A car that loses the rest of its turn may still Fire if the house rule
    says so. A Force on Bond is a ram, not Fire: it is not counted here.
    """
    shots = shots_at_bond(state)
    return {car: enemy_fire_chance(state, car, shots) for car in state.live_cars()}


def enemy_fire_chance(state: GoldfingerState, car: str, shots: Shots | None = None
                      ) -> Fraction:
    """`enemy_fire_chances` of one car. It reads the board and the house rules, Bond's
    Space and heading, the Screen, the car's Space, heading, lost turns and hits, and the
    Spaces the other pieces stand in."""
    shots = shots_at_bond(state) if shots is None else shots
    piece = state.piece(car)
    if piece.lost_turns:
        return Fraction(shots[piece.space], DICE)
    weights, out_of = movement_weights("enemy")
    search = _FireSearch(state, car, shots)
    start = place_of(board_of(state), piece.space, piece.heading)
    total = sum(weight * search.ready(start, allowance) for allowance, weight in weights)
    return Fraction(total, out_of * DICE ** 2)


class Shots(dict):
    """Space -> the rolls out of 36 with which an Enemy car there hits Bond with Fire, for
    every Space of the board; and the same as bits of Spaces (`FireMap.bits`), by shot,
    best first (`by_shot`: the best shot from a set of Spaces is a few `&`, no loop)."""

    def __init__(self, state: GoldfingerState):
        bits = fire_map(board_of(state)).bits
        super().__init__((space, enemy_shot_count(state, space)) for space in bits)
        spaces_by_shot: dict[int, int] = {}
        for space, shot in self.items():
            if shot:
                spaces_by_shot[shot] = spaces_by_shot.get(shot, 0) | bits[space]
        self.by_shot = sorted(spaces_by_shot.items(), reverse=True)


# Each Bond's place's `Shots`, by the board, Bond's Space and heading, and the Screen: all a
# shot reads. A review's positions share them (some 1,500 positions, a few hundred places).
SHOTS: Memo[Shots] = Memo(kept=5_000)


def shots_at_bond(state: GoldfingerState) -> Shots:
    """`Shots` at Bond where he stands: for several `enemy_fire_chance` to share."""
    bond = state.piece(rules.BOND)
    return SHOTS.get((board_of(state), bond.space, bond.heading, state.screen),
                     lambda: Shots(state))


class FireMap:
    """A board as the Fire search reads it: each Space as one bit of an int (`bits`), where
    a piece can go from each place within so many forward moves (`reach`), and where a car
    there might fire from (`fire_spaces`)."""

    def __init__(self, board: Board):
        self.bits = {space: 1 << number for number, space in enumerate(board.spaces)}
        self._reach: dict[Place, list[int]] = {}
        self._fire_spaces: dict[tuple[Place, int, int], list[int]] = {}

    def reach(self, place: Place, moves: int) -> int:
        """The Spaces `place` leads to in 1 to `moves` forward moves, pieces ignored, as
        bits."""
        known = self._reach.get(place)
        if known is None:
            known = self._reach[place] = [0]
        while len(known) <= moves:
            spaces, fewer = 0, len(known) - 1
            for ahead in place.ahead:
                spaces |= self.bits[ahead.space] | self.reach(ahead, fewer)
            known.append(spaces)
        return known[moves]

    def fire_spaces(self, place: Place, moves: int, trick_cost: int, quick_turn_cost: int
                    ) -> int:
        """The Spaces, as bits, a car in `place` with `moves` left and a manoeuvre to spare
        might fire from (`_FireSearch.ready`'s), pieces ignored: no plan of its does better
        than the best shot from them."""
        key = (place, trick_cost, quick_turn_cost)
        known = self._fire_spaces.get(key)
        if known is None:
            known = self._fire_spaces[key] = []
        while len(known) <= moves:
            left = len(known)
            spaces = self.bits[place.space] | self.reach(place.turned, left)  # Double Back
            if place.quick_turns and left >= quick_turn_cost:
                spaces |= self.reach(place, left)  # a failed Quick Turn goes on from here
                for landing in place.quick_turns:
                    spaces |= self.bits[landing.space] | \
                        self.reach(landing, left - quick_turn_cost)
            if left:
                for ahead in place.ahead:  # moved on, or a Trick past a piece there
                    spaces |= self.fire_spaces(ahead, left - 1, trick_cost, quick_turn_cost)
                    if left - 1 >= trick_cost:
                        for landing in ahead.ahead:
                            spaces |= self.bits[landing.space] | \
                                self.reach(landing, left - 1 - trick_cost)
            known.append(spaces)
        return known[moves]


_FIRE_MAPS: weakref.WeakKeyDictionary[Board, FireMap] = weakref.WeakKeyDictionary()


def fire_map(board: Board) -> FireMap:
    """The board's `FireMap`, made the first time it is asked for."""
    found = _FIRE_MAPS.get(board)
    if found is None:
        found = _FIRE_MAPS[board] = FireMap(board)
    return found


class _FireSearch:
    """One Enemy car's best chance to hit Bond with Fire this turn, over every roll.

    The car has 2 actions and keeps one for the Fire, so it tries one manoeuvre at most:
    `ready` is its best from a free Space while it still may (out of 36 ** 2), `spent`
    once it has tried one (out of 36), when it can only move on through free Spaces and
    fire. Both are memoised on (place, moves left).
    """

    def __init__(self, state: GoldfingerState, car: str, shots: Shots):
        piece = state.piece(car)
        self.quick_turn_count, self.double_back_count, self.trick_count, _ = \
            manoeuvre_counts(state, "enemy")
        self.trick_cost = 1 if state.setup.house["trick_jump_costs_move"] else 0
        self.quick_turn_cost = 1 if state.setup.house["quick_turn_costs_move"] else 0
        # A failed manoeuvre loses the rest of the turn: Fire then only by house rule.
        self.fire_when_lost = state.setup.house["fire_after_losing_rest"]
        self.trick_fail_crashes = piece.hits + 1 >= rules.ENEMY_CRASH_HITS
        self.others = frozenset(s for s in state.occupied() if s != piece.space)
        self.map = fire_map(board_of(state))
        self.blocked = 0  # the others' Spaces as bits
        for space in self.others:
            self.blocked |= self.map.bits[space]
        self.shots = shots
        # Next to Bond, nothing between: no shot is better, so no need to look further.
        self.best_shot = _enemy_fire_count(0)
        self._ready: dict[tuple, int] = {}
        self._spent: dict[tuple, int] = {}

    def ready(self, place: Place, moves: int) -> int:
        """Fire here, move on, or try a Quick Turn, a Double Back or (in `_contest`) a Trick."""
        key = (place, moves)
        found = self._ready.get(key)
        if found is None:
            found = self._ready[key] = self._ready_value(place, moves)
        return found

    def _ready_value(self, place: Place, moves: int) -> int:
        """The best of: Fire here, move on, or a manoeuvre first. One loop, no generator:
        this runs for every place and roll of every car after every tap. A way on that
        cannot beat the best found so far is not searched (`_most`)."""
        shot = self.shots[place.space]
        best = DICE * self.spent(place, moves)  # moving on with no manoeuvre, to Fire
        top = self._most(place, moves)
        if best == top:
            return best
        others = self.others
        if moves:
            for ahead in place.ahead:
                if ahead.space in others:
                    value = self._contest(ahead, moves - 1, place.space)
                elif self._most(ahead, moves - 1) > best:
                    value = self.ready(ahead, moves - 1)
                else:
                    continue
                if value > best:
                    if value == top:
                        return value
                    best = value
        if place.quick_turns and moves >= self.quick_turn_cost:
            stay = self.spent(place, moves)  # where a failed Quick Turn leaves it
            for landing in place.quick_turns:
                landed = 0 if landing.space in others \
                    else self.spent(landing, moves - self.quick_turn_cost)
                value = _mix_one(self.quick_turn_count, landed, stay)
                if value > best:
                    if value == top:
                        return value
                    best = value
        value = _mix_one(self.double_back_count, self.spent(place.turned, moves),
                         shot if self.fire_when_lost else 0)
        return value if value > best else best

    def _most(self, place: Place, moves: int) -> int:
        """No plan from `place` with `moves` left does better than this (out of 36 ** 2):
        the best shot from where it might fire (`FireMap.fire_spaces`)."""
        return DICE * self._best_shot(
            self.map.fire_spaces(place, moves, self.trick_cost, self.quick_turn_cost))

    def _contest(self, place: Place, moves: int, back: str) -> int:
        """In another piece's Space: Trick past it (the car does not Force here)."""
        if moves < self.trick_cost:
            return 0
        landed = -1
        for landing in place.ahead:
            if landing.space not in self.others:
                value = self.spent(landing, moves - self.trick_cost)
                if value > landed:
                    landed = value
        if landed < 0:
            return 0
        lost = self.shots[back] if self.fire_when_lost and not self.trick_fail_crashes else 0
        return _mix_one(self.trick_count, landed, lost)

    def spent(self, place: Place, moves: int) -> int:
        """Fire here or move on: the best shot from Spaces ahead it can reach."""
        if not moves:
            return self.shots[place.space]
        key = (place, moves)
        found = self._spent.get(key)
        if found is None:
            found = self._spent[key] = self._spent_value(place, moves)
        return found

    def _spent_value(self, place: Place, moves: int) -> int:
        reach = self.map.reach(place, moves)
        most = self._best_shot(reach | self.map.bits[place.space])  # with no piece in the way
        if not reach & self.blocked:
            return most
        found = self.shots[place.space]
        if found == most:
            return found
        for ahead in place.ahead:
            if ahead.space not in self.others:
                value = self.spent(ahead, moves - 1)
                if value > found:
                    if value == most:
                        return value
                    found = value
        return found

    def _best_shot(self, spaces: int) -> int:
        """The best shot (out of 36) from any of `spaces` (bits)."""
        for shot, where in self.shots.by_shot:
            if spaces & where:
                return shot
        return 0


def _mix_one(count: int, win: int, lose: int) -> int:
    """`_mix` for a single chance."""
    return count * win + (DICE - count) * lose


def enemy_shot_count(state: GoldfingerState, spot: str) -> int:
    """The rolls out of 36 with which an Enemy car in `spot` hits Bond with Fire."""
    board, bond = state.board, state.piece(rules.BOND)
    if spot == bond.space:
        return 0
    between = board.line_of_fire(spot, bond.space)
    if between is None:
        return 0
    if state.screen and board.is_rear(bond.space, bond.heading, spot):
        return 0
    return _enemy_fire_count(between)


@cache
def _enemy_fire_count(spaces_between: int) -> int:
    return int(success_chance("enemy", "fire", spaces_between=spaces_between) * DICE)


def expected_hits_on_bond(state: GoldfingerState) -> Fraction:
    """Expected Fire hits Bond takes in the coming Enemy phase (sum of `enemy_fire_chances`)."""
    return sum(enemy_fire_chances(state).values(), Fraction(0))
