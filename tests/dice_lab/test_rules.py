"""Dice Lab's checks: roll at most / at least a target, with labelled modifiers."""

from fractions import Fraction

import pytest

from companion.core.errors import InputError
from companion.dice_lab.engine import Check, DiceLabState, new_state


def test_roll_under_succeeds_at_or_below_the_target():
    state = new_state({}).apply(Check(2, 7, "at most", dice=(3, 4)))
    assert state.last_event.outcome == "success"
    assert state.apply(Check(2, 7, "at most", dice=(4, 4))).last_event.outcome == "failure"


def test_roll_over_succeeds_at_or_above_the_target():
    state = new_state({}).apply(Check(2, 8, "at least", dice=(4, 4)))
    assert state.last_event.outcome == "success"


def test_modifiers_add_to_the_dice_and_are_named_in_the_verdict():
    check = Check(2, 7, "at most", (("guard", 4),), dice=(2, 2))
    event = new_state({}).apply(check).last_event
    assert event.outcome == "failure"
    assert event.text == ("2 dice, at most 7 (guard +4): rolled 2+2 = 4, +4 makes 8, fails "
                          "(chance was 8.3%)")
    assert check.chance == Fraction(3, 36)


def test_history_keeps_every_verdict_and_round_trips_json():
    state = new_state({})
    for dice in [(1, 1), (6, 6), (3, 4)]:
        state = state.apply(Check(dice=dice))
    assert [v.success for v in state.history] == [True, False, True]
    assert DiceLabState.from_json(state.to_json()) == state


@pytest.mark.parametrize(("check", "complaint"), [
    (Check(n_dice=7, dice=(1,) * 7), "number of dice must be 1 to 6"),
    (Check(target=500, dice=(1, 1)), "target must be"),
    (Check(goal="exactly", dice=(1, 1)), "goal"),
    (Check(modifiers=(("", 2),), dice=(1, 1)), "label"),
    (Check(modifiers=(("guard", 99),), dice=(1, 1)), "modifier 'guard'"),
    (Check(modifiers=(("m", 1),) * 9, dice=(1, 1)), "at most 8 modifiers"),
    (Check(dice=None), "dice are missing"),
    (Check(dice=(1, 7)), "1 to 6, got 7"),
])
def test_malformed_checks_raise_input_error(check, complaint):
    with pytest.raises(InputError, match=complaint):
        new_state({}).apply(check)


def test_from_json_validates():
    with pytest.raises(InputError):
        DiceLabState.from_json({"history": [{"n_dice": 2}]})
    with pytest.raises(InputError):
        DiceLabState.from_json([])
