"""Exact odds for every rolled action and card, against a count of the 36 dice outcomes."""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Iterator
from fractions import Fraction
from itertools import product

import pytest

from companion.core.errors import InputError
from companion.goldfinger import engine as e
from companion.goldfinger import rules
from companion.goldfinger.fire_odds import enemy_fire_chances
from companion.goldfinger.odds import (
    action_odds,
    bond_reach_chances,
    describe_modifiers,
    modifiers,
    movement_totals,
    success_chance,
)

from .helpers import bond_turn, dice, map_game, place


def _count(top: int, added: int) -> Fraction:
    return Fraction(sum(a + b + added <= top for a, b in product(range(1, 7), repeat=2)), 36)


@pytest.mark.parametrize(("side", "action"), [(side, name) for side in rules.SIDES
                                              for name in rules.ACTIONS[side]])
@pytest.mark.parametrize("guard", [False, True])
@pytest.mark.parametrize("between", [0, 2])
def test_success_chance_counts_the_dice(side, action, guard, between):
    """Action Summaries: success is 2d6 plus modifiers within the white range."""
    rule = rules.ACTIONS[side][action]
    added = (4 if guard and rule.guard else 0) + rule.per_space * between
    expected = _count(rule.success[1], added)
    assert success_chance(side, action, guard=guard, spaces_between=between) == expected


def test_card_odds():
    """Special Card Summary: the Mirror is safe on 10 or less, the Old Lady on 6 or less."""
    assert success_chance("bond", "mirror") == Fraction(33, 36)
    assert success_chance("bond", "old_lady") == Fraction(15, 36)
    assert success_chance("bond", "oil_slick") == 1  # Special Actions: automatically successful


def test_modifiers_are_spelled_out():
    """The dashboard shows '+4 guard, +3 screen' next to Double Back."""
    mods = modifiers("bond", "double_back", guard=True, screen=True)
    assert describe_modifiers(mods) == "+4 guard, +3 screen"
    assert modifiers("enemy", "fire", guard=True) == ()  # the guard rides with Bond only


def test_movement_totals_explain_the_sixths():
    """Movement: every allowance comes from totals worth 6 of the 36 rolls."""
    for totals in movement_totals("bond").values():
        assert sum(_count(t, 0) - _count(t - 1, 0) for t in totals) == Fraction(1, 6)


def test_bad_requests():
    """Unknown sides and actions, and negative distances, are InputError."""
    with pytest.raises(InputError):
        success_chance("spectre", "fire")
    with pytest.raises(InputError, match="no rolled action"):
        success_chance("enemy", "break_gate")
    with pytest.raises(InputError):
        success_chance("bond", "fire", spaces_between=-1)


def test_action_odds_for_the_buttons():
    """Each listed action shows its exact chance and modifiers before the roll."""
    state = bond_turn()
    chance, mods = action_odds(state, e.Fire("A", spaces_between=1))
    assert chance == success_chance("bond", "fire", guard=True, spaces_between=1)
    assert mods == (("guard", 4), ("distance", 1))
    assert action_odds(state, e.EndMove()) is None
    state = map_game().apply(e.StartTurn("bond", (1, 6))).apply(e.EndMove())
    state = state.apply(e.StartTurn("A", (1, 6)))
    assert action_odds(state, e.Fire("bond")) == (Fraction(7, 12), ())


# Map mode: the reach and fire searches were rewritten to run several times faster. These
# are their exact figures for the set-ups below as the plain search gave them before (the
# first 12 hex digits of a sha256 of both sorted results); any changed figure shows here.
RECORDED = {
    "before the roll": "fdeaa9337467",
    "rolled 4": "7be338c6ea87",
    "rolled 9": "cd7c05c3fab9",
    "no guard, rolled 9": "4b62b54df1cb",
    "Screen raised": "984e29ca7501",
    "Screen, no guard, rolled 8": "d89a279c7f88",
    "two moves on": "df2aa1ebf9f8",
    "in C's Space": "ef9dd8eb8a84",
    "in C's Space, C on 2 Hits": "ce14559486ae",
    "after a Double Back": "2584dfeca019",
    "Bond loses a turn": "e93f0a435063",
    "C loses a turn": "ac9283e49800",
    "car A's turn": "fdeaa9337467",
    "car A moved on": "d7d9e605a181",
    "car A's turn, Screen raised": "984e29ca7501",
    "arrow, car ahead, before the roll": "f7faa7ada1a9",
    "arrow, car ahead, no guard, rolled 6": "28fb7fbff5be",
    "blocked fork, before the roll": "db874f908f48",
    "blocked fork, no guard, rolled 6": "b4abc7fcb405",
    "hemmed in, before the roll": "13608ef3e91f",
    "hemmed in, no guard, rolled 6": "1942b4d76496",
    "cars about, before the roll": "a95c176ab394",
    "cars about, no guard, rolled 6": "2e33399bc996",
    "in C's Space, Bond on 9 Hits": "80572e5f049e",
    "blocked fork, A on 2 Hits, rolled 9": "6dfb66cc0fff",
    "arrow, car ahead, quick_turn_costs_move False": "edcf70236b9b",
    "hemmed in, quick_turn_costs_move False": "f4a56f3eb51c",
    "arrow, car ahead, trick_jump_costs_move True": "ca2c45b40035",
    "hemmed in, trick_jump_costs_move True": "a7f5966ca8a5",
    "arrow, car ahead, fire_after_losing_rest True": "47f536615edb",
    "hemmed in, fire_after_losing_rest True": "d7c5fd821d2b",
}


def _worn(state: e.GoldfingerState, name: str, **changes) -> e.GoldfingerState:
    """`state` with piece `name` changed (hits, lost_turns)."""
    piece = dataclasses.replace(state.piece(name), **changes)
    return dataclasses.replace(state, pieces=tuple(piece if p.name == name else p
                                                   for p in state.pieces))


def _house(state: e.GoldfingerState, **house: bool) -> e.GoldfingerState:
    return dataclasses.replace(state, setup=e.new_state({"map": "sample", **house}).setup)


def _laid_out(bond: tuple[str, str], cars: dict[str, tuple[str, str]]) -> e.GoldfingerState:
    """Bond and the named cars placed; the other cars parked far off."""
    state = map_game(bond)
    parked = iter(["x1y0", "x8y0", "x0y10", "x9y5"])
    for car in "ABCD":
        spot, toward = cars[car] if car in cars else (next(parked), None)
        state = place(state, car, spot, toward or sorted(state.board.graph[spot])[0])
    return state


def _set_ups() -> Iterator[tuple[str, e.GoldfingerState]]:
    """Map-mode moments of every kind the dashboard shows odds for."""
    start = map_game()  # Bond in x5y4 facing east with his guard; A behind, C two ahead
    rolled = start.apply(e.StartTurn("bond", dice(7)))  # 9 spaces
    at_c = rolled.apply(e.Move(to="x6y4")).apply(e.Move(to="x7y4"))
    bond_done = rolled.apply(e.EndMove())
    car_a = bond_done.apply(e.StartTurn("A", dice(7)))
    yield "before the roll", start
    yield "rolled 4", start.apply(e.StartTurn("bond", dice(2)))
    yield "rolled 9", rolled
    yield "no guard, rolled 9", dataclasses.replace(start, guard=False).apply(
        e.StartTurn("bond", dice(7)))
    yield "Screen raised", dataclasses.replace(start, screen=True)
    yield "Screen, no guard, rolled 8", dataclasses.replace(
        start, screen=True, guard=False).apply(e.StartTurn("bond", dice(6)))
    yield "two moves on", rolled.apply(e.Move(to="x6y4"))
    yield "in C's Space", at_c
    yield "in C's Space, C on 2 Hits", _worn(rolled, "C", hits=2).apply(
        e.Move(to="x6y4")).apply(e.Move(to="x7y4"))
    yield "after a Double Back", rolled.apply(e.DoubleBack(dice=dice(2)))
    yield "Bond loses a turn", _worn(start, rules.BOND, lost_turns=1)
    yield "C loses a turn", _worn(start, "C", lost_turns=1)
    yield "car A's turn", car_a
    yield "car A moved on", car_a.apply(e.Move(to=car_a.board.forward("x4y4", (-1, 0))[0]))
    yield "car A's turn, Screen raised", dataclasses.replace(car_a, screen=True)
    layouts = {
        "arrow, car ahead": (("x2y4", "x3y4"), {"A": ("x4y4", "x5y4")}),
        "blocked fork": (("x5y4", "x6y4"), {"A": ("x6y4", "x7y4"), "C": ("x7y4", "x8y4")}),
        "hemmed in": (("x8y10", "x9y10"), {"A": ("x9y10", "x9y9"), "B": ("x7y10", "x6y10")}),
        "cars about": (("x6y6", "x6y5"), {"A": ("x4y4", "x5y4"), "B": ("x6y4", "x7y4")}),
    }
    for name, (bond, cars) in layouts.items():
        state = _laid_out(bond, cars)
        yield f"{name}, before the roll", state
        yield f"{name}, no guard, rolled 6", dataclasses.replace(state, guard=False).apply(
            e.StartTurn("bond", dice(4)))
    fork = _laid_out(*layouts["blocked fork"])
    yield "in C's Space, Bond on 9 Hits", _worn(rolled, rules.BOND, hits=9).apply(
        e.Move(to="x6y4")).apply(e.Move(to="x7y4"))
    yield "blocked fork, A on 2 Hits, rolled 9", _worn(fork, "A", hits=2).apply(
        e.StartTurn("bond", dice(7)))
    for house in ({"quick_turn_costs_move": False}, {"trick_jump_costs_move": True},
                  {"fire_after_losing_rest": True}):
        for name in ("arrow, car ahead", "hemmed in"):
            rule, on = next(iter(house.items()))
            yield f"{name}, {rule} {on}", _house(_laid_out(*layouts[name]), **house).apply(
                e.StartTurn("bond", dice(7)))


def _digest(state: e.GoldfingerState) -> str:
    found = (sorted(bond_reach_chances(state).items()),
             sorted(enemy_fire_chances(state).items()))
    return hashlib.sha256(repr(found).encode()).hexdigest()[:12]


def test_map_odds_keep_the_figures_recorded_before_the_speed_up():
    """Bond's reach and each car's chance to hit him, before and after rolls, in contests,
    with the Screen, lost turns, worn pieces and each house rule: the same exact figures."""
    assert {name: _digest(state) for name, state in _set_ups()} == RECORDED


def test_the_enemy_fire_search_is_built_for_two_actions_a_turn():
    """Actions (Enemy: 2 a turn, one kept to Fire): `_FireSearch` tries one manoeuvre at
    most because of it, and must be rewritten if that rule ever reads otherwise."""
    assert rules.ACTIONS_PER_TURN["enemy"] == 2
