"""Exact odds for every rolled action and card, against a count of the 36 dice outcomes."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from companion.core.errors import InputError
from companion.goldfinger import engine as e
from companion.goldfinger import rules
from companion.goldfinger.odds import (
    action_odds,
    describe_modifiers,
    modifiers,
    movement_totals,
    success_chance,
)

from .helpers import bond_turn, map_game


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
