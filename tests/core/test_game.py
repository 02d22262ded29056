"""The action codec of companion.core.game: JSON in, typed and validated actions out."""

from dataclasses import dataclass
from typing import Literal

import pytest

from companion.core.errors import InputError
from companion.core.game import conform
from companion.dice_lab import GAME
from companion.dice_lab.engine import Check


def test_actions_round_trip_through_json():
    check = Check(3, 10, "at least", (("guard", 4), ("range", -1)), (1, 2, 3))
    data = GAME.action_to_json(check)
    assert data["type"] == "Check"
    assert data["modifiers"] == [["guard", 4], ["range", -1]]
    assert GAME.action_from_json(data) == check


@pytest.mark.parametrize(("data", "complaint"), [
    ([], "must be an object"),
    ({"n_dice": 2}, "must be an object"),
    ({"type": "Fire"}, "no action 'Fire'"),
    ({"type": "Check", "n_dice": 2}, "takes fields"),
    ({**GAME.action_to_json(Check()), "extra": 1}, "takes fields"),
    ({**GAME.action_to_json(Check()), "n_dice": "2"}, "Check.n_dice"),
    ({**GAME.action_to_json(Check()), "n_dice": True}, "Check.n_dice"),
    ({**GAME.action_to_json(Check()), "goal": "exactly"}, "Check.goal"),
    ({**GAME.action_to_json(Check()), "dice": [3, "4"]}, r"Check.dice"),
    ({**GAME.action_to_json(Check()), "modifiers": [["guard"]]}, "expected 2 items"),
    ({**GAME.action_to_json(Check()), "modifiers": {"a": 1}}, "Check.modifiers"),
])
def test_malformed_actions_raise_input_error(data, complaint):
    with pytest.raises(InputError, match=complaint):
        GAME.action_from_json(data)


def test_conform_handles_the_types_actions_use():
    assert conform([1, 2], tuple[int, ...], "x") == (1, 2)
    assert conform(None, int | None, "x") is None
    assert conform("a", Literal["a", "b"], "x") == "a"
    with pytest.raises(InputError):
        conform(1, Literal[True], "x")  # 1 == True, but it is not the literal
    with pytest.raises(InputError):
        conform(2.5, int, "x")


def test_a_misfit_deep_in_a_value_is_named_by_its_place():
    """The refusal names the field and the item that does not fit, whatever the depth."""
    pairs = tuple[tuple[str, int], ...]
    assert conform([["guard", 4], ["smoke", -1]], pairs, "Check.modifiers") == (
        ("guard", 4), ("smoke", -1))
    with pytest.raises(InputError, match=r"^Check\.modifiers\[1\]\[1\]: 'x' is not a int$"):
        conform([["guard", 4], ["smoke", "x"]], pairs, "Check.modifiers")
    with pytest.raises(InputError, match=r"^Check\.modifiers\[0\]: expected 2 items, got 1$"):
        conform([["guard"]], pairs, "Check.modifiers")
    with pytest.raises(InputError, match=r"^d: \[1, 'x'\] is not a "):
        conform([1, "x"], tuple[int, ...] | None, "d")  # a union names itself, not its parts
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    with pytest.raises(InputError, match=r"^x\[0\]: "):
        conform(deep, tuple[int, ...], "x")


def test_unknown_action_classes_are_refused():
    @dataclass(frozen=True)
    class Cheat:
        pass

    with pytest.raises(InputError, match="not an action of Dice Lab"):
        GAME.action_to_json(Cheat())
