"""Shared builders for the Golden Gun tests: states set up by hand, actions played in turn."""

from __future__ import annotations

import random
from typing import Any

from companion.golden_gun import rules
from companion.golden_gun.engine import GoldenGunState, SetUp, new_state

PLAIN = [k for k, n in rules.DEFAULT_BLUE_DECK.items() if k not in rules.SPECIAL_KINDS
         for _ in range(n)]
# A legal Set Up order: the upper 7 plain cards, then the lower half with the specials.
BLUE_ORDER = (*PLAIN[:7], *PLAIN[7:], "Scaramanga", "Nick Nack", "Solex Agitator")
GREEN_ORDER = tuple(n for n, c in rules.DEFAULT_GREEN_DECK.items() for _ in range(c))
OPEN = "RRRR/RRRR/RRRR"
SECTIONS = ("RRWR/RWRR/RRRR", OPEN, OPEN, OPEN)


def play(state: GoldenGunState, *actions: Any) -> GoldenGunState:
    """Apply the actions in turn; dealt cards left None are dealt (dice must be given)."""
    for action in actions:
        if not hasattr(action, "dice"):
            action = state.fill_chance(action, random.Random(0))
        state = state.apply(action)
    return state


def companion(**options: Any) -> GoldenGunState:
    return new_state(options)


def solo(blue: tuple[str, ...] = BLUE_ORDER, green: tuple[int, ...] = GREEN_ORDER,
         sections: tuple[str, ...] = SECTIONS, **options: Any) -> GoldenGunState:
    return new_state({"mode": "solo", **options}).apply(SetUp(blue, green, sections))


def snapshot(state: GoldenGunState) -> Any:
    """Everything in a state, to check that a refused action changed nothing."""
    return (repr(state), state.to_json())
