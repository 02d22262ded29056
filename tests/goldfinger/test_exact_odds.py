"""Reach and fire odds (map mode) against brute force over the engine itself.

The brute force knows no odds: it tries every manoeuvre the engine accepts (Move,
Quick Turn, Double Back, Trick and Force with every landing and aside, Fire for a
car, End move), rolls each of the 11 dice totals with its count out of 36, and takes
the best plan for each Space. `odds.py` must agree exactly on small cases.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from itertools import product

import pytest

from companion.core.errors import CompanionError
from companion.goldfinger import engine as e
from companion.goldfinger import odds, rules
from companion.goldfinger.fire_odds import enemy_fire_chances
from companion.goldfinger.odds import bond_reach_chances

from .helpers import dice, map_game, place

TOTALS = {t: Fraction(sum(a + b == t for a, b in product(range(1, 7), repeat=2)), 36)
          for t in range(2, 13)}
Value = dict[str, Fraction]


def _best(a: Value, b: Value) -> Value:
    out = dict(a)
    for key, chance in b.items():
        out[key] = max(out.get(key, Fraction(0)), chance)
    return out


def _candidates(state: e.GoldfingerState, fire: bool) -> list:
    board, step = state.board, state.step
    piece = state.piece(step.piece)
    ahead = board.forward(piece.space, piece.heading)
    found: list = [e.EndMove(), e.DoubleBack()]
    found += [e.Move(to=to) for to in ahead]
    found += [e.QuickTurn(to=q.to) for q in board.quick_turns_from(piece.space, piece.heading)]
    if step.contest:
        found += [e.Trick(step.contest, to=to) for to in ahead]
        found += [e.Force(step.contest, aside=s) for s in sorted(board.graph[piece.space])]
    if fire:
        found.append(e.Fire(rules.BOND))
    return found


def _tries(state: e.GoldfingerState, action) -> list[tuple[Fraction, e.GoldfingerState]]:
    """The engine's outcomes of `action` with their chances; [] if the engine refuses it."""
    outcomes = []
    rolled = state.dice_needed(action)
    for total, chance in (TOTALS.items() if rolled else [(None, Fraction(1))]):
        tried = dataclasses.replace(action, dice=dice(total)) if rolled else action
        try:
            outcomes.append((chance, state.apply(tried)))
        except CompanionError:
            return []
    return outcomes


def brute_force(state: e.GoldfingerState, piece: str, worth, fire: bool = False) -> Value:
    """Best value of the rest of `piece`'s step over every plan the engine allows."""
    memo: dict = {}

    def value(now: e.GoldfingerState) -> Value:
        if now.is_over or now.step is None or now.step.piece != piece:
            return worth(now, finished=True)
        key = (now.pieces, now.step)
        if key not in memo:
            best: Value = {}
            for action in _candidates(now, fire):
                outcomes = _tries(now, action)
                if isinstance(action, e.EndMove):
                    best = _best(best, worth(now, finished=True)) if outcomes else best
                    continue
                mixed: Value = {}
                for chance, after in outcomes:
                    for k, v in value(after).items():
                        mixed[k] = mixed.get(k, Fraction(0)) + chance * v
                best = _best(best, mixed) if outcomes else best
            memo[key] = best
        return memo[key]

    return value(state)


def _where_bond_ends(state: e.GoldfingerState, finished: bool) -> Value:
    bond = state.piece(rules.BOND)
    if state.is_over or bond.crashed:
        return {}
    return {bond.space: Fraction(1)}


def _reach_by_force(state: e.GoldfingerState) -> Value:
    return brute_force(state, rules.BOND, _where_bond_ends)


def bond_step(state: e.GoldfingerState, total: int, guard: bool) -> e.GoldfingerState:
    return dataclasses.replace(state, guard=guard).apply(e.StartTurn("bond", dice(total)))


CASES = {
    # Bond in x2y4 facing east, 4 spaces: the Quick Turn arrow over x3y4, a car ahead.
    "arrow and a car ahead": (("x2y4", "x3y4"), {"A": ("x4y4", "x5y4")}),
    # A car right in front at a fork, another where the Trick would land.
    "blocked fork": (("x5y4", "x6y4"), {"A": ("x6y4", "x7y4"), "C": ("x7y4", "x8y4")}),
    # Hemmed in: a car ahead and one behind (Double Back and Force matter).
    "hemmed in": (("x8y10", "x9y10"), {"A": ("x9y10", "x9y9"), "B": ("x7y10", "x6y10")}),
}


def _set_up(bond: tuple[str, str], cars: dict, far: bool = True) -> e.GoldfingerState:
    state = map_game(bond)
    parked = iter(["x1y0", "x8y0", "x0y10", "x9y5"])
    for car in "ABCD":
        if car in cars:
            state = place(state, car, *cars[car])
        elif far:
            spot = next(parked)
            state = place(state, car, spot, sorted(state.board.graph[spot])[0])
    return state


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("guard", [False, True])
def test_bond_reach_after_the_roll_matches_brute_force(case, guard):
    """Movement and Actions: the reach chance is the best plan's, Quick Turns, Double
    Back, Trick and Force included, no end in an occupied Space (brute force agrees)."""
    bond, cars = CASES[case]
    state = bond_step(_set_up(bond, cars), 2, guard)  # a total of 2: 4 spaces
    assert bond_reach_chances(state) == _reach_by_force(state)


def test_reach_counts_a_force_that_crashes_a_car_and_the_house_trick_cost():
    """Force: the car 'takes 1 Hit' (its third crashes it); house rule: the jump costs a move."""
    bond, cars = CASES["blocked fork"]
    state = _set_up(bond, cars)
    worn = dataclasses.replace(state.piece("A"), hits=2)
    state = dataclasses.replace(state, pieces=tuple(worn if p.name == "A" else p
                                                    for p in state.pieces))
    stepped = bond_step(state, 2, guard=False)
    assert bond_reach_chances(stepped) == _reach_by_force(stepped)
    costly = e.new_state({"map": "sample", "trick_jump_costs_move": True})
    costly = dataclasses.replace(stepped, setup=costly.setup)
    assert bond_reach_chances(costly) == _reach_by_force(costly)


@pytest.mark.parametrize("house", [{"quick_turn_costs_move": False},
                                   {"fire_after_losing_rest": True},
                                   {"quick_turn_costs_move": False,
                                    "fire_after_losing_rest": True}])
@pytest.mark.parametrize("case", ["arrow and a car ahead", "hemmed in"])
def test_reach_follows_the_quick_turn_and_lost_rest_house_rules(case, house):
    """Movement, Quick Turn: the skipped Space "does not count as a Space moved" (HOUSE RULE
    quick_turn_costs_move: the landing Space costs one; off, nothing), and a failed Force or
    Trick "end[s] your turn" (HOUSE RULE fire_after_losing_rest): the odds agree with the
    engine's brute force under each choice, not only the defaults."""
    bond, cars = CASES[case]
    setup = e.new_state({"map": "sample", **house}).setup
    for total in (2, 3):  # 4 and 5 spaces
        state = dataclasses.replace(bond_step(_set_up(bond, cars), total, False), setup=setup)
        assert bond_reach_chances(state) == _reach_by_force(state)


@pytest.mark.parametrize("house", [{"quick_turn_costs_move": False},
                                   {"fire_after_losing_rest": True}])
def test_enemy_fire_chance_follows_the_house_rules(house):
    """Firing Weapons with the other readings of Quick Turn and a lost rest of the turn: the
    car's chance to hit Bond still equals the brute force over the engine."""
    # A must Trick past B on its way; a failed Trick may still Fire only with the option.
    state = _set_up(("x6y6", "x6y5"), {"A": ("x4y4", "x5y4"), "B": ("x6y4", "x7y4")})
    state = dataclasses.replace(state, setup=e.new_state({"map": "sample", **house}).setup)
    state = state.apply(e.StartTurn("bond", dice(2))).apply(e.EndMove())
    for waiting in ("B", "C", "D"):
        state = state.apply(e.StartTurn(waiting, dice(2))).apply(e.EndMove())
    before = dataclasses.replace(state, done=(rules.BOND,))
    chance = enemy_fire_chances(before)["A"]
    assert chance == _fire_by_force(state, "A")
    assert (chance > Fraction(49, 144)) == house.get("fire_after_losing_rest", False)


def test_bond_reach_before_the_roll_averages_the_movement_table():
    """Movement: before the roll each allowance 4..9 has chance 1/6; the reach odds are
    the average of the brute force over the six allowances."""
    bond, cars = CASES["arrow and a car ahead"]
    state = dataclasses.replace(_set_up(bond, cars), guard=False)
    expected: Value = {}
    for total in (2, 3, 4, 5, 6, 7):  # 4, 5, 6, 7, 8, 9 spaces
        for space, chance in _reach_by_force(bond_step(state, total, False)).items():
            expected[space] = expected.get(space, Fraction(0)) + chance / 6
    assert bond_reach_chances(state) == expected


def test_each_move_of_a_turn_reads_the_reach_search_of_the_move_before():
    """Movement, one Space at a time (a tap each on the map): the reach odds after each move
    come from the search the position before filled in, and equal a new search's."""
    bond, cars = CASES["arrow and a car ahead"]
    state = dataclasses.replace(_set_up(bond, cars), guard=False)
    search = odds._reach_search(state)  # before the roll
    state = bond_step(state, 7, False)  # 6 spaces
    for _ in range(3):
        assert odds._reach_search(state) is search
        kept = bond_reach_chances(state)
        odds._SEARCHES.clear()
        assert bond_reach_chances(state) == kept  # from a new search
        search = odds._reach_search(state)  # the new one, kept now
        state = state.apply(next(a for a in state.legal_actions() if isinstance(a, e.Move)))


def _fire_by_force(state: e.GoldfingerState, car: str) -> Fraction:
    """Brute force of a car's step: P(a Fire hits Bond), Force on Bond left out."""
    memo: dict = {}

    def value(now: e.GoldfingerState, hit: bool) -> Fraction:
        if hit:
            return Fraction(1)
        if now.is_over or now.step is None or now.step.piece != car:
            return Fraction(0)
        key = (now.pieces, now.step)
        if key not in memo:
            best = Fraction(0)
            for action in _candidates(now, fire=True):
                if isinstance(action, e.Force | e.EndMove):
                    continue
                outcomes = _tries(now, action)
                if outcomes:
                    best = max(best, sum(
                        (chance * value(after, isinstance(action, e.Fire)
                                        and after.piece(rules.BOND).hits
                                        > now.piece(rules.BOND).hits)
                         for chance, after in outcomes), Fraction(0)))
            memo[key] = best
        return memo[key]

    total = Fraction(0)
    for roll, chance in ((2, Fraction(1, 6)), (3, Fraction(1, 6)), (4, Fraction(1, 6)),
                         (5, Fraction(1, 6)), (6, Fraction(1, 6)), (7, Fraction(1, 6))):
        total += chance * value(state.apply(e.StartTurn(car, dice(roll))), False)
    return total


@pytest.mark.parametrize(("bond", "car", "others"), [
    (("x5y4", "x6y4"), ("x2y4", "x3y4"), {}),  # the car behind, an arrow on its way
    (("x6y6", "x6y5"), ("x4y4", "x5y4"), {"B": ("x6y4", "x7y4")}),  # a car in its way
])
def test_enemy_fire_chance_matches_brute_force(bond, car, others):
    """Firing Weapons and Enemy Actions: a car's chance to hit Bond with Fire in its next
    turn is its best plan's (move, one manoeuvre, then Fire from any Space on the way)."""
    state = _set_up(bond, {"A": car, **others})
    state = state.apply(e.StartTurn("bond", dice(2))).apply(e.EndMove())
    for waiting in ("B", "C", "D"):  # they sit still; A moves last of the Enemy cars
        state = state.apply(e.StartTurn(waiting, dice(2))).apply(e.EndMove())
    expected = _fire_by_force(state, "A")
    before = dataclasses.replace(state, done=(rules.BOND,))
    assert enemy_fire_chances(before)["A"] == expected
