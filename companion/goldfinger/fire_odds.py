"""Goldfinger's Enemy Fire odds (map mode): each Enemy car's exact best chance to hit Bond
with Fire in its coming turn, and the hits Bond can expect from them all. The search is
`odds`'s, in whole numbers out of 36 per roll; it reads the board as `fire_map` lays it
out (sets of Spaces as bits)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from companion.core.memo import Memo
from companion.goldfinger import rules
from companion.goldfinger.board import Board
from companion.goldfinger.fire_map import fire_map
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
    target = target_of(state)
    return {car: enemy_fire_chance(state, car, target) for car in state.live_cars()}


def enemy_fire_chance(state: GoldfingerState, car: str, target: Target | None = None
                      ) -> Fraction:
    """`enemy_fire_chances` of one car. It reads the board and the house rules, Bond's
    Space and heading, the Screen, the car's Space, heading, lost turns and hits, and the
    Spaces the other pieces stand in."""
    target = target_of(state) if target is None else target
    piece = state.piece(car)
    if piece.lost_turns:
        return Fraction(target.shots[piece.space], DICE)
    weights, out_of = movement_weights("enemy")
    search = _FireSearch(state, car, target)
    start = place_of(board_of(state), piece.space, piece.heading)
    total = best = 0
    for allowance, weight in sorted(weights):
        # More moves never do worse: once the best so far is all a roll could give, the
        # rolls above give it too.
        if best < target.most(start, allowance):
            best = search.ready(start, allowance)
        total += weight * best
    return Fraction(total, out_of * DICE ** 2)


class Target:
    """Bond where he stands, as the Enemy cars' target: what every car's search reads that
    does not depend on where the other pieces are, for the cars of a position to share
    (and those of every position with Bond in the same place, the same Screen and house
    rules: `target_of`).

    `shots`: Space -> the rolls out of 36 with which a car there hits Bond with Fire.
    `best[spaces]`: the best of those shots from any of `spaces` (bits, `FireMap.bits`).
    """

    def __init__(self, state: GoldfingerState):
        self.map = fire_map(board_of(state), MOST_MOVES)
        self.trick_cost = 1 if state.setup.house["trick_jump_costs_move"] else 0
        self.quick_turn_cost = 1 if state.setup.house["quick_turn_costs_move"] else 0
        self.fire_spaces = self.map.fire_spaces(self.trick_cost, self.quick_turn_cost)
        self.manoeuvre_count = max(manoeuvre_counts(state, "enemy")[:3])  # the likeliest
        board, bond = board_of(state), state.piece(rules.BOND)
        unscreened = UNSCREENED_SHOTS.get((board, bond.space), lambda: {
            space: _unscreened_shot_count(board, bond.space, space) for space in self.map.bits})
        self.shots = {space: 0 if shot and _behind_screen(state, space) else shot
                      for space, shot in unscreened.items()} if state.screen else unscreened
        self.best = _BestShots(self.shots, self.map.bits)

    def most(self, place: Place, moves: int) -> int:
        """No plan of a car in `place` with `moves` left does better (out of 36 ** 2): a
        manoeuvre that succeeds as often as the likeliest, then fires from the best Space
        it might fire from (`FireMap.fire_spaces`); else (failing, or with none) from the
        best it reaches going on (`FireMap.reach`), pieces ignored."""
        count = self.manoeuvre_count
        return count * self.best[self.fire_spaces[place][moves]] + \
            (DICE - count) * self.best[self.map.reach[place][moves]]


class _BestShots(dict):
    """Spaces (bits) -> the best shot from any of them, out of 36, worked out when first
    asked: a few `&`, one per shot, best first."""

    def __init__(self, shots: dict[str, int], bits: dict[str, int]):
        super().__init__()
        spaces_by_shot: dict[int, int] = {}
        for space, shot in shots.items():
            if shot:
                spaces_by_shot[shot] = spaces_by_shot.get(shot, 0) | bits[space]
        self.by_shot = sorted(spaces_by_shot.items(), reverse=True)

    def __missing__(self, spaces: int) -> int:
        found = 0
        for shot, where in self.by_shot:
            if spaces & where:
                found = shot
                break
        self[spaces] = found
        return found


# The most moves a car's search asks of a `FireMap`: the Enemy's best movement roll.
MOST_MOVES = max(allowance for allowance, _ in movement_weights("enemy")[0])

# Each `Target`, by what it reads: the board, Bond's Space and heading, the Screen and the
# house rules the search reads. A review's positions share them (some 1,500 positions, a
# few hundred places of Bond's).
TARGETS: Memo[Target] = Memo(kept=5_000)


def target_of(state: GoldfingerState) -> Target:
    """The `Target` Bond is in `state`: for several `enemy_fire_chance` to share."""
    bond, house = state.piece(rules.BOND), state.setup.house
    key = (board_of(state), bond.space, bond.heading, state.screen,
           house["trick_jump_costs_move"], house["quick_turn_costs_move"])
    return TARGETS.get(key, lambda: Target(state))


class _FireSearch:
    """One Enemy car's best chance to hit Bond with Fire this turn, over every roll.

    The car has 2 actions and keeps one for the Fire, so it tries one manoeuvre at most:
    `ready` is its best from a free Space while it still may (out of 36 ** 2), `spent`
    once it has tried one (out of 36), when it can only move on through free Spaces and
    fire. Both are memoised on (place, moves left). A way that cannot beat the best found
    so far is not searched: the best shot from every Space it might reach, pieces ignored
    (`FireMap.reach`, `FireMap.fire_spaces`), bounds what it can do.
    """

    def __init__(self, state: GoldfingerState, car: str, target: Target):
        piece = state.piece(car)
        self.quick_turn_count, self.double_back_count, self.trick_count, _ = \
            manoeuvre_counts(state, "enemy")
        self.trick_cost, self.quick_turn_cost = target.trick_cost, target.quick_turn_cost
        # A failed manoeuvre loses the rest of the turn: Fire then only by house rule.
        self.fire_when_lost = state.setup.house["fire_after_losing_rest"]
        self.trick_fail_crashes = piece.hits + 1 >= rules.ENEMY_CRASH_HITS
        self.others = frozenset(s for s in state.occupied() if s != piece.space)
        self.blocked = 0  # the others' Spaces as bits
        for space in self.others:
            self.blocked |= target.map.bits[space]
        self.shots, self.best = target.shots, target.best
        self.reach, self.most = target.map.reach, target.most
        self._ready: dict[tuple, int] = {}
        self._spent: dict[tuple, int] = {}

    def ready(self, place: Place, moves: int) -> int:
        """Move on to Fire with no manoeuvre, move on and try one later, or try a Quick
        Turn, a Double Back or (in `_contest`) a Trick now."""
        key = (place, moves)
        found = self._ready.get(key)
        if found is None:
            found = self._ready[key] = self._ready_value(place, moves)
        return found

    def _ready_value(self, place: Place, moves: int) -> int:
        """The best of `ready`'s ways. One loop, no generator, no call where a look-up
        does: this runs for many places and rolls of every car after every tap."""
        best = DICE * self.spent(place, moves)
        others, reach, shots_from, most = self.others, self.reach, self.best, self.most
        top = most(place, moves)
        if best == top:
            return best
        if moves:
            for ahead in place.ahead:
                if ahead.space in others:
                    value = self._contest(ahead, moves - 1, place.space)
                elif most(ahead, moves - 1) > best:
                    value = self.ready(ahead, moves - 1)
                else:
                    continue
                if value > best:
                    if value == top:
                        return value
                    best = value
        if place.quick_turns and moves >= self.quick_turn_cost:
            count, after = self.quick_turn_count, moves - self.quick_turn_cost
            stay = self.spent(place, moves)  # where a failed Quick Turn leaves it
            for landing in place.quick_turns:
                if landing.space in others or \
                        _mix_one(count, shots_from[reach[landing][after]], stay) <= best:
                    continue
                value = _mix_one(count, self.spent(landing, after), stay)
                if value > best:
                    if value == top:
                        return value
                    best = value
        count, turned = self.double_back_count, place.turned
        lost = self.shots[place.space] if self.fire_when_lost else 0
        if _mix_one(count, shots_from[reach[turned][moves]], lost) <= best:
            return best
        value = _mix_one(count, self.spent(turned, moves), lost)
        return value if value > best else best

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
        spaces = self.reach[place][moves]
        if not spaces & self.blocked:
            return self.best[spaces]
        key = (place, moves)
        found = self._spent.get(key)
        if found is None:
            found = self._spent[key] = self._past_pieces(place, moves, self.best[spaces])
        return found

    def _past_pieces(self, place: Place, moves: int, most: int) -> int:
        """`spent` where a piece stands within reach, which the car cannot move through:
        `most` is the best with no piece there."""
        found = self.shots[place.space]
        if found == most:
            return found
        reach, shots_from = self.reach, self.best
        for ahead in place.ahead:
            if ahead.space not in self.others and shots_from[reach[ahead][moves - 1]] > found:
                value = self.spent(ahead, moves - 1)
                if value > found:
                    if value == most:
                        return value
                    found = value
        return found


def _mix_one(count: int, win: int, lose: int) -> int:
    """`_mix` for a single chance."""
    return count * win + (DICE - count) * lose


def enemy_shot_count(state: GoldfingerState, spot: str) -> int:
    """The rolls out of 36 with which an Enemy car in `spot` hits Bond with Fire."""
    bond = state.piece(rules.BOND)
    if _behind_screen(state, spot):
        return 0
    return _unscreened_shot_count(state.board, bond.space, spot)


def _unscreened_shot_count(board: Board, target: str, spot: str) -> int:
    """`enemy_shot_count` were the Screen down."""
    if spot == target:
        return 0
    between = board.lines_of_fire(spot).get(target)  # `line_of_fire`, one search a Space
    return 0 if between is None else _enemy_fire_count(between)


def _behind_screen(state: GoldfingerState, spot: str) -> bool:
    """Bond's raised Screen covers `spot` (his rear)."""
    bond = state.piece(rules.BOND)
    return state.screen and spot != bond.space and \
        state.board.is_rear(bond.space, bond.heading, spot)


# Each Space's `enemy_shot_count` with the Screen down, by the board and Bond's Space: a
# `Target` reads them (Bond stays in a Space for several positions, facing either way,
# the Screen up or down).
UNSCREENED_SHOTS: Memo[dict[str, int]] = Memo(kept=5_000)


@cache
def _enemy_fire_count(spaces_between: int) -> int:
    return int(success_chance("enemy", "fire", spaces_between=spaces_between) * DICE)


def expected_hits_on_bond(state: GoldfingerState) -> Fraction:
    """Expected Fire hits Bond takes in the coming Enemy phase (sum of `enemy_fire_chances`)."""
    return sum(enemy_fire_chances(state).values(), Fraction(0))
