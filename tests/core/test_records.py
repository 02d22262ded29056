"""`evolve` makes what `dataclasses.replace` makes, faster, and leaves it the odd cases."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pytest

from companion.core.records import evolve
from companion.goldfinger import engine as e


@dataclass(frozen=True)
class Plain:
    a: int
    b: tuple[int, ...] = ()
    c: str = field(default="x", compare=False)


@dataclass(frozen=True)
class Checked:
    a: int

    def __post_init__(self) -> None:
        if self.a < 0:
            raise ValueError("negative")


def test_a_copy_with_changes_equal_to_replaces():
    record = Plain(1, (2, 3), "y")
    for changes in ({}, {"a": 5}, {"b": (), "c": "z"}):
        made = evolve(record, **changes)
        assert made == dataclasses.replace(record, **changes) and made is not record
        assert made.c == dataclasses.replace(record, **changes).c
    assert record == Plain(1, (2, 3), "y")  # the original is untouched


def test_a_goldfinger_state_evolves_as_it_is_replaced():
    state = e.new_state({}).apply(e.PlaceCards(("1", "2", "3", "4", "5")))
    made, replaced = evolve(state, turn=3), dataclasses.replace(state, turn=3)
    assert made == replaced and made.to_json() == replaced.to_json()
    assert hash(made) == hash(replaced)


def test_post_init_checks_and_unknown_fields_go_through_replace():
    with pytest.raises(ValueError, match="negative"):
        evolve(Checked(1), a=-1)
    with pytest.raises(TypeError):
        evolve(Plain(1), d=2)
